package grading

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/prepa-reines/reines/tp/cp"
	"github.com/prepa-reines/reines/tp/cp/nqueens"
	"github.com/prepa-reines/reines/tp/queens"
)

func TestCPRegistry(t *testing.T) {
	var ids []string
	for _, q := range Questions("03") {
		ids = append(ids, q.ID)
		if q.Points <= 0 || q.Title == "" {
			t.Errorf("%s: points %d, title %q", q.ID, q.Points, q.Title)
		}
	}
	if got, want := strings.Join(ids, " "), "03/Q1 03/Q2 03/Q3 03/Q4 03/Q5 03/Q6 03/Q7 03/Q8 03/Q9 03/Q10"; got != want {
		t.Errorf("Questions(03) = %s; want %s", got, want)
	}
	for _, id := range []string{"03/Q1", "03/Q8", "03/Q10"} {
		if !Lookup(id).Prose() {
			t.Errorf("%s must be a written answer", id)
		}
	}
}

// cpReports runs every check of notebook 03 on the reference answers.
func cpReports() []Report {
	return []Report{
		CP.Q2.Run(nqueens.Model1Pairwise),
		CP.Q3.Run(nqueens.Placement),
		CP.Q4.Run(nqueens.Model1AllDifferent),
		CP.Q5.Run(nqueens.Model2),
		CP.Q6.Run(nqueens.GridPlacement),
		CP.Q7.Run(nqueens.CountSolutions),
		CP.Q9.Run(nqueens.FirstSolution),
	}
}

func TestCPReferencePasses(t *testing.T) {
	for _, r := range cpReports() {
		if r.Outcome() != "passed" || len(r.Cases) == 0 {
			t.Errorf("%s: reference answer gives %s\n%s", r.Question.ID, r.Outcome(), r.Text())
		}
	}
}

// The reference answers of notebook 03, for TestChildRoundTrip.
var _ = addReferences(map[string]any{
	"03/Q2": nqueens.Model1Pairwise, "03/Q3": nqueens.Placement, "03/Q4": nqueens.Model1AllDifferent,
	"03/Q5": nqueens.Model2, "03/Q6": nqueens.GridPlacement, "03/Q7": nqueens.CountSolutions,
	"03/Q9": nqueens.FirstSolution,
})

func TestCPStubs(t *testing.T) {
	r := CP.Q2.Run(func(int) (*cp.Model, []*cp.IntVar) { panic(ToDo) })
	if r.Outcome() != "not-implemented" {
		t.Errorf("stub Q2: %s", r.Outcome())
	}
	r = CP.Q9.Run(func(int, cp.VarOrder, cp.ValueOrder) (queens.Placement, cp.Stats, error) { panic(ToDo) })
	if r.Outcome() != "not-implemented" {
		t.Errorf("stub Q9: %s", r.Outcome())
	}
}

// mustFail checks that a wrong answer fails at least one public case, with
// a note containing want.
func mustFail(t *testing.T, name string, r Report, want string) {
	t.Helper()
	if r.Outcome() != "failed" {
		t.Errorf("%s: outcome %s; want failed\n%s", name, r.Outcome(), r.Text())
		return
	}
	if want != "" && !strings.Contains(r.Text(), want) {
		t.Errorf("%s: no note %q in\n%s", name, want, r.Text())
	}
}

// model1 builds model 1 with x_i ∈ lo..lo+n−1 and lets post add the
// constraints.
func model1(n, lo int, post func(m *cp.Model, x []*cp.IntVar)) (*cp.Model, []*cp.IntVar) {
	m := cp.NewModel()
	x := m.IntVarArray("Q", n, lo, lo+n-1)
	post(m, x)
	return m, x
}

