package grading

import (
	"fmt"
	"slices"
	"strings"

	"github.com/prepa-reines/reines/tp/board"
	"github.com/prepa-reines/reines/tp/queens"
)

// What several notebooks check and draw about N-queens placements. The
// student edition stubs the tp functions that decide whether a placement
// is a solution, or that turn one into a board (they answer questions), so
// the checks have their own.

// Sized is an input that is only a board size n.
type Sized struct{ N int }

func (s Sized) String() string { return fmt.Sprintf("n = %d", Int(s.N)) }

// SolutionsOut is what a search for every solution returns: placements and
// an error.
type SolutionsOut struct {
	Placements []queens.Placement
	Err        *Err
}

// FindConflict returns the first reason why p is not a solution of the
// N-queens problem on a len(p)×len(p) board (a queen off the board, then,
// row after row, the first queen on the column or a diagonal of an
// earlier one), nil if it is one. Cost O(n) time and memory: it judges
// answers of any size.
func FindConflict(p queens.Placement) *queens.Conflict {
	n := len(p)
	for r, c := range p {
		if c < 0 || c >= n {
			return &queens.Conflict{Kind: queens.OutOfBoard, A: queens.Square{Row: r, Col: c}}
		}
	}
	// The row of the queen on each column and diagonal so far, + 1 (0: none).
	col, sum, diff := make([]int, n), make([]int, 2*n), make([]int, 2*n)
	for r, c := range p {
		b := queens.Square{Row: r, Col: c}
		switch {
		case col[c] > 0:
			return &queens.Conflict{Kind: queens.SameColumn, A: queens.Square{Row: col[c] - 1, Col: c}, B: b}
		case sum[r+c] > 0:
			a := sum[r+c] - 1
			return &queens.Conflict{Kind: queens.SameDiagonal, A: queens.Square{Row: a, Col: p[a]}, B: b}
		case diff[r-c+n] > 0:
			a := diff[r-c+n] - 1
			return &queens.Conflict{Kind: queens.SameDiagonal, A: queens.Square{Row: a, Col: p[a]}, B: b}
		}
		col[c], sum[r+c], diff[r-c+n] = r+1, r+1, r+1
	}
	return nil
}

// Attack reports whether queens on a and b attack each other (same row,
// column or diagonal); a square does not attack itself.
func Attack(a, b queens.Square) bool {
	rows, cols := max(a.Row-b.Row, b.Row-a.Row), max(a.Col-b.Col, b.Col-a.Col)
	return a != b && (rows == 0 || cols == 0 || rows == cols)
}

// ConflictNote says in French why p is not a solution (c from
// [FindConflict]).
func ConflictNote(c *queens.Conflict) string {
	switch {
	case c == nil:
		return "ce n'est pas une solution"
	case c.Kind == queens.OutOfBoard:
		return fmt.Sprintf("la reine de la ligne %d est hors du plateau (colonne %d)", c.A.Row+1, c.A.Col+1)
	case c.Kind == queens.SameColumn:
		return fmt.Sprintf("les reines des lignes %d et %d sont sur la même colonne %d", c.A.Row+1, c.B.Row+1, c.A.Col+1)
	}
	return fmt.Sprintf("les reines %s et %s sont sur une même diagonale", Sq(c.A), Sq(c.B))
}

// Sq writes a square 1-based, "(2, 3)", with a no-break space: a list of
// squares wraps between squares, never inside one.
func Sq(s queens.Square) string { return fmt.Sprintf("(%d,\u00a0%d)", s.Row+1, s.Col+1) }

// PlacementText describes a placement for a report: "[1 3 0 2]
// (colonnes 2 4 1 3)", the columns numbered from 1 as the sujets write
// them, or "[] (plateau vide)".
func PlacementText(p queens.Placement) string {
	if len(p) == 0 {
		return "[] (plateau vide)"
	}
	if len(p) == 1 {
		return fmt.Sprintf("%v (colonne %s)", []int(p), p)
	}
	return fmt.Sprintf("%v (colonnes %s)", []int(p), p)
}

// BoardOf returns the board of an N-queens placement, for the notebooks'
// pictures and the checks' reports. Queens whose column is outside
// [0, len(p)) are not drawn.
func BoardOf(p queens.Placement) board.Board {
	b := board.Board{N: len(p)}
	for r, c := range p {
		b.Queens = append(b.Queens, queens.Square{Row: r, Col: c})
	}
	return b
}

