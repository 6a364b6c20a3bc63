package cp

import (
	"cmp"
	"errors"
	"fmt"
	"math/bits"
	"slices"
	"strconv"
	"strings"
)

// Constraint is a relation between variables of a model, with the
// propagator that prunes their domains. Build one with [NotEqualOffset],
// [AllDifferent], [AllDifferentBounds], [SumEqual] or [SumAtMost] and add it
// with [Model.Post]. String prints it in mathematical notation.
type Constraint interface {
	String() string

	// scope returns the variables, one per position (repetitions allowed).
	scope() []*IntVar
	// check returns an error for arguments that cannot make a constraint.
	check() error
	// attach registers the watches of the constraint, whose index is c.
	attach(m *Model, c int32)
	// post runs the initial propagation, at the root.
	post(m *Model) bool
	// fixed propagates the fixing of the variable at position pos.
	fixed(m *Model, pos int) bool
	// propagate propagates from the whole current domains.
	propagate(m *Model) bool
	// claim reports false if the constraint was posted already.
	claim() bool
}

// once lets a constraint be posted once only: a propagator's state (the
// free set of an all-different) belongs to one place in one model.
type once struct{ posted bool }

func (o *once) claim() bool {
	ok := !o.posted
	o.posted = true
	return ok
}

// NotEqualOffset returns the constraint x ≠ y + k. Its propagator is forward
// checking: once one side is fixed, the value it forbids is removed from the
// other, in O(1).
//
// Source: Choco 2 neq(x, plus(y, k)), the constraint of the TD's first
// model.
func NotEqualOffset(x, y *IntVar, k int) Constraint {
	return &notEqualOffset{x: x, y: y, k: k}
}

type notEqualOffset struct {
	once
	x, y *IntVar
	k    int
}

func (c *notEqualOffset) String() string {
	if c.x == nil || c.y == nil {
		return "NotEqualOffset(<nil>)"
	}
	return c.x.name + " ≠ " + View{c.y, c.k}.String()
}

func (c *notEqualOffset) scope() []*IntVar { return []*IntVar{c.x, c.y} }

func (c *notEqualOffset) check() error {
	if c.x == nil || c.y == nil {
		return errors.New("NotEqualOffset of a nil variable")
	}
	return nil
}

func (c *notEqualOffset) attach(m *Model, id int32) {
	c.x.fixWatch = append(c.x.fixWatch, watch{id, 0})
	c.y.fixWatch = append(c.y.fixWatch, watch{id, 1})
}

func (c *notEqualOffset) post(m *Model) bool {
	return (!c.x.Fixed() || c.fixed(m, 0)) && (!c.y.Fixed() || c.fixed(m, 1))
}

func (c *notEqualOffset) fixed(m *Model, pos int) bool {
	if pos == 0 {
		return c.y.remove(c.x.min - c.k)
	}
	return c.x.remove(c.y.min + c.k)
}

// propagate is never called: the constraint is never scheduled.
func (c *notEqualOffset) propagate(m *Model) bool { return true }

// AllDifferent returns the constraint that the views take pairwise distinct
// values. Its propagator is forward checking: when the variable of a view
// becomes fixed, the view's value is removed from every other view, in
// O(views not yet fixed) time and one trail entry (plus len(views)/64 words
// beyond 64 views or with domains wider than 64 values). Plain variables
// are views with offset 0 (x.Plus(0)). A variable may appear in several
// views.
//
// Source: Choco 2 allDifferent; the TD's first model with the three
// constraints on x_i, x_i + i and x_i − i.
func AllDifferent(views ...View) Constraint {
	return newAllDifferent(views, false)
}

// AllDifferentBounds is [AllDifferent] with a stronger propagator: besides
// forward checking, each change of a bound runs the bounds-consistency
// algorithm of López-Ortiz, Quimper, Tromp and van Beek ("A fast and simple
// algorithm for bounds consistency of the alldifferent constraint", IJCAI
// 2003), which finds Hall intervals — k views whose values lie in an
// interval of k values — and moves the bounds of the other views out of
// them (values inside a domain are not removed: that would be domain
// consistency). Cost O(n log n) per run for n views.
//
// Source: Choco 2 allDifferent with the "BC" option.
func AllDifferentBounds(views ...View) Constraint {
	return newAllDifferent(views, true)
}

