// Package nb01 declares the questions of notebook 01, recursive
// backtracking on the N-queens problem (reference answers: tp/queens): for
// each question its title, points, reference answer, public cases and how
// a student's answer is judged. Its hidden cases are set by its package
// hidden, which the student edition has empty.
package nb01

import (
	"fmt"
	"slices"
	"strings"

	"github.com/prepa-reines/reines/grading"
	"github.com/prepa-reines/reines/tp/board"
	"github.com/prepa-reines/reines/tp/queens"
)

// SafetyCase is an input of Q1: the queens of rows 0..Row-1 are
// P[0..Row-1]; may a queen go on (Row, Col)?
type SafetyCase struct {
	P        queens.Placement
	Row, Col int
}

// CountOut is what Count returns.
type CountOut struct {
	N   int64
	Err *grading.Err
}

// FirstOut is what First returns.
type FirstOut struct {
	P   queens.Placement
	OK  bool
	Err *grading.Err
}

// Q1 asks for IsSafe, the safety test of the recursive search (sujet:
// is_safe).
var Q1 = grading.Define(&grading.Exercise[func(queens.Placement, int, int) bool, SafetyCase, bool]{
	Question: grading.Question{ID: "01/Q1", Title: "La case est-elle sûre ?", Points: 3},
	Ref:      queens.IsSafe,
	Cases: []SafetyCase{
		{queens.Placement{}, 0, 0},
		{queens.Placement{1, 3}, 2, 0},
		{queens.Placement{0}, 1, 0},             // same column, previous row
		{queens.Placement{0}, 1, 1},             // diagonal, previous row
		{queens.Placement{1}, 1, 0},             // anti-diagonal, previous row
		{queens.Placement{0, 2}, 2, 0},          // column two rows up: not only the previous row
		{queens.Placement{0, 3}, 2, 2},          // diagonal two rows up
		{queens.Placement{3, 0}, 2, 1},          // anti-diagonal two rows up
		{queens.Placement{1, 3, 0}, 3, 2},       // completes 2 4 1 3
		{queens.Placement{1, 3, 0, 0}, 3, 2},    // rows from Row on are ignored
		{queens.Placement{1, 3, 0, 2, 0}, 2, 0}, // … even a queen below in the same column
		{queens.Placement{0, 2, 4, 1}, 4, 3},    // safe, n = 5
		{queens.Placement{0, 2, 4, 1}, 4, 4},    // diagonal of the queen of row 1, four rows up
	},
	Call: func(f func(queens.Placement, int, int) bool, in SafetyCase) bool {
		return f(slices.Clone(in.P), in.Row, in.Col)
	},
	Input: func(in SafetyCase) string {
		placed := "aucune reine posée"
		if in.Row > 0 {
			placed = "reines " + in.P[:in.Row].String()
		}
		s := fmt.Sprintf("%s ; case (ligne %d, colonne %d)", placed, in.Row+1, in.Col+1)
		if len(in.P) > in.Row {
			s += fmt.Sprintf(" ; p = %v (les cases à partir de la ligne %d ne comptent pas)", []int(in.P), in.Row+1)
		}
		return s
	},
	Format: func(b bool) string {
		if b {
			return "sûre (true)"
		}
		return "attaquée (false)"
	},
	Judge: func(in SafetyCase, got, want bool) (bool, string) {
		if got == want {
			return true, ""
		}
		if got {
			for r := in.Row - 1; r >= 0; r-- {
				q := queens.Square{Row: r, Col: in.P[r]}
				if grading.Attack(q, queens.Square{Row: in.Row, Col: in.Col}) {
					note := fmt.Sprintf("la reine de la ligne %d, en %s, attaque la case", r+1, grading.Sq(q))
					if r < in.Row-1 {
						note += " : toutes les lignes déjà remplies comptent, pas seulement la précédente"
					}
					return false, note
				}
			}
		}
		return false, fmt.Sprintf("aucune reine des lignes 1 à %d n'attaque la case ; celles des lignes suivantes ne comptent pas", in.Row)
	},
	Board: func(in SafetyCase, _, _ bool) *board.Board {
		n := max(len(in.P), in.Row+1, in.Col+1)
		b := grading.BoardOf(in.P[:in.Row])
		b.N, b.Highlight = n, []queens.Square{{Row: in.Row, Col: in.Col}}
		return &b
	},
})

// Q2 asks for Solutions, every solution in lexicographic order (sujet:
// n_queens).
var Q2 = grading.Define(&grading.Exercise[func(int) ([]queens.Placement, error), grading.Sized, grading.SolutionsOut]{
	Question: grading.Question{ID: "01/Q2", Title: "Toutes les solutions", Points: 4},
	Ref:      queens.Solutions,
	Cases:    []grading.Sized{{N: 1}, {N: 2}, {N: 3}, {N: 4}, {N: 5}, {N: 6}, {N: 8}, {N: 0}, {N: -1}, {N: 15}},
	Call: func(f func(int) ([]queens.Placement, error), in grading.Sized) grading.SolutionsOut {
		p, err := f(in.N)
		return grading.SolutionsOut{Placements: p, Err: grading.ErrOf(err)}
	},
	Input:  grading.Sized.String,
	Format: grading.FormatSolutions,
	Judge: func(_ grading.Sized, got, want grading.SolutionsOut) (bool, string) {
		return grading.JudgeSolutions(got, want)
	},
	Board: func(_ grading.Sized, got, _ grading.SolutionsOut) *board.Board { return grading.SolutionsBoard(got) },
})

