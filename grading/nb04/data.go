package nb04

import (
	"context"

	"github.com/prepa-reines/reines/grading"
	"github.com/prepa-reines/reines/tp/exactcover"
	"github.com/prepa-reines/reines/tp/exactcover/domcover"
)

// What the demonstrations of notebook 04 show and only the reference
// answers compute: in the student edition, recorded when it was released.

// Knuth is the course's example (TAOCP 7.2.2.1): seven items a … g, six
// options, one per row.
var Knuth = exactcover.Matrix{{0, 0, 1, 0, 1, 0, 0}, {1, 0, 0, 1, 0, 0, 1}, {0, 1, 1, 0, 0, 1, 0}, {1, 0, 0, 1, 0, 1, 0}, {0, 1, 0, 0, 0, 0, 1}, {0, 0, 0, 1, 1, 0, 1}}

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

// Dominations returns [Domination] for n = 1 … 8, computed by the
// reference repeated cover (exactcover's MinCover, IDA*).
var Dominations = grading.Data("04", "domination", func() []Domination {
	var out []Domination
	for n := 1; n <= 8; n++ {
		res, err := domcover.Minimum(context.Background(), n, true)
		if err != nil {
			panic(err)
		}
		out = append(out, res)
	}
	return out
})
