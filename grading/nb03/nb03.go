// Package nb03 declares the questions of notebook 03, constraint
// programming (reference answers: tp/cp/nqueens; the solver, package
// tp/cp, is the students' tool and is in both editions). A model is not
// data: each check solves the student's model itself and reduces it to
// what the judge needs (sizes, number of solutions, a faulty solution as
// squares), so that outputs round-trip through encoding/json. The models
// that CountSolutions (Q7) counts are described as data (ModelSpec) and
// built by the check, so that no N-queens model is needed to build them.
// The hidden cases are set by its package hidden (empty in the student
// edition).
package nb03

import (
	"fmt"
	"slices"

	"github.com/prepa-reines/reines/grading"
	"github.com/prepa-reines/reines/tp/board"
	"github.com/prepa-reines/reines/tp/cp"
	"github.com/prepa-reines/reines/tp/cp/nqueens"
	"github.com/prepa-reines/reines/tp/queens"
)

// The errors of TP 03's answers, for the checks (see
// grading.RegisterErrors).
func init() {
	grading.RegisterErrors(
		grading.TPError{Err: cp.ErrNoSolution, Name: "cp.ErrNoSolution", French: "pas de solution"},
		grading.TPError{Err: cp.ErrLimit, Name: "cp.ErrLimit", French: "limite de la recherche atteinte"},
		grading.TPError{Err: cp.ErrInvalidModel, Name: "cp.ErrInvalidModel", French: "modèle invalide"},
	)
}

// searchBudget bounds the search a check runs on a student's model, below
// [grading.DefaultTimeout] so that the check reports it instead of timing
// out.
var searchBudget = grading.DefaultTimeout * 4 / 5

// ModelOut is what a check learns from an N-queens model: its size, whether
// the variables it returns have the asked domains, and its solutions,
// enumerated with first-fail and increasing values until the end, a
// solution that is not a valid placement, or one seen twice.
type ModelOut struct {
	Vars, Constraints int
	// Shape says in French what is wrong with the variables returned (their
	// number, domains, model), "" if nothing.
	Shape string
	// Count is the number of solutions enumerated (up to the first bad or
	// repeated one).
	Count int64
	// Invalid is set when a solution is not a valid placement; Bad holds
	// its queens as squares (0-based).
	Invalid bool
	Bad     []queens.Square
	// Dup is the placement found twice, nil if none.
	Dup queens.Placement
	// First is the first solution, nil if none.
	First queens.Placement
	Err   *grading.Err // error of the model or of the search
	// Stopped says that the search ran out of its time budget.
	Stopped bool
}

// ModelSpec describes a small constraint model that is not an N-queens
// one, for Q7: Kind is
//
//   - "permutations": K variables in 1..K, all different (K! solutions);
//   - "dérangements": the same, with x_i ≠ i (the derangements of K);
//   - "sommes": K variables in {0, 1} summing to T (K choose T);
//   - "tours": a K×K grid of 0/1 variables, one 1 per row and per
//     column (K! solutions: rooks that do not attack each other);
//   - "créneaux": K tasks in K time slots, all different, task i (from 0)
//     in a slot 1 … K − i + 1 at most: domains of decreasing sizes, so that
//     the order of the variables changes the search tree;
//   - "invalide": a model built with an error (K < 0 variables).
type ModelSpec struct {
	Kind string
	K, T int
}

