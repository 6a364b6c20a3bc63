package domination

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"

	"github.com/prepa-reines/reines/tp/queens"
)

// CoverByQueensParallel returns a minimum placement of pairwise
// non-attacking queens dominating the n×n board (i(Q_n) squares), by the
// search of [CoverByQueensPlacement] split as the sujet does: one goroutine
// per choice on row 0 (leave it empty, or a queen on column j), each
// exploring rows 1..n−1 on its own [Coverage].
//
// Shared resources: best and bestQueens only, guarded by one sync.Mutex
// that every node locks to read the bound (simple but contended: the
// idiomatic version, [CoverByQueensWorkers], reads an atomic). Each
// goroutine owns its Coverage, its current branch and its node counter; the
// counters are summed after sync.WaitGroup.Wait, which orders those writes
// before the reads. Cost: that of [CoverByQueensPlacement] spread over
// n + 1 goroutines of unequal size; the lock costs more than it saves: for
// n = 10 on 2 cores, 0.91 s against 1.22 s sequentially (1.3×), where
// [CoverByQueensWorkers] reaches 1.9×.
//
// Errors: [ErrBoardSize] for n ≤ 0, [ErrTooLarge] for n > [MaxN].
//
// Answers notebook 05 Q24.
func CoverByQueensParallel(n int) ([]queens.Square, SearchStats, error) {
	var stats SearchStats
	if n <= 0 {
		return nil, stats, ErrBoardSize
	}
	if err := queens.CheckSize(n, MaxN); err != nil {
		return nil, stats, err
	}
	var mu sync.Mutex
	best := n + 1
	var bestQueens []queens.Square
	nodes := make([]int64, n+1)
	var wg sync.WaitGroup
	for first := -1; first < n; first++ { // -1: no queen on row 0
		wg.Add(1)
		go func() {
			defer wg.Done()
			c, _ := NewCoverage(n, true) // cannot fail: n > 0
			var current []queens.Square
			if first >= 0 {
				sq := queens.Square{Row: 0, Col: first}
				_ = Update(c, sq, 1) // cannot fail: the board is empty
				current = append(current, sq)
			}
			var place func(i int)
			place = func(i int) {
				nodes[first+1]++
				r := len(current)
				mu.Lock()
				if r >= best {
					mu.Unlock()
					return
				}
				if Complete(c) {
					best = r
					bestQueens = append([]queens.Square(nil), current...)
					mu.Unlock()
					return
				}
				mu.Unlock()
				if i == n {
					return
				}
				place(i + 1)
				for j := 0; j < n; j++ {
					if c.Count[i][j] == 0 {
						sq := queens.Square{Row: i, Col: j}
						_ = Update(c, sq, 1) // cannot fail: the square is uncovered
						current = append(current, sq)
						place(i + 1)
						current = current[:r]
						_ = Update(c, sq, -1) // cannot fail: the queen is there
					}
				}
			}
			place(1)
		}()
	}
	wg.Wait()
	for _, k := range nodes {
		stats.Nodes += k
	}
	return bestQueens, stats, nil
}

// TraceKind says what a [TraceEvent] reports.
type TraceKind int

const (
	WorkerStarted TraceKind = iota + 1 // a worker starts
	Improved                           // a worker found a coverage with fewer queens: Best
	WorkerDone                         // a worker stops: Tasks and Nodes are its totals
)

// TraceEvent is one event of [CoverByQueensWorkers]: a few per worker and
// one per improvement (at most n), so tracing never floods.
type TraceEvent struct {
	Kind   TraceKind
	Worker int   // worker number, 0-based
	Best   int   // Improved: the new best number of queens
	Tasks  int   // WorkerDone: sub-problems the worker searched
	Nodes  int64 // WorkerDone: search nodes of the worker
}

// String renders the event for a log, e.g. "worker 1 improved best to 5".
func (e TraceEvent) String() string {
	switch e.Kind {
	case WorkerStarted:
		return fmt.Sprintf("worker %d started", e.Worker)
	case Improved:
		return fmt.Sprintf("worker %d improved best to %d", e.Worker, e.Best)
	default:
		return fmt.Sprintf("worker %d done: %d sub-problems, %d nodes", e.Worker, e.Tasks, e.Nodes)
	}
}

