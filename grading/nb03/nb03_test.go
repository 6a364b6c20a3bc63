package nb03

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/prepa-reines/reines/grading/internal/checktest"
	"github.com/prepa-reines/reines/tp/cp"
	"github.com/prepa-reines/reines/tp/cp/nqueens"
	"github.com/prepa-reines/reines/tp/queens"
)

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
	checktest.FailsWith(t, "no diagonals", Q2.Run(noDiag), "même diagonale")
	if !strings.Contains(Q2.Run(noDiag).HTML(), "reines-chart") {
		t.Error("no diagonals: the report draws no board")
	}
	checktest.FailsWith(t, "offset 1 instead of j − i", Q2.Run(pairwise(func(int) int { return 1 }, true)), "décalage des diagonales")
	checktest.FailsWith(t, "offset j − i + 1", Q2.Run(pairwise(func(k int) int { return k + 1 }, true)), "")
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
	checktest.FailsWith(t, "one diagonal direction", Q2.Run(oneDirection), "diagonale")
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
	checktest.FailsWith(t, "domains 0..n−1", Q2.Run(zeroBased), "domaine")
	// The all-different model passed where pairwise ≠ is asked: right
	// solutions, wrong size.
	checktest.FailsWith(t, "all-different for Q2", Q2.Run(nqueens.Model1AllDifferent), "contraintes au lieu de")

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
	checktest.FailsWith(t, "forgot the columns", Q4.Run(allDiff([3]func(int) int{nil, plus, minus})), "même colonne")
	checktest.FailsWith(t, "forgot the anti-diagonals", Q4.Run(allDiff([3]func(int) int{zero, plus, nil})), "diagonale")
	checktest.FailsWith(t, "x_i + i twice", Q4.Run(allDiff([3]func(int) int{zero, plus, plus})), "diagonale")
	checktest.FailsWith(t, "x_i + 2i", Q4.Run(allDiff([3]func(int) int{zero, func(i int) int { return 2 * i }, minus})), "diagonale")
	// Pairwise ≠ passed where all-different is asked.
	checktest.FailsWith(t, "pairwise for Q4", Q4.Run(nqueens.Model1Pairwise), "contraintes au lieu de 3")
	// A variable of another model.
	otherModel := func(n int) (*cp.Model, []*cp.IntVar) {
		m, x := nqueens.Model1AllDifferent(n)
		if n > 0 {
			x[0] = cp.NewModel().IntVar("Q1", 1, n)
		}
		return m, x
	}
	checktest.FailsWith(t, "variable of another model", Q4.Run(otherModel), "n'est pas une variable du modèle")
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
	if got := Q5.Run(grid(true, true, atMost, true, 2)); got.Outcome() != "passed" {
		t.Fatalf("the right model 2 written another way fails:\n%s", got.Text())
	}
	checktest.FailsWith(t, "exactly one on diagonals", Q5.Run(grid(true, true, exactly, true, 2)), "au plus une")
	checktest.FailsWith(t, "no anti-diagonals", Q5.Run(grid(true, true, atMost, false, 2)), "diagonale")
	checktest.FailsWith(t, "no column constraint", Q5.Run(grid(true, false, atMost, true, 2)), "colonne")
	checktest.FailsWith(t, "no row constraint", Q5.Run(grid(false, true, atMost, true, 2)), "ligne")
	checktest.FailsWith(t, "diagonals of one square too", Q5.Run(grid(true, true, atMost, true, 1)), "contraintes au lieu de")
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
	checktest.FailsWith(t, "at most one per row and column", Q5.Run(atMostLines), "n'a pas de reine")
	// Integer domains instead of 0/1.
	wide := func(n int) (*cp.Model, [][]*cp.IntVar) {
		m := cp.NewModel()
		return m, m.IntVarMatrix("B", n, n, 0, n)
	}
	checktest.FailsWith(t, "domains 0..n", Q5.Run(wide), "domaine")
}

