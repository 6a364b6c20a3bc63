package domination

import (
	"errors"
	"fmt"

	"github.com/prepa-reines/reines/tp/queens"
)

// Coverage is the sujet's `couverture`: an n×n board with queens on it and,
// for each square, the number of queens covering it (a queen covers its own
// square, once, and every square on its row, column and two diagonals). The
// number of uncovered squares is kept up to date, so that [Complete] is
// O(1). All fields are exported for drawing (Count is the heat map); change
// them only through [Update].
type Coverage struct {
	N         int      // board side
	Count     [][]int  // Count[row][col]: number of queens covering the square, n×n
	Queen     [][]bool // Queen[row][col]: whether a queen stands on the square, n×n
	Uncovered int      // number of squares with Count 0: the sujet's z
	// Independent is the sujet's rule: a queen may only be added on an
	// uncovered square, so the queens never attack each other. False for
	// the variant of Q27, where queens may attack each other.
	Independent bool
}

// Errors of [Update].
var (
	ErrOffBoard = errors.New("domination: square off the board")
	ErrDelta    = errors.New("domination: delta must be +1 (add a queen) or -1 (remove it)")
	ErrAttacked = errors.New("domination: square already covered, a queen there would be attacked")
	ErrOccupied = errors.New("domination: a queen already stands on the square")
	ErrNoQueen  = errors.New("domination: no queen on the square")
)

// NewCoverage returns the coverage of the empty n×n board: no queen, every
// count 0, n² uncovered squares. independent selects the sujet's rule (see
// [Coverage.Independent]). Cost O(n²).
//
// Errors: [ErrBoardSize] for n ≤ 0, [ErrTooLarge] for n > [MaxN].
//
// Sujet name `creer_couverture` (given by the sujet; notebook 05, section 2).
func NewCoverage(n int, independent bool) (*Coverage, error) {
	if n <= 0 {
		return nil, ErrBoardSize
	}
	if err := queens.CheckSize(n, MaxN); err != nil {
		return nil, err
	}
	c := &Coverage{N: n, Uncovered: n * n, Independent: independent}
	c.Count = make([][]int, n)
	c.Queen = make([][]bool, n)
	for i := range n {
		c.Count[i] = make([]int, n)
		c.Queen[i] = make([]bool, n)
	}
	return c, nil
}

// Queens returns the squares holding a queen, in row-major order. Cost
// O(n²).
func (c *Coverage) Queens() []queens.Square {
	var qs []queens.Square
	for i, row := range c.Queen {
		for j, q := range row {
			if q {
				qs = append(qs, queens.Square{Row: i, Col: j})
			}
		}
	}
	return qs
}

// Complete reports whether every square is covered by at least one queen:
// the queens dominate the board. Cost O(1), thanks to the counter
// c.Uncovered that [Update] maintains (a scan of the n² counts would cost
// O(n²)).
//
// Answers notebook 05 Q4 (and the written Q12 on its cost), sujet name
// `finale`.
func Complete(c *Coverage) bool {
	return c.Uncovered == 0
}

// Update adds (delta = +1) or removes (delta = −1) a queen on square sq and
// updates the counts of the squares it covers: its own square once, then
// the squares of its row, column and two diagonals, walking from sq in the
// 8 directions; the number of uncovered squares changes when a count leaves
// or reaches 0. Cost O(n).
//
// Errors (the sujet uses assert; nothing is changed on error):
// [ErrOffBoard] if sq is off the board; [ErrDelta] if delta is not ±1;
// adding: [ErrOccupied] if a queen is already there, [ErrAttacked] under
// the sujet's rule (c.Independent) if the square is covered; removing:
// [ErrNoQueen] if no queen is there.
//
// Answers notebook 05 Q5, sujet name `mise_a_jour`.
func Update(c *Coverage, sq queens.Square, delta int) error {
	n, r, col := c.N, sq.Row, sq.Col
	switch {
	case r < 0 || r >= n || col < 0 || col >= n:
		return fmt.Errorf("%w: row %d, column %d", ErrOffBoard, r+1, col+1)
	case delta != 1 && delta != -1:
		return fmt.Errorf("%w, got %d", ErrDelta, delta)
	case delta == 1 && c.Queen[r][col]:
		return fmt.Errorf("%w: row %d, column %d", ErrOccupied, r+1, col+1)
	case delta == 1 && c.Independent && c.Count[r][col] > 0:
		return fmt.Errorf("%w: row %d, column %d", ErrAttacked, r+1, col+1)
	case delta == -1 && !c.Queen[r][col]:
		return fmt.Errorf("%w: row %d, column %d", ErrNoQueen, r+1, col+1)
	}
	c.Queen[r][col] = delta == 1
	// adjust est le `modifie_case` du sujet.
	adjust := func(i, j int) {
		before := c.Count[i][j]
		c.Count[i][j] += delta
		if before == 0 {
			c.Uncovered--
		} else if c.Count[i][j] == 0 {
			c.Uncovered++
		}
	}
	adjust(r, col)
	directions := [8][2]int{{0, 1}, {0, -1}, {1, 0}, {-1, 0}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}}
	for _, d := range directions {
		for i, j := r+d[0], col+d[1]; i >= 0 && i < n && j >= 0 && j < n; i, j = i+d[0], j+d[1] {
			adjust(i, j)
		}
	}
	return nil
}
