package exactcover

import (
	"errors"
	"fmt"
	"slices"
)

// ErrCorrupt is wrapped by the errors of [Problem.Verify] and
// [Problem.CheckLinks]: the links are inconsistent or differ from a
// snapshot.
var ErrCorrupt = errors.New("exactcover: corrupt links")

// Verify checks that the links form a consistent dancing-links structure,
// whatever items are covered, and returns the first inconsistency found
// (wrapping [ErrCorrupt]) or nil:
//   - the arrays have the lengths of N items and of the options' nodes;
//   - the active primary items form a circular doubly linked list headed by
//     item 0, the active secondary ones one headed by item N+1;
//   - each item's vertical list is circular and doubly linked, holds only
//     nodes of options whose TOP is that item, and has LEN nodes;
//   - no node is in two lists; spacers have TOP = -k and the ULINK/DLINK of
//     the layout described at [Problem];
//   - when no item is covered, every option node is in its item's list.
//
// It is the invariant checker of the tests and of the grader: call it after
// every mutation. Cost O(N + number of nodes).
func (p *Problem) Verify() error {
	n := p.NumItems()
	z := len(p.Top)
	if len(p.Llink) != n+2 || len(p.Rlink) != n+2 || len(p.Len) != n+1 || len(p.Name) != n+2 {
		return fmt.Errorf("%w: item arrays of lengths LLINK %d, RLINK %d, LEN %d, want %d, %d, %d",
			ErrCorrupt, len(p.Llink), len(p.Rlink), len(p.Len), n+2, n+2, n+1)
	}
	if len(p.Ulink) != z || len(p.Dlink) != z || len(p.Spacer) == 0 || p.Spacer[0] != n+1 || p.Spacer[len(p.Spacer)-1] != z-1 {
		return fmt.Errorf("%w: node arrays of lengths TOP %d, ULINK %d, DLINK %d do not match the spacers",
			ErrCorrupt, z, len(p.Ulink), len(p.Dlink))
	}
	if p.Primary < 0 || p.Primary > n {
		return fmt.Errorf("%w: %d primary items out of %d", ErrCorrupt, p.Primary, n)
	}
	// The two lists of active items.
	active := 0
	for _, list := range []struct{ head, lo, hi int }{{0, 1, p.Primary}, {n + 1, p.Primary + 1, n}} {
		for i, steps := list.head, 0; ; steps++ {
			r := p.Rlink[i]
			if r < 0 || r > n+1 || p.Llink[r] != i {
				return fmt.Errorf("%w: LLINK(RLINK(%d)) != %d", ErrCorrupt, i, i)
			}
			if r == list.head {
				break
			}
			if r < list.lo || r > list.hi || steps >= n {
				return fmt.Errorf("%w: item %d does not belong in the list headed by %d", ErrCorrupt, r, list.head)
			}
			active++
			i = r
		}
	}
	// Spacers and the TOP of option nodes.
	for k, s := range p.Spacer {
		if s < n+1 || s >= z || (k > 0 && s <= p.Spacer[k-1]) {
			return fmt.Errorf("%w: Spacer[%d] = %d is out of order", ErrCorrupt, k, s)
		}
		if p.Top[s] != -k {
			return fmt.Errorf("%w: TOP(%d) = %d, want %d for the spacer before option %d", ErrCorrupt, s, p.Top[s], -k, k)
		}
		if k == 0 {
			continue
		}
		prev := p.Spacer[k-1]
		if s <= prev+1 {
			return fmt.Errorf("%w: option %d has no nodes", ErrCorrupt, k-1)
		}
		if p.Ulink[s] != prev+1 || p.Dlink[prev] != s-1 {
			return fmt.Errorf("%w: spacers %d and %d do not point at option %d's first and last nodes", ErrCorrupt, prev, s, k-1)
		}
		for x := prev + 1; x < s; x++ {
			if p.Top[x] < 1 || p.Top[x] > n {
				return fmt.Errorf("%w: TOP(%d) = %d is not an item", ErrCorrupt, x, p.Top[x])
			}
		}
	}
	// The vertical lists.
	linked := make([]bool, z)
	nlinked := 0
	for i := 1; i <= n; i++ {
		if p.Top[i] != i {
			return fmt.Errorf("%w: TOP(%d) = %d for a header node", ErrCorrupt, i, p.Top[i])
		}
		count := 0
		for x := i; ; {
			d := p.Dlink[x]
			if d < 0 || d >= z || p.Ulink[d] != x {
				return fmt.Errorf("%w: ULINK(DLINK(%d)) != %d in the list of item %d", ErrCorrupt, x, x, i)
			}
			if d == i {
				break
			}
			if d <= n+1 || p.Top[d] != i || linked[d] {
				return fmt.Errorf("%w: node %d (TOP %d) in the list of item %d", ErrCorrupt, d, p.Top[d], i)
			}
			linked[d] = true
			count++
			x = d
		}
		if count != p.Len[i] {
			return fmt.Errorf("%w: item %d has %d nodes, LEN = %d", ErrCorrupt, i, count, p.Len[i])
		}
		nlinked += count
	}
	if active == n && nlinked != z-(n+1)-len(p.Spacer) {
		return fmt.Errorf("%w: no item is covered but only %d of %d option nodes are linked",
			ErrCorrupt, nlinked, z-(n+1)-len(p.Spacer))
	}
	return nil
}

// Snapshot is a copy of the links of a [Problem], taken by
// [Problem.Snapshot] and compared by [Problem.CheckLinks].
type Snapshot struct {
	llink, rlink, length, top, ulink, dlink, spacer []int
}

// Snapshot copies the links (LLINK, RLINK, LEN, TOP, ULINK, DLINK) and the
// spacer positions.
// Cost O(N + number of nodes).
func (p *Problem) Snapshot() Snapshot {
	return Snapshot{
		llink: slices.Clone(p.Llink), rlink: slices.Clone(p.Rlink), length: slices.Clone(p.Len),
		top: slices.Clone(p.Top), ulink: slices.Clone(p.Ulink), dlink: slices.Clone(p.Dlink),
		spacer: slices.Clone(p.Spacer),
	}
}

// CheckLinks reports whether every link equals the one in s: nil, or an
// error wrapping [ErrCorrupt] naming the first field that differs, e.g.
// "DLINK(57) = 12, snapshot has 30". Covering items then uncovering them in
// the reverse order must restore every link exactly, so a cover/uncover
// pair is checked by a Snapshot before and CheckLinks after. Cost O(N +
// number of nodes).
func (p *Problem) CheckLinks(s Snapshot) error {
	for _, f := range []struct {
		name      string
		got, want []int
	}{
		{"LLINK", p.Llink, s.llink}, {"RLINK", p.Rlink, s.rlink}, {"LEN", p.Len, s.length},
		{"TOP", p.Top, s.top}, {"ULINK", p.Ulink, s.ulink}, {"DLINK", p.Dlink, s.dlink},
		{"Spacer", p.Spacer, s.spacer},
	} {
		if len(f.got) != len(f.want) {
			return fmt.Errorf("%w: %s has %d entries, snapshot has %d", ErrCorrupt, f.name, len(f.got), len(f.want))
		}
		for k := range f.got {
			if f.got[k] != f.want[k] {
				return fmt.Errorf("%w: %s(%d) = %d, snapshot has %d", ErrCorrupt, f.name, k, f.got[k], f.want[k])
			}
		}
	}
	return nil
}
