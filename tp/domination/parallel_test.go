package domination

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

func TestRandomCoverParallel(t *testing.T) {
	refs := loadReference(t)
	for _, n := range []int{1, 2, 3, 4, 5, 8, 12} {
		for _, workers := range []int{1, 2, 3, 7} {
			for _, trials := range []int{0, 5, 1500} {
				t.Run(fmt.Sprintf("n=%d/workers=%d/trials=%d", n, workers, trials), func(t *testing.T) {
					start, _ := IndependentDominatingSet(n)
					best, qs, stats, err := RandomCoverParallel(n, trials, workers, FixedProbability, uint64(n))
					if err != nil {
						t.Fatal(err)
					}
					if best != len(qs) || best < refs[n].indep || best > len(start) {
						t.Fatalf("RandomCoverParallel(%d, %d trials, %d workers) = %d with %d queens; want i(Q_n) = %d ≤ best ≤ %d (the start)",
							n, trials, workers, best, len(qs), refs[n].indep, len(start))
					}
					checkPlacement(t, n, qs, true)
					if stats.Trials != int64(trials) || stats.Failures < 0 || stats.Prunings < 0 || stats.Improvements < 0 ||
						stats.Failures+stats.Prunings+stats.Improvements > stats.Trials || stats.Improvements > int64(len(start)-best) {
						t.Errorf("stats %+v inconsistent with %d trials, from %d to %d queens", stats, trials, len(start), best)
					}
					// 1500 trials reach i(Q_n) on these small boards with
					// any seed (the sequential version needs a few hundred).
					if trials == 1500 && n <= 8 && best != refs[n].indep {
						t.Errorf("n=%d: %d queens after %d trials; want i(Q_n) = %d (A075324)", n, best, trials, refs[n].indep)
					}
				})
			}
		}
	}
}

// Every worker calls p, and they call it at the same time: the first call
// of each waits until all the workers are inside p (a serial version would
// wait in vain; the test then fails on the time-out, never hangs).
func TestRandomCoverParallelOverlaps(t *testing.T) {
	const workers = 3
	var inside, most atomic.Int32
	all := make(chan struct{})
	var once sync.Once
	p := func(n, row, placed, best int) float64 {
		r := inside.Add(1)
		defer inside.Add(-1)
		for m := most.Load(); r > m && !most.CompareAndSwap(m, r); m = most.Load() {
		}
		if r == workers {
			once.Do(func() { close(all) })
		}
		select {
		case <-all:
		case <-time.After(2 * time.Second):
		}
		return FixedProbability(n, row, placed, best)
	}
	if _, _, _, err := RandomCoverParallel(6, 30, workers, p, 1); err != nil {
		t.Fatal(err)
	}
	if got := most.Load(); got != workers {
		t.Errorf("at most %d calls of p at once; want %d (one per worker)", got, workers)
	}
}

func TestRandomCoverParallelErrors(t *testing.T) {
	tests := []struct {
		n, trials, workers int
		want               error
	}{
		{0, 10, 2, ErrBoardSize},
		{-3, 10, 2, ErrBoardSize},
		{MaxN + 1, 10, 2, ErrTooLarge},
		{5, -1, 2, ErrTrials},
		{5, 10, 0, ErrWorkers},
		{5, 10, -2, ErrWorkers},
		{5, 10, MaxWorkers + 1, ErrWorkers},
	}
	for _, tt := range tests {
		if _, qs, _, err := RandomCoverParallel(tt.n, tt.trials, tt.workers, FixedProbability, 1); !errors.Is(err, tt.want) || qs != nil {
			t.Errorf("RandomCoverParallel(%d, %d trials, %d workers) = %v, %v; want %v", tt.n, tt.trials, tt.workers, qs, err, tt.want)
		}
	}
}

func TestCoverByQueensWorkers(t *testing.T) {
	refs := loadReference(t)
	for n := 1; n <= maxSujetN(9, 8); n++ {
		for _, workers := range []int{1, 3} {
			t.Run(fmt.Sprintf("n=%d/workers=%d", n, workers), func(t *testing.T) {
				var events []TraceEvent
				qs, stats, err := CoverByQueensWorkers(context.Background(), n, workers, func(e TraceEvent) { events = append(events, e) })
				if err != nil || len(qs) != refs[n].indep {
					t.Fatalf("CoverByQueensWorkers(%d) = %v, %v; want %d queens (A075324)", n, qs, err, refs[n].indep)
				}
				checkPlacement(t, n, qs, true)
				started, done, last := 0, 0, n+1
				var nodes int64
				for _, e := range events {
					switch e.Kind {
					case WorkerStarted:
						started++
					case WorkerDone:
						done++
						nodes += e.Nodes
					case Improved:
						if e.Best >= last {
							t.Errorf("event %q does not improve on %d", e, last)
						}
						last = e.Best
					}
				}
				if started != workers || done != workers || last != len(qs) || nodes != stats.Nodes {
					t.Errorf("events %v: %d starts, %d ends, last best %d, %d nodes; want %d, %d, %d, %d", events, started, done, last, nodes, workers, workers, len(qs), stats.Nodes)
				}
			})
		}
	}
	if _, _, err := CoverByQueensWorkers(context.Background(), 0, 2, nil); !errors.Is(err, ErrBoardSize) {
		t.Errorf("CoverByQueensWorkers(0) error = %v; want ErrBoardSize", err)
	}
}

func TestCoverByQueensWorkersCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	// n = 14 would take minutes: a cancelled context must stop it at once.
	_, _, err := CoverByQueensWorkers(ctx, 14, 2, nil)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("error = %v; want context.Canceled", err)
	}
	// Cancelled while the workers run (n = 24 would take them ages on any
	// machine).
	ctx, cancel = context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	_, _, err = CoverByQueensWorkers(ctx, 24, 2, nil)
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("error = %v; want context.DeadlineExceeded", err)
	}
}

func TestTraceEventString(t *testing.T) {
	tests := []struct {
		e    TraceEvent
		want string
	}{
		{TraceEvent{Kind: WorkerStarted, Worker: 0}, "worker 0 started"},
		{TraceEvent{Kind: Improved, Worker: 1, Best: 5}, "worker 1 improved best to 5"},
		{TraceEvent{Kind: WorkerDone, Worker: 2, Tasks: 7, Nodes: 1234}, "worker 2 done: 7 sub-problems, 1234 nodes"},
	}
	for _, tt := range tests {
		if got := tt.e.String(); got != tt.want {
			t.Errorf("String() = %q; want %q", got, tt.want)
		}
	}
}
