package gobasics_test

import (
	"context"
	"errors"
	"fmt"

	"github.com/prepa-reines/reines/tp/gobasics"
	"github.com/prepa-reines/reines/tp/queens"
)

func Example() {
	fmt.Println(gobasics.Permutations(3))
	fmt.Println(gobasics.Attacks(queens.Placement{0, 1, 2, 3})) // one diagonal: 6 pairs

	s := gobasics.NewPartial(4)
	fmt.Println(gobasics.Push(s, 1), gobasics.Push(s, 2), gobasics.Push(s, 3)) // (1, 2) is attacked
	s.Pop()
	fmt.Println(s.Cols)

	_, err := gobasics.ParsePlacement("2 4 1 5")
	fmt.Println(errors.Is(err, gobasics.ErrColumn), err)

	square := func(n int) int64 { return int64(n * n) }
	fmt.Println(gobasics.SumParallel([]int{1, 2, 3}, square), gobasics.Workers([]int{1, 2, 3}, 2, square))

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	fmt.Println(gobasics.Drain(ctx, make(chan int)))
	// Output:
	// [[0 1 2] [0 2 1] [1 0 2] [1 2 0] [2 0 1] [2 1 0]]
	// 6
	// true false true
	// [1]
	// true gobasics: column off the board: 5 in row 4, not in 1..4
	// 14 14
	// 0 context canceled
}