// DisplayPlacements shows placements side by side in the notebook, each
// captioned with its columns (1-based).
func DisplayPlacements(ps []queens.Placement) {
	boards := make([]board.Board, len(ps))
	captions := make([]string, len(ps))
	for i, p := range ps {
		boards[i], captions[i] = BoardOf(p), p.String()
	}
	board.DisplayGallery(boards, captions)
}

// PlacementBoard draws p with its first clashing queens outlined; nil for
// the empty placement.
func PlacementBoard(p queens.Placement) *board.Board {
	if len(p) == 0 || len(p) > 64 {
		return nil
	}
	b := BoardOf(p)
	if c := FindConflict(p); c != nil {
		b.Highlight = []queens.Square{c.A}
		if c.Kind != queens.OutOfBoard {
			b.Highlight = append(b.Highlight, c.B)
		}
	}
	return &b
}

// FormatSolutions prints a list of solutions, each as the sujets write a
// placement (columns from 1, "2 4 1 3"), separated by semicolons: all of
// them up to 12, else the number, the first and the last.
func FormatSolutions(o SolutionsOut) string {
	if o.Err != nil {
		return ErrText(o.Err)
	}
	if len(o.Placements) > 12 {
		return fmt.Sprintf("%d solutions : %s ; … ; %s", Int(len(o.Placements)), o.Placements[0], o.Placements[len(o.Placements)-1])
	}
	if len(o.Placements) == 0 {
		return "aucune solution (liste vide)"
	}
	var s []string
	for _, p := range o.Placements {
		s = append(s, p.String())
	}
	return fmt.Sprintf("%s : %s", Plural(len(o.Placements), "solution"), strings.Join(s, " ; "))
}

// JudgeSolutions compares lists of placements, saying in French what is
// wrong first: the error, an invalid placement, a wrong size, a duplicate,
// a missing solution, the number, the order (lexicographic). A nil list is
// the empty list, as everywhere in the workbook: Go's nil slice has length
// 0, and ranging over it or appending to it works.
func JudgeSolutions(got, want SolutionsOut) (bool, string) {
	if ok, note := SameError(got.Err, want.Err); !ok || want.Err != nil {
		return ok, note
	}
	if len(got.Placements) >= 2 && allSame(got.Placements) && len(want.Placements) >= 2 {
		return false, "toutes les solutions renvoyées sont identiques : le même tableau, ajouté plusieurs fois ? Ajoutez une copie du placement (le tableau p est réutilisé ensuite)"
	}
	if len(want.Placements) == 0 && len(got.Placements) > 0 {
		return false, fmt.Sprintf("%s au lieu d'aucune", Plural(len(got.Placements), "solution"))
	}
	seen := map[string]bool{}
	for i, p := range got.Placements {
		if len(want.Placements) > 0 && len(p) != len(want.Placements[0]) {
			return false, fmt.Sprintf("le placement n° %d a %s", i+1, Plural(len(p), "reine"))
		}
		if c := FindConflict(p); c != nil {
			return false, fmt.Sprintf("le placement n° %d n'est pas une solution : %s", i+1, ConflictNote(c))
		}
		key := fmt.Sprint([]int(p))
		if seen[key] {
			return false, fmt.Sprintf("le placement %v apparaît deux fois", p)
		}
		seen[key] = true
	}
	for _, p := range want.Placements {
		if !seen[fmt.Sprint([]int(p))] {
			return false, fmt.Sprintf("il manque la solution %v", p)
		}
	}
	if len(got.Placements) != len(want.Placements) {
		return false, fmt.Sprintf("%s au lieu de %d", Plural(len(got.Placements), "solution"), Int(len(want.Placements)))
	}
	for i := range want.Placements {
		if !slices.Equal(got.Placements[i], want.Placements[i]) {
			return false, "les bonnes solutions, mais pas dans l'ordre lexicographique"
		}
	}
	return true, ""
}

func allSame(ps []queens.Placement) bool {
	for _, p := range ps[1:] {
		if !slices.Equal(p, ps[0]) {
			return false
		}
	}
	return true
}

// SolutionsBoard draws the first invalid placement of a list.
func SolutionsBoard(got SolutionsOut) *board.Board {
	for _, p := range got.Placements {
		if FindConflict(p) != nil {
			return PlacementBoard(p)
		}
	}
	return nil
}
