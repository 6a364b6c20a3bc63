package cp_test

import (
	"context"
	"fmt"

	"github.com/prepa-reines/reines/tp/cp"
)

// Propagation alone: posting x ≠ y + 1 with y fixed to 3 removes 4 from x.
func ExampleModel_Propagate() {
	model := cp.NewModel()
	x := model.IntVar("x", 1, 5)
	y := model.IntVar("y", 3, 3)
	model.Post(cp.NotEqualOffset(x, y, 1))
	fmt.Println(model.Propagate())
	fmt.Println(x)
	// Output:
	// <nil>
	// x ∈ {1..3, 5}
}

// x, y, z ∈ {1, 2, 3} pairwise distinct, with z ≠ x + 1 too. Solve finds
// a first solution (x = 1 forces z = 3, then y = 2); Count counts them all:
// the permutations of 1, 2, 3 but (1, 3, 2) and (2, 1, 3).
func ExampleSolver_Solve() {
	model := cp.NewModel()
	x, y, z := model.IntVar("x", 1, 3), model.IntVar("y", 1, 3), model.IntVar("z", 1, 3)
	model.Post(cp.AllDifferent(x.Plus(0), y.Plus(0), z.Plus(0)))
	model.Post(cp.NotEqualOffset(z, x, 1))
	s := model.Solver(cp.FirstFail, cp.Increasing)
	if err := s.Solve(context.Background()); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(x, y, z)
	fmt.Println(s.Count(context.Background()))
	// Output:
	// x = 1 y = 2 z = 3
	// 4 <nil>
}

// Solutions is an iterator: the loop body reads the variables.
func ExampleSolver_Solutions() {
	model := cp.NewModel()
	b := model.IntVarArray("b", 3, 0, 1)
	model.Post(cp.SumEqual(b, 1))
	s := model.Solver(cp.InputOrder, cp.Decreasing)
	for k := range s.Solutions(context.Background()) {
		fmt.Println(k, b[0].Value(), b[1].Value(), b[2].Value())
	}
	fmt.Println(s.Err())
	// Output:
	// 1 1 0 0
	// 2 0 1 0
	// 3 0 0 1
	// <nil>
}

// An unsatisfiable model: three pigeons, two holes.
func ExampleErrNoSolution() {
	model := cp.NewModel()
	x := model.IntVarArray("x", 3, 1, 2)
	model.Post(cp.AllDifferent(x[0].Plus(0), x[1].Plus(0), x[2].Plus(0)))
	s := model.Solver(cp.InputOrder, cp.Increasing)
	fmt.Println(s.Solve(context.Background()))
	fmt.Println(s.Stats().Nodes, "nodes,", s.Stats().Failures, "failures")
	// Output:
	// cp: no solution
	// 2 nodes, 2 failures
}

// Building mistakes are recorded on the model and returned by the search.
func ExampleModel_Err() {
	model := cp.NewModel()
	x := model.IntVar("x", 5, 1)
	model.Post(cp.NotEqualOffset(x, x, 1))
	fmt.Println(model.Solver(cp.FirstFail, cp.Increasing).Solve(context.Background()))
	// Output:
	// cp: invalid model: variable "x": empty domain 5..1
}
