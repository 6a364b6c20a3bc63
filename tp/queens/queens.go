// Package queens holds the reference answers of notebook 01, the recursive
// backtracking tutorial on the N-queens problem, and the types every other
// package uses to talk about queens on a board.
//
// A [Placement] is the one representation of a solution to N-queens used
// across the project: p[row] is the column of the queen in that row, both
// 0-based. The sujet prints them 1-based ("2 4 1 3"); [Placement.String]
// does the same. A [Square] names one square, for problems whose queens are
// not one per row (domination, drawings).
//
// See example_test.go for a runnable tour.
package queens

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// Placement gives, for each row of an n×n board, the column of its queen:
// len(p) == n and p[row] is in [0, n). Rows and columns are 0-based.
type Placement []int

// Square is one square of a board, 0-based: Row counts from the top,
// Col from the left.
type Square struct {
	Row, Col int
}

// String prints the placement the way the sujet does: the 1-based columns
// of rows 1..n separated by spaces, e.g. "2 4 1 3" for [1 3 0 2].
func (p Placement) String() string {
	var b strings.Builder
	for i, c := range p {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(strconv.Itoa(c + 1))
	}
	return b.String()
}

// Squares returns the squares holding the queens of p, row by row.
func (p Placement) Squares() []Square {
	s := make([]Square, len(p))
	for r, c := range p {
		s[r] = Square{r, c}
	}
	return s
}

// MaxListN is the largest n for which [Solutions] builds the full list:
// Q(14) = 365,596 placements take about 50 MB; Q(15) = 2,279,184 would take
// over 300 MB. Larger boards are for [Count].
const MaxListN = 14

// ErrNegative is returned for a board size n < 0.
var ErrNegative = errors.New("queens: negative board size")

// ErrTooLarge is returned, wrapped with the size and the limit, for a board
// size an entry point cannot represent or hold in memory; every package of
// the workbook wraps this one (test with errors.Is).
var ErrTooLarge = errors.New("queens: board too large")

// MaxN is the largest board side [First] accepts (and the bound of the
// other packages' entry points that hold O(n) numbers): the placement and
// the recursion are O(n), a few MB at this size. The search is out of
// reach long before (n = 30: ~20 s).
const MaxN = 1 << 16

// MaxCountN is the largest board side [Count] accepts: Q(n) is an int64.
// Q(27) ≈ 2.3×10^17 is the largest value known (OEIS A000170); Q grows
// about 10-fold per row there, so Q(28) ≈ 2.5×10^18 fits in 2^63 ≈
// 9.2×10^18 and Q(29) would not. The fast counter of notebook 02 shares
// this bound.
const MaxCountN = 28

// CheckSize returns nil for 0 ≤ n ≤ limit, [ErrNegative] for n < 0, and
// [ErrTooLarge] wrapped with n and limit otherwise ("queens: board too
// large: n = 40, at most 28"). Entry points call it before they allocate.
func CheckSize(n, limit int) error {
	switch {
	case n < 0:
		return ErrNegative
	case n > limit:
		return fmt.Errorf("%w: n = %d, at most %d", ErrTooLarge, n, limit)
	}
	return nil
}

// ErrTooMany is returned by [Solutions] when n > [MaxListN].
var ErrTooMany = fmt.Errorf("queens: too many solutions to list for n > %d; count them with Count", MaxListN)

// Attacks reports whether queens on squares a and b attack each other: same
// row, same column or same diagonal (either direction). A square does not
// attack itself. Cost O(1).
func Attacks(a, b Square) bool {
	if a == b {
		return false
	}
	dr, dc := a.Row-b.Row, a.Col-b.Col
	return dr == 0 || dc == 0 || dr == dc || dr == -dc
}

// IsSafe reports whether a queen may go on (row, col) given the queens of
// rows 0..row-1, which are p[0..row-1]: no earlier queen shares its column
// or one of its two diagonals. Entries of p from row on are ignored.
// Cost O(row). Panics if len(p) < row.
//
// Answers notebook 01 Q1, sujet name `is_safe`.
func IsSafe(p Placement, row, col int) bool {
	for r := 0; r < row; r++ {
		c := p[r]
		if c == col || row-r == col-c || row-r == c-col {
			return false
		}
	}
	return true
}

// Solutions returns every solution of the n-queens problem in lexicographic
// order of their columns read row by row (the order of the recursive
// search). n = 0 has one solution, the empty placement; n = 2 and 3 have
// none (an empty, non-nil slice). The result has Q(n) placements of length
// n (OEIS A000170). Cost: the search visits O(n!) nodes.
//
// Errors: [ErrNegative] for n < 0, [ErrTooMany] for n > [MaxListN].
//
// Answers notebook 01 Q2, sujet name `n_queens`.
func Solutions(n int) ([]Placement, error) {
	if n < 0 {
		return nil, ErrNegative
	}
	if n > MaxListN {
		return nil, ErrTooMany
	}
	sols := []Placement{}
	p := make(Placement, n)
	var place func(row int)
	place = func(row int) {
		if row == n {
			sols = append(sols, append(Placement(nil), p...))
			return
		}
		for col := 0; col < n; col++ {
			if IsSafe(p, row, col) {
				p[row] = col
				place(row + 1)
			}
		}
	}
	place(0)
	return sols, nil
}