// CoverByQueensWorkers returns a minimum placement of pairwise
// non-attacking queens dominating the n×n board, like
// [CoverByQueensParallel], in idiomatic Go: a producer sends sub-problems
// (the choices on rows 0 and 1: empty or a queen on an uncovered square) on
// a channel, `workers` goroutines (at least 1) take them one at a time,
// which balances the load, each on its own [Coverage].
//
// Shared resources: the task channel; the bound best, an atomic.Int64 read
// at every node without locking; the best placement, under a mutex taken
// only on improvement; the trace callback, whose calls are serialized by
// that same mutex (it may be nil). The node counters are per worker, summed
// at the end.
//
// Cancelling ctx stops the producer and the workers (checked every 1024
// nodes) and returns ctx.Err() with the best placement found so far. Cost:
// that of [CoverByQueensPlacement], divided by up to `workers` on as many
// cores.
//
// Errors: [ErrBoardSize] for n ≤ 0, [ErrTooLarge] for n > [MaxN]; ctx.Err().
//
// Answers notebook 05 Q25 (and the written Q26 on shared resources).
func CoverByQueensWorkers(ctx context.Context, n, workers int, trace func(TraceEvent)) ([]queens.Square, SearchStats, error) {
	var stats SearchStats
	if n <= 0 {
		return nil, stats, ErrBoardSize
	}
	if err := queens.CheckSize(n, MaxN); err != nil {
		return nil, stats, err
	}
	workers = max(workers, 1)
	type task []queens.Square // queens of rows 0 and 1
	tasks := make(chan task)
	go func() {
		defer close(tasks)
		c, _ := NewCoverage(n, true) // cannot fail: n > 0
		for a := -1; a < n; a++ {
			var t task
			if a >= 0 {
				t = append(t, queens.Square{Row: 0, Col: a})
				_ = Update(c, t[0], 1) // cannot fail: the board is empty
			}
			for b := -1; b < n && n > 1; b++ {
				sq := queens.Square{Row: 1, Col: b}
				if b >= 0 && c.Count[1][b] > 0 {
					continue
				}
				u := append(task(nil), t...)
				if b >= 0 {
					u = append(u, sq)
				}
				select {
				case tasks <- u:
				case <-ctx.Done():
					return
				}
			}
			if n == 1 {
				select {
				case tasks <- t:
				case <-ctx.Done():
					return
				}
			}
			if a >= 0 {
				_ = Update(c, t[0], -1) // cannot fail: the queen is there
			}
		}
	}()

	var best atomic.Int64
	best.Store(int64(n + 1))
	var mu sync.Mutex // guards bestQueens and the calls of trace
	var bestQueens []queens.Square
	emit := func(e TraceEvent) {
		if trace != nil {
			trace(e)
		}
	}
	nodes := make([]int64, workers)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			mu.Lock()
			emit(TraceEvent{Kind: WorkerStarted, Worker: w})
			mu.Unlock()
			c, _ := NewCoverage(n, true) // cannot fail: n > 0
			var current []queens.Square
			stopped := false
			var place func(i int)
			place = func(i int) {
				nodes[w]++
				if stopped || nodes[w]%1024 == 0 && ctx.Err() != nil {
					stopped = true
					return
				}
				r := len(current)
				if int64(r) >= best.Load() {
					return
				}
				if Complete(c) {
					mu.Lock()
					if int64(r) < best.Load() {
						best.Store(int64(r))
						bestQueens = append([]queens.Square(nil), current...)
						emit(TraceEvent{Kind: Improved, Worker: w, Best: r})
					}
					mu.Unlock()
					return
				}
				if i == n {
					return
				}
				place(i + 1)
				for j := 0; j < n; j++ {
					if c.Count[i][j] == 0 {
						sq := queens.Square{Row: i, Col: j}
						_ = Update(c, sq, 1) // cannot fail: the square is uncovered
						current = append(current, sq)
						place(i + 1)
						current = current[:r]
						_ = Update(c, sq, -1) // cannot fail: the queen is there
					}
				}
			}
			done := 0
			for t := range tasks {
				if ctx.Err() != nil {
					continue // drain: the producer stops too
				}
				done++
				for _, sq := range t {
					_ = Update(c, sq, 1) // cannot fail: the producer checked the square
				}
				current = append(current[:0], t...)
				place(min(2, n))
				for _, sq := range t {
					_ = Update(c, sq, -1) // cannot fail: the queen is there
				}
			}
			mu.Lock()
			emit(TraceEvent{Kind: WorkerDone, Worker: w, Tasks: done, Nodes: nodes[w]})
			mu.Unlock()
		}()
	}
	wg.Wait()
	for _, k := range nodes {
		stats.Nodes += k
	}
	return bestQueens, stats, ctx.Err()
}
