// Package nb04 declares the questions of notebook 04, exact cover with
// Algorithm X and dancing links (reference answers: tp/exactcover and its
// sub-packages nqueens and sudoku), and the data its demonstrations show.
//
// The dancing-links questions work on problems built by the reference
// answers from a description ([DLXCase]): the built problem travels with
// the case as data (its exported arrays round-trip through JSON), the
// student's function changes a copy, and the output is a copy of every
// link ([DLXLinks]) with the verdict of the shared invariant checker,
// [exactcover.Problem.Verify], in French. The N-queens and Sudoku
// formulations (Q12, Q13) are judged by their structure: the set of
// options of every item must be one of the problem's constraints. The
// repeated cover (Q15) is judged by validity and size: distinct options
// that cover every item, as few as the reference's. The hidden cases are
// in hidden.go (teacher's edition only).
package nb04

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/prepa-reines/reines/grading"
	"github.com/prepa-reines/reines/tp/board"
	"github.com/prepa-reines/reines/tp/exactcover"
	"github.com/prepa-reines/reines/tp/exactcover/nqueens"
	"github.com/prepa-reines/reines/tp/exactcover/sudoku"
	"github.com/prepa-reines/reines/tp/queens"
)

// The errors of TP 04's answers, for the checks (see
// grading.RegisterErrors).
func init() {
	grading.RegisterErrors(
		grading.TPError{Err: exactcover.ErrNoItems, Name: "exactcover.ErrNoItems", French: "des éléments secondaires sans aucun élément primaire"},
		grading.TPError{Err: exactcover.ErrItemName, Name: "exactcover.ErrItemName", French: "nom d'élément interdit (vide, ou avec une espace, « | » ou « : »)"},
		grading.TPError{Err: exactcover.ErrDuplicateItem, Name: "exactcover.ErrDuplicateItem", French: "nom d'élément en double"},
		grading.TPError{Err: exactcover.ErrUnknownItem, Name: "exactcover.ErrUnknownItem", French: "élément inconnu"},
		grading.TPError{Err: exactcover.ErrRepeatedItem, Name: "exactcover.ErrRepeatedItem", French: "élément répété dans l'option"},
		grading.TPError{Err: exactcover.ErrEmptyOption, Name: "exactcover.ErrEmptyOption", French: "option vide"},
		grading.TPError{Err: exactcover.ErrNoPrimary, Name: "exactcover.ErrNoPrimary", French: "option sans élément primaire"},
		grading.TPError{Err: exactcover.ErrConflict, Name: "exactcover.ErrConflict", French: "l'option touche un élément déjà couvert"},
		grading.TPError{Err: exactcover.ErrNoCover, Name: "exactcover.ErrNoCover", French: "aucun ensemble d'options ne couvre tous les éléments"},
		grading.TPError{Err: exactcover.ErrItemCount, Name: "exactcover.ErrItemCount", French: "nombre d'éléments négatif"},
		grading.TPError{Err: sudoku.ErrNoSolution, Name: "sudoku.ErrNoSolution", French: "pas de solution"},
		grading.TPError{Err: sudoku.ErrDigit, Name: "sudoku.ErrDigit", French: "chiffre hors de 0 … 9"},
	)
}

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

// Q1 is the written answer: Algorithm X by hand.
var Q1 = grading.Prose("04/Q1", "L'algorithme X à la main (réponse rédigée)", 2)

// Q2 asks for AlgorithmX on the 0/1 matrix.
var Q2 = grading.Define(&grading.Exercise[func(exactcover.Matrix) [][]int, MatrixCase, [][]int]{
	Question: grading.Question{ID: "04/Q2", Title: "L'algorithme X en code", Points: 4, Optional: true},
	Ref:      exactcover.AlgorithmX,
	Cases:    matrixCases,
	Call: func(f func(exactcover.Matrix) [][]int, in MatrixCase) [][]int {
		return f(cloneMatrix(in.M))
	},
	Input:  describeMatrix,
	Format: formatSolutionsX,
	Judge:  judgeAlgorithmX,
})

// Q3 asks for New, the empty structure (sujet: construire).
var Q3 = grading.Define(&grading.Exercise[func([]string, []string) (*exactcover.Problem, error), DLXCase, DLXOut]{
	Question: grading.Question{ID: "04/Q3", Title: "Construire la structure (`construire`)", Points: 3},
	Ref:      exactcover.New,
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
	Call: func(f func([]string, []string) (*exactcover.Problem, error), in DLXCase) DLXOut {
		p, err := f(slices.Clone(in.Primary), slices.Clone(in.Secondary))
		out := DLXOut{Err: grading.ErrOf(err)}
		if err == nil {
			if p == nil {
				out.Verify = "New a renvoyé nil sans erreur"
				return out
			}
			out.Links, out.Verify = linksOf(p), verifyText(p)
		}
		return out
	},
	Input:  describeDLX("new"),
	Format: formatLinks,
	Diff:   diffLinks,
	Judge:  judgeLinks("new"),
})

// Q4 asks for InsertOption (sujet: inserer).
var Q4 = grading.Define(&grading.Exercise[func(*exactcover.Problem, ...string) error, DLXCase, DLXOut]{
	Question: grading.Question{ID: "04/Q4", Title: "Insérer une option (`inserer`)", Points: 3},
	Ref:      exactcover.InsertOption,
	Computed: func() []DLXCase {
		return built([]DLXCase{
			{Primary: []string{"a", "b", "c"}, Insert: [][]string{{"a", "b"}}},
			{Primary: []string{"a", "b", "c"}, Insert: [][]string{{"a", "b"}, {"b", "c"}, {"c"}}, What: "trois options : chacune en bas des listes"},
			{Primary: []string{"a", "b", "c"}, Insert: [][]string{{"c", "a"}, {"a"}}, What: "l'ordre des éléments de l'option est conservé"},
			{Primary: []string{"a", "b"}, Secondary: []string{"s"}, Insert: [][]string{{"a", "s"}, {"b", "s"}, {"a"}}},
			{Primary: []string{"a", "b"}, Insert: [][]string{{"a", "z"}, {"a", "b"}}, What: "élément inconnu : erreur, p inchangé"},
			{Primary: []string{"a", "b"}, Insert: [][]string{{"a", "b", "a"}, {"b"}}, What: "élément répété : erreur, p inchangé"},
			{Primary: []string{"a", "b"}, Insert: [][]string{{}, {"a"}}, What: "option vide : erreur"},
			{Primary: []string{"a"}, Secondary: []string{"s"}, Insert: [][]string{{"s"}, {"a", "s"}}, What: "option sans élément primaire : erreur"},
		})
	},
	Call: func(f func(*exactcover.Problem, ...string) error, in DLXCase) DLXOut {
		p := cloneProblem(in.P)
		var out DLXOut
		for _, opt := range in.Insert {
			out.Errs = append(out.Errs, grading.ErrOf(f(p, slices.Clone(opt)...)))
		}
		out.Links, out.Verify = linksOf(p), verifyText(p)
		return out
	},
	Input:  describeDLX("insert"),
	Format: formatLinks,
	Diff:   diffLinks,
	Judge:  judgeLinks("insert"),
})

