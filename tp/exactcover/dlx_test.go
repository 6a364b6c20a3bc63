package exactcover

import (
	"context"
	"errors"
	"math/rand/v2"
	"os"
	"slices"
	"testing"
)

func knuthProblem(t *testing.T) *Problem {
	t.Helper()
	f, err := os.Open("testdata/knuth.dlx")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	p, err := Parse(f)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestKnuthExample(t *testing.T) {
	p := knuthProblem(t)
	if err := p.Verify(); err != nil {
		t.Fatal(err)
	}
	sols := collect(p)
	if len(sols) != 1 {
		t.Fatalf("%d solutions; want 1 (TAOCP 7.2.2.1)", len(sols))
	}
	var got []string
	for _, k := range slices.Sorted(slices.Values(sols[0])) {
		got = append(got, joinNames(p.Option(k)))
	}
	if want := []string{"c e", "a d f", "b g"}; !slices.Equal(got, want) {
		t.Errorf("solution %q; want %q", got, want)
	}
}

func joinNames(names []string) string {
	s := ""
	for k, n := range names {
		if k > 0 {
			s += " "
		}
		s += n
	}
	return s
}

func TestNewErrors(t *testing.T) {
	tests := []struct {
		name               string
		primary, secondary []string
		want               error
	}{
		{"duplicate primary", []string{"a", "b", "a"}, nil, ErrDuplicateItem},
		{"duplicate across", []string{"a"}, []string{"a"}, ErrDuplicateItem},
		{"empty name", []string{""}, nil, ErrItemName},
		{"bar in name", []string{"a|b"}, nil, ErrItemName},
		{"colon in name", []string{"a:1"}, nil, ErrItemName},
		{"space in name", []string{"a b"}, nil, ErrItemName},
		{"secondary only", nil, []string{"s"}, ErrNoItems},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := New(tt.primary, tt.secondary); !errors.Is(err, tt.want) {
				t.Errorf("New(%q, %q) error %v; want %v", tt.primary, tt.secondary, err, tt.want)
			}
		})
	}
	p, err := New(nil, nil)
	if err != nil {
		t.Fatalf("New(nil, nil): %v", err)
	}
	if n, _ := p.Count(t.Context()); n != 1 {
		t.Errorf("the problem without items has %d solutions; want 1 (the empty set)", n)
	}
}

func TestAddOptionErrors(t *testing.T) {
	tests := []struct {
		name  string
		items []string
		want  error
	}{
		{"empty", nil, ErrEmptyOption},
		{"unknown", []string{"a", "z"}, ErrUnknownItem},
		{"repeated", []string{"a", "b", "a"}, ErrRepeatedItem},
		{"secondary only", []string{"s", "t"}, ErrNoPrimary},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := New([]string{"a", "b"}, []string{"s", "t"})
			if err != nil {
				t.Fatal(err)
			}
			if err := p.AddOption("a", "s"); err != nil {
				t.Fatal(err)
			}
			snap := p.Snapshot()
			if err := p.AddOption(tt.items...); !errors.Is(err, tt.want) {
				t.Errorf("AddOption(%q) error %v; want %v", tt.items, err, tt.want)
			}
			if err := p.CheckLinks(snap); err != nil {
				t.Errorf("a refused option changed the links: %v", err)
			}
			if p.NumOptions() != 1 {
				t.Errorf("NumOptions = %d; want 1", p.NumOptions())
			}
		})
	}
}

// TestCoverUncoverRestores covers and uncovers random items last-in
// first-out, checking the invariants after every step and the exact links
// when everything is uncovered again.
func TestCoverUncoverRestores(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	for trial := range 100 {
		cols := 2 + rng.IntN(8)
		secondary := rng.IntN(cols - 1)
		p, err := FromMatrix(randomMatrix(rng, 1+rng.IntN(15), cols, secondary, 0.4), secondary)
		if err != nil {
			t.Fatal(err)
		}
		snap := p.Snapshot()
		var stack []int
		for step := range 60 {
			if len(stack) > 0 && (rng.IntN(3) == 0 || len(stack) == cols) {
				p.Uncover(stack[len(stack)-1])
				stack = stack[:len(stack)-1]
			} else {
				var active []int
				for i := 1; i <= cols; i++ {
					if !slices.Contains(stack, i) {
						active = append(active, i)
					}
				}
				i := active[rng.IntN(len(active))]
				p.Cover(i)
				stack = append(stack, i)
			}
			if err := p.Verify(); err != nil {
				t.Fatalf("trial %d step %d (covered %v): %v", trial, step, stack, err)
			}
		}
		for len(stack) > 0 {
			p.Uncover(stack[len(stack)-1])
			stack = stack[:len(stack)-1]
		}
		if err := p.CheckLinks(snap); err != nil {
			t.Fatalf("trial %d: cover/uncover did not restore the links: %v", trial, err)
		}
		for x := p.NumItems() + 2; x < len(p.Top); x++ {
			if p.Top[x] <= 0 {
				continue
			}
			p.Hide(x)
			p.Unhide(x)
			if err := p.CheckLinks(snap); err != nil {
				t.Fatalf("trial %d: Hide(%d) then Unhide: %v", trial, x, err)
			}
		}
	}
}

