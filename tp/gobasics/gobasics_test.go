package gobasics

import (
	"context"
	"errors"
	"slices"
	"sync/atomic"
	"testing"
	"time"

	"github.com/prepa-reines/reines/tp/queens"
)

func TestGrid(t *testing.T) {
	for _, tc := range []struct{ rows, cols int }{{0, 0}, {0, 3}, {3, 0}, {1, 1}, {3, 4}, {8, 8}} {
		g := Grid(tc.rows, tc.cols)
		if len(g) != tc.rows {
			t.Fatalf("Grid(%d, %d): %d rows", tc.rows, tc.cols, len(g))
		}
		for i := range g {
			if len(g[i]) != tc.cols || slices.Contains(g[i], true) {
				t.Fatalf("Grid(%d, %d): row %d is %v", tc.rows, tc.cols, i, g[i])
			}
		}
		// Writing one square changes that square only.
		for i := range g {
			for j := range g[i] {
				g[i][j] = true
				trues := 0
				for _, row := range g {
					for _, b := range row {
						if b {
							trues++
						}
					}
				}
				if trues != 1 {
					t.Fatalf("Grid(%d, %d): writing (%d, %d) set %d squares", tc.rows, tc.cols, i, j, trues)
				}
				g[i][j] = false
			}
		}
	}
}

func TestWithQueen(t *testing.T) {
	p := make(queens.Placement, 2, 10)
	p[0], p[1] = 1, 3
	a := WithQueen(p, 0)
	b := WithQueen(p, 2)
	if !slices.Equal(a, queens.Placement{1, 3, 0}) || !slices.Equal(b, queens.Placement{1, 3, 2}) {
		t.Errorf("WithQueen([1 3], 0), WithQueen([1 3], 2) = %v, %v; want [1 3 0], [1 3 2]", []int(a), []int(b))
	}
	p[0] = 7
	if a[0] != 1 || !slices.Equal(p[:2], queens.Placement{7, 3}) {
		t.Errorf("the result shares p's storage: a = %v after writing p[0]", []int(a))
	}
	if got := WithQueen(nil, 4); !slices.Equal(got, queens.Placement{4}) {
		t.Errorf("WithQueen(nil, 4) = %v; want [4]", []int(got))
	}
}

// factorial is n! for small n.
func factorial(n int) int {
	f := 1
	for k := 2; k <= n; k++ {
		f *= k
	}
	return f
}

