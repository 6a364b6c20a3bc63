package cp

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"
)

// solutions returns every solution of m in the order of the search, each as
// the values of xs.
func solutions(t *testing.T, s *Solver, xs []*IntVar) [][]int {
	t.Helper()
	var sols [][]int
	for range s.Solutions(context.Background()) {
		if err := verify(s.m); err != nil {
			t.Fatal(err)
		}
		sol := make([]int, len(xs))
		for i, x := range xs {
			sol[i] = x.Value()
		}
		sols = append(sols, sol)
	}
	if err := s.Err(); err != nil {
		t.Fatal(err)
	}
	return sols
}

// TestValueOrders enumerates the values of one unconstrained variable: the
// order of the solutions is the value order, as defined in the docs.
func TestValueOrders(t *testing.T) {
	tests := []struct {
		order ValueOrder
		dom   []int
		want  []int
	}{
		{Increasing, []int{1, 2, 3, 4, 5, 6, 7, 8}, []int{1, 2, 3, 4, 5, 6, 7, 8}},
		{Decreasing, []int{1, 2, 3, 4, 5, 6, 7, 8}, []int{8, 7, 6, 5, 4, 3, 2, 1}},
		{MiddleOut, []int{1, 2, 3, 4, 5, 6, 7, 8}, []int{4, 3, 5, 2, 6, 1, 7, 8}},
		{MiddleOut, []int{1, 2, 3, 4, 5, 6, 7}, []int{4, 3, 5, 2, 6, 1, 7}},
		{MiddleOut, []int{-3, 0, 1, 9}, []int{1, 0, -3, 9}}, // middle 3: 1 (2 away), 0, -3 (6), 9 (6, after -3)
		{MiddleOut, []int{5}, []int{5}},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprint(tt.order, tt.dom), func(t *testing.T) {
			m := NewModel()
			x := m.IntVarValues("x", tt.dom...)
			var got []int
			for _, sol := range solutions(t, m.Solver(InputOrder, tt.order), []*IntVar{x}) {
				got = append(got, sol[0])
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("values %v; want %v", got, tt.want)
			}
		})
	}
}

// TestVarOrders enumerates a ∈ {1, 2, 3}, b ∈ {1, 2} without constraints:
// input order branches on a first, first-fail on b (smaller domain).
func TestVarOrders(t *testing.T) {
	tests := []struct {
		order VarOrder
		want  string
	}{
		{InputOrder, "[[1 1] [1 2] [2 1] [2 2] [3 1] [3 2]]"},
		{FirstFail, "[[1 1] [2 1] [3 1] [1 2] [2 2] [3 2]]"},
		{DomWDeg, "[[1 1] [2 1] [3 1] [1 2] [2 2] [3 2]]"}, // no failures: dom/wdeg = dom
	}
	for _, tt := range tests {
		t.Run(tt.order.String(), func(t *testing.T) {
			m := NewModel()
			a, b := m.IntVar("a", 1, 3), m.IntVar("b", 1, 2)
			if got := fmt.Sprint(solutions(t, m.Solver(tt.order, Increasing), []*IntVar{a, b})); got != tt.want {
				t.Errorf("solutions %s; want %s", got, tt.want)
			}
		})
	}
}

// TestStats checks the counters on a search tree worked out by hand:
// x, y, z ∈ {1, 2} all different. x = 1 fixes y = z = 2 by forward checking:
// failure; x ≠ 1 fixes x = 2, then y = z = 1: failure. Two nodes, two
// failures, no solution.
func TestStats(t *testing.T) {
	m := NewModel()
	xs := m.IntVarArray("x", 3, 1, 2)
	m.Post(AllDifferent(xs[0].Plus(0), xs[1].Plus(0), xs[2].Plus(0)))
	s := m.Solver(InputOrder, Increasing)
	if err := s.Solve(context.Background()); !errors.Is(err, ErrNoSolution) {
		t.Fatalf("Solve: %v; want ErrNoSolution", err)
	}
	if st := s.Stats(); st.Nodes != 2 || st.Failures != 2 || st.Solutions != 0 || st.Propagations == 0 {
		t.Errorf("stats %v; want 2 nodes, 2 failures, 0 solutions, some propagations", st)
	}
	if err := verify(m); err != nil {
		t.Fatal(err)
	}
	for _, x := range xs {
		if got := x.Domain(); !slices.Equal(got, []int{1, 2}) {
			t.Errorf("after the search %v; want the root domain {1, 2}", x)
		}
	}
}

