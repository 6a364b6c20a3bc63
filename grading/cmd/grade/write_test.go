package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/prepa-reines/reines/grading"
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
		r := batch.Result{Student: st, TP: "01", File: st + ".ipynb"}
		for _, q := range grading.Questions("01") {
			r.Questions = append(r.Questions, batch.Question{ID: q.ID, Title: q.Title, Max: q.Points, Manual: q.Prose()})
			r.Max += float64(q.Points)
		}
		results = append(results, r)
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
