package domination

import (
	"errors"
	"testing"

	"github.com/prepa-reines/reines/tp/queens"
)

func TestLowerBound(t *testing.T) {
	// ⌈n²/(4n−3)⌉ worked by hand.
	tests := []struct{ n, want int }{
		{1, 1}, {2, 1}, {3, 1}, {4, 2}, {5, 2}, {8, 3}, {11, 3}, {12, 4}, {20, 6}, {100, 26},
	}
	for _, tt := range tests {
		got, err := LowerBound(tt.n)
		if err != nil || got != tt.want {
			t.Errorf("LowerBound(%d) = %d, %v; want %d", tt.n, got, err, tt.want)
		}
	}
	for n, ref := range loadReference(t) {
		if lb, _ := LowerBound(n); lb > ref.domination {
			t.Errorf("LowerBound(%d) = %d > γ(Q_%d) = %d", n, lb, n, ref.domination)
		}
	}
	for _, n := range []int{0, -1} {
		if _, err := LowerBound(n); !errors.Is(err, ErrBoardSize) {
			t.Errorf("LowerBound(%d) error = %v; want ErrBoardSize", n, err)
		}
	}
}

func TestIndependentDominatingSet(t *testing.T) {
	for n := 1; n <= 130; n++ {
		qs, err := IndependentDominatingSet(n)
		if err != nil {
			t.Fatalf("n=%d: %v", n, err)
		}
		if len(qs) > n {
			t.Fatalf("n=%d: %d queens; want at most n", n, len(qs))
		}
		checkPlacement(t, n, qs, true)
	}
	if _, err := IndependentDominatingSet(0); !errors.Is(err, ErrBoardSize) {
		t.Errorf("IndependentDominatingSet(0) error = %v; want ErrBoardSize", err)
	}
}

func TestNewCoverage(t *testing.T) {
	c, err := NewCoverage(3, true)
	if err != nil {
		t.Fatal(err)
	}
	if c.Uncovered != 9 || Complete(c) || len(c.Queens()) != 0 {
		t.Errorf("empty 3×3 coverage: Uncovered %d, Complete %v, queens %v; want 9, false, none", c.Uncovered, Complete(c), c.Queens())
	}
	checkCoverage(t, c)
	for _, n := range []int{0, -3} {
		if _, err := NewCoverage(n, true); !errors.Is(err, ErrBoardSize) {
			t.Errorf("NewCoverage(%d) error = %v; want ErrBoardSize", n, err)
		}
	}
}

// TestUpdateSujet replays the test of the sujet's correction (test_couverture).
func TestUpdateSujet(t *testing.T) {
	c, _ := NewCoverage(4, true)
	if err := Update(c, queens.Square{Row: 1, Col: 1}, 1); err != nil {
		t.Fatal(err)
	}
	checkCoverage(t, c)
	if c.Uncovered != 4 {
		t.Errorf("z after adding (1,1) on 4×4 = %d; want 4", c.Uncovered)
	}
	for _, s := range []queens.Square{{Row: 1, Col: 1}, {Row: 1, Col: 3}, {Row: 3, Col: 1}, {Row: 2, Col: 2}} {
		if c.Count[s.Row][s.Col] != 1 {
			t.Errorf("Count%v = %d; want 1", s, c.Count[s.Row][s.Col])
		}
	}
	if err := Update(c, queens.Square{Row: 1, Col: 1}, -1); err != nil {
		t.Fatal(err)
	}
	checkCoverage(t, c)
	if c.Uncovered != 16 || c.Count[0][0] != 0 || c.Count[3][3] != 0 {
		t.Errorf("after removal: z = %d; want 16, empty counts", c.Uncovered)
	}
}