// Q5 asks for HideOption (the first half of supprimer).
var Q5 = grading.Define(&grading.Exercise[func(*exactcover.Problem, int), DLXCase, DLXOut]{
	Question: grading.Question{ID: "04/Q5", Title: "Cacher une option (première moitié de `supprimer`)", Points: 2},
	Ref:      exactcover.HideOption,
	Computed: func() []DLXCase {
		return built([]DLXCase{
			{Primary: []string{"a", "b", "c"}, Options: [][]string{{"a", "b"}, {"b", "c"}, {"c"}}, Option: 0, Pos: 0},
			{Primary: []string{"a", "b", "c"}, Options: [][]string{{"a", "b"}, {"b", "c"}, {"c"}}, Option: 1, Pos: 1, What: "x est le dernier nœud : on repart du début de l'option"},
			{Primary: knuthItems, Options: knuthOptions, Option: 3, Pos: 1, What: "x au milieu de l'option"},
			{Primary: knuthItems, Options: knuthOptions, Option: 5, Pos: 0},
			{Primary: []string{"a", "b"}, Options: [][]string{{"a"}, {"a", "b"}}, Option: 0, Pos: 0, What: "option d'un seul élément : rien à cacher"},
		})
	},
	Call: func(f func(*exactcover.Problem, int), in DLXCase) DLXOut {
		p := cloneProblem(in.P)
		f(p, nodeOf(p, in))
		return DLXOut{Links: linksOf(p)}
	},
	Input:  describeDLX("hide"),
	Format: formatLinks,
	Diff:   diffLinks,
	Judge:  judgeLinks("hide"),
})

// Q6 asks for CoverItem (sujet: supprimer).
var Q6 = grading.Define(&grading.Exercise[func(*exactcover.Problem, int), DLXCase, DLXOut]{
	Question: grading.Question{ID: "04/Q6", Title: "Couvrir un élément (`supprimer`)", Points: 2},
	Ref:      exactcover.CoverItem,
	Computed: func() []DLXCase {
		return built([]DLXCase{
			{Primary: []string{"a", "b", "c"}, Options: [][]string{{"a", "b"}, {"b", "c"}, {"c"}}, Item: "b"},
			{Primary: []string{"a", "b", "c"}, Options: [][]string{{"a", "b"}, {"b", "c"}, {"c"}}, Item: "a", What: "premier élément de la liste"},
			{Primary: knuthItems, Options: knuthOptions, Item: "a"},
			{Primary: knuthItems, Options: knuthOptions, Item: "g", What: "dernier élément de la liste"},
			{Primary: knuthItems, Options: knuthOptions, Covered: []string{"a"}, Item: "d", What: "après avoir couvert a"},
			{Primary: []string{"a", "b"}, Secondary: []string{"s"}, Options: [][]string{{"a", "s"}, {"b", "s"}, {"a"}, {"b"}}, Item: "s", What: "élément secondaire"},
		})
	},
	Call: func(f func(*exactcover.Problem, int), in DLXCase) DLXOut {
		p := cloneProblem(in.P)
		f(p, p.ItemIndex[in.Item])
		return DLXOut{Links: linksOf(p), Verify: verifyText(p)}
	},
	Input:  describeDLX("cover"),
	Format: formatLinks,
	Diff:   diffLinks,
	Judge:  judgeLinks("cover"),
})

// Q7 asks for UnhideOption (the first half of recuperer).
var Q7 = grading.Define(&grading.Exercise[func(*exactcover.Problem, int), DLXCase, DLXOut]{
	Question: grading.Question{ID: "04/Q7", Title: "Remettre une option (première moitié de `recuperer`)", Points: 2},
	Ref:      exactcover.UnhideOption,
	Computed: func() []DLXCase {
		return hidden(built([]DLXCase{
			{Primary: []string{"a", "b", "c"}, Options: [][]string{{"a", "b"}, {"b", "c"}, {"c"}}, Option: 0, Pos: 0},
			{Primary: []string{"a", "b", "c"}, Options: [][]string{{"a", "b"}, {"b", "c"}, {"c"}}, Option: 1, Pos: 0, What: "x est le premier nœud : on repart de la fin de l'option"},
			{Primary: knuthItems, Options: knuthOptions, Option: 3, Pos: 1},
			{Primary: knuthItems, Options: knuthOptions, Option: 1, Pos: 2},
		}))
	},
	Call: func(f func(*exactcover.Problem, int), in DLXCase) DLXOut {
		p := cloneProblem(in.P)
		f(p, nodeOf(p, in))
		return DLXOut{Links: linksOf(p), Verify: verifyText(p)}
	},
	Input:  describeDLX("unhide"),
	Format: formatLinks,
	Diff:   diffLinks,
	Judge:  judgeLinks("unhide"),
})

// Q8 asks for UncoverItem (sujet: recuperer).
var Q8 = grading.Define(&grading.Exercise[func(*exactcover.Problem, int), DLXCase, DLXOut]{
	Question: grading.Question{ID: "04/Q8", Title: "Découvrir un élément (`recuperer`)", Points: 2},
	Ref:      exactcover.UncoverItem,
	Computed: func() []DLXCase {
		return built([]DLXCase{
			{Primary: []string{"a", "b", "c"}, Options: [][]string{{"a", "b"}, {"b", "c"}, {"c"}}, Covered: []string{"b"}},
			{Primary: knuthItems, Options: knuthOptions, Covered: []string{"a"}},
			{Primary: knuthItems, Options: knuthOptions, Covered: []string{"a", "d", "g"}, What: "trois éléments couverts, découverts dans l'ordre inverse"},
			{Primary: []string{"a", "b"}, Secondary: []string{"s"}, Options: [][]string{{"a", "s"}, {"b", "s"}, {"a"}, {"b"}}, Covered: []string{"a", "s"}},
		})
	},
	Call: func(f func(*exactcover.Problem, int), in DLXCase) DLXOut {
		p := cloneProblem(in.P)
		for _, name := range slices.Backward(in.Covered) {
			f(p, p.ItemIndex[name])
		}
		return DLXOut{Links: linksOf(p), Verify: verifyText(p)}
	},
	Input:  describeDLX("uncover"),
	Format: formatLinks,
	Diff:   diffLinks,
	Judge:  judgeLinks("uncover"),
})

// Q9 is the written answer: why undo in the reverse order.
var Q9 = grading.OptionalProse("04/Q9", "Pourquoi défaire dans l'ordre inverse ? (réponse rédigée)", 2)

