package grading

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/prepa-reines/reines/tp/board"
	"github.com/prepa-reines/reines/tp/exactcover"
	"github.com/prepa-reines/reines/tp/exactcover/nqueens"
	"github.com/prepa-reines/reines/tp/exactcover/sudoku"
	"github.com/prepa-reines/reines/tp/queens"
)

// The checks of notebook 04, exact cover and dancing links (package
// tp/exactcover and its sub-packages nqueens and sudoku).
//
// The dancing-links questions work on problems that the check builds with
// the reference answers, from a description that round-trips through JSON
// ([DLXCase]); the student's function changes them, and the output is a
// copy of every link ([DLXLinks]) with the verdict of the shared invariant
// checker, [exactcover.Problem.Verify], translated into French.

// MatrixCase is an input of [ExactCover].Q2: a 0/1 matrix.
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
	Verify string   // Verify's complaint in French, "" if the structure is consistent (or not checked)
	Err    string   // New: the error returned, "" for nil
	Errs   []string // InsertOption: the error of each insertion, "" for nil
}

// ChooseOut is what [exactcover.ChooseItem] returns: an item number, and
// its name when it is one.
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

// QueensCoverOut describes the problem the student builds for the n×n
// board: its size, the invariant checker's verdict, its number of
// solutions and the first one, decoded as a placement.
type QueensCoverOut struct {
	Err                         string
	Primary, Secondary, Options int
	Verify                      string
	Count                       int64
	First                       queens.Placement // decoded from the first solution; nil if none
	Decode                      string           // why the first solution could not be decoded, in French
}

// SudokuCase is an input of [ExactCover].Q13: a puzzle line.
type SudokuCase struct {
	Puzzle string
	What   string
}

// SudokuOut describes the student's Sudoku problem and what it gives for a
// puzzle: its size, the givens' selection error, the number of solutions
// (0, 1 or 2, the search stops at the second) and the first one.
type SudokuOut struct {
	Primary, Secondary, Options int
	Verify                      string
	Err                         string // selecting the givens failed (clashing givens): the error, "" for none
	Solutions                   int
	Grid                        string // the first solution, 81 characters, "" if none
}

