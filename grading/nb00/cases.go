package nb00

import (
	"github.com/prepa-reines/reines/grading"
	"github.com/prepa-reines/reines/tp/gobasics"
	"github.com/prepa-reines/reines/tp/queens"
)

// GridCase is an input of Q1: the size of the matrix.
type GridCase struct{ Rows, Cols int }

// GridOut sums up the matrix Grid returns.
type GridOut struct {
	Rows     int   // number of rows
	Lens     []int // length of each row
	AllFalse bool  // every square is false
	Shared   bool  // two rows are the same slice
}

// WithQueenCase is an input of Q2: WithQueen(p, A) then WithQueen(p, B),
// p having spare capacity.
type WithQueenCase struct {
	P    queens.Placement
	A, B int
}

// WithQueenOut is what the two calls return, read right after the second
// one, and whether p or the results changed when p was written to.
type WithQueenOut struct {
	A, B    queens.Placement
	Changed bool // p's elements changed
	Shared  bool // writing p's array changed a result
}

// PushCase is an input of Q5: Push called with each of Cols in turn on
// NewPartial(N).
type PushCase struct {
	N    int
	Cols []int
}

// PushOut is what the calls of Push returned and the state they left.
type PushOut struct {
	OK    []bool
	State gobasics.Partial
}

// ParseOut is what ParsePlacement returns.
type ParseOut struct {
	P   queens.Placement
	Err *grading.Err
}

// MemoOut is what two memoized functions returned on the same arguments,
// called alternately, and how often each called its f.
type MemoOut struct {
	First, Second           []int64
	FirstCalls, SecondCalls int
}

// SumOut is what SumParallel returned, and the largest number of calls
// of f that ran at once.
type SumOut struct {
	Sum  int64
	Peak int64
}

// WorkersCase is an input of Q9.
type WorkersCase struct {
	Tasks   []int
	Workers int
}

// WorkersOut is what Workers returned, how often f was called, by how
// many goroutines (TooMany: more than Workers), and the largest number of
// calls that ran at once, at the start and later on.
type WorkersOut struct {
	Sum      int64
	Calls    int64
	Callers  int64
	TooMany  bool
	Peak     int64
	LatePeak int64 `json:",omitempty"` // the most at once past the start (see lateOverlap)
}

// CountCase is an input of Q10: count the multiples of K in 0..N−1 with
// Workers goroutines.
type CountCase struct{ N, Workers, K int }

// CountOut is what CountParallel returned, how often it called pred, by
// how many goroutines (TooMany: more than Workers), and the largest
// number of calls of pred that ran at once, at the start and later on.
type CountOut struct {
	Count, Calls int64
	Callers      int64
	TooMany      bool
	Peak         int64
	LatePeak     int64 `json:",omitempty"` // the most at once past the start (see lateOverlap)
}

// DrainCase is an input of Q11: the values waiting in the channel, whether
// it is closed, and what happens to the context: "" nothing, "before"
// cancelled before the call, "later" cancelled 50 ms after it,
// "deadline" a deadline 100 ms after it.
type DrainCase struct {
	Values []int
	Close  bool
	Cancel string
}

// DrainOut is what Drain returned, its error named.
type DrainOut struct {
	Sum int
	Err string // "", "context.Canceled", "context.DeadlineExceeded" or the message
}