// Build returns the model spec describes, built with package cp.
func (spec ModelSpec) Build() *cp.Model {
	m := cp.NewModel()
	switch spec.Kind {
	case "permutations", "dérangements":
		x := m.IntVarArray("x", spec.K, 1, spec.K)
		views := make([]cp.View, len(x))
		for i, v := range x {
			views[i] = v.Plus(0)
		}
		m.Post(cp.AllDifferent(views...))
		if spec.Kind == "dérangements" {
			for i, v := range x {
				fixed := m.IntVar(fmt.Sprintf("c%d", i+1), i+1, i+1)
				m.Post(cp.NotEqualOffset(v, fixed, 0))
			}
		}
	case "sommes":
		m.Post(cp.SumEqual(m.IntVarArray("b", spec.K, 0, 1), spec.T))
	case "créneaux":
		views := make([]cp.View, spec.K)
		for i := range spec.K {
			views[i] = m.IntVar(fmt.Sprintf("t%d", i+1), 1, min(spec.K, spec.K-i+1)).Plus(0)
		}
		m.Post(cp.AllDifferent(views...))
	case "tours":
		b := m.IntVarMatrix("b", spec.K, spec.K, 0, 1)
		for i := range b {
			column := make([]*cp.IntVar, len(b))
			for j := range b {
				column[j] = b[j][i]
			}
			m.Post(cp.SumEqual(b[i], 1))
			m.Post(cp.SumEqual(column, 1))
		}
	default: // "invalide"
		m.IntVarArray("x", -1, 1, 1)
	}
	return m
}

func (spec ModelSpec) String() string {
	switch spec.Kind {
	case "permutations":
		return fmt.Sprintf("les permutations de 1 … %d (allDifferent)", spec.K)
	case "dérangements":
		return fmt.Sprintf("les permutations de 1 … %d sans point fixe", spec.K)
	case "sommes":
		return fmt.Sprintf("%d variables 0/1 de somme %d", spec.K, spec.T)
	case "tours":
		return fmt.Sprintf("%d tours sur un échiquier %d × %d", spec.K, spec.K, spec.K)
	case "créneaux":
		return fmt.Sprintf("%d tâches dans %d créneaux distincts, la tâche i (à partir de 0) au plus au créneau %d − i + 1", spec.K, spec.K, spec.K)
	}
	return "un modèle construit avec une erreur"
}

// CountCase is an input of Q7: count the solutions of the model Model with
// the given orders.
type CountCase struct {
	Model ModelSpec
	Vars  cp.VarOrder
	Vals  cp.ValueOrder
}

func (c CountCase) String() string {
	return fmt.Sprintf("%s, %s, %s", c.Model, varOrderName(c.Vars), valueOrderName(c.Vals))
}

// varOrderName and valueOrderName name the orders as the notebook's Go
// code does (cp.FirstFail).
func varOrderName(o cp.VarOrder) string {
	switch o {
	case cp.InputOrder:
		return "cp.InputOrder"
	case cp.FirstFail:
		return "cp.FirstFail"
	case cp.DomWDeg:
		return "cp.DomWDeg"
	}
	return o.String()
}

func valueOrderName(o cp.ValueOrder) string {
	switch o {
	case cp.Increasing:
		return "cp.Increasing"
	case cp.Decreasing:
		return "cp.Decreasing"
	case cp.MiddleOut:
		return "cp.MiddleOut"
	}
	return o.String()
}

// CountSolutionsOut is what CountSolutions returns, with the statistics
// that identify the search.
type CountSolutionsOut struct {
	Count                      int64
	Solutions, Nodes, Failures int64 // from the returned cp.Stats
	Err                        *grading.Err
}

// HeuristicCase is an input of Q9: n queens, searched with the given
// orders.
type HeuristicCase struct {
	N    int
	Vars cp.VarOrder
	Vals cp.ValueOrder
}

func (c HeuristicCase) String() string {
	return fmt.Sprintf("n = %d, %s, %s", grading.Int(c.N), varOrderName(c.Vars), valueOrderName(c.Vals))
}

// FirstSolutionOut is what FirstSolution returns.
type FirstSolutionOut struct {
	P                queens.Placement
	Solutions, Nodes int64 // from the returned cp.Stats
	Err              *grading.Err
}

// Q1 is the written answer on the variables and their domains.
var Q1 = grading.Prose("03/Q1", "Les variables et leurs domaines (réponse rédigée)", 2)

// Q2 asks for Model1Pairwise, model 1 with pairwise disequalities.
var Q2 = rowModelExercise("03/Q2", "Le modèle 1, contrainte par contrainte", 4, nqueens.Model1Pairwise,
	"3 contraintes par paire de lignes i < j : x_i ≠ x_j, x_i ≠ x_j + (j − i) et x_i ≠ x_j − (j − i)",
	"décalage des diagonales : c'est j − i, l'écart entre les lignes")

