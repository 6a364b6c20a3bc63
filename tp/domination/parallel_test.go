package domination

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"
)

func TestCoverByQueensParallel(t *testing.T) {
	refs := loadReference(t)
	for n := 1; n <= maxSujetN(9, 8); n++ {
		t.Run(fmt.Sprintf("n=%d", n), func(t *testing.T) {
			qs, stats, err := CoverByQueensParallel(n)
			if err != nil || len(qs) != refs[n].indep {
				t.Fatalf("CoverByQueensParallel(%d) = %v, %v; want %d queens (A075324)", n, qs, err, refs[n].indep)
			}
			checkPlacement(t, n, qs, true)
			if stats.Nodes <= 0 {
				t.Errorf("n=%d: %d nodes counted", n, stats.Nodes)
			}
		})
	}
	if _, _, err := CoverByQueensParallel(0); !errors.Is(err, ErrBoardSize) {
		t.Errorf("CoverByQueensParallel(0) error = %v; want ErrBoardSize", err)
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
