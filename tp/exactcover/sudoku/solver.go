package sudoku

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"iter"
	"strings"

	"github.com/prepa-reines/reines/tp/exactcover"
)

// Errors of [Solver.Solve].
var (
	ErrNoSolution = errors.New("sudoku: no solution")        // the givens do not clash but admit no solution
	ErrDigit      = errors.New("sudoku: digit out of range") // a Grid entry above 9
)

// MultipleError is returned by [Solver.Solve] when the puzzle has more
// than one solution: a proper Sudoku has exactly one. It holds two of them.
type MultipleError struct {
	First, Second Grid
}

func (e *MultipleError) Error() string {
	return fmt.Sprintf("sudoku: several solutions, e.g. %v and %v", e.First, e.Second)
}

// SudokuProblem returns the exact cover problem of the empty grid: 324
// primary items "pRC" (cell R, C has a digit), "rRD" (row R has digit D),
// "cCD" (column C has D), "bBD" (box B has D), all 1-based, and 729
// options; option 81r+9c+d−1 puts digit d in row r, column c (0-based r,
// c): "pRC rRD cCD bBD", as in TAOCP 7.2.2.1.
//
// Answers notebook 04 Q13 (the Sudoku as an exact cover).
func SudokuProblem() *exactcover.Problem {
	var items []string
	for _, kind := range []string{"p", "r", "c", "b"} {
		for x := 1; x <= 9; x++ {
			for y := 1; y <= 9; y++ {
				items = append(items, fmt.Sprintf("%s%d%d", kind, x, y))
			}
		}
	}
	p, err := exactcover.New(items, nil)
	if err != nil {
		panic(err) // les noms ci-dessus sont valides et distincts
	}
	// items[81*kind + 9*x + y] nomme l'élément de sorte kind (p, r, c, b), x et y
	// numérotés à partir de 0.
	for r := range 9 {
		for c := range 9 {
			b := 3*(r/3) + c/3
			for d := range 9 {
				err := exactcover.InsertOption(p, items[9*r+c], items[81+9*r+d], items[162+9*c+d],
					items[243+9*b+d])
				if err != nil {
					panic(err)
				}
			}
		}
	}
	return p
}

// Solver solves puzzles one after another with one dancing-links matrix,
// built once: for each puzzle it covers the options of the givens
// ([exactcover.Problem.Select]), searches, and uncovers them. Not safe for
// concurrent use; use one Solver per goroutine.
type Solver struct {
	p     *exactcover.Problem
	stats exactcover.Stats
}

// NewSolver builds the 324-item matrix ([SudokuProblem]): about 0.1 ms.
func NewSolver() *Solver { return &Solver{p: SudokuProblem()} }

// Solve returns the solution of the puzzle g. It checks the givens first
// ([Grid.Check]), then searches for two solutions to prove the first one
// unique. Cost: a few tens of microseconds for a 17-given puzzle.
//
// Errors: [ErrDigit] for an entry above 9; a [*ConflictError] for clashing
// givens (no search is made); [ErrNoSolution]; a [*MultipleError] holding
// two solutions (the first is also returned).
func (s *Solver) Solve(g Grid) (Grid, error) {
	s.stats = exactcover.Stats{}
	for k, d := range g {
		if d > 9 {
			return Grid{}, fmt.Errorf("%w: %d in %v", ErrDigit, d, Cell{k / 9, k % 9})
		}
	}
	if err := g.Check(); err != nil {
		return Grid{}, err
	}
	for k, d := range g {
		if d != 0 {
			if err := s.p.Select(9*k + int(d) - 1); err != nil {
				s.p.Reset()
				return Grid{}, err // unreachable after Check
			}
		}
	}
	var sols [2]Grid
	found := 0
	st, _ := s.p.Solve(context.Background(), func(options []int) bool {
		sols[found] = g
		for _, o := range options {
			sols[found][o/9] = uint8(o%9) + 1
		}
		found++
		return found < 2 // stop at the second solution
	})
	s.p.Reset()
	s.stats = st
	switch found {
	case 0:
		return Grid{}, ErrNoSolution
	case 1:
		return sols[0], nil
	}
	return sols[0], &MultipleError{sols[0], sols[1]}
}

// Stats returns the statistics of the search of the last [Solver.Solve]:
// zero if the givens clashed; covering the givens is not counted.
func (s *Solver) Stats() exactcover.Stats { return s.stats }

// Solve solves one puzzle with a new [Solver]; see [Solver.Solve].
func Solve(g Grid) (Grid, error) { return NewSolver().Solve(g) }

// Puzzle is a puzzle read from a file, with its 1-based line number.
type Puzzle struct {
	Line int
	Grid Grid
}

// LineError is an error about one line of a file: [ReadPuzzles] yields it
// for a line [Parse] rejects, and [Report] writes it.
type LineError struct {
	Line int   // 1-based line number
	Err  error // from Parse or Solve
}

func (e *LineError) Error() string {
	return fmt.Sprintf("sudoku: line %d: %s", e.Line, strings.TrimPrefix(e.Err.Error(), "sudoku: "))
}

func (e *LineError) Unwrap() error { return e.Err }

// maxLine is the longest line ReadPuzzles reads, in bytes.
const maxLine = 64 << 10

// ReadPuzzles reads one puzzle per line and yields each, in order, with a
// nil error, or a [*LineError] for a line [Parse] rejects, and goes on with
// the next line. Blank lines and comment lines (starting with '#') are
// skipped. A line longer than 64 KiB ends the reading with a *LineError
// wrapping bufio.ErrTooLong; a read error ends it with that error as is.
func ReadPuzzles(r io.Reader) iter.Seq2[Puzzle, error] {
	return func(yield func(Puzzle, error) bool) {
		sc := bufio.NewScanner(r)
		sc.Buffer(make([]byte, 0, 1024), maxLine)
		line := 0
		for sc.Scan() {
			line++
			g, err := Parse(sc.Text())
			switch {
			case errors.Is(err, ErrEmptyLine):
				continue
			case err != nil:
				err = &LineError{line, err}
			}
			if !yield(Puzzle{line, g}, err) {
				return
			}
		}
		switch err := sc.Err(); {
		case errors.Is(err, bufio.ErrTooLong):
			yield(Puzzle{Line: line + 1}, &LineError{line + 1, fmt.Errorf("line longer than %d bytes: %w", maxLine, err)})
		case err != nil:
			yield(Puzzle{}, err)
		}
	}
}

// Report solves every puzzle of r and writes one line per puzzle line to
// w: "line N: " then the solution, or the reason it has none (bad line,
// clashing givens, no solution, several solutions). It goes on after bad
// lines and returns the first read or write error.
//
// Example output: "line 1: 80 chars, want 81", "line 3: 98765432...".
func Report(r io.Reader, w io.Writer) error {
	s := NewSolver()
	bw := bufio.NewWriter(w)
	for pz, err := range ReadPuzzles(r) {
		if err == nil {
			var sol Grid
			if sol, err = s.Solve(pz.Grid); err == nil {
				fmt.Fprintf(bw, "line %d: %v\n", pz.Line, sol)
				continue
			}
			err = &LineError{pz.Line, err}
		}
		if _, ok := err.(*LineError); !ok { // a read error
			bw.Flush()
			return err
		}
		fmt.Fprintln(bw, strings.TrimPrefix(err.Error(), "sudoku: "))
	}
	return bw.Flush()
}
