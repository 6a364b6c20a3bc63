package fastcount_test

import (
	"context"
	"fmt"

	"github.com/prepa-reines/reines/tp/fastcount"
	"github.com/prepa-reines/reines/tp/queens"
)

func ExampleCount() {
	for _, n := range []int{0, 1, 2, 8, 12} {
		q, err := fastcount.Count(context.Background(), n, fastcount.Options{})
		fmt.Println(n, q, err)
	}
	_, err := fastcount.Count(context.Background(), 29, fastcount.Options{})
	fmt.Println(err)
	// Output:
	// 0 1 <nil>
	// 1 1 <nil>
	// 2 0 <nil>
	// 8 92 <nil>
	// 12 14200 <nil>
	// queens: board too large: n = 29, at most 28
}

func ExampleOptions_progress() {
	calls, finished := 0, false
	q, _ := fastcount.Count(context.Background(), 10, fastcount.Options{
		Workers: 2,
		Progress: func(done, total int) {
			calls++ // no lock needed: calls come one at a time
			finished = done == total
		},
	})
	fmt.Println(q, finished, calls > 100)
	// Output: 724 true true
}

func ExampleSymmetries() {
	// The solution of the 4×4 board is fixed by the rotations; the
	// reflections give the other solution.
	p := queens.Placement{1, 3, 0, 2} // "2 4 1 3"
	for s, q := range fastcount.Symmetries(p) {
		fmt.Println(fastcount.Symmetry(s), q)
	}
	// Output:
	// Identity 2 4 1 3
	// Rotate90 2 4 1 3
	// Rotate180 2 4 1 3
	// Rotate270 2 4 1 3
	// MirrorColumns 3 1 4 2
	// MirrorRows 3 1 4 2
	// Transpose 3 1 4 2
	// AntiTranspose 3 1 4 2
}

func ExampleCountAll() {
	r, _ := fastcount.CountAll(context.Background(), 8, fastcount.Options{})
	fmt.Println(r.Solutions, r.Fundamental)
	// Output: 92 12
}

func ExampleFundamental() {
	for n := 4; n <= 8; n++ {
		f, _ := fastcount.Fundamental(n)
		fmt.Print(f, " ")
	}
	fmt.Println()
	// Output: 1 2 1 6 12
}
