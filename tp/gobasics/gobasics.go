// Package gobasics holds the reference answers of notebook 00, a primer of
// Go for students who know OCaml and C (grading/nb00/00-go.txtar): slices
// and their aliasing, maps, structs and pointers, errors, closures, and the
// goroutines, channels, locks, atomics and contexts that notebook 05 uses.
// Each answer is small and stands alone, so that the notebook shows it as
// the student would write it.
//
// The package also holds what the notebook hands out: [Partial] (a
// placement being built, with its columns and diagonals marked), its
// constructor and its Pop method, and the errors of [ParsePlacement].
//
// See example_test.go for a runnable tour.
package gobasics

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/prepa-reines/reines/tp/queens"
)

// Grid returns a rows×cols matrix of false, each row a slice of its own:
// writing g[i][j] changes no other square. It is Go's Array.make_matrix.
// Cost O(rows·cols). Panics if rows or cols is negative (as make does).
//
// Answers notebook 00 Q1.
func Grid(rows, cols int) [][]bool {
	g := make([][]bool, rows)
	for i := range g {
		g[i] = make([]bool, cols)
	}
	return g
}

// WithQueen returns the placement p followed by col, in a new slice: p is
// left as it was, and the result shares no storage with it (append alone
// may write into p's spare capacity). Cost O(len(p)).
//
// Answers notebook 00 Q2.
func WithQueen(p queens.Placement, col int) queens.Placement {
	q := make(queens.Placement, len(p), len(p)+1)
	copy(q, p)
	return append(q, col)
}

// Permutations returns the n! permutations of 0, 1, …, n−1 in
// lexicographic order, each a slice of its own; n = 0 gives one empty
// permutation, n < 0 none (nil). The recursion fills one slice and stores
// a copy of it at each leaf. Cost O(n·n!): n = 10 is 3,628,800 slices.
//
// Answers notebook 00 Q3.
func Permutations(n int) [][]int {
	if n < 0 {
		return nil
	}
	var perms [][]int
	p := make([]int, 0, n)
	used := make([]bool, n)
	var extend func()
	extend = func() {
		if len(p) == n {
			perms = append(perms, slices.Clone(p))
			return
		}
		for v := 0; v < n; v++ {
			if !used[v] {
				used[v] = true
				p = append(p, v)
				extend()
				p = p[:len(p)-1]
				used[v] = false
			}
		}
	}
	extend()
	return perms
}

// Attacks returns the number of pairs of queens of p that attack each
// other along a column or a diagonal, whatever stands between them (the
// rows are distinct, and two queens share at most one of those lines). p
// may hold any columns. It counts the queens of each line in three maps;
// k queens on a line make k(k−1)/2 pairs. Cost O(len(p)).
//
// Answers notebook 00 Q4.
func Attacks(p queens.Placement) int {
	cols, diags, antis := map[int]int{}, map[int]int{}, map[int]int{}
	pairs := 0
	for r, c := range p {
		// Chaque nouvelle reine fait une paire avec chacune des précédentes sur sa colonne
		// ou ses diagonales.
		pairs += cols[c] + diags[r-c] + antis[r+c]
		cols[c]++
		diags[r-c]++
		antis[r+c]++
	}
	return pairs
}

// Partial is a placement being built row by row on an N×N board, with the
// lines its queens hold marked, so that a safety test costs O(1). Its
// zero value is not usable: build one with [NewPartial].
type Partial struct {
	N    int    // board side
	Cols []int  // Cols[r]: the column of the queen of row r, for the rows placed so far
	Col  []bool // Col[c]: column c holds a queen; length N
	Diag []bool // Diag[r−c+N−1]: the diagonal of (r, c) holds a queen; length 2N−1 (0 for N = 0)
	Anti []bool // Anti[r+c]: the anti-diagonal of (r, c) holds a queen; length 2N−1 (0 for N = 0)
}

// NewPartial returns the empty Partial of an n×n board. n must be 0 or
// more, otherwise NewPartial panics (as make does).
func NewPartial(n int) *Partial {
	lines := max(2*n-1, 0)
	return &Partial{N: n, Cols: make([]int, 0, n), Col: make([]bool, n), Diag: make([]bool, lines), Anti: make([]bool, lines)}
}

// Row returns the row the next queen goes on: the number of queens placed.
func (s *Partial) Row() int { return len(s.Cols) }

// Pop removes the queen of the last row placed and clears its lines; it
// undoes the last successful [Push]. Panics if no queen is placed.
func (s *Partial) Pop() {
	r := len(s.Cols) - 1
	c := s.Cols[r]
	s.Cols = s.Cols[:r]
	s.Col[c], s.Diag[r-c+s.N-1], s.Anti[r+c] = false, false, false
}

