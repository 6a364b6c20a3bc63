// Package fastcount counts the solutions of the N-queens problem as fast as
// the machine allows, for notebook 02's last part: [Count] gives Q(n)
// (OEIS A000170), [Fundamental] the number of solutions up to the 8
// symmetries of the board (OEIS A002562), and [Transform] / [Symmetries]
// apply those symmetries to a placement.
//
// # The counter
//
// [Count] is a bitboard backtracking search (Walker's method, TAOCP 7.2.2
// Algorithm W; the form of Jeff Somers' well-known C program): the
// columns and the two diagonals already attacked in the next row are three
// bit masks, the free squares of that row are the zero bits of their union,
// and the search takes them lowest bit first. Three refinements:
//
//   - Mirror symmetry. Reflecting a solution left–right gives a solution,
//     and the first-row queen goes from column c to n-1-c. The search only
//     places the first queen in the left half and doubles the count; for
//     odd n, the solutions with the first queen in the middle column are
//     halved the same way on the second row (whose queen cannot be in the
//     middle column too).
//   - Sub-problems. The placements of the first three rows (or fewer for
//     tiny boards) are independent sub-problems, hundreds of them for
//     n ≥ 12, handed out one at a time to Options.Workers goroutines: the
//     cores stay busy even though the sub-problems differ in size.
//   - A tight loop. Each sub-problem runs as one loop over an explicit
//     stack, with the last two rows counted without a loop (only two
//     columns are left) and a look-ahead that drops a queen leaving the row
//     after next without a free square.
//
// Speed: n = 16 takes about 4 s of CPU time on one core of the course
// machines (2 cores), as long as the same search in C built with gcc -O3;
// with both cores free, close to half that, since over a thousand
// sub-problems keep them evenly loaded. Each extra row multiplies the time
// by about 7: n = 18 takes minutes, n = 20 hours. See BenchmarkCount.
//
// See example_test.go for a runnable tour.
package fastcount

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/prepa-reines/reines/tp/queens"
)

// MaxN is the largest board size [Count] accepts: the masks are uint64,
// one bit per column. The limit is the mask width, not the time: n = 27,
// the largest size ever counted (Preußer & Engelhardt, 2016), would take
// this program centuries.
const MaxN = 64

// ErrTooLarge is returned (wrapped, with the size) by [Count] for n > [MaxN].
var ErrTooLarge = errors.New("fastcount: board too large for 64-bit masks")

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

// subproblem is a partial placement of the first rows: the columns and the
// diagonals they attack in the next row, the number of rows still empty,
// and the weight of each completion (2 when it stands for itself and its
// mirror image).
type subproblem struct {
	cols, left, right uint64
	rows              int
	weight            int64
}

// Count returns Q(n), the number of solutions of the n-queens problem
// (OEIS A000170): 1 for n = 0 (the empty board has one, empty, placement,
// as in A000170 and [queens.Count]), 0 for n = 2 and 3, 92 for n = 8,
// 14,772,512 for n = 16. See the package comment for the method and the
// time it takes; the work grows about 7-fold per row.
//
// The search is split into sub-problems run by opt.Workers goroutines.
// Cancelling ctx stops every worker within a few milliseconds; Count then
// returns 0 and ctx.Err(). Count returns only after its goroutines have
// stopped.
//
// Errors: [queens.ErrNegative] for n < 0; [ErrTooLarge] for n > [MaxN];
// [ErrWorkers] for opt.Workers < 0; ctx.Err() if ctx is done before the
// count is complete.
func Count(ctx context.Context, n int, opt Options) (int64, error) {
	switch {
	case n < 0:
		return 0, queens.ErrNegative
	case n > MaxN:
		return 0, fmt.Errorf("%w: n = %d > %d", ErrTooLarge, n, MaxN)
	case opt.Workers < 0:
		return 0, ErrWorkers
	}
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	workers := opt.Workers
	if workers == 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	tasks := split(n)
	if opt.Progress != nil {
		opt.Progress(0, len(tasks))
	}

	var stop atomic.Bool
	defer context.AfterFunc(ctx, func() { stop.Store(true) })()
	var next atomic.Int64
	results := make(chan int64, workers)
	var wg sync.WaitGroup
	for range min(workers, len(tasks)) {
		wg.Go(func() {
			for {
				i := next.Add(1) - 1
				if i >= int64(len(tasks)) || stop.Load() {
					return
				}
				t := tasks[i]
				c, ok := completions(t.cols, t.left, t.right, t.rows, n, &stop)
				if !ok {
					return
				}
				results <- t.weight * c
			}
		})
	}
	go func() {
		wg.Wait()
		close(results)
	}()

	var total int64
	done := 0
	for c := range results {
		total += c
		done++
		if opt.Progress != nil {
			opt.Progress(done, len(tasks))
		}
	}
	if done < len(tasks) {
		return 0, ctx.Err()
	}
	return total, nil
}

