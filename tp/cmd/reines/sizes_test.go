package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"math"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/prepa-reines/reines/tp/board"
	"github.com/prepa-reines/reines/tp/cp"
	cpqueens "github.com/prepa-reines/reines/tp/cp/nqueens"
	"github.com/prepa-reines/reines/tp/domination"
	"github.com/prepa-reines/reines/tp/exactcover/domcover"
	ecqueens "github.com/prepa-reines/reines/tp/exactcover/nqueens"
	"github.com/prepa-reines/reines/tp/exactcover/pentomino"
	"github.com/prepa-reines/reines/tp/fastcount"
	"github.com/prepa-reines/reines/tp/iterative"
	"github.com/prepa-reines/reines/tp/iterative/drawing"
	"github.com/prepa-reines/reines/tp/queens"
)

// sizeEntry is an exported entry point that takes a board size: call runs
// it on n and returns its error. Sizes 1..max are accepted (from 0 if
// zero is nil, the error for 0 otherwise), negative sizes give low, sizes
// above max give high. cheap: the call at max itself returns within a
// second (a builder, or a search given a cancelled context); a search
// that would run for ages there is called only on the sizes it refuses.
type sizeEntry struct {
	name      string
	call      func(n int) error
	max       int
	zero, low error
	high      error
	cheap     bool
}

// cancelled is a context that is already done: the searches that take one
// check their size, build, and return its error.
var cancelled = func() context.Context {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	return ctx
}()

func modelErr(m *cp.Model, _ any) error { return m.Err() }

