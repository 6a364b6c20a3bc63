package iterative_test

import (
	"fmt"

	"github.com/prepa-reines/reines/tp/iterative"
)

func ExampleSolve() {
	sols, _ := iterative.Solve(4)
	for _, p := range sols {
		fmt.Println(p) // 1-based columns, as the sujet prints them
	}
	sols, _ = iterative.Solve(8)
	fmt.Println(len(sols))
	// Output:
	// 2 4 1 3
	// 3 1 4 2
	// 92
}

func ExampleBacktrack() {
	// 4×4 board: queens (1,1) and (2,4), and every square of row 3 fails.
	// Row 2 is exhausted too, so the search goes back to row 1, column 2.
	s, _ := iterative.New(4)
	s.I, s.J = 3, 4
	s.C[1], s.C[2] = 1, 4
	iterative.Backtrack(s, 4)
	fmt.Println(s.I, s.J, s.C)
	// Output: 1 2 [0 0 0 0 0]
}

func ExampleTrace() {
	// The whole search on a 4×4 board, without the tries.
	steps, _ := iterative.Trace(4, func(s *iterative.State, e iterative.Event) bool {
		if e.Kind != iterative.EventTry {
			fmt.Println(e.Kind, e.Row, e.Col)
		}
		return true
	})
	fmt.Println(steps, "squares tried")
	// Output:
	// place 1 1
	// place 2 3
	// backtrack 2 4
	// place 2 4
	// place 3 2
	// backtrack 3 3
	// backtrack 1 2
	// place 1 2
	// place 2 4
	// place 3 1
	// place 4 3
	// solution 0 0
	// backtrack 4 4
	// backtrack 3 2
	// backtrack 1 3
	// place 1 3
	// place 2 1
	// place 3 4
	// place 4 2
	// solution 0 0
	// backtrack 4 3
	// backtrack 2 2
	// backtrack 1 4
	// place 1 4
	// place 2 1
	// place 3 3
	// backtrack 3 4
	// backtrack 2 2
	// place 2 2
	// backtrack 2 3
	// backtrack 0 0
	// 60 squares tried
}