type allDifferent struct {
	once
	vars   []*IntVar
	offs   []int
	bounds bool  // run bounds consistency too
	id     int32 // index in the model's constraints, set by attach
	// free[:nFree] are the views not yet seen fixed by fixed, stored
	// whole so that forward checking scans them in order; where[p] is the
	// index in free of the view at position p.
	free  []adView
	where []int32
	nFree int32
	// small: at most 64 views, all of variables with a domain of one word
	// (see forwardSmall); set by attach
	small bool
	// scratch space of the bounds-consistency algorithm
	iv                   []interval
	minsorted, maxsorted []*interval
	bnd, t, d, h         []int
}

// adView is the view at position pos of an all-different, of variable x:
// base is the value of the view when x takes the value of bit 0 of its
// words (x.off plus the view's offset), set by attach.
type adView struct {
	x    *IntVar
	base int
	pos  int
}

// interval is the range [lo, hi] of one view during bounds consistency,
// with the ranks of lo and hi + 1 in the sorted bounds.
type interval struct {
	lo, hi, minrank, maxrank int
	pos                      int // position of the view
}

func newAllDifferent(views []View, bounds bool) *allDifferent {
	c := &allDifferent{bounds: bounds, nFree: int32(len(views))}
	for i, v := range views {
		c.vars = append(c.vars, v.Var)
		c.offs = append(c.offs, v.Offset)
		c.free = append(c.free, adView{x: v.Var, pos: i})
		c.where = append(c.where, int32(i))
	}
	if bounds {
		n := len(views)
		c.iv = make([]interval, n)
		c.minsorted, c.maxsorted = make([]*interval, n), make([]*interval, n)
		for i := range c.iv {
			c.minsorted[i], c.maxsorted[i] = &c.iv[i], &c.iv[i]
		}
		c.bnd, c.t, c.d, c.h = make([]int, 2*n+2), make([]int, 2*n+2), make([]int, 2*n+2), make([]int, 2*n+2)
	}
	return c
}

func (c *allDifferent) String() string {
	var b strings.Builder
	if c.bounds {
		b.WriteString("allDifferentBounds(")
	} else {
		b.WriteString("allDifferent(")
	}
	for i, x := range c.vars {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(View{x, c.offs[i]}.String())
	}
	b.WriteString(")")
	return b.String()
}

func (c *allDifferent) scope() []*IntVar { return c.vars }

func (c *allDifferent) check() error {
	if slices.Contains(c.vars, nil) {
		return errors.New("AllDifferent of a nil variable")
	}
	return nil
}

func (c *allDifferent) attach(m *Model, id int32) {
	c.id = id
	c.small = len(c.vars) <= 64
	for i, x := range c.vars {
		c.free[i].base = x.off + c.offs[i] // free is in position order until fixed runs
		c.small = c.small && len(x.words) == 1
		x.fixWatch = append(x.fixWatch, watch{id, int32(i)})
		if c.bounds {
			x.boundsWatch = append(x.boundsWatch, id)
		}
	}
}

// post queues the event of each view fixed before the constraint was
// attached (later ones are queued by markFixed): fixed must run once per
// view, as it takes the view out of the free set.
func (c *allDifferent) post(m *Model) bool {
	for i, x := range c.vars {
		if x.Fixed() {
			m.events = append(m.events, watch{c.id, int32(i)})
		}
	}
	return !c.bounds || c.propagate(m)
}