// Q10 asks for ChooseItem, the most constrained item.
var Q10 = grading.Define(&grading.Exercise[func(*exactcover.Problem) int, DLXCase, ChooseOut]{
	Question: grading.Question{ID: "04/Q10", Title: "Choisir l'élément le plus contraint", Points: 2},
	Ref:      exactcover.ChooseItem,
	Computed: func() []DLXCase {
		return built([]DLXCase{
			{Primary: []string{"a", "b", "c"}, Options: [][]string{{"a", "b"}, {"b", "c"}, {"c"}, {"a", "c"}}, What: "égalité entre a et b (deux options chacun) : le premier de la liste"},
			{Primary: knuthItems, Options: knuthOptions, What: "égalité : le premier de la liste"},
			{Primary: []string{"a", "b", "c"}, Options: [][]string{{"a"}, {"a", "b"}, {"b", "c"}, {"c"}, {"c"}}, What: "la plus petite colonne n'est pas la première"},
			{Primary: []string{"a", "b"}, Secondary: []string{"s"}, Options: [][]string{{"a", "s"}, {"b", "s"}, {"a"}, {"b"}, {"a", "b"}}, What: "l'élément secondaire s a moins d'options mais ne compte pas"},
			{Primary: knuthItems, Options: knuthOptions, Covered: []string{"a"}, What: "après avoir couvert a"},
			{Primary: []string{"a", "b", "c"}, Options: [][]string{{"a", "b"}, {"c"}, {"c", "b"}}, Covered: []string{"a"}, What: "un élément couvert ne compte plus (Len[b] est passé à 1)"},
			{Primary: []string{"a", "b"}, Options: [][]string{{"a", "b"}}, Covered: []string{"a", "b"}, What: "plus aucun élément primaire actif : 0"},
		})
	},
	Call: func(f func(*exactcover.Problem) int, in DLXCase) ChooseOut {
		p := cloneProblem(in.P)
		i := f(p)
		out := ChooseOut{Item: i}
		if i > 0 && i < len(p.Name)-1 {
			out.Name = p.Name[i]
		}
		return out
	},
	Input: describeDLX("choose"),
	Format: func(o ChooseOut) string {
		if o.Name == "" {
			return fmt.Sprint(o.Item)
		}
		return fmt.Sprintf("%d (%s)", o.Item, o.Name)
	},
	Judge: judgeChoose,
})

// Q11 asks for Dance, the search with dancing links (sujet: danser).
var Q11 = grading.Define(&grading.Exercise[func(*exactcover.Problem, func([]int) bool), DLXCase, DanceOut]{
	Question: grading.Question{ID: "04/Q11", Title: "La recherche avec les liens dansants (`danser`)", Points: 4},
	Ref:      exactcover.Dance,
	Computed: func() []DLXCase {
		return built([]DLXCase{
			{Primary: knuthItems, Options: knuthOptions, What: "l'exemple du cours : une solution"},
			{Primary: []string{"a", "b", "c"}, Options: [][]string{{"a", "b"}, {"a"}, {"b", "c"}, {"c"}, {"b"}}, What: "trois solutions"},
			{Primary: []string{"a", "b"}, Secondary: []string{"s"}, Options: [][]string{{"a", "s"}, {"b", "s"}, {"a"}, {"b"}}, What: "s secondaire : couvert au plus une fois"},
			{Primary: []string{"a", "b", "c"}, Options: [][]string{{"a", "b"}, {"b", "c"}}, What: "aucune solution"},
			{Primary: fourQueensItems, Secondary: fourQueensDiagonals, Options: fourQueensOptions, What: "4 reines : diagonales secondaires"},
			{Primary: []string{"a", "b", "c"}, Options: [][]string{{"a"}, {"b"}, {"c"}, {"a", "b"}, {"b", "c"}, {"a", "c"}, {"a", "b", "c"}}, What: "cinq solutions, l'ordre des choix compte"},
			{Primary: []string{"a", "b", "c"}, Options: [][]string{{"a"}, {"b"}, {"c"}, {"a", "b"}, {"b", "c"}, {"a", "c"}, {"a", "b", "c"}}, Limit: 2, What: "visit renvoie false à la 2e solution : arrêter"},
		})
	},
	Call: func(f func(*exactcover.Problem, func([]int) bool), in DLXCase) DanceOut {
		p := cloneProblem(in.P)
		snap := p.Snapshot()
		var out DanceOut
		f(p, func(options []int) bool {
			out.Solutions = append(out.Solutions, slices.Clone(options))
			return in.Limit == 0 || len(out.Solutions) < in.Limit
		})
		out.Restore = checkLinksText(p, snap)
		return out
	},
	Input:  describeDLX("dance"),
	Format: func(o DanceOut) string { return formatSolutionsX(o.Solutions) },
	Judge:  judgeDance,
})

// Q12 asks for QueensProblem, the N-queens problem as an exact cover.
var Q12 = grading.Define(&grading.Exercise[func(int) (*exactcover.Problem, error), grading.Sized, CoverOut]{
	Question: grading.Question{ID: "04/Q12", Title: "Les *n* reines en couverture exacte", Points: 3},
	Ref:      nqueens.QueensProblem,
	Cases:    []grading.Sized{{N: 1}, {N: 2}, {N: 3}, {N: 4}, {N: 5}, {N: 6}, {N: 8}, {N: 0}, {N: -1}},
	Call: func(f func(int) (*exactcover.Problem, error), in grading.Sized) CoverOut {
		p, err := f(in.N)
		return coverOut(p, err)
	},
	Input:   grading.Sized.String,
	Format:  formatCover,
	Example: func(_ grading.Sized, o CoverOut) bool { return o.Err == nil },
	Judge: func(in grading.Sized, got, want CoverOut) (bool, string) {
		if ok, note := grading.SameError(got.Err, want.Err); !ok || want.Err != nil {
			return ok, note
		}
		if got.Verify != "" {
			return false, "structure incohérente : " + got.Verify
		}
		return judgeFormulation(got, want, func(k int) string {
			return grading.Sq(squareOf(in.N, k))
		}, func(opts []int) string { return queensLine(in.N, opts) })
	},
})

// Q13 asks for SudokuProblem, the empty grid as an exact cover.
var Q13 = grading.Define(&grading.Exercise[func() *exactcover.Problem, SudokuCase, CoverOut]{
	Question: grading.Question{ID: "04/Q13", Title: "Le Sudoku en couverture exacte", Points: 3, Optional: true},
	Ref:      sudoku.SudokuProblem,
	Cases:    []SudokuCase{{What: "la grille vide : 324 éléments, 729 options"}},
	Call: func(f func() *exactcover.Problem, _ SudokuCase) CoverOut {
		return coverOut(f(), nil)
	},
	Input:   func(in SudokuCase) string { return in.What },
	Format:  formatCover,
	Example: func(SudokuCase, CoverOut) bool { return true },
	Judge: func(_ SudokuCase, got, want CoverOut) (bool, string) {
		if got.Verify != "" {
			return false, "structure incohérente : " + got.Verify
		}
		return judgeFormulation(got, want, func(k int) string {
			return fmt.Sprintf("%d (le chiffre %d en ligne %d, colonne %d)", k, k%9+1, k/81+1, k/9%9+1)
		}, sudokuConstraint)
	},
})

// Q14 is the written answer on the repeated cover and its lower bound.
var Q14 = grading.OptionalProse("04/Q14", "Couverture répétée et minorant (réponse rédigée)", 2)

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

