package nb04

import (
	"github.com/prepa-reines/reines/grading"
	"github.com/prepa-reines/reines/tp/exactcover"
)

// MatrixCase is an input of Q2: a 0/1 matrix.
type MatrixCase struct {
	M    exactcover.Matrix
	What string // what the case tests, in French (may be empty)
}

// DLXCase describes an exact cover problem and what to do with it before
// and during the call of the student's function; which fields count
// depends on the question.
type DLXCase struct {
	Primary, Secondary []string
	Options            [][]string // added with the reference InsertOption
	// Covered lists items covered in this order with the reference
	// CoverItem before the call (for UncoverItem: the items the student's
	// function uncovers, in the reverse order).
	Covered []string
	Item    string     // CoverItem: the item to cover
	Option  int        // HideOption, UnhideOption: the option (0-based) of node x ...
	Pos     int        // ... and x's position in it (0-based)
	Insert  [][]string // InsertOption: the options the student's function inserts, in order
	Limit   int        // Dance: visit stops the search after Limit solutions (0: never)
	What    string     // what the case tests, in French (may be empty)
	// P is the problem described above, built by the reference answers
	// when the cases are made (for UnhideOption, with x's option hidden):
	// the student's function gets a copy. nil for New.
	P *exactcover.Problem
}

// DLXLinks is a copy of the fields of an [exactcover.Problem].
type DLXLinks struct {
	Name                                         []string
	Primary                                      int
	Llink, Rlink, Len, Top, Ulink, Dlink, Spacer []int
}

// DLXOut is what a question on the dancing links gives: the links after
// the call, the invariant checker's verdict, the errors returned.
type DLXOut struct {
	Links  DLXLinks
	Verify string         // Verify's complaint in French, "" if the structure is consistent (or not checked)
	Err    *grading.Err   // New: the error returned
	Errs   []*grading.Err // InsertOption: the error of each insertion
}

// ChooseOut is what ChooseItem returns: an item number, and its name when
// it is one.
type ChooseOut struct {
	Item int
	Name string
}

// DanceOut is what a search reports: the solutions in the order visited,
// and whether the links were restored afterwards (French, "" if they were).
type DanceOut struct {
	Solutions [][]int
	Restore   string
}

// CoverOut is the structure of a problem a student builds (Q12, Q13): its
// items, primary first, and the items of each option.
type CoverOut struct {
	Err     *grading.Err
	Verify  string // the invariant checker's complaint, in French
	Items   []string
	Primary int
	Options [][]string
}

// SudokuCase is an input of Q13 (the problem has no parameter: one case).
type SudokuCase struct{ What string }

// RepeatedCase is an input of Q15, a repeated cover problem: items 0 …
// Items−1, option k holding the items Options[k]. N > 0 when it is the
// domination of the N×N board ([DominationOptions]): item and option N·r+c
// are then the square (r, c).
type RepeatedCase struct {
	Items   int
	Options [][]int
	N       int
	What    string // what the case tests, in French (may be empty)
}

// RepeatedOut is what MinCover returns, and whether it changed its
// argument options.
type RepeatedOut struct {
	Cover   []int
	Err     *grading.Err
	Changed bool `json:",omitempty"`
}

// The first example of TAOCP 7.2.2.1: seven items, six options, one
// solution (options 'a d f', 'b g', 'c e').
var (
	KnuthItems   = []string{"a", "b", "c", "d", "e", "f", "g"}
	KnuthOptions = [][]string{{"c", "e"}, {"a", "d", "g"}, {"b", "c", "f"}, {"a", "d", "f"}, {"b", "g"}, {"d", "e", "g"}}
)

// The 4-queens problem with secondary diagonals, as nqueens.QueensProblem
// builds it (rows and columns in natural order; a for r + c, b for
// r − c + 3), written out: option 4r + c places the queen on (r, c).
var (
	FourQueensItems     = []string{"r1", "c1", "r2", "c2", "r3", "c3", "r4", "c4"}
	FourQueensDiagonals = []string{"a0", "a1", "a2", "a3", "a4", "a5", "a6", "b0", "b1", "b2", "b3", "b4", "b5", "b6"}
	FourQueensOptions   = [][]string{
		{"r1", "c1", "a0", "b3"},
		{"r1", "c2", "a1", "b2"},
		{"r1", "c3", "a2", "b1"},
		{"r1", "c4", "a3", "b0"},
		{"r2", "c1", "a1", "b4"},
		{"r2", "c2", "a2", "b3"},
		{"r2", "c3", "a3", "b2"},
		{"r2", "c4", "a4", "b1"},
		{"r3", "c1", "a2", "b5"},
		{"r3", "c2", "a3", "b4"},
		{"r3", "c3", "a4", "b3"},
		{"r3", "c4", "a5", "b2"},
		{"r4", "c1", "a3", "b6"},
		{"r4", "c2", "a4", "b5"},
		{"r4", "c3", "a5", "b4"},
		{"r4", "c4", "a6", "b3"},
	}
)

var matrixCases = []MatrixCase{
	{M: exactcover.Matrix{{0, 0, 1, 0, 1, 0, 0}, {1, 0, 0, 1, 0, 0, 1}, {0, 1, 1, 0, 0, 1, 0}, {1, 0, 0, 1, 0, 1, 0}, {0, 1, 0, 0, 0, 0, 1}, {0, 0, 0, 1, 1, 0, 1}},
		What: "l'exemple du cours"},
	{M: exactcover.Matrix{{1, 1, 0}, {1, 0, 0}, {0, 1, 1}, {0, 0, 1}}, What: "deux solutions"},
	{M: exactcover.Matrix{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}},
	{M: exactcover.Matrix{{1, 1, 0}, {0, 1, 1}, {1, 0, 1}}, What: "aucune solution"},
	{M: exactcover.Matrix{{0, 1}, {1, 0}, {0, 0}, {1, 1}}, What: "une ligne nulle n'est jamais choisie"},
	{M: exactcover.Matrix{{1, 0, 0}, {0, 1, 0}}, What: "une colonne sans 1 : aucune solution"},
	{M: exactcover.Matrix{{1, 0, 1, 0}, {0, 1, 0, 1}, {1, 1, 0, 0}, {0, 0, 1, 1}, {1, 0, 0, 0}, {0, 0, 1, 0}, {0, 1, 0, 0}, {0, 0, 0, 1}},
		What: "plusieurs solutions : l'ordre de la recherche compte"},
	{M: exactcover.Matrix{{1, 0, 1}, {1, 0, 1}, {0, 0, 1}, {0, 1, 0}}, What: "la colonne 1 n'a qu'un 1 : c'est elle qu'on choisit d'abord"},
	{M: exactcover.Matrix{}, What: "matrice vide : une solution, l'ensemble vide"},
}