// Q3 asks for Placement, reading model 1's solution.
var Q3 = grading.Define(&grading.Exercise[func([]*cp.IntVar) queens.Placement, queens.Placement, queens.Placement]{
	Question: grading.Question{ID: "03/Q3", Title: "Lire la solution", Points: 2},
	Ref:      nqueens.Placement,
	Cases:    []queens.Placement{{1, 3, 0, 2}, {0}, {}, {0, 4, 7, 5, 2, 6, 1, 3}, {2, 2, 0}},
	Call: func(f func([]*cp.IntVar) queens.Placement, p queens.Placement) queens.Placement {
		return f(fixedRows(p))
	},
	Input:  describeFixedRows,
	Format: grading.PlacementText,
	Judge:  judgeReading,
})

// Q4 asks for Model1AllDifferent, model 1 with three all-different
// constraints.
var Q4 = rowModelExercise("03/Q4", "Le modèle 1 avec trois contraintes `allDifferent`", 3, nqueens.Model1AllDifferent,
	"3 contraintes allDifferent : sur les x_i, sur les x_i + i et sur les x_i − i",
	"décalage des diagonales : x_i + i et x_i − i")

// Q5 asks for Model2, one 0/1 variable per square.
var Q5 = grading.Define(&grading.Exercise[func(int) (*cp.Model, [][]*cp.IntVar), grading.Sized, ModelOut]{
	Question: grading.Question{ID: "03/Q5", Title: "Le modèle 2 : une variable 0/1 par case", Points: 4, Optional: true},
	Ref:      nqueens.Model2,
	Cases:    []grading.Sized{{N: 1}, {N: 2}, {N: 3}, {N: 4}, {N: 5}, {N: 6}, {N: 8}},
	Call: func(f func(int) (*cp.Model, [][]*cp.IntVar), in grading.Sized) ModelOut {
		m, b := f(in.N)
		return gridModelOut(m, b, in.N)
	},
	Input:  grading.Sized.String,
	Format: formatModel,
	Judge: judgeModel("une somme = 1 par ligne et par colonne, une somme ≤ 1 par diagonale d'au moins deux cases, dans les deux sens",
		"« exactement une » au lieu de « au plus une » sur une diagonale"),
	Board: boardOfModel,
})

// Q6 asks for GridPlacement, reading model 2's solution.
var Q6 = grading.Define(&grading.Exercise[func([][]*cp.IntVar) queens.Placement, queens.Placement, queens.Placement]{
	Question: grading.Question{ID: "03/Q6", Title: "Lire la solution du modèle 2", Points: 2, Optional: true},
	Ref:      nqueens.GridPlacement,
	Cases:    []queens.Placement{{1, 3, 0, 2}, {0}, {}, {0, 4, 7, 5, 2, 6, 1, 3}, {2, 0, 3, 1}},
	Call: func(f func([][]*cp.IntVar) queens.Placement, p queens.Placement) queens.Placement {
		return f(fixedGrid(p))
	},
	Input:  describeFixedGrid,
	Format: grading.PlacementText,
	Judge:  judgeReading,
})