var sizeEntries = []sizeEntry{
	{"queens.Solutions", func(n int) error { _, err := queens.Solutions(n); return err }, queens.MaxListN, nil, queens.ErrNegative, queens.ErrTooMany, false},
	{"queens.Count", func(n int) error { _, err := queens.Count(n); return err }, queens.MaxCountN, nil, queens.ErrNegative, queens.ErrTooLarge, false},
	{"queens.First", func(n int) error { _, _, err := queens.First(n); return err }, queens.MaxN, nil, queens.ErrNegative, queens.ErrTooLarge, false},
	{"fastcount.Count", func(n int) error {
		_, err := fastcount.Count(cancelled, n, fastcount.Options{})
		return ignoreCancel(err)
	}, fastcount.MaxN, nil, queens.ErrNegative, queens.ErrTooLarge, true},
	{"fastcount.Fundamental", func(n int) error { _, err := fastcount.Fundamental(n); return err }, fastcount.MaxN, nil, queens.ErrNegative, queens.ErrTooLarge, false},
	{"iterative.New", func(n int) error { _, err := iterative.New(n); return err }, queens.MaxN, iterative.ErrSize, iterative.ErrSize, queens.ErrTooLarge, true},
	{"iterative.Solve", func(n int) error { _, err := iterative.Solve(n); return err }, queens.MaxListN, iterative.ErrSize, iterative.ErrSize, queens.ErrTooMany, false},
	{"iterative.Trace", func(n int) error {
		_, err := iterative.Trace(n, func(*iterative.State, iterative.Event) bool { return false })
		return err
	}, queens.MaxN, iterative.ErrSize, iterative.ErrSize, queens.ErrTooLarge, true},
	{"cp/nqueens.Model1Pairwise", func(n int) error { return modelErr(cpqueens.Model1Pairwise(n)) }, cpqueens.MaxPairwiseN, nil, queens.ErrNegative, queens.ErrTooLarge, true},
	{"cp/nqueens.Model1AllDifferent", func(n int) error { return modelErr(cpqueens.Model1AllDifferent(n)) }, cpqueens.MaxModel1N, nil, queens.ErrNegative, queens.ErrTooLarge, true},
	{"cp/nqueens.Model2", func(n int) error { return modelErr(cpqueens.Model2(n)) }, cpqueens.MaxModel2N, nil, queens.ErrNegative, queens.ErrTooLarge, true},
	{"cp/nqueens.FirstSolution", func(n int) error {
		_, _, err := cpqueens.FirstSolution(n, cp.InputOrder, cp.Increasing)
		if n == 0 && errors.Is(err, cp.ErrNoSolution) {
			return nil
		}
		return err
	}, cpqueens.MaxModel1N, nil, queens.ErrNegative, queens.ErrTooLarge, false},
	{"exactcover/nqueens.QueensProblem", func(n int) error { _, err := ecqueens.QueensProblem(n); return err }, ecqueens.MaxN, nil, queens.ErrNegative, queens.ErrTooLarge, true},
	{"exactcover/nqueens.Solutions", func(n int) error { _, err := ecqueens.Solutions(n); return err }, ecqueens.MaxN, nil, queens.ErrNegative, queens.ErrTooLarge, true},
	{"exactcover/nqueens.Count", func(n int) error { _, _, err := ecqueens.Count(cancelled, n); return ignoreCancel(err) }, queens.MaxCountN, nil, queens.ErrNegative, queens.ErrTooLarge, true},
	{"exactcover/nqueens.First", func(n int) error { _, _, err := ecqueens.First(cancelled, n); return ignoreCancel(err) }, ecqueens.MaxN, nil, queens.ErrNegative, queens.ErrTooLarge, true},
	{"exactcover/domcover.New", func(n int) error { _, err := domcover.New(n); return err }, domcover.MaxN, domcover.ErrBoardSize, domcover.ErrBoardSize, queens.ErrTooLarge, true},
	{"exactcover/domcover.Minimum", func(n int) error { _, err := domcover.Minimum(cancelled, n, false); return ignoreCancel(err) }, domcover.MaxN, domcover.ErrBoardSize, domcover.ErrBoardSize, queens.ErrTooLarge, true},
	{"domination.NewCoverage", func(n int) error { _, err := domination.NewCoverage(n, true); return err }, domination.MaxN, domination.ErrBoardSize, domination.ErrBoardSize, queens.ErrTooLarge, true},
	{"domination.LowerBound", func(n int) error { _, err := domination.LowerBound(n); return err }, math.MaxInt32, domination.ErrBoardSize, domination.ErrBoardSize, queens.ErrTooLarge, true},
	{"domination.IndependentDominatingSet", func(n int) error { _, err := domination.IndependentDominatingSet(n); return err }, queens.MaxN, domination.ErrBoardSize, domination.ErrBoardSize, queens.ErrTooLarge, true},
	{"domination.RandomCover", func(n int) error {
		_, _, _, err := domination.RandomCover(n, 0, domination.FixedProbability, nil)
		return err
	}, domination.MaxN, domination.ErrBoardSize, domination.ErrBoardSize, queens.ErrTooLarge, true},
	{"domination.Solve", func(n int) error {
		_, err := domination.Solve(cancelled, n, domination.Options{})
		return ignoreCancel(err)
	}, domination.MaxSolveN, domination.ErrBoardSize, domination.ErrBoardSize, queens.ErrTooLarge, true},
	{"domination.CoverByQueensWorkers", func(n int) error {
		_, _, err := domination.CoverByQueensWorkers(cancelled, n, 1, nil)
		return ignoreCancel(err)
	}, domination.MaxN, domination.ErrBoardSize, domination.ErrBoardSize, queens.ErrTooLarge, true},
	{"domination.CoverByQueensExhaustive", func(n int) error { _, _, err := domination.CoverByQueensExhaustive(n); return err }, domination.MaxN, domination.ErrBoardSize, domination.ErrBoardSize, queens.ErrTooLarge, false},
	{"domination.CoverByQueens", func(n int) error { _, _, err := domination.CoverByQueens(n); return err }, domination.MaxN, domination.ErrBoardSize, domination.ErrBoardSize, queens.ErrTooLarge, false},
	{"domination.CoverByQueensPlacement", func(n int) error { _, _, err := domination.CoverByQueensPlacement(n); return err }, domination.MaxN, domination.ErrBoardSize, domination.ErrBoardSize, queens.ErrTooLarge, false},
	{"domination.RandomCoverParallel", func(n int) error {
		_, _, _, err := domination.RandomCoverParallel(n, 0, 1, domination.FixedProbability, 1)
		return err
	}, domination.MaxN, domination.ErrBoardSize, domination.ErrBoardSize, queens.ErrTooLarge, true},
	{"domination.CountMinimumCovers", func(n int) error { _, _, _, err := domination.CountMinimumCovers(n); return err }, domination.MaxN, domination.ErrBoardSize, domination.ErrBoardSize, queens.ErrTooLarge, false},
	{"domination.DominateByQueens", func(n int) error { _, _, _, err := domination.DominateByQueens(n); return err }, domination.MaxN, domination.ErrBoardSize, domination.ErrBoardSize, queens.ErrTooLarge, false},
	// Drawings take any side: beyond board.MaxN they say they cannot.
	{"drawing.Grid, drawn", func(n int) error {
		b := drawing.Grid(n)
		if s := b.Text() + b.SVG(false) + b.Option(false); n > board.MaxN && !strings.Contains(s, "trop grand") {
			return fmt.Errorf("a board of side %d drawn without saying it is too large", n)
		}
		return nil
	}, math.MaxInt, nil, nil, nil, true},
	{"pentomino.NewLayout, n×4", func(n int) error {
		if _, err := pentomino.NewLayout(n, 4, false); err != nil || n != 15 {
			return errors.Join(err, errNot15)
		}
		return nil
	}, 0, errNot15, errNot15, errNot15, false},
}

