// Package nqueens holds the reference answers of notebook 03, the TD
// « PPC > Exemples > N Reines » (originally Choco 2.0 in Java): the
// N-queens problem written as constraint models for package cp, and read
// back as a [queens.Placement].
//
// Model 1 has one variable per row, x_i ∈ {1, …, n}, the column of the
// queen of row i (1-based, as in the sujet); it comes in two variants, the
// pairwise disequalities of the Java code ([Model1Pairwise], 3·n(n−1)/2
// constraints) and three all-different constraints ([Model1AllDifferent]),
// the one that scales to n = 10,000. Model 2 ([Model2]) has one 0/1
// variable per square, exactly one queen per row and per column and at most
// one per diagonal. [CountSolutions] counts the solutions of a model and
// [FirstSolution] solves model 1 with a chosen heuristic.
//
// See example_test.go for a runnable tour.
package nqueens

import (
	"context"

	"github.com/prepa-reines/reines/tp/cp"
	"github.com/prepa-reines/reines/tp/queens"
)

// The largest boards the models are built for: model 1 with pairwise
// constraints posts 1.5·n² of them (1.5 million at 1024); model 1 with
// all-different holds n domains of n values (32 MB of bit sets at 16384);
// model 2 has n² variables ([cp.MaxVars] at 512).
const (
	MaxPairwiseN = 1 << 10
	MaxModel1N   = 1 << 14
	MaxModel2N   = 1 << 9
)

// Model1Pairwise builds model 1 as the Java code of the sujet posts it: the
// variables Q1 … Qn, x_i ∈ {1, …, n} the column of the queen of row i, and
// for each pair of rows i < j at distance k = j − i the three constraints
// x_i ≠ x_j (columns), x_i ≠ x_j + k and x_i ≠ x_j − k (diagonals):
// n variables, 3·n(n−1)/2 constraints. n < 0, or n > [MaxPairwiseN],
// records an error on the model (returned by its searches, wrapping
// [queens.ErrNegative] or [queens.ErrTooLarge]) and returns no variables;
// n = 0 gives the empty model, whose one solution is the empty board.
//
// Answers notebook 03 Q2, model 1 as the Java code posts it (sujet:
// `makeIntVarArray("Q", n, 1, n)`, `neq(queens[i], queens[j])`,
// `neq(queens[i], plus(queens[j], k))`, `neq(queens[i], minus(queens[j],
// k))`).
func Model1Pairwise(n int) (*cp.Model, []*cp.IntVar) {
	model := cp.NewModel()
	if err := queens.CheckSize(n, MaxPairwiseN); err != nil {
		model.RecordError(err)
		return model, nil
	}
	x := model.IntVarArray("Q", n, 1, n)
	for i := 0; i < n; i++ {
		for j := i + 1; j < n; j++ {
			k := j - i
			// Ni même colonne, ni même diagonale montante, ni même descendante.
			model.Post(cp.NotEqualOffset(x[i], x[j], 0))
			model.Post(cp.NotEqualOffset(x[i], x[j], k))
			model.Post(cp.NotEqualOffset(x[i], x[j], -k))
		}
	}
	return model, x
}

// Model1AllDifferent builds model 1 with three all-different constraints:
// on the columns x_i, on the anti-diagonals x_i + i (the notebook's
// « montantes ») and on the diagonals x_i − i (« descendantes ») (offset
// views, no extra variables): n variables, 3 constraints.
// n < 0, or n > [MaxModel1N], records an error on the model and returns no
// variables (as [Model1Pairwise]); n = 0 gives the empty model.
//
// Answers notebook 03 Q4, model 1 with allDifferent (sujet:
// `allDifferent` on `queens`, on `plus(queens[i], i)` and on
// `minus(queens[i], i)`).
func Model1AllDifferent(n int) (*cp.Model, []*cp.IntVar) {
	model := cp.NewModel()
	if err := queens.CheckSize(n, MaxModel1N); err != nil {
		model.RecordError(err)
		return model, nil
	}
	x := model.IntVarArray("Q", n, 1, n)
	cols := make([]cp.View, len(x))  // x_i
	diag1 := make([]cp.View, len(x)) // x_i + i
	diag2 := make([]cp.View, len(x)) // x_i − i
	for i := range x {
		cols[i] = x[i].Plus(0)
		diag1[i] = x[i].Plus(i)
		diag2[i] = x[i].Minus(i)
	}
	model.Post(cp.AllDifferent(cols...))
	model.Post(cp.AllDifferent(diag1...))
	model.Post(cp.AllDifferent(diag2...))
	return model, x
}

