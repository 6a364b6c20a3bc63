package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/prepa-reines/reines/grading/batch"
)

// A student's feedback that cannot be written (a folder where bob's .md
// goes) does not stop the LMS gradebooks: they are written with every
// student, and the error the run ends with names bob and the file.
func TestWriteGradebookPartial(t *testing.T) {
	out := t.TempDir()
	blocker := filepath.Join(out, "feedback", "bob-01.md")
	if err := os.MkdirAll(blocker, 0o755); err != nil {
		t.Fatal(err)
	}
	var results []batch.Result
	for _, st := range []string{"ana", "bob", "cid"} {
		results = append(results, batch.Finish(batch.Result{Student: st, TP: "01", File: st + ".ipynb"}))
	}
	partial, err := writeGradebook(out, results, nil, false, 0)
	if err != nil {
		t.Fatalf("writeGradebook: %v; want the writing to go on", err)
	}
	if partial == nil || !strings.Contains(partial.Error(), `"bob"`) || !strings.Contains(partial.Error(), blocker) {
		t.Errorf("partial error %v; want bob and %s named", partial, blocker)
	}
	for _, f := range []string{"grades.csv", "moodle-grades.csv", "canvas-gradebook.csv", "feedback/ana-01.md", "feedback/cid-01.md"} {
		data, err := os.ReadFile(filepath.Join(out, f))
		if err != nil {
			t.Errorf("%s not written: %v", f, err)
			continue
		}
		if strings.HasSuffix(f, ".csv") && !strings.Contains(string(data), "cid") {
			t.Errorf("%s lacks cid:\n%s", f, data)
		}
	}
}

// Two students handing in the same notebook in one run, graded into a
// fresh folder: the summary says it was graded once, and claims no
// result from an earlier run; the next run says both are.
func TestSameRunDuplicatesSummary(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the grader and grades notebooks")
	}
	tmp, bin := buildGrader(t)
	subs := filepath.Join(tmp, "subs")
	data, err := os.ReadFile("../../batch/testdata/corpus/truncated.ipynb")
	if err != nil {
		t.Fatal(err)
	}
	for _, st := range []string{"ana", "bob"} {
		if err := os.MkdirAll(filepath.Join(subs, st), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(subs, st, "01-recursion.ipynb"), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	out := filepath.Join(tmp, "out")
	grade := func() string {
		args := []string{"-seed", "1", "-j", "2", "-tp", "01", "-out", out}
		if _, err := exec.LookPath("bwrap"); err != nil {
			args = append(args, "-unsafe-no-sandbox")
		}
		cmd := exec.Command(bin, append(args, subs)...)
		cmd.Dir = "../../.."
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		if err := cmd.Run(); err != nil {
			t.Fatalf("grade: %v\n%s", err, stderr.String())
		}
		return stderr.String()
	}
	if log := grade(); strings.Contains(log, "earlier run") || !strings.Contains(log, "1 notebook is the same file as another of this run: graded once") {
		t.Errorf("first run, two identical notebooks: the summary does not say one was graded once, or claims an earlier run:\n%s", log)
	}
	if log := grade(); !strings.Contains(log, "2 notebooks unchanged since an earlier run") || strings.Contains(log, "graded once") {
		t.Errorf("second run: the summary does not say both were reused:\n%s", log)
	}
}
