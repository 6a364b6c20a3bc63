package nqueens_test

import (
	"context"
	"fmt"

	"github.com/prepa-reines/reines/tp/exactcover/nqueens"
)

func ExampleCount() {
	n, _, err := nqueens.Count(context.Background(), 8)
	fmt.Println(n, err)
	// Output: 92 <nil>
}

func ExampleSolutions() {
	seq, _ := nqueens.Solutions(4)
	for p := range seq {
		fmt.Println(p)
	}
	// Output:
	// 3 1 4 2
	// 2 4 1 3
}
