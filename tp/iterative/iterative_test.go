package iterative

import (
	"errors"
	"fmt"
	"slices"
	"testing"

	"github.com/prepa-reines/reines/tp/queens"
)

// checkInvariants fails the test if s breaks one of the invariants listed
// on [State]. It is called after every step of every replay.
func checkInvariants(t *testing.T, s *State, n int, where string) {
	t.Helper()
	if s.N != n || len(s.C) != n+1 {
		t.Fatalf("%s: N = %d, len(C) = %d; want %d and %d", where, s.N, len(s.C), n, n+1)
	}
	if s.I < 0 || s.I > n+1 {
		t.Fatalf("%s: I = %d outside [0, %d]", where, s.I, n+1)
	}
	switch {
	case s.I == 0 && s.J != 0:
		t.Fatalf("%s: I = 0 but J = %d; want 0", where, s.J)
	case s.I == n+1 && s.J != 1:
		t.Fatalf("%s: I = n+1 but J = %d; want 1", where, s.J)
	case s.I >= 1 && s.I <= n && (s.J < 1 || s.J > n):
		t.Fatalf("%s: J = %d off the board", where, s.J)
	}
	if s.C[0] != 0 {
		t.Fatalf("%s: C[0] = %d; want 0 (unused)", where, s.C[0])
	}
	prefix := make(queens.Placement, 0, n)
	for k := 1; k <= n; k++ {
		c := s.C[k]
		if k >= s.I {
			if c != 0 {
				t.Fatalf("%s: C[%d] = %d at row I = %d; want 0 beyond the current row", where, k, c, s.I)
			}
			continue
		}
		if c < 1 || c > n {
			t.Fatalf("%s: C[%d] = %d off the board", where, k, c)
		}
		if !queens.IsSafe(prefix, k-1, c-1) {
			t.Fatalf("%s: the queen (%d,%d) is attacked by the rows above, C = %v", where, k, c, s.C)
		}
		prefix = append(prefix, c-1)
	}
}

// partialSolutions counts, by brute force over all column sequences, the
// placements of queens in rows 1..k of an n×n board that attack each
// other nowhere, for k = 0..n. Independent of the package's code.
func partialSolutions(n int) []int {
	counts := make([]int, n+1)
	var walk func(p []int)
	walk = func(p []int) {
		k := len(p)
		for a := 0; a < k; a++ {
			for b := a + 1; b < k; b++ {
				if p[a] == p[b] || b-a == p[b]-p[a] || b-a == p[a]-p[b] {
					return
				}
			}
		}
		counts[k]++
		if k == n {
			return
		}
		for c := 0; c < n; c++ {
			walk(append(p, c))
		}
	}
	walk(nil)
	return counts
}

func TestSolveMatchesRecursive(t *testing.T) {
	for n := 1; n <= 10; n++ {
		t.Run(fmt.Sprintf("n=%d", n), func(t *testing.T) {
			got, err := Solve(n)
			if err != nil {
				t.Fatal(err)
			}
			want, err := queens.Solutions(n)
			if err != nil {
				t.Fatal(err)
			}
			if len(got) != len(want) {
				t.Fatalf("Solve(%d) found %d solutions; queens.Solutions found %d", n, len(got), len(want))
			}
			for i := range want {
				if !slices.Equal(got[i], want[i]) {
					t.Fatalf("Solve(%d)[%d] = %v; want %v (same order as the recursive search)", n, i, got[i], want[i])
				}
			}
		})
	}
}

func TestSolveCounts(t *testing.T) {
	// Q(n), OEIS A000170; n = 4, 6, 8 are the values the sujet asks for (Q13).
	tests := []struct{ n, want int }{
		{1, 1}, {2, 0}, {3, 0}, {4, 2}, {5, 10}, {6, 4}, {7, 40}, {8, 92}, {9, 352},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("n=%d", tt.n), func(t *testing.T) {
			sols, err := Solve(tt.n)
			if err != nil {
				t.Fatal(err)
			}
			if len(sols) != tt.want {
				t.Fatalf("Solve(%d) found %d solutions; want %d", tt.n, len(sols), tt.want)
			}
			for _, p := range sols {
				if err := queens.Validate(p); err != nil || len(p) != tt.n {
					t.Fatalf("Solve(%d) returned %v: %v", tt.n, p, err)
				}
			}
		})
	}
}

