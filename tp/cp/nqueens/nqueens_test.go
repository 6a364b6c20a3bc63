package nqueens

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/prepa-reines/reines/tp/cp"
	"github.com/prepa-reines/reines/tp/queens"
)

// a000170 holds Q(n), the number of solutions of the n-queens problem, for
// n = 0..12 (OEIS A000170, as in the project's reference values).
var a000170 = []int64{1, 1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200}

// maxN is the largest n whose count the tests check: 10, or 8 with -short.
func maxN() int {
	if testing.Short() {
		return 8
	}
	return 10
}

// models gives the three models of the TD, each read back as a placement.
var models = []struct {
	name  string
	build func(n int) (*cp.Model, func() queens.Placement)
}{
	{"model 1 pairwise", func(n int) (*cp.Model, func() queens.Placement) {
		m, x := Model1Pairwise(n)
		return m, func() queens.Placement { return Placement(x) }
	}},
	{"model 1 allDifferent", func(n int) (*cp.Model, func() queens.Placement) {
		m, x := Model1AllDifferent(n)
		return m, func() queens.Placement { return Placement(x) }
	}},
	{"model 2", func(n int) (*cp.Model, func() queens.Placement) {
		m, b := Model2(n)
		return m, func() queens.Placement { return GridPlacement(b) }
	}},
}

// orders are the heuristics each model is counted with.
var orders = []struct {
	vars cp.VarOrder
	vals cp.ValueOrder
}{
	{cp.InputOrder, cp.Increasing},
	{cp.FirstFail, cp.MiddleOut},
	{cp.DomWDeg, cp.Decreasing},
}

// TestCounts counts the solutions of each model with each heuristic and
// compares them with A000170; every solution must pass queens.Validate and
// appear once.
func TestCounts(t *testing.T) {
	for _, md := range models {
		for _, o := range orders {
			for n := 0; n <= maxN(); n++ {
				t.Run(fmt.Sprintf("%s/%v,%v/n=%d", md.name, o.vars, o.vals, n), func(t *testing.T) {
					m, read := md.build(n)
					s := m.Solver(o.vars, o.vals)
					seen := map[string]bool{}
					for range s.Solutions(context.Background()) {
						p := read()
						if err := queens.Validate(p); err != nil || len(p) != n {
							t.Fatalf("solution %v: %v", p, err)
						}
						if seen[p.String()] {
							t.Fatalf("solution %v found twice", p)
						}
						seen[p.String()] = true
					}
					if s.Err() != nil || int64(len(seen)) != a000170[n] {
						t.Errorf("%d solutions, %v; want %d (A000170)", len(seen), s.Err(), a000170[n])
					}
				})
			}
		}
	}
}

// TestLexicographicOrder: with input order and increasing values, model 1
// enumerates the solutions in the order of the plain backtracking search
// of queens.Solutions.
func TestLexicographicOrder(t *testing.T) {
	for _, md := range models[:2] {
		for n := 1; n <= 8; n++ {
			t.Run(fmt.Sprintf("%s/n=%d", md.name, n), func(t *testing.T) {
				want, err := queens.Solutions(n)
				if err != nil {
					t.Fatal(err)
				}
				m, read := md.build(n)
				var got []queens.Placement
				for range m.Solver(cp.InputOrder, cp.Increasing).Solutions(context.Background()) {
					got = append(got, read())
				}
				if !slices.EqualFunc(got, want, slices.Equal) {
					t.Errorf("solutions %v; want %v", got, want)
				}
			})
		}
	}
}

// TestUnsatisfiable: no model has a solution for n = 2 or 3.
func TestUnsatisfiable(t *testing.T) {
	for _, md := range models {
		for _, n := range []int{2, 3} {
			t.Run(fmt.Sprintf("%s/n=%d", md.name, n), func(t *testing.T) {
				m, _ := md.build(n)
				if err := m.Solver(cp.FirstFail, cp.Increasing).Solve(context.Background()); !errors.Is(err, cp.ErrNoSolution) {
					t.Errorf("Solve = %v; want ErrNoSolution", err)
				}
			})
		}
	}
}

// TestSmallN: n < 0 is an error of the model; n = 0 is the empty board, one
// solution; n = 1 one queen.
func TestSmallN(t *testing.T) {
	for _, md := range models {
		t.Run(md.name, func(t *testing.T) {
			m, _ := md.build(-1)
			if err := m.Solver(cp.FirstFail, cp.Increasing).Solve(context.Background()); !errors.Is(err, cp.ErrInvalidModel) {
				t.Errorf("n = -1: Solve = %v; want ErrInvalidModel", err)
			}
			for n, want := range []string{"", "1"} {
				m, read := md.build(n)
				if err := m.Solver(cp.FirstFail, cp.Increasing).Solve(context.Background()); err != nil {
					t.Fatalf("n = %d: Solve = %v", n, err)
				}
				if got := read().String(); got != want {
					t.Errorf("n = %d: placement %q; want %q", n, got, want)
				}
			}
		})
	}
}

