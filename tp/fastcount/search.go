package fastcount

import (
	"math/bits"
	"sync/atomic"
)

// The search counts each class of solutions under the 8 symmetries of the
// board once and adds the size of its orbit (8, 4 or 2): Takaken's method,
// in a form of this package's own. A solution has at most one queen in a
// corner (two corner queens attack each other), and its four edge queens
// (in the top and bottom rows, the left and right columns) lie at
// distances from their nearest corner that the symmetries only permute.
// With D the least of those distances:
//
//   - D = 0, a corner queen. No symmetry fixes such a solution, so its
//     class has 8 solutions, exactly two of which have the queen in the
//     top-left corner: the solution and its transpose, which swaps the
//     queen of row 1 (column b) with the queen of column 1 (row r ≠ b).
//     The search fixes the queen in (0, 0), puts the row-1 queen in column
//     b ≥ 2 and forbids column 1 in rows 2..b (so r > b): one solution per
//     class, weight 8.
//   - D = t ≥ 1. The search fixes the top queen in column t < n-1-t and
//     forbids what would put an edge queen nearer a corner: columns 0 and
//     n-1 in rows 1..t-1 and n-t..n-2, and in the bottom row the columns
//     below t and above n-1-t. The edge columns' queens then lie in rows
//     t..n-1-t: reaching row n-1-t with neither edge column used, the
//     branch is dead; with one used, that row's queen goes on the other
//     edge. Every class with that D has its smallest image
//     (lexicographically, row by row) among what is left; at each solution
//     found, the 7 other images decide whether it is that smallest one,
//     and how many of them equal it (the class has 8/(1+that many)
//     solutions). The comparison usually stops at row 0.
//
// The search itself is Walker's bitboard backtracking (TAOCP 7.2.2,
// Algorithm W): the columns and the two diagonals attacked in the next row
// are three masks, the free squares the zero bits of their union minus the
// row's forbidden squares, taken lowest first, in loops over an explicit
// stack with a look-ahead one row further. It runs in two loops:
//
//   - constrained, for the rows that have forbidden squares of their own:
//     rows 1..t-1 in the edge part, rows 2..b in the corner part (all the
//     rows, for the few corner sub-problems with b ≥ n-3). Few nodes.
//   - walk, for all the rows below: most of the search. There the rows
//     have no forbidden squares (in the edge part, those of rows n-t..n-2
//     follow from the edge rule, which walk applies on row n-1-t, and
//     those of the bottom row go into the last step), and the loop calls
//     no function, which lets the compiler keep most of its state in
//     registers. Each placement of row n-4 ends the board in line: row
//     n-3's free squares one by one, then rows n-2 and n-1 on the two
//     columns left, both ways round, in bit arithmetic (two masks that are
//     zero iff the queens fit). The edge part's solutions are set aside,
//     to be checked after the loop (leaf), and the check first compares
//     the border queens, which settles most solutions before any image is
//     compared row by row.

// part is the kind of a sub-problem.
type part uint8

const (
	cornerPart part = iota // D = 0: queen in (0, 0), weight 8
	edgePart               // D = t ≥ 1: queen in (0, t), solutions checked
)

// task is one sub-problem: the first rows placed, the masks they leave in
// the next row, what each row may not use.
type task struct {
	part              part
	row               int               // the first empty row
	cols, left, right uint64            // attacked in that row
	placed            [maxPrefix]uint64 // the queens of rows 0..row-1
	forbid            *[64]uint64       // by row: the columns it may not use
	edgeRow           int               // edge part: n-1-t, the edge rule's row; corner part: -1
	edges             uint64            // columns 0 and n-1
	plain             int               // the first row of walk: rows from there on have no forbidden squares but row n-1's
	bottom            uint64            // the columns row n-1 may use
}

// maxPrefix bounds the rows placed before a sub-problem starts.
const maxPrefix = 8

// tally is what a sub-problem found: solutions, and the classes they make.
type tally struct{ solutions, classes int64 }

