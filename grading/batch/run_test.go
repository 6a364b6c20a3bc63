package batch

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/prepa-reines/reines/grading"
	"github.com/prepa-reines/reines/grading/fixtures"
	"github.com/prepa-reines/reines/grading/gradebook"
	"github.com/prepa-reines/reines/grading/internal/checktest"
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
	var results []gradebook.Result
	for _, st := range []string{"ana", "bob", "cid"} {
		r := gradebook.Result{Student: st, TP: "01", File: st + ".ipynb"}
		for _, q := range grading.Questions("01") {
			r.Questions = append(r.Questions, gradebook.Question{ID: q.ID, Title: q.Title, Max: q.Points, Manual: q.Prose()})
			r.Max += float64(q.Points)
		}
		results = append(results, r)
	}
	partial, err := WriteGradebook(context.Background(), out, results, nil, false, 0)
	if err != nil {
		t.Fatalf("WriteGradebook: %v; want the writing to go on", err)
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

// Run, as grade runs it: three students graded into a gradebook whose
// totals are corpus-expected.csv's, each notebook told to Progress; run
// again, nothing changed, every result comes from the cache; interrupted
// before it starts, it writes nothing.
func TestRun(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles and runs three notebooks")
	}
	opt := options(t)
	root, _ := filepath.Abs("../..")
	dir := t.TempDir()
	for _, name := range []string{"full.ipynb", "count-no-error.ipynb", "empty.ipynb"} {
		data, err := os.ReadFile(fixtures.Path(t, fixtures.CorpusSet, name))
		if err != nil {
			t.Fatal(err)
		}
		os.WriteFile(filepath.Join(dir, name), data, 0o644)
	}
	out := t.TempDir()
	progress := 0
	c := Config{Root: root, Dir: dir, TP: "01", Out: out, Jobs: 2, Limits: opt.Limits, Sandbox: opt.Sandbox, Seed: 1,
		Progress: func(done, total int) { progress++ }}
	sum, err := Run(context.Background(), c)
	if err != nil || sum.Notebooks != 3 || sum.Students != 3 || sum.Reused != 0 || progress != 3 {
		t.Fatalf("Run: %+v, %d progress calls, %v; want 3 notebooks graded anew, each told", sum, progress, err)
	}
	rows := checktest.ReadCSV(t, filepath.Join(out, "grades.csv"))
	total := slices.Index(rows[0], "total")
	want := map[string]string{"full": "15", "count-no-error": "14.5", "empty": "0"} // corpus-expected.csv
	for _, row := range rows[1:] {
		if w, ok := want[row[0]]; !ok || row[total] != w {
			t.Errorf("grades.csv: %s total %s; want %q", row[0], row[total], w)
		}
		delete(want, row[0])
	}
	if len(want) > 0 {
		t.Errorf("grades.csv lacks %v", want)
	}
	if sum, err := Run(context.Background(), c); err != nil || sum.Reused != 3 {
		t.Errorf("second Run: %+v, %v; want every result reused", sum, err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	c.Out, c.Force = t.TempDir(), true
	if _, err := Run(ctx, c); err == nil {
		t.Error("interrupted Run: no error")
	}
	if _, err := os.Stat(filepath.Join(c.Out, "grades.csv")); err == nil {
		t.Error("interrupted Run wrote grades.csv")
	}
}
