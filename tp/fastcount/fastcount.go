// Package fastcount counts the solutions of the N-queens problem as fast as
// the machine allows, for notebook 02's last part: [CountAll] gives Q(n)
// (OEIS A000170) and the number of solutions up to the 8 symmetries of the
// board (OEIS A002562) in one search, [Count] and [Fundamental] each of
// them, and [Transform] / [Symmetries] apply those symmetries to a
// placement.
//
// # The counter
//
// [CountAll] visits each class of solutions under the 8 symmetries once
// (Takaken's method; the details are in search.go): a corner queen is put
// in the top-left corner with the transpose told apart by the queen of row
// 1, every other class is searched with its top queen nearest a corner and
// the other edge queens kept no nearer, and each solution found is
// compared with its 7 images to know whether it is its class's smallest
// and how many solutions its class has (8, 4 or 2). The search is a
// bitboard backtracking (Walker's method, TAOCP 7.2.2 Algorithm W): the
// columns and the two diagonals attacked in the next row are three bit
// masks, the free squares the zero bits of their union. The placements of
// the first rows are sub-problems, nearly 1,900 for n = 16, handed out one
// at a time to Options.Workers goroutines. Each runs as loops over an
// explicit stack with a look-ahead: one for the few rows that have
// forbidden squares of their own, and a lean one, without function calls,
// for all the rows below, which ends the board in line (row n-3's free
// squares, then the last two rows in bit arithmetic) and sets the
// solutions to check aside.
//
// Speed, single-threaded, on this project's 2-core machines: n = 16 in
// about 1.4 s and n = 17 in about 9.6 s (CPU time, best of a few runs),
// 0.48 and 0.46 of the time of a plain mirror-symmetry bitboard counter in
// C built with gcc -O3 (testdata/mirror.c: 2.9 s and 20.7 s; `make bench`
// measures both side by side); with both cores free, about half that
// (n = 16 in 0.74 s). Each extra row multiplies the time by about 7. See
// BenchmarkCount and `make bench`.
package fastcount

import (
	"context"
	"errors"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/prepa-reines/reines/tp/queens"
)

// MaxN is the largest board size [Count] accepts, [queens.MaxCountN]: the
// count is an int64 (the masks, uint64, would go to 64). The limit is what
// the result can hold, not the time: n = 27, the largest size ever counted
// (Preußer & Engelhardt, 2016), would take this program centuries.
const MaxN = queens.MaxCountN

// ErrTooLarge is returned (wrapped, with the size and the limit) by [Count]
// for n > [MaxN]: it is [queens.ErrTooLarge].
var ErrTooLarge = queens.ErrTooLarge

// ErrWorkers is returned by [Count] for Options.Workers < 0.
var ErrWorkers = errors.New("fastcount: negative number of workers")

// Options tunes [Count]. The zero value is ready to use.
type Options struct {
	// Workers is the number of goroutines searching at once; 0 means
	// runtime.GOMAXPROCS(0), one per core.
	Workers int

	// Progress, if not nil, is called once with done = 0 before the search
	// and then after each finished sub-problem, with the number of
	// sub-problems done and their total (fixed for a given n). It is called
	// from the goroutine that called Count, one call at a time, so it needs
	// no locking; a slow Progress slows the collection of results, not the
	// search.
	Progress func(done, total int)
}

// pollInterval is the number of pushes on the search stack between two
// looks at the cancellation flag: a few milliseconds of search.
const pollInterval = 1 << 16

// Result is what [CountAll] finds.
type Result struct {
	Solutions   int64 // Q(n), OEIS A000170
	Fundamental int64 // classes under the 8 symmetries of the board, OEIS A002562
}

// Count returns Q(n), the number of solutions of the n-queens problem
// (OEIS A000170): 1 for n = 0 (the empty board has one, empty, placement,
// as in A000170 and [queens.Count]), 0 for n = 2 and 3, 92 for n = 8,
// 14,772,512 for n = 16. It is [CountAll]'s Solutions; see there for the
// cost, cancellation and errors.
func Count(ctx context.Context, n int, opt Options) (int64, error) {
	r, err := CountAll(ctx, n, opt)
	return r.Solutions, err
}

// CountAll counts the solutions of the n-queens problem, Q(n) (OEIS
// A000170), and their classes under the 8 symmetries of the board (OEIS
// A002562) in one search that visits each class once (see the package
// comment): 92 and 12 for n = 8, 14,772,512 and 1,846,955 for n = 16; 1
// and 1 for n = 0 and n = 1. The work grows about 7-fold per row.
//
// The search is split into sub-problems run by opt.Workers goroutines.
// Cancelling ctx stops every worker within a few milliseconds; CountAll
// then returns the zero Result and ctx.Err(). It returns only after its
// goroutines have stopped.
//
// Errors: [queens.ErrNegative] for n < 0; [ErrTooLarge] for n > [MaxN];
// [ErrWorkers] for opt.Workers < 0; ctx.Err() if ctx is done before the
// count is complete.
func CountAll(ctx context.Context, n int, opt Options) (Result, error) {
	if err := queens.CheckSize(n, MaxN); err != nil {
		return Result{}, err
	}
	if opt.Workers < 0 {
		return Result{}, ErrWorkers
	}
	if err := ctx.Err(); err != nil {
		return Result{}, err
	}
	if n < 6 {
		// Small boards, by listing their solutions.
		if opt.Progress != nil {
			opt.Progress(0, 1)
			opt.Progress(1, 1)
		}
		return small(n), nil
	}
	workers := opt.Workers
	if workers == 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	tasks := plan(n)
	if opt.Progress != nil {
		opt.Progress(0, len(tasks))
	}

	var stop atomic.Bool
	defer context.AfterFunc(ctx, func() { stop.Store(true) })()
	var next atomic.Int64
	results := make(chan tally, workers)
	var wg sync.WaitGroup
	for range min(workers, len(tasks)) {
		wg.Go(func() {
			s := &searcher{n: n, all: boardMask(n), stop: &stop, poll: pollInterval}
			for {
				i := next.Add(1) - 1
				if i >= int64(len(tasks)) || stop.Load() {
					return
				}
				found, ok := s.run(&tasks[i])
				if !ok {
					return
				}
				results <- found
			}
		})
	}
	go func() {
		wg.Wait()
		close(results)
	}()

	var total Result
	done := 0
	for f := range results {
		total.Solutions += f.solutions
		total.Fundamental += f.classes
		done++
		if opt.Progress != nil {
			opt.Progress(done, len(tasks))
		}
	}
	if done < len(tasks) {
		return Result{}, ctx.Err()
	}
	return total, nil
}

// boardMask returns the mask of the n columns of the board, bits 0..n-1.
func boardMask(n int) uint64 {
	return ^uint64(0) >> (64 - n)
}