// boardMask returns the mask of the n columns of the board, bits 0..n-1.
func boardMask(n int) uint64 {
	return ^uint64(0) >> (64 - n)
}

// split returns the sub-problems of the search on an n×n board, n ≤ MaxN:
// the placements of the first min(n, 3) rows, with the first queen in the
// left half of the board (weight 2), or, for odd n, in the middle column
// with the second queen in the left half (weight 2). The weights of all
// completions add up to Q(n). n = 0 and n = 1 are one sub-problem of
// weight 1.
func split(n int) []subproblem {
	if n <= 1 {
		return []subproblem{{rows: 0, weight: 1}}
	}
	all := boardMask(n)
	depth := min(n, 3)
	var tasks []subproblem
	var extend func(t subproblem, placed int, allowed uint64)
	extend = func(t subproblem, placed int, allowed uint64) {
		if placed == depth {
			tasks = append(tasks, t)
			return
		}
		free := allowed &^ (t.cols | t.left | t.right)
		for free != 0 {
			bit := free & -free
			free ^= bit
			extend(subproblem{
				cols:   t.cols | bit,
				left:   (t.left | bit) << 1,
				right:  (t.right | bit) >> 1,
				rows:   t.rows - 1,
				weight: t.weight,
			}, placed+1, all)
		}
	}
	half := uint64(1)<<(n/2) - 1 // columns 0..n/2-1
	extend(subproblem{rows: n, weight: 2}, 0, half)
	if n%2 == 1 {
		mid := uint64(1) << (n / 2)
		extend(subproblem{cols: mid, left: mid << 1, right: mid >> 1, rows: n - 1, weight: 2}, 1, half)
	}
	return tasks
}

// completions counts the ways to fill the last rows of an n×n board, given
// the columns and diagonals (cols, left, right) attacked in the first empty
// row. It checks stop every pollInterval pushes and returns false if it
// was set. This is the hot loop: an explicit stack instead of recursion, no
// bounds checks (indices masked to the array size), the last two rows
// counted without a loop.
func completions(cols, left, right uint64, rows, n int, stop *atomic.Bool) (int64, bool) {
	all := boardMask(n)
	if rows < 3 {
		return tail(all, cols, left, right, rows), true
	}
	var stCols, stLeft, stRight, stFree [64]uint64
	last := uint(rows - 3) // depth whose children leave two rows
	depth := uint(0)
	poll := pollInterval
	var count int64
	free := all &^ (cols | left | right)
	for {
		if free == 0 {
			if depth == 0 {
				return count, true
			}
			depth--
			cols, left, right, free = stCols[depth&63], stLeft[depth&63], stRight[depth&63], stFree[depth&63]
			continue
		}
		bit := free & -free
		free ^= bit
		nc, nl, nr := cols|bit, (left|bit)<<1, (right|bit)>>1
		nf := all &^ (nc | nl | nr)
		// Look-ahead: no square in the next row, or none in the row after
		// even before the next queen goes down.
		if nf == 0 || all&^(nc|nl<<1|nr>>1) == 0 {
			continue
		}
		if depth == last {
			// Two rows left, on the two free columns: put the next queen on
			// one and check that the other is safe in the last row.
			empty := all &^ nc
			b := nf & -nf
			if (empty^b)&((nl|b)<<1|(nr|b)>>1) == 0 {
				count++
			}
			if nf ^= b; nf != 0 && (empty^nf)&((nl|nf)<<1|(nr|nf)>>1) == 0 {
				count++
			}
			continue
		}
		if poll--; poll == 0 {
			poll = pollInterval
			if stop.Load() {
				return count, false
			}
		}
		stCols[depth&63], stLeft[depth&63], stRight[depth&63], stFree[depth&63] = cols, left, right, free
		depth++
		cols, left, right, free = nc, nl, nr, nf
	}
}

// tail counts the completions of the last rows (0, 1 or 2) by plain
// recursion; the loop of completions handles three rows and more.
func tail(all, cols, left, right uint64, rows int) int64 {
	if rows == 0 {
		return 1
	}
	var count int64
	free := all &^ (cols | left | right)
	for free != 0 {
		bit := free & -free
		free ^= bit
		count += tail(all, cols|bit, (left|bit)<<1, (right|bit)>>1, rows-1)
	}
	return count
}
