package grading

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/prepa-reines/reines/tp/board"
	"github.com/prepa-reines/reines/tp/cp"
	"github.com/prepa-reines/reines/tp/cp/nqueens"
	"github.com/prepa-reines/reines/tp/queens"
)

// The checks of notebook 03, constraint programming (packages tp/cp and
// tp/cp/nqueens). A model is not data: each check solves the student's
// model itself and reduces it to what the judge needs (sizes, number of
// solutions, a faulty solution as squares), so that outputs round-trip
// through encoding/json.

// searchBudget bounds the search a check runs on a student's model, below
// [DefaultTimeout] so that the check reports it instead of timing out.
const searchBudget = 8 * time.Second

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
	Err   string // error of the model or of the search, "" if none
}

// CountCase is an input of [CP].Q7: count the solutions of model Model
// ("1 ≠", "1 allDifferent" or "2") for n queens with the given orders.
type CountCase struct {
	Model string
	N     int
	Vars  cp.VarOrder
	Vals  cp.ValueOrder
}

func (c CountCase) String() string {
	return fmt.Sprintf("modèle %s, n = %d, %s, %s", c.Model, c.N, varOrderName(c.Vars), valueOrderName(c.Vals))
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

// Model names of [CountCase].
const (
	ModelPairwise = "1 ≠"
	ModelAllDiff  = "1 allDifferent"
	ModelGrid     = "2"
)

// build returns the reference model of c.
func (c CountCase) build() *cp.Model {
	switch c.Model {
	case ModelPairwise:
		m, _ := nqueens.Model1Pairwise(c.N)
		return m
	case ModelAllDiff:
		m, _ := nqueens.Model1AllDifferent(c.N)
		return m
	}
	m, _ := nqueens.Model2(c.N)
	return m
}

// CountSolutionsOut is what [nqueens.CountSolutions] returns, with the
// statistics that identify the search.
type CountSolutionsOut struct {
	Count                      int64
	Solutions, Nodes, Failures int64 // from the returned cp.Stats
	Err                        string
}

// HeuristicCase is an input of [CP].Q9: n queens, searched with the given
// orders.
type HeuristicCase struct {
	N    int
	Vars cp.VarOrder
	Vals cp.ValueOrder
}

func (c HeuristicCase) String() string {
	return fmt.Sprintf("n = %d, %s, %s", c.N, varOrderName(c.Vars), valueOrderName(c.Vals))
}

// FirstSolutionOut is what [nqueens.FirstSolution] returns.
type FirstSolutionOut struct {
	P         queens.Placement
	Solutions int64 // from the returned cp.Stats
	Err       string
}

// CP holds the questions of notebook 03. Q1, Q8 and Q10 are written answers.
var CP = struct {
	Q1  *Question
	Q2  *Exercise[func(int) (*cp.Model, []*cp.IntVar), Sized, ModelOut]
	Q3  *Exercise[func([]*cp.IntVar) queens.Placement, queens.Placement, queens.Placement]
	Q4  *Exercise[func(int) (*cp.Model, []*cp.IntVar), Sized, ModelOut]
	Q5  *Exercise[func(int) (*cp.Model, [][]*cp.IntVar), Sized, ModelOut]
	Q6  *Exercise[func([][]*cp.IntVar) queens.Placement, queens.Placement, queens.Placement]
	Q7  *Exercise[func(*cp.Model, cp.VarOrder, cp.ValueOrder) (int64, cp.Stats, error), CountCase, CountSolutionsOut]
	Q8  *Question
	Q9  *Exercise[func(int, cp.VarOrder, cp.ValueOrder) (queens.Placement, cp.Stats, error), HeuristicCase, FirstSolutionOut]
	Q10 *Question
}{
	Q1: Register(&Question{ID: "03/Q1", Title: "Choisir les variables et leurs domaines (réponse rédigée)", Points: 2}),
	Q2: rowModelExercise(Register(&Question{ID: "03/Q2", Title: "Modèle 1 avec des contraintes ≠ deux à deux", Points: 4, Func: "Model1Pairwise",
		Signature: "func Model1Pairwise(n int) (*cp.Model, []*cp.IntVar)"}), nqueens.Model1Pairwise,
		"3 contraintes par paire de lignes i < j : x_i ≠ x_j, x_i ≠ x_j + (j − i) et x_i ≠ x_j − (j − i)",
		"décalage des diagonales : c'est j − i, l'écart entre les lignes"),
	Q3: &Exercise[func([]*cp.IntVar) queens.Placement, queens.Placement, queens.Placement]{
		Question: Register(&Question{ID: "03/Q3", Title: "Lire la solution du modèle 1", Points: 2, Func: "Placement",
			Signature: "func Placement(x []*cp.IntVar) queens.Placement"}),
		Cases: []queens.Placement{{1, 3, 0, 2}, {0}, {}, {0, 4, 7, 5, 2, 6, 1, 3}, {2, 2, 0}},
		Hidden: func() []queens.Placement {
			return []queens.Placement{{1, 3, 5, 0, 2, 4}, {9, 8, 7, 6, 5, 4, 3, 2, 1, 0}}
		},
		Call: func(f func([]*cp.IntVar) queens.Placement, p queens.Placement) queens.Placement {
			return f(fixedRows(p))
		},
		Want:   func(p queens.Placement) queens.Placement { return nqueens.Placement(fixedRows(p)) },
		Input:  describeFixedRows,
		Format: formatPlacement,
		Judge:  judgeReading,
	},
	Q4: rowModelExercise(Register(&Question{ID: "03/Q4", Title: "Modèle 1 avec trois contraintes allDifferent", Points: 3, Func: "Model1AllDifferent",
		Signature: "func Model1AllDifferent(n int) (*cp.Model, []*cp.IntVar)"}), nqueens.Model1AllDifferent,
		"3 contraintes allDifferent : sur les x_i, sur les x_i + i et sur les x_i − i",
		"décalage des diagonales : x_i + i et x_i − i"),
	Q5: &Exercise[func(int) (*cp.Model, [][]*cp.IntVar), Sized, ModelOut]{
		Question: Register(&Question{ID: "03/Q5", Title: "Modèle 2 : une variable 0/1 par case", Points: 4, Func: "Model2",
			Signature: "func Model2(n int) (*cp.Model, [][]*cp.IntVar)"}),
		Cases:  []Sized{{1}, {2}, {3}, {4}, {5}, {6}, {8}},
		Hidden: func() []Sized { return []Sized{{7}, {0}} },
		Call: func(f func(int) (*cp.Model, [][]*cp.IntVar), in Sized) ModelOut {
			m, b := f(in.N)
			return gridModelOut(m, b, in.N)
		},
		Want: func(in Sized) ModelOut {
			m, b := nqueens.Model2(in.N)
			return gridModelOut(m, b, in.N)
		},
		Input:  Sized.String,
		Format: formatModel,
		Judge: judgeModel("une somme = 1 par ligne et par colonne, une somme ≤ 1 par diagonale d'au moins deux cases, dans les deux sens",
			"« exactement une » au lieu de « au plus une » sur une diagonale"),
		Board: boardOfModel,
	},
	Q6: &Exercise[func([][]*cp.IntVar) queens.Placement, queens.Placement, queens.Placement]{
		Question: Register(&Question{ID: "03/Q6", Title: "Lire la solution du modèle 2", Points: 2, Func: "GridPlacement",
			Signature: "func GridPlacement(b [][]*cp.IntVar) queens.Placement"}),
		Cases:  []queens.Placement{{1, 3, 0, 2}, {0}, {}, {0, 4, 7, 5, 2, 6, 1, 3}, {2, 0, 3, 1}},
		Hidden: func() []queens.Placement { return []queens.Placement{{1, 3, 5, 0, 2, 4}, {4, 6, 1, 5, 2, 0, 3, 7}} },
		Call: func(f func([][]*cp.IntVar) queens.Placement, p queens.Placement) queens.Placement {
			return f(fixedGrid(p))
		},
		Want:   func(p queens.Placement) queens.Placement { return nqueens.GridPlacement(fixedGrid(p)) },
		Input:  describeFixedGrid,
		Format: formatPlacement,
		Judge:  judgeReading,
	},
	Q7: &Exercise[func(*cp.Model, cp.VarOrder, cp.ValueOrder) (int64, cp.Stats, error), CountCase, CountSolutionsOut]{
		Question: Register(&Question{ID: "03/Q7", Title: "Compter toutes les solutions d'un modèle", Points: 3, Func: "CountSolutions",
			Signature: "func CountSolutions(model *cp.Model, vars cp.VarOrder, vals cp.ValueOrder) (int64, cp.Stats, error)"}),
		Cases: []CountCase{
			{ModelAllDiff, 8, cp.FirstFail, cp.Increasing},
			{ModelPairwise, 6, cp.InputOrder, cp.Decreasing},
			{ModelGrid, 6, cp.FirstFail, cp.Decreasing},
			{ModelAllDiff, 3, cp.InputOrder, cp.Increasing},
			{ModelGrid, 1, cp.InputOrder, cp.Increasing},
			{ModelAllDiff, 10, cp.DomWDeg, cp.MiddleOut},
			{ModelPairwise, -1, cp.FirstFail, cp.Increasing},
		},
		Hidden: func() []CountCase {
			return []CountCase{
				{ModelGrid, 8, cp.FirstFail, cp.Increasing},
				{ModelPairwise, 9, cp.FirstFail, cp.MiddleOut},
				{ModelAllDiff, 0, cp.InputOrder, cp.Increasing},
				{ModelGrid, 7, cp.DomWDeg, cp.Decreasing},
			}
		},
		Call: func(f func(*cp.Model, cp.VarOrder, cp.ValueOrder) (int64, cp.Stats, error), in CountCase) CountSolutionsOut {
			c, st, err := f(in.build(), in.Vars, in.Vals)
			return CountSolutionsOut{c, st.Solutions, st.Nodes, st.Failures, errText(err)}
		},
		Want: func(in CountCase) CountSolutionsOut {
			c, st, err := nqueens.CountSolutions(in.build(), in.Vars, in.Vals)
			return CountSolutionsOut{c, st.Solutions, st.Nodes, st.Failures, errText(err)}
		},
		Input: CountCase.String,
		Format: func(o CountSolutionsOut) string {
			s := fmt.Sprintf("%s (Stats : %s, %s, %s)", plural(o.Count, "solution"), plural(o.Solutions, "solution"),
				plural(o.Nodes, "nœud"), plural(o.Failures, "échec"))
			if o.Err != "" {
				s += " ; erreur : " + o.Err
			}
			return s
		},
		Judge: func(_ CountCase, got, want CountSolutionsOut) (bool, string) {
			if ok, note := sameError(got.Err, want.Err); !ok {
				return false, note
			}
			switch {
			case got.Count != want.Count:
				return false, "ce n'est pas le nombre de solutions du modèle : il faut explorer tout l'arbre (Count ou Solutions), pas s'arrêter à la première"
			case got.Solutions != got.Count:
				return false, "les statistiques renvoyées ne sont pas celles de la recherche qui a compté : renvoyez solver.Stats() après le décompte"
			case got.Nodes != want.Nodes || got.Failures != want.Failures:
				return false, fmt.Sprintf("même modèle, même nombre de solutions, mais %d nœuds au lieu de %d : cherchez avec les ordres vars et vals reçus en paramètres", got.Nodes, want.Nodes)
			}
			return true, ""
		},
	},
	Q8: Register(&Question{ID: "03/Q8", Title: "Comparer les modèles (réponse rédigée)", Points: 3}),
	Q9: &Exercise[func(int, cp.VarOrder, cp.ValueOrder) (queens.Placement, cp.Stats, error), HeuristicCase, FirstSolutionOut]{
		Question: Register(&Question{ID: "03/Q9", Title: "Une solution avec une heuristique choisie", Points: 3, Func: "FirstSolution",
			Signature: "func FirstSolution(n int, vars cp.VarOrder, vals cp.ValueOrder) (queens.Placement, cp.Stats, error)"}),
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
		Hidden: func() []HeuristicCase {
			return []HeuristicCase{
				{2, cp.InputOrder, cp.Decreasing},
				{12, cp.InputOrder, cp.Decreasing},
				{50, cp.DomWDeg, cp.MiddleOut},
				{500, cp.FirstFail, cp.MiddleOut},
				{200, cp.DomWDeg, cp.MiddleOut},
			}
		},
		Call: func(f func(int, cp.VarOrder, cp.ValueOrder) (queens.Placement, cp.Stats, error), in HeuristicCase) FirstSolutionOut {
			p, st, err := f(in.N, in.Vars, in.Vals)
			return FirstSolutionOut{p, st.Solutions, errText(err)}
		},
		Want: func(in HeuristicCase) FirstSolutionOut {
			p, st, err := nqueens.FirstSolution(in.N, in.Vars, in.Vals)
			return FirstSolutionOut{p, st.Solutions, errText(err)}
		},
		Input: HeuristicCase.String,
		Format: func(o FirstSolutionOut) string {
			if o.Err != "" {
				return "erreur : " + errorText(o.Err)
			}
			return shortPlacement(o.P)
		},
		Example: func(in HeuristicCase, o FirstSolutionOut) bool { return o.Err == "" && in.Vars != cp.InputOrder },
		Judge: func(in HeuristicCase, got, want FirstSolutionOut) (bool, string) {
			if want.Err != "" {
				if got.Err != want.Err {
					return false, "renvoyez l'erreur de Solve telle quelle : " + errorText(want.Err)
				}
				return true, ""
			}
			if got.Err != "" {
				return false, "erreur inattendue : " + got.Err
			}
			if len(got.P) != in.N {
				return false, fmt.Sprintf("le placement a %d reines au lieu de %d", len(got.P), in.N)
			}
			if err := queens.Validate(got.P); err != nil {
				return false, conflictNote(got.P, err)
			}
			if got.Solutions != 1 {
				return false, "les statistiques renvoyées ne sont pas celles de la recherche (Stats().Solutions devrait valoir 1)"
			}
			if in.Vars == cp.InputOrder && !slices.Equal(got.P, want.P) {
				return false, "une solution valide, mais pas celle qu'impose l'ordre des valeurs demandé : avec l'ordre d'entrée des variables, la première solution ne dépend que de l'ordre des valeurs"
			}
			return true, ""
		},
		Board: func(_ HeuristicCase, got FirstSolutionOut) *board.Board {
			if len(got.P) > 30 {
				return nil
			}
			return placementBoard(got.P)
		},
	},
	Q10: Register(&Question{ID: "03/Q10", Title: "L'effet des heuristiques (réponse rédigée)", Points: 2}),
}

func init() {
	addExercises(CP.Q2, CP.Q3, CP.Q4, CP.Q5, CP.Q6, CP.Q7, CP.Q9)
}

// rowModelExercise is a question answered by a model-1 builder (one
// variable per row): the student's model for n = 1 … 8 (0 and 7 hidden)
// must have the reference's solutions; constraints and offsets are the
// French hints judgeModel gives.
func rowModelExercise(q *Question, ref func(int) (*cp.Model, []*cp.IntVar), constraints, offsets string) *Exercise[func(int) (*cp.Model, []*cp.IntVar), Sized, ModelOut] {
	return &Exercise[func(int) (*cp.Model, []*cp.IntVar), Sized, ModelOut]{
		Question: q,
		Cases:    []Sized{{1}, {2}, {3}, {4}, {5}, {6}, {8}},
		Hidden:   func() []Sized { return []Sized{{7}, {0}} },
		Call: func(f func(int) (*cp.Model, []*cp.IntVar), in Sized) ModelOut {
			m, x := f(in.N)
			return rowModelOut(m, x, in.N)
		},
		Want: func(in Sized) ModelOut {
			m, x := ref(in.N)
			return rowModelOut(m, x, in.N)
		},
		Input:  Sized.String,
		Format: formatModel,
		Judge:  judgeModel(constraints, offsets),
		Board:  boardOfModel,
	}
}

// rowModelOut reduces model 1 (x[i] ∈ 1..n, the column of the queen of row
// i) to a [ModelOut].
func rowModelOut(m *cp.Model, x []*cp.IntVar, n int) ModelOut {
	if m == nil {
		return ModelOut{Shape: "le modèle renvoyé vaut nil"}
	}
	out := ModelOut{Vars: m.NumVars(), Constraints: m.NumConstraints(), Err: errText(m.Err())}
	if out.Err != "" {
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

// rowShape checks the variables of model 1: n of them, of the model, with
// domain {1, …, n}.
func rowShape(m *cp.Model, x []*cp.IntVar, n int) string {
	if len(x) != n {
		return fmt.Sprintf("%d variables renvoyées au lieu de n = %d (une par ligne)", len(x), n)
	}
	for i, v := range x {
		if s := varShape(m, v, fmt.Sprintf("x[%d]", i), 1, n); s != "" {
			return s
		}
	}
	return ""
}

// varShape checks that v is a variable of m with domain {lo, …, hi}.
func varShape(m *cp.Model, v *cp.IntVar, name string, lo, hi int) string {
	switch {
	case v == nil:
		return name + " vaut nil"
	case !slices.Contains(m.Vars(), v):
		return fmt.Sprintf("%s (%s) n'est pas une variable du modèle renvoyé", name, v.Name())
	case v.Size() == 0 || v.Min() != lo || v.Max() != hi || v.Size() != hi-lo+1:
		return fmt.Sprintf("%s a le domaine %s au lieu de {%d, …, %d}", name, strings.TrimPrefix(v.String(), v.Name()+" "), lo, hi)
	}
	return ""
}

// gridModelOut reduces model 2 (b[i][j] ∈ {0, 1}, 1 for a queen on row i,
// column j) to a [ModelOut].
func gridModelOut(m *cp.Model, b [][]*cp.IntVar, n int) ModelOut {
	if m == nil {
		return ModelOut{Shape: "le modèle renvoyé vaut nil"}
	}
	out := ModelOut{Vars: m.NumVars(), Constraints: m.NumConstraints(), Err: errText(m.Err())}
	if out.Err != "" {
		return out
	}
	if len(b) != n {
		out.Shape = fmt.Sprintf("%d lignes de variables au lieu de n = %d", len(b), n)
		return out
	}
	for i, row := range b {
		if len(row) != n {
			out.Shape = fmt.Sprintf("la ligne %d a %d variables au lieu de n = %d", i+1, len(row), n)
			return out
		}
		for j, v := range row {
			if s := varShape(m, v, fmt.Sprintf("b[%d][%d]", i, j), 0, 1); s != "" {
				out.Shape = s
				return out
			}
		}
	}
	enumerate(m, &out, n, func() []queens.Square {
		var sq []queens.Square
		for i, row := range b {
			for j, v := range row {
				if v.Value() == 1 {
					sq = append(sq, queens.Square{Row: i, Col: j})
				}
			}
		}
		return sq
	})
	return out
}

// enumerate searches the solutions of m with first-fail and increasing
// values, reading each with read, until the end, a solution that is not a
// valid placement of n queens or one seen twice, or the search budget.
func enumerate(m *cp.Model, out *ModelOut, n int, read func() []queens.Square) {
	ctx, cancel := context.WithTimeout(context.Background(), searchBudget)
	defer cancel()
	s := m.Solver(cp.FirstFail, cp.Increasing)
	seen := map[string]bool{}
	for range s.Solutions(ctx) {
		sq := read()
		p, ok := asPlacement(sq, n)
		if !ok || len(sq) != n || queens.Validate(p) != nil {
			out.Invalid, out.Bad = true, sq
			break
		}
		if seen[p.String()] {
			out.Dup = p
			break
		}
		seen[p.String()] = true
		out.Count++
		if out.First == nil {
			out.First = p
		}
	}
	if err := s.Err(); errors.Is(err, context.DeadlineExceeded) {
		out.Err = fmt.Sprintf("recherche arrêtée après %v", searchBudget)
	} else if err != nil {
		out.Err = err.Error()
	}
}

// asPlacement returns the placement of squares with one queen per row
// 0..n-1, in row order, and false if some row has none or several.
func asPlacement(sq []queens.Square, n int) (queens.Placement, bool) {
	p := make(queens.Placement, n)
	seen := make([]bool, n)
	for _, s := range sq {
		if s.Row < 0 || s.Row >= n || seen[s.Row] {
			return nil, false
		}
		seen[s.Row] = true
		p[s.Row] = s.Col
	}
	return p, true
}

// squaresNote says in French why the queens sq of an n×n board are not a
// solution.
func squaresNote(n int, sq []queens.Square) string {
	perRow := make([]int, n)
	for _, s := range sq {
		if s.Row >= 0 && s.Row < n {
			perRow[s.Row]++
		}
	}
	for r, k := range perRow {
		switch {
		case k == 0:
			return fmt.Sprintf("la ligne %d n'a pas de reine", r+1)
		case k > 1:
			return fmt.Sprintf("la ligne %d a %d reines", r+1, k)
		}
	}
	p, _ := asPlacement(sq, n)
	return conflictNote(p, queens.Validate(p))
}

func formatModel(o ModelOut) string {
	switch {
	case o.Err != "":
		return "erreur : " + errorText(o.Err)
	case o.Shape != "":
		return o.Shape
	}
	s := plural(int64(o.Vars), "variable") + ", " + plural(int64(o.Constraints), "contrainte") + ", "
	switch {
	case o.Invalid:
		return s + "une solution invalide : " + squaresText(o.Bad)
	case o.Dup != nil:
		return s + "la solution " + o.Dup.String() + " deux fois"
	}
	s += plural(o.Count, "solution")
	if o.First != nil {
		s += ", dont " + shortPlacement(o.First)
	}
	return s
}

// squaresText lists queens as (row, column), 1-based.
func squaresText(sq []queens.Square) string {
	if len(sq) == 0 {
		return "aucune reine"
	}
	var parts []string
	for _, s := range sq {
		parts = append(parts, fmt.Sprintf("(%d, %d)", s.Row+1, s.Col+1))
	}
	return "reines en " + strings.Join(parts, " ")
}

// shortPlacement prints a placement, cut after 20 queens.
func shortPlacement(p queens.Placement) string {
	if len(p) > 20 {
		return queens.Placement(p[:20]).String() + fmt.Sprintf(" … (%d reines)", len(p))
	}
	if len(p) == 0 {
		return "le plateau vide"
	}
	return p.String()
}

// judgeModel compares the student's model with the reference, saying first
// what is most useful: an error, the shape of the variables, an invalid
// solution (a missing or wrong constraint), a repeated one, missing ones,
// then the size the question asks for (constraints explains it).
func judgeModel(constraints, missing string) func(Sized, ModelOut, ModelOut) (bool, string) {
	return func(in Sized, got, want ModelOut) (bool, string) {
		if ok, note := sameError(got.Err, want.Err); !ok || want.Err != "" {
			return ok, note
		}
		if got.Shape != "" {
			return false, got.Shape
		}
		if got.Invalid {
			return false, "le modèle accepte une solution qui n'est pas un placement valide (" + squaresNote(in.N, got.Bad) +
				") : une contrainte manque ou est fausse"
		}
		if got.Dup != nil {
			return false, "la même position est trouvée deux fois : le modèle a des variables en trop"
		}
		if got.Count != want.Count {
			return false, fmt.Sprintf("%d solutions au lieu de %d : il en manque, une contrainte interdit des placements valides (%s ?)", got.Count, want.Count, missing)
		}
		if got.Vars != want.Vars {
			return false, fmt.Sprintf("les bonnes solutions, mais %d variables au lieu de %d", got.Vars, want.Vars)
		}
		if got.Constraints != want.Constraints {
			return false, fmt.Sprintf("les bonnes solutions, mais %d contraintes au lieu de %d : la question demande %s", got.Constraints, want.Constraints, constraints)
		}
		return true, ""
	}
}

// boardOfModel draws the invalid solution the model accepted.
func boardOfModel(in Sized, got ModelOut) *board.Board {
	if !got.Invalid || in.N <= 0 {
		return nil
	}
	b := board.Board{N: in.N, Queens: got.Bad}
	p, ok := asPlacement(got.Bad, in.N)
	var c *queens.Conflict
	if ok && len(got.Bad) == in.N && errors.As(queens.Validate(p), &c) {
		b.Highlight = []queens.Square{c.A}
		if c.Kind != queens.OutOfBoard {
			b.Highlight = append(b.Highlight, c.B)
		}
	}
	return &b
}

// fixedRows returns the variables of model 1 fixed to placement p: x[i] =
// p[i] + 1.
func fixedRows(p queens.Placement) []*cp.IntVar {
	m := cp.NewModel()
	x := make([]*cp.IntVar, len(p))
	for i, c := range p {
		x[i] = m.IntVar(fmt.Sprintf("Q%d", i+1), c+1, c+1)
	}
	return x
}

// fixedGrid returns the variables of model 2 fixed to placement p:
// b[i][j] = 1 iff p[i] = j.
func fixedGrid(p queens.Placement) [][]*cp.IntVar {
	m := cp.NewModel()
	b := make([][]*cp.IntVar, len(p))
	for i := range b {
		b[i] = make([]*cp.IntVar, len(p))
		for j := range b[i] {
			v := 0
			if p[i] == j {
				v = 1
			}
			b[i][j] = m.IntVar(fmt.Sprintf("B%d_%d", i+1, j+1), v, v)
		}
	}
	return b
}

func describeFixedRows(p queens.Placement) string {
	if len(p) == 0 {
		return "aucune variable (n = 0)"
	}
	var parts []string
	for i, c := range p {
		parts = append(parts, fmt.Sprintf("x[%d] = %d", i, c+1))
	}
	return strings.Join(parts, ", ")
}

func describeFixedGrid(p queens.Placement) string {
	if len(p) == 0 {
		return "aucune variable (n = 0)"
	}
	var parts []string
	for i, c := range p {
		parts = append(parts, fmt.Sprintf("b[%d][%d] = 1", i, c))
	}
	return fmt.Sprintf("grille %d × %d, %s, les autres à 0", len(p), len(p), strings.Join(parts, ", "))
}

func formatPlacement(p queens.Placement) string {
	if len(p) == 0 {
		return "[] (plateau vide)"
	}
	return fmt.Sprintf("%v (colonnes %s)", []int(p), p)
}

// judgeReading compares placements read from fixed variables (nil and
// empty are the same).
func judgeReading(_ queens.Placement, got, want queens.Placement) (bool, string) {
	if slices.Equal(got, want) {
		return true, ""
	}
	if len(got) == len(want) {
		off := true
		for i := range got {
			if got[i] != want[i]+1 {
				off = false
			}
		}
		if off {
			return false, "décalage de 1 : les valeurs des variables vont de 1 à n, les colonnes d'un placement de 0 à n − 1"
		}
	}
	return false, "p[i] doit être la colonne (à partir de 0) de la reine de la ligne i"
}
