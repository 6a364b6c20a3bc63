package queens_test

import (
	"fmt"

	"github.com/prepa-reines/reines/tp/queens"
)

func Example() {
	sols, _ := queens.Solutions(4)
	for _, p := range sols {
		fmt.Println(p)
	}
	fmt.Print(queens.Board(sols[0]))
	n, _ := queens.Count(8)
	fmt.Println(n)
	// Output:
	// 2 4 1 3
	// 3 1 4 2
	// .Q..
	// ...Q
	// Q...
	// ..Q.
	// 92
}

func ExampleValidate() {
	fmt.Println(queens.Validate(queens.Placement{0, 1, 2, 3}))
	// Output: queens: queens at (1,1) and (2,2) share a diagonal
}
