// Package hidden sets the hidden cases of the questions of notebook 00
// (grading/nb00), the cases used only when a submission is graded, when it
// is imported (grading/workbook imports it, and so does the header of every
// notebook). The student edition has this package empty: it is the
// teacher's part of the TP. Random ones are drawn with the teacher's seed,
// outside the public cases' ranges.
package hidden

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/prepa-reines/reines/grading"
	"github.com/prepa-reines/reines/grading/nb00"
	"github.com/prepa-reines/reines/tp/queens"
)

// ints returns k numbers drawn in [lo, hi).
func ints(rng *rand.Rand, k, lo, hi int) []int {
	s := make([]int, k)
	for i := range s {
		s[i] = lo + rng.IntN(hi-lo)
	}
	return s
}

func init() {
	// Public rows stop at 8.
	nb00.Q1.Hidden = func(rng *rand.Rand) []nb00.GridCase {
		return []nb00.GridCase{{Rows: 10 + rng.IntN(6), Cols: 2 + rng.IntN(9)}, {Rows: 9, Cols: 1}}
	}
	// Public placements have at most 7 queens.
	nb00.Q2.Hidden = func(rng *rand.Rand) []nb00.WithQueenCase {
		n := 8 + rng.IntN(4)
		a := rng.IntN(n)
		return []nb00.WithQueenCase{{P: queens.Placement(rng.Perm(n)), A: a, B: (a + 1 + rng.IntN(n-1)) % n}, {P: queens.Placement{0}, A: 5, B: 6}}
	}
	nb00.Q3.Hidden = func(*rand.Rand) []grading.Sized {
		return []grading.Sized{{N: 6}, {N: 7}}
	}
	// Public placements have at most 5 queens.
	nb00.Q4.Hidden = func(rng *rand.Rand) []queens.Placement {
		n := 6 + rng.IntN(4)
		return []queens.Placement{queens.Placement(ints(rng, n, 0, n)), queens.Placement(ints(rng, n+3, 0, 3))}
	}
	// Public boards have at most 5 rows.
	nb00.Q5.Hidden = func(rng *rand.Rand) []nb00.PushCase {
		n := 6 + rng.IntN(3)
		return []nb00.PushCase{{N: n, Cols: ints(rng, 3*n, 0, n)}, {N: 8, Cols: []int{0, 4, 7, 5, 2, 6, 1, 3, 0}}}
	}
	nb00.Q6.Hidden = func(rng *rand.Rand) []string {
		n := 6 + rng.IntN(4)
		words := func(p []int, shift int) string {
			s := make([]string, len(p))
			for i, c := range p {
				s[i] = fmt.Sprint(c + shift)
			}
			return strings.Join(s, " ")
		}
		p := rng.Perm(n)
		bad := rng.Perm(n)
		bad[rng.IntN(n)] = n // 1-based n+1: one past the board
		return []string{words(p, 1), words(bad, 1), words(p, 1) + " 1a", "\t" + words(p[:5], 1) + "\n"}
	}
	// Public lists have at most 7 arguments.
	nb00.Q7.Hidden = func(rng *rand.Rand) [][]int {
		return [][]int{ints(rng, 12, -4, 5), ints(rng, 9, 100, 103)}
	}
	// Public lists are short, or 1 … 20 and 1 … 100.
	nb00.Q8.Hidden = func(rng *rand.Rand) [][]int {
		return [][]int{ints(rng, 30+rng.IntN(20), -50, 50), {-3, 3}}
	}
	nb00.Q9.Hidden = func(rng *rand.Rand) []nb00.WorkersCase {
		return []nb00.WorkersCase{{Tasks: ints(rng, 15+rng.IntN(10), -9, 10), Workers: 2 + rng.IntN(4)}, {Tasks: nb00.Seq(12), Workers: 12}}
	}
	// Public counts stop at 100000.
	nb00.Q10.Hidden = func(rng *rand.Rand) []nb00.CountCase {
		return []nb00.CountCase{{N: 100001 + rng.IntN(50000), Workers: 2 + rng.IntN(5), K: 2 + rng.IntN(9)}, {N: 7, Workers: 7, K: 2}}
	}
	nb00.Q11.Hidden = func(rng *rand.Rand) []nb00.DrainCase {
		return []nb00.DrainCase{
			{Values: ints(rng, 8+rng.IntN(5), -20, 20), Close: true},
			{Values: ints(rng, 8+rng.IntN(5), 0, 100), Cancel: "deadline"},
			{Values: []int{1, 1}, Cancel: "later"},
		}
	}
}
