package grading

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"reflect"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/prepa-reines/reines/tp/board"
	"github.com/prepa-reines/reines/tp/reserved"
)

// DefaultTimeout is the time one case may take before the check gives up
// on it; demonstrations give the student's functions as long; a question's
// own Timeout is capped by it. It is 10 s, or the duration the environment
// variable TimeoutEnv gives when the program starts ("1s": the tests of
// looping answers, which wait it out about eighty times). The one place
// the checks' and demonstrations' limits come from.
var DefaultTimeout = timeoutFrom(os.Getenv(TimeoutEnv))

// TimeoutEnv is the environment variable that sets DefaultTimeout.
const TimeoutEnv = "REINES_CHECK_TIMEOUT"

// Scaled is d, a wait of a check written for the default 10 s limit (a
// window in which the student's goroutines must meet), scaled to
// DefaultTimeout: d itself by default, a tenth of it at "1s". The checks'
// waits come from here, so that TimeoutEnv shortens them all.
func Scaled(d time.Duration) time.Duration {
	return time.Duration(float64(d) * float64(DefaultTimeout) / float64(10*time.Second))
}

// timeoutFrom is the limit value sets (a Go duration, positive), 10 s if it
// sets none or is not one.
func timeoutFrom(value string) time.Duration {
	if d, err := time.ParseDuration(value); err == nil && d > 0 {
		return d
	}
	return 10 * time.Second
}

// Exercise is a question answered by a Go function of type F: the check
// calls it on inputs of type In and compares its outputs, of type Out, with
// those of the reference answer Ref. Inputs and outputs round-trip through
// encoding/json (the bulk grader runs the student's function in a child
// process and judges in the parent; the student edition records them).
//
// Required: the Question's ID, Title and Points, Ref, Call, and public
// cases (Cases, Computed or both). Hidden is set by the notebook's package
// hidden (grading/nbNN/hidden), which the student edition has empty.
type Exercise[F, In, Out any] struct {
	Question
	// Ref is the reference answer, a function of package tp: the question's
	// function name and signature are its own.
	Ref F
	// Cases are public cases written as data.
	Cases []In
	// Computed returns further public cases that are computed from package
	// tp (e.g. a problem built by the reference constructor): they follow
	// Cases. The student edition has them as recorded data.
	Computed func() []In
	// Hidden returns the cases used only at grading time, drawn with rng
	// where they are random (its seed is the teacher's). Its number of cases
	// does not depend on rng.
	Hidden func(rng *rand.Rand) []In
	// Call runs a function of type F (the student's, or Ref) on one input.
	// It must not call any function that the student edition stubs.
	Call func(f F, in In) Out
	// Want computes the expected output; nil means Call(Ref, in).
	Want func(in In) Out
	// Judge decides whether got is right; note, in French, says why not,
	// or, for a right answer shown different from the expected one, why it
	// passes all the same (« résultat aléatoire : propriétés vérifiées »).
	// nil compares with reflect.DeepEqual.
	Judge func(in In, got, want Out) (ok bool, note string)
	// Input describes an input in French ("n = 4"); nil prints it with %v.
	Input func(in In) string
	// Format prints an output; nil uses %v.
	Format func(out Out) string
	// Diff, if not nil, prints the expected and obtained values of a
	// failing case instead of Format: what differs, marked, the rest
	// folded (outputs of many parts, such as the links of a problem).
	Diff func(got, want Out) (gotText, wantText string)
	// Example reports whether want is only one right answer among others
	// (any valid placement passes): the report then says « par exemple ».
	Example func(in In, want Out) bool
	// Board draws a failing case, given the expected output (nil: no
	// drawing, or none for that case).
	Board func(in In, got, want Out) *board.Board
	// Timeout per case; 0 means DefaultTimeout.
	Timeout time.Duration
	// Varies says that the reference's outputs differ from one run to the
	// next (a parallel search finds one of several right answers): a new
	// release of the student edition keeps the recorded expected outputs
	// of inputs that did not change.
	Varies bool

	// bound is the exercise's core, set by Define, through which Check
	// and Run reach it (see core).
	bound bound
}