func TestSizeErrors(t *testing.T) {
	for _, n := range []int{0, -1, -100} {
		t.Run(fmt.Sprintf("n=%d", n), func(t *testing.T) {
			if s, err := New(n); !errors.Is(err, ErrSize) || s != nil {
				t.Errorf("New(%d) = %v, %v; want nil, ErrSize", n, s, err)
			}
			if sols, err := Solve(n); !errors.Is(err, ErrSize) || sols != nil {
				t.Errorf("Solve(%d) = %v, %v; want nil, ErrSize", n, sols, err)
			}
			called := false
			steps, err := Trace(n, func(*State, Event) bool { called = true; return true })
			if !errors.Is(err, ErrSize) || steps != 0 || called {
				t.Errorf("Trace(%d) = %d, %v (visit called: %v); want 0, ErrSize, no call", n, steps, err, called)
			}
		})
	}
}

func TestNew(t *testing.T) {
	s, err := New(4)
	if err != nil {
		t.Fatal(err)
	}
	if s.N != 4 || s.I != 1 || s.J != 1 || !slices.Equal(s.C, []int{0, 0, 0, 0, 0}) ||
		s.Solutions == nil || len(s.Solutions) != 0 || s.Steps != 0 {
		t.Fatalf("New(4) = %+v; want N 4, (1,1), C [0 0 0 0 0], empty non-nil Solutions, 0 steps", *s)
	}
}

func TestAttacks(t *testing.T) {
	// Current square (3, 2) on a 5×5 board; verdicts worked out by hand.
	s := &State{N: 5, I: 3, J: 2, C: make([]int, 6)}
	tests := []struct {
		l, c int
		want bool
	}{
		{1, 2, true},  // same column
		{3, 5, true},  // same row
		{2, 1, true},  // diagonal: 2-1 = 3-2
		{1, 4, true},  // anti-diagonal: 1+4 = 3+2
		{5, 4, true},  // diagonal below: 5-4 = 3-2
		{1, 1, false}, // knight-like distance
		{2, 4, false},
		{5, 1, false},
		{3, 2, false}, // the square itself
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("(%d,%d)", tt.l, tt.c), func(t *testing.T) {
			if got := Attacks(s, tt.l, tt.c); got != tt.want {
				t.Errorf("Attacks(%d, %d) from (3, 2) = %v; want %v", tt.l, tt.c, got, tt.want)
			}
		})
	}
}

// Attacks agrees with queens.Attacks, an independent implementation, on
// every pair of squares of boards up to 6×6.
func TestAttacksAgreesWithQueens(t *testing.T) {
	for n := 1; n <= 6; n++ {
		s := &State{N: n, C: make([]int, n+1)}
		for s.I = 1; s.I <= n; s.I++ {
			for s.J = 1; s.J <= n; s.J++ {
				for l := 1; l <= n; l++ {
					for c := 1; c <= n; c++ {
						want := queens.Attacks(queens.Square{Row: l - 1, Col: c - 1}, queens.Square{Row: s.I - 1, Col: s.J - 1})
						if got := Attacks(s, l, c); got != want {
							t.Fatalf("n=%d: Attacks(%d, %d) from (%d, %d) = %v; want %v", n, l, c, s.I, s.J, got, want)
						}
					}
				}
			}
		}
	}
}

func TestIsSafe(t *testing.T) {
	// 4×4 board, queens (1,2) and (2,4): in row 3 only column 1 is free
	// (column 2 is taken, 3 is on the anti-diagonal of (2,4), 4 is taken).
	tests := []struct {
		i, j int
		c    []int
		want bool
	}{
		{3, 1, []int{0, 2, 4, 0, 0}, true},
		{3, 2, []int{0, 2, 4, 0, 0}, false},
		{3, 3, []int{0, 2, 4, 0, 0}, false},
		{3, 4, []int{0, 2, 4, 0, 0}, false},
		{1, 3, []int{0, 0, 0, 0, 0}, true},  // row 1: nothing above
		{2, 2, []int{0, 1, 0, 0, 0}, false}, // diagonal of (1,1)
		{2, 3, []int{0, 1, 0, 0, 0}, true},
		{4, 3, []int{0, 2, 4, 1, 0}, true}, // completes "2 4 1 3"
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("(%d,%d)/C=%v", tt.i, tt.j, tt.c), func(t *testing.T) {
			s := &State{N: 4, I: tt.i, J: tt.j, C: tt.c}
			if got := IsSafe(s); got != tt.want {
				t.Errorf("IsSafe() at (%d,%d) with C = %v: %v; want %v", tt.i, tt.j, tt.c, got, tt.want)
			}
		})
	}
}

