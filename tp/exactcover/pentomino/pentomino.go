// Package pentomino packs the twelve pentominoes into rectangles of 60
// squares (6×10, 5×12, 4×15, 3×20) as exact cover problems with dancing
// links (notebook 04; TAOCP 7.2.2.1): the 12 pieces and the 60
// squares are primary items, and each way to place a piece on the board is
// an option naming the piece and its 5 squares.
//
// Pieces carry Conway's letters F I L N P T U V W X Y Z. A solution is a
// [Grid] of those letters, ready to be drawn. With symmetry breaking,
// each solution is found once up to the 4 symmetries of the rectangle.
//
// See example_test.go.
package pentomino

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/prepa-reines/reines/tp/exactcover"
)

// Letters are the names of the twelve pentominoes, in alphabetical order.
const Letters = "FILNPTUVWXYZ"

// shapes draws each piece in one orientation, '#' for its squares, rows
// separated by '/'.
var shapes = map[byte]string{
	'F': ".##/##./.#.",
	'I': "#####",
	'L': "#./#./#./##",
	'N': ".#/.#/##/#.",
	'P': "##/##/#.",
	'T': "###/.#./.#.",
	'U': "#.#/###",
	'V': "#../#../###",
	'W': "#../##./.##",
	'X': ".#./###/.#.",
	'Y': ".#/##/.#/.#",
	'Z': "##./.#./.##",
}

// Square is a square of a board, 0-based, Row from the top, Col from the
// left.
type Square struct {
	Row, Col int
}

// Orientations returns the distinct orientations of the piece named letter
// under the 8 rotations and reflections of the plane: 8 for F, L, N, P, Y;
// 4 for T, U, V, W, Z; 2 for I; 1 for X (63 in all). Each is a list of 5
// squares shifted to touch row 0 and column 0, sorted by row then column.
// The first 4 transforms are the rotations: for P, the orientations from
// index 4 on are its mirror images. Panics if letter is not in [Letters].
func Orientations(letter byte) [][]Square {
	shape, ok := shapes[letter]
	if !ok {
		panic("pentomino: unknown piece " + string(letter))
	}
	var base []Square
	for r, row := range strings.Split(shape, "/") {
		for c, ch := range row {
			if ch == '#' {
				base = append(base, Square{r, c})
			}
		}
	}
	var out [][]Square
	for t := range 8 {
		cells := make([]Square, len(base))
		for k, s := range base {
			r, c := s.Row, s.Col
			if t >= 4 { // reflect, then rotate
				c = -c
			}
			for range t % 4 { // rotate by 90°: (r, c) → (c, −r)
				r, c = c, -r
			}
			cells[k] = Square{r, c}
		}
		normalize(cells)
		if !slices.ContainsFunc(out, func(o []Square) bool { return slices.Equal(o, cells) }) {
			out = append(out, cells)
		}
	}
	return out
}

// normalize shifts the cells to touch row 0 and column 0 and sorts them.
func normalize(cells []Square) {
	minR, minC := cells[0].Row, cells[0].Col
	for _, s := range cells {
		minR, minC = min(minR, s.Row), min(minC, s.Col)
	}
	for k := range cells {
		cells[k].Row -= minR
		cells[k].Col -= minC
	}
	slices.SortFunc(cells, func(a, b Square) int {
		if a.Row != b.Row {
			return a.Row - b.Row
		}
		return a.Col - b.Col
	})
}

// ErrBoard is returned for a board that is not a rectangle of 60 squares.
var ErrBoard = errors.New("pentomino: the board must be a rectangle of 60 squares")

// placement is one option: a piece on 5 squares of the board.
type placement struct {
	letter  byte
	squares []Square
}

// Layout is the exact cover formulation of packing the 12 pieces into one
// board, as data: its items and options, named as [New] names them. A
// search that takes it (the dancing links of notebook 04, say) hands back
// solutions as option numbers, which [Layout.Grid] draws.
type Layout struct {
	Rows, Cols         int
	Primary, Secondary []string   // the items: the 12 letters, then squares "rRcC" (0-based); secondary "sym" with symmetry breaking
	Options            [][]string // Options[k] names option k's items: a letter and 5 squares (and "sym")
	placements         []placement
}

// Puzzle is the exact cover problem of one board: its [Layout] and the
// dancing links built from it.
type Puzzle struct {
	*Layout
	Problem *exactcover.Problem
}

