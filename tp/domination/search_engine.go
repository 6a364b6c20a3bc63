package domination

import "math/bits"

// weightScale is lcm(1..8): the weight of a solution found in the
// sub-problem of a square orbit O is weightScale·|O|/|S∩O|, an integer
// since |S∩O| ≤ |O| ≤ 8 (see [Solve]).
const weightScale = 840

// searcher runs the depth-first search of [Solve] on one goroutine.
type searcher struct {
	g           *geometry
	independent bool
	firstOnly   bool // stop at the first solution

	nodes   []node  // nodes[d]: state with d queens placed
	cands   [][]int // per-depth candidate buffer
	top     []int   // top-k gains buffer
	queens  []int   // queens placed, in order
	forbids []int   // squares forbidden along the path (producer only)

	orbitOf   []int // orbit of each square, nil without symmetry
	orbitSize []int
	orbit     int // orbit of the current sub-problem, -1 without symmetry

	emit    func(queens, forbids []int) // producer: called instead of searching at depth splitAt
	splitAt int
	stop    func() bool // polled every 4096 nodes

	visited int64 // search nodes
	weight  int64 // Σ weights of the solutions found
	example []int // first solution found, nil if none
	aborted bool
}

func newSearcher(g *geometry, independent bool, maxDepth int) *searcher {
	s := &searcher{g: g, independent: independent, orbit: -1}
	s.nodes = make([]node, maxDepth+1)
	s.cands = make([][]int, maxDepth+1)
	for d := range s.nodes {
		s.nodes[d] = g.newNode()
		s.cands[d] = make([]int, 0, g.maxCover)
	}
	s.top = make([]int, maxDepth+1)
	return s
}

func (s *searcher) done() bool {
	return s.aborted || (s.firstOnly && s.example != nil)
}

// record counts the solution s.queens (plus extra when extra >= 0).
func (s *searcher) record(extra int) {
	w := int64(weightScale)
	if s.orbit >= 0 {
		in := 0
		for _, q := range s.queens {
			if s.orbitOf[q] == s.orbit {
				in++
			}
		}
		if extra >= 0 && s.orbitOf[extra] == s.orbit {
			in++
		}
		w = int64(weightScale * s.orbitSize[s.orbit] / in)
	}
	s.weight += w
	if s.example == nil {
		s.example = append([]int(nil), s.queens...)
		if extra >= 0 {
			s.example = append(s.example, extra)
		}
	}
}

// enough reports whether k queens on allowed squares may still cover the z
// uncovered squares: the sum of the k largest gains must reach z. It
// returns that verdict and the sum of the k−1 largest gains, a bound on what
// the other k−1 queens cover once one is chosen. Cost O(|a|·k).
func (s *searcher) enough(nd *node, k int) (bool, int) {
	g := s.g
	top := s.top[:k]
	for i := range top {
		top[i] = 0
	}
	for i, aw := range nd.a {
		for aw != 0 {
			t := i<<6 | bits.TrailingZeros64(aw)
			aw &= aw - 1
			v := g.gain(nd, t)
			if v <= top[k-1] {
				continue
			}
			top[k-1] = v
			for j := k - 1; j > 0 && top[j] > top[j-1]; j-- {
				top[j], top[j-1] = top[j-1], top[j]
			}
		}
	}
	sum := 0
	for _, v := range top[:k-1] {
		sum += v
	}
	return sum+top[k-1] >= nd.z, sum
}

