package domination

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"testing"
)

// bigBench reports whether the long benchmarks (minutes) are asked for.
func bigBench() bool { return os.Getenv("REINES_BENCH_BIG") == "1" }

// BenchmarkSolve times the exact solver with counting, per problem and n,
// and reports the minimum (queens/op) and the number of minimum placements
// (placements/op) with the time, so that `make bench` prints the table of
// values reached. Targets (2 cores): i(Q_n) for all n ≤ 13 in under 60 s in
// total, γ(Q_n) for all n ≤ 12 likewise. REINES_BENCH_BIG=1 adds
// i(Q_14..16) and γ(Q_13..14) (minutes).
func BenchmarkSolve(b *testing.B) {
	for _, p := range []struct {
		name        string
		independent bool
		maxN, bigN  int
	}{{"independent", true, 13, 16}, {"domination", false, 12, 14}} {
		top := p.maxN
		if bigBench() {
			top = p.bigN
		}
		for n := 1; n <= top; n++ {
			b.Run(fmt.Sprintf("%s/n=%d", p.name, n), func(b *testing.B) {
				b.ReportAllocs()
				var res Result
				for b.Loop() {
					var err error
					res, err = Solve(context.Background(), n, Options{Independent: p.independent, Count: true})
					if err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(float64(res.Nodes), "nodes/op")
				b.ReportMetric(float64(res.Min), "queens/op")
				b.ReportMetric(float64(res.Count), "placements/op")
			})
		}
	}
}

// BenchmarkSujetSearch times the sujet's searches (Q7, Q9, Q13).
func BenchmarkSujetSearch(b *testing.B) {
	for _, n := range []int{8, 9} {
		b.Run(fmt.Sprintf("exhaustive/n=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				_, _, _ = CoverByQueensExhaustive(n)
			}
		})
		b.Run(fmt.Sprintf("pruned/n=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				_, _, _ = CoverByQueens(n)
			}
		})
		b.Run(fmt.Sprintf("count/n=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				_, _, _, _ = CountMinimumCovers(n)
			}
		})
	}
}

// BenchmarkParallel compares the sequential search of Q10 with its parallel
// version (Q25) on the 10×10 board.
func BenchmarkParallel(b *testing.B) {
	const n = 10
	b.Run("sequential", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			_, _, _ = CoverByQueensPlacement(n)
		}
	})
	for _, w := range []int{1, 2, 4} {
		b.Run(fmt.Sprintf("workers=%d", w), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				_, _, _ = CoverByQueensWorkers(context.Background(), n, w, nil)
			}
		})
	}
}

// BenchmarkRandomCover times the Monte-Carlo bound (Q19, Q22): 1000 trials
// per operation, fixed seed.
func BenchmarkRandomCover(b *testing.B) {
	for _, n := range []int{20, 30, 100} {
		for _, p := range []struct {
			name string
			p    Probability
		}{{"fixed", FixedProbability}, {"adaptive", AdaptiveProbability}} {
			b.Run(fmt.Sprintf("n=%d/%s", n, p.name), func(b *testing.B) {
				b.ReportAllocs()
				var best int
				for b.Loop() {
					best, _, _, _ = RandomCover(n, 1000, p.p, rand.New(rand.NewPCG(1, 2)))
				}
				b.ReportMetric(float64(best), "queens")
			})
		}
	}
}

// BenchmarkRandomCoverParallel times the trials of Q24 shared among 1, 2
// and 4 workers: 4000 trials on the 20×20 board per operation, fixed seed.
func BenchmarkRandomCoverParallel(b *testing.B) {
	for _, w := range []int{1, 2, 4} {
		b.Run(fmt.Sprintf("workers=%d", w), func(b *testing.B) {
			b.ReportAllocs()
			var best int
			for b.Loop() {
				best, _, _, _ = RandomCoverParallel(20, 4000, w, FixedProbability, 1)
			}
			b.ReportMetric(float64(best), "queens")
		})
	}
}

func BenchmarkReservoirZero(b *testing.B) {
	row := make([]int, 100)
	for i := range row {
		row[i] = i % 3
	}
	rng := rand.New(rand.NewPCG(1, 2))
	b.ReportAllocs()
	for b.Loop() {
		ReservoirZero(row, rng)
	}
}
