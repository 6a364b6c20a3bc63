package domination

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

func TestReservoirZeroUniform(t *testing.T) {
	// χ² test of uniformity with a fixed seed. Critical values of χ² at
	// significance 0.001 (standard tables): 3 degrees of freedom 16.27,
	// 1 degree 10.83, 7 degrees 24.32.
	tests := []struct {
		row      []int
		zeros    []int
		critical float64
	}{
		{[]int{0, 3, 0, 0, 1, 0}, []int{0, 2, 3, 5}, 16.27},
		{[]int{1, 0, 1, 0}, []int{1, 3}, 10.83},
		{[]int{0, 0, 0, 0, 0, 0, 0, 0}, []int{0, 1, 2, 3, 4, 5, 6, 7}, 24.32},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprint(tt.row), func(t *testing.T) {
			rng := rand.New(rand.NewPCG(17, 2025))
			const draws = 40000
			hits := make([]int, len(tt.row))
			for range draws {
				i, ok := ReservoirZero(tt.row, rng)
				if !ok || i < 0 || i >= len(tt.row) || tt.row[i] != 0 {
					t.Fatalf("ReservoirZero(%v) = %d, %v; want the index of a zero", tt.row, i, ok)
				}
				hits[i]++
			}
			expected := float64(draws) / float64(len(tt.zeros))
			chi2 := 0.0
			for _, z := range tt.zeros {
				d := float64(hits[z]) - expected
				chi2 += d * d / expected
			}
			if chi2 > tt.critical {
				t.Errorf("χ² = %.2f > %.2f: counts %v not uniform over the zeros %v", chi2, tt.critical, hits, tt.zeros)
			}
		})
	}
}

func TestReservoirZeroNone(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	for _, row := range [][]int{nil, {}, {1}, {2, 1, 3}} {
		if i, ok := ReservoirZero(row, rng); ok || i != -1 {
			t.Errorf("ReservoirZero(%v) = %d, %v; want -1, false", row, i, ok)
		}
	}
	if i, ok := ReservoirZero([]int{4, 0, 2}, rng); !ok || i != 1 {
		t.Errorf("ReservoirZero([4 0 2]) = %d, %v; want 1, true", i, ok)
	}
}

func TestProbabilities(t *testing.T) {
	tests := []struct {
		name                 string
		p                    Probability
		n, row, placed, best int
		want                 float64
	}{
		{"fixed n=8", FixedProbability, 8, 3, 2, 5, 7.0 / 8},
		{"fixed n=1", FixedProbability, 1, 0, 0, 1, 0},
		{"adaptive ahead", AdaptiveProbability, 10, 2, 1, 5, 4.0 / 8},
		{"adaptive capped", AdaptiveProbability, 10, 8, 1, 7, 1},
		{"adaptive start", AdaptiveProbability, 20, 0, 0, 12, 12.0 / 20},
		{"adaptive last row", AdaptiveProbability, 20, 19, 10, 11, 1},
		{"adaptive at best", AdaptiveProbability, 20, 5, 11, 11, 0},
		{"adaptive past best", AdaptiveProbability, 20, 5, 12, 11, 0},
	}
	for _, tt := range tests {
		if got := tt.p(tt.n, tt.row, tt.placed, tt.best); math.Abs(got-tt.want) > 1e-12 {
			t.Errorf("%s: p(%d, %d, %d, %d) = %v; want %v", tt.name, tt.n, tt.row, tt.placed, tt.best, got, tt.want)
		}
	}
}

func TestRandomCover(t *testing.T) {
	refs := loadReference(t)
	probabilities := map[string]Probability{"fixed": FixedProbability, "adaptive": AdaptiveProbability}
	for _, n := range []int{1, 2, 3, 4, 5, 8, 12, 19} {
		for name, p := range probabilities {
			t.Run(fmt.Sprintf("n=%d/%s", n, name), func(t *testing.T) {
				const trials = 2000
				best, qs, stats, err := RandomCover(n, trials, p, rand.New(rand.NewPCG(uint64(n), 7)))
				if err != nil {
					t.Fatal(err)
				}
				if best != len(qs) || best < refs[n].indep || best > max(n, 1) {
					t.Fatalf("RandomCover(%d) = %d with %d queens; want i(Q_n) = %d ≤ best ≤ n", n, best, len(qs), refs[n].indep)
				}
				checkPlacement(t, n, qs, true)
				if stats.Trials != trials || stats.Failures+stats.Prunings+stats.Improvements > trials {
					t.Errorf("stats %+v inconsistent with %d trials", stats, trials)
				}
				again, qs2, stats2, _ := RandomCover(n, trials, p, rand.New(rand.NewPCG(uint64(n), 7)))
				if again != best || !slices.Equal(qs, qs2) || stats2 != stats {
					t.Errorf("same seed, different result: %d %v %+v then %d %v %+v", best, qs, stats, again, qs2, stats2)
				}
			})
		}
	}
}

func TestRandomCoverZeroTrials(t *testing.T) {
	best, qs, stats, err := RandomCover(10, 0, FixedProbability, rand.New(rand.NewPCG(1, 2)))
	if err != nil || best != 10 || len(qs) != 10 || stats != (RandomStats{}) {
		t.Fatalf("RandomCover(10, 0 trials) = %d, %v, %+v, %v; want the 10 queens of Q2", best, qs, stats, err)
	}
	checkPlacement(t, 10, qs, true)
}

func TestRandomCoverErrors(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	if _, _, _, err := RandomCover(0, 10, FixedProbability, rng); !errors.Is(err, ErrBoardSize) {
		t.Errorf("RandomCover(0, …) error = %v; want ErrBoardSize", err)
	}
	if _, _, _, err := RandomCover(5, -1, FixedProbability, rng); !errors.Is(err, ErrTrials) {
		t.Errorf("RandomCover(5, -1 trials) error = %v; want ErrTrials", err)
	}
}