// linesOK applies two arguments on lines (rows, columns, diagonals and
// anti-diagonals, four directions of n, n, 2n−1 and 2n−1 lines).
//
// Must lines: a queen off a line covers at most 3 of its squares, so a line
// with more than 3k uncovered squares must hold one of the k queens: in each
// direction at most k lines may have that many, and each needs an allowed
// square.
//
// Union bound: k queens lie on at most k lines of each direction, each with
// an allowed square, and every square they cover is on one of those 4k
// lines; so the sum over the directions of the k largest uncovered counts of
// such lines must reach z.
//
// It returns the verdict and the same bound for k−1 queens: a queen on c is
// worth trying only if gain(c) plus that bound reaches z.
func (s *searcher) linesOK(nd *node, k int) (bool, int) {
	g := s.g
	n := g.n
	L := g.nlines
	lim := uint8(min(3*k, 255))
	fams := [5]int{0, n, 2 * n, 4*n - 1, 6*n - 2}
	top := s.top[:k]
	total, last := 0, 0
	for f := 0; f < 4; f++ {
		for i := range top {
			top[i] = 0
		}
		over := 0
		for l := fams[f]; l < fams[f+1]; l++ {
			v := nd.cnt[l]
			if nd.cnt[L+l] == 0 {
				if v > lim {
					return false, 0
				}
				continue
			}
			if v > lim {
				over++
			}
			if int(v) > top[k-1] {
				top[k-1] = int(v)
				for j := k - 1; j > 0 && top[j] > top[j-1]; j-- {
					top[j], top[j-1] = top[j-1], top[j]
				}
			}
		}
		if over > k {
			return false, 0
		}
		for _, v := range top[:k-1] {
			total += v
		}
		last += top[k-1]
	}
	return total+last >= nd.z, total
}

// mostConstrained returns the uncovered square with the fewest allowed
// coverers, and that number.
func (s *searcher) mostConstrained(nd *node) (int, int) {
	g := s.g
	best, bm := -1, 1<<30
	for i, uw := range nd.u {
		for uw != 0 {
			t := i<<6 | bits.TrailingZeros64(uw)
			uw &= uw - 1
			if m := g.coverers(nd, t); m < bm {
				best, bm = t, m
				if m <= 1 {
					return best, bm
				}
			}
		}
	}
	return best, bm
}

// search explores the placements of k more queens from s.nodes[d]: it
// counts (record) every set of k queens on allowed squares that covers the
// uncovered squares, each once. It branches on the uncovered square u with
// the fewest allowed coverers: some queen covers u, so it tries each
// coverer c in turn and forbids c in the later branches. Candidates that
// cannot reach z with the best the other queens can do are skipped (no
// solution uses them). In the producer (emit set), nodes at depth splitAt
// become tasks instead.
func (s *searcher) search(d, k int) {
	s.visited++
	if s.visited&4095 == 0 && s.stop != nil && s.stop() {
		s.aborted = true
	}
	if s.done() {
		return
	}
	if s.emit != nil && d >= s.splitAt {
		s.emit(s.queens, s.forbids)
		return
	}
	g := s.g
	nd := &s.nodes[d]
	if nd.z == 0 {
		s.record(-1)
		return
	}
	if k == 0 || nd.z > k*g.maxCover {
		return
	}
	ok, rest := s.linesOK(nd, k)
	if !ok {
		return
	}
	u, m := s.mostConstrained(nd)
	if m == 0 {
		return
	}
	cov := g.cover[u*g.w : (u+1)*g.w]
	if k == 1 {
		for i, cw := range cov {
			aw := cw & nd.a[i]
			for aw != 0 {
				t := i<<6 | bits.TrailingZeros64(aw)
				aw &= aw - 1
				if g.gain(nd, t) == nd.z {
					s.record(t)
					if s.done() {
						return
					}
				}
			}
		}
		return
	}
	cands := s.cands[d][:0]
	for i, cw := range cov {
		aw := cw & nd.a[i]
		for aw != 0 {
			t := i<<6 | bits.TrailingZeros64(aw)
			aw &= aw - 1
			if g.gain(nd, t)+rest >= nd.z {
				cands = append(cands, t)
			}
		}
	}
	if len(cands) == 0 {
		return
	}
	ok, rest = s.enough(nd, k)
	if !ok {
		return
	}
	j := 0
	for _, t := range cands {
		if g.gain(nd, t)+rest >= nd.z {
			cands[j] = t
			j++
		}
	}
	cands = cands[:j]
	mark := len(s.forbids)
	child := &s.nodes[d+1]
	for _, c := range cands {
		child.copyFrom(nd)
		g.place(child, c, s.independent)
		s.queens = append(s.queens, c)
		s.search(d+1, k-1)
		s.queens = s.queens[:len(s.queens)-1]
		if s.done() {
			break
		}
		g.forbid(nd, c)
		if s.emit != nil {
			s.forbids = append(s.forbids, c)
		}
	}
	s.forbids = s.forbids[:mark]
}