func TestReadingMistakes(t *testing.T) {
	noMinusOne := func(x []*cp.IntVar) queens.Placement {
		p := make(queens.Placement, len(x))
		for i := range x {
			p[i] = x[i].Value()
		}
		return p
	}
	checktest.FailsWith(t, "no − 1", Q3.Run(noMinusOne), "décalage de 1")
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
	checktest.FailsWith(t, "transposed grid", Q6.Run(transposed), "colonne")
	// append to a slice made with n cells already: n zeros, then the columns.
	appended := func(b [][]*cp.IntVar) queens.Placement {
		p := make(queens.Placement, len(b))
		for i := range b {
			for j := range b[i] {
				if b[i][j].Value() == 1 {
					p = append(p, j)
				}
			}
		}
		return p
	}
	checktest.FailsWith(t, "append after make([]int, n)", Q6.Run(appended), "make([]int, 0, n)")
}

func TestCountSolutionsMistakes(t *testing.T) {
	// Ignores the heuristics it is given.
	ignoresOrders := func(model *cp.Model, _ cp.VarOrder, _ cp.ValueOrder) (int64, cp.Stats, error) {
		return nqueens.CountSolutions(model, cp.InputOrder, cp.Increasing)
	}
	checktest.FailsWith(t, "ignores the orders", Q7.Run(ignoresOrders), "vars et vals")
	// Forgets the statistics.
	noStats := func(model *cp.Model, vars cp.VarOrder, vals cp.ValueOrder) (int64, cp.Stats, error) {
		c, _, err := nqueens.CountSolutions(model, vars, vals)
		return c, cp.Stats{}, err
	}
	checktest.FailsWith(t, "zero statistics", Q7.Run(noStats), "statistiques")
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
	checktest.FailsWith(t, "first solution only", Q7.Run(first), "explorer tout l'arbre")
	// Swallows the model's error.
	noError := func(model *cp.Model, vars cp.VarOrder, vals cp.ValueOrder) (int64, cp.Stats, error) {
		c, st, _ := nqueens.CountSolutions(model, vars, vals)
		return c, st, nil
	}
	checktest.FailsWith(t, "swallows the error", Q7.Run(noError), "une erreur était attendue")
}

func TestFirstSolutionMistakes(t *testing.T) {
	// Always tries the smallest value first.
	ignoresValues := func(n int, vars cp.VarOrder, _ cp.ValueOrder) (queens.Placement, cp.Stats, error) {
		return nqueens.FirstSolution(n, vars, cp.Increasing)
	}
	checktest.FailsWith(t, "ignores the value order", Q9.Run(ignoresValues), "ordre des valeurs")
	// Always searches first-fail: on the input-order cases it finds the
	// same first solutions (n = 8), in another number of nodes.
	ignoresVars := func(n int, _ cp.VarOrder, vals cp.ValueOrder) (queens.Placement, cp.Stats, error) {
		return nqueens.FirstSolution(n, cp.FirstFail, vals)
	}
	checktest.FailsWith(t, "ignores the variable order", Q9.Run(ignoresVars), "heuristiques demandées")

	// Forgets the statistics.
	noStats := func(n int, vars cp.VarOrder, vals cp.ValueOrder) (queens.Placement, cp.Stats, error) {
		p, _, err := nqueens.FirstSolution(n, vars, vals)
		return p, cp.Stats{}, err
	}
	checktest.FailsWith(t, "zero statistics", Q9.Run(noStats), "statistiques")
	// Its own error for "no solution".
	ownError := func(n int, vars cp.VarOrder, vals cp.ValueOrder) (queens.Placement, cp.Stats, error) {
		p, st, err := nqueens.FirstSolution(n, vars, vals)
		if errors.Is(err, cp.ErrNoSolution) {
			err = errors.New("pas de solution")
		}
		return p, st, err
	}
	checktest.FailsWith(t, "own error", Q9.Run(ownError), "cp.ErrNoSolution")
	// Model 1 with pairwise ≠ is a right answer too.
	pairwise := func(n int, vars cp.VarOrder, vals cp.ValueOrder) (queens.Placement, cp.Stats, error) {
		m, x := nqueens.Model1Pairwise(n)
		s := m.Solver(vars, vals)
		if err := s.Solve(context.Background()); err != nil {
			return nil, s.Stats(), err
		}
		return nqueens.Placement(x), s.Stats(), nil
	}
	if r := Q9.Run(pairwise); r.Outcome() != "passed" {
		t.Errorf("model 1 with pairwise ≠ must pass:\n%s", r.Text())
	}
}