// Classic mistakes of model 1 must each fail a public case.
func TestModel1Mistakes(t *testing.T) {
	pairwise := func(offset func(k int) int, diagonals bool) func(int) (*cp.Model, []*cp.IntVar) {
		return func(n int) (*cp.Model, []*cp.IntVar) {
			return model1(n, 1, func(m *cp.Model, x []*cp.IntVar) {
				for i := 0; i < n; i++ {
					for j := i + 1; j < n; j++ {
						m.Post(cp.NotEqualOffset(x[i], x[j], 0))
						if diagonals {
							k := offset(j - i)
							m.Post(cp.NotEqualOffset(x[i], x[j], k), cp.NotEqualOffset(x[i], x[j], -k))
						}
					}
				}
			})
		}
	}
	// Without diagonals, every permutation is a solution: 8! = 40320 for n = 8.
	noDiag := pairwise(nil, false)
	if m, _ := noDiag(8); true {
		c, _, err := nqueens.CountSolutions(m, cp.FirstFail, cp.Increasing)
		if c != 40320 || err != nil {
			t.Fatalf("model without diagonals: %d, %v; want 8! = 40320", c, err)
		}
	}
	mustFail(t, "no diagonals", CP.Q2.Run(noDiag), "même diagonale")
	if !strings.Contains(CP.Q2.Run(noDiag).HTML(), "reines-chart") {
		t.Error("no diagonals: the report draws no board")
	}
	mustFail(t, "offset 1 instead of j − i", CP.Q2.Run(pairwise(func(int) int { return 1 }, true)), "décalage des diagonales")
	mustFail(t, "offset j − i + 1", CP.Q2.Run(pairwise(func(k int) int { return k + 1 }, true)), "")
	// Both diagonal constraints with +k (one direction only).
	oneDirection := func(n int) (*cp.Model, []*cp.IntVar) {
		return model1(n, 1, func(m *cp.Model, x []*cp.IntVar) {
			for i := 0; i < n; i++ {
				for j := i + 1; j < n; j++ {
					m.Post(cp.NotEqualOffset(x[i], x[j], 0), cp.NotEqualOffset(x[i], x[j], j-i), cp.NotEqualOffset(x[j], x[i], i-j))
				}
			}
		})
	}
	mustFail(t, "one diagonal direction", CP.Q2.Run(oneDirection), "diagonale")
	// Domains 0..n−1: the placement would be read one column off.
	zeroBased := func(n int) (*cp.Model, []*cp.IntVar) {
		m, _ := nqueens.Model1Pairwise(0)
		x := m.IntVarArray("Q", n, 0, n-1)
		for i := 0; i < n; i++ {
			for j := i + 1; j < n; j++ {
				m.Post(cp.NotEqualOffset(x[i], x[j], 0), cp.NotEqualOffset(x[i], x[j], j-i), cp.NotEqualOffset(x[i], x[j], i-j))
			}
		}
		return m, x
	}
	mustFail(t, "domains 0..n−1", CP.Q2.Run(zeroBased), "domaine")
	// The all-different model passed where pairwise ≠ is asked: right
	// solutions, wrong size.
	mustFail(t, "all-different for Q2", CP.Q2.Run(nqueens.Model1AllDifferent), "contraintes au lieu de")

	allDiff := func(offsets [3]func(i int) int) func(int) (*cp.Model, []*cp.IntVar) {
		return func(n int) (*cp.Model, []*cp.IntVar) {
			return model1(n, 1, func(m *cp.Model, x []*cp.IntVar) {
				for _, off := range offsets {
					if off == nil {
						continue
					}
					views := make([]cp.View, n)
					for i := range x {
						views[i] = x[i].Plus(off(i))
					}
					m.Post(cp.AllDifferent(views...))
				}
			})
		}
	}
	zero := func(int) int { return 0 }
	plus := func(i int) int { return i }
	minus := func(i int) int { return -i }
	mustFail(t, "forgot the columns", CP.Q4.Run(allDiff([3]func(int) int{nil, plus, minus})), "même colonne")
	mustFail(t, "forgot the anti-diagonals", CP.Q4.Run(allDiff([3]func(int) int{zero, plus, nil})), "diagonale")
	mustFail(t, "x_i + i twice", CP.Q4.Run(allDiff([3]func(int) int{zero, plus, plus})), "diagonale")
	mustFail(t, "x_i + 2i", CP.Q4.Run(allDiff([3]func(int) int{zero, func(i int) int { return 2 * i }, minus})), "diagonale")
	// Pairwise ≠ passed where all-different is asked.
	mustFail(t, "pairwise for Q4", CP.Q4.Run(nqueens.Model1Pairwise), "contraintes au lieu de 3")
	// A variable of another model.
	otherModel := func(n int) (*cp.Model, []*cp.IntVar) {
		m, x := nqueens.Model1AllDifferent(n)
		if n > 0 {
			x[0] = cp.NewModel().IntVar("Q1", 1, n)
		}
		return m, x
	}
	mustFail(t, "variable of another model", CP.Q4.Run(otherModel), "n'est pas une variable du modèle")
}