// fixed removes the value of view pos from the others (forward checking),
// visiting only the views not yet seen fixed: free[:nFree], a sparse set
// from which pos is taken out first. At a search level, the pass is
// recorded on the trail as one entry holding the bit set of the positions
// that lost the value (instead of one entry per removal: n²/2 entries along
// a branch of the N-queens model, 400 MB for n = 10,000): in the entry
// itself if the constraint is small (see forwardSmall), otherwise in
// len(views)/64 words of m.saved. Cost O(1) per free view, plus
// O(len(views)/64) unless small.
func (c *allDifferent) fixed(m *Model, pos int) bool {
	x := c.vars[pos]
	v := x.min + c.offs[pos]
	rec := entry{v: -1 - c.id, bit: int32(x.min - x.off)}

	i, last := c.where[pos], c.nFree-1
	c.free[i], c.free[last] = c.free[last], c.free[i]
	c.where[c.free[i].pos], c.where[pos] = i, last
	c.nFree--

	var ok bool
	if c.small {
		rec.data, ok = c.forwardSmall(v)
	} else {
		start := len(m.saved)
		m.saved = m.grow((len(c.vars) + 63) / 64)
		lost := m.saved[start:]
		clear(lost)
		rec.data = uint64(start)
		if len(m.levels) == 0 {
			m.saved = m.saved[:start] // the root is never undone; lost stays usable
		}
		ok = c.forward(v, lost)
	}
	if len(m.levels) > 0 {
		m.trail = append(m.trail, rec)
	}
	return ok
}

// forwardSmall removes v from the free views of a small all-different (at
// most 64 views, domains of one word): it returns the bit set of the
// positions that lost v, and false if a domain became empty. Each removal
// is free of the branches the processor cannot predict (whether v is in
// range, whether it is there): min and max are recomputed from the word,
// and only a last value left or watched bounds need more.
// Cost O(1) per free view.
func (c *allDifferent) forwardSmall(v int) (lost uint64, ok bool) {
	for k := range c.free[:c.nFree] {
		f := &c.free[k]
		y := f.x
		i := uint(v - f.base)
		var in uint64
		if i < 64 {
			in = 1
		}
		w := y.word0[0]
		p := w >> (i & 63) & in
		w &^= p << (i & 63)
		y.word0[0] = w
		lost |= p << f.pos
		omin, omax := y.min, y.max
		y.size -= int(p)
		y.min = y.off + bits.TrailingZeros64(w)
		y.max = y.off + 63 - bits.LeadingZeros64(w)
		if y.size > 1 && len(y.boundsWatch) == 0 || p == 0 {
			continue
		}
		if y.size == 0 {
			return lost, false
		}
		if y.min != omin || y.max != omax {
			y.boundsChanged()
		}
		if y.size == 1 {
			y.m.markFixed(y)
		}
	}
	return lost, true
}

// forward removes v from the free views, setting in lost the bits of the
// positions that lost it, and reports false if a domain became empty. Each
// removal is free of the branch on whether v is there (about half the
// time: a branch the processor cannot predict); only a bound or a last
// value needs more (settle). Cost O(1) per free view.
func (c *allDifferent) forward(v int, lost []uint64) bool {
	for k := range c.free[:c.nFree] {
		f := &c.free[k]
		y, i := f.x, v-f.base
		u := y.off + i
		d := y.words
		if uint(i) >= uint(len(d))*64 {
			continue
		}
		w, sh := d[i>>6], uint(i&63)
		p := w >> sh & 1
		d[i>>6] = w &^ (1 << sh)
		lost[f.pos>>6] |= p << (f.pos & 63)
		y.size -= int(p)
		var more uint64
		if y.size <= 1 || u == y.min || u == y.max {
			more = 1
		}
		if p&more != 0 && !y.settle(u) {
			return false
		}
	}
	return true
}

// undo puts back the values removed by the forward checking pass recorded
// by e, and the view it took out of free (see fixed). Passes are undone in
// the reverse order of fixed, so that view is free[nFree]. Cost O(1) plus
// O(1) per value put back, plus O(len(views)/64) unless small.
func (c *allDifferent) undo(m *Model, e entry) {
	f := &c.free[c.nFree]
	c.nFree++
	v := f.base + int(e.bit)
	if c.small {
		for lost := e.data; lost != 0; lost &= lost - 1 {
			j := bits.TrailingZeros64(lost)
			c.vars[j].putBack(v - c.offs[j])
		}
		return
	}
	for w, word := range m.saved[e.data : e.data+uint64(len(c.vars)+63)/64] {
		for word != 0 {
			j := w*64 + bits.TrailingZeros64(word)
			word &= word - 1
			c.vars[j].putBack(v - c.offs[j])
		}
	}
}

