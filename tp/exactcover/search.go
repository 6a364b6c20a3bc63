package exactcover

import (
	"context"
	"iter"
)

// Stats counts the work of one search, in Knuth's machine-independent
// units (TAOCP 7.2.2.1; Knuth, "Dancing links", 2000).
type Stats struct {
	Solutions int64 // solutions found (visited)
	Nodes     int64 // nodes of the search tree: entries to step X2, solutions included
	Updates   int64 // removals of a node from a doubly linked list (each changes two links)
}

// ctxCheckMask sets how often Solve looks at its context: once every
// ctxCheckMask+1 nodes of the search tree.
const ctxCheckMask = 1<<10 - 1

// Solve runs Knuth's Algorithm X with dancing links (TAOCP 7.2.2.1,
// Algorithm X, steps X1–X8, with the minimum-remaining-values choice of
// dlx1: the active primary item with the fewest options, the first one on
// ties) and calls visit with each solution.
//
// The search dances on a compact copy of the links, made on entry, in
// dlx1's memory layout (one record {ULINK, DLINK, TOP} per node, LEN in the
// TOP field of the headers, 32-bit fields): the Problem itself is only
// read, so it is left as it was however the search ends (completed,
// stopped by visit, cancelled, or visit panicking). The copy costs O(N +
// nodes) per call.
//
// visit receives the option numbers, in the order they were chosen, in a
// slice that Solve reuses: it is valid only until visit returns (copy it
// with slices.Clone to keep it). visit returns false to stop the search.
// Options chosen by [Problem.Select] are not included. visit must not
// change the problem.
//
// The context is checked every 1024 nodes; on cancellation Solve returns
// ctx.Err(). It returns the statistics of this search.
//
// Panics if called from inside a visit of the same problem, or if the
// problem has 2³¹ nodes or more.
func (p *Problem) Solve(ctx context.Context, visit func(options []int) bool) (Stats, error) {
	if p.searching {
		panic("exactcover: nested search on the same Problem")
	}
	p.searching = true
	defer func() { p.searching = false }()

	e := p.loadEngine()
	nd, next := e.nd, e.next
	var st Stats
	done := ctx.Done()
	x := e.x // X1: x[l] is the node chosen at level l
	options := e.options[:0]
	var level int
	var i, xl int32

x2: // X2 [Enter level l.]
	st.Nodes++
	if next[0] == 0 {
		st.Solutions++
		options = options[:0]
		for _, xk := range x[:level] {
			options = append(options, p.OptionOf(int(xk)))
		}
		if !visit(options) {
			return st, nil
		}
		goto x8
	}
	if st.Nodes&ctxCheckMask == 0 && done != nil {
		select {
		case <-done:
			return st, ctx.Err()
		default:
		}
	}
	// X3 [Choose i.] The primary item with the fewest options (LEN is the
	// TOP field of the header).
	i = next[0]
	for j, best := next[i], nd[i].top; j != 0 && best > 0; j = next[j] {
		if nd[j].top < best {
			i, best = j, nd[j].top
		}
	}
	// X4 [Cover i.]
	st.Updates += e.cover(i)
	x[level] = nd[i].down

x5: // X5 [Try x_l.]
	xl = x[level]
	if xl == i {
		goto x7
	}
	for q := xl + 1; q != xl; { // cover the other items of x_l's option
		if j := nd[q].top; j <= 0 {
			q = nd[q].up
		} else {
			st.Updates += e.cover(j)
			q++
		}
	}
	level++
	goto x2

x6: // X6 [Try again.]
	xl = x[level]
	for q := xl - 1; q != xl; { // uncover them, right to left
		if j := nd[q].top; j <= 0 {
			q = nd[q].down
		} else {
			e.uncover(j)
			q--
		}
	}
	i = nd[xl].top
	x[level] = nd[xl].down
	goto x5

x7: // X7 [Backtrack.]
	e.uncover(i)

	// X8 [Leave level l.]
x8:
	if level == 0 {
		return st, nil
	}
	level--
	goto x6
}