// Q15 asks for MinCover, the minimum repeated cover by IDA*.
var Q15 = grading.Define(&grading.Exercise[func(int, [][]int) ([]int, error), RepeatedCase, RepeatedOut]{
	Question: grading.Question{ID: "04/Q15", Title: "La couverture répétée minimale, par approfondissement itératif", Points: 4, Optional: true},
	Ref:      exactcover.MinCover,
	Cases: []RepeatedCase{
		{Items: 4, Options: [][]int{{0, 1}, {1, 2}, {2, 3}, {3, 0}, {1}}, What: "deux options suffisent"},
		{Items: 3, Options: [][]int{{0}, {0, 1, 2}, {2}}, What: "une seule option couvre tout"},
		{Items: 6, Options: [][]int{{0, 1, 2, 3}, {0, 1, 4}, {2, 3, 5}}, What: "prendre d'abord la plus grande option en donne trois, le minimum est deux"},
		{Items: 5, Options: [][]int{{}, {0, 1}, {2}, {}, {1, 2, 3}, {4, 0}}, What: "des options vides, qui ne servent à rien"},
		domination(3, "le centre contrôle tout : γ = 1"),
		domination(4, "γ(Q₄) = 2"),
		domination(5, "γ(Q₅) = 3 : le minorant au départ vaut 2, il faut approfondir"),
		domination(6, "γ(Q₆) = 3 ; prendre chaque fois la reine qui contrôle le plus de cases nouvelles en donne 4"),
		{Items: 0, What: "aucun élément : la couverture vide"},
		{Items: 4, Options: [][]int{{0, 1}, {1, 3}}, What: "l'élément 2 n'est dans aucune option"},
		{Items: 3, Options: [][]int{{0, 1}, {1, 3}}, What: "numéro d'élément hors de 0 … 2"},
		{Items: 3, Options: [][]int{{0, 1}, {2, 1, 2}}, What: "élément répété dans une option"},
	},
	Call: func(f func(int, [][]int) ([]int, error), in RepeatedCase) RepeatedOut {
		opts := make([][]int, len(in.Options))
		for k, o := range in.Options {
			opts[k] = slices.Clone(o)
		}
		cover, err := f(in.Items, opts)
		out := RepeatedOut{Cover: slices.Clone(cover), Err: grading.ErrOf(err)}
		out.Changed = !slices.EqualFunc(opts, in.Options, slices.Equal)
		return out
	},
	Input: describeRepeated,
	Format: func(o RepeatedOut) string {
		if o.Err != nil {
			return grading.ErrText(o.Err)
		}
		if len(o.Cover) == 0 {
			return "aucune option (la couverture vide)"
		}
		return fmt.Sprintf("%s : %v", grading.Plural(len(o.Cover), "option"), o.Cover)
	},
	Example: func(_ RepeatedCase, want RepeatedOut) bool { return want.Err == nil && len(want.Cover) > 0 },
	Judge:   judgeRepeated,
	Board: func(in RepeatedCase, got, _ RepeatedOut) *board.Board {
		if in.N < 1 || got.Err != nil || len(got.Cover) == 0 || slices.ContainsFunc(got.Cover, func(k int) bool { return k < 0 || k >= in.N*in.N }) {
			return nil
		}
		b := DominationBoard(in.N, got.Cover)
		return &b
	},
})

// domination is the case of the n×n board's domination.
func domination(n int, what string) RepeatedCase {
	return RepeatedCase{Items: n * n, Options: DominationOptions(n), N: n, What: what}
}

// describeRepeated describes a case of Q15: the board for a domination,
// the items and options otherwise.
func describeRepeated(in RepeatedCase) string {
	if in.N > 0 {
		return withWhat(fmt.Sprintf("domination de l'échiquier %d × %d : DominationOptions(%d), %d éléments (les cases), %d options (les reines)",
			in.N, in.N, in.N, in.Items, len(in.Options)), in.What)
	}
	var os []string
	for k, o := range in.Options {
		os = append(os, fmt.Sprintf("%d : %v", k, o))
	}
	s := fmt.Sprintf("items = %d", in.Items)
	if len(os) > 0 {
		s += " ; options " + strings.Join(os, ", ")
	} else {
		s += " ; aucune option"
	}
	return withWhat(s, in.What)
}

// judgeRepeated accepts the reference's error, or a set of distinct
// options that covers every item and has as few options as the
// reference's.
func judgeRepeated(in RepeatedCase, got, want RepeatedOut) (bool, string) {
	if ok, note := grading.SameError(got.Err, want.Err); !ok || want.Err != nil {
		return ok, note
	}
	if got.Changed {
		return false, "MinCover a modifié ses options (la tranche options ou l'une de ses listes) : l'énoncé demande de les laisser intactes"
	}
	if note := repeatedCoverNote(in, got.Cover); note != "" {
		return false, note
	}
	switch {
	case len(got.Cover) > len(want.Cover):
		return false, fmt.Sprintf("couverture valide, mais de %s alors que %s : IDA* essaie k = ⌈items/m⌉, puis k + 1, etc., et s'arrête au premier k qui réussit ; "+
			"une couverture trop grande vient d'une recherche qui ne s'arrête pas là, ou d'un minorant trop fort qui coupe la bonne branche (m est le plus grand nombre d'éléments encore non couverts d'une même option)",
			grading.Plural(len(got.Cover), "option"), grading.Plurals(len(want.Cover), "suffit", "suffisent"))
	case len(got.Cover) < len(want.Cover):
		return false, fmt.Sprintf("%s, moins que le minimum %d : impossible, signalez-le à l'enseignant", grading.Plural(len(got.Cover), "option"), len(want.Cover))
	}
	return true, ""
}

// repeatedCoverNote says in French why cover is not a set of distinct
// options of in covering every item ("" if it is one).
func repeatedCoverNote(in RepeatedCase, cover []int) string {
	seen := map[int]bool{}
	for _, k := range cover {
		if k < 0 || k >= len(in.Options) {
			if len(in.Options) == 0 {
				return fmt.Sprintf("l'option %d n'existe pas : il n'y a aucune option", k)
			}
			return fmt.Sprintf("l'option %d n'existe pas (options 0 … %d)", k, len(in.Options)-1)
		}
		if seen[k] {
			return fmt.Sprintf("l'option %d est prise deux fois", k)
		}
		seen[k] = true
	}
	covered := make([]bool, in.Items)
	for _, k := range cover {
		for _, i := range in.Options[k] {
			covered[i] = true
		}
	}
	var missing []int
	for i, ok := range covered {
		if !ok {
			missing = append(missing, i)
		}
	}
	if len(missing) == 0 {
		return ""
	}
	if in.N > 0 {
		first := "la case " + grading.Sq(queens.Square{Row: missing[0] / in.N, Col: missing[0] % in.N})
		if len(missing) == 1 {
			return first + " n'est contrôlée par aucune des reines choisies"
		}
		return fmt.Sprintf("%s par aucune des reines choisies, dont %s", grading.Plurals(len(missing), "case n'est contrôlée", "cases ne sont contrôlées"), first)
	}
	if len(missing) == 1 {
		return fmt.Sprintf("l'élément %d n'est couvert par aucune des options choisies", missing[0])
	}
	return fmt.Sprintf("%s par aucune des options choisies, dont l'élément %d", grading.Plurals(len(missing), "élément n'est couvert", "éléments ne sont couverts"), missing[0])
}

// The first example of TAOCP 7.2.2.1: seven items, six options, one
// solution (options 'a d f', 'b g', 'c e').
var (
	knuthItems   = []string{"a", "b", "c", "d", "e", "f", "g"}
	knuthOptions = [][]string{{"c", "e"}, {"a", "d", "g"}, {"b", "c", "f"}, {"a", "d", "f"}, {"b", "g"}, {"d", "e", "g"}}
)

