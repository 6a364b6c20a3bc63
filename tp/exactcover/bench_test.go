package exactcover

import (
	"math/rand/v2"
	"testing"
)

// BenchmarkSolvers runs the three solvers on the same random 0/1 matrix
// (fixed seed; 80 rows, 24 columns, all primary), then Solve and Dance on
// the 8-queens matrix with secondary diagonals (block C of
// testdata/dlx-secondary-columns.txt).
func BenchmarkSolvers(b *testing.B) {
	m := randomMatrix(rand.New(rand.NewPCG(1, 2)), 80, 24, 0, 0.12)
	p, err := FromMatrix(m, 0)
	if err != nil {
		b.Fatal(err)
	}
	c := readBlocks(b, "testdata/dlx-secondary-columns.txt")[2]
	queens8, err := FromMatrix(c.rows, c.secondary)
	if err != nil {
		b.Fatal(err)
	}
	b.Run("random/AlgorithmX", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			AlgorithmX(m)
		}
	})
	for _, tt := range []struct {
		name string
		p    *Problem
	}{{"random", p}, {"8queens", queens8}} {
		b.Run(tt.name+"/Dance", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				tt.p.Dance(func([]int) bool { return true })
			}
		})
		b.Run(tt.name+"/Solve", func(b *testing.B) {
			b.ReportAllocs()
			var st Stats
			for b.Loop() {
				st, _ = tt.p.Solve(b.Context(), func([]int) bool { return true })
			}
			b.ReportMetric(float64(st.Updates), "updates/op")
			b.ReportMetric(float64(st.Solutions), "solutions")
		})
	}
}
