package fastcount

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/prepa-reines/reines/tp/queens"
)

// reference is one line of testdata/counts.txt; fundamental is -1 where
// the file gives none.
type reference struct {
	n                int
	all, fundamental int64
}

// readCounts parses testdata/counts.txt (OEIS A000170 and A002562; see
// testdata/README.md).
func readCounts(t *testing.T) []reference {
	t.Helper()
	f, err := os.Open("testdata/counts.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var refs []reference
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		fields := strings.Fields(sc.Text())
		if len(fields) == 0 || strings.HasPrefix(fields[0], "#") {
			continue
		}
		if len(fields) != 3 {
			t.Fatalf("counts.txt:%d: %d fields; want 3", line, len(fields))
		}
		var r reference
		var errs [3]error
		r.n, errs[0] = strconv.Atoi(fields[0])
		r.all, errs[1] = strconv.ParseInt(fields[1], 10, 64)
		r.fundamental = -1
		if fields[2] != "-" {
			r.fundamental, errs[2] = strconv.ParseInt(fields[2], 10, 64)
		}
		if err := errors.Join(errs[:]...); err != nil {
			t.Fatalf("counts.txt:%d: %v", line, err)
		}
		refs = append(refs, r)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if len(refs) < 16 {
		t.Fatalf("counts.txt: %d values; want n = 0..15 at least", len(refs))
	}
	return refs
}

func TestCountA000170(t *testing.T) {
	for _, r := range readCounts(t) {
		if r.n > 15 || (r.n > 13 && testing.Short()) {
			continue
		}
		t.Run(fmt.Sprintf("n=%d", r.n), func(t *testing.T) {
			got, err := Count(context.Background(), r.n, Options{})
			if err != nil || got != r.all {
				t.Errorf("Count(%d) = %d, %v; want %d (A000170)", r.n, got, err, r.all)
			}
		})
	}
}

func TestCountAllOneWorker(t *testing.T) {
	// One searcher runs every sub-problem in turn: what it keeps between
	// two of them (its stack, the solutions set aside for the check) must
	// not leak from one to the next.
	for _, r := range readCounts(t) {
		if r.fundamental < 0 || r.n < 6 || r.n > 15 || (r.n > 12 && testing.Short()) {
			continue
		}
		t.Run(fmt.Sprintf("n=%d", r.n), func(t *testing.T) {
			got, err := CountAll(context.Background(), r.n, Options{Workers: 1})
			if err != nil || got.Solutions != r.all || got.Fundamental != r.fundamental {
				t.Errorf("CountAll(%d) with 1 worker = %+v, %v; want %d solutions (A000170) in %d classes (A002562)", r.n, got, err, r.all, r.fundamental)
			}
		})
	}
}

func TestCountMatchesRecursive(t *testing.T) {
	// queens.Count is an independent, plain recursive search.
	for n := 0; n <= 10; n++ {
		want, err := queens.Count(n)
		if err != nil {
			t.Fatal(err)
		}
		if got, err := Count(context.Background(), n, Options{Workers: 1}); err != nil || got != want {
			t.Errorf("Count(%d) = %d, %v; queens.Count says %d", n, got, err, want)
		}
	}
}

func TestWorkersAgree(t *testing.T) {
	for n := 1; n <= 13; n++ {
		t.Run(fmt.Sprintf("n=%d", n), func(t *testing.T) {
			want, err := Count(context.Background(), n, Options{Workers: 1})
			if err != nil {
				t.Fatal(err)
			}
			for _, w := range []int{2, 3, 64} {
				if got, err := Count(context.Background(), n, Options{Workers: w}); err != nil || got != want {
					t.Errorf("Count(%d) with %d workers = %d, %v; with 1 worker %d", n, w, got, err, want)
				}
			}
		})
	}
}

func TestCountErrors(t *testing.T) {
	tests := []struct {
		n       int
		opt     Options
		wantErr error
	}{
		{-1, Options{}, queens.ErrNegative},
		{-64, Options{}, queens.ErrNegative},
		{MaxN + 1, Options{}, ErrTooLarge},
		{1000, Options{}, ErrTooLarge},
		{8, Options{Workers: -1}, ErrWorkers},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("n=%d/workers=%d", tt.n, tt.opt.Workers), func(t *testing.T) {
			got, err := Count(context.Background(), tt.n, tt.opt)
			if !errors.Is(err, tt.wantErr) || got != 0 {
				t.Errorf("Count(%d, %+v) = %d, %v; want 0, %v", tt.n, tt.opt, got, err, tt.wantErr)
			}
		})
	}
}

