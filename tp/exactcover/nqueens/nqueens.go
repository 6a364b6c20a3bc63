// Package nqueens solves the N-queens problem as an exact cover with
// secondary items (notebook 04; TAOCP 7.2.2.1): the n rows and n
// columns are primary items, covered exactly once; the 2n−1 diagonals and
// 2n−1 anti-diagonals are secondary items, covered at most once. Option
// n·r + c puts a queen on row r, column c (0-based).
//
// Solutions are [queens.Placement] values, as everywhere in the project.
// See example_test.go.
package nqueens

import (
	"context"
	"fmt"
	"iter"

	"github.com/prepa-reines/reines/tp/exactcover"
	"github.com/prepa-reines/reines/tp/queens"
)

// MaxN is the largest board side [QueensProblem] and the searches built on
// it accept: n² options of four nodes each, with their names.
const MaxN = 512

// QueensProblem returns the exact cover problem of the n×n board: primary items
// "r1".."rn" (rows) and "c1".."cn" (columns), secondary items
// "a0".."a{2n−2}" (the diagonal r+c) and "b0".."b{2n−2}" (the
// anti-diagonal r−c+n−1), and n² options; option n·r+c is
// "r{r+1} c{c+1} a{r+c} b{r−c+n−1}". The rows and columns are listed from
// the middle of the board outwards, Knuth's "organ-pipe order", so that the
// minimum-remaining-values choice breaks ties on the central lines first,
// which prunes earlier. n = 0 gives the problem without items, whose one
// solution is the empty placement. Cost O(n²) time and memory: about 40 MB
// at n = [MaxN].
//
// Errors: [queens.ErrNegative] for n < 0, [queens.ErrTooLarge] for n >
// [MaxN].
//
// Answers notebook 04 Q12 (N-queens as an exact cover with secondary items).
func QueensProblem(n int) (*exactcover.Problem, error) {
	if err := queens.CheckSize(n, MaxN); err != nil {
		return nil, err
	}
	var primary, secondary []string
	for k := range n { // du milieu vers les bords : pour n = 8, lignes et colonnes 4 5 3 6 2 7 1 8
		m := (n-1)/2 - k/2
		if k%2 == 1 {
			m = (n-1)/2 + (k+1)/2
		}
		primary = append(primary, fmt.Sprintf("r%d", m+1), fmt.Sprintf("c%d", m+1))
	}
	for d := range 2*n - 1 {
		secondary = append(secondary, fmt.Sprintf("a%d", d))
	}
	for d := range 2*n - 1 {
		secondary = append(secondary, fmt.Sprintf("b%d", d))
	}
	p, err := exactcover.New(primary, secondary)
	if err != nil {
		return nil, err
	}
	for r := range n {
		for c := range n {
			err := exactcover.InsertOption(p, fmt.Sprintf("r%d", r+1), fmt.Sprintf("c%d", c+1),
				fmt.Sprintf("a%d", r+c), fmt.Sprintf("b%d", r-c+n-1))
			if err != nil {
				return nil, err
			}
		}
	}
	return p, nil
}

// Placement turns a solution of [QueensProblem](n), a list of option numbers in any
// order, into the placement it describes: option n·r+c puts the queen of
// row r in column c. Panics if an option is outside [0, n²) or two options
// share a row (not a solution of QueensProblem(n)).
func Placement(n int, options []int) queens.Placement {
	p := make(queens.Placement, n)
	seen := make([]bool, n)
	for _, o := range options {
		r := o / n
		if o < 0 || r >= n || seen[r] {
			panic("nqueens: Placement: not a solution of QueensProblem(n)")
		}
		seen[r] = true
		p[r] = o % n
	}
	return p
}

// Solutions returns an iterator over the Q(n) placements of the n×n board
// (OEIS A000170), in the order the dancing-links search finds them (not
// lexicographic). Each placement is a fresh slice.
//
// Errors: those of [QueensProblem].
func Solutions(n int) (iter.Seq[queens.Placement], error) {
	p, err := QueensProblem(n)
	if err != nil {
		return nil, err
	}
	return func(yield func(queens.Placement) bool) {
		for sol := range p.Solutions() {
			if !yield(Placement(n, sol)) {
				return
			}
		}
	}, nil
}

// Count returns Q(n), the number of placements on the n×n board (OEIS
// A000170), and the statistics of the dancing-links search (updates are
// Knuth's machine-independent cost). n = 12 takes 3.6·10⁶ updates. On
// cancellation the count is 0 and the statistics are those of the part
// searched (their Solutions the solutions found so far).
//
// Errors: [queens.ErrNegative] for n < 0, [queens.ErrTooLarge] for n >
// [queens.MaxCountN] (Q(n) would not fit in an int64); ctx.Err() on
// cancellation.
func Count(ctx context.Context, n int) (int64, exactcover.Stats, error) {
	if err := queens.CheckSize(n, queens.MaxCountN); err != nil {
		return 0, exactcover.Stats{}, err
	}
	p, err := QueensProblem(n)
	if err != nil {
		return 0, exactcover.Stats{}, err
	}
	st, err := p.Solve(ctx, func([]int) bool { return true })
	if err != nil {
		return 0, st, err
	}
	return st.Solutions, st, nil
}

// First returns the first placement the search finds, and false if there
// is none (n = 2, 3). It takes milliseconds up to n = 40, but the time to
// the first solution is erratic beyond (seconds for n = 50): use ctx to
// bound it.
//
// Errors: those of [QueensProblem]; ctx.Err() on cancellation.
func First(ctx context.Context, n int) (queens.Placement, bool, error) {
	p, err := QueensProblem(n)
	if err != nil {
		return nil, false, err
	}
	sol, err := p.First(ctx)
	if err != nil || sol == nil {
		return nil, false, err
	}
	return Placement(n, sol), true, nil
}
