// Package hidden sets the hidden cases of the questions of notebook 03
// (grading/nb03), the cases used only when a submission is graded, when it
// is imported (grading/workbook imports it, and so does the header of every
// notebook). The student edition has this package empty: it is the
// teacher's part of the TP.
package hidden

import (
	"math/rand/v2"

	"github.com/prepa-reines/reines/grading"
	"github.com/prepa-reines/reines/grading/nb03"
	"github.com/prepa-reines/reines/tp/cp"
	"github.com/prepa-reines/reines/tp/queens"
)

func init() {
	models := func(*rand.Rand) []grading.Sized { return []grading.Sized{{N: 7}, {N: 0}} }
	nb03.Q2.Hidden, nb03.Q4.Hidden, nb03.Q5.Hidden = models, models, models
	// A random permutation, valid placement or not: reading does not judge.
	placements := func(rng *rand.Rand) []queens.Placement {
		return []queens.Placement{rng.Perm(6 + rng.IntN(5)), {9, 8, 7, 6, 5, 4, 3, 2, 1, 0}}
	}
	nb03.Q3.Hidden, nb03.Q6.Hidden = placements, placements
	orders := []cp.VarOrder{cp.InputOrder, cp.FirstFail, cp.DomWDeg}
	values := []cp.ValueOrder{cp.Increasing, cp.Decreasing, cp.MiddleOut}
	nb03.Q7.Hidden = func(rng *rand.Rand) []nb03.CountCase {
		pick := func(m nb03.ModelSpec) nb03.CountCase {
			return nb03.CountCase{Model: m, Vars: orders[rng.IntN(len(orders))], Vals: values[rng.IntN(len(values))]}
		}
		return []nb03.CountCase{
			pick(nb03.ModelSpec{Kind: "tours", K: 5}),
			pick(nb03.ModelSpec{Kind: "dérangements", K: 5 + rng.IntN(3)}),
			pick(nb03.ModelSpec{Kind: "sommes", K: 9 + rng.IntN(4), T: 2 + rng.IntN(4)}),
			pick(nb03.ModelSpec{Kind: "permutations", K: 0}),
			{Model: nb03.ModelSpec{Kind: "créneaux", K: 5 + rng.IntN(4)}, Vars: cp.FirstFail, Vals: values[rng.IntN(len(values))]},
		}
	}
	nb03.Q9.Hidden = func(rng *rand.Rand) []nb03.HeuristicCase {
		return []nb03.HeuristicCase{
			{N: 2, Vars: cp.InputOrder, Vals: cp.Decreasing},
			{N: 11 + rng.IntN(4), Vars: cp.InputOrder, Vals: values[rng.IntN(len(values))]},
			{N: 40 + rng.IntN(30), Vars: cp.DomWDeg, Vals: cp.MiddleOut},
			{N: 400 + rng.IntN(200), Vars: cp.FirstFail, Vals: cp.MiddleOut},
			{N: 200, Vars: cp.DomWDeg, Vals: cp.MiddleOut},
		}
	}
}
