// Package domination holds the reference answers of notebook 05
// (grading/nb05/05-domination.txtar), the port of TP 17 « le problème des
// 5 reines » (Centrale 2025 / CCINP) on queen domination, and a fast exact
// solver that goes beyond the sujet (the notebook's last section, and the
// command `reines domination`). Each answer's doc comment names its
// question of notebook 05; the checks are in grading/nb05.
//
// A set of queens dominates the n×n board when every square holds a queen or
// is attacked by one. The sujet asks for the fewest pairwise non-attacking
// queens that dominate the board, the independent domination number i(Q_n)
// (OEIS A075324; numbers of minimum placements A002568), then for the variant
// where queens may attack each other, the domination number γ(Q_n) (A075458,
// counts A002564). Five queens suffice on the 8×8 board: hence the title.
//
// The answers follow the sujet: [Coverage] (`couverture`) counts, for each
// square, the queens covering it; [Update] (`mise_a_jour`) adds or removes a
// queen; [CoverByQueens] (`couverture_par_reines`) is the row-by-row branch
// and bound; [RandomCover] (`couverture_par_reines_aleatoire`) the
// Monte-Carlo upper bound and [RandomCoverParallel] its trials shared among
// goroutines; [CoverByQueensWorkers] the branch and bound in parallel;
// [DominateByQueens] the variant with attacking queens. [Solve] is the
// exact solver (bit sets, strong bounds, symmetry, all cores) that computes
// and counts minimum placements well past the sujet's reach.
//
// Squares are [queens.Square] values, 0-based. See example_test.go for a
// runnable tour.
package domination

import (
	"errors"
	"math"

	"github.com/prepa-reines/reines/tp/queens"
)

// ErrBoardSize is returned for a board side n ≤ 0.
var ErrBoardSize = errors.New("domination: board side must be positive")

// MaxN is the largest board side the package's entry points accept: a
// coverage holds n² counts, about 40 MB at this size ([Solve] stops
// earlier, at [MaxSolveN]).
const MaxN = 2048

// ErrTooLarge is returned, wrapped with the size and the limit, for n >
// [MaxN] (n > [MaxSolveN] for [Solve]): it is [queens.ErrTooLarge].
var ErrTooLarge = queens.ErrTooLarge

// LowerBound returns a lower bound on i(Q_n) and γ(Q_n), the number of
// queens that dominate the n×n board, from a count of the squares one
// queen controls (the argument is the written answer of notebook 05 Q3a,
// in its correction). The bound is weak for large n (about n/4, where
// i(Q_n) ≈ n/2). Cost O(1).
//
// Errors: [ErrBoardSize] for n ≤ 0, [ErrTooLarge] for n > 2³¹ − 1 (n²
// would not fit in an int).
//
// Answers notebook 05 Q3b (the bound of the written Q3a).
func LowerBound(n int) (int, error) {
	if n <= 0 {
		return 0, ErrBoardSize
	}
	if err := queens.CheckSize(n, math.MaxInt32); err != nil {
		return 0, err
	}
	m := 4*n - 3
	return (n*n + m - 1) / m, nil
}

// IndependentDominatingSet returns a set of at most n pairwise non-attacking
// queens that dominates the n×n board, proving i(Q_n) ≤ n (why such a set
// exists is the written answer of notebook 05 Q2a, in its correction). It
// uses an explicit construction of Hoffman, Loessi and Moore (1969), as
// popularised on Wikipedia ("Eight queens puzzle", explicit solutions),
// for n ≥ 4, and one queen for n ≤ 3. The squares are in column order.
// Cost O(n).
//
// Errors: [ErrBoardSize] for n ≤ 0, [ErrTooLarge] for n > [queens.MaxN].
//
// Answers notebook 05 Q2b (the argument of the written Q2a, as code).
func IndependentDominatingSet(n int) ([]queens.Square, error) {
	switch {
	case n <= 0:
		return nil, ErrBoardSize
	case n > queens.MaxN:
		return nil, queens.CheckSize(n, queens.MaxN)
	case n <= 2:
		return []queens.Square{{Row: 0, Col: 0}}, nil
	case n == 3:
		return []queens.Square{{Row: 1, Col: 1}}, nil
	}
	var evens, odds []int // lignes numérotées à partir de 1
	for r := 2; r <= n; r += 2 {
		evens = append(evens, r)
	}
	for r := 1; r <= n; r += 2 {
		odds = append(odds, r)
	}
	switch n % 6 {
	case 2: // impaires 3, 1, 7, 9, …, 5
		odds[0], odds[1] = 3, 1
		odds = append(append(odds[:2], odds[3:]...), 5)
	case 3: // paires 4, 6, …, 2 et impaires 5, 7, …, 1, 3
		evens = append(evens[1:], 2)
		odds = append(odds[2:], 1, 3)
	}
	rows := append(evens, odds...)
	squares := make([]queens.Square, n)
	for col, r := range rows {
		squares[col] = queens.Square{Row: r - 1, Col: col}
	}
	return squares, nil
}
