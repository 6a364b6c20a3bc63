// Package drawing holds the reference answers of notebook 02's drawing
// questions (sujet Q14–Q17: an empty grid, a queen on it, the k-th
// solution, all of them side by side) and the picture of a state of the
// iterative search. The sujet's procedures draw; these functions return
// the [board.Board] to draw, which the notebook displays and the checks
// compare as data. Kept apart from package iterative, which computes and
// imports nothing that draws.
//
// Rows, columns and solution numbers are 1-based, as in the sujet.
package drawing

import (
	"slices"

	"github.com/prepa-reines/reines/tp/board"
	"github.com/prepa-reines/reines/tp/iterative"
	"github.com/prepa-reines/reines/tp/queens"
)

// Grid returns an empty n×n board, n ≥ 1.
//
// Answers notebook 02 Q14, sujet name `grille`.
func Grid(n int) board.Board {
	return board.Board{N: n}
}

// DrawQueen returns b with one more queen, on row row and column col
// (1-based, 1 ≤ row, col ≤ b.N). b itself is not modified: the result has
// its own list of queens. Cost O(number of queens).
//
// Answers notebook 02 Q15, sujet name `dessin_reine`.
func DrawQueen(b board.Board, row, col int) board.Board {
	b.Queens = append(slices.Clone(b.Queens), queens.Square{Row: row - 1, Col: col - 1})
	return b
}

// ShowSolution returns the board of the k-th solution of sols (k counts
// from 1, as the sujet numbers them): [Grid] of the solution's size with
// one queen per row, drawn by [DrawQueen]. Cost O(n²) for n queens.
// Panics unless 1 ≤ k ≤ len(sols).
//
// Answers notebook 02 Q16, sujet name `affiche_solutions`.
func ShowSolution(sols []queens.Placement, k int) board.Board {
	p := sols[k-1]
	b := Grid(len(p))
	for row, col := range p {
		b = DrawQueen(b, row+1, col+1)
	}
	return b
}

// ShowAll returns the boards of all the solutions of sols, in order, for a
// gallery: element k-1 is [ShowSolution](sols, k).
//
// Answers notebook 02 Q17 (the 6-queens boards side by side).
func ShowAll(sols []queens.Placement) []board.Board {
	boards := make([]board.Board, len(sols))
	for k := 1; k <= len(sols); k++ {
		boards[k-1] = ShowSolution(sols, k)
	}
	return boards
}

// State returns the picture of a state of the iterative search: the queens
// of the rows already filled (rows 1..I-1, all n rows once I = n+1) and the
// current square (I, J) outlined; no title. It draws whatever s holds, even a state that breaks the invariants (the
// checks draw students' states): entries of C outside 1..N, or beyond C,
// are left out, and so is a current square off the board. s.N < 1 gives a
// board with N = 0.
func State(s *iterative.State) board.Board {
	b := board.Board{N: max(s.N, 0)}
	for k := 1; k < s.I && k <= s.N && k < len(s.C); k++ {
		if c := s.C[k]; c >= 1 && c <= s.N {
			b.Queens = append(b.Queens, queens.Square{Row: k - 1, Col: c - 1})
		}
	}
	if s.I >= 1 && s.I <= s.N && s.J >= 1 && s.J <= s.N {
		b.Highlight = []queens.Square{{Row: s.I - 1, Col: s.J - 1}}
	}
	return b
}