// TestModelSize checks the number of variables and constraints against the
// formulas of the sujet's models.
func TestModelSize(t *testing.T) {
	for n := 1; n <= 9; n++ {
		m1, _ := Model1Pairwise(n)
		m2, _ := Model1AllDifferent(n)
		m3, _ := Model2(n)
		diagonals := 2 * max(2*n-3, 0) // diagonals of 2 squares or more, both directions
		got := [][2]int{{m1.NumVars(), m1.NumConstraints()}, {m2.NumVars(), m2.NumConstraints()}, {m3.NumVars(), m3.NumConstraints()}}
		want := [][2]int{{n, 3 * n * (n - 1) / 2}, {n, 3}, {n * n, 2*n + diagonals}}
		if !slices.Equal(got, want) {
			t.Errorf("n = %d: (variables, constraints) %v; want %v", n, got, want)
		}
	}
}

// board is one line of testdata/nqueens-boards.txt.
type board struct {
	p       queens.Placement
	valid   bool
	comment string
}

func readBoards(t *testing.T) []board {
	t.Helper()
	f, err := os.Open("testdata/nqueens-boards.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var bs []board
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) == 0 || strings.HasPrefix(fields[0], "#") {
			continue
		}
		n, err := strconv.Atoi(fields[0])
		if err != nil || len(fields) < n+2 {
			t.Fatalf("bad line %q", sc.Text())
		}
		b := board{p: make(queens.Placement, n), valid: fields[n+1] == "VALID", comment: strings.Join(fields[n+2:], " ")}
		for i := range n {
			if b.p[i], err = strconv.Atoi(fields[i+1]); err != nil {
				t.Fatalf("bad line %q", sc.Text())
			}
		}
		bs = append(bs, b)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return bs
}

// TestBoards checks the boards of testdata/nqueens-boards.txt: a VALID
// board is a solution of every model, an INVALID one of none; the board
// marked "first solution in lexicographic order" is model 1's first
// solution with input order and increasing values, and "its mirror" the
// first with decreasing values.
func TestBoards(t *testing.T) {
	for _, b := range readBoards(t) {
		t.Run(b.p.String(), func(t *testing.T) {
			for _, md := range models {
				m, read := md.build(len(b.p))
				found := false
				for range m.Solver(cp.FirstFail, cp.Increasing).Solutions(context.Background()) {
					found = found || slices.Equal(read(), b.p)
				}
				if found != b.valid {
					t.Errorf("%s: board among the solutions: %v; the file says valid: %v", md.name, found, b.valid)
				}
			}
			for _, tt := range []struct {
				mark string
				vals cp.ValueOrder
			}{{"first solution in lexicographic order", cp.Increasing}, {"its mirror", cp.Decreasing}} {
				if !strings.Contains(b.comment, tt.mark) {
					continue
				}
				p, _, err := FirstSolution(len(b.p), cp.InputOrder, tt.vals)
				if err != nil || !slices.Equal(p, b.p) {
					t.Errorf("FirstSolution(%d, input order, %v) = %v, %v; want %v (%s)", len(b.p), tt.vals, p, err, b.p, tt.mark)
				}
			}
		})
	}
}

// TestNoDiagonals: model 1 without its diagonal constraints only keeps the
// queens in distinct columns, 8! = 40320 placements for n = 8 instead of
// 92 (the trap noted in testdata/nqueens-boards.txt).
func TestNoDiagonals(t *testing.T) {
	model := cp.NewModel()
	x := model.IntVarArray("Q", 8, 1, 8)
	cols := make([]cp.View, len(x))
	for i := range x {
		cols[i] = x[i].Plus(0)
	}
	model.Post(cp.AllDifferent(cols...))
	if n, err := model.Solver(cp.FirstFail, cp.Increasing).Count(context.Background()); n != 40320 || err != nil {
		t.Errorf("Count = %d, %v; want 8! = 40320", n, err)
	}
}