// The 4-queens problem with secondary diagonals, as nqueens.QueensProblem
// builds it (rows and columns in natural order; a for r + c, b for
// r − c + 3), written out: option 4r + c places the queen on (r, c).
var (
	fourQueensItems     = []string{"r1", "c1", "r2", "c2", "r3", "c3", "r4", "c4"}
	fourQueensDiagonals = []string{"a0", "a1", "a2", "a3", "a4", "a5", "a6", "b0", "b1", "b2", "b3", "b4", "b5", "b6"}
	fourQueensOptions   = [][]string{
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

// built returns the cases with their problem built by the reference
// answers (see buildDLX).
func built(cs []DLXCase) []DLXCase {
	for i := range cs {
		cs[i].P = buildDLX(cs[i])
	}
	return cs
}

// hidden returns the cases with the option of their node x hidden by the
// reference HideOption, as UnhideOption finds it.
func hidden(cs []DLXCase) []DLXCase {
	for i := range cs {
		exactcover.HideOption(cs[i].P, nodeOf(cs[i].P, cs[i]))
	}
	return cs
}

// buildDLX returns the problem of in with the reference answers: items,
// options, then the items of Covered covered in order. The cases are
// fixed: an error is a bug of this package.
func buildDLX(in DLXCase) *exactcover.Problem {
	p, err := exactcover.New(in.Primary, in.Secondary)
	if err != nil {
		panic("nb04: bad case: " + err.Error())
	}
	for _, o := range in.Options {
		if err := exactcover.InsertOption(p, o...); err != nil {
			panic("nb04: bad case: " + err.Error())
		}
	}
	for _, name := range in.Covered {
		exactcover.CoverItem(p, p.ItemIndex[name])
	}
	return p
}

// cloneProblem returns a copy of p's exported fields, for the student's
// function to change.
func cloneProblem(p *exactcover.Problem) *exactcover.Problem {
	index := make(map[string]int, len(p.ItemIndex))
	for k, v := range p.ItemIndex {
		index[k] = v
	}
	return &exactcover.Problem{
		Name: slices.Clone(p.Name), ItemIndex: index, Primary: p.Primary,
		Llink: slices.Clone(p.Llink), Rlink: slices.Clone(p.Rlink), Len: slices.Clone(p.Len),
		Top: slices.Clone(p.Top), Ulink: slices.Clone(p.Ulink), Dlink: slices.Clone(p.Dlink),
		Spacer: slices.Clone(p.Spacer),
	}
}

// nodeOf returns the node of in.Pos in option in.Option.
func nodeOf(p *exactcover.Problem, in DLXCase) int { return p.Spacer[in.Option] + 1 + in.Pos }

func linksOf(p *exactcover.Problem) DLXLinks {
	return DLXLinks{
		Name: slices.Clone(p.Name), Primary: p.Primary,
		Llink: slices.Clone(p.Llink), Rlink: slices.Clone(p.Rlink), Len: slices.Clone(p.Len),
		Top: slices.Clone(p.Top), Ulink: slices.Clone(p.Ulink), Dlink: slices.Clone(p.Dlink),
		Spacer: slices.Clone(p.Spacer),
	}
}

// coverOut reads the structure of a problem a student built.
func coverOut(p *exactcover.Problem, err error) CoverOut {
	if err != nil {
		return CoverOut{Err: grading.ErrOf(err)}
	}
	if p == nil {
		return CoverOut{Verify: "le problème renvoyé vaut nil"}
	}
	out := CoverOut{Verify: verifyText(p)}
	if out.Verify != "" {
		return out
	}
	prim, sec := p.Items()
	out.Items, out.Primary = append(prim, sec...), len(prim)
	for k := range p.NumOptions() {
		out.Options = append(out.Options, p.Option(k))
	}
	return out
}

func formatCover(o CoverOut) string {
	switch {
	case o.Err != nil:
		return grading.ErrText(o.Err)
	case o.Verify != "":
		return "structure incohérente"
	}
	s := fmt.Sprintf("%s, %s, %s", grading.Plurals(o.Primary, "élément primaire", "éléments primaires"),
		grading.Plurals(len(o.Items)-o.Primary, "élément secondaire", "éléments secondaires"), grading.Plural(len(o.Options), "option"))
	if len(o.Options) > 0 {
		s += fmt.Sprintf(" ; l'option 0 : « %s »", strings.Join(o.Options[0], " "))
	}
	return s
}

// squareOf is the square of option k of the n-queens formulation: n·r + c
// places the queen on (r, c).
func squareOf(n, k int) queens.Square { return queens.Square{Row: k / n, Col: k % n} }

// judgeFormulation compares the structure of a student's problem with the
// reference's, want, whatever the items' names and order: option k must be
// the same choice in both (what(k) names it, for messages), and each item
// of got must stand for a constraint of want, an item of want with the same
// set of options, primary for primary (covered exactly once), secondary for
// secondary (at most once), and every item of want needs its own. An item
// that no option names is allowed if it is secondary (it constrains
// nothing). Cost O(items · options).
func judgeFormulation(got, want CoverOut, what func(k int) string, describe func(opts []int) string) (bool, string) {
	if len(got.Options) != len(want.Options) {
		return false, fmt.Sprintf("%s au lieu de %d", grading.Plural(len(got.Options), "option"), len(want.Options))
	}
	type constraint struct {
		options []int
		primary bool
		item    string // the reference's name
	}
	optionSets := func(o CoverOut) map[string][]int {
		m := map[string][]int{}
		for k, opt := range o.Options {
			for _, item := range opt {
				m[item] = append(m[item], k)
			}
		}
		return m
	}
	key := func(opts []int) string { return fmt.Sprint(opts) }
	var cs []constraint
	byKey := map[string][]int{} // option set → the constraints that have it (several on small boards)
	wantSets := optionSets(want)
	for i, item := range want.Items {
		if opts := wantSets[item]; len(opts) > 0 {
			byKey[key(opts)] = append(byKey[key(opts)], len(cs))
			cs = append(cs, constraint{opts, i < want.Primary, item})
		}
	}
	name := func(c constraint) string {
		if d := describe(c.options); d != "" {
			return d
		}
		return fmt.Sprintf("la contrainte des options %s", shortList(c.options, what))
	}
	gotSets := optionSets(got)
	found := make([]bool, len(cs))
	for i, item := range got.Items {
		primary := i < got.Primary
		opts := gotSets[item]
		kind := "secondaire"
		if primary {
			kind = "primaire"
		}
		if len(opts) == 0 {
			if primary {
				return false, fmt.Sprintf("l'élément primaire %s n'est dans aucune option : aucune solution n'est possible", item)
			}
			continue // a secondary item nobody uses constrains nothing
		}
		same := byKey[key(opts)]
		if len(same) == 0 {
			return false, fmt.Sprintf("l'élément %s %s est dans les options %s : ce n'est aucune des contraintes du problème (vérifiez aussi l'ordre des options : l'option numéro k est celle de l'énoncé)",
				kind, item, shortList(opts, what))
		}
		c := -1
		for _, k := range same {
			if !found[k] && cs[k].primary == primary {
				c = k
				break
			}
		}
		if c < 0 {
			k := same[0]
			switch {
			case cs[k].primary && !primary:
				return false, fmt.Sprintf("%s doit être un élément primaire (couvert exactement une fois), pas secondaire : %s", name(cs[k]), item)
			case !cs[k].primary && primary:
				return false, fmt.Sprintf("%s doit être un élément secondaire (couvert au plus une fois), pas primaire : %s", name(cs[k]), item)
			}
			return false, fmt.Sprintf("deux éléments pour %s (dont %s)", name(cs[k]), item)
		}
		found[c] = true
	}
	// The longest constraint missing first: it is the most telling.
	missing := -1
	for c, ok := range found {
		if !ok && (missing < 0 || len(cs[c].options) > len(cs[missing].options)) {
			missing = c
		}
	}
	if missing >= 0 {
		return false, fmt.Sprintf("aucun élément pour %s : chacune de ses options doit le nommer", name(cs[missing]))
	}
	return true, ""
}

// queensLine names, as the statement of Q12 does, the line of squares
// that the options opts of the n-queens formulation place a queen on: a row,
// a column, a diagonal (r + c constant) or an anti-diagonal (r − c
// constant), numbered from 1; "" if it is none of them.
func queensLine(n int, opts []int) string {
	if len(opts) == 0 {
		return ""
	}
	same := func(f func(queens.Square) int) bool {
		for _, k := range opts {
			if f(squareOf(n, k)) != f(squareOf(n, opts[0])) {
				return false
			}
		}
		return true
	}
	first := squareOf(n, opts[0])
	switch {
	case len(opts) == 1:
		return "une ligne de la seule case " + grading.Sq(first) + " (ligne, colonne ou diagonale)"
	case same(func(q queens.Square) int { return q.Row }):
		return fmt.Sprintf("la ligne %d", first.Row+1)
	case same(func(q queens.Square) int { return q.Col }):
		return fmt.Sprintf("la colonne %d", first.Col+1)
	case same(func(q queens.Square) int { return q.Row + q.Col }):
		return fmt.Sprintf("la diagonale montante r + c = %d", first.Row+first.Col+2)
	case same(func(q queens.Square) int { return q.Row - q.Col }):
		return fmt.Sprintf("la diagonale descendante r − c = %d", first.Row-first.Col)
	}
	return ""
}

// sudokuConstraint names, as the statement of Q13 does, the constraint
// that the options opts of the Sudoku formulation (option 81r + 9c + d − 1
// puts d in (r, c)) share: a cell has a digit, a row, a column or a box has
// a digit; "" if it is none of them.
func sudokuConstraint(opts []int) string {
	if len(opts) == 0 {
		return ""
	}
	same := func(f func(r, c, d int) int) bool {
		for _, k := range opts {
			if f(k/81, k/9%9, k%9) != f(opts[0]/81, opts[0]/9%9, opts[0]%9) {
				return false
			}
		}
		return true
	}
	r, c, d := opts[0]/81, opts[0]/9%9, opts[0]%9
	box := func(r, c, _ int) int { return 3*(r/3) + c/3 }
	digit := func(_, _, d int) int { return d }
	switch {
	case same(func(r, _, _ int) int { return r }) && same(func(_, c, _ int) int { return c }):
		return fmt.Sprintf("la case (%d, %d) a un chiffre", r+1, c+1)
	case same(func(r, _, _ int) int { return r }) && same(digit):
		return fmt.Sprintf("la ligne %d a un %d", r+1, d+1)
	case same(func(_, c, _ int) int { return c }) && same(digit):
		return fmt.Sprintf("la colonne %d a un %d", c+1, d+1)
	case same(box) && same(digit):
		return fmt.Sprintf("le bloc %d a un %d", box(r, c, d)+1, d+1)
	}
	return ""
}

// shortList names options, the first four only.
func shortList(opts []int, what func(k int) string) string {
	var parts []string
	for i, k := range opts {
		if i == 4 {
			parts = append(parts, "…")
			break
		}
		parts = append(parts, what(k))
	}
	return strings.Join(parts, ", ")
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
		"tableaux des éléments de longueurs Llink $1, Rlink $2, Len $3 au lieu de $4, $5, $6"},
	{regexp.MustCompile(`^node arrays of lengths TOP (\d+), ULINK (\d+), DLINK (\d+) do not match the spacers$`),
		"tableaux des nœuds (Top $1, Ulink $2, Dlink $3 cases) incompatibles avec les espaceurs"},
	{regexp.MustCompile(`^(-?\d+) primary items out of (\d+)$`), "$1 éléments primaires sur $2"},
	{regexp.MustCompile(`^LLINK\(RLINK\((\d+)\)\) != (\d+)$`),
		"Llink[Rlink[$1]] ≠ $2 : la liste des éléments actifs n'est pas doublement chaînée"},
	{regexp.MustCompile(`^item (\d+) does not belong in the list headed by 0$`),
		"l'élément $1 est dans la liste de tête 0, celle des éléments primaires, alors qu'il est secondaire (ou la liste ne se referme pas)"},
	{regexp.MustCompile(`^item (\d+) does not belong in the list headed by (\d+)$`),
		"l'élément $1 est dans la liste de tête $2, celle des éléments secondaires, alors qu'il est primaire (ou la liste ne se referme pas)"},
	{regexp.MustCompile(`^Spacer\[(\d+)\] = (-?\d+) is out of order$`), "Spacer[$1] = $2 n'est pas à sa place"},
	{regexp.MustCompile(`^TOP\((\d+)\) = (-?\d+), want (-?\d+) for the spacer before option (\d+)$`),
		"Top[$1] = $2 au lieu de $3 pour l'espaceur avant l'option $4"},
	{regexp.MustCompile(`^option (\d+) has no nodes$`), "l'option $1 n'a aucun nœud"},
	{regexp.MustCompile(`^spacers (\d+) and (\d+) do not point at option (\d+)'s first and last nodes$`),
		"les espaceurs $1 et $2 ne pointent pas sur le premier et le dernier nœud de l'option $3 (Ulink de l'espaceur suivant, Dlink du précédent)"},
	{regexp.MustCompile(`^TOP\((\d+)\) = (-?\d+) is not an item$`), "TOP($1) = $2 n'est pas un élément"},
	{regexp.MustCompile(`^TOP\((\d+)\) = (-?\d+) for a header node$`), "TOP($1) = $2 pour une tête de liste verticale (il faut TOP(i) = i)"},
	{regexp.MustCompile(`^ULINK\(DLINK\((\d+)\)\) != (\d+) in the list of item (\d+)$`),
		"Ulink[Dlink[$1]] ≠ $2 dans la liste verticale de l'élément $3 : elle n'est pas doublement chaînée"},
	{regexp.MustCompile(`^node (\d+) \(TOP (-?\d+)\) in the list of item (\d+)$`),
		"le nœud $1 (Top $2) est dans la liste verticale de l'élément $3"},
	{regexp.MustCompile(`^item (\d+) has (\d+) nodes, LEN = (-?\d+)$`),
		"la liste verticale de l'élément $1 a $2 nœuds mais Len[$1] = $3 : Len n'est pas tenu à jour"},
	{regexp.MustCompile(`^no item is covered but only (\d+) of (\d+) option nodes are linked$`),
		"aucun élément n'est couvert, mais seuls $1 des $2 nœuds d'options sont dans leur liste verticale"},
	{regexp.MustCompile(`^(\w+) has (\d+) entries, snapshot has (\d+)$`), "$1 a $2 cases au lieu de $3"},
	{regexp.MustCompile(`^(\w+)\((\d+)\) = (-?\d+), snapshot has (-?\d+)$`), "$1[$2] vaut $3 au lieu de $4"},
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
			return statementNames.Replace(t.re.ReplaceAllString(msg, t.fr))
		}
	}
	return "structure incohérente : " + msg
}

