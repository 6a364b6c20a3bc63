package nqueens

import (
	"errors"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/prepa-reines/reines/tp/fastcount"
	"github.com/prepa-reines/reines/tp/queens"
)

// a000170 is Q(n) for n = 0..12, OEIS A000170 (copied from the project's
// reference values, shared/reference-values.md).
var a000170 = []int64{1, 1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200}

func TestCount(t *testing.T) {
	for n, want := range a000170 {
		if testing.Short() && n > 10 {
			break
		}
		t.Run("n="+strconv.Itoa(n), func(t *testing.T) {
			got, st, err := Count(t.Context(), n)
			if err != nil || got != want {
				t.Errorf("Count(%d) = %d, %v; want %d (A000170)", n, got, err, want)
			}
			if st.Solutions != got || (n >= 4 && st.Updates == 0) {
				t.Errorf("Count(%d) stats %+v", n, st)
			}
		})
	}
}

// TestSolutions checks every placement with queens.Validate and compares
// the set with the backtracking of package queens.
func TestSolutions(t *testing.T) {
	for n := range 9 {
		seq, err := Solutions(n)
		if err != nil {
			t.Fatal(err)
		}
		var got []queens.Placement
		for p := range seq {
			if err := queens.Validate(p); err != nil || len(p) != n {
				t.Fatalf("n = %d: placement %v: %v", n, p, err)
			}
			got = append(got, p)
		}
		want, err := queens.Solutions(n)
		if err != nil {
			t.Fatal(err)
		}
		slices.SortFunc(got, func(a, b queens.Placement) int { return slices.Compare(a, b) })
		if !slices.EqualFunc(got, want, slices.Equal) {
			t.Errorf("n = %d: %d placements, want the %d of queens.Solutions", n, len(got), len(want))
		}
	}
}

func TestFirst(t *testing.T) {
	for _, n := range []int{0, 1, 2, 3, 4, 8, 30, 40} {
		p, ok, err := First(t.Context(), n)
		if err != nil {
			t.Fatal(err)
		}
		if wantOK := n != 2 && n != 3; ok != wantOK {
			t.Errorf("First(%d) found %v; want %v", n, ok, wantOK)
			continue
		}
		if ok {
			if err := queens.Validate(p); err != nil || len(p) != n {
				t.Errorf("First(%d) = %v: %v", n, p, err)
			}
		}
	}
}

func TestErrors(t *testing.T) {
	if _, _, err := Count(t.Context(), -1); !errors.Is(err, queens.ErrNegative) {
		t.Errorf("Count(-1) error %v; want queens.ErrNegative", err)
	}
	if _, err := Solutions(-1); !errors.Is(err, queens.ErrNegative) {
		t.Errorf("Solutions(-1) error %v; want queens.ErrNegative", err)
	}
	if _, _, err := First(t.Context(), -3); !errors.Is(err, queens.ErrNegative) {
		t.Errorf("First(-3) error %v; want queens.ErrNegative", err)
	}
}

// TestItemOrder checks the organ-pipe order of the primary items.
func TestItemOrder(t *testing.T) {
	tests := map[int]string{
		1: "r1 c1",
		2: "r1 c1 r2 c2",
		5: "r3 c3 r4 c4 r2 c2 r5 c5 r1 c1",
		8: "r4 c4 r5 c5 r3 c3 r6 c6 r2 c2 r7 c7 r1 c1 r8 c8",
	}
	for n, want := range tests {
		p, err := QueensProblem(n)
		if err != nil {
			t.Fatal(err)
		}
		if primary, _ := p.Items(); strings.Join(primary, " ") != want {
			t.Errorf("QueensProblem(%d) primary items %v; want %s", n, primary, want)
		}
	}
}

// BenchmarkCount counts the solutions through dancing links and reports
// Knuth's machine-independent cost (link updates); "n=12/bitboard" is the
// yardstick: the bitboard counter of tp/fastcount on one core, for the
// same count (14,200).
func BenchmarkCount(b *testing.B) {
	b.Run("n=12/bitboard", func(b *testing.B) {
		for b.Loop() {
			if c, err := fastcount.Count(b.Context(), 12, fastcount.Options{Workers: 1}); err != nil || c != 14200 {
				b.Fatalf("fastcount.Count(12) = %d, %v", c, err)
			}
		}
	})
	for _, n := range []int{8, 10, 12} {
		b.Run("n="+strconv.Itoa(n), func(b *testing.B) {
			b.ReportAllocs()
			var st int64
			for b.Loop() {
				_, s, err := Count(b.Context(), n)
				if err != nil {
					b.Fatal(err)
				}
				st = s.Updates
			}
			b.ReportMetric(float64(st), "updates/op")
		})
	}
}