// Classic mistakes of model 2 must each fail a public case.
func TestModel2Mistakes(t *testing.T) {
	grid := func(rows, cols bool, diag func([]*cp.IntVar) cp.Constraint, antiDiagonals bool, minLen int) func(int) (*cp.Model, [][]*cp.IntVar) {
		return func(n int) (*cp.Model, [][]*cp.IntVar) {
			m := cp.NewModel()
			b := m.IntVarMatrix("B", n, n, 0, 1)
			for i := 0; i < n; i++ {
				col := make([]*cp.IntVar, n)
				for j := range col {
					col[j] = b[j][i]
				}
				if rows {
					m.Post(cp.SumEqual(b[i], 1))
				}
				if cols {
					m.Post(cp.SumEqual(col, 1))
				}
			}
			for d := -(n - 1); d <= n-1; d++ {
				var dg, anti []*cp.IntVar
				for i := 0; i < n; i++ {
					if j := i + d; 0 <= j && j < n {
						dg = append(dg, b[i][j])
					}
					if j := n - 1 - i - d; 0 <= j && j < n {
						anti = append(anti, b[i][j])
					}
				}
				if len(dg) >= minLen {
					m.Post(diag(dg))
					if antiDiagonals {
						m.Post(diag(anti))
					}
				}
			}
			return m, b
		}
	}
	atMost := func(bs []*cp.IntVar) cp.Constraint { return cp.SumAtMost(bs, 1) }
	exactly := func(bs []*cp.IntVar) cp.Constraint { return cp.SumEqual(bs, 1) }
	if got := CP.Q5.Run(grid(true, true, atMost, true, 2)); got.Outcome() != "passed" {
		t.Fatalf("the right model 2 written another way fails:\n%s", got.Text())
	}
	mustFail(t, "exactly one on diagonals", CP.Q5.Run(grid(true, true, exactly, true, 2)), "au plus une")
	mustFail(t, "no anti-diagonals", CP.Q5.Run(grid(true, true, atMost, false, 2)), "diagonale")
	mustFail(t, "no column constraint", CP.Q5.Run(grid(true, false, atMost, true, 2)), "colonne")
	mustFail(t, "no row constraint", CP.Q5.Run(grid(false, true, atMost, true, 2)), "ligne")
	mustFail(t, "diagonals of one square too", CP.Q5.Run(grid(true, true, atMost, true, 1)), "contraintes au lieu de")
	// At most one queen per row and per column: boards with fewer queens
	// are solutions too.
	atMostLines := func(n int) (*cp.Model, [][]*cp.IntVar) {
		m, b := grid(false, false, atMost, true, 2)(n)
		for i := range b {
			col := make([]*cp.IntVar, n)
			for j := range col {
				col[j] = b[j][i]
			}
			m.Post(cp.SumAtMost(b[i], 1), cp.SumAtMost(col, 1))
		}
		return m, b
	}
	mustFail(t, "at most one per row and column", CP.Q5.Run(atMostLines), "n'a pas de reine")
	// Integer domains instead of 0/1.
	wide := func(n int) (*cp.Model, [][]*cp.IntVar) {
		m := cp.NewModel()
		return m, m.IntVarMatrix("B", n, n, 0, n)
	}
	mustFail(t, "domains 0..n", CP.Q5.Run(wide), "domaine")
}

