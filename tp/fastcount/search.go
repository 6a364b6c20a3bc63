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
// stack with a look-ahead one row further, and the last two rows in one
// step (two empty columns, two ways round). The rows that nothing
// constrains (in the edge part, rows t..n-2-t) run in a loop of their own
// without the forbidden squares and the edge rule.

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
		t := task{part: cornerPart, row: 1, cols: 1, left: 1 << 1, right: 0, forbid: forbid, edgeRow: -1}
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
		t := task{part: edgePart, row: 1, cols: bit, left: bit << 1, right: bit >> 1, forbid: forbid, edgeRow: n - 1 - top, edges: edges}
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
	// phases share it, so that a leaf reads every row's queen from it.
	stCols, stLeft, stRight, stFree [64]uint64
	// Buffers of the leaf check.
	pos, inv [64]int
	found    tally // what free found so far
}

// run counts the completions of t; ok is false if s.stop was set.
func (s *searcher) run(t *task) (found tally, ok bool) {
	switch {
	case t.part == cornerPart:
		return s.constrained(t, t.row, s.n, t.cols, t.left, t.right)
	case t.row < s.n-1-t.edgeRow: // rows 1..top-1 left: forbidden edges
		return s.constrained(t, t.row, s.n-1-t.edgeRow, t.cols, t.left, t.right)
	}
	return s.free(t, t.row, t.cols, t.left, t.right)
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
// end (the top rows of the edge part) it hands each placement of row
// end-1 to free.
func (s *searcher) constrained(t *task, from, end int, cols, left, right uint64) (found tally, ok bool) {
	n, all, forbid, edgeRow, edges := s.n, s.all, t.forbid, t.edgeRow, t.edges
	bottom := all &^ forbid[(n-1)&63]
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
		case r == n-3:
			st.stCols[r&63] = cols
			found.add(s.close(t, nc, nl, nr))
			continue
		case r == end-1:
			st.stCols[r&63] = cols
			f, ok := s.free(t, end, nc, nl, nr)
			found.add(f)
			if !ok {
				return found, false
			}
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

// free searches the middle rows of the edge part, from..edgeRow-1, which
// nothing constrains: the plain loop, no forbidden squares, no rule, few
// live values (the found solutions go to s). Each placement of row
// edgeRow-1 goes on to constrained for the bottom rows, after a look at
// s.stop.
func (s *searcher) free(t *task, from int, cols, left, right uint64) (found tally, ok bool) {
	split := t.edgeRow
	if from >= split {
		return s.constrained(t, from, s.n, cols, left, right)
	}
	all := s.all
	r := from
	free := all &^ (cols | left | right)
	for {
		if free == 0 {
			if r == from {
				return s.take(), true
			}
			r--
			cols, left, right, free = s.stCols[r&63], s.stLeft[r&63], s.stRight[r&63], s.stFree[r&63]
			continue
		}
		bit := free & -free
		free ^= bit
		nc, nl, nr := cols|bit, (left|bit)<<1, (right|bit)>>1
		if r == split-1 {
			if s.stop.Load() {
				return s.take(), false
			}
			s.stCols[r&63] = cols
			f, ok := s.constrained(t, split, s.n, nc, nl, nr)
			s.found.add(f)
			if !ok {
				return s.take(), false
			}
			continue
		}
		nf := all &^ (nc | nl | nr)
		if nf == 0 || all&^(nc|nl<<1|nr>>1) == 0 {
			continue
		}
		s.stCols[r&63], s.stLeft[r&63], s.stRight[r&63], s.stFree[r&63] = cols, left, right, free
		r++
		cols, left, right, free = nc, nl, nr, nf
	}
}

// take returns and clears what free accumulated.
func (s *searcher) take() tally {
	f := s.found
	s.found = tally{}
	return f
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
		if orbit := s.leaf(t, b, e); orbit > 0 {
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
func (s *searcher) leaf(t *task, next, last uint64) int {
	n := s.n
	pos, inv := &s.pos, &s.inv
	for k := 0; k < t.row; k++ {
		pos[k] = bits.TrailingZeros64(t.placed[k])
	}
	for k := t.row; k <= n-3; k++ {
		pos[k&63] = bits.TrailingZeros64(s.stCols[(k+1)&63] ^ s.stCols[k&63])
	}
	pos[(n-2)&63] = bits.TrailingZeros64(next)
	pos[(n-1)&63] = bits.TrailingZeros64(last)
	for k := range n {
		inv[pos[k&63]&63] = k
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