// Q7 asks for CountSolutions, every solution of a model with given orders.
var Q7 = grading.Define(&grading.Exercise[func(*cp.Model, cp.VarOrder, cp.ValueOrder) (int64, cp.Stats, error), CountCase, CountSolutionsOut]{
	Question: grading.Question{ID: "03/Q7", Title: "Compter toutes les solutions", Points: 3},
	Ref:      nqueens.CountSolutions,
	Cases: []CountCase{
		{ModelSpec{Kind: "permutations", K: 5}, cp.FirstFail, cp.Increasing},
		{ModelSpec{Kind: "dérangements", K: 6}, cp.InputOrder, cp.Decreasing},
		{ModelSpec{Kind: "sommes", K: 8, T: 3}, cp.FirstFail, cp.Decreasing},
		{ModelSpec{Kind: "tours", K: 4}, cp.InputOrder, cp.Increasing},
		{ModelSpec{Kind: "créneaux", K: 6}, cp.FirstFail, cp.Increasing},
		{ModelSpec{Kind: "sommes", K: 3, T: 4}, cp.InputOrder, cp.Increasing},
		{ModelSpec{Kind: "permutations", K: 7}, cp.DomWDeg, cp.MiddleOut},
		{ModelSpec{Kind: "créneaux", K: 7}, cp.InputOrder, cp.Decreasing},
		{ModelSpec{Kind: "invalide"}, cp.FirstFail, cp.Increasing},
	},
	Call: func(f func(*cp.Model, cp.VarOrder, cp.ValueOrder) (int64, cp.Stats, error), in CountCase) CountSolutionsOut {
		c, st, err := f(in.Model.Build(), in.Vars, in.Vals)
		return CountSolutionsOut{c, st.Solutions, st.Nodes, st.Failures, grading.ErrOf(err)}
	},
	Input: CountCase.String,
	Format: func(o CountSolutionsOut) string {
		s := fmt.Sprintf("%s (Stats : %s, %s, %s)", grading.Plural(o.Count, "solution"), grading.Plural(o.Solutions, "solution"),
			grading.Plural(o.Nodes, "nœud"), grading.Plural(o.Failures, "échec"))
		if o.Err != nil {
			s += " ; " + grading.ErrText(o.Err)
		}
		return s
	},
	Judge: func(_ CountCase, got, want CountSolutionsOut) (bool, string) {
		if ok, note := grading.SameError(got.Err, want.Err); !ok {
			return false, note
		}
		switch {
		case got.Count != want.Count:
			return false, "ce n'est pas le nombre de solutions du modèle : il faut explorer tout l'arbre (Count ou Solutions), pas s'arrêter à la première"
		case got.Solutions != got.Count:
			return false, "les statistiques renvoyées ne sont pas celles de la recherche qui a compté : renvoyez solver.Stats() après le décompte"
		case got.Nodes != want.Nodes || got.Failures != want.Failures:
			return false, fmt.Sprintf("même modèle, même nombre de solutions, mais %s au lieu de %d : cherchez avec les ordres vars et vals reçus en paramètres", grading.Plural(got.Nodes, "nœud"), grading.Int(want.Nodes))
		}
		return true, ""
	},
})

// Q8 is the written answer comparing the models.
var Q8 = grading.OptionalProse("03/Q8", "Quel modèle choisir ? (réponse rédigée)", 3)

