// Package iterative holds the reference answers of notebook 02, the sujet's
// backtracking search for the N-queens problem written without recursion:
// one loop drives a small state machine, a [State], through the board.
// The drawing questions (Q14–Q17) are answered by package
// [github.com/prepa-reines/reines/tp/iterative/drawing], which also draws
// a state; this package computes and draws nothing.
//
// # Conventions
//
// Everything in this package counts rows and columns from 1, as the sujet
// does: the current square is (I, J) with 1 ≤ I, J ≤ n while a square is
// being tried, and C[1..n] holds the column chosen in each row (C[0] is
// unused). Solutions are handed back as [queens.Placement] values, which
// are 0-based: row r+1, column C[r+1] becomes p[r] = C[r+1]-1.
//
// The sujet's procedures work on global variables. Here the whole memory of
// the search is one [State] value, and each procedure is a top-level
// function that takes it explicitly (a pointer, since most of them move
// it): the sujet's ligne_suivante() is NextRow(s). Functions rather than
// methods, because a notebook can declare the former but not methods on a
// type of this package, and the notebook's answers are these functions.
//
// # The loop
//
// [Solve] (sujet `reines`) starts on square (1, 1) and repeats, until the
// search is back before the first row ([AtStart]):
//
//   - if every row holds a queen (I = n+1, [CanContinue] is false),
//     record C[1..n] ([AddSolution]) and backtrack;
//   - otherwise try the current square: if no queen of rows 1..I-1 attacks
//     it ([IsSafe]), put a queen there and go to the first square of
//     the next row ([NextRow]); else move one square right if the row
//     has one ([HasAlternative], [NextSquare]); else backtrack
//     ([Backtrack]).
//
// Every square of row k is tried once for each partial solution of rows
// 1..k-1, so the number of squares tried ([State].Steps) is n times the
// number of partial solutions with fewer than n rows: 1 for n = 1, 6 for
// n = 2, 18 for n = 3, 60 for n = 4.
//
// # Where the sujet's pseudo-code needs care
//
//   - Backtracking may have to climb several rows. When the queen of row
//     I-1 already sits in the last column, that row has no square left
//     either and the search must go up again, and so on. A backtrack that
//     goes up one row only and adds 1 to the column leaves J = n+1, a
//     square off the board that the test of Q3 need not reject (no queen
//     is in column n+1). The loop then places queens ever further right
//     and never stops, recording "solutions" such as "2" for n = 1 or
//     "1 6 4 2" for n = 4. [Backtrack] climbs until it finds a row
//     whose queen can move right, or leaves the board.
//   - Placing the queen of the last row moves the state to (n+1, 1), a row
//     that does not exist. That is where a solution is recognised, and the
//     loop must test for it before trying a square: the "squares" of row
//     n+1 are off the board. (Trying them happens to do no harm, as every
//     column already holds a queen and none of them is safe; but that is
//     n useless tries per solution, counted in [State].Steps, and a
//     recording of the solution that has to be made somewhere else.)
//   - The search stops when backtracking leaves row 1, that is after the
//     queen of row 1 has been tried in column n; the state is then (0, 0),
//     and I = 0 alone is the stopping test. A loop that stops as soon as
//     row 1 reaches its last column never tries the queen of row 1 in
//     column n and misses the solutions that begin there: for n = 5,
//     "5 2 4 1 3" and "5 3 1 4 2".
//   - n = 1: the first square tried is already a solution; the backtrack
//     that follows finds row 1 exhausted (its queen is in column n = 1) and
//     ends the search at once, after 1 square tried.
//   - n = 2 and n = 3 have no solution: every branch dies, and the loop
//     must still stop, with an empty list. It does because each backtrack
//     moves to a square later in the lexicographic order of partial
//     placements, so no state repeats.
//   - The solutions come out in lexicographic order, the order of the
//     recursive search of notebook 01 ([queens.Solutions]).
//
// See example_test.go for a runnable tour.
package iterative

import (
	"errors"

	"github.com/prepa-reines/reines/tp/queens"
)

// ErrSize is returned by [New], [Solve] and [Trace] for a board size n < 1:
// the sujet's loop starts on square (1, 1), which an empty board lacks.
// (The empty board's one solution is [queens.Solutions](0).)
var ErrSize = errors.New("iterative: board size must be at least 1")

// State is the whole memory of the iterative search on an n×n board.
// Rows and columns are 1-based, as in the sujet.
//
// Invariants between moves (checked by the tests): 0 ≤ I ≤ n+1; for
// 1 ≤ k < I, C[k] is the column of the queen of row k and these queens do
// not attack each other; C[k] = 0 for k ≥ I (and C[0] = 0); when
// 1 ≤ I ≤ n, 1 ≤ J ≤ n; I = n+1 means J = 1 and rows 1..n are full; I = 0
// means J = 0 and the search is over.
type State struct {
	N         int                // board size, n ≥ 1
	I, J      int                // current square: row I, column J (1-based)
	C         []int              // C[k] = column of the queen of row k, 1 ≤ k < I; len(C) = N+1, C[0] unused
	Solutions []queens.Placement // solutions found so far, 0-based, in the order found
	Steps     int                // squares tried so far (calls of IsSafe made by the loop)
}

// New returns the initial state on an n×n board: current square (1, 1), no
// queen placed, no solution, no step. Cost O(n).
//
// Errors: [ErrSize] for n < 1, [queens.ErrTooLarge] for n >
// [queens.MaxN].
//
// Answers notebook 02 Q1, sujet name `init`.
func New(n int) (*State, error) {
	if n < 1 {
		return nil, ErrSize
	}
	if err := queens.CheckSize(n, queens.MaxN); err != nil {
		return nil, err
	}
	return &State{
		N:         n,
		I:         1,
		J:         1,
		C:         make([]int, n+1),
		Solutions: []queens.Placement{},
	}, nil
}

