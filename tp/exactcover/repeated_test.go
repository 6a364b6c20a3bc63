package exactcover

import (
	"context"
	"errors"
	"math/bits"
	"math/rand/v2"
	"testing"
)

// bruteMinCover returns the least number of rows of m covering every
// primary column at least once and every secondary column at most once,
// and how many sets of that size do; -1 if none.
func bruteMinCover(m Matrix, secondary int) (size int, count int64) {
	ncols := len(m[0])
	size = -1
	for mask := 0; mask < 1<<len(m); mask++ {
		k := bits.OnesCount(uint(mask))
		if size >= 0 && k > size {
			continue
		}
		ok := true
		for c := 0; c < ncols && ok; c++ {
			ones := 0
			for r := range m {
				if mask&(1<<r) != 0 {
					ones += m[r][c]
				}
			}
			if c < ncols-secondary {
				ok = ones >= 1
			} else {
				ok = ones <= 1
			}
		}
		switch {
		case !ok:
		case size < 0 || k < size:
			size, count = k, 1
		case k == size:
			count++
		}
	}
	return size, count
}

func TestMinCover(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 13))
	for trial := range 300 {
		cols := 1 + rng.IntN(9)
		secondary := 0
		if trial%3 == 2 && cols > 1 {
			secondary = 1 + rng.IntN(cols-1)
		}
		m := randomMatrix(rng, 1+rng.IntN(12), cols, secondary, 0.1+0.4*rng.Float64())
		p, err := FromMatrix(m, secondary)
		if err != nil {
			t.Fatal(err)
		}
		wantSize, wantCount := bruteMinCover(m, secondary)
		got, err := p.MinCover(t.Context(), true)
		if wantSize < 0 {
			if !errors.Is(err, ErrNoCover) {
				t.Fatalf("trial %d: MinCover on %v = %+v, %v; want ErrNoCover", trial, m, got, err)
			}
			continue
		}
		if err != nil || got.Size != wantSize || got.Count != wantCount || len(got.Options) != wantSize {
			t.Fatalf("trial %d: MinCover on %v (%d secondary) = %+v, %v; want size %d, count %d",
				trial, m, secondary, got, err, wantSize, wantCount)
		}
		// The returned options must be a repeated cover.
		for c := range cols {
			ones := 0
			for _, r := range got.Options {
				ones += m[r][c]
			}
			if (c < cols-secondary && ones == 0) || (c >= cols-secondary && ones > 1) {
				t.Fatalf("trial %d: options %v cover column %d %d times", trial, got.Options, c, ones)
			}
		}
		if got, err := p.MinCover(t.Context(), false); err != nil || got.Size != wantSize || got.Count != 0 {
			t.Fatalf("trial %d: MinCover without count = %+v, %v; want size %d, count 0", trial, got, err, wantSize)
		}
	}
}

func TestMinCoverErrors(t *testing.T) {
	p, err := New([]string{"a", "b"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := p.AddOption("a"); err != nil {
		t.Fatal(err)
	}
	if _, err := p.MinCover(t.Context(), false); !errors.Is(err, ErrNoCover) {
		t.Errorf("item b in no option: error %v; want ErrNoCover", err)
	}
	// Every option holding b also holds the secondary item s, and so does
	// the only option holding a: no repeated cover uses s at most once.
	p, _ = New([]string{"a", "b"}, []string{"s"})
	p.AddOption("a", "s")
	p.AddOption("b", "s")
	if _, err := p.MinCover(t.Context(), false); !errors.Is(err, ErrNoCover) {
		t.Errorf("conflicting secondary item: error %v; want ErrNoCover", err)
	}
	empty, _ := New(nil, nil)
	if got, err := empty.MinCover(t.Context(), true); err != nil || got.Size != 0 || got.Count != 1 || got.Options == nil {
		t.Errorf("no items: MinCover = %+v, %v; want size 0, count 1, empty options", got, err)
	}
	// Queen domination on 8×8 (square r*8+c attacked by the queens on its
	// row, column and diagonals) needs far more than 1024 nodes.
	var m Matrix
	for q := range 64 {
		row := make([]int, 64)
		for s := range 64 {
			dr, dc := q/8-s/8, q%8-s%8
			if dr == 0 || dc == 0 || dr == dc || dr == -dc {
				row[s] = 1
			}
		}
		m = append(m, row)
	}
	q, err := FromMatrix(m, 0)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	if _, err := q.MinCover(ctx, true); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: error %v; want context.Canceled", err)
	}
}