// memo holds what an exercise computes once for the bulk grader, which
// judges the same cases for every student.
type memo struct {
	wants     sync.Map // JSON input → expected output
	wantSizes sync.Map // JSON input → size of the JSON of its expected output
}

// memos holds each exercise's memo, by its *core (not in Exercise: a
// program holding an Exercise would then compile sync.Map's generic
// methods again, see core).
var memos sync.Map

// memoOf returns the memo of the exercise e (a *core).
func memoOf(e any) *memo {
	m, ok := memos.Load(e)
	if !ok {
		m, _ = memos.LoadOrStore(e, new(memo))
	}
	return m.(*memo)
}

// Define is DefineIn(Workbook, e): each notebook package declares its
// questions with it.
func Define[F, In, Out any](e *Exercise[F, In, Out]) *Exercise[F, In, Out] {
	return DefineIn(Workbook, e)
}

// DefineIn completes e from its reference answer (Func, Signature,
// RefName), registers it in r and returns it. It panics on an incomplete
// definition or an ID r holds already (a programming error of the package
// that defines it).
func DefineIn[F, In, Out any](r *Registry, e *Exercise[F, In, Out]) *Exercise[F, In, Out] {
	pkg, name := funcName(e.Ref)
	if name == "" || e.Call == nil || len(e.Cases) == 0 && e.Computed == nil {
		panic("grading: exercise " + e.ID + " needs Ref, Call and public cases")
	}
	e.Func, e.RefName = name, pkg+"."+name
	e.Signature = reflect.TypeOf(e.Ref).String()
	r.register(&e.Question)
	c := bind(e)
	r.mu.Lock()
	r.runners[e.ID] = c
	r.mu.Unlock()
	return e
}

// core is an Exercise's behaviour: every method but Check and Run, which
// reach it through the interface Define stores (bound). A program that
// calls an exercise's Check, a notebook's check cell (GoNB builds one per
// cell), then compiles two one-line methods instead of instantiating
// every method of Exercise again (a fifth of a check cell's build).
type core[F, In, Out any] Exercise[F, In, Out]

// bound is what Check and Run call: an exercise's core.
type bound interface {
	checkAny(f any)
	runAny(f any) Report
}

// bind makes e's core the one its Check and Run reach, and returns it.
func bind[F, In, Out any](e *Exercise[F, In, Out]) *core[F, In, Out] {
	c := (*core[F, In, Out])(e)
	e.bound = c
	return c
}

// Check runs f on the public cases and shows the report in the notebook
// (outside a notebook, the text report is printed). Before that it reads
// the kernel's log: if the answer cell's last version did not compile,
// nothing is checked (GoNB holds an older f) and the report says so; if f
// uses package grading, the report says so and is not green. A question
// marked Race whose public cases pass is checked again in the notebook's
// program built with Go's race detector, as the grader checks it (see
// raceRecheck: a few seconds, a minute or two the first time): a race
// fails the report, with the functions involved.
// It panics if e was not made by Define.
func (e *Exercise[F, In, Out]) Check(f F) { e.impl().checkAny(f) }

// Run checks f on the public cases. Each case runs in its own goroutine with
// the time limit; a panic is recovered and reported; after a time-out the
// remaining cases are skipped (the runaway goroutine cannot be stopped and
// ends with the cell's program). A nil f is reported as not implemented.
// It panics if e was not made by Define.
func (e *Exercise[F, In, Out]) Run(f F) Report { return e.impl().runAny(f) }

func (e *Exercise[F, In, Out]) impl() bound {
	if e.bound == nil {
		panic("grading: exercise " + e.ID + " used before Define")
	}
	return e.bound
}

func (e *core[F, In, Out]) checkAny(f any) { e.Check(f.(F)) }

func (e *core[F, In, Out]) runAny(f any) Report { return e.Run(f.(F)) }

// Status is the outcome of one case.
type Status int