// TestVerifyDetectsCorruption damages one field at a time: Verify must
// report it, never panic, and CheckLinks must name the change.
func TestVerifyDetectsCorruption(t *testing.T) {
	tests := []struct {
		name    string
		corrupt func(p *Problem)
	}{
		{"RLINK skips an item", func(p *Problem) { p.Rlink[1] = 3 }},
		{"LLINK wrong", func(p *Problem) { p.Llink[4] = 1 }},
		{"item list loops", func(p *Problem) { p.Rlink[7], p.Llink[1] = 1, 7 }},
		{"DLINK skips a node", func(p *Problem) { p.Dlink[1] = p.Dlink[p.Dlink[1]] }},
		{"ULINK out of range", func(p *Problem) { p.Ulink[p.Dlink[3]] = -5 }},
		{"DLINK out of range", func(p *Problem) { p.Dlink[3] = 1 << 30 }},
		{"LEN off by one", func(p *Problem) { p.Len[4]++ }},
		{"TOP of a node", func(p *Problem) { x := p.Dlink[1]; p.Top[x] = 2 }},
		{"TOP of a spacer", func(p *Problem) { p.Top[p.Spacer[2]] = 0 }},
		{"spacer ULINK", func(p *Problem) { p.Ulink[p.Spacer[3]]++ }},
		{"spacers out of order", func(p *Problem) { p.Spacer[1], p.Spacer[2] = p.Spacer[2], p.Spacer[1] }},
		{"spacer out of range", func(p *Problem) { p.Spacer[3] = -1 }},
		{"node arrays truncated", func(p *Problem) { p.Dlink = p.Dlink[:len(p.Dlink)-1] }},
		{"node unlinked", func(p *Problem) {
			x := p.Dlink[2] // unlink x from item 2's list without covering anything
			p.Dlink[p.Ulink[x]], p.Ulink[p.Dlink[x]] = p.Dlink[x], p.Ulink[x]
			p.Len[2]--
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := knuthProblem(t)
			snap := p.Snapshot()
			tt.corrupt(p)
			if err := p.Verify(); !errors.Is(err, ErrCorrupt) {
				t.Errorf("Verify = %v; want an error wrapping ErrCorrupt", err)
			}
			if err := p.CheckLinks(snap); !errors.Is(err, ErrCorrupt) {
				t.Errorf("CheckLinks = %v; want an error wrapping ErrCorrupt", err)
			}
		})
	}
}

// countingSearch is an independent reimplementation of the statistics:
// the search of Dance written with the exported methods, counting as an
// update each item removed by Cover and each node it hides (read off the
// change in the sum of LEN).
func countingSearch(p *Problem) Stats {
	var st Stats
	sumLen := func() int64 {
		var s int64
		for _, l := range p.Len[1:] {
			s += int64(l)
		}
		return s
	}
	cover := func(i int) {
		before := sumLen()
		p.Cover(i)
		st.Updates += 1 + before - sumLen()
	}
	var rec func()
	rec = func() {
		st.Nodes++
		if p.Rlink[0] == 0 {
			st.Solutions++
			return
		}
		i := p.Rlink[0]
		for j := p.Rlink[i]; j != 0; j = p.Rlink[j] {
			if p.Len[j] < p.Len[i] {
				i = j
			}
		}
		cover(i)
		for x := p.Dlink[i]; x != i; x = p.Dlink[x] {
			for q := x + 1; q != x; {
				if j := p.Top[q]; j <= 0 {
					q = p.Ulink[q]
				} else {
					cover(j)
					q++
				}
			}
			rec()
			for q := x - 1; q != x; {
				if j := p.Top[q]; j <= 0 {
					q = p.Dlink[q]
				} else {
					p.Uncover(j)
					q--
				}
			}
		}
		p.Uncover(i)
	}
	rec()
	return st
}