func TestMoves(t *testing.T) {
	// Each case: a hand-built 4×4 state, one move, the state it must reach.
	type st struct {
		i, j int
		c    []int
	}
	tests := []struct {
		name       string
		from       st
		move       func(s *State)
		want       st
		atStart    bool
		canCont    bool
		isSolution bool
	}{
		{"NextSquare", st{3, 1, []int{0, 2, 4, 0, 0}}, NextSquare,
			st{3, 2, []int{0, 2, 4, 0, 0}}, false, true, false},
		{"NextRow from (2,3)", st{2, 3, []int{0, 1, 0, 0, 0}}, NextRow,
			st{3, 1, []int{0, 1, 3, 0, 0}}, false, true, false},
		{"NextRow in the last row", st{4, 3, []int{0, 2, 4, 1, 0}}, NextRow,
			st{5, 1, []int{0, 2, 4, 1, 3}}, false, false, true},
		{"Backtrack from a dead end", st{3, 4, []int{0, 1, 3, 0, 0}}, func(s *State) { Backtrack(s, 4) },
			st{2, 4, []int{0, 1, 0, 0, 0}}, false, true, false},
		{"Backtrack over an exhausted row", st{3, 4, []int{0, 1, 4, 0, 0}}, func(s *State) { Backtrack(s, 4) },
			st{1, 2, []int{0, 0, 0, 0, 0}}, false, true, false},
		{"Backtrack over two exhausted rows", st{4, 4, []int{0, 2, 4, 4, 0}}, func(s *State) { Backtrack(s, 4) },
			st{1, 3, []int{0, 0, 0, 0, 0}}, false, true, false},
		{"Backtrack after a solution", st{5, 1, []int{0, 2, 4, 1, 3}}, func(s *State) { Backtrack(s, 4) },
			st{4, 4, []int{0, 2, 4, 1, 0}}, false, true, false},
		{"Backtrack out of row 1", st{2, 4, []int{0, 4, 0, 0, 0}}, func(s *State) { Backtrack(s, 4) },
			st{0, 0, []int{0, 0, 0, 0, 0}}, true, false, false},
		{"Backtrack from row 1", st{1, 4, []int{0, 0, 0, 0, 0}}, func(s *State) { Backtrack(s, 4) },
			st{0, 0, []int{0, 0, 0, 0, 0}}, true, false, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := &State{N: 4, I: tt.from.i, J: tt.from.j, C: slices.Clone(tt.from.c)}
			tt.move(s)
			if s.I != tt.want.i || s.J != tt.want.j || !slices.Equal(s.C, tt.want.c) {
				t.Fatalf("from (%d,%d) C=%v: got (%d,%d) C=%v; want (%d,%d) C=%v",
					tt.from.i, tt.from.j, tt.from.c, s.I, s.J, s.C, tt.want.i, tt.want.j, tt.want.c)
			}
			if got := AtStart(s); got != tt.atStart {
				t.Errorf("AtStart() = %v; want %v", got, tt.atStart)
			}
			if got := CanContinue(s, 4); got != tt.canCont {
				t.Errorf("CanContinue(4) = %v; want %v", got, tt.canCont)
			}
			if got := IsSolution(s, 4); got != tt.isSolution {
				t.Errorf("IsSolution(4) = %v; want %v", got, tt.isSolution)
			}
			checkInvariants(t, s, 4, tt.name)
		})
	}
}

func TestBacktrackN1(t *testing.T) {
	// On a 1×1 board the only queen is in the last column: after the
	// solution, backtracking ends the search.
	s := &State{N: 1, I: 2, J: 1, C: []int{0, 1}}
	Backtrack(s, 1)
	if !AtStart(s) || s.J != 0 || s.C[1] != 0 {
		t.Fatalf("got (%d,%d) C=%v; want (0,0) C=[0 0]", s.I, s.J, s.C)
	}
}

