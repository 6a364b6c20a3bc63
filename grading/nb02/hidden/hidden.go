// Package hidden sets the hidden cases of the questions of notebook 02
// (grading/nb02), the cases used only when a submission is graded, when it
// is imported (grading/workbook imports it, and so does the header of every
// notebook). The student edition has this package empty: it is the
// teacher's part of the TP. States met by the reference loop are sampled
// with the teacher's seed.
package hidden

import (
	"math/rand/v2"

	"github.com/prepa-reines/reines/grading"
	"github.com/prepa-reines/reines/grading/nb02"
	"github.com/prepa-reines/reines/tp/board"
	"github.com/prepa-reines/reines/tp/iterative"
	"github.com/prepa-reines/reines/tp/queens"
)

func init() {
	nb02.Q1.Hidden = func(rng *rand.Rand) []grading.Sized {
		return []grading.Sized{{N: 2}, {N: 9 + rng.IntN(8)}, {N: -2 - rng.IntN(100)}}
	}
	// Every other square of a 6×6 board, seen from a random square.
	nb02.Q2.Hidden = func(rng *rand.Rand) []nb02.StateCase {
		i, j := 1+rng.IntN(6), 1+rng.IntN(6)
		var cs []nb02.StateCase
		for l := 1; l <= 6; l++ {
			for c := 1; c <= 6; c++ {
				if l != i || c != j {
					cs = append(cs, nb02.StateCase{S: nb02.NewState(6, i, j), Row: l, Col: c})
				}
			}
		}
		return cs
	}
	nb02.Q3.Hidden = func(rng *rand.Rand) []nb02.StateCase {
		return sample(rng, 12, traceCases(6, func(s *iterative.State, e iterative.Event) bool { return e.Kind == iterative.EventTry }))
	}
	nb02.Q4.Hidden = func(rng *rand.Rand) []nb02.StateCase {
		return sample(rng, 6, traceCases(6, func(s *iterative.State, e iterative.Event) bool {
			return e.Kind == iterative.EventTry && !iterative.IsSafe(s) && iterative.HasAlternative(s, s.N)
		}))
	}
	nb02.Q5.Hidden = func(rng *rand.Rand) []nb02.StateCase {
		return sample(rng, 6, traceCases(6, func(s *iterative.State, e iterative.Event) bool {
			return e.Kind == iterative.EventTry && iterative.IsSafe(s)
		}))
	}
	nb02.Q6.Hidden = func(rng *rand.Rand) []nb02.StateCase {
		return sample(rng, 8, traceCases(5, func(s *iterative.State, e iterative.Event) bool { return e.Kind == iterative.EventTry }))
	}
	nb02.Q7.Hidden = func(rng *rand.Rand) []nb02.StateCase {
		return sample(rng, 10, traceCases(6, func(s *iterative.State, e iterative.Event) bool {
			return e.Kind == iterative.EventSolution ||
				e.Kind == iterative.EventTry && !iterative.IsSafe(s) && !iterative.HasAlternative(s, s.N)
		}))
	}
	nb02.Q8.Hidden = func(rng *rand.Rand) []nb02.StateCase {
		n := 2 + rng.IntN(7)
		return []nb02.StateCase{{S: nb02.NewState(n, 0, 0)}, {S: nb02.NewState(n, 1, n)}, {S: nb02.NewState(n, 2, 1, 1+rng.IntN(n))}}
	}
	nb02.Q9.Hidden = func(rng *rand.Rand) []nb02.StateCase {
		n := 3 + rng.IntN(6)
		return []nb02.StateCase{{S: nb02.NewState(n, n+1, 1)}, {S: nb02.NewState(n, n, 1)}, {S: nb02.NewState(n, 0, 0)}}
	}
	nb02.Q10.Hidden = func(rng *rand.Rand) []nb02.StateCase {
		n := 3 + rng.IntN(6)
		return []nb02.StateCase{{S: nb02.NewState(n, n+1, 1)}, {S: nb02.NewState(n, n, 2)}, {S: nb02.NewState(n, 0, 0)}}
	}
	// A random solution of n = 6 found after the ones before it.
	nb02.Q11.Hidden = func(rng *rand.Rand) []nb02.StateCase {
		sols, _ := queens.Solutions(6)
		var cs []nb02.StateCase
		for _, k := range rng.Perm(len(sols))[:2] {
			s := nb02.NewState(6, 7, 1)
			for r, c := range sols[k] {
				s.C[r+1] = c + 1
			}
			s.Solutions = sols[:k]
			cs = append(cs, nb02.StateCase{S: s})
		}
		return cs
	}
	nb02.Q12.Hidden = func(rng *rand.Rand) []grading.Sized {
		return []grading.Sized{{N: 7}, {N: 9}, {N: 10}, {N: -2 - rng.IntN(100)}}
	}
	nb02.Q14.Hidden = func(rng *rand.Rand) []grading.Sized {
		// Not 4 or 8: public cases.
		return []grading.Sized{{N: []int{2, 3, 5, 6, 7}[rng.IntN(5)]}, {N: 9 + rng.IntN(8)}}
	}
	nb02.Q15.Hidden = func(rng *rand.Rand) []nb02.DrawCase {
		n := 5 + rng.IntN(4)
		return []nb02.DrawCase{
			{B: board.Board{N: 1}, Row: 1, Col: 1},
			{B: board.Board{N: n, Queens: []queens.Square{{Row: n - 1, Col: n - 1}}}, Row: 1 + rng.IntN(n-1), Col: 1 + rng.IntN(n)},
		}
	}
	nb02.Q16.Hidden = func(rng *rand.Rand) []nb02.SolutionsCase {
		// Not the 1st of n = 8 or the 3rd of n = 6: public cases.
		return nb02.SolutionsCases([]int{1, 8, 6}, []int{1, 2 + rng.IntN(91), []int{1, 2, 4}[rng.IntN(3)]})
	}
	nb02.Q17.Hidden = func(rng *rand.Rand) []nb02.SolutionsCase { return nb02.SolutionsCases([]int{5, 7}, []int{0, 0}) }
}

// sample returns k cases of cs drawn with rng, in their order.
func sample(rng *rand.Rand, k int, cs []nb02.StateCase) []nb02.StateCase {
	idx := rng.Perm(len(cs))[:min(k, len(cs))]
	keep := make([]bool, len(cs))
	for _, i := range idx {
		keep[i] = true
	}
	var out []nb02.StateCase
	for i, c := range cs {
		if keep[i] {
			out = append(out, c)
		}
	}
	return out
}

// traceCases returns a case for each state of the search on an n×n board
// at which keep says yes, as the loop of iterative.Solve meets them
// (without the solutions found so far, which the moves do not read).
func traceCases(n int, keep func(*iterative.State, iterative.Event) bool) []nb02.StateCase {
	var cs []nb02.StateCase
	iterative.Trace(n, func(s *iterative.State, e iterative.Event) bool {
		if keep(s, e) {
			c := s.Clone()
			c.Solutions, c.Steps = []queens.Placement{}, 0
			cs = append(cs, nb02.StateCase{S: *c})
		}
		return true
	})
	return cs
}