// Q3 asks for Board, the text drawing of a placement (sujet:
// print_solution).
var Q3 = grading.Define(&grading.Exercise[func(queens.Placement) string, queens.Placement, string]{
	Question: grading.Question{ID: "01/Q3", Title: "Afficher un plateau en texte", Points: 2,
		Shortcuts: map[string]string{"tp/board": "board.Board.Text écrit déjà un plateau en texte"}},
	Ref:    queens.Board,
	Cases:  []queens.Placement{{1, 3, 0, 2}, {0}, {}, {0, 4, 7, 5, 2, 6, 1, 3}, {2, 0, 3, 1}},
	Call:   func(f func(queens.Placement) string, p queens.Placement) string { return f(slices.Clone(p)) },
	Input:  func(p queens.Placement) string { return "placement " + grading.PlacementText(p) },
	Format: func(s string) string { return strings.ReplaceAll(s, " ", "␣") }, // a space shows
	Judge: func(_ queens.Placement, got, want string) (bool, string) {
		if got == want {
			return true, ""
		}
		if strings.TrimRight(got, "\n") == strings.TrimRight(want, "\n") {
			return false, "chaque ligne, la dernière comprise, doit finir par un saut de ligne"
		}
		if unspaced := strings.NewReplacer(" ", "", "\t", "").Replace(got); unspaced == want {
			return false, "des espaces en trop (␣) : les cases se suivent sans espace entre elles ni en fin de ligne"
		}
		return false, "une ligne par rangée, « Q » pour une reine et « . » pour une case vide"
	},
})

// Q4 asks for Count, the number of solutions without storing them.
var Q4 = grading.Define(&grading.Exercise[func(int) (int64, error), grading.Sized, CountOut]{
	Question: grading.Question{ID: "01/Q4", Title: "Compter sans stocker", Points: 3},
	Ref:      queens.Count,
	Cases:    []grading.Sized{{N: 0}, {N: 1}, {N: 2}, {N: 3}, {N: 4}, {N: 5}, {N: 6}, {N: 7}, {N: 8}, {N: 10}, {N: -1}},
	Call: func(f func(int) (int64, error), in grading.Sized) CountOut {
		c, err := f(in.N)
		return CountOut{c, grading.ErrOf(err)}
	},
	Input: grading.Sized.String,
	Format: func(o CountOut) string {
		if o.Err != nil {
			return grading.ErrText(o.Err)
		}
		return fmt.Sprint(grading.Int(o.N))
	},
	Judge: func(_ grading.Sized, got, want CountOut) (bool, string) {
		if ok, note := grading.SameError(got.Err, want.Err); !ok || want.Err != nil {
			return ok, note
		}
		return got.N == want.N, ""
	},
})

// Q5 asks for First, the first solution in lexicographic order.
var Q5 = grading.Define(&grading.Exercise[func(int) (queens.Placement, bool, error), grading.Sized, FirstOut]{
	Question: grading.Question{ID: "01/Q5", Title: "La première solution", Points: 3},
	Ref:      queens.First,
	Cases:    []grading.Sized{{N: 1}, {N: 2}, {N: 3}, {N: 4}, {N: 8}, {N: 20}, {N: -1}},
	Call: func(f func(int) (queens.Placement, bool, error), in grading.Sized) FirstOut {
		p, ok, err := f(in.N)
		return FirstOut{p, ok, grading.ErrOf(err)}
	},
	Input: grading.Sized.String,
	Format: func(o FirstOut) string {
		switch {
		case o.Err != nil:
			return grading.ErrText(o.Err)
		case !o.OK:
			return "aucune solution (false)"
		}
		return o.P.String()
	},
	Judge: func(_ grading.Sized, got, want FirstOut) (bool, string) {
		if ok, note := grading.SameError(got.Err, want.Err); !ok || want.Err != nil {
			return ok, note
		}
		if got.OK != want.OK {
			return false, "le booléen doit dire s'il existe une solution"
		}
		if !want.OK {
			return true, ""
		}
		if len(got.P) != len(want.P) {
			return false, fmt.Sprintf("le placement a %s au lieu de %d", grading.Plural(len(got.P), "reine"), len(want.P))
		}
		if c := grading.FindConflict(got.P); c != nil {
			return false, grading.ConflictNote(c)
		}
		if !slices.Equal(got.P, want.P) {
			return false, "une solution valide, mais pas la première dans l'ordre lexicographique"
		}
		return true, ""
	},
	Board: func(_ grading.Sized, got, _ FirstOut) *board.Board { return grading.PlacementBoard(got.P) },
})

// Q6 is the written answer on the growth of the number of solutions.
var Q6 = grading.Prose("01/Q6", "Le cas *n* = 8 (réponse rédigée)", 2)
