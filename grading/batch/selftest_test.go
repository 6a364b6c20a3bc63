package batch

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/prepa-reines/reines/grading/export"
	"github.com/prepa-reines/reines/grading/feedback"
	"github.com/prepa-reines/reines/grading/fixtures"
	"github.com/prepa-reines/reines/grading/gradebook"
	"github.com/prepa-reines/reines/grading/notebook"
	"github.com/prepa-reines/reines/grading/sandbox"
)

var (
	sdkOnce sync.Once
	sdk     *SDK
	sdkErr  error
)

// options returns grading options for the tests, with the SDK prepared
// once for the package (from the user's cache, see release.Edition).
func options(t *testing.T) Options {
	t.Helper()
	root, _ := filepath.Abs("../..")
	sdkOnce.Do(func() {
		if sdk, sdkErr = NewSDK(root); sdkErr == nil {
			sdkErr = sdk.Prepare(context.Background(), false)
		}
	})
	if sdkErr != nil {
		t.Fatal(sdkErr)
	}
	work, err := os.MkdirTemp("", "selftest-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(work) })
	os.Chmod(work, 0o755)
	opt := Options{Work: work, Limits: sandbox.DefaultLimits, Sandbox: sandbox.Probe(), SDK: sdk, Seed: 1}
	opt.Limits.Timeout = 20 * time.Second
	// The checks' waits for goroutines at 40 %: answers whose workers
	// never meet wait each window out, in every case.
	opt.Limits.Checks = 4 * time.Second
	opt.Questions = 2 // as grade runs them
	return opt
}

// The release self-test: every correction notebook (which is also the
// notebook of the student edition with the corrections' answers pasted in)
// gets full marks on every automatically graded question; every untouched
// notebook of the student edition 0 on every question; without a problem.
func TestReleaseSelfTest(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles every notebook")
	}
	opt := options(t)
	root, _ := filepath.Abs("../..")
	srcs, _ := filepath.Glob(filepath.Join(root, "grading", "nb*", "*.txtar"))
	if len(srcs) == 0 {
		t.Fatal("no notebook sources")
	}
	for _, src := range srcs {
		name := strings.TrimSuffix(filepath.Base(src), ".txtar") + ".ipynb"
		correction := filepath.Join(root, "notebooks", "corrections", name)
		student := filepath.Join(opt.SDK.Dir, "notebooks", name) // the student edition's
		t.Run(name, func(t *testing.T) {
			// The student edition's notebook with the corrections' answers
			// pasted in: what a student who wrote them hands in.
			s, err := notebook.Read(student)
			if err != nil {
				t.Fatal(err)
			}
			c, err := notebook.Read(correction)
			if err != nil {
				t.Fatal(err)
			}
			// The correction differs from the student notebook in its
			// answers only: pasted in, they give the correction itself,
			// which is graded once for both.
			data, err := fixtures.PasteAnswers(s, c).Marshal()
			if err != nil {
				t.Fatal(err)
			}
			if raw, err := os.ReadFile(correction); err != nil || !bytes.Equal(raw, data) {
				t.Fatalf("the student notebook with the correction's answers pasted in is not the correction (%v): grade it too", err)
			}
			for _, c := range []struct {
				path string
				full bool
			}{{correction, true}, {student, false}} {
				r := Grade(context.Background(), export.Submission{Student: "self", Path: c.path}, opt)
				if len(r.Problems) > 0 || len(r.Questions) == 0 {
					t.Fatalf("%s: problems %v, %d questions", c.path, r.Problems, len(r.Questions))
				}
				for _, q := range r.Questions {
					want := 0.0
					if c.full && !q.Manual {
						want = float64(q.Max)
					}
					if q.Points != want {
						t.Errorf("%s %s: %v points; want %v\n%s", c.path, q.ID, q.Points, want, feedback.Markdown(gradebook.Result{Questions: []gradebook.Question{q}}, true))
					}
					if f := originOf(q); f != "" {
						t.Errorf("%s %s: flagged %q; every declaration is in its answer cell or the statement's", c.path, q.ID, f)
					}
				}
			}
		})
	}
}

// Foreign and broken notebook files are reported clearly, never graded as
// a silent 0 and never a crash.
func TestCaseNotebooks(t *testing.T) {
	opt := options(t)
	files, _ := filepath.Glob("testdata/cases/*.ipynb")
	if len(files) < 6 {
		t.Fatalf("%d case files", len(files))
	}
	for _, f := range files {
		r := Grade(context.Background(), export.Submission{Student: "x", Path: f}, opt)
		if len(r.Problems) == 0 {
			t.Errorf("%s: no problem reported (%d questions graded)", f, len(r.Questions))
		}
		for _, p := range r.Problems {
			if strings.TrimSpace(p) == "" {
				t.Errorf("%s: empty problem message", f)
			}
		}
	}
	// With the TP given, a readable notebook's questions are listed with 0
	// and the reason, rather than dropped.
	opt.TP = "01"
	r := Grade(context.Background(), export.Submission{Student: "x", Path: "testdata/cases/notebook-colab-metadata.ipynb"}, opt)
	if len(r.Questions) == 0 || r.Max == 0 {
		t.Errorf("colab notebook with -tp 01: %+v", r)
	}
}

