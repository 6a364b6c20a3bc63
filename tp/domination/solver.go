package domination

import (
	"context"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/prepa-reines/reines/tp/queens"
)

// MaxSolveN is the largest board side [Solve] accepts. Its bit sets would
// handle more, but the search time grows about tenfold per unit of n: on 2
// cores i(Q_16) takes about 40 s and γ(Q_14) about a minute.
const MaxSolveN = 32

// Options selects the problem and the resources of [Solve].
type Options struct {
	// Independent asks for i(Q_n), queens pairwise non-attacking (OEIS
	// A075324, counts A002568); otherwise γ(Q_n), queens may attack each
	// other (A075458, counts A002564).
	Independent bool
	// Count asks for the number of minimum placements; otherwise the
	// search stops at the first one.
	Count bool
	// Workers is the number of search goroutines; 0 means GOMAXPROCS.
	Workers int
	// NoSymmetry turns off the symmetry reduction (for cross-checking:
	// about 8 times slower, same results).
	NoSymmetry bool
	// Progress, if not nil, is called from the goroutine running Solve at
	// most about twice a second and at the end of each level.
	Progress func(Progress)
}

// Progress is the state of a running [Solve], as passed to
// [Options.Progress].
type Progress struct {
	N, K      int           // board side; number of queens of the level being searched
	Done      int           // sub-problems of level K finished
	Total     int           // sub-problems of level K produced so far
	Producing bool          // whether level K may still produce sub-problems
	Nodes     int64         // search nodes so far, all levels
	Elapsed   time.Duration // since Solve started
}

// Level reports one level of the iterative deepening of [Solve].
type Level struct {
	K        int           // number of queens tried
	Found    bool          // whether a dominating set of K queens exists
	Tasks    int           // sub-problems produced
	Nodes    int64         // search nodes of this level
	Duration time.Duration // wall-clock time of this level
}

// Result is the answer of [Solve].
type Result struct {
	N   int // board side
	Min int // i(Q_n) or γ(Q_n): fewest queens dominating the board
	// Count is the number of minimum placements, labelled (placements
	// that differ by a rotation or reflection both count); 0 unless
	// Options.Count.
	Count   int64
	Example []queens.Square // one minimum placement, in row-major order
	Nodes   int64           // search nodes, all levels
	Levels  []Level         // one entry per number of queens tried
	Elapsed time.Duration
}

