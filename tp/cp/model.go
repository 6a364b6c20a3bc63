package cp

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
)

// ErrInvalidModel wraps every error recorded while building a model: an
// empty or too large domain, a negative count, a nil constraint or
// variable, a constraint on a variable of another model or outside its
// allowed domain, a constraint posted twice, a model changed during a
// search. Test with errors.Is.
var ErrInvalidModel = errors.New("cp: invalid model")

// ErrNoSolution is returned by [Solver.Solve] and [Model.Propagate] when
// the model has no solution.
var ErrNoSolution = errors.New("cp: no solution")

// MaxDomainWidth is the largest max − min + 1 of a variable's domain: a
// domain is a bit set over that range (2 MB at this width).
const MaxDomainWidth = 1 << 24

// MaxVars is the largest number of variables of a model (a few hundred
// bytes each), and MaxDomainBits the largest total width of their domains
// (128 MB of bit sets): a variable or an array beyond either records an
// error on the model, before anything is allocated.
const (
	MaxVars       = 1 << 18
	MaxDomainBits = 1 << 30
)

// Model holds variables and constraints, and the state of the search that
// runs on them: the domains of its variables are the current domains of
// that search. A model serves one search at a time. The zero value is not
// usable; call [NewModel].
type Model struct {
	vars []*IntVar    // in creation order
	cons []Constraint // in posting order
	err  error        // first error recorded while building
	bits int          // total width of the domains, in bits (at most MaxDomainBits)
	// nInit counts the constraints whose watches are attached and whose
	// initial propagation ran: cons[nInit:] are new since the last search.
	nInit     int
	failed    bool // propagation at the root failed: no solution
	searching bool // a search is running (Post and new variables are refused)

	// Backtracking state.
	trail  []entry   // undo records, oldest first
	saved  []uint64  // data of the undo records: old domains of more than one word (IntVar.save), forward checking passes of large all-differents (allDifferent.fixed)
	levels []level   // one mark per open search level; depth = len(levels)
	order  []*IntVar // sparse set of variables: order[:nFixed] are fixed
	nFixed int

	// Propagation state.
	events  []watch // fine-grained wake-ups waiting to run (a stack)
	coarse  []int32 // constraints scheduled to propagate (a FIFO queue)
	head    int     // first unread index of coarse
	pending []bool  // pending[c]: constraint c is in coarse
	props   int64   // propagator runs since the start of the last search
	culprit int     // index of the constraint whose propagation failed last, or -1
}

// entry is one undo record of the trail. With v ≥ 0, for variable v: if
// bit ≥ 0, the value at bit index bit was removed; if bit < 0, a bulk
// change, whose old domain is the word data for a domain of one word, and
// otherwise at saved[-1-bit:]. With v < 0, a forward checking pass of the
// all-different constraint -1-v, after its fixed view's variable took the
// value at bit index bit; the views that lost the value are the bit set
// data if the constraint is small, and otherwise the one at saved[data:]
// (see allDifferent.fixed).
type entry struct {
	v    int32
	bit  int32
	data uint64
}

// level marks where a search level starts in the trail, so that going back
// to it undoes exactly what the level did.
type level struct {
	trail, saved, nFixed int
}

// watch is an event waiting for a variable to become fixed: then c's
// fine-grained propagator runs for its variable at position pos (and may
// schedule c for a full propagation).
type watch struct {
	c, pos int32
}

// NewModel returns an empty model.
func NewModel() *Model {
	return &Model{culprit: -1}
}

// Err returns the first error recorded while building the model (wrapping
// [ErrInvalidModel]), or nil.
func (m *Model) Err() error { return m.err }

// NumVars returns the number of variables of the model.
func (m *Model) NumVars() int { return len(m.vars) }

// NumConstraints returns the number of constraints posted on the model.
func (m *Model) NumConstraints() int { return len(m.cons) }

// Vars returns the variables of the model in creation order. The slice is
// the model's own: do not modify it.
func (m *Model) Vars() []*IntVar { return m.vars }

