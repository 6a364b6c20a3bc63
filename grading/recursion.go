package grading

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/prepa-reines/reines/tp/board"
	"github.com/prepa-reines/reines/tp/queens"
)

// The checks of notebook 01, recursive backtracking (package tp/queens).

// SafetyCase is an input of [Recursion].Q1: the queens of rows 0..Row-1 are
// P[0..Row-1]; may a queen go on (Row, Col)?
type SafetyCase struct {
	P        queens.Placement
	Row, Col int
}

// Sized is an input that is only a board size n.
type Sized struct{ N int }

func (s Sized) String() string { return fmt.Sprintf("n = %d", s.N) }

// SolutionsOut is what a search returns: placements and an error message
// ("" for no error). Inputs and outputs of every check round-trip through
// encoding/json, so that the bulk grader can run students' code in a child
// process and judge its outputs in the parent.
type SolutionsOut struct {
	Placements []queens.Placement
	Err        string
}

// FirstOut is what [queens.First] returns.
type FirstOut struct {
	P   queens.Placement
	OK  bool
	Err string
}

// CountOut is what [queens.Count] returns.
type CountOut struct {
	N   int64
	Err string
}

// errText returns err's message, or "" for nil.
func errText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

// Recursion holds the questions of notebook 01. Q6 is a written answer.
var Recursion = struct {
	Q1 *Exercise[func(queens.Placement, int, int) bool, SafetyCase, bool]
	Q2 *Exercise[func(int) ([]queens.Placement, error), Sized, SolutionsOut]
	Q3 *Exercise[func(queens.Placement) string, queens.Placement, string]
	Q4 *Exercise[func(int) (int64, error), Sized, CountOut]
	Q5 *Exercise[func(int) (queens.Placement, bool, error), Sized, FirstOut]
	Q6 *Question
}{
	Q1: &Exercise[func(queens.Placement, int, int) bool, SafetyCase, bool]{
		Question: Register(&Question{ID: "01/Q1", Title: "Tester si une case est sûre", Points: 3, Func: "IsSafe",
			Signature: "func IsSafe(p queens.Placement, row, col int) bool"}),
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
		Hidden: func() []SafetyCase { return safetyHidden },
		Call: func(f func(queens.Placement, int, int) bool, in SafetyCase) bool {
			return f(slices.Clone(in.P), in.Row, in.Col)
		},
		Want: func(in SafetyCase) bool { return queens.IsSafe(in.P, in.Row, in.Col) },
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
		Board: func(in SafetyCase, _ bool) *board.Board {
			n := max(len(in.P), in.Row+1, in.Col+1)
			b := board.Board{N: n, Queens: in.P[:in.Row].Squares(), Highlight: []queens.Square{{Row: in.Row, Col: in.Col}}}
			return &b
		},
	},
	Q2: &Exercise[func(int) ([]queens.Placement, error), Sized, SolutionsOut]{
		Question: Register(&Question{ID: "01/Q2", Title: "Énumérer toutes les solutions", Points: 4, Func: "Solutions",
			Signature: "func Solutions(n int) ([]queens.Placement, error)"}),
		Cases:  []Sized{{1}, {2}, {3}, {4}, {5}, {6}, {8}, {0}, {-1}},
		Hidden: func() []Sized { return []Sized{{7}, {9}, {10}, {-5}} },
		Call: func(f func(int) ([]queens.Placement, error), in Sized) SolutionsOut {
			p, err := f(in.N)
			return SolutionsOut{p, errText(err)}
		},
		Want: func(in Sized) SolutionsOut {
			p, err := queens.Solutions(in.N)
			return SolutionsOut{p, errText(err)}
		},
		Input:  Sized.String,
		Format: formatSolutions,
		Judge:  judgeSolutions,
		Board:  boardOfSolutions,
	},
	Q3: &Exercise[func(queens.Placement) string, queens.Placement, string]{
		Question: Register(&Question{ID: "01/Q3", Title: "Afficher un plateau", Points: 2, Func: "Board",
			Signature: "func Board(p queens.Placement) string"}),
		Cases:  []queens.Placement{{1, 3, 0, 2}, {0}, {}, {0, 4, 7, 5, 2, 6, 1, 3}, {2, 0, 3, 1}},
		Hidden: func() []queens.Placement { return []queens.Placement{{1, 3, 5, 0, 2, 4}} },
		Call:   func(f func(queens.Placement) string, p queens.Placement) string { return f(slices.Clone(p)) },
		Want:   queens.Board,
		Input:  func(p queens.Placement) string { return fmt.Sprintf("placement %v (colonnes %s)", []int(p), p) },
		Format: func(s string) string { return s },
		Judge: func(_ queens.Placement, got, want string) (bool, string) {
			if got == want {
				return true, ""
			}
			if strings.TrimRight(got, "\n") == strings.TrimRight(want, "\n") {
				return false, "chaque ligne, la dernière comprise, doit finir par un saut de ligne"
			}
			return false, "une ligne par rangée, 'Q' pour une reine et '.' pour une case vide"
		},
	},
	Q4: &Exercise[func(int) (int64, error), Sized, CountOut]{
		Question: Register(&Question{ID: "01/Q4", Title: "Compter les solutions sans les stocker", Points: 3, Func: "Count",
			Signature: "func Count(n int) (int64, error)"}),
		Cases:  []Sized{{0}, {1}, {2}, {3}, {4}, {5}, {6}, {7}, {8}, {10}, {-1}},
		Hidden: func() []Sized { return []Sized{{9}, {11}, {-3}} },
		Call: func(f func(int) (int64, error), in Sized) CountOut {
			c, err := f(in.N)
			return CountOut{c, errText(err)}
		},
		Want: func(in Sized) CountOut {
			c, err := queens.Count(in.N)
			return CountOut{c, errText(err)}
		},
		Input: Sized.String,
		Format: func(o CountOut) string {
			if o.Err != "" {
				return "erreur : " + errorText(o.Err)
			}
			return fmt.Sprint(o.N)
		},
		Judge: func(_ Sized, got, want CountOut) (bool, string) {
			if ok, note := sameError(got.Err, want.Err); !ok || want.Err != "" {
				return ok, note
			}
			return got.N == want.N, ""
		},
	},
	Q5: &Exercise[func(int) (queens.Placement, bool, error), Sized, FirstOut]{
		Question: Register(&Question{ID: "01/Q5", Title: "Trouver la première solution", Points: 3, Func: "First",
			Signature: "func First(n int) (queens.Placement, bool, error)"}),
		Cases:  []Sized{{1}, {2}, {3}, {4}, {8}, {20}, {-1}},
		Hidden: func() []Sized { return []Sized{{6}, {25}, {0}} },
		Call: func(f func(int) (queens.Placement, bool, error), in Sized) FirstOut {
			p, ok, err := f(in.N)
			return FirstOut{p, ok, errText(err)}
		},
		Want: func(in Sized) FirstOut {
			p, ok, err := queens.First(in.N)
			return FirstOut{p, ok, errText(err)}
		},
		Input: Sized.String,
		Format: func(o FirstOut) string {
			switch {
			case o.Err != "":
				return "erreur : " + errorText(o.Err)
			case !o.OK:
				return "aucune solution (false)"
			}
			return o.P.String()
		},
		Judge: func(_ Sized, got, want FirstOut) (bool, string) {
			if ok, note := sameError(got.Err, want.Err); !ok || want.Err != "" {
				return ok, note
			}
			if got.OK != want.OK {
				return false, "le booléen doit dire s'il existe une solution"
			}
			if !want.OK {
				return true, ""
			}
			if err := queens.Validate(got.P); err != nil || len(got.P) != len(want.P) {
				return false, conflictNote(got.P, err)
			}
			return slices.Equal(got.P, want.P), "une solution valide, mais pas la première dans l'ordre lexicographique"
		},
		Board: func(_ Sized, got FirstOut) *board.Board { return placementBoard(got.P) },
	},
	Q6: Register(&Question{ID: "01/Q6", Title: "Croissance du nombre de solutions et du temps (réponse rédigée)", Points: 2}),
}

