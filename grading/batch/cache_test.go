package batch

import (
	"context"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/prepa-reines/reines/grading/export"
	"github.com/prepa-reines/reines/grading/gradebook"
)

// identical writes the same notebook (truncated: graded without a
// sandbox) for each student, in a folder of their own, under the same
// file name, and returns the submissions.
func identical(t *testing.T, students ...string) []export.Submission {
	t.Helper()
	dir := t.TempDir()
	var subs []export.Submission
	for _, st := range students {
		path := filepath.Join(dir, st, "01-recursion.ipynb")
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(`{"cells": [`), 0o644); err != nil {
			t.Fatal(err)
		}
		subs = append(subs, export.Submission{Student: st, Path: path})
	}
	return subs
}

// Two students handing in the same notebook in one run, with a fresh
// cache: the second takes the first's result, and that is no result
// "reused from an earlier run"; each result is the student's own, and a
// mark given to one does not reach the other.
func TestCacheSameRunDuplicates(t *testing.T) {
	subs := identical(t, "ana", "bob")
	c, err := OpenCache(t.TempDir(), "v1")
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	results := []gradebook.Result{c.Grade(ctx, subs[0], Options{TP: "01"}), c.Grade(ctx, subs[1], Options{TP: "01"})}
	if c.Reused() != 0 || c.Duplicates() != 1 {
		t.Errorf("one run, two identical notebooks: %d reused from an earlier run, %d duplicates; want 0 and 1", c.Reused(), c.Duplicates())
	}
	if results[0].Student != "ana" || results[1].Student != "bob" || results[1].File != subs[1].Path {
		t.Errorf("results of %q (%s) and %q (%s); want ana's and bob's own", results[0].Student, results[0].File, results[1].Student, results[1].File)
	}
	gradebook.Manual{"ana": {"01-recursion.ipynb": {"01/Q6": {Points: 1, Scored: true}}}}.Apply(results)
	if results[0].Points != 1 || results[1].Points != 0 {
		t.Errorf("ana's mark: ana has %v points, bob %v; want 1 and 0", results[0].Points, results[1].Points)
	}
}

// Identical notebooks graded at the same time are graded once: the
// others wait for that result.
func TestCacheConcurrentDuplicates(t *testing.T) {
	subs := identical(t, "ana", "bob", "cid", "dan")
	c, err := OpenCache(t.TempDir(), "v1")
	if err != nil {
		t.Fatal(err)
	}
	results := make([]gradebook.Result, len(subs))
	var wg sync.WaitGroup
	for i := range subs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			results[i] = c.Grade(context.Background(), subs[i], Options{TP: "01"})
		}()
	}
	wg.Wait()
	if c.Reused() != 0 || c.Duplicates() != len(subs)-1 {
		t.Errorf("%d identical notebooks at once: %d reused, %d duplicates; want 0 and %d (graded once)", len(subs), c.Reused(), c.Duplicates(), len(subs)-1)
	}
	for i, r := range results {
		if r.Student != subs[i].Student || len(r.Problems) == 0 {
			t.Errorf("result %d: student %q, problems %q; want %s's, the truncated notebook reported", i, r.Student, r.Problems, subs[i].Student)
		}
	}
	// The next run reuses the kept result for each: an earlier run's.
	c2, err := OpenCache(filepath.Dir(filepath.Dir(c.dir)), "v1")
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range subs[:2] {
		c2.Grade(context.Background(), s, Options{TP: "01"})
	}
	if c2.Reused() != 2 || c2.Duplicates() != 0 {
		t.Errorf("next run: %d reused, %d duplicates; want 2 and 0", c2.Reused(), c2.Duplicates())
	}
}