// statementNames writes the arrays as the notebook's statement does
// (Llink, Len…) rather than as Knuth and package exactcover's messages
// (LLINK, LEN…).
var statementNames = strings.NewReplacer("LLINK", "Llink", "RLINK", "Rlink", "ULINK", "Ulink", "DLINK", "Dlink", "LEN", "Len", "TOP", "Top")

// linkHints explain, per field, what a wrong value usually means.
var linkHints = map[string]string{
	"Llink":  "liste horizontale des éléments actifs (Llink, Rlink)",
	"Rlink":  "liste horizontale des éléments actifs (Llink, Rlink)",
	"Len":    "Len compte les options actives de chaque élément : il faut le tenir à jour",
	"Top":    "Top[x] est l'élément du nœud x (-k pour l'espaceur avant l'option k)",
	"Ulink":  "listes verticales (Ulink, Dlink) : nœud du dessus, et pour un espaceur, premier nœud de l'option d'avant",
	"Dlink":  "listes verticales (Ulink, Dlink) : nœud du dessous, et pour un espaceur, dernier nœud de l'option d'après",
	"Spacer": "Spacer[k] est le nœud espaceur placé avant l'option k",
	"Name":   "Name[i] est le nom de l'élément i (\"\" pour les têtes 0 et N+1)",
}

