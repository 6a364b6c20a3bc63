package nb03

// The hidden cases of notebook 03: the teacher's edition only (the
// student edition is released without this file).

import (
	"math/rand/v2"

	"github.com/prepa-reines/reines/grading"
	"github.com/prepa-reines/reines/tp/cp"
	"github.com/prepa-reines/reines/tp/queens"
)

func init() {
	models := func(*rand.Rand) []grading.Sized { return []grading.Sized{{N: 7}, {N: 0}} }
	Q2.Hidden, Q4.Hidden, Q5.Hidden = models, models, models
	// A random permutation, valid placement or not: reading does not judge.
	placements := func(rng *rand.Rand) []queens.Placement {
		return []queens.Placement{rng.Perm(6 + rng.IntN(5)), {9, 8, 7, 6, 5, 4, 3, 2, 1, 0}}
	}
	Q3.Hidden, Q6.Hidden = placements, placements
	orders := []cp.VarOrder{cp.InputOrder, cp.FirstFail, cp.DomWDeg}
	values := []cp.ValueOrder{cp.Increasing, cp.Decreasing, cp.MiddleOut}
	Q7.Hidden = func(rng *rand.Rand) []CountCase {
		pick := func(m ModelSpec) CountCase {
			return CountCase{m, orders[rng.IntN(len(orders))], values[rng.IntN(len(values))]}
		}
		return []CountCase{
			pick(ModelSpec{Kind: "tours", K: 5}),
			pick(ModelSpec{Kind: "dérangements", K: 5 + rng.IntN(3)}),
			pick(ModelSpec{Kind: "sommes", K: 9 + rng.IntN(4), T: 2 + rng.IntN(4)}),
			pick(ModelSpec{Kind: "permutations", K: 0}),
			{ModelSpec{Kind: "créneaux", K: 5 + rng.IntN(4)}, cp.FirstFail, values[rng.IntN(len(values))]},
		}
	}
	Q9.Hidden = func(rng *rand.Rand) []HeuristicCase {
		return []HeuristicCase{
			{2, cp.InputOrder, cp.Decreasing},
			{11 + rng.IntN(4), cp.InputOrder, values[rng.IntN(len(values))]},
			{40 + rng.IntN(30), cp.DomWDeg, cp.MiddleOut},
			{400 + rng.IntN(200), cp.FirstFail, cp.MiddleOut},
			{200, cp.DomWDeg, cp.MiddleOut},
		}
	}
}