func TestReadingMistakes(t *testing.T) {
	noMinusOne := func(x []*cp.IntVar) queens.Placement {
		p := make(queens.Placement, len(x))
		for i := range x {
			p[i] = x[i].Value()
		}
		return p
	}
	mustFail(t, "no − 1", CP.Q3.Run(noMinusOne), "décalage de 1")
	transposed := func(b [][]*cp.IntVar) queens.Placement {
		p := make(queens.Placement, len(b))
		for i := range b {
			for j := range b[i] {
				if b[j][i].Value() == 1 {
					p[i] = j
				}
			}
		}
		return p
	}
	mustFail(t, "transposed grid", CP.Q6.Run(transposed), "colonne")
}

func TestCountSolutionsMistakes(t *testing.T) {
	// Ignores the heuristics it is given.
	ignoresOrders := func(model *cp.Model, _ cp.VarOrder, _ cp.ValueOrder) (int64, cp.Stats, error) {
		return nqueens.CountSolutions(model, cp.InputOrder, cp.Increasing)
	}
	mustFail(t, "ignores the orders", CP.Q7.Run(ignoresOrders), "vars et vals")
	// Forgets the statistics.
	noStats := func(model *cp.Model, vars cp.VarOrder, vals cp.ValueOrder) (int64, cp.Stats, error) {
		c, _, err := nqueens.CountSolutions(model, vars, vals)
		return c, cp.Stats{}, err
	}
	mustFail(t, "zero statistics", CP.Q7.Run(noStats), "statistiques")
	// Stops at the first solution.
	first := func(model *cp.Model, vars cp.VarOrder, vals cp.ValueOrder) (int64, cp.Stats, error) {
		s := model.Solver(vars, vals)
		if err := s.Solve(context.Background()); err != nil {
			if errors.Is(err, cp.ErrNoSolution) {
				return 0, s.Stats(), nil
			}
			return 0, s.Stats(), err
		}
		return 1, s.Stats(), nil
	}
	mustFail(t, "first solution only", CP.Q7.Run(first), "explorer tout l'arbre")
	// Swallows the model's error.
	noError := func(model *cp.Model, vars cp.VarOrder, vals cp.ValueOrder) (int64, cp.Stats, error) {
		c, st, _ := nqueens.CountSolutions(model, vars, vals)
		return c, st, nil
	}
	mustFail(t, "swallows the error", CP.Q7.Run(noError), "une erreur était attendue")
}

func TestFirstSolutionMistakes(t *testing.T) {
	// Always tries the smallest value first.
	ignoresValues := func(n int, vars cp.VarOrder, _ cp.ValueOrder) (queens.Placement, cp.Stats, error) {
		return nqueens.FirstSolution(n, vars, cp.Increasing)
	}
	mustFail(t, "ignores the value order", CP.Q9.Run(ignoresValues), "ordre des valeurs")
	// Forgets the statistics.
	noStats := func(n int, vars cp.VarOrder, vals cp.ValueOrder) (queens.Placement, cp.Stats, error) {
		p, _, err := nqueens.FirstSolution(n, vars, vals)
		return p, cp.Stats{}, err
	}
	mustFail(t, "zero statistics", CP.Q9.Run(noStats), "statistiques")
	// Its own error for "no solution".
	ownError := func(n int, vars cp.VarOrder, vals cp.ValueOrder) (queens.Placement, cp.Stats, error) {
		p, st, err := nqueens.FirstSolution(n, vars, vals)
		if errors.Is(err, cp.ErrNoSolution) {
			err = errors.New("pas de solution")
		}
		return p, st, err
	}
	mustFail(t, "own error", CP.Q9.Run(ownError), "cp.ErrNoSolution")
	// Model 1 with pairwise ≠ is a right answer too.
	pairwise := func(n int, vars cp.VarOrder, vals cp.ValueOrder) (queens.Placement, cp.Stats, error) {
		m, x := nqueens.Model1Pairwise(n)
		s := m.Solver(vars, vals)
		if err := s.Solve(context.Background()); err != nil {
			return nil, s.Stats(), err
		}
		return nqueens.Placement(x), s.Stats(), nil
	}
	if r := CP.Q9.Run(pairwise); r.Outcome() != "passed" {
		t.Errorf("model 1 with pairwise ≠ must pass:\n%s", r.Text())
	}
}
