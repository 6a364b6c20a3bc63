package domination

import (
	"errors"
	"fmt"
	"testing"
)

// maxSujetN bounds the sizes the sujet's searches are tested on, to keep
// `go test` short: their cost grows about fivefold per unit of n.
func maxSujetN(long, short int) int {
	if testing.Short() {
		return short
	}
	return long
}

func TestCoverByQueens(t *testing.T) {
	refs := loadReference(t)
	for n := 1; n <= maxSujetN(9, 8); n++ {
		t.Run(fmt.Sprintf("n=%d", n), func(t *testing.T) {
			want := refs[n].indep
			got, pruned, err := CoverByQueens(n)
			if err != nil || got != want {
				t.Fatalf("CoverByQueens(%d) = %d, %v; want %d (A075324)", n, got, err, want)
			}
			if n > 8 {
				return
			}
			got, full, err := CoverByQueensExhaustive(n)
			if err != nil || got != want {
				t.Fatalf("CoverByQueensExhaustive(%d) = %d, %v; want %d (A075324)", n, got, err, want)
			}
			if pruned.Nodes > full.Nodes {
				t.Errorf("n=%d: pruned search visits %d nodes, more than the %d of the exhaustive one", n, pruned.Nodes, full.Nodes)
			}
		})
	}
}

func TestCoverByQueensPlacement(t *testing.T) {
	refs := loadReference(t)
	for n := 1; n <= maxSujetN(9, 8); n++ {
		t.Run(fmt.Sprintf("n=%d", n), func(t *testing.T) {
			qs, stats, err := CoverByQueensPlacement(n)
			if err != nil || len(qs) != refs[n].indep {
				t.Fatalf("CoverByQueensPlacement(%d) = %v, %v; want %d queens (A075324)", n, qs, err, refs[n].indep)
			}
			checkPlacement(t, n, qs, true)
			if _, s, _ := CoverByQueens(n); s != stats {
				t.Errorf("n=%d: %d nodes; want the %d of CoverByQueens (same search)", n, stats.Nodes, s.Nodes)
			}
		})
	}
}

func TestCountMinimumCovers(t *testing.T) {
	refs := loadReference(t)
	for n := 1; n <= maxSujetN(10, 9); n++ {
		t.Run(fmt.Sprintf("n=%d", n), func(t *testing.T) {
			m, c, _, err := CountMinimumCovers(n)
			if err != nil || m != refs[n].indep || c != refs[n].indepCount {
				t.Fatalf("CountMinimumCovers(%d) = %d, %d, %v; want %d, %d (A075324, A002568)", n, m, c, err, refs[n].indep, refs[n].indepCount)
			}
		})
	}
}

func TestDominateByQueens(t *testing.T) {
	refs := loadReference(t)
	for n := 1; n <= 7; n++ { // n = 8 (3 s) in TestSolveAgainstSujet
		t.Run(fmt.Sprintf("n=%d", n), func(t *testing.T) {
			m, c, _, err := DominateByQueens(n)
			if err != nil || m != refs[n].domination || c != refs[n].dominationCount {
				t.Fatalf("DominateByQueens(%d) = %d, %d, %v; want %d, %d (A075458, A002564)", n, m, c, err, refs[n].domination, refs[n].dominationCount)
			}
		})
	}
}

func TestSujetSearchErrors(t *testing.T) {
	for _, n := range []int{0, -2} {
		if _, _, err := CoverByQueensExhaustive(n); !errors.Is(err, ErrBoardSize) {
			t.Errorf("CoverByQueensExhaustive(%d) error = %v; want ErrBoardSize", n, err)
		}
		if _, _, err := CoverByQueens(n); !errors.Is(err, ErrBoardSize) {
			t.Errorf("CoverByQueens(%d) error = %v; want ErrBoardSize", n, err)
		}
		if _, _, err := CoverByQueensPlacement(n); !errors.Is(err, ErrBoardSize) {
			t.Errorf("CoverByQueensPlacement(%d) error = %v; want ErrBoardSize", n, err)
		}
		if _, _, _, err := CountMinimumCovers(n); !errors.Is(err, ErrBoardSize) {
			t.Errorf("CountMinimumCovers(%d) error = %v; want ErrBoardSize", n, err)
		}
		if _, _, _, err := DominateByQueens(n); !errors.Is(err, ErrBoardSize) {
			t.Errorf("DominateByQueens(%d) error = %v; want ErrBoardSize", n, err)
		}
	}
}
