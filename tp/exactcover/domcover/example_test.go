package domcover_test

import (
	"context"
	"fmt"

	"github.com/prepa-reines/reines/tp/exactcover/domcover"
)

// Five queens dominate the 8×8 board, in 4860 ways.
func ExampleMinimum() {
	res, err := domcover.Minimum(context.Background(), 8, true)
	fmt.Println(res.Gamma, res.Count, err)
	// Output: 5 4860 <nil>
}
