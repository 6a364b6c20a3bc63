package main

import (
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/prepa-reines/reines/grading/fixtures"
	"github.com/prepa-reines/reines/grading/notebook"
)

// stdout runs f and returns what it printed on the standard output.
func stdout(t *testing.T, f func()) string {
	t.Helper()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	saved := os.Stdout
	os.Stdout = w
	done := make(chan string)
	go func() {
		data, _ := io.ReadAll(r)
		done <- string(data)
	}()
	defer func() { os.Stdout = saved }()
	f()
	w.Close()
	return <-done
}

// checked runs the checks of the notebook at path, failing the test on
// an error, and returns what they printed.
func checked(t *testing.T, root, path string) string {
	t.Helper()
	var err error
	out := stdout(t, func() { err = check(root, path) })
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// A data race in 05 Q24b, whose results are right, is reported by the
// checks with the race detector, with the cells involved named by their
// first lines (as the teacher's grader fails it); Q29 of the same notebook has no race and
// says so.
func TestRaceCaught(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the checks with the race detector")
	}
	root, err := moduleRoot()
	if err != nil {
		t.Fatal(err)
	}
	// A notebook of the grader's typical mistakes: Q24b updates the best
	// without the lock.
	path := fixtures.Path(t, fixtures.MistakesSet, "05-parallel-no-lock.ipynb")
	out := checked(t, root, path)
	// The cells by their first lines, as the compiler's messages are
	// (Jupyter numbers no cell).
	if !strings.Contains(out, "✘ Q24b — avec le détecteur de courses") || !strings.Contains(out, "RandomCoverParallel") || !regexp.MustCompile(`ligne \d+ de la cellule «.func RandomCoverParallel\(`).MatchString(out) {
		t.Errorf("the race of Q24b is not reported with its cells:\n%s", out)
	}
	if !strings.Contains(out, "Q29 — aucune course critique détectée") {
		t.Errorf("Q29, without a race, must say so:\n%s", out)
	}
}

// The race of 05 Q24b is reported too when another answer does not
// compile, and the questions are then checked one by one.
func TestRaceCaughtOneByOne(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the checks with the race detector")
	}
	root, err := moduleRoot()
	if err != nil {
		t.Fatal(err)
	}
	nb, err := notebook.Read(fixtures.Path(t, fixtures.MistakesSet, "05-parallel-no-lock.ipynb"))
	if err != nil {
		t.Fatal(err)
	}
	broken := false // Q28's answer, which Q24b does not use, does not compile any more
	for i, c := range nb.Cells {
		if m := c.Reines(); m.Role == "answer" && m.Question == "05/Q28" && !broken {
			src := string(c.Source)
			if k := strings.Index(src, "{\n"); k > 0 {
				nb.Cells[i].Source = notebook.Source(src[:k+2] + "\tvar _ int = \"pas un entier\"\n" + src[k+2:])
				broken = true
			}
		}
	}
	if !broken {
		t.Fatal("no answer to break")
	}
	data, err := nb.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "05-domination.ipynb")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	out := checked(t, root, path)
	if !strings.Contains(out, "✘ Q24b — avec le détecteur de courses") || !strings.Contains(out, "RandomCoverParallel") {
		t.Errorf("the race of Q24b is not reported when the questions are checked one by one:\n%s", out)
	}
}

// An answer not yet written gets no word from the race detector: the
// untouched student notebook of TP 0 says its goroutine questions are
// not implemented, not that they have no race.
func TestRaceNotImplemented(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the checks with the race detector")
	}
	root, err := moduleRoot()
	if err != nil {
		t.Fatal(err)
	}
	out := checked(t, root, filepath.Join(root, "notebooks", "00-go.ipynb"))
	if !strings.Contains(out, "Q8 SumParallel — pas encore implémenté") {
		t.Errorf("Q8 of the untouched notebook is not reported as not implemented:\n%s", out)
	}
	if strings.Contains(out, "aucune course critique") {
		t.Errorf("a question not yet answered is said to have no race:\n%s", out)
	}
}

// A written answer is said to be still to write while its cell is the
// placeholder (the untouched student notebook of TP 1), and written once
// it holds an answer (the correction); the teacher grades it either way.
func TestWrittenAnswer(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the checks")
	}
	root, err := moduleRoot()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ path, want string }{
		{filepath.Join(root, "notebooks", "01-recursion.ipynb"), "Q6 — réponse à rédiger\u00a0: la cellule de réponse est restée telle quelle"},
		{filepath.Join(root, "notebooks", "corrections", "01-recursion.ipynb"), "Q6 — réponse rédigée, notée par l'enseignant"},
	} {
		out := checked(t, root, c.path)
		if !strings.Contains(out, c.want) {
			t.Errorf("%s: no %q:\n%s", c.path, c.want, out)
		}
	}
}

// A function whose cell does not parse is said to be in a cell that does
// not compile, as the grader says it (with French typography), not to be
// absent from the notebook.
func TestCellDoesNotParse(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the checks")
	}
	root, err := moduleRoot()
	if err != nil {
		t.Fatal(err)
	}
	nb, err := notebook.Read(filepath.Join(root, "notebooks", "corrections", "01-recursion.ipynb"))
	if err != nil {
		t.Fatal(err)
	}
	broken := false
	for i, c := range nb.Cells {
		if src := string(c.Source); c.Reines().Role == "answer" && strings.Contains(src, "func Count(") {
			nb.Cells[i].Source = notebook.Source(strings.Replace(src, "func Count(", "func Count(}", 1))
			broken = true
		}
	}
	if !broken {
		t.Fatal("no cell defines Count")
	}
	data, err := nb.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "01-recursion.ipynb")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	out := checked(t, root, path)
	if !strings.Contains(out, "une cellule ne compile pas") || !strings.Contains(out, "fonction Count introuvable\u00a0: une cellule ne se compile pas (erreur plus haut)") || strings.Contains(out, "Count absente") {
		t.Errorf("Count, in a cell that does not parse, is not said to be so:\n%s", out)
	}
}