// TestSolveThenSolveAgain: a second search starts from the root again, and
// the variables hold a solution between the two.
func TestSolveThenSolveAgain(t *testing.T) {
	m := NewModel()
	x, y := m.IntVar("x", 1, 3), m.IntVar("y", 1, 3)
	m.Post(NotEqualOffset(x, y, 0))
	for i, tt := range []struct {
		order ValueOrder
		x, y  int
	}{{Increasing, 1, 2}, {Decreasing, 3, 2}, {MiddleOut, 2, 1}, {Increasing, 1, 2}} {
		if err := m.Solver(InputOrder, tt.order).Solve(context.Background()); err != nil {
			t.Fatalf("search %d: %v", i, err)
		}
		if x.Value() != tt.x || y.Value() != tt.y {
			t.Errorf("search %d (%v): x, y = %d, %d; want %d, %d", i, tt.order, x.Value(), y.Value(), tt.x, tt.y)
		}
	}
	n, err := m.Solver(FirstFail, Increasing).Count(context.Background())
	if n != 6 || err != nil {
		t.Errorf("Count = %d, %v; want 6 (3 × 3 − 3 pairs), nil", n, err)
	}
}

// TestSolutionsBreak: breaking out of the loop stops the search with the
// variables at the last solution, and Err is nil.
func TestSolutionsBreak(t *testing.T) {
	m := NewModel()
	x := m.IntVar("x", 1, 10)
	s := m.Solver(InputOrder, Increasing)
	last := 0
	for k := range s.Solutions(context.Background()) {
		last = k
		if k == 3 {
			break
		}
	}
	if last != 3 || x.Value() != 3 || s.Err() != nil || s.Stats().Solutions != 3 {
		t.Errorf("after break at k = 3: k = %d, %v, Err = %v, %v", last, x, s.Err(), s.Stats())
	}
}

// TestLimits checks each way of stopping a search, and that the model can
// be searched again after.
func TestLimits(t *testing.T) {
	// 12 variables in 1..12 all different: 12! solutions, far too many to
	// count before any of the limits below.
	build := func() (*Model, []*IntVar) {
		m := NewModel()
		xs := m.IntVarArray("x", 12, 1, 12)
		vs := make([]View, len(xs))
		for i, x := range xs {
			vs[i] = x.Plus(0)
		}
		m.Post(AllDifferent(vs...))
		return m, xs
	}
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	tests := []struct {
		name  string
		setup func(s *Solver) context.Context
		want  error
	}{
		{"node limit", func(s *Solver) context.Context { s.NodeLimit = 100; return context.Background() }, ErrLimit},
		{"time limit", func(s *Solver) context.Context { s.TimeLimit = time.Millisecond; return context.Background() }, ErrLimit},
		{"cancelled before", func(s *Solver) context.Context { return cancelled }, context.Canceled},
		{"deadline during", func(s *Solver) context.Context {
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Millisecond)
			t.Cleanup(cancel)
			return ctx
		}, context.DeadlineExceeded},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, xs := build()
			s := m.Solver(InputOrder, Increasing)
			ctx := tt.setup(s)
			n, err := s.Count(ctx)
			if !errors.Is(err, tt.want) {
				t.Fatalf("Count = %d, %v; want error %v", n, err, tt.want)
			}
			if s.NodeLimit > 0 && s.Stats().Nodes > s.NodeLimit {
				t.Errorf("%d nodes; limit %d", s.Stats().Nodes, s.NodeLimit)
			}
			if err := verify(m); err != nil {
				t.Fatal(err)
			}
			if xs[0].Size() != 12 {
				t.Errorf("after the limit %v; want the root domain", xs[0])
			}
			if err := m.Solver(InputOrder, Increasing).Solve(context.Background()); err != nil {
				t.Fatalf("Solve after the limit: %v", err)
			}
			for i, x := range xs {
				if x.Value() != i+1 {
					t.Fatalf("first solution %v; want x%d = %d", x, i+1, i+1)
				}
			}
		})
	}
}