// node is one node of the search's copy of the links, as in dlx1: up and
// down are ULINK and DLINK; top is TOP, or LEN for a header node.
type node struct {
	up, down, top int32
}

// engine is the copy of the links a search dances on; the Problem keeps
// one to reuse its memory.
type engine struct {
	nd         []node  // nd[x]: node x
	prev, next []int32 // LLINK and RLINK of the items
	x          []int32 // the node chosen at each level
	options    []int   // the solution passed to visit
}

// loadEngine copies the current links into p's engine.
func (p *Problem) loadEngine() *engine {
	if len(p.Top) >= 1<<31 {
		panic("exactcover: too many nodes for 32-bit links")
	}
	if p.eng == nil {
		p.eng = new(engine)
	}
	e := p.eng
	e.nd = resize(e.nd, len(p.Top))
	for k := range e.nd {
		e.nd[k] = node{int32(p.Ulink[k]), int32(p.Dlink[k]), int32(p.Top[k])}
	}
	for i := 1; i < len(p.Len); i++ {
		e.nd[i].top = int32(p.Len[i])
	}
	e.prev, e.next = resize(e.prev, len(p.Llink)), resize(e.next, len(p.Rlink))
	for k := range e.prev {
		e.prev[k], e.next[k] = int32(p.Llink[k]), int32(p.Rlink[k])
	}
	e.x = resize(e.x, p.Primary+1)
	e.options = resize(e.options, p.Primary)
	return e
}

// resize returns s with length n, reusing its memory if it is large enough.
func resize[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	return s[:n]
}

// cover is [Problem.Cover] on the engine's nodes, with Hide written in
// line; it returns the number of updates.
func (e *engine) cover(i int32) int64 {
	nd := e.nd
	var updates int64 = 1
	for x := nd[i].down; x != i; x = nd[x].down {
		for q := x + 1; q != x; {
			j := nd[q].top
			if j <= 0 {
				q = nd[q].up
				continue
			}
			u, d := nd[q].up, nd[q].down
			nd[u].down, nd[d].up = d, u
			nd[j].top--
			updates++
			q++
		}
	}
	l, r := e.prev[i], e.next[i]
	e.next[l], e.prev[r] = r, l
	return updates
}

// uncover is [Problem.Uncover] on the engine's nodes, with Unhide written
// in line.
func (e *engine) uncover(i int32) {
	nd := e.nd
	l, r := e.prev[i], e.next[i]
	e.next[l], e.prev[r] = i, i
	for x := nd[i].up; x != i; x = nd[x].up {
		for q := x - 1; q != x; {
			j := nd[q].top
			if j <= 0 {
				q = nd[q].down
				continue
			}
			u, d := nd[q].up, nd[q].down
			nd[u].down, nd[d].up = q, q
			nd[j].top++
			q--
		}
	}
}

// Solutions returns an iterator over the solutions, in the order of
// [Problem.Solve], without cancellation. Each yielded slice of option
// numbers is reused by the next iteration: copy it to keep it. Breaking out
// of the loop stops the search.
func (p *Problem) Solutions() iter.Seq[[]int] {
	return func(yield func([]int) bool) {
		_, _ = p.Solve(context.Background(), yield) // Background is never cancelled: no error
	}
}

// Count returns the number of solutions (exhaustive search). Errors: ctx.Err()
// on cancellation, with the count so far.
func (p *Problem) Count(ctx context.Context) (int64, error) {
	st, err := p.Solve(ctx, func([]int) bool { return true })
	return st.Solutions, err
}

// First returns the first solution [Problem.Solve] finds (a fresh slice of
// option numbers, empty but not nil for the empty solution), or nil if
// there is none. Errors: ctx.Err() on cancellation.
func (p *Problem) First(ctx context.Context) ([]int, error) {
	var first []int
	_, err := p.Solve(ctx, func(options []int) bool {
		first = append([]int{}, options...)
		return false
	})
	return first, err
}
