package cp

import (
	"context"
	"errors"
	"fmt"
	"iter"
	"time"
)

// ErrLimit is returned (wrapped, with the limit that was hit) when a search
// stops at [Solver.NodeLimit] or [Solver.TimeLimit]. A cancelled context
// gives the context's error instead.
var ErrLimit = errors.New("cp: search limit reached")

// VarOrder chooses the variable to branch on.
type VarOrder int

const (
	// InputOrder picks the first free variable in creation order. Cost
	// O(variables) per node.
	InputOrder VarOrder = iota
	// FirstFail picks a free variable with the smallest domain, the first
	// created one among equals. Cost O(free variables) per node.
	// Source: Haralick & Elliott 1980; Choco 2 MinDomain.
	FirstFail
	// DomWDeg picks a free variable with the smallest ratio of domain size
	// to weighted degree: 1, plus for each constraint on the variable 1
	// plus the number of times its propagation failed (weights persist from
	// one search of the model to the next). Cost O(free variables) per
	// node, O(arity) per failure.
	// Source: Boussemart, Hemery, Lecoutre, Sais 2004; Choco 2 DomOverWDeg.
	DomWDeg
)

// ValueOrder chooses the value tried first on the chosen variable (the
// branch x = v; the branch x ≠ v comes next).
type ValueOrder int

const (
	// Increasing tries the smallest value first (Choco 2 IncreasingDomain).
	Increasing ValueOrder = iota
	// Decreasing tries the largest value first (Choco 2 DecreasingDomain,
	// the value heuristic of the TD).
	Decreasing
	// MiddleOut tries the value nearest the middle of the variable's
	// initial domain first, the smaller one on a tie, then spreads out:
	// for 1..8, the order 4, 3, 5, 2, 6, 1, 7, 8.
	MiddleOut
)

var varOrderNames = []string{"input order", "first-fail", "dom/wdeg"}
var valueOrderNames = []string{"increasing", "decreasing", "middle-out"}

// String returns the order's name ("first-fail").
func (o VarOrder) String() string {
	if o < 0 || int(o) >= len(varOrderNames) {
		return fmt.Sprintf("VarOrder(%d)", int(o))
	}
	return varOrderNames[o]
}

// String returns the order's name ("middle-out").
func (o ValueOrder) String() string {
	if o < 0 || int(o) >= len(valueOrderNames) {
		return fmt.Sprintf("ValueOrder(%d)", int(o))
	}
	return valueOrderNames[o]
}

// Stats counts the work of the last search of a [Solver].
type Stats struct {
	Nodes        int64         // branches taken, x = v and x ≠ v alike
	Failures     int64         // branches whose propagation failed
	Propagations int64         // propagator runs, root propagation included
	Solutions    int64         // solutions found
	Time         time.Duration // wall-clock time of the search
}

// String returns the counters on one line.
func (st Stats) String() string {
	return fmt.Sprintf("%d nodes, %d failures, %d propagations, %d solutions, %v",
		st.Nodes, st.Failures, st.Propagations, st.Solutions, st.Time)
}

// Solver searches the solutions of a model, depth first with binary
// branching: at each node it picks a free variable x by its [VarOrder] and a
// value v by its [ValueOrder], explores x = v, then x ≠ v, and propagates
// after each branch. Set the limits before a search; zero means none.
// Several solvers may share a model, but only one may search at a time.
type Solver struct {
	NodeLimit int64         // stop after this many nodes (see [Stats])
	TimeLimit time.Duration // stop after this long

	m     *Model
	vars  VarOrder
	vals  ValueOrder
	stats Stats
	err   error // why the last Solutions loop stopped

	// during a search
	ctx        context.Context
	deadline   time.Time
	onSolution func() bool // returns false to stop the search
}

// Solver returns a solver for the model with the given orders.
//
// Source: Choco 2 CPSolver, read(model), setVarIntSelector,
// setValIntIterator.
func (m *Model) Solver(vars VarOrder, vals ValueOrder) *Solver {
	return &Solver{m: m, vars: vars, vals: vals}
}

// Stats returns the statistics of the last search.
func (s *Solver) Stats() Stats { return s.stats }

// Solve searches for a first solution. On success it returns nil and the
// variables stay fixed to the solution (read them with [IntVar.Value]) until
// the model is searched or changed again. Otherwise the domains are back to
// their state at the root and the error is the model's error, [ErrNoSolution],
// [ErrLimit] (wrapped), or the context's error. A nil ctx means
// context.Background().
//
// Source: Choco 2 CPSolver.solve().
func (s *Solver) Solve(ctx context.Context) error {
	found := false
	if err := s.run(ctx, func() bool { found = true; return false }); err != nil {
		return err
	}
	if !found {
		return ErrNoSolution
	}
	return nil
}

// Count searches every solution and returns their number. On an error
// (the model's, [ErrLimit], the context's) the count is that of the
// solutions found so far. The domains are back to their root state after.
//
// Source: Choco 2 CPSolver.solveAll() then getNbSolutions().
func (s *Solver) Count(ctx context.Context) (int64, error) {
	err := s.run(ctx, func() bool { return true })
	return s.stats.Solutions, err
}

