package domcover

import (
	"context"
	"testing"

	"github.com/prepa-reines/reines/tp/domination"
)

// The repeated cover and the TP 17 exact solver are written independently:
// they must agree on γ(Q_n) and the number of minimum dominating sets.
func TestAgainstDominationSolver(t *testing.T) {
	maxN := 9
	if testing.Short() {
		maxN = 7
	}
	for n := 1; n <= maxN; n++ {
		got, err := Minimum(context.Background(), n, true)
		if err != nil {
			t.Fatal(err)
		}
		want, err := domination.Solve(context.Background(), n, domination.Options{Count: true})
		if err != nil {
			t.Fatal(err)
		}
		if got.Gamma != want.Min || got.Count != want.Count {
			t.Errorf("n = %d: repeated cover gives γ = %d with %d sets; TP 17 solver %d with %d", n, got.Gamma, got.Count, want.Min, want.Count)
		}
	}
}
