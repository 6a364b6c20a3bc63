// Package hidden sets the hidden cases of the questions of notebook 05
// (grading/nb05), the cases used only when a submission is graded, when it
// is imported (grading/workbook imports it, and so does the header of every
// notebook). The student edition has this package empty: it is the
// teacher's part of the TP. Random ones are drawn with the teacher's seed.
package hidden

import (
	"math/rand/v2"

	"github.com/prepa-reines/reines/grading"
	"github.com/prepa-reines/reines/grading/nb05"
	"github.com/prepa-reines/reines/tp/domination"
	"github.com/prepa-reines/reines/tp/queens"
)

func init() {
	nb05.Q2b.Hidden = func(rng *rand.Rand) []grading.Sized {
		return []grading.Sized{{N: 7}, {N: 10}, {N: 11}, {N: 13 + rng.IntN(4)}, {N: 21 + rng.IntN(10)}, {N: 25}}
	}
	nb05.Q3b.Hidden = func(rng *rand.Rand) []grading.Sized {
		return []grading.Sized{{N: 6}, {N: 7}, {N: 12}, {N: 13}, {N: 30 + rng.IntN(70)}, {N: 1000 + rng.IntN(9000)}, {N: -2 - rng.IntN(100)}}
	}
	nb05.Q4.Hidden = func(rng *rand.Rand) []nb05.CoverageCase {
		qs, _ := domination.IndependentDominatingSet(8)
		k := rng.IntN(len(qs))
		partial := append(append([]queens.Square(nil), qs[:k]...), qs[k+1:]...)
		return nb05.WithCoverage([]nb05.CoverageCase{
			{N: 8, Independent: true, Queens: qs},
			{N: 8, Independent: true, Queens: partial},
			{N: 5, Queens: []queens.Square{{Row: 0, Col: 0}, {Row: 0, Col: 1}, {Row: 4, Col: 4}}},
		})
	}
	// Random valid sequences of additions and removals on the 7×7 board,
	// with and without the rule.
	nb05.Q5.Hidden = func(rng *rand.Rand) []nb05.UpdateCase {
		var cs []nb05.UpdateCase
		for _, independent := range []bool{true, false} {
			c, _ := domination.NewCoverage(7, independent)
			in := nb05.UpdateCase{N: 7, Independent: independent, What: "suite aléatoire d'ajouts et de retraits"}
			for len(in.Ops) < 12 {
				sq := queens.Square{Row: rng.IntN(7), Col: rng.IntN(7)}
				delta := 1
				if c.Queen[sq.Row][sq.Col] {
					delta = -1
				}
				if domination.Update(c, sq, delta) == nil {
					in.Ops = append(in.Ops, nb05.Op{Row: sq.Row, Col: sq.Col, Delta: delta})
				}
			}
			cs = append(cs, in)
		}
		return append(cs, nb05.UpdateCase{N: 2, Independent: true, Ops: []nb05.Op{{Row: 0, Col: 0, Delta: 1}, {Row: 0, Col: 0, Delta: -1}, {Row: 1, Col: 1, Delta: 1}, {Row: 0, Col: 0, Delta: -1}}, What: "retrait deux fois"})
	}
	negative := func(rng *rand.Rand) grading.Sized { return grading.Sized{N: -1 - rng.IntN(100)} }
	nb05.Q7.Hidden = func(rng *rand.Rand) []grading.Sized { return []grading.Sized{{N: 9}, negative(rng)} }
	nb05.Q9b.Hidden = nb05.Q7.Hidden
	nb05.Q10.Hidden = nb05.Q7.Hidden
	nb05.Q13.Hidden = nb05.Q7.Hidden
	nb05.Q18.Hidden = func(rng *rand.Rand) []nb05.ReservoirCase {
		return []nb05.ReservoirCase{
			{Row: []int{0, 0, 0}, Draws: 9000, Seed: rng.Uint64()},
			{Row: []int{1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0}, Draws: 18000, Seed: rng.Uint64()},
			{Row: []int{0, 5, 5, 5, 5, 5, 5, 5, 5, 0}, Draws: 6000, Seed: rng.Uint64()},
		}
	}
	nb05.Q19.Hidden = func(rng *rand.Rand) []nb05.RandomCase {
		return []nb05.RandomCase{
			{N: 2, Trials: 20, Seed: rng.Uint64()},
			{N: 5, Trials: 3000, Seed: rng.Uint64(), Reach: true},
			{N: 6, Trials: 3000, Seed: rng.Uint64(), Reach: true},
			{N: 8, Trials: 4000, Seed: rng.Uint64(), Reach: true},
			{N: 20, Trials: 200, Seed: rng.Uint64()},
		}
	}
	nb05.Q22b.Hidden = func(rng *rand.Rand) []nb05.ProbabilityCase {
		return []nb05.ProbabilityCase{{N: 4}, {N: 7}, {N: 40 + rng.IntN(30)}}
	}
	nb05.Q24b.Hidden = func(rng *rand.Rand) []nb05.ParallelCase {
		return []nb05.ParallelCase{
			{N: 2, Trials: 20, Workers: 1, Seed: rng.Uint64()},
			// n = 7 would need some 30 000 trials to be sure of i(Q_7): one
			// trial in 1 500 finds it (TestReachIsSure).
			{N: []int{5, 6, 8}[rng.IntN(3)], Trials: 4000, Workers: 2 + rng.IntN(3), Seed: rng.Uint64(), Reach: true},
			{N: 20, Trials: 200, Workers: 3, Seed: rng.Uint64()},
			{N: 5, Trials: 10, Workers: -1 - rng.IntN(5), Seed: rng.Uint64()},
			{N: -1 - rng.IntN(100), Trials: 10, Workers: 2, Seed: rng.Uint64()},
		}
	}
	nb05.Q29.Hidden = func(rng *rand.Rand) []nb05.WorkersCase {
		// n = 8 with more workers than the public case's: a trace of as
		// many workers to give. n = 9 would cost the race detector's
		// build some 2 s of both cores per notebook, and the searches of
		// nb05.Q7 … nb05.Q13 already go to n = 9.
		return []nb05.WorkersCase{{N: 2, Workers: 4}, {N: 8, Workers: 3 + rng.IntN(2)}, {N: 10, Workers: 2, Cancel: true}}
	}
	nb05.Q28.Hidden = func(rng *rand.Rand) []grading.Sized { return []grading.Sized{negative(rng)} }
}
