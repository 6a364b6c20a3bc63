// Package hidden sets the hidden cases of the questions of notebook 01
// (grading/nb01), the cases used only when a submission is graded, when it
// is imported (grading/workbook imports it, and so does the header of every
// notebook). The student edition has this package empty: it is the
// teacher's part of the TP. Random ones are drawn with the teacher's seed.
package hidden

import (
	"math/rand/v2"

	"github.com/prepa-reines/reines/grading"
	"github.com/prepa-reines/reines/grading/nb01"
	"github.com/prepa-reines/reines/tp/queens"
)

func init() {
	// Every square of a row of the board, after the queens above it of a
	// random 8-queens solution.
	nb01.Q1.Hidden = func(rng *rand.Rand) []nb01.SafetyCase {
		sols, _ := queens.Solutions(8)
		p := sols[rng.IntN(len(sols))]
		row := 3 + rng.IntN(4)
		var cs []nb01.SafetyCase
		for c := range 8 {
			cs = append(cs, nb01.SafetyCase{P: p, Row: row, Col: c})
		}
		return cs
	}
	nb01.Q2.Hidden = func(rng *rand.Rand) []grading.Sized {
		return []grading.Sized{{N: 7}, {N: 9}, {N: 10}, {N: -2 - rng.IntN(1000)}}
	}
	// A random placement of 5 to 9 queens, valid or not.
	nb01.Q3.Hidden = func(rng *rand.Rand) []queens.Placement {
		n := 5 + rng.IntN(5)
		return []queens.Placement{rng.Perm(n), {1, 3, 5, 0, 2, 4}}
	}
	nb01.Q4.Hidden = func(rng *rand.Rand) []grading.Sized {
		return []grading.Sized{{N: 9}, {N: 11}, {N: -2 - rng.IntN(1000)}}
	}
	nb01.Q5.Hidden = func(rng *rand.Rand) []grading.Sized {
		// n = 5, 6 or 7: 8, a public case, is not a hidden one. n = 21, 23
		// or 25, whose first solution the reference reaches in 1 to 26 ms,
		// against 0.3 s for the public n = 20 and 0.2 to 1.6 s for n = 22,
		// 24, 26: a right search fast enough for the public cases is for
		// these (a slower one timed out on n = 24 alone).
		return []grading.Sized{{N: 5 + rng.IntN(3)}, {N: []int{21, 23, 25}[rng.IntN(3)]}, {N: 0}}
	}
}