// ExactCover holds the questions of notebook 04. Q1, Q9 and Q14 are written
// answers.
var ExactCover = struct {
	Q1  *Question
	Q2  *Exercise[func(exactcover.Matrix) [][]int, MatrixCase, [][]int]
	Q3  *Exercise[func([]string, []string) (*exactcover.Problem, error), DLXCase, DLXOut]
	Q4  *Exercise[func(*exactcover.Problem, ...string) error, DLXCase, DLXOut]
	Q5  *Exercise[func(*exactcover.Problem, int), DLXCase, DLXOut]
	Q6  *Exercise[func(*exactcover.Problem, int), DLXCase, DLXOut]
	Q7  *Exercise[func(*exactcover.Problem, int), DLXCase, DLXOut]
	Q8  *Exercise[func(*exactcover.Problem, int), DLXCase, DLXOut]
	Q9  *Question
	Q10 *Exercise[func(*exactcover.Problem) int, DLXCase, ChooseOut]
	Q11 *Exercise[func(*exactcover.Problem, func([]int) bool), DLXCase, DanceOut]
	Q12 *Exercise[func(int) (*exactcover.Problem, error), Sized, QueensCoverOut]
	Q13 *Exercise[func() *exactcover.Problem, SudokuCase, SudokuOut]
	Q14 *Question
}{
	Q1: Register(&Question{ID: "04/Q1", Title: "L'algorithme X à la main (réponse rédigée)", Points: 2}),
	Q2: &Exercise[func(exactcover.Matrix) [][]int, MatrixCase, [][]int]{
		Question: Register(&Question{ID: "04/Q2", Title: "L'algorithme X sur la matrice", Points: 4, Func: "AlgorithmX",
			Signature: "func AlgorithmX(m exactcover.Matrix) [][]int"}),
		Cases:  matrixCases,
		Hidden: func() []MatrixCase { return matrixHidden },
		Call: func(f func(exactcover.Matrix) [][]int, in MatrixCase) [][]int {
			return f(ecCloneMatrix(in.M))
		},
		Want:   func(in MatrixCase) [][]int { return exactcover.AlgorithmX(in.M) },
		Input:  describeMatrix,
		Format: formatSolutionsX,
		Judge:  judgeAlgorithmX,
	},
	Q3: &Exercise[func([]string, []string) (*exactcover.Problem, error), DLXCase, DLXOut]{
		Question: Register(&Question{ID: "04/Q3", Title: "Construire la structure (construire)", Points: 3, Func: "New",
			Signature: "func New(primary, secondary []string) (*exactcover.Problem, error)"}),
		Cases: []DLXCase{
			{Primary: []string{"a", "b", "c"}},
			{Primary: []string{"a"}},
			{Primary: []string{"a", "b"}, Secondary: []string{"s", "t"}, What: "éléments secondaires : une liste à part, de tête N+1"},
			{Primary: []string{"x", "y", "z", "w"}, Secondary: []string{"u"}},
			{What: "aucun élément : problème vide, sans erreur"},
			{Primary: []string{"a", "b", "a"}, What: "nom en double"},
			{Secondary: []string{"s"}, What: "des secondaires sans primaire"},
			{Primary: []string{"a", "b c"}, What: "nom avec une espace"},
		},
		Hidden: func() []DLXCase {
			return []DLXCase{
				{Primary: []string{"p", "q"}, Secondary: []string{"r"}},
				{Primary: []string{"a", "b"}, Secondary: []string{"a"}, What: "nom en double"},
				{Primary: []string{"a|b"}, What: "nom interdit"},
			}
		},
		Call: func(f func([]string, []string) (*exactcover.Problem, error), in DLXCase) DLXOut {
			p, err := f(slices.Clone(in.Primary), slices.Clone(in.Secondary))
			out := DLXOut{Err: errText(err)}
			if err == nil {
				if p == nil {
					out.Verify = "New a renvoyé nil sans erreur"
					return out
				}
				out.Links, out.Verify = linksOf(p), verifyText(p)
			}
			return out
		},
		Want: func(in DLXCase) DLXOut {
			p, err := exactcover.New(in.Primary, in.Secondary)
			if err != nil {
				return DLXOut{Err: err.Error()}
			}
			return DLXOut{Links: linksOf(p)}
		},
		Input:  describeDLX("new"),
		Format: formatLinks,
		Judge:  judgeLinks("new"),
	},
	Q4: &Exercise[func(*exactcover.Problem, ...string) error, DLXCase, DLXOut]{
		Question: Register(&Question{ID: "04/Q4", Title: "Insérer une option (inserer)", Points: 3, Func: "InsertOption",
			Signature: "func InsertOption(p *exactcover.Problem, items ...string) error"}),
		Cases: []DLXCase{
			{Primary: []string{"a", "b", "c"}, Insert: [][]string{{"a", "b"}}},
			{Primary: []string{"a", "b", "c"}, Insert: [][]string{{"a", "b"}, {"b", "c"}, {"c"}}, What: "trois options : chacune en bas des listes"},
			{Primary: []string{"a", "b", "c"}, Insert: [][]string{{"c", "a"}, {"a"}}, What: "l'ordre des éléments de l'option est conservé"},
			{Primary: []string{"a", "b"}, Secondary: []string{"s"}, Insert: [][]string{{"a", "s"}, {"b", "s"}, {"a"}}},
			{Primary: []string{"a", "b"}, Insert: [][]string{{"a", "z"}, {"a", "b"}}, What: "élément inconnu : erreur, p inchangé"},
			{Primary: []string{"a", "b"}, Insert: [][]string{{"a", "b", "a"}, {"b"}}, What: "élément répété : erreur, p inchangé"},
			{Primary: []string{"a", "b"}, Insert: [][]string{{}, {"a"}}, What: "option vide : erreur"},
			{Primary: []string{"a"}, Secondary: []string{"s"}, Insert: [][]string{{"s"}, {"a", "s"}}, What: "option sans élément primaire : erreur"},
		},
		Hidden: func() []DLXCase {
			return []DLXCase{
				{Primary: knuthItems, Insert: knuthOptions},
				{Primary: []string{"r1", "r2", "c1", "c2"}, Secondary: []string{"a0", "a1", "a2", "b0", "b1", "b2"},
					Insert: [][]string{{"r1", "c1", "a0", "b1"}, {"r1", "c2", "a1", "b0"}, {"r2", "c1", "a1", "b2"}, {"r2", "c2", "a2", "b1"}}},
			}
		},
		Call: func(f func(*exactcover.Problem, ...string) error, in DLXCase) DLXOut {
			p := buildDLX(in)
			var out DLXOut
			for _, opt := range in.Insert {
				out.Errs = append(out.Errs, errText(f(p, slices.Clone(opt)...)))
			}
			out.Links, out.Verify = linksOf(p), verifyText(p)
			return out
		},
		Want: func(in DLXCase) DLXOut {
			p := buildDLX(in)
			var out DLXOut
			for _, opt := range in.Insert {
				out.Errs = append(out.Errs, errText(exactcover.InsertOption(p, opt...)))
			}
			out.Links = linksOf(p)
			return out
		},
		Input:  describeDLX("insert"),
		Format: formatLinks,
		Judge:  judgeLinks("insert"),
	},
	Q5: &Exercise[func(*exactcover.Problem, int), DLXCase, DLXOut]{
		Question: Register(&Question{ID: "04/Q5", Title: "Cacher une option (moitié de supprimer)", Points: 2, Func: "HideOption",
			Signature: "func HideOption(p *exactcover.Problem, x int)"}),
		Cases: []DLXCase{
			{Primary: []string{"a", "b", "c"}, Options: [][]string{{"a", "b"}, {"b", "c"}, {"c"}}, Option: 0, Pos: 0},
			{Primary: []string{"a", "b", "c"}, Options: [][]string{{"a", "b"}, {"b", "c"}, {"c"}}, Option: 1, Pos: 1, What: "x est le dernier nœud : on repart du début de l'option"},
			{Primary: knuthItems, Options: knuthOptions, Option: 3, Pos: 1, What: "x au milieu de l'option"},
			{Primary: knuthItems, Options: knuthOptions, Option: 5, Pos: 0},
			{Primary: []string{"a", "b"}, Options: [][]string{{"a"}, {"a", "b"}}, Option: 0, Pos: 0, What: "option d'un seul élément : rien à cacher"},
		},
		Hidden: func() []DLXCase {
			return []DLXCase{
				{Primary: knuthItems, Options: knuthOptions, Option: 1, Pos: 2},
				{Primary: knuthItems, Options: knuthOptions, Covered: []string{"c"}, Option: 1, Pos: 0},
			}
		},
		Call: func(f func(*exactcover.Problem, int), in DLXCase) DLXOut {
			p := buildDLX(in)
			f(p, ecNodeOf(p, in))
			return DLXOut{Links: linksOf(p)}
		},
		Want: func(in DLXCase) DLXOut {
			p := buildDLX(in)
			exactcover.HideOption(p, ecNodeOf(p, in))
			return DLXOut{Links: linksOf(p)}
		},
		Input:  describeDLX("hide"),
		Format: formatLinks,
		Judge:  judgeLinks("hide"),
	},
	Q6: &Exercise[func(*exactcover.Problem, int), DLXCase, DLXOut]{
		Question: Register(&Question{ID: "04/Q6", Title: "Couvrir un élément (supprimer)", Points: 2, Func: "CoverItem",
			Signature: "func CoverItem(p *exactcover.Problem, i int)"}),
		Cases: []DLXCase{
			{Primary: []string{"a", "b", "c"}, Options: [][]string{{"a", "b"}, {"b", "c"}, {"c"}}, Item: "b"},
			{Primary: []string{"a", "b", "c"}, Options: [][]string{{"a", "b"}, {"b", "c"}, {"c"}}, Item: "a", What: "premier élément de la liste"},
			{Primary: knuthItems, Options: knuthOptions, Item: "a"},
			{Primary: knuthItems, Options: knuthOptions, Item: "g", What: "dernier élément de la liste"},
			{Primary: knuthItems, Options: knuthOptions, Covered: []string{"a"}, Item: "d", What: "après avoir couvert a"},
			{Primary: []string{"a", "b"}, Secondary: []string{"s"}, Options: [][]string{{"a", "s"}, {"b", "s"}, {"a"}, {"b"}}, Item: "s", What: "élément secondaire"},
		},
		Hidden: func() []DLXCase {
			return []DLXCase{
				{Primary: knuthItems, Options: knuthOptions, Covered: []string{"a", "b"}, Item: "c"},
				{Primary: []string{"a", "b"}, Options: [][]string{{"a"}}, Item: "b", What: "élément sans option"},
			}
		},
		Call: func(f func(*exactcover.Problem, int), in DLXCase) DLXOut {
			p := buildDLX(in)
			f(p, p.ItemIndex[in.Item])
			return DLXOut{Links: linksOf(p), Verify: verifyText(p)}
		},
		Want: func(in DLXCase) DLXOut {
			p := buildDLX(in)
			exactcover.CoverItem(p, p.ItemIndex[in.Item])
			return DLXOut{Links: linksOf(p)}
		},
		Input:  describeDLX("cover"),
		Format: formatLinks,
		Judge:  judgeLinks("cover"),
	},
	Q7: &Exercise[func(*exactcover.Problem, int), DLXCase, DLXOut]{
		Question: Register(&Question{ID: "04/Q7", Title: "Remettre une option (moitié de recuperer)", Points: 2, Func: "UnhideOption",
			Signature: "func UnhideOption(p *exactcover.Problem, x int)"}),
		Cases: []DLXCase{
			{Primary: []string{"a", "b", "c"}, Options: [][]string{{"a", "b"}, {"b", "c"}, {"c"}}, Option: 0, Pos: 0},
			{Primary: []string{"a", "b", "c"}, Options: [][]string{{"a", "b"}, {"b", "c"}, {"c"}}, Option: 1, Pos: 0, What: "x est le premier nœud : on repart de la fin de l'option"},
			{Primary: knuthItems, Options: knuthOptions, Option: 3, Pos: 1},
			{Primary: knuthItems, Options: knuthOptions, Option: 1, Pos: 2},
		},
		Hidden: func() []DLXCase {
			return []DLXCase{{Primary: knuthItems, Options: knuthOptions, Covered: []string{"c"}, Option: 3, Pos: 0}}
		},
		Call: func(f func(*exactcover.Problem, int), in DLXCase) DLXOut {
			p := buildDLX(in)
			x := ecNodeOf(p, in)
			exactcover.HideOption(p, x)
			f(p, x)
			return DLXOut{Links: linksOf(p), Verify: verifyText(p)}
		},
		Want: func(in DLXCase) DLXOut {
			p := buildDLX(in)
			x := ecNodeOf(p, in)
			exactcover.HideOption(p, x)
			exactcover.UnhideOption(p, x)
			return DLXOut{Links: linksOf(p)}
		},
		Input:  describeDLX("unhide"),
		Format: formatLinks,
		Judge:  judgeLinks("unhide"),
	},
	Q8: &Exercise[func(*exactcover.Problem, int), DLXCase, DLXOut]{
		Question: Register(&Question{ID: "04/Q8", Title: "Découvrir un élément (recuperer)", Points: 2, Func: "UncoverItem",
			Signature: "func UncoverItem(p *exactcover.Problem, i int)"}),
		Cases: []DLXCase{
			{Primary: []string{"a", "b", "c"}, Options: [][]string{{"a", "b"}, {"b", "c"}, {"c"}}, Covered: []string{"b"}},
			{Primary: knuthItems, Options: knuthOptions, Covered: []string{"a"}},
			{Primary: knuthItems, Options: knuthOptions, Covered: []string{"a", "d", "g"}, What: "trois éléments couverts, découverts dans l'ordre inverse"},
			{Primary: []string{"a", "b"}, Secondary: []string{"s"}, Options: [][]string{{"a", "s"}, {"b", "s"}, {"a"}, {"b"}}, Covered: []string{"a", "s"}},
		},
		Hidden: func() []DLXCase {
			return []DLXCase{{Primary: knuthItems, Options: knuthOptions, Covered: []string{"b", "c", "f", "a", "d"}}}
		},
		Call: func(f func(*exactcover.Problem, int), in DLXCase) DLXOut {
			p := buildDLX(in)
			for _, name := range slices.Backward(in.Covered) {
				f(p, p.ItemIndex[name])
			}
			return DLXOut{Links: linksOf(p), Verify: verifyText(p)}
		},
		Want: func(in DLXCase) DLXOut {
			p := buildDLX(in)
			for _, name := range slices.Backward(in.Covered) {
				exactcover.UncoverItem(p, p.ItemIndex[name])
			}
			return DLXOut{Links: linksOf(p)}
		},
		Input:  describeDLX("uncover"),
		Format: formatLinks,
		Judge:  judgeLinks("uncover"),
	},
	Q9: Register(&Question{ID: "04/Q9", Title: "Pourquoi défaire dans l'ordre inverse (réponse rédigée)", Points: 2}),
	Q10: &Exercise[func(*exactcover.Problem) int, DLXCase, ChooseOut]{
		Question: Register(&Question{ID: "04/Q10", Title: "Choisir l'élément le plus contraint", Points: 2, Func: "ChooseItem",
			Signature: "func ChooseItem(p *exactcover.Problem) int"}),
		Cases: []DLXCase{
			{Primary: []string{"a", "b", "c"}, Options: [][]string{{"a", "b"}, {"b", "c"}, {"c"}, {"a", "c"}}, What: "b a le moins d'options"},
			{Primary: knuthItems, Options: knuthOptions, What: "égalité : le premier de la liste"},
			{Primary: []string{"a", "b", "c"}, Options: [][]string{{"a"}, {"a", "b"}, {"b", "c"}, {"c"}, {"c"}}, What: "la plus petite colonne n'est pas la première"},
			{Primary: []string{"a", "b"}, Secondary: []string{"s"}, Options: [][]string{{"a", "s"}, {"b", "s"}, {"a"}, {"b"}, {"a", "b"}}, What: "l'élément secondaire s a moins d'options mais ne compte pas"},
			{Primary: knuthItems, Options: knuthOptions, Covered: []string{"a"}, What: "après avoir couvert a"},
			{Primary: []string{"a", "b", "c"}, Options: [][]string{{"a", "b"}, {"c"}, {"c", "b"}}, Covered: []string{"a"}, What: "un élément couvert ne compte plus (LEN(b) est passé à 1)"},
			{Primary: []string{"a", "b"}, Options: [][]string{{"a", "b"}}, Covered: []string{"a", "b"}, What: "plus aucun élément primaire actif : 0"},
		},
		Hidden: func() []DLXCase {
			return []DLXCase{
				{Primary: knuthItems, Options: knuthOptions, Covered: []string{"b", "c"}},
				{Primary: []string{"a", "b", "c"}, Options: [][]string{{"a"}, {"a"}, {"b"}, {"b"}, {"c"}}},
			}
		},
		Call: func(f func(*exactcover.Problem) int, in DLXCase) ChooseOut {
			p := buildDLX(in)
			i := f(p)
			out := ChooseOut{Item: i}
			if i > 0 && i < len(p.Name)-1 {
				out.Name = p.Name[i]
			}
			return out
		},
		Want: func(in DLXCase) ChooseOut {
			p := buildDLX(in)
			i := exactcover.ChooseItem(p)
			return ChooseOut{i, p.Name[i]}
		},
		Input: describeDLX("choose"),
		Format: func(o ChooseOut) string {
			if o.Name == "" {
				return fmt.Sprint(o.Item)
			}
			return fmt.Sprintf("%d (%s)", o.Item, o.Name)
		},
		Judge: judgeChoose,
	},
	Q11: &Exercise[func(*exactcover.Problem, func([]int) bool), DLXCase, DanceOut]{
		Question: Register(&Question{ID: "04/Q11", Title: "La recherche avec les liens dansants (danser)", Points: 4, Func: "Dance",
			Signature: "func Dance(p *exactcover.Problem, visit func(options []int) bool)"}),
		Cases: []DLXCase{
			{Primary: knuthItems, Options: knuthOptions, What: "l'exemple du cours : une solution"},
			{Primary: []string{"a", "b", "c"}, Options: [][]string{{"a", "b"}, {"a"}, {"b", "c"}, {"c"}, {"b"}}, What: "deux solutions"},
			{Primary: []string{"a", "b"}, Secondary: []string{"s"}, Options: [][]string{{"a", "s"}, {"b", "s"}, {"a"}, {"b"}}, What: "s secondaire : couvert au plus une fois"},
			{Primary: []string{"a", "b", "c"}, Options: [][]string{{"a", "b"}, {"b", "c"}}, What: "aucune solution"},
			{Primary: fourQueensItems, Secondary: fourQueensDiagonals, Options: fourQueensOptions, What: "4 reines : diagonales secondaires"},
			{Primary: []string{"a", "b", "c"}, Options: [][]string{{"a"}, {"b"}, {"c"}, {"a", "b"}, {"b", "c"}, {"a", "c"}, {"a", "b", "c"}}, What: "cinq solutions, l'ordre des choix compte"},
			{Primary: []string{"a", "b", "c"}, Options: [][]string{{"a"}, {"b"}, {"c"}, {"a", "b"}, {"b", "c"}, {"a", "c"}, {"a", "b", "c"}}, Limit: 2, What: "visit renvoie false à la 2e solution : arrêter"},
		},
		Hidden: func() []DLXCase {
			return []DLXCase{
				{Primary: knuthItems, Options: append(slices.Clone(knuthOptions), []string{"a", "b", "c"}, []string{"d", "e", "f", "g"}, []string{"a", "b", "c", "d", "e", "f", "g"})},
				{Primary: fourQueensItems, Secondary: fourQueensDiagonals, Options: fourQueensOptions, Limit: 1},
				{Primary: []string{"a"}, Options: nil},
			}
		},
		Call: func(f func(*exactcover.Problem, func([]int) bool), in DLXCase) DanceOut {
			p := buildDLX(in)
			snap := p.Snapshot()
			var out DanceOut
			f(p, func(options []int) bool {
				out.Solutions = append(out.Solutions, slices.Clone(options))
				return in.Limit == 0 || len(out.Solutions) < in.Limit
			})
			out.Restore = checkLinksText(p, snap)
			return out
		},
		Want: func(in DLXCase) DanceOut {
			p := buildDLX(in)
			var out DanceOut
			exactcover.Dance(p, func(options []int) bool {
				out.Solutions = append(out.Solutions, options)
				return in.Limit == 0 || len(out.Solutions) < in.Limit
			})
			return out
		},
		Input:  describeDLX("dance"),
		Format: func(o DanceOut) string { return formatSolutionsX(o.Solutions) },
		Judge:  judgeDance,
	},
	Q12: &Exercise[func(int) (*exactcover.Problem, error), Sized, QueensCoverOut]{
		Question: Register(&Question{ID: "04/Q12", Title: "Les n reines en couverture exacte", Points: 3, Func: "QueensProblem",
			Signature: "func QueensProblem(n int) (*exactcover.Problem, error)"}),
		Cases:  []Sized{{1}, {2}, {3}, {4}, {5}, {6}, {8}, {0}, {-1}},
		Hidden: func() []Sized { return []Sized{{7}, {9}, {10}, {-4}} },
		Call: func(f func(int) (*exactcover.Problem, error), in Sized) QueensCoverOut {
			p, err := f(in.N)
			return queensCoverOut(p, err, in.N)
		},
		Want: func(in Sized) QueensCoverOut {
			p, err := nqueens.QueensProblem(in.N)
			return queensCoverOut(p, err, in.N)
		},
		Input:  Sized.String,
		Format: formatQueensCover,
		Judge:  judgeQueensCover,
		Board: func(_ Sized, got QueensCoverOut) *board.Board {
			if queens.Validate(got.First) != nil {
				return placementBoard(got.First)
			}
			return nil
		},
	},
	Q13: &Exercise[func() *exactcover.Problem, SudokuCase, SudokuOut]{
		Question: Register(&Question{ID: "04/Q13", Title: "Le Sudoku en couverture exacte", Points: 3, Func: "SudokuProblem",
			Signature: "func SudokuProblem() *exactcover.Problem"}),
		Cases:  sudokuCases,
		Hidden: func() []SudokuCase { return sudokuHidden },
		Call: func(f func() *exactcover.Problem, in SudokuCase) SudokuOut {
			return sudokuOut(f(), in.Puzzle)
		},
		Want:   func(in SudokuCase) SudokuOut { return sudokuOut(sudoku.SudokuProblem(), in.Puzzle) },
		Input:  func(in SudokuCase) string { return ecWithWhat(in.Puzzle, in.What) },
		Format: formatSudokuOut,
		Judge:  judgeSudoku,
	},
	Q14: Register(&Question{ID: "04/Q14", Title: "Couverture répétée et minorant (réponse rédigée)", Points: 2}),
}