// RecordError records err as the model's building error, wrapped in
// [ErrInvalidModel], unless one is recorded already: for a builder that
// refuses its arguments (e.g. a board too large).
// The model's searches then return it (see [Model.Err]).
func (m *Model) RecordError(err error) {
	if m.err == nil && err != nil {
		m.err = fmt.Errorf("%w: %w", ErrInvalidModel, err)
	}
}

// room reports whether count more variables of width values each fit in
// the model's bounds ([MaxVars], [MaxDomainBits]), recording an error for
// what if not.
func (m *Model) room(what string, count, width int) bool {
	switch {
	case count > MaxVars-len(m.vars):
		m.record("%s: %d variables, more than the %d a model may hold", what, count, MaxVars)
		return false
	case width > 0 && count > 0 && (width+63)/64*64 > (MaxDomainBits-m.bits)/count:
		m.record("%s: %d domains of %d values, more than the %d bits a model may hold", what, count, width, MaxDomainBits)
		return false
	}
	return true
}

// record keeps the first building error.
func (m *Model) record(format string, args ...any) {
	if m.err == nil {
		m.err = fmt.Errorf("%w: "+format, append([]any{ErrInvalidModel}, args...)...)
	}
}

// editable reports whether the model may be changed now, recording an error
// if a search is running, and puts the domains back to their root state.
func (m *Model) editable(what string) bool {
	if m.searching {
		m.record("%s during a search", what)
		return false
	}
	m.backtrack(0)
	return true
}

// IntVar adds a variable with domain {min, …, max}. If min > max or the
// domain is wider than [MaxDomainWidth], an error is recorded on the model
// (see [Model.Err]) and the variable returned has an empty domain. Cost
// O(max − min) time and bits.
//
// Source: Choco 2 makeIntVar(name, min, max).
func (m *Model) IntVar(name string, min, max int) *IntVar {
	switch {
	case min > max:
		m.record("variable %q: empty domain %d..%d", name, min, max)
		return m.newVar(name, 0, -1, nil)
	case max-min >= MaxDomainWidth || max-min < 0:
		m.record("variable %q: domain %d..%d wider than %d values", name, min, max, MaxDomainWidth)
		return m.newVar(name, 0, -1, nil)
	case !m.room("variable "+strconv.Quote(name), 1, max-min+1):
		return m.newVar(name, 0, -1, nil)
	}
	return m.newVar(name, min, max, nil)
}

// IntVarValues adds a variable whose domain is the given values (in any
// order, repetitions ignored). No values, or values spread wider than
// [MaxDomainWidth], record an error on the model and give an empty domain.
// Cost O(len(values) + max − min).
//
// Source: Choco 2 makeIntVar(name, int[] values).
func (m *Model) IntVarValues(name string, values ...int) *IntVar {
	if len(values) == 0 {
		m.record("variable %q: empty domain", name)
		return m.newVar(name, 0, -1, nil)
	}
	lo, hi := values[0], values[0]
	for _, v := range values {
		lo, hi = min(lo, v), max(hi, v)
	}
	if hi-lo >= MaxDomainWidth || hi-lo < 0 {
		m.record("variable %q: values %d..%d spread wider than %d", name, lo, hi, MaxDomainWidth)
		return m.newVar(name, 0, -1, nil)
	}
	if !m.room("variable "+strconv.Quote(name), 1, hi-lo+1) {
		return m.newVar(name, 0, -1, nil)
	}
	return m.newVar(name, lo, hi, values)
}

// BoolVar adds a 0/1 variable (false = 0, true = 1), for [SumEqual] and
// [SumAtMost].
//
// Source: Choco 2 makeBooleanVar(name).
func (m *Model) BoolVar(name string) *IntVar { return m.IntVar(name, 0, 1) }

