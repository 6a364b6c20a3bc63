package fastcount

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"testing"

	"github.com/prepa-reines/reines/tp/queens"
)

var allSymmetries = []Symmetry{Identity, Rotate90, Rotate180, Rotate270, MirrorColumns, MirrorRows, Transpose, AntiTranspose}

func TestSymmetriesOfEightQueens(t *testing.T) {
	// The images of "1 5 8 6 3 7 2 4", derived on a drawn board (rotating
	// and flipping the grid of 0s and 1s, then reading each row's queen).
	p := queens.Placement{0, 4, 7, 5, 2, 6, 1, 3}
	want := map[Symmetry]string{
		Identity:      "1 5 8 6 3 7 2 4",
		Rotate90:      "8 2 4 1 7 5 3 6",
		Rotate180:     "5 7 2 6 3 1 4 8",
		Rotate270:     "3 6 4 2 8 5 7 1",
		MirrorColumns: "8 4 1 3 6 2 7 5",
		MirrorRows:    "4 2 7 3 6 8 5 1",
		Transpose:     "1 7 5 8 2 4 6 3",
		AntiTranspose: "6 3 5 7 1 4 2 8",
	}
	images := Symmetries(p)
	for _, s := range allSymmetries {
		if got := images[s].String(); got != want[s] {
			t.Errorf("%v of %v = %s; want %s", s, p, got, want[s])
		}
		if got := Transform(p, s).String(); got != want[s] {
			t.Errorf("Transform(%v, %v) = %s; want %s", p, s, got, want[s])
		}
	}
}

// gridImage applies s to p on an explicit n×n grid, the way one does it
// on paper: an independent implementation of Transform.
func gridImage(p queens.Placement, s Symmetry) queens.Placement {
	n := len(p)
	grid := make([][]bool, n)
	for r := range grid {
		grid[r] = make([]bool, n)
		grid[r][p[r]] = true
	}
	rotate := func(g [][]bool) [][]bool { // clockwise: new[i][j] = old[n-1-j][i]
		h := make([][]bool, n)
		for i := range h {
			h[i] = make([]bool, n)
			for j := range h[i] {
				h[i][j] = g[n-1-j][i]
			}
		}
		return h
	}
	flip := func(g [][]bool) [][]bool { // left–right
		h := make([][]bool, n)
		for i := range h {
			h[i] = slices.Clone(g[i])
			slices.Reverse(h[i])
		}
		return h
	}
	turns := map[Symmetry]int{Rotate90: 1, Rotate180: 2, Rotate270: 3, MirrorRows: 2, Transpose: 3, AntiTranspose: 1}[s]
	if s >= MirrorColumns {
		grid = flip(grid) // each reflection is a left–right flip followed by a rotation
	}
	for range turns {
		grid = rotate(grid)
	}
	q := make(queens.Placement, n)
	for r, row := range grid {
		q[r] = slices.Index(row, true)
	}
	return q
}

func TestTransformAgreesWithGrid(t *testing.T) {
	for n := 1; n <= 8; n++ {
		sols, err := queens.Solutions(n)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range sols {
			for _, s := range allSymmetries {
				if got, want := Transform(p, s), gridImage(p, s); !slices.Equal(got, want) {
					t.Fatalf("Transform(%v, %v) = %v; on the grid %v", p, s, got, want)
				}
			}
		}
	}
}

// permutations returns every permutation of 0..n-1.
func permutations(n int) []queens.Placement {
	if n == 0 {
		return []queens.Placement{{}}
	}
	var out []queens.Placement
	for _, p := range permutations(n - 1) {
		for i := 0; i <= len(p); i++ {
			q := slices.Insert(slices.Clone(p), i, n-1)
			out = append(out, q)
		}
	}
	return out
}

func TestGroupLaws(t *testing.T) {
	for n := 0; n <= 5; n++ {
		for _, p := range permutations(n) {
			apply := func(q queens.Placement, ss ...Symmetry) queens.Placement {
				for _, s := range ss {
					q = Transform(q, s)
				}
				return q
			}
			laws := []struct {
				name      string
				got, want queens.Placement
			}{
				{"identity", apply(p, Identity), p},
				{"rotation⁴ = id", apply(p, Rotate90, Rotate90, Rotate90, Rotate90), p},
				{"rotation² = half turn", apply(p, Rotate90, Rotate90), apply(p, Rotate180)},
				{"rotation³ = Rotate270", apply(p, Rotate90, Rotate90, Rotate90), apply(p, Rotate270)},
				{"MirrorColumns² = id", apply(p, MirrorColumns, MirrorColumns), p},
				{"MirrorRows² = id", apply(p, MirrorRows, MirrorRows), p},
				{"Transpose² = id", apply(p, Transpose, Transpose), p},
				{"AntiTranspose² = id", apply(p, AntiTranspose, AntiTranspose), p},
				{"MirrorRows = MirrorColumns then half turn", apply(p, MirrorColumns, Rotate180), apply(p, MirrorRows)},
				{"Transpose = Rotate90 then MirrorColumns", apply(p, Rotate90, MirrorColumns), apply(p, Transpose)},
				{"AntiTranspose = MirrorColumns then Rotate90", apply(p, MirrorColumns, Rotate90), apply(p, AntiTranspose)},
			}
			for _, l := range laws {
				if !slices.Equal(l.got, l.want) {
					t.Fatalf("p = %v: %s fails: %v != %v", p, l.name, l.got, l.want)
				}
			}
		}
	}
}

