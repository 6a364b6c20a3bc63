package sudoku

import (
	"fmt"
	"strings"
)

// Unit is a row, a column or a box of the grid.
type Unit int

// The three kinds of units.
const (
	Row Unit = iota + 1
	Column
	Box
)

func (u Unit) String() string {
	switch u {
	case Row:
		return "row"
	case Column:
		return "column"
	case Box:
		return "box"
	}
	return fmt.Sprintf("Unit(%d)", int(u))
}

// Clash is a pair of givens that break the rules: the same digit twice in
// a unit. A comes before B in row-major order; Unit is the first unit they
// share, in the order row, column, box.
type Clash struct {
	A, B  Cell
	Digit int
	Unit  Unit
}

func (c Clash) String() string {
	return fmt.Sprintf("%v=%v=%d (%v)", c.A, c.B, c.Digit, c.Unit)
}

// ConflictError reports contradictory givens: no search can solve them.
type ConflictError struct {
	Clashes []Clash // every clashing pair, in row-major order of (A, B)
}

func (e *ConflictError) Error() string {
	parts := make([]string, len(e.Clashes))
	for k, c := range e.Clashes {
		parts[k] = c.String()
	}
	return "sudoku: contradictory givens: " + strings.Join(parts, ", ")
}

// Check returns a [*ConflictError] listing every pair of givens with the
// same digit in the same row, column or box (box-only clashes included),
// or nil. Cost O(81²), a few microseconds: it runs before any search.
func (g Grid) Check() error {
	var clashes []Clash
	for a := range 81 {
		if g[a] == 0 {
			continue
		}
		for b := a + 1; b < 81; b++ {
			if g[b] != g[a] {
				continue
			}
			ra, ca, rb, cb := a/9, a%9, b/9, b%9
			var u Unit
			switch {
			case ra == rb:
				u = Row
			case ca == cb:
				u = Column
			case ra/3 == rb/3 && ca/3 == cb/3:
				u = Box
			default:
				continue
			}
			clashes = append(clashes, Clash{Cell{ra, ca}, Cell{rb, cb}, int(g[a]), u})
		}
	}
	if clashes != nil {
		return &ConflictError{clashes}
	}
	return nil
}