func init() {
	addExercises(Recursion.Q1, Recursion.Q2, Recursion.Q3, Recursion.Q4, Recursion.Q5)
}

// safetyHidden are further IsSafe cases: every square of row 4 after the
// first four queens of an 8-queens solution.
var safetyHidden = func() []SafetyCase {
	p := queens.Placement{0, 4, 7, 5}
	var cs []SafetyCase
	for c := 0; c < 8; c++ {
		cs = append(cs, SafetyCase{p, 4, c})
	}
	return cs
}()

func formatSolutions(o SolutionsOut) string {
	if o.Err != "" {
		return "erreur : " + errorText(o.Err)
	}
	if len(o.Placements) > 12 {
		return fmt.Sprintf("%d solutions : %v … %v", len(o.Placements), o.Placements[0], o.Placements[len(o.Placements)-1])
	}
	var s []string
	for _, p := range o.Placements {
		s = append(s, "["+p.String()+"]")
	}
	return fmt.Sprintf("%s : %s", plural(len(o.Placements), "solution"), strings.Join(s, " "))
}

// judgeSolutions compares lists of placements, saying in French what is
// wrong first: an invalid placement, a wrong size, a duplicate, a missing
// solution, the order.
func judgeSolutions(_ Sized, got, want SolutionsOut) (bool, string) {
	if ok, note := sameError(got.Err, want.Err); !ok || want.Err != "" {
		return ok, note
	}
	seen := map[string]bool{}
	for i, p := range got.Placements {
		if len(want.Placements) > 0 && len(p) != len(want.Placements[0]) {
			return false, fmt.Sprintf("le placement n° %d a %d reines", i+1, len(p))
		}
		if err := queens.Validate(p); err != nil {
			return false, fmt.Sprintf("le placement n° %d n'est pas une solution : %s", i+1, conflictNote(p, err))
		}
		if seen[p.String()] {
			return false, fmt.Sprintf("le placement %v apparaît deux fois", p)
		}
		seen[p.String()] = true
	}
	for _, p := range want.Placements {
		if !seen[p.String()] {
			return false, fmt.Sprintf("il manque la solution %v", p)
		}
	}
	if len(got.Placements) != len(want.Placements) {
		return false, fmt.Sprintf("%d solutions au lieu de %d", len(got.Placements), len(want.Placements))
	}
	for i := range want.Placements {
		if !slices.Equal(got.Placements[i], want.Placements[i]) {
			return false, "les bonnes solutions, mais pas dans l'ordre lexicographique"
		}
	}
	return true, ""
}