// plan returns the sub-problems of the search on an n×n board, 6 ≤ n ≤
// MaxN: the corner part for each column of the row-1 queen, the edge part
// for each t, each expanded to its placements of the first rows (up to
// row 4), so that the workers share hundreds of sub-problems.
func plan(n int) []task {
	all := boardMask(n)
	var tasks []task
	var expand func(t task, depth int)
	expand = func(t task, depth int) {
		if t.row >= depth {
			tasks = append(tasks, t)
			return
		}
		for free := t.allowed(all, t.row, t.cols, t.left, t.right); free != 0; free &= free - 1 {
			bit := free & -free
			u := t
			u.placed[t.row] = bit
			u.row++
			u.cols, u.left, u.right = t.cols|bit, (t.left|bit)<<1, (t.right|bit)>>1
			expand(u, depth)
		}
	}
	depth := min(n-3, 4) // the search ends with rows n-3..n-1 in one step
	for b := 2; b < n; b++ {
		forbid := new([64]uint64)
		for r := 2; r <= b && r < n; r++ {
			forbid[r] = 1 << 1
		}
		t := task{part: cornerPart, row: 1, cols: 1, left: 1 << 1, right: 0, forbid: forbid, edgeRow: -1, plain: b + 1, bottom: all &^ forbid[n-1]}
		t.placed[0] = 1
		bit := uint64(1) << b
		if bit&(t.cols|t.left|t.right) != 0 {
			continue
		}
		t.placed[1] = bit
		t.row = 2
		t.cols, t.left, t.right = t.cols|bit, (t.left|bit)<<1, (t.right|bit)>>1
		expand(t, max(depth, 2))
	}
	edges := uint64(1) | uint64(1)<<(n-1)
	for top := 1; 2*top < n-1; top++ {
		forbid := new([64]uint64)
		for r := 1; r < top; r++ {
			forbid[r] = edges
		}
		for r := n - top; r <= n-2; r++ {
			forbid[r] = edges
		}
		forbid[n-1] = all &^ (boardMask(n-top) &^ boardMask(top))
		bit := uint64(1) << top
		t := task{part: edgePart, row: 1, cols: bit, left: bit << 1, right: bit >> 1, forbid: forbid, edgeRow: n - 1 - top, edges: edges, plain: top, bottom: all &^ forbid[n-1]}
		t.placed[0] = bit
		expand(t, max(depth-1, 1))
	}
	return tasks
}

// allowed returns the free squares of row r, given the columns and
// diagonals attacked there: minus the row's forbidden squares, and the edge
// rule on row edgeRow.
func (t *task) allowed(all uint64, r int, cols, left, right uint64) uint64 {
	free := all &^ (cols | left | right | t.forbid[r&63])
	if r == t.edgeRow {
		switch cols & t.edges {
		case 0:
			return 0
		case t.edges:
		default:
			free &= t.edges
		}
	}
	return free
}

// searcher runs sub-problems of one board size; one per worker.
type searcher struct {
	n    int
	all  uint64
	stop *atomic.Bool
	poll int // pushes left before the next look at stop
	// The search's stack, by row: the state before the row's queen. The
	// loops share it, so that a leaf reads every row's queen from it.
	stCols, stLeft, stRight, stFree [64]uint64
	// Buffers of the leaf check.
	pos, inv [64]int
	// walk's state, saved when it returns before the end, and what it
	// reads from the sub-problem: its first row, the row n-4 it ends the
	// board from, the row before the edge rule's, the columns of the
	// bottom row, the edge columns, the part.
	r                       int
	cols, left, right, free uint64
	from, last, edgeRule    int
	bottom, edges           uint64
	corner                  bool
	low                     int // the sub-problem's first row (on the stack from there)
	// What walk found: the corner part's solutions (each a class of 8),
	// the edge part's solutions to check.
	cornerCount int64
	leaves      [16]leafCols // a power of two: keep indexes it with a mask
	nleaf       int
}

// leafCols is a solution to check: the columns of rows 0..k-1 for each
// row k from the sub-problem's first row to n-2 (as on the stack), the
// queens of the last two rows.
type leafCols struct {
	cols       [64]uint64
	next, last uint64
}