func init() {
	addExercises(ExactCover.Q2, ExactCover.Q3, ExactCover.Q4, ExactCover.Q5, ExactCover.Q6, ExactCover.Q7,
		ExactCover.Q8, ExactCover.Q10, ExactCover.Q11, ExactCover.Q12, ExactCover.Q13)
}

// The first example of TAOCP 7.2.2.1: seven items, six options, one
// solution (options 'a d f', 'b g', 'c e').
var (
	knuthItems   = []string{"a", "b", "c", "d", "e", "f", "g"}
	knuthOptions = [][]string{{"c", "e"}, {"a", "d", "g"}, {"b", "c", "f"}, {"a", "d", "f"}, {"b", "g"}, {"d", "e", "g"}}
)

// The 4-queens problem with secondary diagonals, as nqueens.QueensProblem
// builds it (rows and columns in natural order).
var fourQueensItems, fourQueensDiagonals, fourQueensOptions = func() ([]string, []string, [][]string) {
	const n = 4
	var prim, sec []string
	for k := 1; k <= n; k++ {
		prim = append(prim, fmt.Sprintf("r%d", k), fmt.Sprintf("c%d", k))
	}
	for d := range 2*n - 1 {
		sec = append(sec, fmt.Sprintf("a%d", d))
	}
	for d := range 2*n - 1 {
		sec = append(sec, fmt.Sprintf("b%d", d))
	}
	var opts [][]string
	for r := range n {
		for c := range n {
			opts = append(opts, []string{fmt.Sprintf("r%d", r+1), fmt.Sprintf("c%d", c+1), fmt.Sprintf("a%d", r+c), fmt.Sprintf("b%d", r-c+n-1)})
		}
	}
	return prim, sec, opts
}()

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