func TestHasAlternative(t *testing.T) {
	tests := []struct {
		j, n int
		want bool
	}{{1, 4, true}, {3, 4, true}, {4, 4, false}, {1, 1, false}, {1, 2, true}}
	for _, tt := range tests {
		s := &State{N: tt.n, I: 1, J: tt.j, C: make([]int, tt.n+1)}
		if got := HasAlternative(s, tt.n); got != tt.want {
			t.Errorf("HasAlternative(%d) at column %d = %v; want %v", tt.n, tt.j, got, tt.want)
		}
	}
}

func TestAddSolution(t *testing.T) {
	s := &State{N: 4, I: 5, J: 1, C: []int{0, 2, 4, 1, 3}, Solutions: []queens.Placement{}}
	AddSolution(s, 4)
	if len(s.Solutions) != 1 || !slices.Equal(s.Solutions[0], queens.Placement{1, 3, 0, 2}) {
		t.Fatalf("after AddSolution(4): Solutions = %v; want [[1 3 0 2]] (\"2 4 1 3\", 0-based)", s.Solutions)
	}
	// The recorded placement must not alias C.
	s.C[1] = 3
	if s.Solutions[0][0] != 1 {
		t.Fatalf("Solutions[0] changed with C: %v", s.Solutions[0])
	}
}

func TestPanics(t *testing.T) {
	tests := []struct {
		name string
		f    func()
	}{
		{"AddSolution before the last row", func() {
			s := &State{N: 4, I: 3, J: 1, C: []int{0, 2, 4, 0, 0}}
			AddSolution(s, 4)
		}},
		{"Backtrack at the start", func() {
			s := &State{N: 4, C: make([]int, 5)}
			Backtrack(s, 4)
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			defer func() {
				if recover() == nil {
					t.Errorf("%s did not panic", tt.name)
				}
			}()
			tt.f()
		})
	}
}

func TestTraceSteps(t *testing.T) {
	for n := 1; n <= 8; n++ {
		t.Run(fmt.Sprintf("n=%d", n), func(t *testing.T) {
			// Each partial solution of k < n rows has its n squares of row
			// k+1 tried once.
			partial := partialSolutions(n)
			want := 0
			for k := 0; k < n; k++ {
				want += n * partial[k]
			}
			var tries, solutions int
			var last *State
			steps, err := Trace(n, func(s *State, e Event) bool {
				checkInvariants(t, s, n, fmt.Sprintf("after %v", e))
				switch e.Kind {
				case EventTry:
					tries++
					if e.Row != s.I || e.Col != s.J || !CanContinue(s, n) {
						t.Fatalf("%v: state at (%d,%d)", e, s.I, s.J)
					}
				case EventSolution:
					solutions++
					if len(s.Solutions) != solutions {
						t.Fatalf("solution event %d with %d solutions recorded", solutions, len(s.Solutions))
					}
				}
				last = s
				return true
			})
			if err != nil {
				t.Fatal(err)
			}
			if steps != want || tries != want {
				t.Errorf("Trace(%d) tried %d squares (%d try events); want %d", n, steps, tries, want)
			}
			if solutions != partial[n] || !AtStart(last) {
				t.Errorf("Trace(%d): %d solution events, ended at (%d,%d); want %d and (0,0)", n, solutions, last.I, last.J, partial[n])
			}
		})
	}
}

func TestTraceStepsByHand(t *testing.T) {
	// n × (number of partial solutions with fewer than n rows), counted by
	// hand: n=2: 2×(1+2); n=3: 3×(1+3+2); n=4: 4×(1+4+6+4).
	for _, tt := range []struct{ n, want int }{{1, 1}, {2, 6}, {3, 18}, {4, 60}} {
		steps, err := Trace(tt.n, func(*State, Event) bool { return true })
		if err != nil || steps != tt.want {
			t.Errorf("Trace(%d) = %d, %v; want %d", tt.n, steps, err, tt.want)
		}
	}
}

