package exactcover

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// knuthMatrix is the first example of TAOCP 7.2.2.1; its only exact cover is
// rows 0, 3 and 4 (the options 'c e', 'a d f', 'b g').
var knuthMatrix = Matrix{
	{0, 0, 1, 0, 1, 0, 0},
	{1, 0, 0, 1, 0, 0, 1},
	{0, 1, 1, 0, 0, 1, 0},
	{1, 0, 0, 1, 0, 1, 0},
	{0, 1, 0, 0, 0, 0, 1},
	{0, 0, 0, 1, 1, 0, 1},
}

func TestAlgorithmX(t *testing.T) {
	tests := []struct {
		name string
		m    Matrix
		want [][]int // normalized
	}{
		{"TAOCP 7.2.2.1 first example", knuthMatrix, [][]int{{0, 3, 4}}},
		{"no rows", Matrix{}, [][]int{{}}},
		{"identity", Matrix{{1, 0}, {0, 1}}, [][]int{{0, 1}}},
		{"two ways", Matrix{{1, 1}, {1, 0}, {0, 1}}, [][]int{{0}, {1, 2}}},
		{"uncoverable column", Matrix{{1, 0}, {1, 0}}, nil},
		{"overlap only", Matrix{{1, 1, 0}, {0, 1, 1}}, nil},
		{"zero row never chosen", Matrix{{1}, {0}}, [][]int{{0}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := normalize(AlgorithmX(tt.m))
			if len(tt.want) == 0 && len(got) == 0 {
				return
			}
			if !slices.EqualFunc(got, tt.want, slices.Equal) {
				t.Errorf("AlgorithmX = %v; want %v", got, tt.want)
			}
		})
	}
}

// TestSolversAgree compares AlgorithmX, Dance and Solve with the brute
// force over all subsets of rows, on random matrices (fixed seeds).
func TestSolversAgree(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 2))
	for trial := range 400 {
		rows, cols := 1+rng.IntN(13), 1+rng.IntN(7)
		secondary := 0
		if trial%2 == 1 && cols > 1 {
			secondary = rng.IntN(cols)
		}
		m := randomMatrix(rng, rows, cols, secondary, 0.1+0.4*rng.Float64())
		want := normalize(bruteForce(m, secondary))
		p, err := FromMatrix(m, secondary)
		if err != nil {
			t.Fatalf("trial %d: FromMatrix: %v", trial, err)
		}
		snap := p.Snapshot()
		if got := normalize(collect(p)); !slices.EqualFunc(got, want, slices.Equal) {
			t.Fatalf("trial %d: Solve on %v (%d secondary) = %v; want %v", trial, m, secondary, got, want)
		}
		if got := normalize(collectDance(p)); !slices.EqualFunc(got, want, slices.Equal) {
			t.Fatalf("trial %d: Dance on %v (%d secondary) = %v; want %v", trial, m, secondary, got, want)
		}
		if secondary == 0 {
			if got := normalize(AlgorithmX(m)); !slices.EqualFunc(got, want, slices.Equal) {
				t.Fatalf("trial %d: AlgorithmX on %v = %v; want %v", trial, m, got, want)
			}
		}
		if err := p.CheckLinks(snap); err != nil {
			t.Fatalf("trial %d: after the searches: %v", trial, err)
		}
	}
}

func TestSecondaryColumnsFile(t *testing.T) {
	blocks := readBlocks(t, "testdata/dlx-secondary-columns.txt")
	// Expected counts, as stated in the file; with every column primary, the
	// file states 2 for block A and 0 for blocks B and C.
	tests := []struct {
		name             string
		want, allPrimary int64
		solutions        [][]int // as listed in the file, when it lists them
	}{
		{"A", 3, 2, [][]int{{0, 3}, {1, 2}, {2, 3}}},
		{"B 4-queens", 2, 0, [][]int{{1, 7, 8, 14}, {2, 4, 11, 13}}},
		{"C 8-queens", 92, 0, nil},
	}
	if len(blocks) != len(tests) {
		t.Fatalf("read %d blocks; want %d", len(blocks), len(tests))
	}
	for k, tt := range tests {
		b := blocks[k]
		t.Run(tt.name, func(t *testing.T) {
			p, err := FromMatrix(b.rows, b.secondary)
			if err != nil {
				t.Fatal(err)
			}
			got, err := p.Count(t.Context())
			if err != nil || got != tt.want {
				t.Errorf("Count = %d, %v; want %d", got, err, tt.want)
			}
			if tt.solutions != nil {
				if sols := normalize(collect(p)); !slices.EqualFunc(sols, tt.solutions, slices.Equal) {
					t.Errorf("solutions %v; want %v", sols, tt.solutions)
				}
			}
			all, err := FromMatrix(b.rows, 0)
			if err != nil {
				t.Fatal(err)
			}
			if got, _ := all.Count(t.Context()); got != tt.allPrimary {
				t.Errorf("with every column primary, Count = %d; want %d", got, tt.allPrimary)
			}
		})
	}
}