// Attacks reports whether a queen on square (l, c) attacks the current
// square (s.I, s.J): same row, same column or same diagonal. A queen on the
// current square itself does not count. Cost O(1).
//
// Answers notebook 02 Q2, sujet name `est_prise`.
func Attacks(s *State, l, c int) bool {
	if l == s.I && c == s.J {
		return false
	}
	return l == s.I || c == s.J || l-c == s.I-s.J || l+c == s.I+s.J
}

// IsSafe reports whether no queen of rows 1..I-1 attacks the current
// square (I, J). Cost O(I). Panics if I > n+1 (index out of range).
//
// Answers notebook 02 Q3, sujet name `est_OK`.
func IsSafe(s *State) bool {
	for l := 1; l < s.I; l++ {
		if Attacks(s, l, s.C[l]) {
			return false
		}
	}
	return true
}

// NextSquare moves to the next square of the current row: J becomes J+1.
// It does not check that J+1 ≤ n; ask [HasAlternative] first.
// Cost O(1).
//
// Answers notebook 02 Q4, sujet name `case_suivante`.
func NextSquare(s *State) {
	s.J++
}

// NextRow puts a queen on the current square and moves to the first square
// of the next row: C[I] = J, then (I, J) becomes (I+1, 1). After the queen
// of row n the state is (n+1, 1): every row is full. Cost O(1). Panics if
// I > n (index out of range).
//
// Answers notebook 02 Q5, sujet name `ligne_suivante`.
func NextRow(s *State) {
	s.C[s.I] = s.J
	s.I++
	s.J = 1
}

// HasAlternative reports whether the current row has a square right of the
// current one. Cost O(1).
//
// Answers notebook 02 Q6, sujet name `existe_alternative`.
func HasAlternative(s *State, n int) bool {
	return s.J < n
}

// Backtrack abandons the current row I and moves to the next untried
// square of the rows above: it goes up to row I-1, lifts its queen and
// moves one square right of it. If that queen was in column n, row I-1 is
// exhausted too and Backtrack goes up again, until a queen can move right;
// rows left behind get C[k] = 0. If even row 1 is exhausted, the state
// becomes (0, 0) and [AtStart] reports true. Called from a dead end
// (1 ≤ I ≤ n, J = n) or after a solution (I = n+1). Cost O(n) in the worst
// case. Panics if the search is already over (I = 0).
//
// Answers notebook 02 Q7, sujet name `retour_arriere`.
func Backtrack(s *State, n int) {
	if s.I == 0 {
		panic("iterative: Backtrack called at the start")
	}
	s.I--
	for s.I >= 1 && s.C[s.I] == n {
		s.C[s.I] = 0
		s.I--
	}
	if s.I == 0 {
		s.J = 0
		return
	}
	s.J = s.C[s.I] + 1
	s.C[s.I] = 0
}

// AtStart reports whether the search is back before the first row (I = 0,
// and then J = 0): every square of row 1 has been tried and the search is
// over. Cost O(1).
//
// Answers notebook 02 Q8, sujet name `est_au_debut`.
func AtStart(s *State) bool {
	return s.I == 0
}

// CanContinue reports whether the current row is a row of the board: some
// rows are still to fill, and (I, J) is a square to try.
// Cost O(1).
//
// Answers notebook 02 Q9, sujet name `solution_possible`.
func CanContinue(s *State, n int) bool {
	return s.I >= 1 && s.I <= n
}

// IsSolution reports whether all n rows hold a queen; the queens C[1..n]
// then form a solution, since each was placed on a safe square.
// Cost O(1).
//
// Answers notebook 02 Q10, sujet name `est_solution`.
func IsSolution(s *State, n int) bool {
	return s.I == n+1
}

// AddSolution appends the queens C[1..n] to s.Solutions as a 0-based
// [queens.Placement]. Cost O(n). Panics unless
// [IsSolution](s, n).
//
// Answers notebook 02 Q11, sujet name `ajoute_solution`.
func AddSolution(s *State, n int) {
	if !IsSolution(s, n) {
		panic("iterative: AddSolution called before every row holds a queen")
	}
	p := make(queens.Placement, n)
	for k := 1; k <= n; k++ {
		p[k-1] = s.C[k] - 1
	}
	s.Solutions = append(s.Solutions, p)
}

// Solve runs the sujet's loop on an n×n board and returns every solution,
// 0-based, in lexicographic order: the same list as [queens.Solutions](n),
// Q(n) placements (OEIS A000170; 92 for n = 8). Cost: the loop tries n
// squares for each partial solution of fewer than n rows, each test O(n);
// about as long as the recursive search (n = 10 in about 10 ms).
//
// Errors: [ErrSize] for n < 1, [queens.ErrTooMany] for n >
// [queens.MaxListN] (the list would not fit in memory).
//
// Answers notebook 02 Q12, sujet name `reines`.
func Solve(n int) ([]queens.Placement, error) {
	if n > queens.MaxListN {
		return nil, queens.ErrTooMany
	}
	s, err := New(n)
	if err != nil {
		return nil, err
	}
	for !AtStart(s) {
		if !CanContinue(s, n) {
			AddSolution(s, n)
			Backtrack(s, n)
			continue
		}
		s.Steps++
		if IsSafe(s) {
			NextRow(s)
		} else if HasAlternative(s, n) {
			NextSquare(s)
		} else {
			Backtrack(s, n)
		}
	}
	return s.Solutions, nil
}