// run counts the completions of t; ok is false if s.stop was set.
func (s *searcher) run(t *task) (found tally, ok bool) {
	s.low = t.row
	if t.row < t.plain && t.plain <= s.n-3 {
		return s.constrained(t, t.row, t.plain, t.cols, t.left, t.right)
	}
	if t.row < t.plain {
		return s.constrained(t, t.row, s.n, t.cols, t.left, t.right)
	}
	return s.plainRows(t, t.row, t.cols, t.left, t.right)
}

// tick counts a push, and reports whether the search must stop.
func (s *searcher) tick() bool {
	if s.poll--; s.poll > 0 {
		return false
	}
	s.poll = pollInterval
	return s.stop.Load()
}

// constrained searches rows from..end-1 with each row's forbidden squares
// and the edge rule, from the masks of row from. With end = n it ends the
// board (the last two rows in one step, then the leaves); with a smaller
// end it hands each placement of row end-1 to plainRows.
func (s *searcher) constrained(t *task, from, end int, cols, left, right uint64) (found tally, ok bool) {
	n, all, forbid, edgeRow, edges := s.n, s.all, t.forbid, t.edgeRow, t.edges
	bottom := t.bottom
	if from == n-2 {
		return s.close(t, cols, left, right), true
	}
	st := s
	r := from
	free := t.allowed(all, r, cols, left, right)
	for {
		if free == 0 {
			if r == from {
				return found, true
			}
			r--
			cols, left, right, free = st.stCols[r&63], st.stLeft[r&63], st.stRight[r&63], st.stFree[r&63]
			continue
		}
		bit := free & -free
		free ^= bit
		nc, nl, nr := cols|bit, (left|bit)<<1, (right|bit)>>1
		switch {
		case r == end-1 && end < n:
			st.stCols[r&63] = cols
			f, ok := s.plainRows(t, end, nc, nl, nr)
			found.add(f)
			if !ok {
				return found, false
			}
			continue
		case r == n-3:
			st.stCols[r&63] = cols
			found.add(s.close(t, nc, nl, nr))
			continue
		}
		nf := all &^ (nc | nl | nr | forbid[(r+1)&63])
		if r+1 == edgeRow {
			switch nc & edges {
			case 0:
				continue
			case edges:
			default:
				nf &= edges
			}
		}
		if nf == 0 || all&^(nc|nl<<1|nr>>1|forbid[(r+2)&63]) == 0 {
			continue
		}
		// The bottom row must keep a square for its queen.
		if m := uint(n - 2 - r); bottom&^(nc|nl<<m|nr>>m) == 0 {
			continue
		}
		if s.tick() {
			return found, false
		}
		st.stCols[r&63], st.stLeft[r&63], st.stRight[r&63], st.stFree[r&63] = cols, left, right, free
		r++
		cols, left, right, free = nc, nl, nr, nf
	}
}

// plainRows searches rows from..n-1, from ≤ n-3, which nothing constrains
// but the edge rule on row t.edgeRow and the squares of row n-1 (t.bottom),
// from the masks of row from. The search itself is walk's (from ≤ n-4);
// plainRows checks the solutions walk sets aside, each time it returns.
func (s *searcher) plainRows(t *task, from int, cols, left, right uint64) (found tally, ok bool) {
	n := s.n
	free := t.allowed(s.all, from, cols, left, right)
	if from == n-3 { // no row for walk's loop: row n-3's queens, then close
		s.stCols[from&63] = cols
		for ; free != 0; free &= free - 1 {
			b := free & -free
			found.add(s.close(t, cols|b, (left|b)<<1, (right|b)>>1))
		}
		return found, true
	}
	s.from, s.last, s.edgeRule, s.bottom, s.edges = from, n-4, t.edgeRow-1, t.bottom, t.edges
	s.corner = t.part == cornerPart
	s.r, s.cols, s.left, s.right, s.free = from, cols, left, right, free
	for {
		done, stopped := s.walk()
		for i := range s.leaves[:s.nleaf] {
			l := &s.leaves[i]
			if orbit := s.leaf(t, &l.cols, l.next, l.last); orbit > 0 {
				found.solutions += int64(orbit)
				found.classes++
			}
		}
		s.nleaf = 0
		switch {
		case stopped:
			return found, false
		case done:
			found.solutions += 8 * s.cornerCount
			found.classes += s.cornerCount
			s.cornerCount = 0
			return found, true
		}
	}
}

