package domination

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"sync"
	"sync/atomic"

	"github.com/prepa-reines/reines/tp/queens"
)

// ErrWorkers is returned by [RandomCoverParallel] for a number of workers
// outside 1..[MaxWorkers].
var ErrWorkers = errors.New("domination: number of workers must be between 1 and MaxWorkers")

// MaxWorkers is the largest number of workers [RandomCoverParallel]
// accepts: each holds its own n×n coverage, so memory grows as
// workers·n², and a few per core are all that helps.
const MaxWorkers = 64

// RandomCoverParallel returns an upper bound on i(Q_n) with a placement of
// that many pairwise non-attacking queens dominating the n×n board, by the
// trials of [RandomCover] shared among `workers` goroutines that run at the
// same time, each with its own generator derived from seed, the best bound
// under a sync.Mutex (the design, and what is shared, are the written
// answers of notebook 05 Q24a and Q25, in its correction). The best starts
// from [IndependentDominatingSet], so the result is never larger. Which
// bound is found depends on the scheduling, not only on seed (a worker
// prunes with the bound others found so far); Stats.Trials is always
// trials. Cost: that of [RandomCover], O(trials·n²), spread over the
// workers, plus O(workers·n²) memory; p must be safe for concurrent use.
//
// Errors: [ErrBoardSize] for n ≤ 0, [ErrTooLarge] for n > [MaxN],
// [ErrTrials] for trials < 0, [ErrWorkers] for workers < 1 or more than
// [MaxWorkers].
//
// Answers notebook 05 Q24b (the version proposed in the written Q24a); the
// sujet's parallel version of `couverture_par_reines_aleatoire` (threads
// and a mutex on the best bound).
func RandomCoverParallel(n, trials, workers int, p Probability,
	seed uint64) (int, []queens.Square, RandomStats, error) {
	var stats RandomStats
	if trials < 0 {
		return 0, nil, stats, ErrTrials
	}
	if workers < 1 || workers > MaxWorkers {
		return 0, nil, stats, ErrWorkers
	}
	bestQueens, err := IndependentDominatingSet(n)
	if err != nil {
		return 0, nil, stats, err
	}
	// Avant de créer les couvertures des travailleurs.
	if err := queens.CheckSize(n, MaxN); err != nil {
		return 0, nil, stats, err
	}
	var mu sync.Mutex // protège best et bestQueens
	best := len(bestQueens)
	readBest := func() int {
		mu.Lock()
		defer mu.Unlock()
		return best
	}
	perWorker := make([]RandomStats, workers)
	var wg sync.WaitGroup
	for w := range workers {
		share := trials / workers
		if w < trials%workers {
			share++
		}
		if share == 0 {
			continue
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			c, _ := NewCoverage(n, true) // ne peut pas échouer : n a été vérifié
			rng := rand.New(rand.NewPCG(seed, uint64(w)))
			st := &perWorker[w]
			var placed []queens.Square
			for range share {
				st.Trials++
				pruned := false
				for i := 0; i < n; i++ {
					b := readBest()
					if len(placed) >= b {
						pruned = true
						break
					}
					if rng.Float64() < p(n, i, len(placed), b) {
						if j, ok := ReservoirZero(c.Count[i], rng); ok {
							sq := queens.Square{Row: i, Col: j}
							_ = Update(c, sq, 1) // ne peut pas échouer : la case n'est pas couverte
							placed = append(placed, sq)
						}
					}
				}
				switch {
				case pruned:
					st.Prunings++
				case !Complete(c):
					st.Failures++
				default:
					mu.Lock()
					if len(placed) < best {
						st.Improvements++
						best = len(placed)
						bestQueens = append([]queens.Square(nil), placed...)
					}
					mu.Unlock()
				}
				for _, sq := range placed {
					_ = Update(c, sq, -1) // ne peut pas échouer : la reine y est
				}
				placed = placed[:0]
			}
		}()
	}
	wg.Wait()
	for _, st := range perWorker {
		stats.Trials += st.Trials
		stats.Failures += st.Failures
		stats.Prunings += st.Prunings
		stats.Improvements += st.Improvements
	}
	return best, bestQueens, stats, nil
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
// [CoverByQueensPlacement], in parallel and in idiomatic Go: a producer
// sends sub-problems (the choices on rows 0 and 1: empty or a queen on an
// uncovered square) on a channel, `workers` goroutines (at least 1) take
// them one at a time, which balances the load, each on its own [Coverage].
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
// Answers notebook 05 Q29 (and the written Q30), beyond the sujet.
func CoverByQueensWorkers(ctx context.Context, n, workers int,
	trace func(TraceEvent)) ([]queens.Square, SearchStats, error) {
	var stats SearchStats
	if n <= 0 {
		return nil, stats, ErrBoardSize
	}
	if err := queens.CheckSize(n, MaxN); err != nil {
		return nil, stats, err
	}
	workers = max(workers, 1)
	type task []queens.Square // les reines des lignes 0 et 1
	tasks := make(chan task)
	go func() {
		defer close(tasks)
		c, _ := NewCoverage(n, true) // ne peut pas échouer : n > 0
		for a := -1; a < n; a++ {
			var t task
			if a >= 0 {
				t = append(t, queens.Square{Row: 0, Col: a})
				_ = Update(c, t[0], 1) // ne peut pas échouer : l'échiquier est vide
			}
			for b := -1; b < n && (n > 1 || b < 0); b++ { // pas de ligne 1 si n = 1
				u := append(task(nil), t...)
				if b >= 0 {
					if c.Count[1][b] > 0 {
						continue
					}
					u = append(u, queens.Square{Row: 1, Col: b})
				}
				select {
				case tasks <- u:
				case <-ctx.Done():
					return
				}
			}
			if a >= 0 {
				_ = Update(c, t[0], -1) // ne peut pas échouer : la reine y est
			}
		}
	}()
	var best atomic.Int64
	best.Store(int64(n + 1))
	var mu sync.Mutex // protège bestQueens et les appels de trace
	var bestQueens []queens.Square
	if trace == nil {
		trace = func(TraceEvent) {}
	}
	nodes := make([]int64, workers)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() {
			mu.Lock()
			trace(TraceEvent{Kind: WorkerStarted, Worker: w})
			mu.Unlock()
			c, _ := NewCoverage(n, true) // ne peut pas échouer : n > 0
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
						trace(TraceEvent{Kind: Improved, Worker: w, Best: r})
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
						_ = Update(c, sq, 1) // ne peut pas échouer : la case n'est pas couverte
						current = append(current, sq)
						place(i + 1)
						current = current[:r]
						_ = Update(c, sq, -1) // ne peut pas échouer : la reine y est
					}
				}
			}
			done := 0
			for t := range tasks {
				if ctx.Err() != nil {
					continue // on vide le canal : le producteur s'arrête lui aussi
				}
				done++
				for _, sq := range t {
					_ = Update(c, sq, 1) // ne peut pas échouer : le producteur a vérifié la case
				}
				current = append(current[:0], t...)
				place(min(2, n))
				for _, sq := range t {
					_ = Update(c, sq, -1) // ne peut pas échouer : la reine y est
				}
			}
			mu.Lock()
			trace(TraceEvent{Kind: WorkerDone, Worker: w, Tasks: done,
				Nodes: nodes[w]})
			mu.Unlock()
		})
	}
	wg.Wait()
	for _, k := range nodes {
		stats.Nodes += k
	}
	return bestQueens, stats, ctx.Err()
}
