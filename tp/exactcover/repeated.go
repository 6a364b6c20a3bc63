package exactcover

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"slices"
)

// ErrNoCover is returned by [Problem.MinCover] and [MinCover] when no set
// of options covers every primary item.
var ErrNoCover = errors.New("exactcover: no set of options covers every primary item")

// MinCoverResult is the answer of [Problem.MinCover].
type MinCoverResult struct {
	Size    int   // the least number of options covering every primary item at least once
	Options []int // one such set of Size options, option numbers in increasing order
	Count   int64 // the number of such sets of Size options, if asked for; 0 otherwise
	Nodes   int64 // nodes of the search trees, all IDA* rounds together
}

// MinCover solves the repeated cover problem, « couverture répétée »: find
// the fewest options that cover every primary item at least once (and every
// secondary item at most once), as in queen domination where the items are
// the squares and an option is the set of squares a queen occupies or
// attacks. The options are those added to p; selections made by
// [Problem.Select] are ignored and the links are not touched.
//
// The search is IDA* (iterative deepening A*), as in the course: for k =
// h(start), h(start)+1, ..., a depth-first search looks for k options; at a
// node with d options chosen it branches on the uncovered item with the
// fewest usable options, and prunes when d + h > k. The heuristic h is an
// admissible lower bound: the least number of usable options whose numbers
// of still-uncovered items, largest first, add up to the number of
// uncovered items (which implies h ≥ ⌈uncovered / best coverage⌉). Each
// branch excludes the options tried by its elder siblings, so each set of
// options is met at most once and, with count, Count is exact.
//
// Cost: exponential in Size in the worst case; γ(Q_n) for n ≤ 10 takes
// milliseconds. Each node costs O(options × items / 64).
//
// Errors: [ErrNoCover]; ctx.Err() on cancellation (checked every 1024
// nodes).
func (p *Problem) MinCover(ctx context.Context, count bool) (MinCoverResult, error) {
	s := newRepeated(ctx, p, count)
	for i, opts := range s.optionsOf {
		if len(opts) == 0 {
			return MinCoverResult{}, fmt.Errorf("%w: no option holds item %q", ErrNoCover, p.Name[i+1])
		}
	}
	for s.limit = s.resetRoot(); s.limit <= s.nprim; s.limit++ {
		s.dfs(0)
		if s.err != nil {
			return MinCoverResult{Nodes: s.nodes}, s.err
		}
		if s.best != nil {
			res := MinCoverResult{Size: s.limit, Options: s.best, Nodes: s.nodes}
			if count {
				res.Count = s.count
			}
			slices.Sort(res.Options)
			return res, nil
		}
		s.resetRoot()
	}
	return MinCoverResult{Nodes: s.nodes}, ErrNoCover
}

// repeated is the state of one MinCover search. Primary items are numbered
// from 0 here (item i+1 of the problem).
type repeated struct {
	done      <-chan struct{}
	ctx       context.Context
	nprim     int
	items     [][]uint64 // items[o]: the primary items of option o, a bit set
	optionsOf [][]int    // optionsOf[i]: the options holding primary item i, increasing
	conflicts [][]uint64 // conflicts[o]: o and the options sharing a secondary item with it
	levels    []levelState
	hist      []int // scratch for bound: hist[c] options cover c uncovered items
	limit     int
	countAll  bool
	chosen    []int
	best      []int
	count     int64
	nodes     int64
	err       error
}

// levelState holds the bit sets of one depth of the search.
type levelState struct {
	uncovered []uint64 // primary items not yet covered
	allowed   []uint64 // options that may still be chosen
}