const (
	Passed         Status = iota // right answer
	Failed                       // wrong answer
	Panicked                     // the function panicked
	TimedOut                     // the function did not return in time
	NotImplemented               // the stub's panic(ToDo)
	Skipped                      // not run, after a time-out
	// Unjudged: the bulk grader's machine, too busy, did not give the
	// case its time; it counts neither way (see sandbox.Outcome.Machine).
	Unjudged
	// Crashed: the bulk grader's child stopped without a result (memory
	// exhausted, a data race, a stack overflow, os.Exit, a panic outside
	// the function's goroutine); the note says which.
	Crashed
)

// French labels of the statuses, as the reports show them.
func (s Status) String() string {
	return [...]string{"réussi", "échoué", "panique", "délai dépassé", "pas encore implémenté", "non exécuté", "non noté (machine surchargée)", "arrêt anormal"}[s]
}

// CaseResult is what one case gave.
type CaseResult struct {
	Input, Want, Got string // as shown to the student
	Status           Status
	Note             string       // French explanation, may be empty
	Board            *board.Board // drawing of a failing case, may be nil
	Kind             string       // French: which kind of input (see CaseKind), said of a failed hidden case
}

// Report is the result of checking one function against the public cases.
type Report struct {
	Question *Question
	Cases    []CaseResult
	Hidden   int // number of further cases used at grading time
	// Warning, when not empty, says in French why the report may not be
	// about the code the student sees (the answer cell did not compile and
	// an earlier version was checked, or the function uses package
	// grading): the report is then never green.
	Warning string
	// Hint, when not empty, is a French note shown under the summary of a
	// failing report: the function uses earlier answers that fail their
	// own checks (see CascadeNote).
	Hint string
	// Race is about a question marked Race whose public cases passed,
	// checked again with Go's race detector (in a notebook): Checked says
	// it was, Report is the detector's first report ("" when it saw no
	// race: then the report fails), Note why it could not be checked.
	Race struct {
		Checked      bool
		Report, Note string
	}
}

// raceLimit bounds the run of the public cases with the race detector,
// which slows a program down 2 to 20 times: 20 times one case's limit.
func (e *core[F, In, Out]) raceLimit() time.Duration {
	return 20 * e.timeout()
}

// timeout returns the time limit of one case.
func (e *core[F, In, Out]) timeout() time.Duration {
	if e.Timeout > 0 {
		return min(e.Timeout, DefaultTimeout)
	}
	return DefaultTimeout
}

// public returns the public inputs and a function giving the expected
// output of the k-th: recorded in the student edition, computed with the
// reference answer in the teacher's.
func (e *core[F, In, Out]) public() ([]In, func(k int) Out) {
	if rec := recording(e.Notebook()); rec != nil {
		r, ok := rec.Exercises[e.ID]
		if !ok || len(r.Inputs) != len(r.Wants) {
			panic("grading: nothing recorded for " + e.ID + ": release the student edition again")
		}
		ins := make([]In, len(r.Inputs))
		for k, raw := range r.Inputs {
			mustDecode(e.ID, raw, &ins[k])
		}
		return ins, func(k int) Out {
			var w Out
			mustDecode(e.ID, r.Wants[k], &w)
			return w
		}
	}
	ins := append([]In(nil), e.Cases...)
	if e.Computed != nil {
		ins = append(ins, e.Computed()...)
	}
	return ins, func(k int) Out { return e.want(ins[k]) }
}

func mustDecode(id string, raw json.RawMessage, v any) {
	if err := json.Unmarshal(raw, v); err != nil {
		panic(fmt.Sprintf("grading: recorded data of %s unreadable: %v", id, err))
	}
}

// want computes the expected output with the reference answer.
func (e *core[F, In, Out]) want(in In) Out {
	if e.Want != nil {
		return e.Want(in)
	}
	return e.Call(e.Ref, in)
}