// linkArray is one array of the links, in a copy obtained and in the one
// expected.
type linkArray struct {
	name      string
	got, want []int
}

// linkArrays pairs the arrays of two copies of the links, in TAOCP's order.
func linkArrays(got, want DLXLinks) []linkArray {
	return []linkArray{
		{"Llink", got.Llink, want.Llink}, {"Rlink", got.Rlink, want.Rlink}, {"Len", got.Len, want.Len},
		{"Top", got.Top, want.Top}, {"Ulink", got.Ulink, want.Ulink}, {"Dlink", got.Dlink, want.Dlink},
		{"Spacer", got.Spacer, want.Spacer},
	}
}

// linksDiff returns the first difference between two copies of the links,
// in French, or "".
func linksDiff(got, want DLXLinks) (field, note string) {
	if !slices.Equal(got.Name, want.Name) {
		return "Name", fmt.Sprintf("Name vaut %q au lieu de %q", got.Name, want.Name)
	}
	if got.Primary != want.Primary {
		return "Primary", fmt.Sprintf("Primary vaut %d au lieu de %d : c'est le nombre d'éléments primaires", got.Primary, want.Primary)
	}
	for _, f := range linkArrays(got, want) {
		if len(f.got) != len(f.want) {
			return f.name, fmt.Sprintf("%s a %s au lieu de %d", f.name, grading.Plural(len(f.got), "case"), len(f.want))
		}
		for k := range f.got {
			if f.got[k] != f.want[k] {
				if f.name == "Spacer" {
					return f.name, fmt.Sprintf("Spacer[%d] vaut %d au lieu de %d", k, f.got[k], f.want[k])
				}
				return f.name, fmt.Sprintf("%s[%d] vaut %d au lieu de %d", f.name, k, f.got[k], f.want[k])
			}
		}
	}
	return "", ""
}

// judgeLinks compares the links left by the student's function with the
// reference's; what says which question, for the hints.
func judgeLinks(what string) func(DLXCase, DLXOut, DLXOut) (bool, string) {
	return func(in DLXCase, got, want DLXOut) (bool, string) {
		if ok, note := grading.SameError(got.Err, want.Err); !ok {
			return false, note
		}
		if want.Err != nil {
			return true, ""
		}
		for k := range want.Errs {
			if k >= len(got.Errs) {
				break
			}
			if ok, note := grading.SameError(got.Errs[k], want.Errs[k]); !ok {
				return false, fmt.Sprintf("insertion de l'option %s : %s", optionText(in.Insert[k]), note)
			}
		}
		if got.Verify != "" {
			return false, "structure incohérente : " + got.Verify
		}
		field, diff := linksDiff(got.Links, want.Links)
		if diff == "" {
			return true, ""
		}
		note := diff
		if h := linkHints[field]; h != "" {
			note += " — " + h
		}
		switch {
		case what == "new" && (field == "Llink" || field == "Rlink") && len(in.Secondary) > 0:
			note += " ; les éléments primaires forment une liste circulaire de tête 0, les secondaires une autre, de tête N+1"
		case what == "insert" && slices.ContainsFunc(want.Errs, func(e *grading.Err) bool { return e != nil }):
			note += " ; une insertion refusée doit laisser p inchangé : vérifiez tout avant de modifier"
		case what == "insert" && (field == "Ulink" || field == "Dlink"):
			note += " ; chaque nouveau nœud va en bas de la liste verticale de son élément, juste au-dessus de la tête"
		case what == "hide" && field == "Len":
			note += " ; cacher le nœud q d'un élément j diminue Len[j]"
		case what == "hide":
			note += " ; on cache les autres nœuds de l'option (pas x), en allant vers la droite et en revenant au début de l'option à l'espaceur"
		case what == "cover" && (field == "Llink" || field == "Rlink"):
			note += " ; couvrir i le retire aussi de la liste des éléments actifs"
		case what == "unhide" || what == "uncover":
			note += " ; il faut retrouver exactement les liens d'avant"
		}
		return false, note
	}
}

// formatLinks prints the links, one array per line.
func formatLinks(o DLXOut) string {
	if o.Err != nil {
		return grading.ErrText(o.Err)
	}
	var b strings.Builder
	if len(o.Errs) > 0 {
		var es []string
		for _, e := range o.Errs {
			if e == nil {
				es = append(es, "nil")
			} else {
				es = append(es, "erreur")
			}
		}
		fmt.Fprintf(&b, "retours : %s\n", strings.Join(es, ", "))
	}
	l := o.Links
	fmt.Fprintf(&b, "Llink  %v\nRlink  %v\nLen    %v\nTop    %v\nUlink  %v\nDlink  %v\nSpacer %v", l.Llink, l.Rlink, l.Len, l.Top, l.Ulink, l.Dlink, l.Spacer)
	return b.String()
}

