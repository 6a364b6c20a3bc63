// Package hidden sets the hidden cases of the questions of notebook 04
// (grading/nb04), the cases used only when a submission is graded, when it
// is imported (grading/workbook imports it, and so does the header of every
// notebook). The student edition has this package empty: it is the
// teacher's part of the TP. Random ones are drawn with the teacher's seed.
package hidden

import (
	"math/rand/v2"
	"slices"

	"github.com/prepa-reines/reines/grading"
	"github.com/prepa-reines/reines/grading/nb04"
	"github.com/prepa-reines/reines/tp/exactcover"
)

func init() {
	// Random 0/1 matrices, with one unit row per column so that there is
	// always a solution.
	nb04.Q2.Hidden = func(rng *rand.Rand) []nb04.MatrixCase {
		var cs []nb04.MatrixCase
		for k := range 6 {
			rows, cols := 6+k, 4+k/2
			m := make(exactcover.Matrix, rows)
			for r := range m {
				m[r] = make([]int, cols)
				for c := range m[r] {
					if rng.IntN(3) == 0 {
						m[r][c] = 1
					}
				}
			}
			for c := range cols {
				row := make([]int, cols)
				row[c] = 1
				m = append(m, row)
			}
			cs = append(cs, nb04.MatrixCase{M: m})
		}
		return cs
	}
	nb04.Q3.Hidden = func(*rand.Rand) []nb04.DLXCase {
		return []nb04.DLXCase{
			{Primary: []string{"p", "q"}, Secondary: []string{"r"}},
			{Primary: []string{"a", "b"}, Secondary: []string{"a"}, What: "nom en double"},
			{Primary: []string{"a|b"}, What: "nom interdit"},
		}
	}
	nb04.Q4.Hidden = func(*rand.Rand) []nb04.DLXCase {
		return nb04.Built([]nb04.DLXCase{
			{Primary: nb04.KnuthItems, Insert: nb04.KnuthOptions},
			{Primary: []string{"r1", "r2", "c1", "c2"}, Secondary: []string{"a0", "a1", "a2", "b0", "b1", "b2"},
				Insert: [][]string{{"r1", "c1", "a0", "b1"}, {"r1", "c2", "a1", "b0"}, {"r2", "c1", "a1", "b2"}, {"r2", "c2", "a2", "b1"}}},
		})
	}
	// A random node of the course's example.
	node := func(rng *rand.Rand) (option, pos int) {
		option = rng.IntN(len(nb04.KnuthOptions))
		return option, rng.IntN(len(nb04.KnuthOptions[option]))
	}
	nb04.Q5.Hidden = func(rng *rand.Rand) []nb04.DLXCase {
		o, x := node(rng)
		return nb04.Built([]nb04.DLXCase{
			{Primary: nb04.KnuthItems, Options: nb04.KnuthOptions, Option: o, Pos: x},
			{Primary: nb04.KnuthItems, Options: nb04.KnuthOptions, Covered: []string{"c"}, Option: 1, Pos: 0},
		})
	}
	nb04.Q6.Hidden = func(rng *rand.Rand) []nb04.DLXCase {
		return nb04.Built([]nb04.DLXCase{
			{Primary: nb04.KnuthItems, Options: nb04.KnuthOptions, Covered: []string{"a", "b"}, Item: nb04.KnuthItems[2+rng.IntN(5)]},
			{Primary: []string{"a", "b"}, Options: [][]string{{"a"}}, Item: "b", What: "élément sans option"},
		})
	}
	nb04.Q7.Hidden = func(rng *rand.Rand) []nb04.DLXCase {
		o, x := node(rng)
		return nb04.WithOptionHidden(nb04.Built([]nb04.DLXCase{
			{Primary: nb04.KnuthItems, Options: nb04.KnuthOptions, Option: o, Pos: x},
			{Primary: nb04.KnuthItems, Options: nb04.KnuthOptions, Covered: []string{"c"}, Option: 3, Pos: 0},
		}))
	}
	nb04.Q8.Hidden = func(rng *rand.Rand) []nb04.DLXCase {
		order := slices.Clone(nb04.KnuthItems)
		rng.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
		return nb04.Built([]nb04.DLXCase{{Primary: nb04.KnuthItems, Options: nb04.KnuthOptions, Covered: order[:3]}})
	}
	nb04.Q10.Hidden = func(*rand.Rand) []nb04.DLXCase {
		return nb04.Built([]nb04.DLXCase{
			{Primary: nb04.KnuthItems, Options: nb04.KnuthOptions, Covered: []string{"b", "c"}},
			{Primary: []string{"a", "b", "c"}, Options: [][]string{{"a"}, {"a"}, {"b"}, {"b"}, {"c"}}},
		})
	}
	nb04.Q11.Hidden = func(*rand.Rand) []nb04.DLXCase {
		return nb04.Built([]nb04.DLXCase{
			{Primary: nb04.KnuthItems, Options: append(slices.Clone(nb04.KnuthOptions), []string{"a", "b", "c"}, []string{"d", "e", "f", "g"}, []string{"a", "b", "c", "d", "e", "f", "g"})},
			{Primary: nb04.FourQueensItems, Secondary: nb04.FourQueensDiagonals, Options: nb04.FourQueensOptions, Limit: 1},
			{Primary: []string{"a"}, Options: nil},
		})
	}
	nb04.Q12.Hidden = func(rng *rand.Rand) []grading.Sized {
		return []grading.Sized{{N: 7}, {N: 9}, {N: 10}, {N: -2 - rng.IntN(100)}}
	}
	// Larger boards, a random problem, and the errors not shown.
	nb04.Q15.Hidden = func(rng *rand.Rand) []nb04.RepeatedCase {
		items := 8 + rng.IntN(4)
		var opts [][]int
		for range 10 {
			var o []int
			for i := range items {
				if rng.IntN(4) == 0 {
					o = append(o, i)
				}
			}
			opts = append(opts, o)
		}
		for i := range items { // one option per item: a cover exists
			opts = append(opts, []int{i})
		}
		return []nb04.RepeatedCase{
			nb04.DominationCase(7, ""),
			nb04.DominationCase(8, ""),
			nb04.DominationCase(9, ""),
			{Items: items, Options: opts},
			{Items: 2, Options: [][]int{{0, 1}, {1, 0}}, What: "deux fois la même option"},
			{Items: -1 - rng.IntN(10), What: "nombre d'éléments négatif"},
			{Items: 5, Options: [][]int{{0, 1, 2, 3}, {1, 2, 3}}, What: "le dernier élément n'est dans aucune option"},
			{Items: 2, Options: [][]int{{0, -1}}, What: "numéro d'élément négatif"},
		}
	}
}