// A check cell deleted, turned into text or edited is noted; the grade does
// not depend on it.
func TestCheckCellNotes(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles a notebook")
	}
	opt := options(t)
	nb, err := notebook.Read("../../notebooks/corrections/01-recursion.ipynb")
	if err != nil {
		t.Fatal(err)
	}
	var cells []notebook.Cell
	for _, c := range nb.Cells {
		switch m := c.Reines(); {
		case m.Role == "check" && m.Question == "01/Q1":
			continue // deleted
		case m.Role == "check" && m.Question == "01/Q2":
			c.CellType = "markdown"
		case m.Role == "check" && m.Question == "01/Q3":
			c.Source += "\nfmt.Println(\"vert\")"
		}
		cells = append(cells, c)
	}
	nb.Cells = cells
	data, _ := nb.Marshal()
	path := filepath.Join(t.TempDir(), "checks.ipynb")
	os.WriteFile(path, data, 0o644)
	r := Grade(context.Background(), export.Submission{Student: "x", Path: path}, opt)
	want := map[string]string{"01/Q1": "supprimée", "01/Q2": "transformée en texte", "01/Q3": "modifiée", "01/Q4": ""}
	for _, q := range r.Questions {
		w, ok := want[q.ID]
		if !ok {
			continue
		}
		if (w == "") != (q.Note == "") || !strings.Contains(q.Note, w) || q.Points != float64(q.Max) {
			t.Errorf("%s: note %q, %v points; want a note saying %q and full marks", q.ID, q.Note, q.Points, w)
		}
	}
}

// originOf returns q's flag of code taken outside the answer cells, or "".
func originOf(q gradebook.Question) string {
	for _, f := range q.Flags {
		if strings.HasPrefix(f, originPrefix) {
			return f
		}
	}
	return ""
}