// Push places a queen on column col of the next row of s, s.Row(), if
// that square is on the board and attacked by no queen of s: it appends
// col to s.Cols, marks the queen's column and diagonals, and returns true.
// Otherwise (col off the board, every row filled, or the square attacked)
// it changes nothing and returns false. Cost O(1).
//
// Answers notebook 00 Q5.
func Push(s *Partial, col int) bool {
	r := len(s.Cols)
	if r == s.N || col < 0 || col >= s.N {
		return false
	}
	d, a := r-col+s.N-1, r+col
	if s.Col[col] || s.Diag[d] || s.Anti[a] {
		return false
	}
	s.Cols = append(s.Cols, col)
	s.Col[col], s.Diag[d], s.Anti[a] = true, true, true
	return true
}

// ErrSyntax is wrapped by the error of [ParsePlacement] for a field that
// is not an integer.
var ErrSyntax = errors.New("gobasics: not an integer")

// ErrColumn is wrapped by the error of [ParsePlacement] for a column
// outside 1..n.
var ErrColumn = errors.New("gobasics: column off the board")

// ParsePlacement reads a placement written as the sujet prints it: the
// 1-based columns of rows 1..n separated by spaces ("2 4 1 3" is [1 3 0
// 2]); n is the number of fields, and the empty text is the empty
// placement. Queens may attack each other: only the syntax is checked.
// Cost O(len(s)).
//
// Errors: [ErrSyntax] for a field that is not an integer, [ErrColumn] for
// a column outside 1..n, wrapped with the field (test with errors.Is).
//
// Answers notebook 00 Q6.
func ParsePlacement(s string) (queens.Placement, error) {
	fields := strings.Fields(s)
	p := make(queens.Placement, len(fields))
	for r, f := range fields {
		c, err := strconv.Atoi(f)
		if err != nil {
			return nil, fmt.Errorf("%w: %q (row %d)", ErrSyntax, f, r+1)
		}
		if c < 1 || c > len(fields) {
			return nil, fmt.Errorf("%w: %d in row %d, not in 1..%d",
				ErrColumn, c, r+1, len(fields))
		}
		p[r] = c - 1
	}
	return p, nil
}

// Memo returns a function that computes f(x) once for each x and, on a
// later call with the same x, returns the stored value: the table lives in
// the closure, one per call of Memo. f may call the memoized function
// itself (through a variable), as a recursion does. Not safe for
// concurrent use.
//
// Answers notebook 00 Q7.
func Memo(f func(int) int64) func(int) int64 {
	seen := map[int]int64{}
	return func(x int) int64 {
		if v, ok := seen[x]; ok {
			return v
		}
		v := f(x)
		seen[x] = v
		return v
	}
}

// SumParallel returns f(ns[0]) + f(ns[1]) + …, each term computed in a
// goroutine of its own; the shared sum is guarded by a sync.Mutex and
// read after sync.WaitGroup.Wait. f must be safe for concurrent use.
//
// Answers notebook 00 Q8.
func SumParallel(ns []int, f func(int) int64) int64 {
	var (
		mu  sync.Mutex
		wg  sync.WaitGroup
		sum int64
	)
	for _, n := range ns {
		wg.Add(1)
		go func() {
			defer wg.Done()
			v := f(n)
			mu.Lock()
			sum += v
			mu.Unlock()
		}()
	}
	wg.Wait()
	return sum
}

// Workers returns the sum of f(t) over the tasks, computed by `workers`
// goroutines (at least 1) that take the tasks from a channel, so that at
// most that many calls of f run at once; each sends its partial sum on a
// second channel. f must be safe for concurrent use.
//
// Answers notebook 00 Q9.
func Workers(tasks []int, workers int, f func(int) int64) int64 {
	workers = max(workers, 1)
	todo := make(chan int)
	sums := make(chan int64)
	for range workers {
		go func() {
			var s int64
			for t := range todo { // jusqu'à la fermeture de todo
				s += f(t)
			}
			sums <- s
		}()
	}
	for _, t := range tasks {
		todo <- t
	}
	close(todo)
	var total int64
	for range workers {
		total += <-sums
	}
	return total
}

// CountParallel returns the number of i in 0..n−1 with pred(i), counted by
// `workers` goroutines (at least 1), worker w taking i = w, w+workers, …,
// each adding its finds to a shared atomic.Int64. pred is called once for
// each i and must be safe for concurrent use.
//
// Answers notebook 00 Q10.
func CountParallel(n, workers int, pred func(int) bool) int64 {
	workers = max(workers, 1)
	var count atomic.Int64
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := w; i < n; i += workers {
				if pred(i) {
					count.Add(1)
				}
			}
		}()
	}
	wg.Wait()
	return count.Load()
}

// Drain returns the sum of the values received on tasks until it is
// closed, and nil; or, if ctx is done first, the sum received so far and
// ctx.Err() (context.Canceled or context.DeadlineExceeded). It waits on
// both at once (select), so that it never blocks past the context.
//
// Answers notebook 00 Q11.
func Drain(ctx context.Context, tasks <-chan int) (int, error) {
	sum := 0
	for {
		select {
		case <-ctx.Done():
			return sum, ctx.Err()
		case v, ok := <-tasks:
			if !ok {
				return sum, nil
			}
			sum += v
		}
	}
}
