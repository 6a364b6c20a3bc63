package pentomino_test

import (
	"context"
	"fmt"

	"github.com/prepa-reines/reines/tp/exactcover/pentomino"
)

// The 3×20 board has 8 packings, 2 up to symmetry.
func ExampleCount() {
	all, _ := pentomino.Count(context.Background(), 3, 20, false)
	upTo, _ := pentomino.Count(context.Background(), 3, 20, true)
	fmt.Println(all, upTo)
	// Output: 8 2
}

func ExampleOrientations() {
	for _, letter := range []byte(pentomino.Letters) {
		fmt.Printf("%c%d ", letter, len(pentomino.Orientations(letter)))
	}
	fmt.Println()
	// Output: F8 I2 L8 N8 P8 T4 U4 V4 W4 X1 Y8 Z4
}

// A packing as a grid of letters, ready to draw.
func ExampleSolve() {
	pentomino.Solve(context.Background(), 3, 20, true, func(g pentomino.Grid) bool {
		fmt.Print(g)
		return false
	})
	// Output:
	// UUXPPPLLLLFTTTWWZVVV
	// UXXXPPLNNFFFTWWYZZZV
	// UUXIIIIINNNFTWYYYYZV
}