// matrixHidden are random 0/1 matrices (fixed by a linear congruential
// generator, so that the cases never change).
var matrixHidden = func() []MatrixCase {
	var cs []MatrixCase
	seed := uint32(2026)
	next := func() uint32 { seed = seed*1664525 + 1013904223; return seed >> 16 }
	for k := range 6 {
		rows, cols := 6+k, 4+k/2
		m := make(exactcover.Matrix, rows)
		for r := range m {
			m[r] = make([]int, cols)
			for c := range m[r] {
				if next()%3 == 0 {
					m[r][c] = 1
				}
			}
		}
		// One unit row per column, so that there is always a solution.
		for c := range cols {
			row := make([]int, cols)
			row[c] = 1
			m = append(m, row)
		}
		cs = append(cs, MatrixCase{M: m})
	}
	return cs
}()

var sudokuCases = []SudokuCase{
	{Puzzle: "000000010400000000020000000000050407008000300001090000300400200050100000000806000", What: "17 indices"},
	{Puzzle: "000000000000003085001020000000507000004000100090000000500000073002010000000040009", What: "conçue contre le retour sur trace naïf"},
	{Puzzle: "5.........5......................................................................", What: "deux 5 dans le même bloc"},
	{Puzzle: "...7.......................................................................7.....", What: "deux 7 dans la même colonne"},
	{Puzzle: strings.Replace("000000010400000000020000000000050407008000300001090000300400200050100000000806000", "1", "0", 1),
		What: "16 indices : plusieurs solutions"},
}

var sudokuHidden = []SudokuCase{
	{Puzzle: "000800020000000049030000000500004300060000100000020000000630700209000000000100000"},
	{Puzzle: "086500000070000010000300000104020000000000603000000900200000500400010000000600000"},
	{Puzzle: "11..............................................................................."},
	{Puzzle: "987654321246173985351928746128537694634892157795461832519286473472319568863745219", What: "grille complète"},
}