// propagate enforces bounds consistency (López-Ortiz et al. 2003, Figure 2
// and its mirror image): the views are intervals [lo, hi]; the distinct
// bounds lo and hi + 1 are sorted into bnd[1..nb] (with sentinels bnd[0]
// and bnd[nb+1]); a union-find forest over them (t, with d the free
// capacity of each bucket) and a second one of Hall intervals (h) push lo
// up past the Hall intervals below it; the mirror pass pulls hi down.
func (c *allDifferent) propagate(m *Model) bool {
	if !c.bounds {
		return true
	}
	n := len(c.vars)
	if n == 0 {
		return true
	}
	for i, x := range c.vars {
		c.iv[i] = interval{lo: x.min + c.offs[i], hi: x.max + c.offs[i], pos: i}
	}
	slices.SortFunc(c.minsorted, func(a, b *interval) int { return cmp.Compare(a.lo, b.lo) })
	slices.SortFunc(c.maxsorted, func(a, b *interval) int { return cmp.Compare(a.hi, b.hi) })
	nb := c.rank()
	bnd, t, d, h := c.bnd, c.t, c.d, c.h

	// Lower bounds, intervals by increasing hi.
	for i := 1; i <= nb+1; i++ {
		t[i], h[i], d[i] = i-1, i-1, bnd[i]-bnd[i-1]
	}
	for _, iv := range c.maxsorted {
		x, y := iv.minrank, iv.maxrank
		z := pathMax(t, x+1)
		j := t[z]
		d[z]--
		if d[z] == 0 {
			t[z] = z + 1
			z = pathMax(t, t[z])
			t[z] = j
		}
		pathSet(t, x+1, z, z)
		if d[z] < bnd[z]-bnd[y] {
			return false
		}
		if h[x] > x {
			w := pathMax(h, h[x])
			iv.lo = bnd[w]
			pathSet(h, x, w, w)
		}
		if d[z] == bnd[z]-bnd[y] {
			pathSet(h, h[y], j-1, y)
			h[y] = j - 1
		}
	}

	// Upper bounds, intervals by decreasing lo.
	for i := 0; i <= nb; i++ {
		t[i], h[i], d[i] = i+1, i+1, bnd[i+1]-bnd[i]
	}
	for i := n - 1; i >= 0; i-- {
		iv := c.minsorted[i]
		x, y := iv.maxrank, iv.minrank
		z := pathMin(t, x-1)
		j := t[z]
		d[z]--
		if d[z] == 0 {
			t[z] = z - 1
			z = pathMin(t, t[z])
			t[z] = j
		}
		pathSet(t, x-1, z, z)
		if d[z] < bnd[y]-bnd[z] {
			return false
		}
		if h[x] < x {
			w := pathMin(h, h[x])
			iv.hi = bnd[w] - 1
			pathSet(h, x, w, w)
		}
		if d[z] == bnd[y]-bnd[z] {
			pathSet(h, h[y], j+1, y)
			h[y] = j + 1
		}
	}

	for i := range c.iv {
		iv := &c.iv[i]
		x, off := c.vars[iv.pos], c.offs[iv.pos]
		if !x.removeBelow(iv.lo-off) || !x.removeAbove(iv.hi-off) {
			return false
		}
	}
	return true
}

// rank fills bnd[0..nb+1] with the sorted distinct values lo and hi + 1 of
// the intervals, between two sentinels, sets each interval's minrank and
// maxrank, and returns nb.
func (c *allDifferent) rank() int {
	n := len(c.iv)
	lo, hi := c.minsorted[0].lo, c.maxsorted[0].hi+1
	last := lo - 2
	nb := 0
	c.bnd[0] = last
	for i, j := 0, 0; ; {
		if i < n && lo <= hi {
			if lo != last {
				nb++
				c.bnd[nb], last = lo, lo
			}
			c.minsorted[i].minrank = nb
			if i++; i < n {
				lo = c.minsorted[i].lo
			}
		} else {
			if hi != last {
				nb++
				c.bnd[nb], last = hi, hi
			}
			c.maxsorted[j].maxrank = nb
			if j++; j == n {
				break
			}
			hi = c.maxsorted[j].hi + 1
		}
	}
	c.bnd[nb+1] = c.bnd[nb] + 2
	return nb
}

