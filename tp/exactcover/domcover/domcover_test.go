package domcover

import (
	"errors"
	"slices"
	"strconv"
	"testing"

	"github.com/prepa-reines/reines/tp/queens"
)

// Reference values, n = 1..12, from the project's reference-values.md:
// γ(Q_n), OEIS A075458, and the number of minimum dominating sets, OEIS
// A002564.
var (
	a075458 = []int{1, 1, 1, 2, 3, 3, 4, 5, 5, 5, 5, 6}
	a002564 = []int64{1, 4, 1, 12, 186, 4, 86, 4860, 114, 8, 2, 8}
)

// dominates is the oracle: every square holds one of the queens or shares
// a row, a column or a diagonal with one.
func dominates(n int, qs []queens.Square) bool {
	for r := range n {
		for c := range n {
			covered := false
			for _, q := range qs {
				dr, dc := q.Row-r, q.Col-c
				if dr == 0 || dc == 0 || dr == dc || dr == -dc {
					covered = true
					break
				}
			}
			if !covered {
				return false
			}
		}
	}
	return true
}

func TestMinimum(t *testing.T) {
	for k, want := range a075458 {
		n := k + 1
		if testing.Short() && n > 10 {
			break
		}
		t.Run("n="+strconv.Itoa(n), func(t *testing.T) {
			got, err := Minimum(t.Context(), n, true)
			if err != nil || got.Gamma != want || got.Count != a002564[k] {
				t.Fatalf("Minimum(%d) = γ %d, count %d, %v; want %d (A075458), %d (A002564)",
					n, got.Gamma, got.Count, err, want, a002564[k])
			}
			if len(got.Queens) != want || !dominates(n, got.Queens) {
				t.Errorf("n = %d: queens %v do not dominate the board", n, got.Queens)
			}
			sorted := slices.IsSortedFunc(got.Queens, func(a, b queens.Square) int {
				return (a.Row*n + a.Col) - (b.Row*n + b.Col)
			})
			if !sorted {
				t.Errorf("n = %d: queens %v not in row-major order", n, got.Queens)
			}
			if got, err := Minimum(t.Context(), n, false); err != nil || got.Gamma != want || got.Count != 0 {
				t.Errorf("Minimum(%d) without count = %+v, %v", n, got, err)
			}
		})
	}
}

func TestErrors(t *testing.T) {
	for _, n := range []int{0, -1} {
		if _, err := Minimum(t.Context(), n, false); !errors.Is(err, ErrBoardSize) {
			t.Errorf("Minimum(%d) error %v; want ErrBoardSize", n, err)
		}
	}
}

func BenchmarkMinimum(b *testing.B) {
	for _, n := range []int{8, 10, 12} {
		b.Run("n="+strconv.Itoa(n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := Minimum(b.Context(), n, false); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
