package sudoku_test

import (
	"fmt"
	"os"
	"strings"

	"github.com/prepa-reines/reines/tp/exactcover/sudoku"
)

func ExampleSolve() {
	g, err := sudoku.Parse("..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9")
	if err != nil {
		fmt.Println(err)
		return
	}
	sol, err := sudoku.Solve(g)
	fmt.Println(sol, err)
	// Output:
	// 987654321246173985351928746128537694634892157795461832519286473472319568863745219 <nil>
}

func ExampleGrid_Check() {
	g, _ := sudoku.Parse("5........" + ".5......." + strings.Repeat(".", 63))
	fmt.Println(g.Check())
	// Output:
	// sudoku: contradictory givens: r1c1=r2c2=5 (box)
}

// Report goes on after bad lines.
func ExampleReport() {
	in := strings.Join([]string{
		strings.Repeat(".", 80),
		"..............3.85..1.2.......5.7.....4.x.1...9.......5......73..2.1........4...9",
		"..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9  # 17 clues",
		"11" + strings.Repeat("0", 79),
	}, "\n")
	if err := sudoku.Report(strings.NewReader(in), os.Stdout); err != nil {
		fmt.Println(err)
	}
	// Output:
	// line 1: 80 chars, want 81
	// line 2: illegal character 'x' at index 40 (r5c5); want 1-9, '0' or '.'
	// line 3: 987654321246173985351928746128537694634892157795461832519286473472319568863745219
	// line 4: contradictory givens: r1c1=r1c2=1 (row)
}