// TestModelErrors checks that building mistakes are recorded, reported by
// Err and by every search, and do not panic.
func TestModelErrors(t *testing.T) {
	tests := []struct {
		name  string
		build func(m *Model)
		want  string // in the error message
	}{
		{"empty domain", func(m *Model) { m.IntVar("x", 5, 3) }, `"x": empty domain 5..3`},
		{"no values", func(m *Model) { m.IntVarValues("x") }, `"x": empty domain`},
		{"domain too wide", func(m *Model) { m.IntVar("x", 0, MaxDomainWidth) }, "wider than"},
		{"domain overflowing", func(m *Model) { m.IntVar("x", -1<<62, 1<<62) }, "wider than"},
		{"values too spread", func(m *Model) { m.IntVarValues("x", 0, 1<<30) }, "spread"},
		{"negative count", func(m *Model) { m.IntVarArray("x", -1, 1, 3) }, "negative count -1"},
		{"negative matrix", func(m *Model) { m.IntVarMatrix("b", 2, -2, 0, 1) }, "negative size"},
		{"variable of another model", func(m *Model) {
			x, y := m.IntVar("x", 1, 3), NewModel().IntVar("y", 1, 3)
			m.Post(NotEqualOffset(x, y, 0))
		}, `variable "y" of another model`},
		{"constraint posted twice", func(m *Model) {
			c := AllDifferent(m.IntVar("x", 1, 2).Plus(0))
			m.Post(c, c)
		}, "posted twice"},
		{"nil constraint", func(m *Model) { m.Post(nil) }, "nil constraint"},
		{"nil variable", func(m *Model) { m.Post(NotEqualOffset(nil, m.IntVar("x", 1, 2), 1)) }, "nil variable"},
		{"nil view", func(m *Model) { m.Post(AllDifferent(View{})) }, "nil variable"},
		{"sum of a non-boolean", func(m *Model) { m.Post(SumEqual([]*IntVar{m.BoolVar("b"), m.IntVar("x", 0, 2)}, 1)) }, "not 0/1"},
		{"post during a search", func(m *Model) {
			x := m.IntVar("x", 1, 2)
			s := m.Solver(InputOrder, Increasing)
			for range s.Solutions(context.Background()) {
				m.Post(NotEqualOffset(x, x, 1))
			}
		}, "during a search"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := NewModel()
			tt.build(m)
			err := m.Err()
			if !errors.Is(err, ErrInvalidModel) || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("Err() = %v; want ErrInvalidModel containing %q", err, tt.want)
			}
			if got := m.Solver(FirstFail, MiddleOut).Solve(context.Background()); got != err {
				t.Errorf("Solve = %v; want %v", got, err)
			}
			if _, got := m.Solver(FirstFail, MiddleOut).Count(context.Background()); got != err {
				t.Errorf("Count = %v; want %v", got, err)
			}
			if got := m.Propagate(); got != err {
				t.Errorf("Propagate = %v; want %v", got, err)
			}
		})
	}
}

// TestUnknownOrder: an order out of range is an error, not a panic.
func TestUnknownOrder(t *testing.T) {
	m := NewModel()
	m.IntVar("x", 1, 2)
	if err := m.Solver(VarOrder(7), Increasing).Solve(context.Background()); err == nil || !strings.Contains(err.Error(), "VarOrder(7)") {
		t.Errorf("Solve with VarOrder(7) = %v; want an error naming it", err)
	}
}

// TestValuePanics: reading the value of a variable that is not fixed is a
// programming error, reported by a panic naming the variable.
func TestValuePanics(t *testing.T) {
	m := NewModel()
	x := m.IntVar("x", 1, 3)
	defer func() {
		if r := recover(); r == nil || !strings.Contains(fmt.Sprint(r), "x ∈ {1..3}") {
			t.Errorf("recover() = %v; want a panic naming x ∈ {1..3}", r)
		}
	}()
	x.Value()
}

// TestStrings checks the notation used in notebooks.
func TestStrings(t *testing.T) {
	m := NewModel()
	x, y := m.IntVarValues("x", 1, 2, 3, 5, 7, 8), m.IntVar("y", 4, 4)
	b := []*IntVar{m.BoolVar("b1"), m.BoolVar("b2")}
	tests := []struct {
		got, want string
	}{
		{x.String(), "x ∈ {1..3, 5, 7..8}"},
		{y.String(), "y = 4"},
		{NotEqualOffset(x, y, 2).String(), "x ≠ y + 2"},
		{NotEqualOffset(x, y, -2).String(), "x ≠ y - 2"},
		{NotEqualOffset(x, y, 0).String(), "x ≠ y"},
		{AllDifferent(x.Plus(0), y.Plus(1), y.Minus(1)).String(), "allDifferent(x, y + 1, y - 1)"},
		{AllDifferentBounds(x.Plus(0)).String(), "allDifferentBounds(x)"},
		{SumEqual(b, 1).String(), "b1 + b2 = 1"},
		{SumAtMost(b, 1).String(), "b1 + b2 ≤ 1"},
		{SumAtMost(nil, 0).String(), "0 ≤ 0"},
		{FirstFail.String() + ", " + MiddleOut.String(), "first-fail, middle-out"},
	}
	for _, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("got %q; want %q", tt.got, tt.want)
		}
	}
}