// Model2 builds model 2: a 0/1 variable b[i][j] per square (1 = a queen on
// row i, column j, both 0-based), exactly one queen per row and per column
// (sums equal to 1) and at most one per diagonal of two squares or more
// (sums at most 1): n² variables, 2n + 2(2n − 3) constraints for n ≥ 2.
// n < 0, or n > [MaxModel2N], records an error on the model and returns no
// variables (as [Model1Pairwise]); n = 0 gives the empty model.
//
// Answers notebook 03 Q5, model 2 (sujet: `makeIntVarArray("B", n, n, 0,
// 1)`, `eq(sum(row), 1)`, `eq(sum(column), 1)`, `leq(sum(diagonal), 1)`).
func Model2(n int) (*cp.Model, [][]*cp.IntVar) {
	model := cp.NewModel()
	if err := queens.CheckSize(n, MaxModel2N); err != nil {
		model.RecordError(err)
		return model, nil
	}
	b := model.IntVarMatrix("B", n, n, 0, 1)
	for i := 0; i < n; i++ {
		column := make([]*cp.IntVar, n)
		for j := 0; j < n; j++ {
			column[j] = b[j][i]
		}
		model.Post(cp.SumEqual(b[i], 1))   // une reine sur la ligne i
		model.Post(cp.SumEqual(column, 1)) // une reine sur la colonne i
	}
	// La diagonale descendante d contient les cases (i, j) où j − i = d, la
	// diagonale montante d celles où i + j = d ; d parcourt les diagonales
	// d'au moins 2 cases.
	for d := -(n - 2); d <= n-2; d++ {
		var diagonal []*cp.IntVar
		for i := 0; i < n; i++ {
			if j := i + d; 0 <= j && j < n {
				diagonal = append(diagonal, b[i][j])
			}
		}
		model.Post(cp.SumAtMost(diagonal, 1))
	}
	for d := 1; d <= 2*n-3; d++ {
		var antiDiagonal []*cp.IntVar
		for i := 0; i < n; i++ {
			if j := d - i; 0 <= j && j < n {
				antiDiagonal = append(antiDiagonal, b[i][j])
			}
		}
		model.Post(cp.SumAtMost(antiDiagonal, 1))
	}
	return model, b
}

// Placement reads the solution of model 1 from its fixed variables: row i
// has its queen in column x[i] − 1 (0-based). It panics, like
// [cp.IntVar.Value], if a variable is not fixed.
//
// Answers notebook 03 Q3, display of a solution of model 1 (sujet:
// `s.getVar(queens[i]).getVal()`).
func Placement(x []*cp.IntVar) queens.Placement {
	p := make(queens.Placement, len(x))
	for i := range x {
		p[i] = x[i].Value() - 1
	}
	return p
}

// GridPlacement reads the solution of model 2 from its fixed 0/1
// variables: row i has its queen in the column j with b[i][j] = 1. It
// panics, like [cp.IntVar.Value], if a variable is not fixed.
//
// Answers notebook 03 Q6, display of a solution of model 2.
func GridPlacement(b [][]*cp.IntVar) queens.Placement {
	p := make(queens.Placement, len(b))
	for i := range b {
		for j := range b[i] {
			if b[i][j].Value() == 1 {
				p[i] = j
			}
		}
	}
	return p
}

// CountSolutions counts every solution of model, searching with the given
// variable and value orders, and returns their number with the statistics
// of that search (nodes, failures, propagations, solutions, time). A model
// without solution gives 0 and no error; a model built with an error gives
// that error.
//
// Answers notebook 03 Q7, counting all solutions (sujet: `s.solveAll()`,
// `s.getNbSolutions()`, `s.getNodeCount()`, `s.getTimeCount()`).
func CountSolutions(model *cp.Model, vars cp.VarOrder,
	vals cp.ValueOrder) (int64, cp.Stats, error) {
	solver := model.Solver(vars, vals)
	count, err := solver.Count(context.Background())
	return count, solver.Stats(), err
}

// FirstSolution solves model 1 (all-different variant) for n queens with
// the given heuristics, and returns the placement found with the solver's
// statistics (nodes, failures, time). Errors: [cp.ErrNoSolution] for n = 2
// and 3, the model's error for n < 0 or n > [MaxModel1N].
//
// Answers notebook 03 Q9, solving and timing with a heuristic (sujet:
// `s.read(m)`, `s.setValIntIterator(new DecreasingDomain())`, `s.solve()`,
// `s.getTimeCount()`).
func FirstSolution(n int, vars cp.VarOrder,
	vals cp.ValueOrder) (queens.Placement, cp.Stats, error) {
	model, x := Model1AllDifferent(n)
	solver := model.Solver(vars, vals)
	if err := solver.Solve(context.Background()); err != nil {
		return nil, solver.Stats(), err
	}
	return Placement(x), solver.Stats(), nil
}