// IntVarArray adds count variables with domain {min, …, max}, named
// prefix1 … prefixN (1-based, as Choco names them). A negative count, or
// more variables or domain bits than a model may hold ([MaxVars],
// [MaxDomainBits]), records an error and returns nil, before allocating;
// so do the errors of [Model.IntVar].
//
// Source: Choco 2 makeIntVarArray(prefix, count, min, max).
func (m *Model) IntVarArray(prefix string, count, min, max int) []*IntVar {
	if count < 0 {
		m.record("IntVarArray %q: negative count %d", prefix, count)
		return nil
	}
	if width := max - min + 1; !m.room("IntVarArray "+strconv.Quote(prefix), count, width) {
		return nil
	}
	xs := make([]*IntVar, count)
	for i := range xs {
		xs[i] = m.IntVar(prefix+strconv.Itoa(i+1), min, max)
	}
	return xs
}

// IntVarMatrix adds rows × cols variables with domain {min, …, max},
// named prefix1_1 … (row and column, 1-based): m[i][j] is row i, column j.
// A negative size, or more variables or domain bits than a model may hold,
// records an error and returns nil, before allocating; so do the errors
// of [Model.IntVar].
//
// Source: Choco 2 makeIntVarArray(prefix, rows, cols, min, max).
func (m *Model) IntVarMatrix(prefix string, rows, cols, min, max int) [][]*IntVar {
	if rows < 0 || cols < 0 {
		m.record("IntVarMatrix %q: negative size %d×%d", prefix, rows, cols)
		return nil
	}
	if cols > 0 && rows > MaxVars/cols {
		m.record("IntVarMatrix %q: %d×%d variables, more than the %d a model may hold", prefix, rows, cols, MaxVars)
		return nil
	}
	if width := max - min + 1; !m.room("IntVarMatrix "+strconv.Quote(prefix), rows*cols, width) {
		return nil
	}
	xs := make([][]*IntVar, rows)
	for i := range xs {
		xs[i] = m.IntVarArray(prefix+strconv.Itoa(i+1)+"_", cols, min, max)
	}
	return xs
}

// newVar adds a variable whose bits stand for the values lo..hi, holding
// vals, or every value of lo..hi if vals is nil. lo > hi gives an empty
// domain (the caller has recorded why).
func (m *Model) newVar(name string, lo, hi int, vals []int) *IntVar {
	x := &IntVar{m: m, id: len(m.vars), name: name, off: lo, wdeg: 1}
	if !m.editable("new variable " + strconv.Quote(name)) {
		return x
	}
	if x.words = x.word0[:]; hi-lo >= 64 {
		x.words = make([]uint64, (hi-lo)/64+1)
	}
	m.bits += len(x.words) * 64
	if lo <= hi && vals == nil {
		x.size = hi - lo + 1
		for w := range x.words {
			x.words[w] = ^uint64(0)
		}
		if r := x.size % 64; r != 0 {
			x.words[len(x.words)-1] = 1<<r - 1
		}
	}
	for _, v := range vals {
		i := v - lo
		if x.words[i>>6]&(1<<(i&63)) == 0 {
			x.words[i>>6] |= 1 << (i & 63)
			x.size++
		}
	}
	if x.size > 0 {
		x.min, x.max = x.next(lo), x.prev(hi)
		x.mid = x.min + (x.max-x.min)/2
	}
	x.pos = len(m.order)
	m.vars = append(m.vars, x)
	m.order = append(m.order, x)
	if x.size == 1 {
		m.markFixed(x)
	}
	return x
}

// Post adds constraints to the model. They are propagated at the start of
// the next search (or by [Model.Propagate]). A constraint built with bad
// arguments, on a variable of another model, or posted before, records an
// error instead.
// Cost O(arity) per constraint.
//
// Source: Choco 2 Model.addConstraint.
func (m *Model) Post(cs ...Constraint) {
	for _, c := range cs {
		if c == nil {
			m.record("Post of a nil constraint")
			continue
		}
		if err := c.check(); err != nil {
			m.record("%v", err)
			continue
		}
		if !m.editable("Post " + c.String()) {
			return
		}
		ok := true
		for _, x := range c.scope() {
			if x.m != m {
				m.record("constraint %v uses variable %q of another model", c, x.name)
				ok = false
				break
			}
		}
		if ok && !c.claim() {
			m.record("constraint %v posted twice", c)
			ok = false
		}
		if ok {
			m.cons = append(m.cons, c)
			m.pending = append(m.pending, false)
		}
	}
}

