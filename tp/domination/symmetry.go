package domination

import "slices"

// symmetry holds the orbits of the squares under the 8 symmetries of the
// square (the dihedral group D4) and the order in which [Solve] takes them.
type symmetry struct {
	orbitOf   []int   // orbit of each square
	orbitSize []int   // number of squares of each orbit (1, 4 or 8)
	rep       []int   // smallest square of each orbit
	ranked    []int   // the orbits that meet the lines of corner (0,0), in search order
	lower     [][]int // lower[i]: the squares of ranked[0..i-1]
}

// image returns the square (r, c) moved by symmetry t of D4, t in [0, 8).
func image(n, r, c, t int) (int, int) {
	if t&4 != 0 {
		r, c = c, r
	}
	for range t & 3 {
		r, c = c, n-1-r
	}
	return r, c
}

// newSymmetry computes the orbits of the n×n board and ranks those meeting
// the lines through the corner (0,0): every dominating set covers that
// corner, so it has a queen on such a square and its first orbit in this
// ranking is one of them.
func newSymmetry(n int) *symmetry {
	sq := n * n
	sy := &symmetry{orbitOf: make([]int, sq)}
	for s := range sq {
		sy.orbitOf[s] = -1
	}
	for s := range sq {
		if sy.orbitOf[s] >= 0 {
			continue
		}
		id := len(sy.orbitSize)
		sy.rep = append(sy.rep, s)
		size := 0
		for t := range 8 {
			r, c := image(n, s/n, s%n, t)
			if o := r*n + c; sy.orbitOf[o] < 0 {
				sy.orbitOf[o] = id
				size++
			}
		}
		sy.orbitSize = append(sy.orbitSize, size)
	}
	for o, s := range sy.rep {
		r, c := s/n, s%n
		// The orbit meets row 0, column 0 or the main diagonal iff its
		// representative lies on the border or on a main diagonal.
		if r == 0 || c == 0 || r == n-1 || c == n-1 || r == c || r+c == n-1 {
			sy.ranked = append(sy.ranked, o)
		}
	}
	// Largest orbits first, then board order: the later sub-problems forbid
	// more squares and end sooner.
	slices.SortStableFunc(sy.ranked, func(a, b int) int { return sy.orbitSize[b] - sy.orbitSize[a] })
	var acc []int
	for _, o := range sy.ranked {
		sy.lower = append(sy.lower, slices.Clone(acc))
		for s := range sq {
			if sy.orbitOf[s] == o {
				acc = append(acc, s)
			}
		}
	}
	return sy
}