func pathSet(t []int, start, end, to int) {
	for k, l := start, start; k != end; k = l {
		l = t[k]
		t[k] = to
	}
}

func pathMin(t []int, i int) int {
	for t[i] < i {
		i = t[i]
	}
	return i
}

func pathMax(t []int, i int) int {
	for t[i] > i {
		i = t[i]
	}
	return i
}

// SumEqual returns the constraint b_1 + … + b_k = total over 0/1 variables:
// with total = 1, "exactly one". Its propagator counts the variables fixed
// to 1 and the free ones, in O(k) each time one is fixed, fails if the
// total is out of reach, and fixes the free variables when only one way is
// left. Posting it on a variable whose domain is not within {0, 1} records
// an error.
//
// Source: Choco 2 eq(sum(b), total), the TD's second model (one queen per
// row and per column).
func SumEqual(bs []*IntVar, total int) Constraint {
	return &boolSum{vars: slices.Clone(bs), total: total, eq: true}
}

// SumAtMost returns the constraint b_1 + … + b_k ≤ total over 0/1
// variables: with total = 1, "at most one". Propagation as in [SumEqual].
//
// Source: Choco 2 leq(sum(b), total), the TD's second model (at most one
// queen per diagonal).
func SumAtMost(bs []*IntVar, total int) Constraint {
	return &boolSum{vars: slices.Clone(bs), total: total}
}

type boolSum struct {
	once
	id    int32 // index in the model's constraints, set by attach
	vars  []*IntVar
	total int
	eq    bool // = total, otherwise ≤ total
}

func (c *boolSum) String() string {
	var b strings.Builder
	for i, x := range c.vars {
		if i > 0 {
			b.WriteString(" + ")
		}
		if x == nil {
			b.WriteString("<nil>")
		} else {
			b.WriteString(x.name)
		}
	}
	if len(c.vars) == 0 {
		b.WriteString("0")
	}
	if c.eq {
		b.WriteString(" = ")
	} else {
		b.WriteString(" ≤ ")
	}
	b.WriteString(strconv.Itoa(c.total))
	return b.String()
}

func (c *boolSum) scope() []*IntVar { return c.vars }

func (c *boolSum) check() error {
	for _, x := range c.vars {
		if x == nil {
			return errors.New("sum of a nil variable")
		}
		if x.size > 0 && (x.min < 0 || x.max > 1) {
			return fmt.Errorf("sum %v: variable %v is not 0/1", c, x)
		}
	}
	return nil
}

func (c *boolSum) attach(m *Model, id int32) {
	c.id = id
	for i, x := range c.vars {
		x.fixWatch = append(x.fixWatch, watch{id, int32(i)})
	}
}

func (c *boolSum) post(m *Model) bool { return c.propagate(m) }

// fixed schedules the count, to run once after all the pending events.
func (c *boolSum) fixed(m *Model, pos int) bool {
	m.schedule(c.id)
	return true
}

func (c *boolSum) propagate(m *Model) bool {
	ones, free := 0, 0
	for _, x := range c.vars {
		switch {
		case x.size == 2:
			free++
		case x.min == 1:
			ones++
		}
	}
	switch {
	case ones > c.total || c.eq && ones+free < c.total:
		return false
	case free == 0:
		return true
	case ones == c.total:
		return c.fixFree(0)
	case c.eq && ones+free == c.total:
		return c.fixFree(1)
	}
	return true
}

// fixFree fixes every free variable to v.
func (c *boolSum) fixFree(v int) bool {
	for _, x := range c.vars {
		if x.size == 2 && !x.fix(v) {
			return false
		}
	}
	return true
}
