package domination

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/prepa-reines/reines/tp/queens"
)

// maxSolveTestN is the largest n of TestSolve: i(Q_13) and γ(Q_13) take
// about 2 s together on 2 cores.
func maxSolveTestN() int {
	if testing.Short() {
		return 11
	}
	return 13
}

func TestSolve(t *testing.T) {
	refs := loadReference(t)
	for _, independent := range []bool{true, false} {
		name := map[bool]string{true: "independent", false: "domination"}[independent]
		for n := 1; n <= maxSolveTestN(); n++ {
			t.Run(fmt.Sprintf("%s/n=%d", name, n), func(t *testing.T) {
				ref := refs[n]
				wantMin, wantCount := ref.domination, ref.dominationCount
				if independent {
					wantMin, wantCount = ref.indep, ref.indepCount
				}
				res, err := Solve(context.Background(), n, Options{Independent: independent, Count: true})
				if err != nil || res.Min != wantMin || res.Count != wantCount {
					t.Fatalf("Solve(%d) = min %d, count %d, %v; want %d, %d (OEIS)", n, res.Min, res.Count, err, wantMin, wantCount)
				}
				if len(res.Example) != res.Min || res.N != n {
					t.Fatalf("Solve(%d): example %v, N %d; want %d queens", n, res.Example, res.N, res.Min)
				}
				checkPlacement(t, n, res.Example, independent)
				last := res.Levels[len(res.Levels)-1]
				if !last.Found || last.K != res.Min || res.Levels[0].K > res.Min {
					t.Errorf("Solve(%d): levels %+v do not end at the minimum", n, res.Levels)
				}
				var nodes int64
				for i, l := range res.Levels {
					nodes += l.Nodes
					if i < len(res.Levels)-1 && (l.Found || l.K+1 != res.Levels[i+1].K) {
						t.Errorf("Solve(%d): levels %+v not consecutive failures", n, res.Levels)
					}
				}
				if nodes != res.Nodes {
					t.Errorf("Solve(%d): levels count %d nodes, result %d", n, nodes, res.Nodes)
				}
			})
		}
	}
}

// TestSolveOptions checks that the symmetry reduction, the number of workers
// and the counting mode change nothing but the work done.
func TestSolveOptions(t *testing.T) {
	refs := loadReference(t)
	for _, independent := range []bool{true, false} {
		for n := 1; n <= 9; n++ {
			ref := refs[n]
			wantMin, wantCount := ref.domination, ref.dominationCount
			if independent {
				wantMin, wantCount = ref.indep, ref.indepCount
			}
			for _, opt := range []Options{
				{Count: true, NoSymmetry: true},
				{Count: true, Workers: 1},
				{Count: true, Workers: 5, NoSymmetry: true},
				{Workers: 3},
				{NoSymmetry: true},
			} {
				opt.Independent = independent
				t.Run(fmt.Sprintf("n=%d/%+v", n, opt), func(t *testing.T) {
					res, err := Solve(context.Background(), n, opt)
					if !opt.Count {
						wantCount = 0
					}
					if err != nil || res.Min != wantMin || res.Count != wantCount {
						t.Fatalf("Solve(%d) = min %d, count %d, %v; want %d, %d", n, res.Min, res.Count, err, wantMin, wantCount)
					}
					checkPlacement(t, n, res.Example, independent)
				})
			}
		}
	}
}

// TestSolveDeterministicExample checks that the example does not depend on
// the scheduling of the workers.
func TestSolveDeterministicExample(t *testing.T) {
	for _, opt := range []Options{{Independent: true}, {Count: true}, {Independent: true, Count: true, NoSymmetry: true}} {
		first, _ := Solve(context.Background(), 10, Options{Independent: opt.Independent, Count: opt.Count, NoSymmetry: opt.NoSymmetry, Workers: 1})
		for _, w := range []int{2, 4} {
			opt.Workers = w
			res, _ := Solve(context.Background(), 10, opt)
			if fmt.Sprint(res.Example) != fmt.Sprint(first.Example) {
				t.Errorf("%+v: example %v; with 1 worker %v", opt, res.Example, first.Example)
			}
		}
	}
}

func TestSolveAgainstSujet(t *testing.T) {
	for n := 1; n <= maxSujetN(8, 7); n++ {
		t.Run(fmt.Sprintf("n=%d", n), func(t *testing.T) {
			m, c, _, _ := CountMinimumCovers(n)
			res, err := Solve(context.Background(), n, Options{Independent: true, Count: true})
			if err != nil || res.Min != m || res.Count != c {
				t.Errorf("independent: Solve = %d, %d, %v; CountMinimumCovers = %d, %d", res.Min, res.Count, err, m, c)
			}
			m, c, _, _ = DominateByQueens(n)
			res, err = Solve(context.Background(), n, Options{Count: true})
			if err != nil || res.Min != m || res.Count != c {
				t.Errorf("domination: Solve = %d, %d, %v; DominateByQueens = %d, %d", res.Min, res.Count, err, m, c)
			}
		})
	}
}

func TestSolveBruteForce(t *testing.T) {
	for n := 1; n <= 6; n++ {
		for _, independent := range []bool{true, false} {
			t.Run(fmt.Sprintf("n=%d/independent=%v", n, independent), func(t *testing.T) {
				m, c := bruteForce(n, independent)
				res, err := Solve(context.Background(), n, Options{Independent: independent, Count: true})
				if err != nil || res.Min != m || res.Count != c {
					t.Errorf("Solve = %d, %d, %v; brute force %d, %d", res.Min, res.Count, err, m, c)
				}
			})
		}
	}
}