// walk runs plainRows' loop (see the comment at the top of the file) from
// the state in s (s.r, s.cols, s.left, s.right, s.free and the stack)
// until the search is done (done), s.stop is set (stopped), or s.leaves
// is nearly full (neither: the state is saved back in s, to go on from).
// The corner part's solutions are counted in s.cornerCount; the edge
// part's go to s.leaves.
func (s *searcher) walk() (done, stopped bool) {
	all := s.all
	r, cols, left, right, free := s.r, s.cols, s.left, s.right, s.free
	for {
		if free == 0 {
			if r == s.from {
				return true, false
			}
			r--
			cols, left, right, free = s.stCols[r&63], s.stLeft[r&63], s.stRight[r&63], s.stFree[r&63]
			continue
		}
		bit := free & -free
		free ^= bit
		nc, nl, nr := cols|bit, (left|bit)<<1, (right|bit)>>1
		nf := all &^ (nc | nl | nr)
		if r == s.edgeRule {
			switch e := s.edges; nc & e {
			case 0:
				continue
			case e:
			default:
				nf &= e
			}
		}
		if r == s.last {
			for ; nf != 0; nf &= nf - 1 {
				b := nf & -nf
				c2, l2, r2 := nc|b, (nl|b)<<1, (nr|b)>>1
				empty := all &^ c2
				lo := empty & -empty
				hi := empty ^ lo
				// x (y) is zero iff lo (hi) can take row n-2 and the
				// other column row n-1 (no other constraint there:
				// see the comment at the top of the file).
				x := lo&(l2|r2) | hi&((l2|lo)<<1|(r2|lo)>>1|^s.bottom)
				y := hi&(l2|r2) | lo&((l2|hi)<<1|(r2|hi)>>1|^s.bottom)
				if x != 0 && y != 0 { // the common case
					continue
				}
				if s.corner {
					s.cornerCount += int64((x-1)>>63 + (y-1)>>63) // x, y < 1<<63
					continue
				}
				s.stCols[r&63], s.stCols[(r+1)&63] = cols, nc
				if x == 0 {
					s.keep(c2, lo, hi)
				}
				if y == 0 {
					s.keep(c2, hi, lo)
				}
			}
			if s.nleaf > len(s.leaves)-6 {
				s.r, s.cols, s.left, s.right, s.free = r, cols, left, right, free
				return false, false
			}
			continue
		}
		if nf == 0 || all&^(nc|nl<<1|nr>>1) == 0 {
			continue
		}
		if s.poll--; s.poll <= 0 {
			s.poll = pollInterval
			if s.stop.Load() {
				return false, true
			}
		}
		s.stCols[r&63], s.stLeft[r&63], s.stRight[r&63], s.stFree[r&63] = cols, left, right, free
		r++
		cols, left, right, free = nc, nl, nr, nf
	}
}

// keep adds to s.leaves the solution just found by walk: cols the columns
// of rows 0..n-3 (the rows above on the stack), next on row n-2 and last
// on row n-1.
func (s *searcher) keep(cols, next, last uint64) {
	l := &s.leaves[s.nleaf&(len(s.leaves)-1)]
	s.nleaf++
	n := s.n
	for k := s.low; k <= n-3; k++ {
		l.cols[k&63] = s.stCols[k&63]
	}
	l.cols[(n-2)&63] = cols
	l.next, l.last = next, last
}