// buildDLX returns the problem of in with the reference answers: items,
// options, then the items of Covered covered in order. The cases are
// fixed: an error is a bug of this file.
func buildDLX(in DLXCase) *exactcover.Problem {
	p, err := exactcover.New(in.Primary, in.Secondary)
	if err != nil {
		panic("grading: bad case: " + err.Error())
	}
	for _, o := range in.Options {
		if err := exactcover.InsertOption(p, o...); err != nil {
			panic("grading: bad case: " + err.Error())
		}
	}
	for _, name := range in.Covered {
		exactcover.CoverItem(p, p.ItemIndex[name])
	}
	return p
}

// ecNodeOf returns the node of in.Pos in option in.Option.
func ecNodeOf(p *exactcover.Problem, in DLXCase) int { return p.Spacer[in.Option] + 1 + in.Pos }

func linksOf(p *exactcover.Problem) DLXLinks {
	return DLXLinks{
		Name: slices.Clone(p.Name), Primary: p.Primary,
		Llink: slices.Clone(p.Llink), Rlink: slices.Clone(p.Rlink), Len: slices.Clone(p.Len),
		Top: slices.Clone(p.Top), Ulink: slices.Clone(p.Ulink), Dlink: slices.Clone(p.Dlink),
		Spacer: slices.Clone(p.Spacer),
	}
}

// verifyText runs the invariant checker and returns its complaint in
// French, or "".
func verifyText(p *exactcover.Problem) (msg string) {
	defer func() {
		if v := recover(); v != nil {
			msg = "la structure est si abîmée que le vérificateur n'a pas pu la parcourir"
		}
	}()
	return frenchCorrupt(p.Verify())
}

// checkLinksText compares p's links with a snapshot and returns the first
// difference in French, or "".
func checkLinksText(p *exactcover.Problem, s exactcover.Snapshot) (msg string) {
	defer func() {
		if v := recover(); v != nil {
			msg = "les liens ne sont pas restaurés (tableaux abîmés)"
		}
	}()
	if err := p.CheckLinks(s); err != nil {
		return "les liens ne sont pas restaurés après la recherche : " + frenchCorrupt(err)
	}
	return ""
}

// corruptFrench translates the messages of Verify and CheckLinks.
var corruptFrench = []struct {
	re *regexp.Regexp
	fr string
}{
	{regexp.MustCompile(`^item arrays of lengths LLINK (\d+), RLINK (\d+), LEN (\d+), want (\d+), (\d+), (\d+)$`),
		"tableaux des éléments de longueurs LLINK $1, RLINK $2, LEN $3 au lieu de $4, $5, $6"},
	{regexp.MustCompile(`^node arrays of lengths TOP (\d+), ULINK (\d+), DLINK (\d+) do not match the spacers$`),
		"tableaux des nœuds (TOP $1, ULINK $2, DLINK $3 cases) incompatibles avec les espaceurs"},
	{regexp.MustCompile(`^(-?\d+) primary items out of (\d+)$`), "$1 éléments primaires sur $2"},
	{regexp.MustCompile(`^LLINK\(RLINK\((\d+)\)\) != (\d+)$`),
		"LLINK(RLINK($1)) ≠ $2 : la liste des éléments actifs n'est pas doublement chaînée"},
	{regexp.MustCompile(`^item (\d+) does not belong in the list headed by 0$`),
		"l'élément $1 est dans la liste de tête 0, celle des éléments primaires, alors qu'il est secondaire (ou la liste ne se referme pas)"},
	{regexp.MustCompile(`^item (\d+) does not belong in the list headed by (\d+)$`),
		"l'élément $1 est dans la liste de tête $2, celle des éléments secondaires, alors qu'il est primaire (ou la liste ne se referme pas)"},
	{regexp.MustCompile(`^Spacer\[(\d+)\] = (-?\d+) is out of order$`), "Spacer[$1] = $2 n'est pas à sa place"},
	{regexp.MustCompile(`^TOP\((\d+)\) = (-?\d+), want (-?\d+) for the spacer before option (\d+)$`),
		"TOP($1) = $2 au lieu de $3 pour l'espaceur avant l'option $4"},
	{regexp.MustCompile(`^option (\d+) has no nodes$`), "l'option $1 n'a aucun nœud"},
	{regexp.MustCompile(`^spacers (\d+) and (\d+) do not point at option (\d+)'s first and last nodes$`),
		"les espaceurs $1 et $2 ne pointent pas sur le premier et le dernier nœud de l'option $3 (ULINK de l'espaceur suivant, DLINK du précédent)"},
	{regexp.MustCompile(`^TOP\((\d+)\) = (-?\d+) is not an item$`), "TOP($1) = $2 n'est pas un élément"},
	{regexp.MustCompile(`^TOP\((\d+)\) = (-?\d+) for a header node$`), "TOP($1) = $2 pour une tête de liste verticale (il faut TOP(i) = i)"},
	{regexp.MustCompile(`^ULINK\(DLINK\((\d+)\)\) != (\d+) in the list of item (\d+)$`),
		"ULINK(DLINK($1)) ≠ $2 dans la liste verticale de l'élément $3 : elle n'est pas doublement chaînée"},
	{regexp.MustCompile(`^node (\d+) \(TOP (-?\d+)\) in the list of item (\d+)$`),
		"le nœud $1 (TOP $2) est dans la liste verticale de l'élément $3"},
	{regexp.MustCompile(`^item (\d+) has (\d+) nodes, LEN = (-?\d+)$`),
		"la liste verticale de l'élément $1 a $2 nœud(s) mais LEN($1) = $3 : LEN n'est pas tenu à jour"},
	{regexp.MustCompile(`^no item is covered but only (\d+) of (\d+) option nodes are linked$`),
		"aucun élément n'est couvert, mais seuls $1 des $2 nœuds d'options sont dans leur liste verticale"},
	{regexp.MustCompile(`^(\w+) has (\d+) entries, snapshot has (\d+)$`), "$1 a $2 cases au lieu de $3"},
	{regexp.MustCompile(`^(\w+)\((\d+)\) = (-?\d+), snapshot has (-?\d+)$`), "$1($2) vaut $3 au lieu de $4"},
}

// frenchCorrupt returns the message of an error of Verify or CheckLinks in
// French ("" for nil).
func frenchCorrupt(err error) string {
	if err == nil {
		return ""
	}
	msg := strings.TrimPrefix(err.Error(), exactcover.ErrCorrupt.Error()+": ")
	for _, t := range corruptFrench {
		if t.re.MatchString(msg) {
			return t.re.ReplaceAllString(msg, t.fr)
		}
	}
	return "structure incohérente : " + msg
}

