package nb04

// The hidden cases of notebook 04: the teacher's edition only (the
// student edition is released without this file). Random ones are drawn
// with the teacher's seed.

import (
	"math/rand/v2"
	"slices"

	"github.com/prepa-reines/reines/grading"
	"github.com/prepa-reines/reines/tp/exactcover"
)

func init() {
	// Random 0/1 matrices, with one unit row per column so that there is
	// always a solution.
	Q2.Hidden = func(rng *rand.Rand) []MatrixCase {
		var cs []MatrixCase
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
			cs = append(cs, MatrixCase{M: m})
		}
		return cs
	}
	Q3.Hidden = func(*rand.Rand) []DLXCase {
		return []DLXCase{
			{Primary: []string{"p", "q"}, Secondary: []string{"r"}},
			{Primary: []string{"a", "b"}, Secondary: []string{"a"}, What: "nom en double"},
			{Primary: []string{"a|b"}, What: "nom interdit"},
		}
	}
	Q4.Hidden = func(*rand.Rand) []DLXCase {
		return built([]DLXCase{
			{Primary: knuthItems, Insert: knuthOptions},
			{Primary: []string{"r1", "r2", "c1", "c2"}, Secondary: []string{"a0", "a1", "a2", "b0", "b1", "b2"},
				Insert: [][]string{{"r1", "c1", "a0", "b1"}, {"r1", "c2", "a1", "b0"}, {"r2", "c1", "a1", "b2"}, {"r2", "c2", "a2", "b1"}}},
		})
	}
	// A random node of the course's example.
	node := func(rng *rand.Rand) (option, pos int) {
		option = rng.IntN(len(knuthOptions))
		return option, rng.IntN(len(knuthOptions[option]))
	}
	Q5.Hidden = func(rng *rand.Rand) []DLXCase {
		o, x := node(rng)
		return built([]DLXCase{
			{Primary: knuthItems, Options: knuthOptions, Option: o, Pos: x},
			{Primary: knuthItems, Options: knuthOptions, Covered: []string{"c"}, Option: 1, Pos: 0},
		})
	}
	Q6.Hidden = func(rng *rand.Rand) []DLXCase {
		return built([]DLXCase{
			{Primary: knuthItems, Options: knuthOptions, Covered: []string{"a", "b"}, Item: knuthItems[2+rng.IntN(5)]},
			{Primary: []string{"a", "b"}, Options: [][]string{{"a"}}, Item: "b", What: "élément sans option"},
		})
	}
	Q7.Hidden = func(rng *rand.Rand) []DLXCase {
		o, x := node(rng)
		return hidden(built([]DLXCase{
			{Primary: knuthItems, Options: knuthOptions, Option: o, Pos: x},
			{Primary: knuthItems, Options: knuthOptions, Covered: []string{"c"}, Option: 3, Pos: 0},
		}))
	}
	Q8.Hidden = func(rng *rand.Rand) []DLXCase {
		order := slices.Clone(knuthItems)
		rng.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
		return built([]DLXCase{{Primary: knuthItems, Options: knuthOptions, Covered: order[:3]}})
	}
	Q10.Hidden = func(*rand.Rand) []DLXCase {
		return built([]DLXCase{
			{Primary: knuthItems, Options: knuthOptions, Covered: []string{"b", "c"}},
			{Primary: []string{"a", "b", "c"}, Options: [][]string{{"a"}, {"a"}, {"b"}, {"b"}, {"c"}}},
		})
	}
	Q11.Hidden = func(*rand.Rand) []DLXCase {
		return built([]DLXCase{
			{Primary: knuthItems, Options: append(slices.Clone(knuthOptions), []string{"a", "b", "c"}, []string{"d", "e", "f", "g"}, []string{"a", "b", "c", "d", "e", "f", "g"})},
			{Primary: fourQueensItems, Secondary: fourQueensDiagonals, Options: fourQueensOptions, Limit: 1},
			{Primary: []string{"a"}, Options: nil},
		})
	}
	Q12.Hidden = func(rng *rand.Rand) []grading.Sized {
		return []grading.Sized{{N: 7}, {N: 9}, {N: 10}, {N: -2 - rng.IntN(100)}}
	}
	// Larger boards, a random problem, and the errors not shown.
	Q15.Hidden = func(rng *rand.Rand) []RepeatedCase {
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
		return []RepeatedCase{
			domination(7, ""),
			domination(8, ""),
			domination(9, ""),
			{Items: items, Options: opts},
			{Items: 2, Options: [][]int{{0, 1}, {1, 0}}, What: "deux fois la même option"},
			{Items: -1 - rng.IntN(10), What: "nombre d'éléments négatif"},
			{Items: 5, Options: [][]int{{0, 1, 2, 3}, {1, 2, 3}}, What: "le dernier élément n'est dans aucune option"},
			{Items: 2, Options: [][]int{{0, -1}}, What: "numéro d'élément négatif"},
		}
	}
}
