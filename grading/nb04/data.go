package nb04

import (
	"context"

	"github.com/prepa-reines/reines/grading"
	"github.com/prepa-reines/reines/tp/board"
	"github.com/prepa-reines/reines/tp/exactcover"
	"github.com/prepa-reines/reines/tp/exactcover/domcover"
	"github.com/prepa-reines/reines/tp/queens"
)

// What the demonstrations of notebook 04 show and only the reference
// answers compute: in the student edition, recorded when it was released.

// Replay is the example of the step-by-step replay: six items a … f, six
// options, two solutions ({0, 2} and {1, 3, 4}) and dead ends; not the
// course's example, which question 1 asks to work through by hand.
var Replay = exactcover.Matrix{{1, 0, 1, 0, 1, 0}, {1, 1, 0, 0, 0, 0}, {0, 1, 0, 1, 0, 1}, {0, 0, 1, 1, 0, 0}, {0, 0, 0, 0, 1, 1}, {0, 1, 1, 0, 0, 0}}

// TraceReplay returns the steps of Algorithm X on [Replay], as the
// reference search takes them.
var TraceReplay = grading.Data("04", "tracex-replay", func() []exactcover.Step { return exactcover.TraceX(Replay) })

// Domination is γ(Q_n) found by a repeated cover, for one n: the least
// number of queens dominating the board, one such set, how many there are,
// and the nodes of the search.
type Domination = domcover.Result

// Dominations returns [Domination] for n = 1 … 11, computed by the
// reference repeated cover (exactcover's Problem.MinCover, IDA*, which
// also counts the minimum sets).
var Dominations = grading.Data("04", "domination", func() []Domination {
	var out []Domination
	for n := 1; n <= 11; n++ {
		res, err := domcover.Minimum(context.Background(), n, true)
		if err != nil {
			panic(err)
		}
		out = append(out, res)
	}
	return out
})

// DominationOptions returns the options of the domination of the n×n
// board as a repeated cover for MinCover (Q15): the n² squares are the
// items, square (r, c) (0-based) being item n·r+c, and option n·r+c is the
// queen on that square, the increasing list of the squares it controls
// (its own, its row, its column and its two diagonals). nil for n < 1 or
// n > [MaxDominationN].
// Cost O(n⁴).
func DominationOptions(n int) [][]int {
	if n < 1 || n > MaxDominationN {
		return nil
	}
	options := make([][]int, 0, n*n)
	for r := range n {
		for c := range n {
			var o []int
			for r2 := range n {
				for c2 := range n {
					if r2 == r || c2 == c || r2-c2 == r-c || r2+c2 == r+c {
						o = append(o, n*r2+c2)
					}
				}
			}
			options = append(options, o)
		}
	}
	return options
}

// MaxDominationN is the largest board [DominationOptions] builds (about
// 3n³ entries, under 1 MB at this size); the search is out of reach long
// before.
const MaxDominationN = 32

// DominationBoard draws the queens of the options cover of
// [DominationOptions](n) (option n·r+c is the queen on (r, c)) as a heat
// map: the number on each square is how many of them control it, squares
// none controls are crossed. Options outside 0 … n²−1 are not drawn.
func DominationBoard(n int, cover []int) board.Board {
	var qs []queens.Square
	for _, k := range cover {
		if k >= 0 && k < n*n {
			qs = append(qs, queens.Square{Row: k / n, Col: k % n})
		}
	}
	b := board.Board{N: n, Queens: qs, Heat: make([][]int, n)}
	for r := range n {
		b.Heat[r] = make([]int, n)
		for c := range n {
			for _, q := range qs {
				if q.Row == r || q.Col == c || q.Row-q.Col == r-c || q.Row+q.Col == r+c {
					b.Heat[r][c]++
				}
			}
			if b.Heat[r][c] == 0 {
				b.Crossed = append(b.Crossed, queens.Square{Row: r, Col: c})
			}
		}
	}
	return b
}