// hiddenCount is the number of hidden cases (recorded in the student
// edition).
func (e *core[F, In, Out]) hiddenCount() int {
	if rec := recording(e.Notebook()); rec != nil {
		return rec.Exercises[e.ID].Hidden
	}
	if e.Hidden == nil {
		return 0
	}
	return len(e.Hidden(HiddenRand(e.ID, 1)))
}

// HiddenRand returns the random source of the hidden cases of question id
// for the teacher's seed: one stream per question, the same on every run
// with that seed. The stream is ChaCha8 (a cryptographic generator) keyed
// by HMAC-SHA256(seed, HiddenDomain+id): what a student sees of it (a
// hidden case revealed in the feedback, its random seed handed to their
// function) tells nothing of its other values, of another question's
// stream or of the teacher's seed, short of trying every seed (2⁶⁴ of
// them for a seed file's).
func HiddenRand(id string, seed uint64) *rand.Rand {
	return rand.New(rand.NewChaCha8(hiddenKey(id, seed)))
}

// HiddenDomain starts the message HiddenRand authenticates with the seed,
// so that its keys serve no other purpose.
const HiddenDomain = "reines hidden cases v2\x00"

// hiddenKey is HMAC-SHA256 of HiddenDomain+id under the seed's 8 bytes
// (big-endian).
func hiddenKey(id string, seed uint64) [32]byte {
	var k [8]byte
	binary.BigEndian.PutUint64(k[:], seed)
	m := hmac.New(sha256.New, k[:])
	m.Write([]byte(HiddenDomain + id))
	var key [32]byte
	copy(key[:], m.Sum(nil))
	return key
}

// Run is Exercise.Run.
func (e *core[F, In, Out]) Run(f F) Report {
	r := Report{Question: &e.Question, Hidden: e.hiddenCount()}
	nilFunc := reflect.ValueOf(&f).Elem().IsZero()
	ins, wants := e.public()
	stop := false
	// Stubs called while the program started (a table filled from a
	// reference answer) spoil every case.
	tainted, taintedBy := reserved.Count()
	// A case whose answer reaches a stub fails at once: the check does not
	// wait for an answer spinning on the stub's error.
	reached := make(chan string, 1)
	reserved.OnCall(func(name string) {
		select {
		case reached <- name:
		default:
		}
	})
	defer reserved.OnCall(nil)
	for k, in := range ins {
		want := wants(k)
		cr := CaseResult{Input: e.describe(in), Want: e.formatWant(in, want)}
		switch {
		case nilFunc:
			cr.Status, cr.Note = NotImplemented, "la fonction "+e.Func+" vaut nil"
		case stop:
			cr.Status = Skipped
		default:
			select {
			case <-reached: // a call left over from the previous case
			default:
			}
			before, _ := reserved.Count()
			got, status, note := call(func() Out { return e.Call(f, in) }, e.timeout(), reached)
			cr.Status, cr.Note = status, note
			if status == TimedOut {
				stop = true
			}
			if after, name := reserved.Count(); after > before || tainted > 0 {
				if after == before {
					name = taintedBy
				}
				cr.Status, cr.Note = Failed, ReservedNote(name)
				break
			}
			if status == Passed {
				cr.Got = e.format(got)
				ok, why := e.judge(in, got, want)
				if ok && cr.Got != e.format(want) {
					// A right answer shown different from the expected one
					// (another valid placement, a random result) says why it
					// passes.
					cr.Note = why
				}
				if !ok {
					cr.Status, cr.Note = Failed, why
					if cr.Got == cr.Want {
						// What is refused never shows as what is expected.
						cr.Got += SameTextNote
					}
					if e.Diff != nil {
						cr.Got, cr.Want = e.Diff(got, want)
					}
					if e.Board != nil {
						cr.Board = e.Board(in, got, want)
					}
				}
			}
		}
		r.Cases = append(r.Cases, cr)
	}
	return r
}