// Propagate runs the constraints at the root of the search until nothing
// changes, without searching, so that the domains can be looked at. It
// returns the model's error if it has one, [ErrNoSolution] if propagation
// proves that there is no solution, and nil otherwise. Domains stay
// reduced: later searches start from them.
func (m *Model) Propagate() error {
	if m.err != nil {
		return m.err
	}
	if !m.editable("Propagate") {
		return m.err
	}
	if !m.rootPropagate() {
		return ErrNoSolution
	}
	return nil
}

// rootPropagate attaches and posts the new constraints and propagates at
// level 0, where changes are permanent. It reports false if the model has
// no solution.
func (m *Model) rootPropagate() bool {
	for !m.failed && m.nInit < len(m.cons) {
		c := int32(m.nInit)
		m.nInit++
		m.cons[c].attach(m, c)
		for _, x := range m.cons[c].scope() {
			x.wdeg++
		}
		m.props++
		if !m.cons[c].post(m) {
			m.failed = true
		}
		if !m.failed && !m.propagate() {
			m.failed = true
		}
	}
	return !m.failed
}

// push opens a search level.
func (m *Model) push() {
	m.levels = append(m.levels, level{len(m.trail), len(m.saved), m.nFixed})
}

// grow returns m.saved extended by k words (of any value), doubling its
// capacity when it is full: appends of 1.25× growth would copy it about
// five times over on a long branch.
func (m *Model) grow(k int) []uint64 {
	n := len(m.saved)
	if n+k > cap(m.saved) {
		m.saved = slices.Grow(m.saved, max(k, n))
	}
	return m.saved[:n+k]
}

// backtrack closes search levels until depth d remains, undoing their
// changes in reverse order. Cost O(changes undone).
func (m *Model) backtrack(d int) {
	if len(m.levels) <= d {
		return
	}
	l := m.levels[d]
	for i := len(m.trail) - 1; i >= l.trail; i-- {
		if e := m.trail[i]; e.v >= 0 {
			m.vars[e.v].restore(e)
		} else {
			m.cons[-1-e.v].(*allDifferent).undo(m, e)
		}
	}
	m.trail = m.trail[:l.trail]
	m.saved = m.saved[:l.saved]
	m.nFixed = l.nFixed
	m.levels = m.levels[:d]
}

// markFixed moves x, just fixed, into the fixed part of m.order and wakes
// the constraints watching it.
func (m *Model) markFixed(x *IntVar) {
	y := m.order[m.nFixed]
	m.order[m.nFixed], m.order[x.pos] = x, y
	y.pos, x.pos = x.pos, m.nFixed
	m.nFixed++
	m.events = append(m.events, x.fixWatch...)
}

// schedule queues constraint c for a full propagation unless it is queued.
func (m *Model) schedule(c int32) {
	if !m.pending[c] {
		m.pending[c] = true
		m.coarse = append(m.coarse, c)
	}
}

// propagate runs the queued events, then the scheduled constraints, until
// both queues are empty (a fixpoint) or a constraint fails. It reports
// false on failure, with m.culprit naming the failed constraint; the queues
// are then emptied.
func (m *Model) propagate() bool {
	for {
		if n := len(m.events); n > 0 {
			w := m.events[n-1]
			m.events = m.events[:n-1]
			m.props++
			if !m.cons[w.c].fixed(m, int(w.pos)) {
				return m.fail(w.c)
			}
			continue
		}
		if m.head < len(m.coarse) {
			c := m.coarse[m.head]
			m.head++
			m.pending[c] = false
			m.props++
			if !m.cons[c].propagate(m) {
				return m.fail(c)
			}
			continue
		}
		m.coarse, m.head = m.coarse[:0], 0
		return true
	}
}

// fail empties the queues after constraint c failed, and returns false.
func (m *Model) fail(c int32) bool {
	m.culprit = int(c)
	m.events = m.events[:0]
	for _, d := range m.coarse[m.head:] {
		m.pending[d] = false
	}
	m.coarse, m.head = m.coarse[:0], 0
	return false
}
