package main

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/prepa-reines/reines/grading"
	"github.com/prepa-reines/reines/grading/feedback"
	"github.com/prepa-reines/reines/grading/fixtures"
	"github.com/prepa-reines/reines/grading/notebook"
	"github.com/prepa-reines/reines/grading/release"
)

// The zip, unpacked in a folder that stands for /autograder: setup.sh
// (without its network steps) builds the grader and grades the correction;
// run_autograder then gives full marks to the correction's answers pasted
// into the student notebook, 0 to the untouched student notebook, contains
// a hostile notebook (its memory bomb costs that question only), and says
// so when a submission holds no notebook. The hidden cases' details are
// shown only once published; written answers are no test.
func TestAutograder(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the grader and grades notebooks")
	}
	tmp := t.TempDir()
	os.Chmod(filepath.Dir(tmp), 0o755) // the sandbox's users run the programs from here
	os.Chmod(tmp, 0o755)
	zipPath := filepath.Join(tmp, "gradescope-01.zip")
	if err := write(zipPath, "01", 1, false); err != nil {
		t.Fatal(err)
	}
	root := filepath.Join(tmp, "autograder")
	src := filepath.Join(root, "source")
	if err := os.MkdirAll(src, 0o755); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command("unzip", "-q", zipPath, "-d", src).CombinedOutput(); err != nil {
		t.Fatalf("unzip: %v\n%s", err, out)
	}
	for _, name := range []string{"setup.sh", "run_autograder"} {
		if fi, err := os.Stat(filepath.Join(src, name)); err != nil || fi.Mode()&0o100 == 0 {
			t.Fatalf("%s not at the zip's root, or not executable: %v", name, err)
		}
	}
	if src, err := os.ReadFile(filepath.Join(src, "reines", "grading", "nb01", "hidden", "hidden.go")); err != nil || !strings.Contains(string(src), "Q1.Hidden =") {
		t.Errorf("the teacher's hidden cases are not in the zip: %v", err)
	}
	env := append(os.Environ(), "REINES_AUTOGRADER_ROOT="+root)
	setup := exec.Command("bash", filepath.Join(src, "setup.sh"))
	setup.Env = append(env, "REINES_SETUP_OFFLINE=1")
	if out, err := setup.CombinedOutput(); err != nil {
		t.Fatalf("setup.sh: %v\n%s", err, out)
	}

	// The student notebook of TP 01, untouched and with the answers pasted.
	edition := filepath.Join(tmp, "student")
	r, _ := filepath.Abs("../../..")
	cached, _, err := release.Edition(context.Background(), r, true)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.CopyFS(edition, os.DirFS(cached)); err != nil {
		t.Fatal(err)
	}
	student, err := notebook.Read(filepath.Join(edition, "notebooks", "01-recursion.ipynb"))
	if err != nil {
		t.Fatal(err)
	}
	correction, err := notebook.Read(filepath.Join(r, "notebooks", "corrections", "01-recursion.ipynb"))
	if err != nil {
		t.Fatal(err)
	}
	pasted, _ := fixtures.PasteAnswers(student, correction).Marshal()
	untouched, _ := student.Marshal()
	hostile, err := os.ReadFile(fixtures.Path(t, fixtures.CorpusSet, "board-memory-bomb.ipynb"))
	if err != nil {
		t.Fatal(err)
	}
	auto := 0.0 // the points graded automatically
	for _, q := range grading.Questions("01") {
		if !q.Prose() {
			auto += float64(q.Points)
		}
	}
	grade := func(files map[string][]byte) feedback.GradescopeResults {
		sub := filepath.Join(root, "submission")
		os.RemoveAll(sub)
		os.RemoveAll(filepath.Join(root, "results"))
		os.MkdirAll(filepath.Join(sub, "tp"), 0o755)
		for name, data := range files {
			if err := os.WriteFile(filepath.Join(sub, name), data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		cmd := exec.Command(filepath.Join(src, "run_autograder"))
		cmd.Dir = root
		cmd.Env = env
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("run_autograder: %v\n%s", err, out)
		}
		data, err := os.ReadFile(filepath.Join(root, "results", "results.json"))
		if err != nil {
			t.Fatalf("no results.json: %v\n%s", err, out)
		}
		var g feedback.GradescopeResults
		if err := json.Unmarshal(data, &g); err != nil {
			t.Fatalf("results.json: %v\n%s", err, data)
		}
		return g
	}
	testScores := func(g feedback.GradescopeResults) map[string]float64 {
		m := map[string]float64{}
		for _, tt := range g.Tests {
			if tt.Visibility == "" {
				m[strings.Fields(tt.Name)[0]] = tt.Score
			}
		}
		return m
	}

	full := grade(map[string][]byte{"tp/01-recursion.ipynb": pasted})
	if full.Score != auto {
		t.Errorf("the correction's answers: score %v; want all %v automatic points\n%+v", full.Score, auto, full)
	}
	if _, ok := testScores(full)["01/Q6"]; ok || !strings.Contains(full.Output, "notées à la main") {
		t.Errorf("the written answer Q6 is a test, or the output does not say it is graded by hand: %q", full.Output)
	}
	if empty := grade(map[string][]byte{"01-recursion.ipynb": untouched}); empty.Score != 0 {
		t.Errorf("the untouched notebook: score %v; want 0", empty.Score)
	}
	bomb := grade(map[string][]byte{"01-recursion.ipynb": hostile})
	if s := testScores(bomb); s["01/Q3"] != 0 || s["01/Q4"] != 3 || bomb.Score != auto-2 {
		t.Errorf("the memory bomb in Q3: score %v, tests %v; want Q3 0 and the others full (%v)", bomb.Score, s, auto-2)
	}
	// A hidden case failed: its details after publication only.
	wrong := strings.Replace(string(pasted), "return count(0), nil", "return count(0) + int64(n/9), nil", 1)
	if wrong == string(pasted) {
		t.Fatal("the correction's Count has changed: update the test's mistake")
	}
	if g := grade(map[string][]byte{"01-recursion.ipynb": []byte(wrong)}); !hasHiddenTest(g) {
		t.Errorf("a Count wrong for n ≥ 9 only: no test of hidden details after publication\n%+v", g.Tests)
	}
	if none := grade(map[string][]byte{"notes.txt": []byte("oubli")}); none.Score != 0 || !strings.Contains(none.Output, "Aucun notebook") {
		t.Errorf("a submission without notebook: %+v", none)
	}
	// A link to the correction inside the autograder is not followed.
	sub := filepath.Join(root, "submission")
	os.RemoveAll(sub)
	os.MkdirAll(sub, 0o755)
	if err := os.Symlink(filepath.Join(src, "reines", "notebooks", "corrections", "01-recursion.ipynb"), filepath.Join(sub, "01-recursion.ipynb")); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(filepath.Join(src, "run_autograder"))
	cmd.Dir, cmd.Env = root, env
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("run_autograder: %v\n%s", err, out)
	}
	var linked feedback.GradescopeResults
	data, _ := os.ReadFile(filepath.Join(root, "results", "results.json"))
	if err := json.Unmarshal(data, &linked); err != nil || linked.Score != 0 {
		t.Errorf("a link to the correction: score %v (%v); want 0", linked.Score, err)
	}
	// Two notebooks of one name, in two folders: both are graded, the
	// right one counts.
	if g := grade(map[string][]byte{"01-recursion.ipynb": pasted, "tp/01-recursion.ipynb": untouched}); g.Score != auto {
		t.Errorf("a right notebook and a blank one of the same name: score %v; want %v", g.Score, auto)
	}
}

func hasHiddenTest(g feedback.GradescopeResults) bool {
	for _, t := range g.Tests {
		if t.Visibility == "after_published" && t.MaxScore == 0 && strings.Contains(t.Output, "✘") {
			return true
		}
	}
	return false
}