// boardOfSolutions draws the first invalid placement.
func boardOfSolutions(_ Sized, got SolutionsOut) *board.Board {
	for _, p := range got.Placements {
		if queens.Validate(p) != nil {
			return placementBoard(p)
		}
	}
	return nil
}

// placementBoard draws p with the clashing queens outlined.
func placementBoard(p queens.Placement) *board.Board {
	if len(p) == 0 {
		return nil
	}
	b := board.Of(p)
	var c *queens.Conflict
	if errors.As(queens.Validate(p), &c) {
		b.Highlight = []queens.Square{c.A}
		if c.Kind != queens.OutOfBoard {
			b.Highlight = append(b.Highlight, c.B)
		}
	}
	return &b
}

// conflictNote says in French why p is not a solution.
func conflictNote(p queens.Placement, err error) string {
	var c *queens.Conflict
	if !errors.As(err, &c) {
		return "ce n'est pas une solution"
	}
	switch c.Kind {
	case queens.OutOfBoard:
		return fmt.Sprintf("la reine de la ligne %d est hors du plateau (colonne %d)", c.A.Row+1, c.A.Col+1)
	case queens.SameColumn:
		return fmt.Sprintf("les reines des lignes %d et %d sont sur la même colonne %d", c.A.Row+1, c.B.Row+1, c.A.Col+1)
	default:
		return fmt.Sprintf("les reines (%d, %d) et (%d, %d) sont sur une même diagonale", c.A.Row+1, c.A.Col+1, c.B.Row+1, c.B.Col+1)
	}
}
