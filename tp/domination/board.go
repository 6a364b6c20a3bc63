package domination

import "math/bits"

// geometry holds the precomputed tables of an n×n board for the exact
// solver: squares are numbered s = row*n + col, sets of squares are bit
// sets of w 64-bit words.
type geometry struct {
	n        int      // board side
	sq       int      // number of squares, n²
	w        int      // words per bit set, ⌈n²/64⌉
	nlines   int      // lines (rows, columns, diagonals, anti-diagonals): 6n − 2
	maxCover int      // most squares one queen covers, 4n − 3
	cover    []uint64 // sq*w words: cover[s*w:(s+1)*w] is the set a queen on s covers, s included
	lines    [][4]int // for each square, its row, column, diagonal and anti-diagonal index in [0, nlines)
	lineLen  []uint8  // number of squares of each line
}

func newGeometry(n int) *geometry {
	g := &geometry{n: n, sq: n * n, w: (n*n + 63) / 64, nlines: 6*n - 2, maxCover: 4*n - 3}
	g.cover = make([]uint64, g.sq*g.w)
	g.lines = make([][4]int, g.sq)
	g.lineLen = make([]uint8, g.nlines)
	for s := 0; s < g.sq; s++ {
		r, c := s/n, s%n
		g.lines[s] = [4]int{r, n + c, 2*n + r - c + n - 1, 4*n - 1 + r + c}
		for _, l := range g.lines[s] {
			g.lineLen[l]++
		}
		cov := g.cover[s*g.w : (s+1)*g.w]
		for t := 0; t < g.sq; t++ {
			r2, c2 := t/n, t%n
			if r2 == r || c2 == c || r2-c2 == r-c || r2+c2 == r+c {
				cov[t>>6] |= 1 << (t & 63)
			}
		}
	}
	return g
}

// node is the state of the search after some queens are placed and some
// squares forbidden: u is the set of uncovered squares, a the set of squares
// still allowed to hold a queen, cnt the number of squares of u (first
// nlines entries) and of a (last nlines entries) on each line, z = |u|.
type node struct {
	u, a []uint64
	cnt  []uint8
	z    int
}

func (g *geometry) newNode() node {
	return node{u: make([]uint64, g.w), a: make([]uint64, g.w), cnt: make([]uint8, 2*g.nlines)}
}

// reset makes nd the empty board: every square uncovered and allowed.
func (g *geometry) reset(nd *node) {
	for i := range nd.u {
		nd.u[i], nd.a[i] = 0, 0
	}
	for s := 0; s < g.sq; s++ {
		nd.u[s>>6] |= 1 << (s & 63)
	}
	copy(nd.a, nd.u)
	copy(nd.cnt, g.lineLen)
	copy(nd.cnt[g.nlines:], g.lineLen)
	nd.z = g.sq
}

func (dst *node) copyFrom(src *node) {
	copy(dst.u, src.u)
	copy(dst.a, src.a)
	copy(dst.cnt, src.cnt)
	dst.z = src.z
}

// place puts a queen on s: the squares it covers leave u; in independent
// mode they also leave a (a queen may only go on an uncovered square),
// otherwise only s itself does.
func (g *geometry) place(nd *node, s int, independent bool) {
	cov := g.cover[s*g.w : (s+1)*g.w]
	L := g.nlines
	for i, cw := range cov {
		nw := nd.u[i] & cw
		if nw == 0 {
			continue
		}
		nd.u[i] &^= nw
		nd.z -= bits.OnesCount64(nw)
		if independent {
			aw := nd.a[i] & nw
			nd.a[i] &^= aw
			for aw != 0 {
				t := i<<6 | bits.TrailingZeros64(aw)
				aw &= aw - 1
				ln := &g.lines[t]
				nd.cnt[L+ln[0]]--
				nd.cnt[L+ln[1]]--
				nd.cnt[L+ln[2]]--
				nd.cnt[L+ln[3]]--
			}
		}
		for nw != 0 {
			t := i<<6 | bits.TrailingZeros64(nw)
			nw &= nw - 1
			ln := &g.lines[t]
			nd.cnt[ln[0]]--
			nd.cnt[ln[1]]--
			nd.cnt[ln[2]]--
			nd.cnt[ln[3]]--
		}
	}
	if !independent {
		g.forbid(nd, s)
	}
}

// forbid removes s from the squares allowed to hold a queen.
func (g *geometry) forbid(nd *node, s int) {
	m := uint64(1) << (s & 63)
	if nd.a[s>>6]&m == 0 {
		return
	}
	nd.a[s>>6] &^= m
	L := g.nlines
	ln := &g.lines[s]
	nd.cnt[L+ln[0]]--
	nd.cnt[L+ln[1]]--
	nd.cnt[L+ln[2]]--
	nd.cnt[L+ln[3]]--
}

// gain is the number of uncovered squares a queen on s would cover: the four
// lines through s meet only at s.
func (g *geometry) gain(nd *node, s int) int {
	ln := &g.lines[s]
	v := int(nd.cnt[ln[0]]) + int(nd.cnt[ln[1]]) + int(nd.cnt[ln[2]]) + int(nd.cnt[ln[3]])
	if nd.u[s>>6]&(1<<(s&63)) != 0 {
		v -= 3
	}
	return v
}

// coverers is the number of allowed squares from which a queen covers s.
func (g *geometry) coverers(nd *node, s int) int {
	L := g.nlines
	ln := &g.lines[s]
	v := int(nd.cnt[L+ln[0]]) + int(nd.cnt[L+ln[1]]) + int(nd.cnt[L+ln[2]]) + int(nd.cnt[L+ln[3]])
	if nd.a[s>>6]&(1<<(s&63)) != 0 {
		v -= 3
	}
	return v
}
