// Package sudoku solves Sudoku puzzles as exact cover problems with
// dancing links (notebook 04; TAOCP 7.2.2.1). The 324 primary
// items are the cells pRC, the row-digit pairs rRD, the column-digit pairs
// cCD and the box-digit pairs bBD; the 729 options put a digit in a cell.
//
// A puzzle is written on one line of 81 characters, row by row: a digit
// 1–9 for a given, '0' or '.' for an empty cell ([Parse] states the exact
// rules). [Grid.Check] rejects contradictory givens before any search,
// naming the clashing cells; a [Solver] keeps the 324-item matrix and only
// covers the givens' options for each puzzle; [ReadPuzzles] reads a file
// line by line and goes on after bad lines.
//
// See example_test.go.
package sudoku

import (
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"
)

// Grid is a Sudoku grid: g[9*r+c] is the digit in row r, column c (both
// 0-based), 0 for an empty cell, 1..9 otherwise.
type Grid [81]uint8

// Cell names a cell of the grid, 0-based; it prints 1-based, "r5c5".
type Cell struct {
	Row, Col int
}

func (c Cell) String() string { return fmt.Sprintf("r%dc%d", c.Row+1, c.Col+1) }

// String returns the 81-character line of g, '.' for empty cells.
func (g Grid) String() string {
	var b strings.Builder
	for _, d := range g {
		if d == 0 {
			b.WriteByte('.')
		} else {
			b.WriteByte('0' + d)
		}
	}
	return b.String()
}

// ErrEmptyLine is returned by [Parse] for a line with no cells (blank, or a
// comment only). [ReadPuzzles] skips such lines.
var ErrEmptyLine = errors.New("sudoku: empty line")

// LengthError is returned by [Parse] for a line of the wrong length.
type LengthError struct {
	Got int // characters in the line, after the normalisation of Parse
}

func (e *LengthError) Error() string { return fmt.Sprintf("sudoku: %d chars, want 81", e.Got) }

// CharError is returned by [Parse] for a character that is neither a digit
// nor '.'.
type CharError struct {
	Index int  // 0-based byte offset in the line, after a BOM is removed
	Char  rune // the offending character (utf8.RuneError for invalid UTF-8)
}

func (e *CharError) Error() string {
	where := ""
	if e.Index < 81 {
		where = " (" + Cell{e.Index / 9, e.Index % 9}.String() + ")"
	}
	hint := "want 1-9, '0' or '.'"
	if e.Char == ' ' || e.Char == '\t' {
		hint = "separators between cells are not allowed"
	}
	return fmt.Sprintf("sudoku: illegal character %q at index %d%s; %s", e.Char, e.Index, where, hint)
}

// Parse reads one puzzle line. The line is normalised, in this order:
//  1. a UTF-8 byte order mark (EF BB BF) at its start is removed (files
//     saved by Windows editors);
//  2. a final "\n", then a final "\r" (CRLF line ends) are removed;
//  3. a comment, from the first '#' to the end, is removed, then the
//     spaces and tabs that precede it or end the line;
//
// then every character must be a digit 1–9 (a given), '0' or '.' (an empty
// cell), and there must be exactly 81 of them. Spaces or other separators
// between cells are refused, never skipped, so a grid is never misaligned.
// Cost O(len(line)).
//
// Errors: [ErrEmptyLine] if nothing is left; a [*CharError] for the first
// illegal character; a [*LengthError] if all characters are legal but
// there are not 81.
func Parse(line string) (Grid, error) {
	var g Grid
	line = strings.TrimPrefix(line, "\uFEFF")
	line = strings.TrimSuffix(line, "\n")
	line = strings.TrimSuffix(line, "\r")
	if k := strings.IndexByte(line, '#'); k >= 0 {
		line = line[:k]
	}
	line = strings.TrimRight(line, " \t")
	if line == "" {
		return g, ErrEmptyLine
	}
	for k := 0; k < len(line); k++ {
		switch ch := line[k]; {
		case ch >= '1' && ch <= '9':
			if k < 81 {
				g[k] = ch - '0'
			}
		case ch == '0' || ch == '.':
		default:
			r, _ := utf8.DecodeRuneInString(line[k:])
			return Grid{}, &CharError{Index: k, Char: r}
		}
	}
	if len(line) != 81 {
		return Grid{}, &LengthError{Got: len(line)}
	}
	return g, nil
}