// TestFirstSolution solves model 1 with every heuristic for n up to 30
// (input order only up to 16: it needs 15 million nodes for n = 30) and
// with first-fail and middle-out for larger boards: each placement must
// pass queens.Validate.
func TestFirstSolution(t *testing.T) {
	for n := 4; n <= 30; n++ {
		for vars := cp.InputOrder; vars <= cp.DomWDeg; vars++ {
			for vals := cp.Increasing; vals <= cp.MiddleOut; vals++ {
				if vars == cp.InputOrder && n > 16 {
					continue
				}
				p, _, err := FirstSolution(n, vars, vals)
				if err != nil || len(p) != n || queens.Validate(p) != nil {
					t.Errorf("FirstSolution(%d, %v, %v) = %v, %v; invalid: %v", n, vars, vals, p, err, queens.Validate(p))
				}
			}
		}
	}
	for _, n := range []int{100, 500} {
		p, _, err := FirstSolution(n, cp.FirstFail, cp.MiddleOut)
		if err != nil || len(p) != n || queens.Validate(p) != nil {
			t.Errorf("FirstSolution(%d, first-fail, middle-out): %v; invalid: %v", n, err, queens.Validate(p))
		}
	}
}

// countBitboard is the plain recursive bitboard counter of notebook 02's
// kind, the yardstick of BenchmarkCountModel1: one bit per column, the
// diagonals shifted by one each row. n ≤ 32.
func countBitboard(n int) int64 {
	all := uint64(1)<<n - 1
	var count func(cols, diag1, diag2 uint64) int64
	count = func(cols, diag1, diag2 uint64) int64 {
		if cols == all {
			return 1
		}
		var total int64
		for free := all &^ (cols | diag1 | diag2); free != 0; free &= free - 1 {
			bit := free & -free
			total += count(cols|bit, (diag1|bit)<<1, (diag2|bit)>>1)
		}
		return total
	}
	return count(0, 0, 0)
}

// TestCountBitboard checks the yardstick against A000170.
func TestCountBitboard(t *testing.T) {
	for n, want := range a000170 {
		if got := countBitboard(n); got != want {
			t.Errorf("countBitboard(%d) = %d; want %d", n, got, want)
		}
	}
}

// BenchmarkFirstSolution: model 1 (all-different) with first-fail and
// middle-out. Goals: n = 1000 under 0.1 s, n = 10,000 under 10 s (run
// with REINES_BENCH_BIG=1).
func BenchmarkFirstSolution(b *testing.B) {
	sizes := []int{1000}
	if os.Getenv("REINES_BENCH_BIG") == "1" {
		sizes = append(sizes, 10000)
	}
	for _, n := range sizes {
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			var st cp.Stats
			for b.Loop() {
				var err error
				if _, st, err = FirstSolution(n, cp.FirstFail, cp.MiddleOut); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(st.Nodes), "nodes")
		})
	}
}

// benchCount counts the solutions of a model built by build.
func benchCount(b *testing.B, n int, vars cp.VarOrder, vals cp.ValueOrder, build func(n int) *cp.Model) {
	b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
		b.ReportAllocs()
		var st cp.Stats
		for b.Loop() {
			s := build(n).Solver(vars, vals)
			if got, err := s.Count(context.Background()); got != a000170[n] || err != nil {
				b.Fatalf("Count = %d, %v; want %d", got, err, a000170[n])
			}
			st = s.Stats()
		}
		b.ReportMetric(float64(st.Nodes), "nodes")
	})
}

// BenchmarkCountModel1 counts with model 1 (all-different), first-fail and
// increasing values. Goal: within 10 times BenchmarkCountBitboard.
func BenchmarkCountModel1(b *testing.B) {
	benchCount(b, 12, cp.FirstFail, cp.Increasing, func(n int) *cp.Model { m, _ := Model1AllDifferent(n); return m })
}

// BenchmarkCountModel1Pairwise counts with model 1 as the Java code posts
// it (pairwise ≠), first-fail and increasing values.
func BenchmarkCountModel1Pairwise(b *testing.B) {
	benchCount(b, 12, cp.FirstFail, cp.Increasing, func(n int) *cp.Model { m, _ := Model1Pairwise(n); return m })
}

// BenchmarkCountModel2 counts with model 2, first-fail and decreasing
// values (a queen first, as the sujet's DecreasingDomain).
func BenchmarkCountModel2(b *testing.B) {
	benchCount(b, 10, cp.FirstFail, cp.Decreasing, func(n int) *cp.Model { m, _ := Model2(n); return m })
}

// BenchmarkCountBitboard is the yardstick for BenchmarkCountModel1.
func BenchmarkCountBitboard(b *testing.B) {
	b.Run("n=12", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if got := countBitboard(12); got != a000170[12] {
				b.Fatalf("countBitboard(12) = %d", got)
			}
		}
	})
}