// Count returns Q(n), the number of solutions on an n×n board (OEIS A000170),
// with the same recursive search as [Solutions] but without storing them.
// Cost O(n!) in the worst case: about a second for n = 13 on the course
// machines; the fast counter of notebook 02 goes much further.
//
// Errors: [ErrNegative] for n < 0, [ErrTooLarge] for n > [MaxCountN].
//
// Answers notebook 01 Q4.
func Count(n int) (int64, error) {
	if err := CheckSize(n, MaxCountN); err != nil {
		return 0, err
	}
	p := make(Placement, n)
	var count func(row int) int64
	count = func(row int) int64 {
		if row == n {
			return 1
		}
		var total int64
		for col := 0; col < n; col++ {
			if IsSafe(p, row, col) {
				p[row] = col
				total += count(row + 1)
			}
		}
		return total
	}
	return count(0), nil
}

// First returns the first solution in lexicographic order, and false if
// there is none (n = 2, 3). The search stops at the first solution, so it
// goes past [MaxListN]: n = 20 and n = 25 take milliseconds, n = 28 about a
// second; the first solution's cost varies a lot with n (n = 30: ~20 s).
//
// Errors: [ErrNegative] for n < 0, [ErrTooLarge] for n > [MaxN].
//
// Answers notebook 01 Q5.
func First(n int) (Placement, bool, error) {
	if err := CheckSize(n, MaxN); err != nil {
		return nil, false, err
	}
	p := make(Placement, n)
	var place func(row int) bool
	place = func(row int) bool {
		if row == n {
			return true
		}
		for col := 0; col < n; col++ {
			if IsSafe(p, row, col) {
				p[row] = col
				if place(row + 1) {
					return true
				}
			}
		}
		return false
	}
	if !place(0) {
		return nil, false, nil
	}
	return p, true, nil
}

// Conflict describes why a placement is not a solution. A and B are the two
// queens involved (B is unused for Kind == OutOfBoard).
type Conflict struct {
	Kind ConflictKind
	A, B Square
}

// ConflictKind says what is wrong with a placement.
type ConflictKind int

const (
	OutOfBoard   ConflictKind = iota + 1 // a column outside [0, n): A is that queen
	SameColumn                           // A and B share a column
	SameDiagonal                         // A and B share a diagonal (either direction)
)

func (c *Conflict) Error() string {
	switch c.Kind {
	case OutOfBoard:
		return fmt.Sprintf("queens: queen of row %d is in column %d, off the board", c.A.Row+1, c.A.Col+1)
	case SameColumn:
		return fmt.Sprintf("queens: queens of rows %d and %d share column %d", c.A.Row+1, c.B.Row+1, c.A.Col+1)
	default:
		return fmt.Sprintf("queens: queens at (%d,%d) and (%d,%d) share a diagonal", c.A.Row+1, c.A.Col+1, c.B.Row+1, c.B.Col+1)
	}
}

// Validate checks that p is a solution of the len(p)-queens problem: every
// column in range, no two queens in the same column or on the same diagonal
// (rows differ by construction). It returns nil or a *[Conflict] naming the
// first offending pair in row order. Cost O(n²). This is the checker the
// grading package uses on students' placements.
func Validate(p Placement) error {
	n := len(p)
	for r, c := range p {
		if c < 0 || c >= n {
			return &Conflict{Kind: OutOfBoard, A: Square{r, c}}
		}
	}
	for r2 := range p {
		for r1 := 0; r1 < r2; r1++ {
			a, b := Square{r1, p[r1]}, Square{r2, p[r2]}
			switch {
			case a.Col == b.Col:
				return &Conflict{Kind: SameColumn, A: a, B: b}
			case Attacks(a, b):
				return &Conflict{Kind: SameDiagonal, A: a, B: b}
			}
		}
	}
	return nil
}

// Board returns the text drawing of p as the sujet prints it: n lines of n
// characters, 'Q' for a queen and '.' for an empty square, each line ending
// in '\n'. Columns outside the board are left out of their row.
//
// Answers notebook 01 Q3, sujet name `print_solution`.
func Board(p Placement) string {
	n := len(p)
	var b strings.Builder
	b.Grow(n * (n + 1))
	for _, c := range p {
		for col := 0; col < n; col++ {
			if col == c {
				b.WriteByte('Q')
			} else {
				b.WriteByte('.')
			}
		}
		b.WriteByte('\n')
	}
	return b.String()
}
