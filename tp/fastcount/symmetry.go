package fastcount

import (
	"context"
	"fmt"

	"github.com/prepa-reines/reines/tp/queens"
)

// Symmetry is one of the 8 symmetries of the square board (the dihedral
// group D4): 4 rotations and 4 reflections. Each maps square (r, c) of an
// n×n board, 0-based, to the square given in its comment.
type Symmetry int

const (
	Identity      Symmetry = iota // (r, c) → (r, c)
	Rotate90                      // quarter turn clockwise: (r, c) → (c, n-1-r)
	Rotate180                     // half turn: (r, c) → (n-1-r, n-1-c)
	Rotate270                     // quarter turn counterclockwise: (r, c) → (n-1-c, r)
	MirrorColumns                 // left–right reflection: (r, c) → (r, n-1-c)
	MirrorRows                    // top–bottom reflection: (r, c) → (n-1-r, c)
	Transpose                     // reflection in the main diagonal: (r, c) → (c, r)
	AntiTranspose                 // reflection in the other diagonal: (r, c) → (n-1-c, n-1-r)
)

// String returns the constant's name, e.g. "Rotate90".
func (s Symmetry) String() string {
	names := [...]string{"Identity", "Rotate90", "Rotate180", "Rotate270", "MirrorColumns", "MirrorRows", "Transpose", "AntiTranspose"}
	if s < 0 || int(s) >= len(names) {
		return fmt.Sprintf("Symmetry(%d)", int(s))
	}
	return names[s]
}

// Transform returns the image of p under the symmetry s: the placement
// whose queens are the images of the queens of p. p must be a permutation
// of 0..len(p)-1 (one queen per row and per column, as every solution is),
// so that each row of the image holds one queen. Cost O(n); allocates the
// result. Panics if p is not a permutation or s is not one of the 8
// constants.
func Transform(p queens.Placement, s Symmetry) queens.Placement {
	n := len(p)
	seen := make([]bool, n)
	for _, c := range p {
		if c < 0 || c >= n || seen[c] {
			panic("fastcount: Transform needs a permutation")
		}
		seen[c] = true
	}
	q := make(queens.Placement, n)
	for r, c := range p {
		switch s {
		case Identity:
			q[r] = c
		case Rotate90:
			q[c] = n - 1 - r
		case Rotate180:
			q[n-1-r] = n - 1 - c
		case Rotate270:
			q[n-1-c] = r
		case MirrorColumns:
			q[r] = n - 1 - c
		case MirrorRows:
			q[n-1-r] = c
		case Transpose:
			q[c] = r
		case AntiTranspose:
			q[n-1-c] = n - 1 - r
		default:
			panic("fastcount: unknown symmetry")
		}
	}
	return q
}

// Symmetries returns the 8 images of p, indexed by [Symmetry]: element s
// is [Transform](p, s). They need not differ: a solution fixed by a
// rotation has fewer distinct images (n = 6's unique class has 4). Cost
// O(n). Panics if p is not a permutation.
func Symmetries(p queens.Placement) [8]queens.Placement {
	var images [8]queens.Placement
	for s := range images {
		images[s] = Transform(p, Symmetry(s))
	}
	return images
}

// Fundamental returns the number of solutions of the n-queens problem up
// to rotation and reflection (OEIS A002562): 1 for n = 1, 0 for n = 2 and
// 3, 12 for n = 8, 1,846,955 for n = 16; 1 for n = 0 (the empty board).
// It is [CountAll]'s Fundamental, on all cores: the same search, the same
// cost (n = 16 in a few seconds).
//
// Errors: [queens.ErrNegative] for n < 0; [ErrTooLarge] for n > [MaxN].
func Fundamental(n int) (int64, error) {
	r, err := CountAll(context.Background(), n, Options{})
	return r.Fundamental, err
}
