package cp

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestPropagation posts constraints on hand-made domains and compares the
// domains after root propagation with those worked out by hand from the
// definition of each constraint.
func TestPropagation(t *testing.T) {
	tests := []struct {
		name  string
		build func(m *Model) []*IntVar // returns the variables to look at
		want  [][]int                  // their domains after propagation
	}{
		{"x ≠ y + 1, y fixed", func(m *Model) []*IntVar {
			x, y := m.IntVar("x", 1, 5), m.IntVar("y", 3, 3)
			m.Post(NotEqualOffset(x, y, 1))
			return []*IntVar{x, y}
		}, [][]int{{1, 2, 3, 5}, {3}}},
		{"x ≠ y - 1 and x ≠ y + 1, y fixed", func(m *Model) []*IntVar {
			x, y := m.IntVar("x", 1, 5), m.IntVar("y", 3, 3)
			m.Post(NotEqualOffset(x, y, -1), NotEqualOffset(x, y, 1))
			return []*IntVar{x}
		}, [][]int{{1, 3, 5}}},
		{"x ≠ y + 1, x fixed", func(m *Model) []*IntVar {
			x, y := m.IntVar("x", 4, 4), m.IntVar("y", 1, 5)
			m.Post(NotEqualOffset(x, y, 1))
			return []*IntVar{y}
		}, [][]int{{1, 2, 4, 5}}},
		{"x ≠ y + 1, neither fixed", func(m *Model) []*IntVar {
			x, y := m.IntVar("x", 1, 2), m.IntVar("y", 0, 1)
			m.Post(NotEqualOffset(x, y, 1))
			return []*IntVar{x, y}
		}, [][]int{{1, 2}, {0, 1}}},
		{"x ≠ y + 1 chained to a fixed value", func(m *Model) []*IntVar {
			x, y, z := m.IntVar("x", 2, 3), m.IntVar("y", 1, 1), m.IntVar("z", 1, 3)
			m.Post(NotEqualOffset(x, y, 1), NotEqualOffset(z, x, 0))
			return []*IntVar{x, z}
		}, [][]int{{3}, {1, 2}}},
		{"allDifferent, one fixed", func(m *Model) []*IntVar {
			x, y, z := m.IntVar("x", 2, 2), m.IntVar("y", 1, 3), m.IntVar("z", 1, 3)
			m.Post(AllDifferent(x.Plus(0), y.Plus(0), z.Plus(0)))
			return []*IntVar{y, z}
		}, [][]int{{1, 3}, {1, 3}}},
		{"allDifferent with offsets", func(m *Model) []*IntVar {
			// x + 0 = 2, so y + 1 ≠ 2 and z − 1 ≠ 2: y ≠ 1, z ≠ 3.
			x, y, z := m.IntVar("x", 2, 2), m.IntVar("y", 1, 3), m.IntVar("z", 1, 3)
			m.Post(AllDifferent(x.Plus(0), y.Plus(1), z.Minus(1)))
			return []*IntVar{y, z}
		}, [][]int{{2, 3}, {1, 2}}},
		{"allDifferent cascade", func(m *Model) []*IntVar {
			x, y, z := m.IntVar("x", 1, 1), m.IntVar("y", 1, 2), m.IntVar("z", 1, 3)
			m.Post(AllDifferent(x.Plus(0), y.Plus(0), z.Plus(0)))
			return []*IntVar{y, z}
		}, [][]int{{2}, {3}}},
		{"allDifferent, forward checking misses a Hall interval", func(m *Model) []*IntVar {
			x, y, z := m.IntVar("x", 1, 2), m.IntVar("y", 1, 2), m.IntVar("z", 1, 3)
			m.Post(AllDifferent(x.Plus(0), y.Plus(0), z.Plus(0)))
			return []*IntVar{z}
		}, [][]int{{1, 2, 3}}},
		{"allDifferentBounds, Hall interval {1, 2}", func(m *Model) []*IntVar {
			x, y, z := m.IntVar("x", 1, 2), m.IntVar("y", 1, 2), m.IntVar("z", 1, 3)
			m.Post(AllDifferentBounds(x.Plus(0), y.Plus(0), z.Plus(0)))
			return []*IntVar{x, z}
		}, [][]int{{1, 2}, {3}}},
		{"allDifferentBounds, Hall interval {2..4}: bounds move, holes are not made", func(m *Model) []*IntVar {
			a, b, c := m.IntVar("a", 2, 4), m.IntVar("b", 2, 4), m.IntVar("c", 2, 4)
			d, e := m.IntVar("d", 1, 5), m.IntVar("e", 2, 6)
			m.Post(AllDifferentBounds(a.Plus(0), b.Plus(0), c.Plus(0), d.Plus(0), e.Plus(0)))
			return []*IntVar{d, e}
		}, [][]int{{1, 2, 3, 4, 5}, {5, 6}}},
		{"allDifferentBounds on views", func(m *Model) []*IntVar {
			// x + 1 and y + 1 fill the Hall interval [2, 3], so
			// z − 1 ∈ [2, 4] must be ≥ 4: z = 5.
			x, y, z := m.IntVar("x", 1, 2), m.IntVar("y", 1, 2), m.IntVar("z", 3, 5)
			m.Post(AllDifferentBounds(x.Plus(1), y.Plus(1), z.Minus(1)))
			return []*IntVar{z}
		}, [][]int{{5}}},
		{"sum = 1, one fixed to 1", func(m *Model) []*IntVar {
			b := []*IntVar{m.IntVar("b1", 1, 1), m.BoolVar("b2"), m.BoolVar("b3")}
			m.Post(SumEqual(b, 1))
			return b
		}, [][]int{{1}, {0}, {0}}},
		{"sum = 2, one fixed to 0", func(m *Model) []*IntVar {
			b := []*IntVar{m.IntVar("b1", 0, 0), m.BoolVar("b2"), m.BoolVar("b3")}
			m.Post(SumEqual(b, 2))
			return b
		}, [][]int{{0}, {1}, {1}}},
		{"sum = 1, two free", func(m *Model) []*IntVar {
			b := []*IntVar{m.IntVar("b1", 0, 0), m.BoolVar("b2"), m.BoolVar("b3")}
			m.Post(SumEqual(b, 1))
			return b
		}, [][]int{{0}, {0, 1}, {0, 1}}},
		{"sum ≤ 1, one fixed to 1", func(m *Model) []*IntVar {
			b := []*IntVar{m.BoolVar("b1"), m.IntVar("b2", 1, 1), m.BoolVar("b3")}
			m.Post(SumAtMost(b, 1))
			return b
		}, [][]int{{0}, {1}, {0}}},
		{"sum ≤ 2, one fixed to 1", func(m *Model) []*IntVar {
			b := []*IntVar{m.BoolVar("b1"), m.IntVar("b2", 1, 1), m.BoolVar("b3")}
			m.Post(SumAtMost(b, 2))
			return b
		}, [][]int{{0, 1}, {1}, {0, 1}}},
		{"sums chained: rows of a 2×2 grid", func(m *Model) []*IntVar {
			// b11 = 1; rows and columns sum to 1: b12 = b21 = 0, so b22 = 1.
			b11, b12 := m.IntVar("b11", 1, 1), m.BoolVar("b12")
			b21, b22 := m.BoolVar("b21"), m.BoolVar("b22")
			m.Post(SumEqual([]*IntVar{b11, b12}, 1), SumEqual([]*IntVar{b21, b22}, 1),
				SumEqual([]*IntVar{b11, b21}, 1))
			return []*IntVar{b12, b21, b22}
		}, [][]int{{0}, {0}, {1}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := NewModel()
			xs := tt.build(m)
			if err := m.Propagate(); err != nil {
				t.Fatalf("Propagate: %v", err)
			}
			if err := verify(m); err != nil {
				t.Fatal(err)
			}
			for i, x := range xs {
				if got := x.Domain(); !slices.Equal(got, tt.want[i]) {
					t.Errorf("%s: domain %v; want %v", x.Name(), got, tt.want[i])
				}
			}
		})
	}
}