func TestUpdate(t *testing.T) {
	type op struct {
		row, col, delta int
		err             error
	}
	tests := []struct {
		name        string
		n           int
		independent bool
		ops         []op
		complete    bool
	}{
		{"i(Q_4)=3 placement", 4, true, []op{{0, 0, 1, nil}, {1, 2, 1, nil}, {3, 1, 1, nil}}, true},
		{"dominating 4×4 with 3 queens", 4, true, []op{{1, 1, 1, nil}, {2, 3, 1, nil}, {3, 0, 1, nil}}, true},
		{"γ(Q_4)=2, centre pair", 4, false, []op{{1, 1, 1, nil}, {1, 2, 1, nil}}, true},
		{"two queens leaving (1,3) uncovered", 4, false, []op{{0, 1, 1, nil}, {3, 2, 1, nil}}, false},
		{"corner for n=2", 2, true, []op{{0, 0, 1, nil}}, true},
		{"centre for n=3", 3, true, []op{{1, 1, 1, nil}}, true},
		{"attacked square", 5, true, []op{{2, 2, 1, nil}, {4, 4, 1, ErrAttacked}, {0, 2, 1, ErrAttacked}, {3, 0, 1, nil}}, false},
		{"attacking allowed in the variant", 5, false, []op{{2, 2, 1, nil}, {4, 4, 1, nil}, {4, 4, 1, ErrOccupied}}, false},
		{"occupied under the sujet's rule", 5, true, []op{{2, 2, 1, nil}, {2, 2, 1, ErrOccupied}}, false},
		{"remove missing queen", 5, true, []op{{2, 2, 1, nil}, {2, 3, -1, ErrNoQueen}, {2, 2, -1, nil}, {2, 2, -1, ErrNoQueen}}, false},
		{"off the board", 3, true, []op{{3, 0, 1, ErrOffBoard}, {0, -1, 1, ErrOffBoard}, {-1, 0, -1, ErrOffBoard}}, false},
		{"bad delta", 3, true, []op{{0, 0, 0, ErrDelta}, {0, 0, 2, ErrDelta}, {0, 0, -2, ErrDelta}}, false},
		{"add remove add", 6, false, []op{{0, 0, 1, nil}, {5, 5, 1, nil}, {0, 0, -1, nil}, {0, 0, 1, nil}, {5, 5, -1, nil}}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, _ := NewCoverage(tt.n, tt.independent)
			for i, o := range tt.ops {
				before := snapshot(c)
				err := Update(c, queens.Square{Row: o.row, Col: o.col}, o.delta)
				if !errors.Is(err, o.err) || (o.err == nil) != (err == nil) {
					t.Fatalf("%d.th Update(%d, %d, %+d) error = %v; want %v", i, o.row, o.col, o.delta, err, o.err)
				}
				if err != nil && snapshot(c) != before {
					t.Fatalf("%d.th Update(%d, %d, %+d) failed but changed the coverage", i, o.row, o.col, o.delta)
				}
				checkCoverage(t, c)
			}
			if Complete(c) != tt.complete {
				t.Errorf("Complete = %v; want %v (queens %v)", Complete(c), tt.complete, c.Queens())
			}
		})
	}
}

// snapshot renders every field of c, to compare states.
func snapshot(c *Coverage) string {
	b := []byte{byte(c.Uncovered)}
	for r := range c.N {
		for col := range c.N {
			b = append(b, byte(c.Count[r][col]))
			if c.Queen[r][col] {
				b = append(b, 'Q')
			}
		}
	}
	return string(b)
}

// FuzzUpdate applies arbitrary sequences of updates, each byte triple giving
// a square and a delta, and checks the invariant after each one.
func FuzzUpdate(f *testing.F) {
	f.Add(uint8(5), true, []byte{2, 2, 1, 4, 4, 1, 2, 2, 0})
	f.Add(uint8(4), false, []byte{1, 1, 1, 1, 2, 1, 1, 1, 0, 9, 9, 1})
	f.Fuzz(func(t *testing.T, n uint8, independent bool, ops []byte) {
		size := int(n%9) + 1
		c, err := NewCoverage(size, independent)
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; i+2 < len(ops); i += 3 {
			sq := queens.Square{Row: int(ops[i]) - 1, Col: int(ops[i+1]) - 1}
			delta := int(ops[i+2]%4) - 1 // -1, 0, 1, 2
			before := snapshot(c)
			if err := Update(c, sq, delta); err != nil && snapshot(c) != before {
				t.Fatalf("Update(%v, %d) failed with %v but changed the coverage", sq, delta, err)
			}
			checkCoverage(t, c)
			if independent {
				checkPlacementIndependent(t, c.Queens())
			}
		}
	})
}

// checkPlacementIndependent fails if two queens attack each other.
func checkPlacementIndependent(t *testing.T, qs []queens.Square) {
	t.Helper()
	for i := range qs {
		for j := range i {
			if queens.Attacks(qs[i], qs[j]) {
				t.Fatalf("queens %v and %v attack each other", qs[i], qs[j])
			}
		}
	}
}