// Solve computes the queen domination number of the n×n board, i(Q_n)
// (Options.Independent) or γ(Q_n), one minimum placement and, with
// Options.Count, the number of minimum placements. It goes beyond the
// sujet: notebook 05, section 7, and the command `reines domination`.
//
// Algorithm: iterative deepening on the number k of queens, from the
// sujet's bound ⌈n²/(4n−3)⌉ ([LowerBound]): level k proves that no
// dominating set of k queens exists or counts all of them, so the level that
// finds one is the minimum (for independent sets too: every smaller k has
// been ruled out). Each level is a depth-first search on bit-set boards (n²
// bits) with per-line counts of uncovered and allowed squares. It branches
// on the uncovered square with the fewest squares from which a queen covers
// it (the solution must use one of them; the alternatives already tried are
// forbidden in the later branches, so every set is met once) and prunes
// when, with k queens left,
//   - more than k lines of one direction (rows, columns, diagonals,
//     anti-diagonals) hold over 3k uncovered squares (a queen off a line
//     covers at most 3 of its squares);
//   - the k longest uncovered lines of each direction (among lines with an
//     allowed square) cannot hold all the uncovered squares;
//   - the k largest gains (uncovered squares a queen would cover, O(1) each
//     from the line counts) sum to less than the uncovered count. The same
//     bounds for k−1 queens discard the candidates that cannot complete.
//
// Symmetry: every dominating set covers the corner, so it has a queen on the
// border or a main diagonal. These squares form orbits O₁, O₂, … under the 8
// symmetries of the board; sub-problem j places a queen on a fixed square of
// O_j and forbids O₁…O_{j−1}. A set S found there is counted |O_j|/|S∩O_j|
// times, which gives the labelled count exactly (the sets S whose first
// orbit is O_j contain |S∩O_j| squares of O_j each, and the squares of an
// orbit play equal roles). The sub-problems, split two levels further, go to
// Options.Workers goroutines over a channel; the example returned is the
// first of the earliest sub-problem that has one, whatever the scheduling.
//
// The answers agree with OEIS A075324/A002568 and A075458/A002564 for every
// n tried, up to i(Q_16) and γ(Q_14) (see the tests and BenchmarkSolve).
// Cost: exponential, about tenfold per unit of n; on 2 cores γ(Q_12) with
// its count takes a tenth of a second, γ(Q_13) 1 to 2 s, i(Q_15) 30 s.
//
// Errors: [ErrBoardSize] for n ≤ 0, [ErrTooLarge] for n > [MaxSolveN], or
// ctx.Err() if ctx is cancelled (the Result then holds the levels
// finished and the one interrupted, Elapsed and Nodes so far).
func Solve(ctx context.Context, n int, opt Options) (Result, error) {
	start := time.Now()
	res := Result{N: n}
	if n <= 0 {
		return res, ErrBoardSize
	}
	if err := queens.CheckSize(n, MaxSolveN); err != nil {
		return res, err
	}
	workers := opt.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	lv := &level{ctx: ctx, g: newGeometry(n), opt: opt, workers: workers, start: start}
	if !opt.NoSymmetry {
		lv.sym = newSymmetry(n)
	}
	lb, _ := LowerBound(n)
	for k := lb; k <= n; k++ {
		t0 := time.Now()
		lv.k = k
		err := lv.run(&res.Nodes)
		l := Level{K: k, Found: lv.example != nil, Tasks: lv.tasks, Nodes: lv.nodes, Duration: time.Since(t0)}
		res.Levels = append(res.Levels, l)
		res.Elapsed = time.Since(start)
		if err != nil {
			return res, err
		}
		if l.Found {
			res.Min = k
			if opt.Count {
				res.Count = lv.weight / weightScale
			}
			for _, s := range lv.example {
				res.Example = append(res.Example, queens.Square{Row: s / n, Col: s % n})
			}
			slices.SortFunc(res.Example, func(a, b queens.Square) int { return (a.Row*n + a.Col) - (b.Row*n + b.Col) })
			return res, nil
		}
	}
	// n queens always suffice (IndependentDominatingSet, notebook 05 Q2b).
	panic("domination: no dominating set of n queens found")
}

// task is a sub-problem of one level: the rank of its orbit (-1 without
// symmetry), the queens placed and the squares forbidden before it.
type task struct {
	index   int
	rank    int
	queens  []int
	forbids []int
}

type taskResult struct {
	index   int
	weight  int64
	nodes   int64
	example []int
}

// level runs one level of [Solve]: a producer goroutine splits the search
// into tasks, workers search them, the calling goroutine gathers the results.
type level struct {
	ctx     context.Context
	g       *geometry
	sym     *symmetry
	opt     Options
	workers int
	start   time.Time
	k       int

	// results of the last run
	tasks   int
	nodes   int64
	weight  int64
	example []int
}

// splitLevels is the number of branching levels the producer expands.
const splitLevels = 2

func (lv *level) run(totalNodes *int64) error {
	ctx, cancel := context.WithCancel(lv.ctx)
	defer cancel()
	lv.tasks, lv.nodes, lv.weight, lv.example = 0, 0, 0, nil
	exampleIndex := -1

	var produced atomic.Int64
	var producing atomic.Bool
	producing.Store(true)
	var stopAbove atomic.Int64 // first-only mode: tasks after a solved one are skipped
	stopAbove.Store(1 << 62)
	tasks := make(chan task, 4*lv.workers)
	results := make(chan taskResult, 4*lv.workers)
	var producerNodes int64
	go func() {
		defer close(tasks)
		producerNodes = lv.produce(ctx, tasks, &produced, &stopAbove)
		producing.Store(false)
	}()
	var wg sync.WaitGroup
	for range lv.workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			lv.work(ctx, tasks, results, &stopAbove)
		}()
	}
	go func() {
		wg.Wait()
		close(results)
	}()

	last := time.Now()
	base := *totalNodes
	for r := range results {
		lv.tasks++
		lv.nodes += r.nodes
		lv.weight += r.weight
		if r.example != nil && (exampleIndex < 0 || r.index < exampleIndex) {
			lv.example, exampleIndex = r.example, r.index
		}
		if lv.opt.Progress != nil && time.Since(last) >= progressInterval {
			last = time.Now()
			lv.opt.Progress(Progress{N: lv.g.n, K: lv.k, Done: lv.tasks, Total: int(produced.Load()),
				Producing: producing.Load(), Nodes: base + lv.nodes, Elapsed: time.Since(lv.start)})
		}
	}
	// The producer has finished: tasks is closed and drained.
	lv.nodes += producerNodes
	*totalNodes = base + lv.nodes
	if err := lv.ctx.Err(); err != nil {
		return err
	}
	if !lv.opt.Count {
		lv.weight = 0
	}
	if lv.opt.Progress != nil {
		lv.opt.Progress(Progress{N: lv.g.n, K: lv.k, Done: lv.tasks, Total: lv.tasks,
			Nodes: *totalNodes, Elapsed: time.Since(lv.start)})
	}
	return nil
}