// TestPropagationFails lists models whose root propagation alone proves
// that there is no solution.
func TestPropagationFails(t *testing.T) {
	tests := []struct {
		name  string
		build func(m *Model)
	}{
		{"x ≠ y + 1 with both fixed to equal values", func(m *Model) {
			m.Post(NotEqualOffset(m.IntVar("x", 4, 4), m.IntVar("y", 3, 3), 1))
		}},
		{"allDifferent of two fixed to the same value", func(m *Model) {
			m.Post(AllDifferent(m.IntVar("x", 2, 2).Plus(0), m.IntVar("y", 2, 2).Plus(0)))
		}},
		{"allDifferent of a variable with itself", func(m *Model) {
			x := m.IntVar("x", 2, 2)
			m.Post(AllDifferent(x.Plus(0), x.Plus(0)))
		}},
		{"allDifferentBounds, 3 variables in {1, 2}", func(m *Model) {
			m.Post(AllDifferentBounds(m.IntVar("x", 1, 2).Plus(0), m.IntVar("y", 1, 2).Plus(0), m.IntVar("z", 1, 2).Plus(0)))
		}},
		{"sum = 4 of 3 booleans", func(m *Model) {
			m.Post(SumEqual([]*IntVar{m.BoolVar("a"), m.BoolVar("b"), m.BoolVar("c")}, 4))
		}},
		{"sum ≤ 1 with two ones", func(m *Model) {
			m.Post(SumAtMost([]*IntVar{m.IntVar("a", 1, 1), m.BoolVar("b"), m.IntVar("c", 1, 1)}, 1))
		}},
		{"sum = 1 of zeros", func(m *Model) {
			m.Post(SumEqual([]*IntVar{m.IntVar("a", 0, 0), m.IntVar("b", 0, 0)}, 1))
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := NewModel()
			tt.build(m)
			if err := m.Propagate(); !errors.Is(err, ErrNoSolution) {
				t.Fatalf("Propagate: %v; want ErrNoSolution", err)
			}
			if err := m.Solver(FirstFail, Increasing).Solve(context.Background()); !errors.Is(err, ErrNoSolution) {
				t.Fatalf("Solve: %v; want ErrNoSolution", err)
			}
		})
	}
}

