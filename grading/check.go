package grading

import (
	"fmt"
	"reflect"
	"runtime/debug"
	"strings"
	"sync"
	"time"

	"github.com/prepa-reines/reines/tp/board"
)

// DefaultTimeout is the time one case may take before the check gives up
// on it.
const DefaultTimeout = 10 * time.Second

// Exercise is a question answered by a Go function of type F: the check
// calls it on inputs of type In and compares its outputs, of type Out, with
// the reference answer's. Only Question, Cases, Call and Want are required.
type Exercise[F, In, Out any] struct {
	*Question
	Cases  []In        // public cases, run in the notebook
	Hidden func() []In // further cases run only when the teacher grades (may be nil)
	// Call runs the student's function on one input.
	Call func(f F, in In) Out
	// Want computes the expected output with the reference answer of tp.
	Want func(in In) Out
	// Judge decides whether got is right; note, in French, says why not.
	// nil compares with reflect.DeepEqual.
	Judge func(in In, got, want Out) (ok bool, note string)
	// Input describes an input in French ("n = 4"); nil prints it with %v.
	Input func(in In) string
	// Format prints an output; nil uses %v.
	Format func(out Out) string
	// Example reports whether want is only one right answer among others
	// (any valid placement passes): the report then says « par exemple ».
	// nil: the expected output is the only right one.
	Example func(in In, want Out) bool
	// Board draws a failing case (nil: no drawing, or none for that case).
	Board func(in In, got Out) *board.Board
	// Timeout per case; 0 means DefaultTimeout.
	Timeout time.Duration

	wants sync.Map // JSON input → Want's result, for the bulk grader (Want is pure)
}

// Status is the outcome of one case.
type Status int

const (
	Passed         Status = iota // right answer
	Failed                       // wrong answer
	Panicked                     // the function panicked
	TimedOut                     // the function did not return in time
	NotImplemented               // the stub's panic(ToDo)
	Skipped                      // not run, after a time-out
)

// French labels of the statuses, as the reports show them.
func (s Status) String() string {
	return [...]string{"réussi", "échoué", "panique", "délai dépassé", "pas encore implémenté", "non exécuté"}[s]
}

// CaseResult is what one case gave.
type CaseResult struct {
	Input, Want, Got string // as shown to the student
	Status           Status
	Note             string       // French explanation, may be empty
	Board            *board.Board // drawing of a failing case, may be nil
}

// Report is the result of checking one function against the public cases.
type Report struct {
	Question *Question
	Cases    []CaseResult
	Hidden   int // number of further cases used at grading time
}

// Run checks f on the public cases. Each case runs in its own goroutine with
// the time limit; a panic is recovered and reported; after a time-out the
// remaining cases are skipped (the runaway goroutine cannot be stopped and
// ends with the cell's program). A nil f is reported as not implemented.
func (e *Exercise[F, In, Out]) Run(f F) Report {
	r := Report{Question: e.Question}
	if e.Hidden != nil {
		r.Hidden = len(e.Hidden())
	}
	nilFunc := reflect.ValueOf(&f).Elem().IsZero()
	timeout := e.Timeout
	if timeout == 0 {
		timeout = DefaultTimeout
	}
	stop := false
	for _, in := range e.Cases {
		cr := CaseResult{Input: e.describe(in)}
		want := e.Want(in)
		cr.Want = e.formatWant(in, want)
		switch {
		case nilFunc:
			cr.Status, cr.Note = NotImplemented, "la fonction "+e.Func+" vaut nil"
		case stop:
			cr.Status = Skipped
		default:
			got, status, note := e.call(f, in, timeout)
			cr.Status, cr.Note = status, note
			if status == TimedOut {
				stop = true
			}
			if status == Passed {
				cr.Got = e.format(got)
				ok, why := e.judge(in, got, want)
				if !ok {
					cr.Status, cr.Note = Failed, why
					if e.Board != nil {
						cr.Board = e.Board(in, got)
					}
				}
			}
		}
		r.Cases = append(r.Cases, cr)
	}
	return r
}

// call runs f on in, recovering panics, within timeout.
func (e *Exercise[F, In, Out]) call(f F, in In, timeout time.Duration) (Out, Status, string) {
	type result struct {
		out    Out
		status Status
		note   string
	}
	done := make(chan result, 1)
	go func() {
		defer func() {
			if v := recover(); v != nil {
				if s, ok := v.(string); ok && s == ToDo {
					done <- result{status: NotImplemented}
					return
				}
				done <- result{status: Panicked, note: fmt.Sprintf("panique : %v\n%s", v, studentFrames(debug.Stack()))}
			}
		}()
		done <- result{out: e.Call(f, in), status: Passed}
	}()
	select {
	case r := <-done:
		return r.out, r.status, r.note
	case <-time.After(timeout):
		var zero Out
		return zero, TimedOut, fmt.Sprintf("aucune réponse après %s : boucle infinie ? Les cas suivants ne sont pas exécutés.", seconds(timeout))
	}
}

// studentFrames keeps the lines of a stack trace that point into the
// notebook's program (main package), where the student's code is.
func studentFrames(stack []byte) string {
	lines := strings.Split(string(stack), "\n")
	var keep []string
	for i := 0; i+1 < len(lines); i++ {
		if strings.HasPrefix(lines[i], "main.") {
			keep = append(keep, lines[i], lines[i+1])
		}
	}
	if len(keep) > 8 {
		keep = keep[:8]
	}
	return strings.Join(keep, "\n")
}

func (e *Exercise[F, In, Out]) describe(in In) string {
	if e.Input != nil {
		return e.Input(in)
	}
	return fmt.Sprintf("%v", in)
}

func (e *Exercise[F, In, Out]) format(out Out) string {
	if e.Format != nil {
		return e.Format(out)
	}
	return fmt.Sprintf("%v", out)
}

// formatWant prints the expected output, « par exemple » when it is one
// right answer among others.
func (e *Exercise[F, In, Out]) formatWant(in In, want Out) string {
	if e.Example != nil && e.Example(in, want) {
		return "par exemple " + e.format(want)
	}
	return e.format(want)
}

func (e *Exercise[F, In, Out]) judge(in In, got, want Out) (bool, string) {
	if e.Judge != nil {
		return e.Judge(in, got, want)
	}
	return reflect.DeepEqual(got, want), ""
}

// Check runs f on the public cases and shows the report in the notebook
// (outside a notebook, the text report is printed).
func (e *Exercise[F, In, Out]) Check(f F) {
	e.Run(f).Display()
}

// Passed returns how many public cases passed.
func (r Report) Passed() int {
	n := 0
	for _, c := range r.Cases {
		if c.Status == Passed {
			n++
		}
	}
	return n
}

// Outcome sums the report up: "passed" when every public case passed,
// "not-implemented" when every case hit the stub, "failed" otherwise.
func (r Report) Outcome() string {
	switch p := r.Passed(); {
	case p == len(r.Cases):
		return "passed"
	case r.count(NotImplemented) == len(r.Cases):
		return "not-implemented"
	default:
		return "failed"
	}
}

func (r Report) count(s Status) int {
	n := 0
	for _, c := range r.Cases {
		if c.Status == s {
			n++
		}
	}
	return n
}