// Solutions returns an iterator over the solutions: it yields 1, 2, 3, …
// with the variables fixed to the k-th solution, so that the loop body reads
// them with [IntVar.Value]. Breaking out of the loop stops the search,
// leaving the variables at the last solution. After the loop, [Solver.Err]
// says whether the search stopped early ([ErrLimit], the context's error,
// the model's error). The body must not change the model.
func (s *Solver) Solutions(ctx context.Context) iter.Seq[int] {
	return func(yield func(int) bool) {
		k := 0
		s.err = s.run(ctx, func() bool { k++; return yield(k) })
	}
}

// Err returns the error that ended the last [Solver.Solutions] loop, or nil
// if it ran to the end or was stopped by its body.
func (s *Solver) Err() error { return s.err }

// run propagates at the root, then searches, calling onSolution at each
// solution until it returns false.
func (s *Solver) run(ctx context.Context, onSolution func() bool) error {
	m := s.m
	s.stats = Stats{}
	if m.err != nil {
		return m.err
	}
	if m.searching {
		return errors.New("cp: the model is already being searched")
	}
	if s.vars < InputOrder || s.vars > DomWDeg || s.vals < Increasing || s.vals > MiddleOut {
		return fmt.Errorf("cp: unknown search order %v, %v", s.vars, s.vals)
	}
	if ctx == nil {
		ctx = context.Background()
	}
	start := time.Now()
	s.ctx, s.onSolution, s.deadline = ctx, onSolution, time.Time{}
	if s.TimeLimit > 0 {
		s.deadline = start.Add(s.TimeLimit)
	}
	m.backtrack(0)
	m.props = 0
	m.searching = true
	defer func() {
		m.searching = false
		s.stats.Propagations = m.props
		s.stats.Time = time.Since(start)
		s.ctx, s.onSolution = nil, nil
	}()
	if !m.rootPropagate() {
		return nil
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	m.push()
	stopped, err := s.dfs()
	if !stopped || err != nil {
		m.backtrack(0)
	}
	return err
}

// dfs explores the subtree of the current node, after its propagation. It
// reports whether the search must stop (a solution ended it, or err).
// The branches x = v recurse; the branches x ≠ v loop on the same level,
// which the caller's backtrack undoes.
func (s *Solver) dfs() (stop bool, err error) {
	m := s.m
	for {
		x := s.selectVar()
		if x == nil {
			s.stats.Solutions++
			return !s.onSolution(), nil
		}
		v := s.selectValue(x)
		if err := s.checkLimits(); err != nil {
			return true, err
		}
		s.stats.Nodes++
		m.push()
		if x.fix(v) && m.propagate() {
			if stop, err := s.dfs(); stop {
				return true, err
			}
		} else {
			s.failed()
		}
		m.backtrack(len(m.levels) - 1)
		s.stats.Nodes++
		if !x.remove(v) || !m.propagate() {
			s.failed()
			return false, nil
		}
	}
}

// failed counts a failure and, for DomWDeg, weighs the culprit.
func (s *Solver) failed() {
	s.stats.Failures++
	if s.vars == DomWDeg && s.m.culprit >= 0 {
		for _, x := range s.m.cons[s.m.culprit].scope() {
			x.wdeg++
		}
	}
	s.m.culprit = -1
}

// checkLimits returns the error of a limit reached; the clock and the
// context are read every 256 nodes.
func (s *Solver) checkLimits() error {
	if s.NodeLimit > 0 && s.stats.Nodes >= s.NodeLimit {
		return fmt.Errorf("%w: %d nodes", ErrLimit, s.NodeLimit)
	}
	if s.stats.Nodes&255 != 0 {
		return nil
	}
	if err := s.ctx.Err(); err != nil {
		return err
	}
	if !s.deadline.IsZero() && time.Now().After(s.deadline) {
		return fmt.Errorf("%w: %v", ErrLimit, s.TimeLimit)
	}
	return nil
}

// selectVar returns the free variable to branch on, or nil if all are
// fixed.
func (s *Solver) selectVar() *IntVar {
	m := s.m
	if m.nFixed == len(m.order) {
		return nil
	}
	if s.vars == InputOrder {
		for _, x := range m.vars {
			if x.size > 1 {
				return x
			}
		}
	}
	var best *IntVar
	if s.vars == FirstFail {
		// The smallest key size·2³² + id, found without branches the
		// processor cannot predict (sizes are below 2²⁴).
		key := ^uint64(0)
		for _, x := range m.order[m.nFixed:] {
			if k := uint64(x.size)<<32 | uint64(uint32(x.id)); k < key {
				key, best = k, x
			}
		}
		return best
	}
	for _, x := range m.order[m.nFixed:] { // DomWDeg
		if best == nil {
			best = x
			continue
		}
		// x.size/x.wdeg < best.size/best.wdeg
		a, b := int64(x.size)*best.wdeg, int64(best.size)*x.wdeg
		if a < b || a == b && x.id < best.id {
			best = x
		}
	}
	return best
}

// selectValue returns the value to try first on x.
func (s *Solver) selectValue(x *IntVar) int {
	switch s.vals {
	case Increasing:
		return x.min
	case Decreasing:
		return x.max
	}
	c := x.mid
	if c <= x.min {
		return x.min
	}
	if c >= x.max {
		return x.max
	}
	lo, hi := x.prev(c), x.next(c)
	if c-lo <= hi-c {
		return lo
	}
	return hi
}