// diffLinks prints the links of a failing case: the return values and
// the arrays that differ from the expected ones, each entry that differs
// marked ‹so›, and the names of the arrays that agree; an error alone as
// formatLinks does.
func diffLinks(got, want DLXOut) (gotText, wantText string) {
	if got.Err != nil || want.Err != nil || len(got.Errs) != len(want.Errs) {
		return formatLinks(got), formatLinks(want)
	}
	var g, w strings.Builder
	if len(got.Errs) > 0 {
		g.WriteString(strings.SplitN(formatLinks(DLXOut{Errs: got.Errs}), "\n", 2)[0] + "\n")
		w.WriteString(strings.SplitN(formatLinks(DLXOut{Errs: want.Errs}), "\n", 2)[0] + "\n")
	}
	var same []string
	for _, f := range linkArrays(got.Links, want.Links) {
		if slices.Equal(f.got, f.want) {
			same = append(same, f.name)
			continue
		}
		fmt.Fprintf(&g, "%-6s %s\n", f.name, markedInts(f.got, f.want))
		fmt.Fprintf(&w, "%-6s %s\n", f.name, markedInts(f.want, f.got))
	}
	if len(same) > 0 {
		fold := "identiques : " + strings.Join(same, ", ")
		g.WriteString(fold)
		w.WriteString(fold)
	}
	return strings.TrimSuffix(g.String(), "\n"), strings.TrimSuffix(w.String(), "\n")
}

// markedInts prints a as [1 2 3], each entry that differs from other (or
// that other lacks) marked ‹so›.
func markedInts(a, other []int) string {
	parts := make([]string, len(a))
	for k, v := range a {
		parts[k] = strconv.Itoa(v)
		if k >= len(other) || other[k] != v {
			parts[k] = "‹" + parts[k] + "›"
		}
	}
	return "[" + strings.Join(parts, " ") + "]"
}

func optionText(o []string) string { return "« " + strings.Join(o, " ") + " »" }

func withWhat(s, what string) string {
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
			return withWhat(b.String(), in.What)
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
			return withWhat(b.String(), in.What)
		}
		if len(in.Covered) > 0 {
			fmt.Fprintf(&b, " ; couverts d'abord : %s", strings.Join(in.Covered, " "))
		}
		switch what {
		case "insert":
			var os []string
			for _, o := range in.Insert {
				os = append(os, optionText(o))
			}
			fmt.Fprintf(&b, " ; insérer %s", strings.Join(os, " puis "))
		case "hide", "unhide":
			p := in.P
			x := nodeOf(p, in)
			verb := "cacher"
			if what == "unhide" {
				verb = "cacher (référence) puis remettre"
			}
			fmt.Fprintf(&b, " ; %s x = %d (nœud %d de l'option %d, élément %s)", verb, x, in.Pos+1, in.Option, p.Name[p.Top[x]])
		case "cover":
			fmt.Fprintf(&b, " ; couvrir %s (i = %d)", in.Item, in.P.ItemIndex[in.Item])
		case "dance":
			if in.Limit > 0 {
				fmt.Fprintf(&b, " ; visit renvoie false à la solution n° %d", in.Limit)
			}
		}
		return withWhat(b.String(), in.What)
	}
}

func describeMatrix(in MatrixCase) string {
	if len(in.M) == 0 {
		return withWhat("matrice sans ligne", in.What)
	}
	var rows []string
	for _, r := range in.M {
		var s strings.Builder
		for _, v := range r {
			s.WriteByte(byte('0' + v))
		}
		rows = append(rows, s.String())
	}
	return withWhat(strings.Join(rows, "\n"), in.What)
}

func cloneMatrix(m exactcover.Matrix) exactcover.Matrix {
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
	return fmt.Sprintf("%s : %s", grading.Plural(len(sols), "solution"), strings.Join(s, " "))
}

// sameSolutions compares lists of solutions, nil and empty alike.
func sameSolutions(a, b [][]int) bool {
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

// setKey names a solution as a set of rows (order within it ignored).
func setKey(sol []int) string {
	s := slices.Clone(sol)
	slices.Sort(s)
	return fmt.Sprint(s)
}

// compareSets says, in French, how two lists of solutions differ as
// sets of sets ("" if they are the same sets); what names the rows
// ("ligne", "option").
func compareSets(got, want [][]int, what string) string {
	wantSet := map[string]bool{}
	for _, s := range want {
		wantSet[setKey(s)] = true
	}
	seen := map[string]bool{}
	for _, s := range got {
		k := setKey(s)
		if seen[k] {
			return fmt.Sprintf("la solution %v apparaît deux fois", s)
		}
		seen[k] = true
		if !wantSet[k] {
			return fmt.Sprintf("%v n'est pas une solution (%ss %v)", s, what, s)
		}
	}
	for _, s := range want {
		if !seen[setKey(s)] {
			return fmt.Sprintf("il manque la solution %v", s)
		}
	}
	return ""
}

func judgeAlgorithmX(in MatrixCase, got, want [][]int) (bool, string) {
	if sameSolutions(got, want) {
		return true, ""
	}
	if note := compareSets(got, want, "ligne"); note != "" {
		if len(in.M) > 0 {
			for _, s := range got {
				if bad := coverNote(in.M, s); bad != "" {
					return false, fmt.Sprintf("%v n'est pas une couverture exacte : %s", s, bad)
				}
			}
		}
		return false, note
	}
	return false, "les bonnes solutions, mais pas dans l'ordre de l'algorithme X : à chaque étape, la colonne qui a le moins de 1 " +
		"(la première en cas d'égalité), puis ses lignes de haut en bas ; chaque solution donne ses lignes dans l'ordre où elles ont été choisies"
}

// coverNote says why rows is not an exact cover of m ("" if it is).
func coverNote(m exactcover.Matrix, rows []int) string {
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
	p := in.P
	n := p.NumItems()
	active := map[int]bool{}
	for i := p.Rlink[0]; i != 0 && !active[i]; i = p.Rlink[i] {
		active[i] = true
	}
	switch {
	case want.Item == 0:
		return false, "plus aucun élément primaire n'est actif (Rlink[0] = 0) : il faut renvoyer 0"
	case got.Item == 0:
		return false, "0 veut dire qu'il n'y a plus d'élément primaire actif, or il en reste"
	case got.Item < 0 || got.Item > n:
		return false, fmt.Sprintf("%d n'est pas un numéro d'élément (1 à %d)", got.Item, n)
	case got.Item > p.Primary:
		return false, fmt.Sprintf("%s est un élément secondaire : on ne choisit que parmi les primaires, la liste de tête 0", got.Name)
	case !active[got.Item]:
		return false, fmt.Sprintf("%s est déjà couvert : on parcourt la liste des éléments actifs à partir de Rlink[0], pas les numéros 1 à N", got.Name)
	case p.Len[got.Item] > p.Len[want.Item]:
		return false, fmt.Sprintf("Len[%s] = %d, mais Len[%s] = %d est plus petit : il faut l'élément qui a le moins d'options actives",
			got.Name, p.Len[got.Item], want.Name, p.Len[want.Item])
	}
	return false, fmt.Sprintf("Len[%s] = Len[%s] = %d : en cas d'égalité, le premier rencontré en partant de Rlink[0]", got.Name, want.Name, p.Len[want.Item])
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
		if note := compareSets(got.Solutions, want.Solutions, "option"); note != "" {
			return false, note
		}
	}
	if got.Restore != "" && in.Limit > 0 {
		return false, got.Restore + " : quand visit renvoie false, Dance s'arrête, mais en remontant elle doit encore découvrir ce qu'elle a couvert (UnhideOption, UncoverItem) avant de rendre la main"
	}
	if got.Restore != "" {
		return false, got.Restore + " : découvrez dans l'ordre inverse de celui où vous avez couvert"
	}
	if !sameSolutions(got.Solutions, want.Solutions) {
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