// Code GoNB runs from a check cell or from a cell the student added
// replaces the answer cell's and is graded: the flag names the cell and
// what it declares, and the check cell's note no longer says that the
// grade does not depend on it.
func TestGradedCodeOrigin(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles a notebook")
	}
	opt := options(t)
	nb, err := notebook.Read("../../notebooks/corrections/01-recursion.ipynb")
	if err != nil {
		t.Fatal(err)
	}
	answers := feedback.AnswerCells(nb)
	var cells []notebook.Cell
	for _, c := range nb.Cells {
		switch m := c.Reines(); {
		case m.Role == "answer" && m.Question == "01/Q3":
			c.Source = "// Board est plus bas.\n"
		case m.Role == "check" && m.Question == "01/Q3":
			c.Source = notebook.Source(answers["01/Q3"] + "\n" + string(c.Source))
		}
		cells = append(cells, c)
	}
	added := notebook.Cell{CellType: "code", Source: notebook.Source(answers["01/Q1"])}
	nb.Cells = append(cells, added)
	data, _ := nb.Marshal()
	path := filepath.Join(t.TempDir(), "origin.ipynb")
	os.WriteFile(path, data, 0o644)
	r := Grade(context.Background(), export.Submission{Student: "x", Path: path}, opt)
	last := fmt.Sprintf("cellule %d", len(nb.Cells))
	for _, q := range r.Questions {
		if q.Manual {
			continue
		}
		f := originOf(q)
		var want []string
		switch {
		case q.ID == "01/Q3":
			want = []string{"Board en cellule", "(cellule de vérification de la question 3)"}
			if !strings.Contains(q.Note, "déclare du code") || !strings.Contains(q.Note, "Board") || strings.Contains(q.Note, "n'en dépend pas") {
				t.Errorf("01/Q3: note %q; want the check cell's declarations named", q.Note)
			}
		case q.ID == "01/Q1" || strings.Contains(answers[q.ID], "IsSafe("):
			want = []string{"IsSafe en " + last + " (cellule ajoutée)"}
		}
		for _, w := range want {
			if !strings.Contains(f, w) {
				t.Errorf("%s: flag %q; want it to say %q", q.ID, f, w)
			}
		}
		if want == nil && f != "" {
			t.Errorf("%s: flag %q; want none (its code is in the answer cells)", q.ID, f)
		}
		if q.Points != float64(q.Max) {
			t.Errorf("%s: %v points; want full marks (the flag is for information)", q.ID, q.Points)
		}
		if q.ID == "01/Q3" && (!strings.Contains(q.Code, "// cellule 14 (cellule de vérification de la question 3)\nfunc Board(") || !strings.Contains(feedback.Markdown(r, false), "<summary>Code noté</summary>")) {
			t.Errorf("01/Q3: graded code %q; want Board under its check cell's name, in the feedback", q.Code)
		}
	}

	// A helper of Q3's answer replaced by one of Q4's answer cell, and a
	// function GoNB runs at start in a cell of its own: the first is
	// flagged on Q3, the second on every question, with its cell.
	nb, _ = notebook.Read("../../notebooks/corrections/01-recursion.ipynb")
	cells = nil
	for _, c := range nb.Cells {
		switch m := c.Reines(); {
		case m.Role == "answer" && m.Question == "01/Q3":
			c.Source = notebook.Source("func row() int { return 0 }\n\n" + strings.Replace(answers["01/Q3"], "string {\n", "string {\n\t_ = row()\n", 1))
		case m.Role == "answer" && m.Question == "01/Q4":
			c.Source = notebook.Source(answers["01/Q4"] + "\n\nfunc row() int { return 1 }")
		}
		cells = append(cells, c)
	}
	nb.Cells = append(cells, notebook.Cell{CellType: "code", Source: "var started bool\n\nfunc init_start() { started = true }"})
	data, _ = nb.Marshal()
	os.WriteFile(path, data, 0o644)
	r = Grade(context.Background(), export.Submission{Student: "x", Path: path}, opt)
	last = fmt.Sprintf("cellule %d", len(nb.Cells))
	for _, q := range r.Questions {
		if q.Manual {
			continue
		}
		f := originOf(q)
		if !strings.Contains(f, "init_start en "+last+" (cellule ajoutée)") {
			t.Errorf("%s: flag %q; want init_start's cell named", q.ID, f)
		}
		if replaced := strings.Contains(f, "row en cellule") && strings.Contains(f, "qui remplace"); replaced != (q.ID == "01/Q3") {
			t.Errorf("%s: flag %q; want row's replacement named on 01/Q3 only", q.ID, f)
		}
		if !strings.Contains(strings.Join(q.Flags, " "), "init_start, exécutée au démarrage du programme ("+last+")") {
			t.Errorf("%s: flags %q; want the start-up function flagged with its cell", q.ID, q.Flags)
		}
	}

	// The answer cell handed out, its metadata removed, and a cell of the
	// student's marked as Q1's answer; Q2's check cell marked as Q2's
	// answer: the cells the grader reads as answers are not the ones
	// handed out, and the flag says so.
	nb, _ = notebook.Read("../../notebooks/corrections/01-recursion.ipynb")
	cells = nil
	for _, c := range nb.Cells {
		switch m := c.Reines(); {
		case m.Role == "answer" && m.Question == "01/Q1":
			c.Metadata = map[string]any{}
		case m.Role == "check" && m.Question == "01/Q2":
			c.Metadata = map[string]any{"reines": map[string]any{"role": "answer", "question": "01/Q2"}}
			c.Source = notebook.Source(answers["01/Q2"])
		case m.Role == "answer" && m.Question == "01/Q4":
			c.ID = "une-autre"
		}
		cells = append(cells, c)
	}
	nb.Cells = append(cells, notebook.Cell{CellType: "code", Source: notebook.Source(answers["01/Q1"]),
		Metadata: map[string]any{"reines": map[string]any{"role": "answer", "question": "01/Q1"}}})
	data, _ = nb.Marshal()
	os.WriteFile(path, data, 0o644)
	r = Grade(context.Background(), export.Submission{Student: "x", Path: path}, opt)
	for _, q := range r.Questions {
		got := strings.Join(q.Flags, " ")
		switch q.ID {
		case "01/Q1":
			if !strings.Contains(got, "la cellule de réponse de la question 1 distribuée (cellule 5) n'est plus marquée comme telle") {
				t.Errorf("01/Q1: flags %q; want the answer cell's lost metadata named", got)
			}
		case "01/Q2":
			if !strings.Contains(got, "la cellule de vérification de la question 2 distribuée (cellule 9) est marquée comme cellule de réponse de la question 2") {
				t.Errorf("01/Q2: flags %q; want the check cell marked as the answer named", got)
			}
		case "01/Q4":
			if !strings.Contains(got, "la cellule de réponse distribuée est absente") {
				t.Errorf("01/Q4: flags %q; want the answer cell's changed ID noted", got)
			}
		default:
			if strings.Contains(got, "métadonnées") {
				t.Errorf("%s: flags %q; want none about metadata", q.ID, got)
			}
		}
	}
}