func TestStats(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 9))
	for trial := range 50 {
		cols := 2 + rng.IntN(8)
		secondary := rng.IntN(cols - 1)
		p, err := FromMatrix(randomMatrix(rng, 1+rng.IntN(20), cols, secondary, 0.3), secondary)
		if err != nil {
			t.Fatal(err)
		}
		want := countingSearch(p)
		got, err := p.Solve(t.Context(), func([]int) bool { return true })
		if err != nil || got != want {
			t.Fatalf("trial %d: Solve stats %+v, %v; want %+v", trial, got, err, want)
		}
	}
}

func TestSolveStopsAndRestores(t *testing.T) {
	blocks := readBlocks(t, "testdata/dlx-secondary-columns.txt")
	p, err := FromMatrix(blocks[2].rows, blocks[2].secondary) // 8 queens, 92 solutions
	if err != nil {
		t.Fatal(err)
	}
	snap := p.Snapshot()
	t.Run("break", func(t *testing.T) {
		n := 0
		for range p.Solutions() {
			if n++; n == 10 {
				break
			}
		}
		if err := p.CheckLinks(snap); err != nil {
			t.Errorf("after break: %v", err)
		}
	})
	t.Run("First", func(t *testing.T) {
		first, err := p.First(t.Context())
		if err != nil || len(first) != 8 {
			t.Errorf("First = %v, %v; want 8 options", first, err)
		}
		if err := p.CheckLinks(snap); err != nil {
			t.Errorf("after First: %v", err)
		}
	})
	t.Run("cancel", func(t *testing.T) {
		ctx, cancel := context.WithCancel(t.Context())
		cancel()
		// A search of more than 1024 nodes: 8 queens takes a few thousand.
		n, err := p.Count(ctx)
		if !errors.Is(err, context.Canceled) || n >= 92 {
			t.Errorf("Count on a cancelled context = %d, %v; want fewer than 92, context.Canceled", n, err)
		}
		if err := p.CheckLinks(snap); err != nil {
			t.Errorf("after cancellation: %v", err)
		}
	})
	t.Run("nested", func(t *testing.T) {
		defer func() {
			if recover() == nil {
				t.Error("a nested Solve did not panic")
			}
			if err := p.CheckLinks(snap); err != nil {
				t.Errorf("after the panic: %v", err)
			}
		}()
		p.Solve(t.Context(), func([]int) bool {
			p.Count(t.Context())
			return true
		})
	})
}

// TestSelect checks that selecting options gives the solutions of the
// whole problem that contain them, minus them.
func TestSelect(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	for trial := range 100 {
		cols := 2 + rng.IntN(6)
		secondary := rng.IntN(cols - 1)
		m := randomMatrix(rng, 2+rng.IntN(12), cols, secondary, 0.3)
		p, err := FromMatrix(m, secondary)
		if err != nil {
			t.Fatal(err)
		}
		snap := p.Snapshot()
		chosen := []int{rng.IntN(len(m)), rng.IntN(len(m))}
		var selected []int
		for _, k := range chosen {
			err := p.Select(k)
			if err == nil {
				selected = append(selected, k)
				continue
			}
			if !errors.Is(err, ErrConflict) {
				t.Fatalf("Select(%d): %v", k, err)
			}
			if !conflicts(m, secondary, append(selected, k)) {
				t.Fatalf("trial %d: Select(%d) refused after %v on %v", trial, k, selected, m)
			}
		}
		if err := p.Verify(); err != nil {
			t.Fatalf("after Select: %v", err)
		}
		var want [][]int
		for _, s := range bruteForce(m, secondary) {
			if containsAll(s, selected) {
				want = append(want, slices.DeleteFunc(s, func(r int) bool { return slices.Contains(selected, r) }))
			}
		}
		if got := normalize(collect(p)); !slices.EqualFunc(got, normalize(want), slices.Equal) {
			t.Fatalf("trial %d: with %v selected, solutions %v; want %v", trial, selected, got, normalize(want))
		}
		if got := p.Selected(); !slices.Equal(got, selected) {
			t.Errorf("Selected = %v; want %v", got, selected)
		}
		p.Reset()
		if err := p.CheckLinks(snap); err != nil {
			t.Fatalf("after Reset: %v", err)
		}
	}
}

// conflicts reports whether two of the rows share a column.
func conflicts(m Matrix, secondary int, rows []int) bool {
	for c := range m[0] {
		ones := 0
		for _, r := range rows {
			ones += m[r][c]
		}
		if ones > 1 {
			return true
		}
	}
	return false
}

func containsAll(s, sub []int) bool {
	for _, x := range sub {
		if !slices.Contains(s, x) {
			return false
		}
	}
	return true
}