const progressInterval = 500 * time.Millisecond

// root prepares s.nodes[0] for sub-problem rank (-1: the whole board) and
// returns the depth at which the search starts.
func (lv *level) root(s *searcher, rank int, queensPlaced, forbids []int) int {
	g := lv.g
	nd := &s.nodes[0]
	g.reset(nd)
	s.orbit = -1
	s.queens = s.queens[:0]
	if rank >= 0 {
		s.orbit = lv.sym.ranked[rank]
		for _, t := range lv.sym.lower[rank] {
			g.forbid(nd, t)
		}
	}
	for _, t := range forbids {
		g.forbid(nd, t)
	}
	for _, q := range queensPlaced {
		g.place(nd, q, lv.opt.Independent)
	}
	s.queens = append(s.queens, queensPlaced...)
	d := len(queensPlaced)
	if d > 0 {
		s.nodes[d].copyFrom(nd)
	}
	return d
}

func (lv *level) newSearcher(ctx context.Context) *searcher {
	s := newSearcher(lv.g, lv.opt.Independent, lv.k+1)
	s.firstOnly = !lv.opt.Count
	if lv.sym != nil {
		s.orbitOf, s.orbitSize = lv.sym.orbitOf, lv.sym.orbitSize
	}
	s.stop = func() bool { return ctx.Err() != nil }
	return s
}

// produce sends the tasks of the level on out, in a deterministic order, and
// returns the number of search nodes it visited.
func (lv *level) produce(ctx context.Context, out chan<- task, produced, stopAbove *atomic.Int64) int64 {
	s := lv.newSearcher(ctx)
	s.firstOnly = false
	rank := -1
	s.emit = func(q, f []int) {
		if produced.Load() > stopAbove.Load() {
			s.aborted = true // first-only mode: a solution is known
			return
		}
		t := task{index: int(produced.Add(1) - 1), rank: rank, queens: slices.Clone(q), forbids: slices.Clone(f)}
		select {
		case out <- t:
		case <-ctx.Done():
			s.aborted = true
		}
	}
	if lv.sym == nil {
		s.splitAt = min(splitLevels, lv.k-1)
		lv.root(s, -1, nil, nil)
		s.search(0, lv.k)
		return s.visited
	}
	s.splitAt = min(1+splitLevels, lv.k-1)
	for rank = range lv.sym.ranked {
		d := lv.root(s, rank, []int{lv.sym.rep[lv.sym.ranked[rank]]}, nil)
		s.search(d, lv.k-d)
		if s.aborted {
			break
		}
	}
	return s.visited
}

// work searches the tasks received until the channel closes.
func (lv *level) work(ctx context.Context, in <-chan task, out chan<- taskResult, stopAbove *atomic.Int64) {
	s := lv.newSearcher(ctx)
	for t := range in {
		r := taskResult{index: t.index}
		if ctx.Err() == nil && int64(t.index) < stopAbove.Load() {
			s.visited, s.weight, s.example, s.aborted = 0, 0, nil, false
			d := lv.root(s, t.rank, t.queens, t.forbids)
			s.search(d, lv.k-d)
			r.weight, r.nodes, r.example = s.weight, s.visited, s.example
			if s.example != nil && s.firstOnly {
				for {
					cur := stopAbove.Load()
					if int64(t.index) >= cur || stopAbove.CompareAndSwap(cur, int64(t.index)) {
						break
					}
				}
			}
		}
		out <- r
	}
}