func newRepeated(ctx context.Context, p *Problem, countAll bool) *repeated {
	nopt := p.NumOptions()
	s := &repeated{
		ctx: ctx, done: ctx.Done(), nprim: p.Primary, countAll: countAll,
		items:     make([][]uint64, nopt),
		optionsOf: make([][]int, p.Primary),
		conflicts: make([][]uint64, nopt),
		hist:      make([]int, p.Primary+1),
	}
	iw, ow := (p.Primary+63)/64, (nopt+63)/64
	bySecondary := make(map[int][]int) // secondary item → options holding it
	for o := range nopt {
		s.items[o] = make([]uint64, iw)
		for x := p.Spacer[o] + 1; x < p.Spacer[o+1]; x++ {
			if i := p.Top[x]; i <= p.Primary {
				s.items[o][(i-1)/64] |= 1 << ((i - 1) % 64)
				s.optionsOf[i-1] = append(s.optionsOf[i-1], o)
			} else {
				bySecondary[i] = append(bySecondary[i], o)
			}
		}
	}
	for o := range nopt {
		s.conflicts[o] = make([]uint64, ow)
		s.conflicts[o][o/64] |= 1 << (o % 64)
		for x := p.Spacer[o] + 1; x < p.Spacer[o+1]; x++ {
			for _, o2 := range bySecondary[p.Top[x]] {
				s.conflicts[o][o2/64] |= 1 << (o2 % 64)
			}
		}
	}
	s.levels = make([]levelState, p.Primary+1)
	for d := range s.levels {
		s.levels[d] = levelState{make([]uint64, iw), make([]uint64, ow)}
	}
	return s
}

// resetRoot sets the root of the search to every item uncovered and every
// option allowed (a round clears options at the root), and returns h there.
func (s *repeated) resetRoot() int {
	root := s.levels[0]
	for i := range s.nprim {
		root.uncovered[i/64] |= 1 << (i % 64)
	}
	for o := range s.items {
		root.allowed[o/64] |= 1 << (o % 64)
	}
	return s.bound(root.uncovered, root.allowed)
}

// bound is the heuristic h: the least number of allowed options whose
// coverages of the uncovered items, largest first, reach the number of
// uncovered items; s.nprim+1 when even all of them fall short.
func (s *repeated) bound(uncovered, allowed []uint64) int {
	need := 0
	for _, w := range uncovered {
		need += bits.OnesCount64(w)
	}
	if need == 0 {
		return 0
	}
	clear(s.hist)
	maxc := 0
	for wi, w := range allowed {
		for w != 0 {
			o := wi*64 + bits.TrailingZeros64(w)
			w &= w - 1
			c := 0
			for k, iw := range s.items[o] {
				c += bits.OnesCount64(iw & uncovered[k])
			}
			s.hist[c]++
			maxc = max(maxc, c)
		}
	}
	h := 0
	for c := maxc; c > 0; c-- {
		for range s.hist[c] {
			h++
			need -= c
			if need <= 0 {
				return h
			}
		}
	}
	return s.nprim + 1
}

// dfs searches depth d of the current IDA* round; it returns true to stop.
func (s *repeated) dfs(d int) bool {
	s.nodes++
	if s.nodes&ctxCheckMask == 0 && s.done != nil {
		select {
		case <-s.done:
			s.err = s.ctx.Err()
			return true
		default:
		}
	}
	cur := s.levels[d]
	if isZero(cur.uncovered) {
		s.count++
		if s.best == nil {
			s.best = append([]int{}, s.chosen...)
		}
		return !s.countAll
	}
	if d+s.bound(cur.uncovered, cur.allowed) > s.limit {
		return false
	}
	// Branch on the uncovered item with the fewest allowed options.
	item, fewest := -1, len(s.items)+1
	for wi, w := range cur.uncovered {
		for w != 0 {
			i := wi*64 + bits.TrailingZeros64(w)
			w &= w - 1
			n := 0
			for _, o := range s.optionsOf[i] {
				if cur.allowed[o/64]&(1<<(o%64)) != 0 {
					n++
				}
			}
			if n < fewest {
				item, fewest = i, n
			}
		}
	}
	next := s.levels[d+1]
	for _, o := range s.optionsOf[item] {
		if cur.allowed[o/64]&(1<<(o%64)) == 0 {
			continue
		}
		for k := range next.uncovered {
			next.uncovered[k] = cur.uncovered[k] &^ s.items[o][k]
		}
		for k := range next.allowed {
			next.allowed[k] = cur.allowed[k] &^ s.conflicts[o][k]
		}
		s.chosen = append(s.chosen, o)
		stop := s.dfs(d + 1)
		s.chosen = s.chosen[:len(s.chosen)-1]
		if stop {
			return true
		}
		cur.allowed[o/64] &^= 1 << (o % 64) // later branches do without o
	}
	return false
}

func isZero(set []uint64) bool {
	for _, w := range set {
		if w != 0 {
			return false
		}
	}
	return true
}