func TestSolveErrors(t *testing.T) {
	tests := []struct {
		n    int
		want error
	}{{0, ErrBoardSize}, {-5, ErrBoardSize}, {MaxSolveN + 1, ErrTooLarge}}
	for _, tt := range tests {
		if _, err := Solve(context.Background(), tt.n, Options{}); !errors.Is(err, tt.want) {
			t.Errorf("Solve(%d) error = %v; want %v", tt.n, err, tt.want)
		}
	}
}

func TestSolveCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Solve(ctx, 16, Options{Count: true}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled before: error = %v; want context.Canceled", err)
	}
	// Cancelled during a level: the first levels of γ(Q_32), which have no
	// solution, would take this search ages on any machine.
	ctx, cancel = context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	res, err := Solve(ctx, MaxSolveN, Options{Count: true})
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("cancelled during a level: error = %v; want context.DeadlineExceeded", err)
	}
	if len(res.Levels) == 0 || res.Levels[len(res.Levels)-1].Found {
		t.Errorf("cancelled during a level: levels %+v; want the failed levels and the cancelled one", res.Levels)
	}
	// Cancelled from the progress callback at the end of level 5.
	ctx, cancel = context.WithCancel(context.Background())
	res, err = Solve(ctx, 13, Options{Count: true, Progress: func(p Progress) {
		if p.K == 5 && !p.Producing {
			cancel()
		}
	}})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled by Progress: error = %v; want context.Canceled", err)
	}
	if last := res.Levels[len(res.Levels)-1]; last.K != 6 || last.Found {
		t.Errorf("cancelled by Progress: levels %+v; want to stop in level 6", res.Levels)
	}
}

func TestSolveProgress(t *testing.T) {
	var reports []Progress
	res, err := Solve(context.Background(), 12, Options{Count: true, Workers: 2, Progress: func(p Progress) { reports = append(reports, p) }})
	if err != nil {
		t.Fatal(err)
	}
	ends := map[int]bool{}
	lastK := 0
	for _, p := range reports {
		if p.N != 12 || p.K < lastK || p.Done > p.Total && p.Producing == false {
			t.Errorf("report %+v out of order or inconsistent", p)
		}
		lastK = p.K
		if !p.Producing && p.Done == p.Total {
			ends[p.K] = true
		}
	}
	for _, l := range res.Levels {
		if !ends[l.K] {
			t.Errorf("no end-of-level report for K = %d in %+v", l.K, reports)
		}
	}
}

// TestNodeInvariant places and forbids random squares and checks the line
// counts of the solver's nodes against a recomputation, and the gains and
// coverer counts against bit-set popcounts.
func TestNodeInvariant(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, n := range []int{1, 2, 5, 8, 13} {
		for _, independent := range []bool{true, false} {
			g := newGeometry(n)
			for s := range g.sq {
				for tq := range g.sq {
					a := queens.Square{Row: s / n, Col: s % n}
					b := queens.Square{Row: tq / n, Col: tq % n}
					if got := g.cover[s*g.w+tq>>6]>>(tq&63)&1 == 1; got != covers(a, b) {
						t.Fatalf("n=%d: cover[%v] has %v = %v; want %v", n, a, b, got, !got)
					}
				}
			}
			nd := g.newNode()
			for range 20 {
				g.reset(&nd)
				checkNode(t, g, &nd)
				for range rng.IntN(6) {
					s := rng.IntN(g.sq)
					if rng.IntN(2) == 0 {
						g.forbid(&nd, s)
					} else if nd.a[s>>6]&(1<<(s&63)) != 0 {
						g.place(&nd, s, independent)
					}
					checkNode(t, g, &nd)
					for s := range g.sq {
						cov := g.cover[s*g.w : (s+1)*g.w]
						gain, coverers := 0, 0
						for i, cw := range cov {
							gain += bits.OnesCount64(cw & nd.u[i])
							coverers += bits.OnesCount64(cw & nd.a[i])
						}
						if g.gain(&nd, s) != gain || g.coverers(&nd, s) != coverers {
							t.Fatalf("n=%d square %d: gain %d, coverers %d; want %d, %d", n, s, g.gain(&nd, s), g.coverers(&nd, s), gain, coverers)
						}
					}
				}
			}
		}
	}
}

func TestSymmetry(t *testing.T) {
	for n := 1; n <= 12; n++ {
		sy := newSymmetry(n)
		total := 0
		for o, size := range sy.orbitSize {
			total += size
			if size != 1 && size != 4 && size != 8 {
				t.Errorf("n=%d: orbit %d has %d squares", n, o, size)
			}
		}
		if total != n*n {
			t.Errorf("n=%d: orbits hold %d squares; want %d", n, total, n*n)
		}
		for s := range n * n {
			for tr := range 8 {
				r, c := image(n, s/n, s%n, tr)
				if sy.orbitOf[r*n+c] != sy.orbitOf[s] {
					t.Fatalf("n=%d: symmetry %d moves square %d out of its orbit", n, tr, s)
				}
			}
		}
		// Every square covering the corner is in a ranked orbit.
		ranked := map[int]bool{}
		for _, o := range sy.ranked {
			ranked[o] = true
		}
		for s := range n * n {
			if covers(queens.Square{}, queens.Square{Row: s / n, Col: s % n}) && !ranked[sy.orbitOf[s]] {
				t.Errorf("n=%d: square %d covers the corner but its orbit is not ranked", n, s)
			}
		}
	}
}