func TestTraceEvents(t *testing.T) {
	// The first events on a 4×4 board, followed by hand on the board.
	want := []Event{
		{EventTry, 1, 1}, {EventPlace, 1, 1},
		{EventTry, 2, 1}, {EventTry, 2, 2}, {EventTry, 2, 3}, {EventPlace, 2, 3},
		{EventTry, 3, 1}, {EventTry, 3, 2}, {EventTry, 3, 3}, {EventTry, 3, 4},
		{EventBacktrack, 2, 4}, {EventTry, 2, 4}, {EventPlace, 2, 4},
		{EventTry, 3, 1}, {EventTry, 3, 2}, {EventPlace, 3, 2},
		{EventTry, 4, 1}, {EventTry, 4, 2}, {EventTry, 4, 3}, {EventTry, 4, 4},
		{EventBacktrack, 3, 3}, {EventTry, 3, 3}, {EventTry, 3, 4},
		{EventBacktrack, 1, 2}, // row 2 is exhausted (its queen was in column 4)
		{EventTry, 1, 2}, {EventPlace, 1, 2},
	}
	var got []Event
	if _, err := Trace(4, func(s *State, e Event) bool {
		got = append(got, e)
		return len(got) < len(want)
	}); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(got, want) {
		t.Fatalf("events of Trace(4):\n got %v\nwant %v", got, want)
	}
}

func TestTraceFirstSolution(t *testing.T) {
	// Stop at the first solution of n = 8: "1 5 8 6 3 7 2 4".
	var snap *State
	steps, err := Trace(8, func(s *State, e Event) bool {
		if e.Kind == EventSolution {
			snap = s.Clone()
			return false
		}
		return true
	})
	if err != nil {
		t.Fatal(err)
	}
	if snap == nil || len(snap.Solutions) != 1 || snap.Solutions[0].String() != "1 5 8 6 3 7 2 4" {
		t.Fatalf("first solution: %v", snap)
	}
	if steps != snap.Steps || steps <= 0 {
		t.Fatalf("Trace returned %d steps, snapshot has %d", steps, snap.Steps)
	}
}

func TestTraceAgreesWithSolve(t *testing.T) {
	for n := 1; n <= 8; n++ {
		var final *State
		if _, err := Trace(n, func(s *State, e Event) bool { final = s; return true }); err != nil {
			t.Fatal(err)
		}
		want, _ := Solve(n)
		if !slices.EqualFunc(final.Solutions, want, slices.Equal) {
			t.Errorf("n=%d: Trace found %v; Solve found %v", n, final.Solutions, want)
		}
	}
}

func TestClone(t *testing.T) {
	s := &State{N: 4, I: 3, J: 2, C: []int{0, 2, 4, 0, 0}, Solutions: []queens.Placement{{1, 3, 0, 2}}, Steps: 7}
	c := s.Clone()
	s.C[1] = 1
	s.Solutions = append(s.Solutions[:0], queens.Placement{2, 0, 3, 1})
	s.I, s.Steps = 1, 9
	if c.I != 3 || c.J != 2 || c.Steps != 7 || !slices.Equal(c.C, []int{0, 2, 4, 0, 0}) ||
		len(c.Solutions) != 1 || c.Solutions[0].String() != "2 4 1 3" {
		t.Fatalf("clone changed with the original: %+v", *c)
	}
}

func TestEventKindString(t *testing.T) {
	for k, want := range map[EventKind]string{
		EventTry: "try", EventPlace: "place", EventSolution: "solution", EventBacktrack: "backtrack", 0: "unknown",
	} {
		if got := k.String(); got != want {
			t.Errorf("EventKind(%d).String() = %q; want %q", int(k), got, want)
		}
	}
}

func BenchmarkSolve(b *testing.B) {
	for _, n := range []int{6, 8, 10} {
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := Solve(n); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func TestTraceStopsWhenAsked(t *testing.T) {
	// Stopping after the k-th event, for every k, gives exactly k events,
	// and the step count of the state seen last.
	var total int
	if _, err := Trace(4, func(*State, Event) bool { total++; return true }); err != nil {
		t.Fatal(err)
	}
	for k := 1; k <= total; k++ {
		seen := 0
		var last *State
		steps, err := Trace(4, func(s *State, e Event) bool {
			seen++
			last = s
			return seen < k
		})
		if err != nil || seen != k || steps != last.Steps {
			t.Fatalf("stop after event %d: %d events seen, %d steps returned, state has %d, err %v", k, seen, steps, last.Steps, err)
		}
	}
}