// TestAllDifferentBoundsConsistency checks the definition of bounds
// consistency on random small instances after root propagation: the
// smallest and the largest value of each view extend to an assignment of
// the other views, each within the interval [min, max] of its domain,
// with all values distinct. The supports are found by brute force.
func TestAllDifferentBoundsConsistency(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	checked := 0
	for k := range 300 {
		m := NewModel()
		n := 2 + rng.IntN(3)
		views := make([]View, n)
		for i := range views {
			lo := rng.IntN(4)
			views[i] = m.IntVar(fmt.Sprint("x", i), lo, lo+rng.IntN(4)).Plus(rng.IntN(3) - 1)
		}
		m.Post(AllDifferentBounds(views...))
		if err := m.Propagate(); err != nil {
			continue // the solution counts of FuzzRandomModel check failures
		}
		checked++
		// hull[i] is the interval of view i's values.
		hull := make([][2]int, n)
		for i, v := range views {
			hull[i] = [2]int{v.Var.Min() + v.Offset, v.Var.Max() + v.Offset}
		}
		supported := func(i, val int) bool {
			a := make([]int, n)
			var rec func(j int) bool
			rec = func(j int) bool {
				if j == n {
					return true
				}
				if j == i {
					a[j] = val
					return !slices.Contains(a[:j], val) && rec(j+1)
				}
				for u := hull[j][0]; u <= hull[j][1]; u++ {
					if !slices.Contains(a[:j], u) {
						a[j] = u
						if rec(j + 1) {
							return true
						}
					}
				}
				return false
			}
			return rec(0)
		}
		for i := range views {
			for _, val := range hull[i] {
				if !supported(i, val) {
					t.Fatalf("case %d: %v after propagation: bound %d of view %v has no support", k, m.cons[0], val, views[i])
				}
			}
		}
	}
	if checked < 150 {
		t.Errorf("only %d of 300 random cases were consistent: the test checks too little", checked)
	}
}