func TestPermutations(t *testing.T) {
	if got := Permutations(-1); got != nil {
		t.Errorf("Permutations(-1) = %v; want nil", got)
	}
	if got := Permutations(0); len(got) != 1 || len(got[0]) != 0 {
		t.Errorf("Permutations(0) = %v; want one empty permutation", got)
	}
	want3 := [][]int{{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}
	if got := Permutations(3); !slices.EqualFunc(got, want3, slices.Equal) {
		t.Errorf("Permutations(3) = %v; want %v", got, want3)
	}
	// n! distinct permutations in strictly increasing order, and storing
	// into one leaves the others alone.
	for n := 1; n <= 7; n++ {
		ps := Permutations(n)
		if len(ps) != factorial(n) {
			t.Fatalf("Permutations(%d): %d; want %d", n, len(ps), factorial(n))
		}
		for k, p := range ps {
			s := slices.Sorted(slices.Values(p))
			for i, v := range s {
				if v != i {
					t.Fatalf("Permutations(%d)[%d] = %v is not a permutation", n, k, p)
				}
			}
			if k > 0 && slices.Compare(ps[k-1], p) >= 0 {
				t.Fatalf("Permutations(%d): %v then %v", n, ps[k-1], p)
			}
		}
		ps[0][0] = 99
		if n > 1 && ps[1][0] == 99 {
			t.Fatalf("Permutations(%d): the permutations share storage", n)
		}
	}
}

// attacksBrute counts the attacking pairs by looking at every pair.
func attacksBrute(p queens.Placement) int {
	n := 0
	for i := range p {
		for j := i + 1; j < len(p); j++ {
			dr, dc := j-i, p[j]-p[i]
			if dc == 0 || dc == dr || dc == -dr {
				n++
			}
		}
	}
	return n
}

func TestAttacks(t *testing.T) {
	for _, tc := range []struct {
		p    queens.Placement
		want int
	}{
		{nil, 0}, {queens.Placement{0}, 0},
		{queens.Placement{1, 3, 0, 2}, 0}, // a solution
		{queens.Placement{0, 0, 0}, 3},    // one column: 3 pairs
		{queens.Placement{0, 1, 2, 3}, 6}, // one diagonal: 6 pairs
		{queens.Placement{3, 2, 1, 0}, 6}, // one anti-diagonal
		// Rows 0 and 2 share column 0, rows 1 and 3 column 2; no two rows
		// at distance d are d columns apart: 2 pairs.
		{queens.Placement{0, 2, 0, 2}, 2},
	} {
		if got := Attacks(tc.p); got != tc.want {
			t.Errorf("Attacks(%v) = %d; want %d", []int(tc.p), got, tc.want)
		}
	}
	// Every placement of 5 queens on 5 columns against the brute force.
	p := make(queens.Placement, 5)
	var all func(r int)
	all = func(r int) {
		if r == len(p) {
			if got, want := Attacks(p), attacksBrute(p); got != want {
				t.Fatalf("Attacks(%v) = %d; brute force %d", []int(p), got, want)
			}
			return
		}
		for c := range len(p) {
			p[r] = c
			all(r + 1)
		}
	}
	all(0)
}

func TestPush(t *testing.T) {
	s := NewPartial(4)
	// 2 4 1 3, with refused squares in between: (1, 0) shares the
	// anti-diagonal of (0, 1) (0+1 = 1+0), (1, 1) its column, (1, 2) its
	// diagonal (1−2 = 0−1); −1 and 4 are off the board; after the fourth
	// queen every row is filled.
	for _, step := range []struct {
		col int
		ok  bool
	}{{1, true}, {0, false}, {1, false}, {2, false}, {-1, false}, {4, false}, {3, true}, {0, true}, {2, true}, {0, false}} {
		before := len(s.Cols)
		if got := Push(s, step.col); got != step.ok {
			t.Fatalf("Push(%v, %d) = %v; want %v", s.Cols, step.col, got, step.ok)
		}
		if !step.ok && len(s.Cols) != before {
			t.Fatalf("a refused Push changed Cols to %v", s.Cols)
		}
	}
	if !slices.Equal(s.Cols, []int{1, 3, 0, 2}) {
		t.Fatalf("Cols = %v; want [1 3 0 2]", s.Cols)
	}
	marked := func() int {
		n := 0
		for _, lines := range [][]bool{s.Col, s.Diag, s.Anti} {
			for _, b := range lines {
				if b {
					n++
				}
			}
		}
		return n
	}
	if m := marked(); m != 12 {
		t.Errorf("4 queens mark %d lines; want 12", m)
	}
	for range 4 {
		s.Pop()
	}
	if len(s.Cols) != 0 || marked() != 0 {
		t.Errorf("after 4 Pops: Cols %v, %d lines marked", s.Cols, marked())
	}
	if z := NewPartial(0); Push(z, 0) || len(z.Diag) != 0 {
		t.Errorf("the empty board takes no queen")
	}
}

func TestParsePlacement(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want queens.Placement
		err  error
	}{
		{"2 4 1 3", queens.Placement{1, 3, 0, 2}, nil},
		{"  1  ", queens.Placement{0}, nil},
		{"", queens.Placement{}, nil},
		{"1 1 1", queens.Placement{0, 0, 0}, nil},
		{"2 4 x 3", nil, ErrSyntax},
		{"2 4 1.5 3", nil, ErrSyntax},
		{"0 1", nil, ErrColumn},
		{"1 3", nil, ErrColumn},
		{"1 -2", nil, ErrColumn},
	} {
		got, err := ParsePlacement(tc.in)
		if !errors.Is(err, tc.err) || (tc.err == nil) != (err == nil) || !slices.Equal(got, tc.want) {
			t.Errorf("ParsePlacement(%q) = %v, %v; want %v, %v", tc.in, []int(got), err, []int(tc.want), tc.err)
		}
	}
}

