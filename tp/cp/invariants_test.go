package cp

import (
	"fmt"
	"math/bits"
)

// verify checks the invariants of the model's data structures, in the way
// container/heap's tests verify a heap after each change:
//   - each domain's size, min and max agree with its bit set;
//   - m.order is a permutation of the variables with x.pos its inverse, the
//     fixed ones (size 1) first, exactly m.nFixed of them;
//   - each all-different's free set is a sparse set (where inverts free),
//     and at a fixpoint holds exactly the views whose variable is not fixed.
//
// Call it only at a fixpoint of propagation (after Propagate, at a
// solution, after a search). A model whose root propagation failed is left
// as it failed, and not checked.
func verify(m *Model) error {
	if m.failed {
		return nil
	}
	for _, x := range m.vars {
		size, lo, hi := 0, 0, 0
		for w, word := range x.words {
			if word == 0 {
				continue
			}
			if size == 0 {
				lo = x.off + w*64 + bits.TrailingZeros64(word)
			}
			hi = x.off + w*64 + 63 - bits.LeadingZeros64(word)
			size += bits.OnesCount64(word)
		}
		if size != x.size || size > 0 && (lo != x.min || hi != x.max) {
			return fmt.Errorf("%s: size, min, max = %d, %d, %d; bits say %d, %d, %d", x.name, x.size, x.min, x.max, size, lo, hi)
		}
	}
	if len(m.order) != len(m.vars) {
		return fmt.Errorf("order has %d variables; want %d", len(m.order), len(m.vars))
	}
	for i, x := range m.order {
		if x.pos != i {
			return fmt.Errorf("order[%d] = %s whose pos is %d", i, x.name, x.pos)
		}
		if fixed := i < m.nFixed; fixed != (x.size == 1) {
			return fmt.Errorf("order[%d] = %s of size %d, but nFixed = %d", i, x.name, x.size, m.nFixed)
		}
	}
	for _, c := range m.cons[:m.nInit] {
		ad, ok := c.(*allDifferent)
		if !ok {
			continue
		}
		free := map[int]bool{}
		for i, f := range ad.free {
			p := f.pos
			if ad.where[p] != int32(i) {
				return fmt.Errorf("%v: where[%d] = %d; want %d", c, p, ad.where[p], i)
			}
			if f.x != ad.vars[p] || f.base != f.x.off+ad.offs[p] {
				return fmt.Errorf("%v: free[%d] = %v with base %d, not the view at position %d", c, i, f.x, f.base, p)
			}
			if i < int(ad.nFree) {
				free[p] = true
			}
		}
		for p, x := range ad.vars {
			if free[p] == x.Fixed() {
				return fmt.Errorf("%v: position %d (%v) in the free set: %v", c, p, x, free[p])
			}
		}
	}
	return nil
}