// call runs f, recovering panics, within timeout; status is Passed when f
// returned (whatever it returned). It stops waiting, with status Failed,
// when a stub's name arrives on reached.
func call[Out any](f func() Out, timeout time.Duration, reached <-chan string) (Out, Status, string) {
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
				done <- result{status: Panicked, note: PanicNote(v, debug.Stack())}
			}
		}()
		done <- result{out: f(), status: Passed}
	}()
	select {
	case r := <-done:
		return r.out, r.status, r.note
	case <-time.After(timeout):
		var zero Out
		return zero, TimedOut, TimeoutNote(timeout)
	case name := <-reached:
		var zero Out
		return zero, Failed, ReservedNote(name)
	}
}

// SameTextNote follows an obtained value that is refused although it shows
// as the expected one (values the report cannot tell apart in text).
const SameTextNote = " (s'affiche comme l'attendu, mais n'est pas la même valeur : voir la remarque)"

// ReservedNote is the diagnosis of a case whose answer reached a stub of
// the student edition (see package tp/reserved).
func ReservedNote(name string) string {
	return "votre code appelle " + name + ", " + Reserved + " : la réponse doit être calculée par votre propre code"
}

// TimeoutNote is the one French diagnosis of a case that ran out of time,
// in the notebook and in the grader's feedback alike.
func TimeoutNote(d time.Duration) string {
	return fmt.Sprintf("aucune réponse après %s : boucle infinie ou calcul trop long ? Les cas suivants ne sont pas exécutés.", Seconds(d))
}

// PanicNote describes a panic in French, with the frames of the stack that
// point into the student's code.
func PanicNote(v any, stack []byte) string {
	msg := fmt.Sprint(v)
	if s, ok := v.(string); ok && strings.Contains(s, Reserved) {
		return s // a stub of the student edition: its message says it all
	}
	note := "panique : " + frenchRuntimeError(msg)
	if frames := studentFrames(stack); frames != "" {
		note += "\n" + frames
	}
	return note
}

// runtimeErrors are the Go runtime's commonest panics, in French, by the
// start of their message (Go's own text follows, for a search).
var runtimeErrors = []struct{ prefix, french string }{
	{"runtime error: index out of range", "indice hors des bornes d'une tranche ou d'un tableau"},
	{"runtime error: slice bounds out of range", "bornes de sous-tranche hors de la tranche"},
	{"runtime error: invalid memory address or nil pointer dereference", "accès par un pointeur nil (ou une tranche, une map nil)"},
	{"assignment to entry in nil map", "écriture dans une map nil (créez-la avec make)"},
	{"runtime error: integer divide by zero", "division entière par zéro"},
	{"runtime error: makeslice: len out of range", "longueur de tranche négative ou trop grande dans make"},
}

// frenchRuntimeError says a runtime panic's message in French, Go's own
// words in parentheses; any other message is left as it is.
func frenchRuntimeError(msg string) string {
	for _, e := range runtimeErrors {
		if strings.HasPrefix(msg, e.prefix) {
			return e.french + " (" + msg + ")"
		}
	}
	return msg
}

// studentFrames keeps the lines of a stack trace that point into the
// notebook's program (main package), where the student's code is. In a
// grading child (which holds a key), only the frames of the student's
// cells are kept, each as "main.F — cellule N:L" (the file named by the
// //line directives of the grader's program, whatever folder the build
// put in front of it: a work folder, or none with -trimpath); the
// grader's own frames (the program's main, the harness) are left out,
// so that no work path reaches the feedback.
func studentFrames(stack []byte) string {
	return framesOf(stack, childKey != nil)
}

// framesOf is studentFrames; cellsOnly keeps only the cells' frames.
func framesOf(stack []byte, cellsOnly bool) string {
	lines := strings.Split(string(stack), "\n")
	var keep []string
	for i := 0; i+1 < len(lines); i++ {
		if !strings.HasPrefix(lines[i], "main.") {
			continue
		}
		fn := lines[i] // main.F(args), main.(*T).m(args), main.F.func1()
		if cut := strings.LastIndex(fn, "("); cut > 0 {
			fn = fn[:cut]
		}
		where := strings.TrimSpace(lines[i+1])
		if cut := strings.LastIndex(where, " +0x"); cut > 0 {
			where = where[:cut]
		}
		if !cellsOnly {
			keep = append(keep, fn+" — "+quoteLine(where))
			continue
		}
		where = where[strings.LastIndex(where, "/")+1:]
		if strings.HasPrefix(where, "cellule ") {
			keep = append(keep, fn+" — "+where)
		}
	}
	if limit := map[bool]int{false: 8, true: 4}[cellsOnly]; len(keep) > limit {
		keep = keep[:limit]
	}
	return strings.Join(keep, "\n")
}