// close ends the board from the masks of row n-2: the last two rows, on
// the two empty columns, each way round where neither queen is attacked
// nor forbidden. (In the edge part, the edge rule of row n-2 follows from
// the forbidden squares: an edge column left for row n-1 is forbidden
// there.) Rows up to n-3 are on the stack; s.stCols[n-2] gets cols.
func (s *searcher) close(t *task, cols, left, right uint64) (found tally) {
	n, forbid := s.n, t.forbid
	empty := s.all &^ cols
	for two := empty; two != 0; two &= two - 1 {
		b := two & -two
		e := empty ^ b
		if b&(left|right|forbid[(n-2)&63]) != 0 || e&((left|b)<<1|(right|b)>>1|forbid[(n-1)&63]) != 0 {
			continue
		}
		if t.part == cornerPart {
			found.solutions += 8
			found.classes++
			continue
		}
		s.stCols[(n-2)&63] = cols
		if orbit := s.leaf(t, &s.stCols, b, e); orbit > 0 {
			found.solutions += int64(orbit)
			found.classes++
		}
	}
	return found
}

func (f *tally) add(g tally) { f.solutions += g.solutions; f.classes += g.classes }

// leaf checks the edge-part solution just completed, rows 0..t.row-1 in
// t, rows t.row..n-3 on the stack, next on row n-2 and last on row n-1:
// it returns the size of the solution's class if the solution is the
// smallest of its 8 images, 0 if it is not.
func (s *searcher) leaf(t *task, cols *[64]uint64, next, last uint64) int {
	n := s.n
	pos, inv := &s.pos, &s.inv
	for k := 0; k < t.row; k++ {
		pos[k] = bits.TrailingZeros64(t.placed[k])
	}
	for k := t.row; k <= n-3; k++ {
		pos[k&63] = bits.TrailingZeros64(cols[(k+1)&63] ^ cols[k&63])
	}
	pos[(n-2)&63] = bits.TrailingZeros64(next)
	pos[(n-1)&63] = bits.TrailingZeros64(last)
	for k := range n {
		inv[pos[k&63]&63] = k
	}
	// The images' first rows hold the other border queens' distances
	// (or n-1 minus them), all at least top = pos[0]: unless one of them
	// is top too, the solution is smaller than its 7 images.
	m, top := n-1, pos[0]
	if b, c, d := pos[m&63], inv[0], inv[m&63]; b != top && b != m-top && c != top && c != m-top && d != top && d != m-top {
		return 8
	}
	equal := 0
	for sym := Rotate90; sym <= AntiTranspose; sym++ {
		switch compareImage(pos, inv, n, sym) {
		case -1:
			return 0
		case 0:
			equal++
		}
	}
	return 8 / (1 + equal)
}

// compareImage compares lexicographically, row by row, the image of the
// solution pos (inv its inverse permutation) under sym with pos itself:
// -1 if the image is smaller, 0 if equal, 1 if larger.
func compareImage(pos, inv *[64]int, n int, sym Symmetry) int {
	for r := range n {
		var c int
		switch sym {
		case Rotate90:
			c = n - 1 - inv[r&63]
		case Rotate180:
			c = n - 1 - pos[(n-1-r)&63]
		case Rotate270:
			c = inv[(n-1-r)&63]
		case MirrorColumns:
			c = n - 1 - pos[r&63]
		case MirrorRows:
			c = pos[(n-1-r)&63]
		case Transpose:
			c = inv[r&63]
		case AntiTranspose:
			c = n - 1 - inv[(n-1-r)&63]
		}
		switch p := pos[r&63]; {
		case c < p:
			return -1
		case c > p:
			return 1
		}
	}
	return 0
}

// small counts the solutions of a board of side n < 6 and their classes
// by listing them and keeping those that are the smallest of their 8
// images.
func small(n int) Result {
	var r Result
	p := make([]int, n)
	var place func(row int)
	place = func(row int) {
		if row == n {
			r.Solutions++
			var pos, inv [64]int
			copy(pos[:], p)
			for k, c := range p {
				inv[c] = k
			}
			canonical := true
			for sym := Rotate90; sym <= AntiTranspose; sym++ {
				canonical = canonical && compareImage(&pos, &inv, n, sym) >= 0
			}
			if canonical {
				r.Fundamental++
			}
			return
		}
		for c := range n {
			ok := true
			for k := range row {
				if p[k] == c || row-k == c-p[k] || row-k == p[k]-c {
					ok = false
					break
				}
			}
			if ok {
				p[row] = c
				place(row + 1)
			}
		}
	}
	place(0)
	return r
}
