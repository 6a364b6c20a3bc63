// Package domcover computes the queen domination number γ(Q_n) as a
// minimum repeated cover (notebook 04, « couverture répétée »): the n²
// squares are the items, and the queen on each square is an option, the
// set of squares it occupies or attacks. The fewest options that cover
// every item at least once are a minimum dominating set of queens; their
// number is γ(Q_n), OEIS A075458.
//
// The search is [exactcover.Problem.MinCover], IDA* with an admissible
// lower bound. Package tp/domination holds the sujet's own answers on
// domination and a faster dedicated solver; this one shows the repeated
// cover formulation. See example_test.go.
package domcover

import (
	"context"
	"errors"
	"fmt"

	"github.com/prepa-reines/reines/tp/exactcover"
	"github.com/prepa-reines/reines/tp/queens"
)

// ErrBoardSize is returned for a board side n < 1.
var ErrBoardSize = errors.New("domcover: board side must be at least 1")

// MaxN is the largest board side [New] and [Minimum] accept: n² options of
// up to 4n−3 items, about 50 MB at this size (the search is out of reach
// long before: n = 14 takes minutes).
const MaxN = 64

// New returns the repeated cover problem of the n×n board: primary items
// "r{R}c{C}" (1-based), one per square in row-major order, and n² options;
// option n·r+c (0-based r, c) is the queen on that square: the squares of
// its row, column and two diagonals, itself included (between 2n−1 and
// 4n−3 items). Cost O(n⁴) time, O(n³) memory.
//
// Errors: [ErrBoardSize] for n < 1, [queens.ErrTooLarge] for n > [MaxN].
func New(n int) (*exactcover.Problem, error) {
	if n < 1 {
		return nil, fmt.Errorf("%w: %d", ErrBoardSize, n)
	}
	if err := queens.CheckSize(n, MaxN); err != nil {
		return nil, err
	}
	name := func(s queens.Square) string { return fmt.Sprintf("r%dc%d", s.Row+1, s.Col+1) }
	items := make([]string, 0, n*n)
	for r := range n {
		for c := range n {
			items = append(items, name(queens.Square{Row: r, Col: c}))
		}
	}
	p, err := exactcover.New(items, nil)
	if err != nil {
		return nil, err
	}
	for r := range n {
		for c := range n {
			q := queens.Square{Row: r, Col: c}
			var option []string
			for r2 := range n {
				for c2 := range n {
					s := queens.Square{Row: r2, Col: c2}
					if s == q || queens.Attacks(q, s) {
						option = append(option, name(s))
					}
				}
			}
			if err := p.AddOption(option...); err != nil {
				return nil, err
			}
		}
	}
	return p, nil
}

// Result is a minimum dominating set of queens.
type Result struct {
	Gamma  int             // γ(Q_n), the least number of queens dominating the board (A075458)
	Queens []queens.Square // Gamma squares that do, in row-major order
	Count  int64           // the number of such sets (A002564), if asked for; 0 otherwise
	Nodes  int64           // nodes of the IDA* search trees
}

// Minimum returns γ(Q_n) and a dominating set of γ(Q_n) queens (every
// square holds a queen or is attacked by one; queens may attack each
// other), and, with count, the number of such sets (OEIS A002564). Cost:
// milliseconds up to n = 11, about a second for n = 12 or 13 with the
// count; n = 14 takes minutes.
//
// Errors: those of [New]; ctx.Err() on cancellation.
func Minimum(ctx context.Context, n int, count bool) (Result, error) {
	p, err := New(n)
	if err != nil {
		return Result{}, err
	}
	mc, err := p.MinCover(ctx, count)
	if err != nil {
		return Result{Nodes: mc.Nodes}, err
	}
	res := Result{Gamma: mc.Size, Count: mc.Count, Nodes: mc.Nodes}
	for _, o := range mc.Options {
		res.Queens = append(res.Queens, queens.Square{Row: o / n, Col: o % n})
	}
	return res, nil
}