// quoteLine names a frame's place, "/tmp/gonb_x/main.go:11", as "ligne
// 11 de main.go : " and the text of that line of the program GoNB built
// from the notebook's cells (cut at 80 characters); its file and line as
// they are if the file cannot be read.
func quoteLine(where string) string {
	file, num, ok := strings.Cut(where[strings.LastIndex(where, "/")+1:], ":")
	n, err := strconv.Atoi(num)
	if !ok || err != nil || n < 1 {
		return where
	}
	path := where[:len(where)-len(num)-1]
	// Only GoNB's program: a //line directive of the student's can name
	// any file (a FIFO, /dev/zero).
	if fi, err := os.Stat(path); file != "main.go" || err != nil || !fi.Mode().IsRegular() || fi.Size() > 16<<20 {
		return where
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return where
	}
	lines := strings.Split(string(data), "\n")
	if n > len(lines) {
		return where
	}
	text := strings.TrimSpace(lines[n-1])
	if r := []rune(text); len(r) > 80 {
		text = string(r[:79]) + "…"
	}
	return "ligne " + num + " de " + file + " : " + text
}

func (e *core[F, In, Out]) describe(in In) string {
	if e.Input != nil {
		return e.Input(in)
	}
	return fmt.Sprintf("%v", in)
}

func (e *core[F, In, Out]) format(out Out) string {
	if e.Format != nil {
		return e.Format(out)
	}
	return fmt.Sprintf("%v", out)
}

// formatWant prints the expected output, « par exemple » when it is one
// right answer among others.
func (e *core[F, In, Out]) formatWant(in In, want Out) string {
	if e.Example != nil && e.Example(in, want) {
		return "par exemple " + e.format(want)
	}
	return e.format(want)
}

func (e *core[F, In, Out]) judge(in In, got, want Out) (bool, string) {
	if e.Judge != nil {
		return e.Judge(in, got, want)
	}
	return reflect.DeepEqual(got, want), ""
}

// Check is Exercise.Check.
func (e *core[F, In, Out]) Check(f F) {
	if q := os.Getenv(raceQuestionEnv); q != "" {
		// The program raceRecheck built with the race detector: it runs
		// this question's cases, silently, and nothing else.
		if q == e.ID {
			e.Run(f)
		}
		return
	}
	if w := Stale(e.Func); w != "" {
		// The code GoNB holds is not the cell's: nothing is checked.
		Report{Question: &e.Question, Hidden: e.hiddenCount(), Warning: w}.Display()
		return
	}
	r := e.Run(f)
	r.Warning = Freshness(e.Func)
	if e.Race && !raceBuild && r.Outcome() == "passed" {
		r.Race.Report, r.Race.Note = raceRecheck(e.ID, e.raceLimit())
		r.Race.Checked = r.Race.Note == ""
	}
	if r.Outcome() == "failed" {
		r.Hint = cascadeHint(&e.Question)
	}
	rememberOutcome(e.ID, r.Outcome())
	r.Display()
}

// Passed returns how many public cases passed.
func (r Report) Passed() int { return r.count(Passed) }

// Outcome sums the report up: "stale" when a warning says the checked
// code is not the student's current code, "passed" when every public case
// passed, "not-implemented" when every case hit the stub, "failed"
// otherwise.
func (r Report) Outcome() string {
	switch p := r.Passed(); {
	case r.Warning != "":
		return "stale"
	case r.Race.Report != "":
		return "failed"
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
