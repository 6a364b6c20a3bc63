package nb02

import (
	"context"
	"fmt"
	"math"
	"runtime"
	"time"

	"github.com/prepa-reines/reines/grading"
	"github.com/prepa-reines/reines/tp/fastcount"
	"github.com/prepa-reines/reines/tp/iterative"
	"github.com/prepa-reines/reines/tp/queens"
)

// What the demonstrations of notebook 02 show and only the reference
// answers compute: in the student edition, recorded when it was released.

// Move is a state before and after a move of the reference loop.
type Move struct{ Before, After iterative.State }

// BacktrackExamples returns three backtracks on a 4×4 board, the figure of
// Q7: a dead end on row 3, one whose row 2 is exhausted too, one that
// exhausts row 1.
var BacktrackExamples = grading.Data("02", "backtrack-examples", func() []Move {
	var ms []Move
	for _, s := range []iterative.State{
		{N: 4, I: 3, J: 4, C: []int{0, 1, 3, 0, 0}},
		{N: 4, I: 3, J: 4, C: []int{0, 1, 4, 0, 0}},
		{N: 4, I: 2, J: 4, C: []int{0, 4, 0, 0, 0}},
	} {
		after := s.Clone()
		iterative.Backtrack(after, s.N)
		ms = append(ms, Move{s, *after})
	}
	return ms
})

// Frame is one step of the replay of the reference search: the event and
// the state right after it.
type Frame struct {
	S iterative.State
	E iterative.Event
}

// Replay is the whole search on a 4×4 board, step by step (the tries
// counted but not kept).
type Replay struct {
	Frames []Frame
	Tried  int // squares tried in all
}

// Replay4 returns the search on a 4×4 board as the reference loop runs it.
var Replay4 = grading.Data("02", "replay-4", func() Replay {
	var r Replay
	r.Tried, _ = iterative.Trace(4, func(s *iterative.State, e iterative.Event) bool {
		if e.Kind != iterative.EventTry {
			r.Frames = append(r.Frames, Frame{*s.Clone(), e})
		}
		return true
	})
	return r
})

// TriedRow is one row of the table of squares tried.
type TriedRow struct {
	N, Tried  int
	Solutions int64
}

// Tried returns, for n = 1 … 9, the squares the loop tries and the
// solutions it finds.
var Tried = grading.Data("02", "tried", func() []TriedRow {
	var rows []TriedRow
	for n := 1; n <= 9; n++ {
		tried, _ := iterative.Trace(n, func(*iterative.State, iterative.Event) bool { return true })
		sols, _ := queens.Count(n)
		rows = append(rows, TriedRow{n, tried, sols})
	}
	return rows
})

// RecursiveSolutions returns the solutions of notebook 01's recursive
// search for n = 4, 6 and 8, to compare the loop's with.
var RecursiveSolutions = grading.Data("02", "recursive-solutions", func() map[int][]queens.Placement {
	out := map[int][]queens.Placement{}
	for _, n := range []int{4, 6, 8} {
		out[n], _ = queens.Solutions(n)
	}
	return out
})

// FastRow is one row of the fast counter's table.
type FastRow struct {
	N           int
	Count       int64   // Q(n), A000170
	Fundamental int64   // A002562, from the same search
	Seconds     float64 // time of the count, all cores
	Workers     int     // cores used
}

// FastCounts returns the fast counter's results for n = 1 … 15, timed
// where it ran (the teacher's machine, when the student edition was
// released).
var FastCounts = grading.Measured("02", "fastcount", func() []FastRow {
	var rows []FastRow
	for n := 1; n <= 15; n++ {
		start := time.Now()
		r, _ := fastcount.CountAll(context.Background(), n, fastcount.Options{})
		rows = append(rows, FastRow{N: n, Count: r.Solutions, Fundamental: r.Fundamental, Seconds: time.Since(start).Seconds(), Workers: runtime.GOMAXPROCS(0)})
	}
	return rows
})

// Timing is the best time, in seconds, of the recursive counter of
// notebook 01 (0 beyond n = 12: not measured) and of the fast counter on
// one core, for one n.
type Timing struct {
	N               int
	Recursive, Fast float64
}

// Timings returns the times of the two reference counters for n = 4 … 14,
// measured where they ran (the teacher's machine, when the student edition
// was released).
var Timings = grading.Measured("02", "timings", func() []Timing {
	var ts []Timing
	for n := 4; n <= 14; n++ {
		t := Timing{N: n}
		if n <= 12 {
			t.Recursive = Best(func() { queens.Count(n) })
		}
		t.Fast = Best(func() { fastcount.Count(context.Background(), n, fastcount.Options{Workers: 1}) })
		ts = append(ts, t)
	}
	return ts
})

// Best returns the best time of f, in seconds, over runs totalling 30 ms
// (at least one): one short measure is not reliable.
func Best(f func()) float64 {
	best, total := math.Inf(1), 0.0
	for total < 0.03 {
		start := time.Now()
		f()
		d := time.Since(start).Seconds()
		best, total = min(best, d), total+d
	}
	return best
}

// Growth says in French, from rows (see [FastCounts]), by what factor each
// n multiplies the fast counter's time, over the last boards measured (from
// n = 10 on: below, the times are too short to mean anything).
func Growth(rows []FastRow) string {
	lo, hi := math.Inf(1), 0.0
	first, last := 0, 0
	for i := 1; i < len(rows); i++ {
		a, b := rows[i-1], rows[i]
		if a.N < 10 || a.Seconds <= 0 || b.N != a.N+1 {
			continue
		}
		r := b.Seconds / a.Seconds
		lo, hi = min(lo, r), max(hi, r)
		if first == 0 {
			first = a.N
		}
		last = b.N
	}
	if first == 0 {
		return ""
	}
	return fmt.Sprintf("De n = %d à n = %d, chaque n de plus a multiplié le temps par %.1f à %.1f.", first, last, grading.Dec(lo), grading.Dec(hi))
}
