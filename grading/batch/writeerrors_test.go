package batch

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/prepa-reines/reines/grading/feedback"
	"github.com/prepa-reines/reines/grading/gradebook"
	"github.com/prepa-reines/reines/grading/internal/checktest"
)

// A student's feedback file that cannot be written (here a folder where
// bob's .md goes: root writes through a read-only file, not through a
// folder) costs bob's feedback only: the others' feedback, the gradebook
// and the report are written, the error names bob and the file, and what
// stood in the way is left as it was.
func TestFeedbackWriteErrorCostsOneStudent(t *testing.T) {
	out := t.TempDir()
	blocker := filepath.Join(out, "feedback", "bob-01.md")
	if err := os.MkdirAll(blocker, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(blocker, "keep.txt"), []byte("the teacher's"), 0o644); err != nil {
		t.Fatal(err)
	}
	var results []gradebook.Result
	for _, st := range []string{"ana", "bob", "cid"} {
		results = append(results, gradebook.Result{Student: st, TP: "01", File: st + ".ipynb"}.Finish("01"))
	}
	err := WriteAll(context.Background(), out, results, false)
	var fe feedback.FileErrors
	if !errors.As(err, &fe) || len(fe) != 1 || fe[0].Student != "bob" || fe[0].File != blocker {
		t.Fatalf("WriteAll: %v; want one FileError, bob's, on %s", err, blocker)
	}
	if msg := err.Error(); !strings.Contains(msg, `"bob"`) || !strings.Contains(msg, "bob-01.md") || !strings.Contains(msg, "1 student ") {
		t.Errorf("error %q does not name bob and his file", msg)
	}
	for _, f := range []string{"feedback/ana-01.md", "feedback/ana-01.html", "gradescope/ana-01/results.json", "feedback/cid-01.md",
		"feedback/cid-01.html", "gradescope/cid-01/results.json", "feedback/bob-01.html", "grades.csv", "manual.csv", "report.md", "report.html", "similarity.csv"} {
		if _, err := os.Stat(filepath.Join(out, f)); err != nil {
			t.Errorf("%s not written: %v", f, err)
		}
	}
	rows := checktest.ReadCSV(t, filepath.Join(out, "grades.csv"))
	if len(rows) != 4 {
		t.Errorf("grades.csv has %d rows; want the header and 3 students", len(rows))
	}
	if data, err := os.ReadFile(filepath.Join(blocker, "keep.txt")); err != nil || string(data) != "the teacher's" {
		t.Errorf("what stood in the way is changed: %q, %v", data, err)
	}
	owners, err := feedback.ReadIndex(out)
	if err != nil || owners["ana-01"] != (feedback.Owner{Student: "ana", TP: "01"}) || owners["cid-01"].Student != "cid" || owners["bob-01"].Student != "" {
		t.Errorf("feedback index %v (%v); want ana's and cid's, not bob's", owners, err)
	}
	// Regraded once the folder is moved away: bob's feedback is written,
	// and nothing fails.
	if err := os.RemoveAll(blocker); err != nil {
		t.Fatal(err)
	}
	if err := WriteAll(context.Background(), out, results, false); err != nil {
		t.Errorf("regrade: %v", err)
	}
	if _, err := os.Stat(blocker); err != nil {
		t.Errorf("bob's feedback not written on the regrade: %v", err)
	}
}

// A run interrupted as it writes stops before the next student's feedback
// and says so: the gradebook and the report are left as they were (here,
// not written), the index names the feedback written.
func TestWriteInterrupted(t *testing.T) {
	out := t.TempDir()
	var results []gradebook.Result
	for _, st := range []string{"ana", "bob"} {
		results = append(results, gradebook.Result{Student: st, TP: "01", File: st + ".ipynb"}.Finish("01"))
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	err := WriteAll(ctx, out, results, false)
	wi, ok := errors.AsType[*WriteInterrupted](err)
	if !ok || !errors.Is(err, context.Canceled) || wi.Feedback != 0 || wi.Of != 2 {
		t.Fatalf("WriteAll after its context ended: %v; want a WriteInterrupted, 0 of 2 written", err)
	}
	for _, f := range []string{"grades.csv", "manual.csv", "report.html", "feedback/ana-01.md"} {
		if _, err := os.Stat(filepath.Join(out, f)); err == nil {
			t.Errorf("%s written by an interrupted run", f)
		}
	}
	if ix, err := feedback.ReadIndex(out); err != nil || len(ix) != 0 {
		t.Errorf("index %v (%v); want an empty one", ix, err)
	}
}