func TestMemo(t *testing.T) {
	calls := 0
	sq := Memo(func(x int) int64 { calls++; return int64(x * x) })
	neg := Memo(func(x int) int64 { return int64(-x) })
	for _, x := range []int{3, 4, 3, 3, 4, -1} {
		if got := sq(x); got != int64(x*x) {
			t.Errorf("sq(%d) = %d", x, got)
		}
		if got := neg(x); got != int64(-x) {
			t.Errorf("neg(%d) = %d: the two tables are one", x, got)
		}
	}
	if calls != 3 {
		t.Errorf("f called %d times for 3 distinct arguments", calls)
	}
	// A memoized recursion: F(90) = 2880067194370816120.
	var fib func(int) int64
	fib = Memo(func(n int) int64 {
		if n < 2 {
			return int64(n)
		}
		return fib(n-1) + fib(n-2)
	})
	if got := fib(90); got != 2880067194370816120 {
		t.Errorf("fib(90) = %d", got)
	}
}

// slowSquare is n², after yielding the processor: a goroutine's result
// arrives after the others have started.
func slowSquare(n int) int64 {
	time.Sleep(time.Millisecond)
	return int64(n) * int64(n)
}

func TestSumParallel(t *testing.T) {
	ns := make([]int, 100)
	for i := range ns {
		ns[i] = i + 1
	}
	// 1² + … + 100² = 100·101·201/6.
	if got := SumParallel(ns, slowSquare); got != 338350 {
		t.Errorf("SumParallel(1..100) = %d; want 338350", got)
	}
	if got := SumParallel(nil, slowSquare); got != 0 {
		t.Errorf("SumParallel(nil) = %d", got)
	}
}

func TestWorkers(t *testing.T) {
	for _, workers := range []int{0, 1, 3, 20} {
		var running, most atomic.Int64
		f := func(n int) int64 {
			r := running.Add(1)
			for m := most.Load(); r > m && !most.CompareAndSwap(m, r); m = most.Load() {
			}
			defer running.Add(-1)
			return slowSquare(n)
		}
		ns := []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}
		if got := Workers(ns, workers, f); got != 385 {
			t.Errorf("Workers(1..10, %d) = %d; want 385", workers, got)
		}
		if m := most.Load(); m > int64(max(workers, 1)) {
			t.Errorf("Workers(…, %d): %d calls at once", workers, m)
		}
	}
}

func TestCountParallel(t *testing.T) {
	for _, tc := range []struct {
		n, workers, k int
		want          int64
	}{{0, 3, 1, 0}, {10, 1, 3, 4}, {10, 3, 3, 4}, {3, 5, 1, 3}, {100000, 4, 7, 14286}, {12, 0, 2, 6}} {
		var calls atomic.Int64
		got := CountParallel(tc.n, tc.workers, func(i int) bool { calls.Add(1); return i%tc.k == 0 })
		if got != tc.want || calls.Load() != int64(tc.n) {
			t.Errorf("CountParallel(%d, %d, multiple of %d) = %d with %d calls; want %d with %d", tc.n, tc.workers, tc.k, got, calls.Load(), tc.want, tc.n)
		}
	}
}

func TestDrain(t *testing.T) {
	ch := make(chan int, 3)
	ch <- 1
	ch <- 2
	ch <- 3
	close(ch)
	if sum, err := Drain(context.Background(), ch); sum != 6 || err != nil {
		t.Errorf("Drain(1 2 3, closed) = %d, %v; want 6, nil", sum, err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if sum, err := Drain(ctx, make(chan int)); sum != 0 || !errors.Is(err, context.Canceled) {
		t.Errorf("Drain(cancelled) = %d, %v; want 0, context.Canceled", sum, err)
	}
	open := make(chan int, 2)
	open <- 4
	open <- 5
	ctx, cancel = context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	if sum, err := Drain(ctx, open); sum != 9 || !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("Drain(4 5, open, deadline) = %d, %v; want 9, context.DeadlineExceeded", sum, err)
	}
}