// countUntilCancelled starts Count(n) and cancels it after delay; it
// returns Count's results and how long Count took to return after the
// cancellation.
func countUntilCancelled(t *testing.T, n, workers int, delay time.Duration) (int64, error, time.Duration) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var cancelled time.Time
	timer := time.AfterFunc(delay, func() {
		cancelled = time.Now()
		cancel()
	})
	defer timer.Stop()
	got, err := Count(ctx, n, Options{Workers: workers})
	return got, err, time.Since(cancelled)
}

func TestCancel(t *testing.T) {
	// n = 25 and more take this counter years on any machine: only
	// cancellation ends them. The bound on the delay is loose (the machine
	// is shared); the workers look at the flag about every millisecond.
	for _, tt := range []struct{ n, workers int }{{25, 1}, {25, 2}, {MaxN, 2}, {MaxN, 1}} {
		t.Run(fmt.Sprintf("n=%d/workers=%d", tt.n, tt.workers), func(t *testing.T) {
			got, err, lag := countUntilCancelled(t, tt.n, tt.workers, 50*time.Millisecond)
			if !errors.Is(err, context.Canceled) || got != 0 {
				t.Fatalf("cancelled Count(%d) = %d, %v; want 0, context.Canceled", tt.n, got, err)
			}
			t.Logf("returned %v after the cancellation", lag)
			if lag > 2*time.Second {
				t.Errorf("Count(%d) returned %v after the cancellation; want well under a second", tt.n, lag)
			}
		})
	}
}

func TestCancelledBeforeStart(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	calls := 0
	got, err := Count(ctx, 8, Options{Progress: func(int, int) { calls++ }})
	if !errors.Is(err, context.Canceled) || got != 0 || calls != 0 {
		t.Errorf("Count with a cancelled context = %d, %v after %d progress calls; want 0, context.Canceled, 0", got, err, calls)
	}
	ctx, cancel = context.WithTimeout(context.Background(), 10*time.Millisecond)
	defer cancel()
	if _, err := Count(ctx, 20, Options{}); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("Count(20) past its deadline: %v; want context.DeadlineExceeded", err)
	}
}

func TestProgress(t *testing.T) {
	for _, tt := range []struct{ n, workers int }{{0, 1}, {1, 1}, {2, 2}, {3, 1}, {5, 2}, {12, 2}, {12, 1}} {
		t.Run(fmt.Sprintf("n=%d/workers=%d", tt.n, tt.workers), func(t *testing.T) {
			var inside atomic.Int32
			var calls []int
			total := -1
			_, err := Count(context.Background(), tt.n, Options{Workers: tt.workers, Progress: func(done, tot int) {
				if inside.Add(1) != 1 {
					t.Error("Progress called concurrently")
				}
				defer inside.Add(-1)
				if total == -1 {
					total = tot
				}
				if tot != total {
					t.Errorf("total changed from %d to %d", total, tot)
				}
				calls = append(calls, done)
			}})
			if err != nil {
				t.Fatal(err)
			}
			if len(calls) != total+1 {
				t.Fatalf("%d progress calls for %d sub-problems; want %d", len(calls), total, total+1)
			}
			for i, done := range calls {
				if done != i {
					t.Fatalf("progress call %d reported %d done; want %d", i, done, i)
				}
			}
			if tt.n >= 12 && total < 64 {
				t.Errorf("n=%d: only %d sub-problems; too few to balance the load", tt.n, total)
			}
		})
	}
}

func BenchmarkCount(b *testing.B) {
	sizes := []int{10, 11, 12, 13, 14}
	if os.Getenv("REINES_BENCH_BIG") == "1" {
		sizes = append(sizes, 15, 16, 17)
	}
	for _, n := range sizes {
		for _, w := range []int{1, 0} {
			name := fmt.Sprintf("n=%d/workers=%d", n, w)
			if w == 0 {
				name = fmt.Sprintf("n=%d/workers=all", n)
			}
			b.Run(name, func(b *testing.B) {
				b.ReportAllocs()
				var count int64
				for b.Loop() {
					var err error
					if count, err = Count(context.Background(), n, Options{Workers: w}); err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(float64(count), "solutions")
				b.ReportMetric(float64(count)*float64(b.N)/b.Elapsed().Seconds(), "solutions/s")
			})
		}
	}
}
