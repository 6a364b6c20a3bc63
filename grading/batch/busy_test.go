package batch

import (
	"context"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/prepa-reines/reines/grading/export"
	"github.com/prepa-reines/reines/grading/feedback"
	"github.com/prepa-reines/reines/grading/gradebook"
	"github.com/prepa-reines/reines/grading/sandbox"
	"github.com/prepa-reines/reines/internal/busyloop"
)

// The corrections of the TPs with the heaviest cases and the concurrency
// checks (00 and 05), graded at once, get full marks while busy loops hold
// every core, four per core, each in a session of its own, with the
// default time limit: a busy machine costs no point (see submission's
// TestBusyMachine for the mechanism). The SDK's packages, with the race
// detector too, are compiled before, unloaded: the builds' own limits are
// another matter.
func TestBusyMachineCorrections(t *testing.T) {
	if testing.Short() {
		t.Skip("grades two corrections with every core loaded")
	}
	opt := options(t)
	opt.Limits.Timeout, opt.Limits.Checks = sandbox.DefaultLimits.Timeout, sandbox.DefaultLimits.Checks
	if err := opt.SDK.Prepare(context.Background(), true); err != nil {
		t.Fatal(err)
	}
	root, _ := filepath.Abs("../..")
	defer busyloop.Start(t)()
	// Both at once, as grade -j 2 does: each grading has no more of the
	// machine than it would alone among the loops.
	names := []string{"00-go", "05-domination"}
	results := make([]gradebook.Result, len(names))
	var wg sync.WaitGroup
	for i, name := range names {
		wg.Go(func() {
			start := time.Now()
			results[i] = Grade(context.Background(), export.Submission{Student: name, Path: filepath.Join(root, "notebooks", "corrections", name+".ipynb")}, opt)
			t.Logf("%s graded in %v with %d busy loops", name, time.Since(start).Round(time.Second), busyloop.Count())
		})
	}
	wg.Wait()
	for i, r := range results {
		if len(r.Problems) > 0 {
			t.Errorf("%s: problems %q", names[i], r.Problems)
		}
		for _, q := range r.Questions {
			if !q.Manual && q.Points != float64(q.Max) {
				t.Errorf("%s: %s: %v points; want %d\n%s", names[i], q.ID, q.Points, q.Max, feedback.Markdown(gradebook.Result{Questions: []gradebook.Question{q}}, true))
			}
		}
	}
}
