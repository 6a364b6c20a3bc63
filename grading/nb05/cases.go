package nb05

import (
	"github.com/prepa-reines/reines/grading"
	"github.com/prepa-reines/reines/tp/domination"
	"github.com/prepa-reines/reines/tp/queens"
)

// CoverageCase is an input of Q4: the coverage C of the N×N board by
// Queens, built with the reference answers when the cases are made.
type CoverageCase struct {
	N           int
	Independent bool
	Queens      []queens.Square
	C           *domination.Coverage
}

// Op is one call of Update: add (Delta = +1) or remove (Delta = −1) a
// queen on (Row, Col), 0-based.
type Op struct{ Row, Col, Delta int }

// UpdateCase is an input of Q5: Ops applied in order to the
// empty N×N board.
type UpdateCase struct {
	N           int
	Independent bool
	Ops         []Op
	What        string // what the case tests, in French (may be empty)
}

// State is the coverage after one call of Update, and what the call
// returned.
type State struct {
	Err       *grading.Err
	Count     [][]int
	Queen     [][]bool
	Uncovered int
}

// UpdateOut is the state after each operation of a [UpdateCase].
type UpdateOut struct{ Steps []State }

// PlacementOut is what a function returning a placement gives: the
// queens and the error message ("" for none).
type PlacementOut struct {
	Queens []queens.Square
	Err    *grading.Err
}

// BoundOut is what LowerBound returns. Min, filled by the reference
// only, is i(Q_n) where it is known, 0 beyond.
type BoundOut struct {
	Bound int
	Err   *grading.Err
	Min   int `json:",omitempty"`
}

// SearchOut is what the sujet's searches return: the minimum, the number
// of minimum placements, a placement, the number of nodes and the error
// message; each question fills the fields its function returns.
type SearchOut struct {
	Min    int
	Count  int64
	Queens []queens.Square
	Nodes  int64
	Err    *grading.Err
	// Exhaustive, filled by the reference only, is the number of nodes of
	// the search without pruning (Q7), which a pruned search must beat.
	Exhaustive int64 `json:",omitempty"`
}

// ReservoirCase is an input of Q18: Draws calls of the
// function on Row with one generator seeded by Seed.
type ReservoirCase struct {
	Row   []int
	Draws int
	Seed  uint64
}

// ReservoirOut sums up the draws of a [ReservoirCase]: how often each
// index was returned (with true), how many draws returned an index that is
// not a zero of the row, how many returned false, and how many of those did
// not return −1; whether the same draws with the same seed gave the same
// indices (Reproducible), and with another seed other ones (Follows: the
// choice depends on the random source).
type ReservoirOut struct {
	Hits         []int
	Invalid      int
	Missed       int
	NotMinus     int
	Reproducible bool
	Follows      bool
}

// RandomCase is an input of Q19: Trials trials on the N×N
// board with the fixed probability and a generator seeded by Seed. Reach
// says that with so many trials the bound must reach i(Q_n).
type RandomCase struct {
	N, Trials int
	Seed      uint64
	Reach     bool
}

// RandomOut is what RandomCover returns, and whether a
// second call with the same seed returned exactly the same. Min (i(Q_n))
// is filled by the reference only.
type RandomOut struct {
	Best   int
	Queens []queens.Square
	Stats  domination.RandomStats
	Err    *grading.Err
	Same   bool
	Min    int
}

// ProbabilityCase is an input of Q22b: the N×N board, on which the
// probability is called on every state 0 ≤ Row < N, 0 ≤ Placed ≤ N,
// 1 ≤ Best ≤ N (only N is set in a case; the other fields name the state
// where a property fails).
type ProbabilityCase struct{ N, Row, Placed, Best int }

// ProbabilityOut is the first property of a probability of Q22b that
// fails on a board, if any (see [probabilityFault]): Fault names it
// ("" when every property holds), At is the state, Value (and Other, for
// the second value compared) what the probability gave there, as text
// (NaN and infinities do not travel in JSON).
type ProbabilityOut struct {
	Fault        string
	At, AtOther  ProbabilityCase
	Value, Other string
}

// ParallelCase is an input of Q24b: Trials trials on the N×N board shared
// among Workers goroutines, the fixed probability, generators derived from
// Seed; Reach says that with so many trials the bound must reach i(Q_n).
type ParallelCase struct {
	N, Trials, Workers int
	Seed               uint64
	Reach              bool
}

// ParallelOut is what RandomCoverParallel returns and what the watches
// of its calls of p saw (see [runParallel]): the most
// calls inside p at once, the goroutines that called it during the
// watches, whether the first watch gave up waiting for the workers to
// overlap; Started is the number of calls of p that begin a trial (on row
// 0 with no queen placed), Fresh those that follow another call of p in
// their goroutine (see trialCounts); LateTrial is the trial of each goroutine at which the
// second watch waits (0: none), LateMost and LateTimedOut what it saw. Start (the
// most queens the student's start, a valid answer of Q2b, can hold: see
// startMost) and Need (the calls that must overlap) are filled by the
// reference only.
type ParallelOut struct {
	Best         int
	Queens       []queens.Square
	Stats        domination.RandomStats
	Err          *grading.Err
	Most         int
	Callers      int
	TimedOut     bool
	Started      int64
	Fresh        int64
	LateTrial    int  `json:",omitempty"`
	LateMost     int  `json:",omitempty"`
	LateTimedOut bool `json:",omitempty"`
	Start        int
	Need         int
}

// WorkersCase is an input of Q29: the N×N board, Workers
// goroutines, the context cancelled before the call if Cancel.
type WorkersCase struct {
	N, Workers int
	Cancel     bool
}

// WorkersOut is what CoverByQueensWorkers returns, with its
// trace summed up: the workers that started and finished, the successive
// best values of the Improved events, the sub-problems searched.
type WorkersOut struct {
	Queens   []queens.Square
	Err      *grading.Err
	Started  []int
	Done     []int
	Improved []int
	Tasks    int
}