var errNot15 = errors.New("refused")

func ignoreCancel(err error) error {
	if errors.Is(err, context.Canceled) {
		return nil
	}
	return err
}

// sizes are the sizes every entry point is called on, beside its own
// largest accepted and first refused.
var sizes = []int{-1, 0, 1 << 31, 1 << 40, math.MaxInt, math.MinInt}

const sizesChild = "REINES_SIZES_CHILD"

// Every exported entry point that takes a board size gives, for n = −1, 0,
// its largest accepted size, the first it refuses, 2^31, 2^40 and max int,
// a value or its documented error, within a second for a refusal (see
// bound), never a panic or
// an allocation failure, under an address-space limit of 4 GiB (so that
// allocating what a refused size would need fails at once). The calls run
// in a child process, which dies if one of them does: the test says which.
func TestEntryPointSizes(t *testing.T) {
	if os.Getenv(sizesChild) == "1" {
		sizesInChild(t)
		return
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestEntryPointSizes$", "-test.v")
	cmd.Env = append(os.Environ(), sizesChild+"=1", "GOMAXPROCS=2")
	out, err := cmd.CombinedOutput()
	last := ""
	sc := bufio.NewScanner(strings.NewReader(string(out)))
	for sc.Scan() {
		if l := sc.Text(); strings.HasPrefix(l, "calling ") {
			last = l
		}
	}
	if err != nil {
		t.Fatalf("the child died (%v) while %s:\n%s", err, last, tail(string(out), 3000))
	}
	if !strings.Contains(string(out), "entry points: ok") {
		t.Fatalf("the child did not finish:\n%s", tail(string(out), 3000))
	}
}

func tail(s string, n int) string {
	if len(s) > n {
		return "…" + s[len(s)-n:]
	}
	return s
}

// bound is how long a call may take: a second to refuse a size (it looks
// at nothing else); ten to build the largest problem accepted, whose cost
// the entry point's doc states.
func bound(want error) time.Duration {
	if want == nil {
		return 10 * time.Second
	}
	return time.Second
}

func sizesInChild(t *testing.T) {
	const limit = 4 << 30
	if err := syscall.Setrlimit(syscall.RLIMIT_AS, &syscall.Rlimit{Cur: limit, Max: limit}); err != nil {
		t.Fatalf("setrlimit: %v", err)
	}
	for _, e := range sizeEntries {
		ns := append([]int(nil), sizes...)
		if e.max < math.MaxInt {
			ns = append(ns, e.max+1)
		}
		if e.cheap {
			ns = append(ns, e.max)
		}
		for _, n := range ns {
			want := e.high
			switch {
			case n < 0:
				want = e.low
			case n == 0:
				want = e.zero
			case n <= e.max:
				want = nil
			}
			fmt.Printf("calling %s(%d)\n", e.name, n)
			done := make(chan error, 1)
			go func() {
				defer func() {
					if r := recover(); r != nil {
						done <- fmt.Errorf("panic: %v", r)
					}
				}()
				done <- e.call(n)
			}()
			select {
			case err := <-done:
				if (want == nil) != (err == nil) || (want != nil && !errors.Is(err, want)) {
					t.Errorf("%s(%d): %v; want %v", e.name, n, err, want)
				}
			case <-time.After(bound(want)):
				t.Fatalf("%s(%d) still running after %v", e.name, n, bound(want))
			}
		}
	}
	fmt.Println("entry points: ok")
}