func TestImagesAreSolutions(t *testing.T) {
	for n := 1; n <= 9; n++ {
		sols, _ := queens.Solutions(n)
		for _, p := range sols {
			for s, q := range Symmetries(p) {
				if err := queens.Validate(q); err != nil || len(q) != n {
					t.Fatalf("%v of the solution %v is %v: %v", Symmetry(s), p, q, err)
				}
			}
		}
	}
}

func TestTransformPanics(t *testing.T) {
	tests := []struct {
		p queens.Placement
		s Symmetry
	}{
		{queens.Placement{0, 0}, Rotate90},
		{queens.Placement{0, 2}, Identity},
		{queens.Placement{-1, 0}, Transpose},
		{queens.Placement{1, 0}, Symmetry(8)},
		{queens.Placement{1, 0}, Symmetry(-1)},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%v/%v", []int(tt.p), tt.s), func(t *testing.T) {
			defer func() {
				if recover() == nil {
					t.Errorf("Transform(%v, %v) did not panic", []int(tt.p), tt.s)
				}
			}()
			Transform(tt.p, tt.s)
		})
	}
}

func TestSymmetryString(t *testing.T) {
	for s, want := range map[Symmetry]string{Identity: "Identity", Rotate270: "Rotate270", AntiTranspose: "AntiTranspose", 8: "Symmetry(8)", -1: "Symmetry(-1)"} {
		if got := s.String(); got != want {
			t.Errorf("Symmetry(%d).String() = %q; want %q", int(s), got, want)
		}
	}
}

func TestFundamentalA002562(t *testing.T) {
	for _, r := range readCounts(t) {
		if r.fundamental < 0 || r.n > 16 || (r.n > 13 && testing.Short()) {
			continue
		}
		want := r.fundamental
		if r.n == 0 {
			want = 1 // the empty board: one class (A002562 starts at n = 1)
		}
		t.Run(fmt.Sprintf("n=%d", r.n), func(t *testing.T) {
			got, err := CountAll(context.Background(), r.n, Options{})
			if err != nil || got.Fundamental != want || got.Solutions != r.all {
				t.Errorf("CountAll(%d) = %+v, %v; want %d solutions (A000170) in %d classes (A002562)", r.n, got, err, r.all, want)
			}
			if f, err := Fundamental(r.n); err != nil || f != want {
				t.Errorf("Fundamental(%d) = %d, %v; want %d", r.n, f, err, want)
			}
		})
	}
}

// The classes, counted another way: list every solution (queens.Solutions,
// a plain recursive search) and keep those that are the smallest of their
// 8 images (Symmetries).
func TestFundamentalByListing(t *testing.T) {
	for n := 1; n <= 10; n++ {
		sols, err := queens.Solutions(n)
		if err != nil {
			t.Fatal(err)
		}
		var want int64
		for _, p := range sols {
			canonical := true
			for _, q := range Symmetries(p) {
				canonical = canonical && slices.Compare(q, p) >= 0
			}
			if canonical {
				want++
			}
		}
		if got, err := Fundamental(n); err != nil || got != want {
			t.Errorf("Fundamental(%d) = %d, %v; listing the solutions gives %d", n, got, err, want)
		}
	}
}

func TestFundamentalErrors(t *testing.T) {
	if _, err := Fundamental(-1); !errors.Is(err, queens.ErrNegative) {
		t.Errorf("Fundamental(-1): %v; want queens.ErrNegative", err)
	}
	if _, err := Fundamental(MaxN + 1); !errors.Is(err, ErrTooLarge) {
		t.Errorf("Fundamental(%d): %v; want ErrTooLarge", MaxN+1, err)
	}
}

func BenchmarkFundamental(b *testing.B) {
	for _, n := range []int{8, 10, 12} {
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := Fundamental(n); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