// ecLinkHints explain, per field, what a wrong value usually means.
var ecLinkHints = map[string]string{
	"LLINK":  "liste horizontale des éléments actifs (LLINK, RLINK)",
	"RLINK":  "liste horizontale des éléments actifs (LLINK, RLINK)",
	"LEN":    "LEN compte les options actives de chaque élément : il faut le tenir à jour",
	"TOP":    "TOP(x) est l'élément du nœud x (-k pour l'espaceur avant l'option k)",
	"ULINK":  "listes verticales (ULINK, DLINK) : nœud du dessus, et pour un espaceur, premier nœud de l'option d'avant",
	"DLINK":  "listes verticales (ULINK, DLINK) : nœud du dessous, et pour un espaceur, dernier nœud de l'option d'après",
	"Spacer": "Spacer[k] est le nœud espaceur placé avant l'option k",
	"Name":   "Name[i] est le nom de l'élément i (\"\" pour les têtes 0 et N+1)",
}

// ecDiffLinks returns the first difference between two copies of the links,
// in French, or "".
func ecDiffLinks(got, want DLXLinks) (field, note string) {
	if !slices.Equal(got.Name, want.Name) {
		return "Name", fmt.Sprintf("Name vaut %q au lieu de %q", got.Name, want.Name)
	}
	if got.Primary != want.Primary {
		return "Primary", fmt.Sprintf("Primary vaut %d au lieu de %d : c'est le nombre d'éléments primaires", got.Primary, want.Primary)
	}
	for _, f := range []struct {
		name      string
		got, want []int
	}{
		{"LLINK", got.Llink, want.Llink}, {"RLINK", got.Rlink, want.Rlink}, {"LEN", got.Len, want.Len},
		{"TOP", got.Top, want.Top}, {"ULINK", got.Ulink, want.Ulink}, {"DLINK", got.Dlink, want.Dlink},
		{"Spacer", got.Spacer, want.Spacer},
	} {
		if len(f.got) != len(f.want) {
			return f.name, fmt.Sprintf("%s a %d cases au lieu de %d", f.name, len(f.got), len(f.want))
		}
		for k := range f.got {
			if f.got[k] != f.want[k] {
				if f.name == "Spacer" {
					return f.name, fmt.Sprintf("Spacer[%d] vaut %d au lieu de %d", k, f.got[k], f.want[k])
				}
				return f.name, fmt.Sprintf("%s(%d) vaut %d au lieu de %d", f.name, k, f.got[k], f.want[k])
			}
		}
	}
	return "", ""
}

// judgeLinks compares the links left by the student's function with the
// reference's; what says which question, for the hints.
func judgeLinks(what string) func(DLXCase, DLXOut, DLXOut) (bool, string) {
	return func(in DLXCase, got, want DLXOut) (bool, string) {
		if ok, note := sameError(got.Err, want.Err); !ok {
			return false, note
		}
		if want.Err != "" {
			return true, ""
		}
		for k := range want.Errs {
			if k >= len(got.Errs) {
				break
			}
			if ok, note := sameError(got.Errs[k], want.Errs[k]); !ok {
				return false, fmt.Sprintf("insertion de l'option %s : %s", ecOptionText(in.Insert[k]), note)
			}
		}
		if got.Verify != "" {
			return false, "structure incohérente : " + got.Verify
		}
		field, diff := ecDiffLinks(got.Links, want.Links)
		if diff == "" {
			return true, ""
		}
		note := diff
		if h := ecLinkHints[field]; h != "" {
			note += " — " + h
		}
		switch {
		case what == "new" && (field == "LLINK" || field == "RLINK") && len(in.Secondary) > 0:
			note += " ; les éléments primaires forment une liste circulaire de tête 0, les secondaires une autre, de tête N+1"
		case what == "insert" && slices.ContainsFunc(want.Errs, func(s string) bool { return s != "" }):
			note += " ; une insertion refusée doit laisser p inchangé : vérifiez tout avant de modifier"
		case what == "insert" && (field == "ULINK" || field == "DLINK"):
			note += " ; chaque nouveau nœud va en bas de la liste verticale de son élément, juste au-dessus de la tête"
		case what == "hide" && field == "LEN":
			note += " ; cacher le nœud q d'un élément j diminue LEN(j)"
		case what == "hide":
			note += " ; on cache les autres nœuds de l'option (pas x), en allant vers la droite et en revenant au début de l'option à l'espaceur"
		case what == "cover" && (field == "LLINK" || field == "RLINK"):
			note += " ; couvrir i le retire aussi de la liste des éléments actifs"
		case what == "unhide" || what == "uncover":
			note += " ; il faut retrouver exactement les liens d'avant"
		}
		return false, note
	}
}

// formatLinks prints the links, one array per line.
func formatLinks(o DLXOut) string {
	if o.Err != "" {
		return "erreur : " + errorText(o.Err)
	}
	var b strings.Builder
	if len(o.Errs) > 0 {
		var es []string
		for _, e := range o.Errs {
			if e == "" {
				e = "nil"
			} else {
				e = "erreur"
			}
			es = append(es, e)
		}
		fmt.Fprintf(&b, "retours : %s\n", strings.Join(es, ", "))
	}
	l := o.Links
	fmt.Fprintf(&b, "LLINK  %v\nRLINK  %v\nLEN    %v\nTOP    %v\nULINK  %v\nDLINK  %v\nSpacer %v", l.Llink, l.Rlink, l.Len, l.Top, l.Ulink, l.Dlink, l.Spacer)
	return b.String()
}

func ecOptionText(o []string) string { return "« " + strings.Join(o, " ") + " »" }

func ecWithWhat(s, what string) string {
	if what == "" {
		return s
	}
	return s + " (" + what + ")"
}

// describeDLX describes a case for the question what.
func describeDLX(what string) func(DLXCase) string {
	return func(in DLXCase) string {
		var b strings.Builder
		items := strings.Join(in.Primary, " ")
		if len(in.Secondary) > 0 {
			items += " | " + strings.Join(in.Secondary, " ")
		}
		if what == "new" {
			fmt.Fprintf(&b, "primaires %q, secondaires %q", in.Primary, in.Secondary)
			return ecWithWhat(b.String(), in.What)
		}
		fmt.Fprintf(&b, "éléments %s", items)
		if len(in.Options) > 0 {
			var os []string
			for k, o := range in.Options {
				os = append(os, fmt.Sprintf("%d:%s", k, strings.Join(o, " ")))
			}
			fmt.Fprintf(&b, " ; options %s", strings.Join(os, ", "))
		}
		switch what {
		case "uncover":
			fmt.Fprintf(&b, " ; couverts dans l'ordre %s, puis découverts par votre fonction dans l'ordre inverse", strings.Join(in.Covered, " "))
			return ecWithWhat(b.String(), in.What)
		}
		if len(in.Covered) > 0 {
			fmt.Fprintf(&b, " ; couverts d'abord : %s", strings.Join(in.Covered, " "))
		}
		switch what {
		case "insert":
			var os []string
			for _, o := range in.Insert {
				os = append(os, ecOptionText(o))
			}
			fmt.Fprintf(&b, " ; insérer %s", strings.Join(os, " puis "))
		case "hide", "unhide":
			p := buildDLX(in)
			x := ecNodeOf(p, in)
			verb := "cacher"
			if what == "unhide" {
				verb = "cacher (référence) puis remettre"
			}
			fmt.Fprintf(&b, " ; %s x = %d (nœud %d de l'option %d, élément %s)", verb, x, in.Pos+1, in.Option, p.Name[p.Top[x]])
		case "cover":
			p := buildDLX(in)
			fmt.Fprintf(&b, " ; couvrir %s (i = %d)", in.Item, p.ItemIndex[in.Item])
		case "dance":
			if in.Limit > 0 {
				fmt.Fprintf(&b, " ; visit renvoie false à la solution n° %d", in.Limit)
			}
		}
		return ecWithWhat(b.String(), in.What)
	}
}

