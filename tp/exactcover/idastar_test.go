package exactcover

import (
	"errors"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"
)

// a075458 is γ(Q_n), the queen domination number, for n = 1..12 (OEIS
// A075458).
var a075458 = []int{1, 1, 1, 2, 3, 3, 4, 5, 5, 5, 5, 6}

// queenOptions is queen domination as a repeated cover of the n² squares
// (item n·r+c): option n·r+c is the queen on (r, c), the squares of its
// row, column and diagonals.
func queenOptions(n int) [][]int {
	var opts [][]int
	for r := range n {
		for c := range n {
			var o []int
			for r2 := range n {
				for c2 := range n {
					if r == r2 || c == c2 || r-c == r2-c2 || r+c == r2+c2 {
						o = append(o, n*r2+c2)
					}
				}
			}
			opts = append(opts, o)
		}
	}
	return opts
}

// bruteRepeated is the oracle: the least number of options covering every
// item, by trying every subset; -1 if none does.
func bruteRepeated(items int, options [][]int) int {
	best := -1
	for mask := uint(0); mask < 1<<len(options); mask++ {
		k := bits.OnesCount(mask)
		if best >= 0 && k >= best {
			continue
		}
		covered := make([]bool, items)
		for o, opt := range options {
			if mask&(1<<o) != 0 {
				for _, i := range opt {
					covered[i] = true
				}
			}
		}
		if !slices.Contains(covered, false) {
			best = k
		}
	}
	return best
}

// checkRepeatedCover says why cover is not a set of distinct options
// covering every item, increasing ("" if it is one).
func checkRepeatedCover(items int, options [][]int, cover []int) string {
	if !slices.IsSorted(cover) || len(slices.Compact(slices.Clone(cover))) != len(cover) {
		return fmt.Sprintf("options %v not increasing", cover)
	}
	covered := make([]bool, items)
	for _, o := range cover {
		if o < 0 || o >= len(options) {
			return fmt.Sprintf("no option %d", o)
		}
		for _, i := range options[o] {
			covered[i] = true
		}
	}
	if i := slices.Index(covered, false); i >= 0 {
		return fmt.Sprintf("item %d not covered", i)
	}
	return ""
}

func TestMinCoverAgainstBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 8))
	for trial := range 400 {
		items, nopt, dens := rng.IntN(9), rng.IntN(12), 0.2+0.4*rng.Float64()
		options := make([][]int, nopt)
		for o := range options {
			for i := range items {
				if rng.Float64() < dens {
					options[o] = append(options[o], i)
				}
			}
			rng.Shuffle(len(options[o]), func(a, b int) { options[o][a], options[o][b] = options[o][b], options[o][a] })
		}
		want := bruteRepeated(items, options)
		got, err := MinCover(items, options)
		if want < 0 {
			if !errors.Is(err, ErrNoCover) {
				t.Fatalf("trial %d: MinCover(%d, %v) = %v, %v; want ErrNoCover", trial, items, options, got, err)
			}
			continue
		}
		if err != nil || len(got) != want {
			t.Fatalf("trial %d: MinCover(%d, %v) = %v, %v; want %d options", trial, items, options, got, err, want)
		}
		if bad := checkRepeatedCover(items, options, got); bad != "" {
			t.Fatalf("trial %d: MinCover(%d, %v) = %v: %s", trial, items, options, got, bad)
		}
	}
}

func TestMinCoverQueenDomination(t *testing.T) {
	maxN := 11
	if testing.Short() {
		maxN = 9
	}
	for n := 1; n <= maxN; n++ {
		opts := queenOptions(n)
		got, err := MinCover(n*n, opts)
		if err != nil || len(got) != a075458[n-1] {
			t.Errorf("n = %d: MinCover = %v, %v; want γ(Q_n) = %d options (A075458)", n, got, err, a075458[n-1])
			continue
		}
		if bad := checkRepeatedCover(n*n, opts, got); bad != "" {
			t.Errorf("n = %d: %v: %s", n, got, bad)
		}
	}
}

func TestMinCoverEdgeCases(t *testing.T) {
	for _, tt := range []struct {
		name    string
		items   int
		options [][]int
		want    int   // options in the answer, if no error
		err     error // the sentinel wanted
	}{
		{"no item, no option", 0, nil, 0, nil},
		{"no item, empty options", 0, [][]int{{}, {}}, 0, nil},
		{"one option covers all", 3, [][]int{{0}, {0, 1, 2}, {2}}, 1, nil},
		{"empty options are never needed", 2, [][]int{{}, {1}, {}, {0}}, 2, nil},
		{"the same option twice", 2, [][]int{{0, 1}, {1, 0}}, 1, nil},
		{"greedy fails", 6, [][]int{{0, 1, 2, 3}, {0, 1, 4}, {2, 3, 5}}, 2, nil},
		{"negative number of items", -1, nil, 0, ErrItemCount},
		{"item out of range", 3, [][]int{{0, 1}, {2, 3}}, 0, ErrUnknownItem},
		{"negative item", 3, [][]int{{0, -1}}, 0, ErrUnknownItem},
		{"unknown before repeated", 3, [][]int{{0, 0}, {2, 3}}, 0, ErrUnknownItem},
		{"repeated item", 3, [][]int{{0, 1}, {2, 1, 2}}, 0, ErrRepeatedItem},
		{"item in no option", 3, [][]int{{0}, {2}}, 0, ErrNoCover},
		{"no option", 2, nil, 0, ErrNoCover},
		// Sizes are checked first: no array of 2⁶⁰ entries is allocated.
		{"huge number of items", 1 << 60, [][]int{{0}}, 0, ErrNoCover},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got, err := MinCover(tt.items, tt.options)
			if tt.err != nil {
				if !errors.Is(err, tt.err) {
					t.Fatalf("MinCover(%d, %v) = %v, %v; want %v", tt.items, tt.options, got, err, tt.err)
				}
				return
			}
			if err != nil || got == nil || len(got) != tt.want {
				t.Fatalf("MinCover(%d, %v) = %#v, %v; want %d options, a non-nil slice", tt.items, tt.options, got, err, tt.want)
			}
			if bad := checkRepeatedCover(tt.items, tt.options, got); bad != "" {
				t.Fatalf("MinCover(%d, %v) = %v: %s", tt.items, tt.options, got, bad)
			}
		})
	}
}

// MinCover does not change its input.
func TestMinCoverKeepsOptions(t *testing.T) {
	opts := [][]int{{2, 0}, {1}, {0, 1}}
	want := [][]int{{2, 0}, {1}, {0, 1}}
	if _, err := MinCover(3, opts); err != nil {
		t.Fatal(err)
	}
	for k := range opts {
		if !slices.Equal(opts[k], want[k]) {
			t.Fatalf("options changed: %v; want %v", opts, want)
		}
	}
}

// BenchmarkMinCover solves queen domination on n×n boards.
func BenchmarkMinCover(b *testing.B) {
	for _, n := range []int{6, 8, 10} {
		opts := queenOptions(n)
		b.Run(fmt.Sprintf("queens/n=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := MinCover(n*n, opts); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