// Q9 asks for FirstSolution, one solution with a chosen heuristic.
var Q9 = grading.Define(&grading.Exercise[func(int, cp.VarOrder, cp.ValueOrder) (queens.Placement, cp.Stats, error), HeuristicCase, FirstSolutionOut]{
	Question: grading.Question{ID: "03/Q9", Title: "Une solution, avec l'heuristique de son choix", Points: 3},
	Ref:      nqueens.FirstSolution,
	Cases: []HeuristicCase{
		{1, cp.InputOrder, cp.Increasing},
		{3, cp.FirstFail, cp.MiddleOut},
		{8, cp.InputOrder, cp.Increasing},
		{8, cp.InputOrder, cp.Decreasing},
		{10, cp.InputOrder, cp.MiddleOut},
		{30, cp.FirstFail, cp.Increasing},
		{100, cp.FirstFail, cp.MiddleOut},
		{1000, cp.FirstFail, cp.MiddleOut},
	},
	Call: func(f func(int, cp.VarOrder, cp.ValueOrder) (queens.Placement, cp.Stats, error), in HeuristicCase) FirstSolutionOut {
		p, st, err := f(in.N, in.Vars, in.Vals)
		return FirstSolutionOut{p, st.Solutions, st.Nodes, grading.ErrOf(err)}
	},
	Input: HeuristicCase.String,
	Format: func(o FirstSolutionOut) string {
		if o.Err != nil {
			return grading.ErrText(o.Err)
		}
		return shortPlacement(o.P)
	},
	Example: func(in HeuristicCase, o FirstSolutionOut) bool { return o.Err == nil && in.Vars != cp.InputOrder },
	Judge: func(in HeuristicCase, got, want FirstSolutionOut) (bool, string) {
		if want.Err != nil {
			if ok, note := grading.SameError(got.Err, want.Err); !ok {
				return false, note + " (renvoyez l'erreur de Solve telle quelle)"
			}
			return true, ""
		}
		if got.Err != nil {
			return false, "erreur inattendue : " + got.Err.String()
		}
		if len(got.P) != in.N {
			return false, fmt.Sprintf("le placement a %s au lieu de %d", grading.Plural(len(got.P), "reine"), in.N)
		}
		if c := grading.FindConflict(got.P); c != nil {
			return false, grading.ConflictNote(c)
		}
		if got.Solutions != 1 {
			return false, "les statistiques renvoyées ne sont pas celles de la recherche (Stats().Solutions devrait valoir 1)"
		}
		if in.Vars == cp.InputOrder && !slices.Equal(got.P, want.P) {
			return false, "une solution valide, mais pas celle qu'impose l'ordre des valeurs demandé : avec l'ordre d'entrée des variables, la première solution ne dépend que de l'ordre des valeurs"
		}
		// With input order or first-fail, the search tree of model 1 is
		// the same whatever the form of its constraints (pairwise ≠ or
		// allDifferent propagate alike): its number of nodes tells
		// whether the heuristics asked for were the ones searched with.
		// dom/wdeg's weights depend on the constraints: not compared.
		if in.Vars != cp.DomWDeg && got.Nodes != want.Nodes {
			return false, fmt.Sprintf("une solution valide, mais trouvée en %s au lieu de %d : la recherche n'a pas suivi les heuristiques demandées (ordre des variables et ordre des valeurs)", grading.Plural(got.Nodes, "nœud"), grading.Int(want.Nodes))
		}
		return true, ""
	},
	Board: func(_ HeuristicCase, got, _ FirstSolutionOut) *board.Board {
		if len(got.P) > 30 {
			return nil
		}
		return grading.PlacementBoard(got.P)
	},
})

// Q10 is the written answer on the effect of the heuristics.
var Q10 = grading.Prose("03/Q10", "L'effet des heuristiques (réponse rédigée)", 2)

// rowModelExercise declares a question answered by a model-1 builder (one
// variable per row): the student's model for n = 1 … 8 must have the
// reference's solutions; constraints and offsets are the French hints
// judgeModel gives.
func rowModelExercise(id, title string, points int, ref func(int) (*cp.Model, []*cp.IntVar), constraints, offsets string) *grading.Exercise[func(int) (*cp.Model, []*cp.IntVar), grading.Sized, ModelOut] {
	return grading.Define(&grading.Exercise[func(int) (*cp.Model, []*cp.IntVar), grading.Sized, ModelOut]{
		Question: grading.Question{ID: id, Title: title, Points: points},
		Ref:      ref,
		Cases:    []grading.Sized{{N: 1}, {N: 2}, {N: 3}, {N: 4}, {N: 5}, {N: 6}, {N: 8}},
		Call: func(f func(int) (*cp.Model, []*cp.IntVar), in grading.Sized) ModelOut {
			m, x := f(in.N)
			return rowModelOut(m, x, in.N)
		},
		Input:  grading.Sized.String,
		Format: formatModel,
		Judge:  judgeModel(constraints, offsets),
		Board:  boardOfModel,
	})
}

// rowModelOut reduces model 1 (x[i] ∈ 1..n, the column of the queen of row
// i) to a [ModelOut].
func rowModelOut(m *cp.Model, x []*cp.IntVar, n int) ModelOut {
	if m == nil {
		return ModelOut{Shape: "le modèle renvoyé vaut nil"}
	}
	out := ModelOut{Vars: m.NumVars(), Constraints: m.NumConstraints(), Err: grading.ErrOf(m.Err())}
	if out.Err != nil {
		return out
	}
	if out.Shape = rowShape(m, x, n); out.Shape != "" {
		return out
	}
	enumerate(m, &out, n, func() []queens.Square {
		sq := make([]queens.Square, len(x))
		for i, v := range x {
			sq[i] = queens.Square{Row: i, Col: v.Value() - 1}
		}
		return sq
	})
	return out
}
