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
// set by its package hidden (empty in the student edition).
package nb04

import (
	"fmt"
	"slices"

	"github.com/prepa-reines/reines/grading"
	"github.com/prepa-reines/reines/tp/board"
	"github.com/prepa-reines/reines/tp/exactcover"
	"github.com/prepa-reines/reines/tp/exactcover/nqueens"
	"github.com/prepa-reines/reines/tp/exactcover/sudoku"
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
		grading.TPError{Err: sudoku.ErrEmptyLine, Name: "sudoku.ErrEmptyLine", French: "ligne vide"},
		grading.TPError{Err: exactcover.ErrCorrupt, Name: "exactcover.ErrCorrupt", French: "liens incohérents"},
	)
}

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
		return Built([]DLXCase{
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
		return Built([]DLXCase{
			{Primary: []string{"a", "b", "c"}, Options: [][]string{{"a", "b"}, {"b", "c"}, {"c"}}, Option: 0, Pos: 0},
			{Primary: []string{"a", "b", "c"}, Options: [][]string{{"a", "b"}, {"b", "c"}, {"c"}}, Option: 1, Pos: 1, What: "x est le dernier nœud : on repart du début de l'option"},
			{Primary: KnuthItems, Options: KnuthOptions, Option: 3, Pos: 1, What: "x au milieu de l'option"},
			{Primary: KnuthItems, Options: KnuthOptions, Option: 5, Pos: 0},
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
		return Built([]DLXCase{
			{Primary: []string{"a", "b", "c"}, Options: [][]string{{"a", "b"}, {"b", "c"}, {"c"}}, Item: "b"},
			{Primary: []string{"a", "b", "c"}, Options: [][]string{{"a", "b"}, {"b", "c"}, {"c"}}, Item: "a", What: "premier élément de la liste"},
			{Primary: KnuthItems, Options: KnuthOptions, Item: "a"},
			{Primary: KnuthItems, Options: KnuthOptions, Item: "g", What: "dernier élément de la liste"},
			{Primary: KnuthItems, Options: KnuthOptions, Covered: []string{"a"}, Item: "d", What: "après avoir couvert a"},
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
		return WithOptionHidden(Built([]DLXCase{
			{Primary: []string{"a", "b", "c"}, Options: [][]string{{"a", "b"}, {"b", "c"}, {"c"}}, Option: 0, Pos: 0},
			{Primary: []string{"a", "b", "c"}, Options: [][]string{{"a", "b"}, {"b", "c"}, {"c"}}, Option: 1, Pos: 0, What: "x est le premier nœud : on repart de la fin de l'option"},
			{Primary: KnuthItems, Options: KnuthOptions, Option: 3, Pos: 1},
			{Primary: KnuthItems, Options: KnuthOptions, Option: 1, Pos: 2},
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
		return Built([]DLXCase{
			{Primary: []string{"a", "b", "c"}, Options: [][]string{{"a", "b"}, {"b", "c"}, {"c"}}, Covered: []string{"b"}},
			{Primary: KnuthItems, Options: KnuthOptions, Covered: []string{"a"}},
			{Primary: KnuthItems, Options: KnuthOptions, Covered: []string{"a", "d", "g"}, What: "trois éléments couverts, découverts dans l'ordre inverse"},
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
		return Built([]DLXCase{
			{Primary: []string{"a", "b", "c"}, Options: [][]string{{"a", "b"}, {"b", "c"}, {"c"}, {"a", "c"}}, What: "égalité entre a et b (deux options chacun) : le premier de la liste"},
			{Primary: KnuthItems, Options: KnuthOptions, What: "égalité : le premier de la liste"},
			{Primary: []string{"a", "b", "c"}, Options: [][]string{{"a"}, {"a", "b"}, {"b", "c"}, {"c"}, {"c"}}, What: "la plus petite colonne n'est pas la première"},
			{Primary: []string{"a", "b"}, Secondary: []string{"s"}, Options: [][]string{{"a", "s"}, {"b", "s"}, {"a"}, {"b"}, {"a", "b"}}, What: "l'élément secondaire s a moins d'options mais ne compte pas"},
			{Primary: KnuthItems, Options: KnuthOptions, Covered: []string{"a"}, What: "après avoir couvert a"},
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
		return Built([]DLXCase{
			{Primary: KnuthItems, Options: KnuthOptions, What: "l'exemple du cours : une solution"},
			{Primary: []string{"a", "b", "c"}, Options: [][]string{{"a", "b"}, {"a"}, {"b", "c"}, {"c"}, {"b"}}, What: "trois solutions"},
			{Primary: []string{"a", "b"}, Secondary: []string{"s"}, Options: [][]string{{"a", "s"}, {"b", "s"}, {"a"}, {"b"}}, What: "s secondaire : couvert au plus une fois"},
			{Primary: []string{"a", "b", "c"}, Options: [][]string{{"a", "b"}, {"b", "c"}}, What: "aucune solution"},
			{Primary: FourQueensItems, Secondary: FourQueensDiagonals, Options: FourQueensOptions, What: "4 reines : diagonales secondaires"},
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

// Q15 asks for MinCover, the minimum repeated cover by IDA*.
var Q15 = grading.Define(&grading.Exercise[func(int, [][]int) ([]int, error), RepeatedCase, RepeatedOut]{
	Question: grading.Question{ID: "04/Q15", Title: "La couverture répétée minimale, par approfondissement itératif", Points: 4, Optional: true},
	Ref:      exactcover.MinCover,
	Cases: []RepeatedCase{
		{Items: 4, Options: [][]int{{0, 1}, {1, 2}, {2, 3}, {3, 0}, {1}}, What: "deux options suffisent"},
		{Items: 3, Options: [][]int{{0}, {0, 1, 2}, {2}}, What: "une seule option couvre tout"},
		{Items: 6, Options: [][]int{{0, 1, 2, 3}, {0, 1, 4}, {2, 3, 5}}, What: "prendre d'abord la plus grande option en donne trois, le minimum est deux"},
		{Items: 5, Options: [][]int{{}, {0, 1}, {2}, {}, {1, 2, 3}, {4, 0}}, What: "des options vides, qui ne servent à rien"},
		DominationCase(3, "le centre contrôle tout : γ = 1"),
		DominationCase(4, "γ(Q₄) = 2"),
		DominationCase(5, "γ(Q₅) = 3 : le minorant au départ vaut 2, il faut approfondir"),
		DominationCase(6, "γ(Q₆) = 3 ; prendre chaque fois la reine qui contrôle le plus de cases nouvelles en donne 4"),
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
