package nqueens_test

import (
	"context"
	"fmt"

	"github.com/prepa-reines/reines/tp/cp"
	"github.com/prepa-reines/reines/tp/cp/nqueens"
	"github.com/prepa-reines/reines/tp/queens"
)

// Model 1 with all-different, solved with first-fail and middle-out.
func ExampleModel1AllDifferent() {
	model, x := nqueens.Model1AllDifferent(8)
	fmt.Println(model.NumVars(), "variables,", model.NumConstraints(), "constraints")
	s := model.Solver(cp.FirstFail, cp.MiddleOut)
	if err := s.Solve(context.Background()); err != nil {
		fmt.Println(err)
		return
	}
	p := nqueens.Placement(x)
	fmt.Println(p, queens.Validate(p))
	fmt.Print(queens.Board(p))
	// Output:
	// 8 variables, 3 constraints
	// 4 2 5 8 6 1 3 7 <nil>
	// ...Q....
	// .Q......
	// ....Q...
	// .......Q
	// .....Q..
	// Q.......
	// ..Q.....
	// ......Q.
}

// Model 1 as the Java code posts it: the same 92 solutions for n = 8.
func ExampleModel1Pairwise() {
	model, _ := nqueens.Model1Pairwise(8)
	fmt.Println(model.NumVars(), "variables,", model.NumConstraints(), "constraints")
	fmt.Println(model.Solver(cp.FirstFail, cp.Increasing).Count(context.Background()))
	// Output:
	// 8 variables, 84 constraints
	// 92 <nil>
}

// Model 2, one boolean per square, with the sujet's DecreasingDomain value
// heuristic (try a queen first).
func ExampleModel2() {
	model, b := nqueens.Model2(6)
	fmt.Println(model.NumVars(), "variables,", model.NumConstraints(), "constraints")
	s := model.Solver(cp.InputOrder, cp.Decreasing)
	for range s.Solutions(context.Background()) {
		fmt.Println(nqueens.GridPlacement(b))
	}
	// Output:
	// 36 variables, 30 constraints
	// 2 4 6 1 3 5
	// 3 6 2 5 1 4
	// 4 1 5 2 6 3
	// 5 3 1 6 4 2
}

func ExampleFirstSolution() {
	p, st, err := nqueens.FirstSolution(1000, cp.FirstFail, cp.MiddleOut)
	fmt.Println(len(p), queens.Validate(p), err, st.Solutions)
	_, _, err = nqueens.FirstSolution(3, cp.FirstFail, cp.MiddleOut)
	fmt.Println(err)
	// Output:
	// 1000 <nil> <nil> 1
	// cp: no solution
}

// CountSolutions counts with the given heuristics; the statistics are those
// of that search. Both variants of model 1 explore the same tree.
func ExampleCountSolutions() {
	pairwise, _ := nqueens.Model1Pairwise(8)
	allDiff, _ := nqueens.Model1AllDifferent(8)
	for _, m := range []*cp.Model{pairwise, allDiff} {
		count, st, err := nqueens.CountSolutions(m, cp.FirstFail, cp.Increasing)
		fmt.Println(count, st.Solutions, st.Nodes, st.Failures, err)
	}
	grid, _ := nqueens.Model2(3)
	count, _, err := nqueens.CountSolutions(grid, cp.InputOrder, cp.Decreasing)
	fmt.Println(count, err)
	// Output:
	// 92 92 766 292 <nil>
	// 92 92 766 292 <nil>
	// 0 <nil>
}