func describeMatrix(in MatrixCase) string {
	if len(in.M) == 0 {
		return ecWithWhat("matrice sans ligne", in.What)
	}
	var rows []string
	for _, r := range in.M {
		var s strings.Builder
		for _, v := range r {
			s.WriteByte(byte('0' + v))
		}
		rows = append(rows, s.String())
	}
	return ecWithWhat(strings.Join(rows, "\n"), in.What)
}

func ecCloneMatrix(m exactcover.Matrix) exactcover.Matrix {
	c := make(exactcover.Matrix, len(m))
	for i, r := range m {
		c[i] = slices.Clone(r)
	}
	return c
}

func formatSolutionsX(sols [][]int) string {
	if len(sols) == 0 {
		return "aucune solution"
	}
	var s []string
	for _, sol := range sols {
		s = append(s, fmt.Sprint(append([]int{}, sol...)))
	}
	return fmt.Sprintf("%s : %s", plural(len(sols), "solution"), strings.Join(s, " "))
}

// ecSameSolutions compares lists of solutions, nil and empty alike.
func ecSameSolutions(a, b [][]int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !slices.Equal(a[i], b[i]) {
			return false
		}
	}
	return true
}

// ecSetKey names a solution as a set of rows (order within it ignored).
func ecSetKey(sol []int) string {
	s := slices.Clone(sol)
	slices.Sort(s)
	return fmt.Sprint(s)
}

// ecCompareSets says, in French, how two lists of solutions differ as
// sets of sets ("" if they are the same sets); what names the rows
// ("ligne", "option").
func ecCompareSets(got, want [][]int, what string) string {
	wantSet := map[string]bool{}
	for _, s := range want {
		wantSet[ecSetKey(s)] = true
	}
	seen := map[string]bool{}
	for _, s := range got {
		k := ecSetKey(s)
		if seen[k] {
			return fmt.Sprintf("la solution %v apparaît deux fois", s)
		}
		seen[k] = true
		if !wantSet[k] {
			return fmt.Sprintf("%v n'est pas une solution (%ss %v)", s, what, s)
		}
	}
	for _, s := range want {
		if !seen[ecSetKey(s)] {
			return fmt.Sprintf("il manque la solution %v", s)
		}
	}
	return ""
}

func judgeAlgorithmX(in MatrixCase, got, want [][]int) (bool, string) {
	if ecSameSolutions(got, want) {
		return true, ""
	}
	if note := ecCompareSets(got, want, "ligne"); note != "" {
		if len(in.M) > 0 {
			for _, s := range got {
				if bad := ecCoverNote(in.M, s); bad != "" {
					return false, fmt.Sprintf("%v n'est pas une couverture exacte : %s", s, bad)
				}
			}
		}
		return false, note
	}
	return false, "les bonnes solutions, mais pas dans l'ordre de l'algorithme X : à chaque étape, la colonne qui a le moins de 1 " +
		"(la première en cas d'égalité), puis ses lignes de haut en bas ; chaque solution donne ses lignes dans l'ordre où elles ont été choisies"
}

// ecCoverNote says why rows is not an exact cover of m ("" if it is).
func ecCoverNote(m exactcover.Matrix, rows []int) string {
	count := make([]int, len(m[0]))
	for _, r := range rows {
		if r < 0 || r >= len(m) {
			return fmt.Sprintf("la ligne %d n'existe pas", r)
		}
		for c, v := range m[r] {
			count[c] += v
		}
	}
	for c, k := range count {
		switch {
		case k == 0:
			return fmt.Sprintf("la colonne %d n'est pas couverte", c)
		case k > 1:
			return fmt.Sprintf("la colonne %d est couverte %d fois", c, k)
		}
	}
	return ""
}

func judgeChoose(in DLXCase, got, want ChooseOut) (bool, string) {
	if got.Item == want.Item {
		return true, ""
	}
	p := buildDLX(in)
	n := p.NumItems()
	active := map[int]bool{}
	for i := p.Rlink[0]; i != 0 && !active[i]; i = p.Rlink[i] {
		active[i] = true
	}
	switch {
	case want.Item == 0:
		return false, "plus aucun élément primaire n'est actif (RLINK(0) = 0) : il faut renvoyer 0"
	case got.Item == 0:
		return false, "0 veut dire qu'il n'y a plus d'élément primaire actif, or il en reste"
	case got.Item < 0 || got.Item > n:
		return false, fmt.Sprintf("%d n'est pas un numéro d'élément (1 à %d)", got.Item, n)
	case got.Item > p.Primary:
		return false, fmt.Sprintf("%s est un élément secondaire : on ne choisit que parmi les primaires, la liste de tête 0", got.Name)
	case !active[got.Item]:
		return false, fmt.Sprintf("%s est déjà couvert : on parcourt la liste des éléments actifs à partir de RLINK(0), pas les numéros 1 à N", got.Name)
	case p.Len[got.Item] > p.Len[want.Item]:
		return false, fmt.Sprintf("LEN(%s) = %d, mais LEN(%s) = %d est plus petit : il faut l'élément qui a le moins d'options actives",
			got.Name, p.Len[got.Item], want.Name, p.Len[want.Item])
	}
	return false, fmt.Sprintf("LEN(%s) = LEN(%s) = %d : en cas d'égalité, le premier rencontré en partant de RLINK(0)", got.Name, want.Name, p.Len[want.Item])
}

func judgeDance(in DLXCase, got, want DanceOut) (bool, string) {
	if in.Limit > 0 && len(got.Solutions) > in.Limit {
		return false, fmt.Sprintf("visit a renvoyé false à la solution n° %d : la recherche doit s'arrêter là", in.Limit)
	}
	for _, s := range got.Solutions {
		if note := dlxCoverNote(in, s); note != "" {
			return false, fmt.Sprintf("%v n'est pas une solution : %s", s, note)
		}
	}
	if in.Limit == 0 {
		if note := ecCompareSets(got.Solutions, want.Solutions, "option"); note != "" {
			return false, note
		}
	}
	if got.Restore != "" {
		return false, got.Restore + " : découvrez dans l'ordre inverse de celui où vous avez couvert"
	}
	if !ecSameSolutions(got.Solutions, want.Solutions) {
		return false, "les bonnes solutions, mais pas dans l'ordre attendu : choisissez l'élément avec ChooseItem (le moins d'options), " +
			"essayez ses options de haut en bas, et donnez les options de chaque solution dans l'ordre où elles ont été choisies"
	}
	return true, ""
}

// dlxCoverNote says why options is not a solution of in's problem ("" if
// it is one): each primary item covered exactly once, each secondary item
// at most once.
func dlxCoverNote(in DLXCase, options []int) string {
	count := map[string]int{}
	for _, o := range options {
		if o < 0 || o >= len(in.Options) {
			return fmt.Sprintf("l'option %d n'existe pas", o)
		}
		for _, it := range in.Options[o] {
			count[it]++
		}
	}
	for _, it := range in.Primary {
		if count[it] != 1 {
			return fmt.Sprintf("l'élément primaire %s est couvert %d fois", it, count[it])
		}
	}
	for _, it := range in.Secondary {
		if count[it] > 1 {
			return fmt.Sprintf("l'élément secondaire %s est couvert %d fois", it, count[it])
		}
	}
	return ""
}