// NewLayout returns the formulation of packing the 12 pieces into a board
// of rows × cols squares. Items are the 12 letters, then the squares
// "r0c0", "r0c1", ... (row-major), all primary; option k places one piece
// in one orientation at one position, and names the letter and its 5
// squares (2056 options for 6×10).
//
// With breakSymmetry, each solution is found once up to the symmetries of
// the rectangle (its two reflections and the half-turn): the centre of the
// X pentomino, whose placements are symmetric, is restricted to the
// top-left quarter of the board (half-lines included). An X centred on an
// axis of the board is fixed by the reflection in that axis; its options
// then hold the secondary item "sym", as do the options placing P in a
// mirror-image orientation, so that of a solution and its mirror image only
// the one with P unreflected remains. Solution counts are then divided by
// 4 exactly, since no solution is its own image (the restriction of X is
// Knuth's, "Dancing links", 2000).
//
// Errors: [ErrBoard] unless rows, cols ≥ 1 and rows × cols = 60.
func NewLayout(rows, cols int, breakSymmetry bool) (*Layout, error) {
	if rows < 1 || cols < 1 || rows > 60 || cols > 60 || rows*cols != 60 { // bounded first: a product may wrap around
		return nil, fmt.Errorf("%w: %d×%d", ErrBoard, rows, cols)
	}
	name := func(s Square) string { return fmt.Sprintf("r%dc%d", s.Row, s.Col) }
	l := &Layout{Rows: rows, Cols: cols}
	for k := range len(Letters) {
		l.Primary = append(l.Primary, Letters[k:k+1])
	}
	for r := range rows {
		for c := range cols {
			l.Primary = append(l.Primary, name(Square{r, c}))
		}
	}
	if breakSymmetry {
		l.Secondary = []string{"sym"}
	}
	for k := range len(Letters) {
		letter := Letters[k]
		for o, cells := range Orientations(letter) {
			h, w := 0, 0
			for _, s := range cells {
				h, w = max(h, s.Row+1), max(w, s.Col+1)
			}
			for r := 0; r+h <= rows; r++ {
				for c := 0; c+w <= cols; c++ {
					opt := []string{string(letter)}
					var squares []Square
					for _, s := range cells {
						sq := Square{r + s.Row, c + s.Col}
						squares = append(squares, sq)
						opt = append(opt, name(sq))
					}
					if breakSymmetry {
						switch {
						case letter == 'X':
							// The centre is (r+1, c+1); keep it in the top-left quarter.
							cr, cc := r+1, c+1
							if 2*cr > rows-1 || 2*cc > cols-1 {
								continue
							}
							if 2*cr == rows-1 || 2*cc == cols-1 {
								opt = append(opt, "sym")
							}
						case letter == 'P' && o >= 4:
							opt = append(opt, "sym")
						}
					}
					l.Options = append(l.Options, opt)
					l.placements = append(l.placements, placement{letter, squares})
				}
			}
		}
	}
	return l, nil
}

// New returns the problem of packing the 12 pieces into a board of rows ×
// cols squares: the dancing links of [NewLayout]'s formulation.
//
// Errors: [ErrBoard] unless rows, cols ≥ 1 and rows × cols = 60.
func New(rows, cols int, breakSymmetry bool) (*Puzzle, error) {
	l, err := NewLayout(rows, cols, breakSymmetry)
	if err != nil {
		return nil, err
	}
	p, err := exactcover.New(l.Primary, l.Secondary)
	if err != nil {
		return nil, err
	}
	for _, opt := range l.Options {
		if err := p.AddOption(opt...); err != nil {
			return nil, err
		}
	}
	return &Puzzle{l, p}, nil
}

// Grid is a filled board: Grid[r][c] is the letter of the piece on row r,
// column c (0-based), or '.' if the square is empty.
type Grid [][]byte

// String returns the rows of g, each followed by '\n'.
func (g Grid) String() string {
	var b strings.Builder
	for _, row := range g {
		b.Write(row)
		b.WriteByte('\n')
	}
	return b.String()
}

// Grid returns the board filled with the placements of a set of options of
// l (a solution, or part of one). Panics if an option is out of range.
func (l *Layout) Grid(options []int) Grid {
	g := make(Grid, l.Rows)
	for r := range g {
		g[r] = []byte(strings.Repeat(".", l.Cols))
	}
	for _, o := range options {
		pl := l.placements[o]
		for _, s := range pl.squares {
			g[s.Row][s.Col] = pl.letter
		}
	}
	return g
}

// Solve calls visit with each packing of the rows × cols board, as a fresh
// [Grid]; visit returns false to stop. See [New] for breakSymmetry. It
// returns the statistics of the search. 6×10 has 9356 packings, 2339 up to
// symmetry; 5×12: 4040 and 1010; 4×15: 1472 and 368; 3×20: 8 and 2.
//
// Errors: [ErrBoard]; ctx.Err() on cancellation.
func Solve(ctx context.Context, rows, cols int, breakSymmetry bool, visit func(Grid) bool) (exactcover.Stats, error) {
	pz, err := New(rows, cols, breakSymmetry)
	if err != nil {
		return exactcover.Stats{}, err
	}
	return pz.Problem.Solve(ctx, func(options []int) bool { return visit(pz.Grid(options)) })
}

// Count returns the number of packings of the rows × cols board, up to
// symmetry with breakSymmetry. 6×10 with symmetry breaking takes about a
// second.
//
// Errors: [ErrBoard]; ctx.Err() on cancellation.
func Count(ctx context.Context, rows, cols int, breakSymmetry bool) (int64, error) {
	pz, err := New(rows, cols, breakSymmetry)
	if err != nil {
		return 0, err
	}
	return pz.Problem.Count(ctx)
}