// queensCoverOut describes the problem built for the n×n board.
func queensCoverOut(p *exactcover.Problem, err error, n int) QueensCoverOut {
	if err != nil {
		return QueensCoverOut{Err: err.Error()}
	}
	if p == nil {
		return QueensCoverOut{Verify: "le problème renvoyé vaut nil"}
	}
	prim, sec := p.Items()
	out := QueensCoverOut{Primary: len(prim), Secondary: len(sec), Options: p.NumOptions(), Verify: verifyText(p)}
	if out.Verify != "" {
		return out
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	var first []int
	st, err := p.Solve(ctx, func(options []int) bool {
		if first == nil {
			first = slices.Clone(options)
		}
		return true
	})
	out.Count = st.Solutions
	if errors.Is(err, context.DeadlineExceeded) {
		out.Decode = "trop de solutions : le décompte a été arrêté"
	}
	if first != nil {
		pl := make(queens.Placement, n)
		seen := make([]bool, n)
		for _, o := range first {
			r, c := o/max(n, 1), o%max(n, 1)
			if o < 0 || r >= n || seen[r] {
				out.Decode = fmt.Sprintf("la première solution (options %v) ne se lit pas comme un placement : l'option n·r + c doit placer la reine en (r, c)", first)
				return out
			}
			seen[r] = true
			pl[r] = c
		}
		out.First = pl
	}
	return out
}

func formatQueensCover(o QueensCoverOut) string {
	switch {
	case o.Err != "":
		return "erreur : " + errorText(o.Err)
	case o.Verify != "":
		return "structure incohérente"
	}
	s := fmt.Sprintf("%d primaires, %d secondaires, %d options ; %d solutions", o.Primary, o.Secondary, o.Options, o.Count)
	if o.First != nil {
		s += " ; la première : " + o.First.String()
	}
	return s
}

func judgeQueensCover(in Sized, got, want QueensCoverOut) (bool, string) {
	if ok, note := sameError(got.Err, want.Err); !ok || want.Err != "" {
		return ok, note
	}
	n := in.N
	switch {
	case got.Verify != "":
		return false, "structure incohérente : " + got.Verify
	case got.Primary != want.Primary:
		return false, fmt.Sprintf("éléments primaires : %d au lieu de %d ; les lignes et les colonnes (et elles seules) sont primaires", got.Primary, want.Primary)
	case got.Secondary != want.Secondary:
		return false, fmt.Sprintf("éléments secondaires : %d au lieu de %d ; les %d diagonales et les %d anti-diagonales, toutes, sont secondaires",
			got.Secondary, want.Secondary, 2*n-1, 2*n-1)
	case got.Options != want.Options:
		return false, fmt.Sprintf("options : %d au lieu de %d ; une par case", got.Options, want.Options)
	case got.Count != want.Count:
		return false, fmt.Sprintf("%d solutions au lieu de Q(%d) = %d : chaque option doit nommer la ligne, la colonne et les deux diagonales de sa case",
			got.Count, n, want.Count)
	case got.Decode != "":
		return false, got.Decode
	}
	if got.First != nil {
		if err := queens.Validate(got.First); err != nil {
			return false, "la première solution, lue avec l'option n·r + c en (r, c), n'est pas un placement valide : " + conflictNote(got.First, err)
		}
	}
	return true, ""
}

// sudokuOut describes the student's Sudoku problem and solves puzzle with
// it: the givens' options (81r+9c+d−1) are selected, then the search stops
// at the second solution.
func sudokuOut(p *exactcover.Problem, puzzle string) SudokuOut {
	if p == nil {
		return SudokuOut{Verify: "le problème renvoyé vaut nil"}
	}
	prim, sec := p.Items()
	out := SudokuOut{Primary: len(prim), Secondary: len(sec), Options: p.NumOptions(), Verify: verifyText(p)}
	if out.Verify != "" || out.Options != 729 {
		return out
	}
	g, err := sudoku.Parse(puzzle)
	if err != nil {
		out.Err = "grille illisible : " + err.Error() // a bug of the cases
		return out
	}
	for k, d := range g {
		if d == 0 {
			continue
		}
		if err := p.Select(9*k + int(d) - 1); err != nil {
			out.Err = fmt.Sprintf("le chiffre %d en %v contredit un indice précédent", d, sudoku.Cell{Row: k / 9, Col: k % 9})
			p.Reset()
			return out
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	_, _ = p.Solve(ctx, func(options []int) bool {
		out.Solutions++
		if out.Solutions == 1 {
			sol := g
			for _, o := range options {
				sol[o/9] = uint8(o%9) + 1
			}
			out.Grid = sol.String()
		}
		return out.Solutions < 2
	})
	p.Reset()
	return out
}

func formatSudokuOut(o SudokuOut) string {
	switch {
	case o.Verify != "":
		return "structure incohérente"
	case o.Err != "":
		return fmt.Sprintf("%d éléments, %d options ; indices contradictoires", o.Primary+o.Secondary, o.Options)
	}
	s := fmt.Sprintf("%d éléments, %d options ; ", o.Primary+o.Secondary, o.Options)
	switch o.Solutions {
	case 0:
		return s + "aucune solution"
	case 1:
		return s + "une solution : " + o.Grid
	}
	return s + "plusieurs solutions, dont " + o.Grid
}

func judgeSudoku(_ SudokuCase, got, want SudokuOut) (bool, string) {
	switch {
	case got.Verify != "":
		return false, "structure incohérente : " + got.Verify
	case got.Options != want.Options:
		return false, fmt.Sprintf("%d options au lieu de 729 : une par case et par chiffre, l'option 81r + 9c + d − 1 plaçant d en (r, c)", got.Options)
	case got.Primary != want.Primary || got.Secondary != want.Secondary:
		return false, fmt.Sprintf("%d éléments primaires et %d secondaires au lieu de 324 et 0 : 81 cases, 81 couples (ligne, chiffre), 81 (colonne, chiffre), 81 (bloc, chiffre)",
			got.Primary, got.Secondary)
	case (got.Err != "") != (want.Err != ""):
		if want.Err != "" {
			return false, "ces indices se contredisent (" + want.Err + ") : une contrainte manque, sans doute celle des lignes, des colonnes ou des blocs"
		}
		return false, "indices jugés contradictoires à tort : " + got.Err
	case got.Solutions != want.Solutions:
		return false, fmt.Sprintf("vous trouvez %s, la grille en a %s : une contrainte manque, ou l'option 81r + 9c + d − 1 ne place pas d en (r, c)",
			ecCountText(got.Solutions), ecCountText(want.Solutions))
	case got.Grid != want.Grid && want.Solutions == 1:
		return false, "une autre grille que la solution : l'option 81r + 9c + d − 1 doit placer le chiffre d en (r, c)"
	}
	return true, ""
}

func ecCountText(n int) string {
	return [...]string{"aucune", "une seule", "plusieurs"}[min(n, 2)]
}
