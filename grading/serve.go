package grading

import (
	"bufio"
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"reflect"
	"runtime/debug"
	"slices"
	"strconv"
	"sync"

	"github.com/prepa-reines/reines/tp/reserved"
)

// The bulk grader runs a student's function in a child process that answers
// one case at a time: the child only computes the output and hands it back
// as data; the parent holds the reference answers and alone decides pass or
// fail. This file is both ends of that exchange. The child is built against
// the student edition without its recorded data: it holds no reference
// answer and no expected value.

// runner is an Exercise seen without its type parameters.
type runner interface {
	// inputs returns the public cases then, if hidden, the hidden ones drawn
	// with the teacher's seed, as JSON, and the number of public ones.
	inputs(hidden bool, seed uint64) ([]json.RawMessage, int, error)
	// serve runs f (the student's function, as any) on one JSON input and
	// returns the JSON output.
	serve(f any, input []byte) ([]byte, error)
	// judgeChild compares a child's result on input with the reference.
	judgeChild(input []byte, res ChildResult) CaseResult
	// record computes what the student edition records of the exercise.
	record() (RecordedExercise, error)
	// wantJSON returns the expected output of one JSON input, as JSON.
	wantJSON(input []byte) ([]byte, error)
	// varies reports Exercise.Varies.
	varies() bool
	// judged returns the numbers of the expected output of one JSON input
	// that its judge reads (see Expected).
	judged(input []byte) ([]float64, error)
}

func (e *core[F, In, Out]) varies() bool { return e.Varies }

func (e *core[F, In, Out]) inputs(hidden bool, seed uint64) ([]json.RawMessage, int, error) {
	ins, _ := e.public()
	out, err := e.encode(ins)
	if err != nil || !hidden || e.Hidden == nil {
		return out, len(out), err
	}
	// A hidden case that is also a public one is not hidden (its expected
	// value is in the student edition): such a draw is drawn again, from
	// the question's stream for another attempt, up to hiddenDraws times.
	seen := map[string]bool{}
	for _, b := range out {
		seen[string(b)] = true
	}
	var hid []json.RawMessage
	for attempt := 0; attempt < hiddenDraws; attempt++ {
		id := e.ID
		if attempt > 0 {
			id = fmt.Sprintf("%s#%d", e.ID, attempt)
		}
		if hid, err = e.encode(e.Hidden(HiddenRand(id, seed))); err != nil {
			return nil, 0, err
		}
		if !slices.ContainsFunc(hid, func(b json.RawMessage) bool { return seen[string(b)] }) {
			break
		}
	}
	return append(out, hid...), len(out), nil
}

// hiddenDraws bounds the draws of a question's hidden cases (see inputs):
// a generator that draws a public case every time is the teacher's to fix
// (the student edition's leak test finds it).
const hiddenDraws = 32

// encode returns the JSON of each input.
func (e *core[F, In, Out]) encode(ins []In) ([]json.RawMessage, error) {
	out := make([]json.RawMessage, len(ins))
	for i, in := range ins {
		b, err := json.Marshal(in)
		if err != nil {
			return nil, fmt.Errorf("grading: %s: case %d: %w", e.ID, i+1, err)
		}
		out[i] = b
	}
	return out, nil
}

// errSignature says that the student's function has the wrong type.
var errSignature = errors.New("mauvaise signature")

func (e *core[F, In, Out]) serve(f any, input []byte) ([]byte, error) {
	fn, ok := f.(F)
	if !ok {
		return nil, fmt.Errorf("%w : %s est de type %T, il faut %s", errSignature, e.Func, f, e.Signature)
	}
	var in In
	if err := json.Unmarshal(input, &in); err != nil {
		return nil, fmt.Errorf("grading: bad input for %s: %w", e.ID, err)
	}
	return json.Marshal(e.Call(fn, in))
}

func (e *core[F, In, Out]) judgeChild(input []byte, res ChildResult) CaseResult {
	var in In
	if err := json.Unmarshal(input, &in); err != nil {
		return CaseResult{Status: Failed, Note: "entrée illisible : " + err.Error()}
	}
	want := e.cachedWant(input, in)
	cr := CaseResult{Input: e.describe(in), Want: e.formatWant(in, want), Kind: CaseKind(in, want, e.publicMaxN())}
	switch {
	case res.Reserved != "":
		cr.Status, cr.Note = Failed, ReservedNote(res.Reserved)
		return cr
	case res.ToDo:
		cr.Status = NotImplemented
		return cr
	case res.Panic != "":
		cr.Status, cr.Note = Panicked, clip(res.Panic)
		return cr
	case res.Problem != "":
		cr.Status, cr.Note = Failed, clip(res.Problem)
		return cr
	}
	// An output far larger than the expected one is not judged: formatting
	// it, drawing it or judging it could cost the parent time and memory
	// out of proportion (a list of squares in the tens of thousands).
	if limit := 16*e.wantSize(input, want) + 16<<10; len(res.Output) > limit {
		cr.Status, cr.Note = Failed, fmt.Sprintf("sortie bien trop grande (%d Kio, au plus %d Kio attendus) : elle n'est pas jugée", len(res.Output)>>10, limit>>10)
		return cr
	}
	var got Out
	if err := json.Unmarshal(res.Output, &got); err != nil {
		cr.Status, cr.Note = Failed, "sortie illisible"
		return cr
	}
	cr.Got = clip(e.format(got))
	if ok, why := e.judge(in, got, want); !ok {
		cr.Status, cr.Note = Failed, why
		if cr.Got == cr.Want {
			cr.Got += SameTextNote // what is refused never shows as what is expected
		}
		if e.Diff != nil {
			gotText, wantText := e.Diff(got, want)
			cr.Got, cr.Want = clip(gotText), clip(wantText)
		}
		if e.Board != nil {
			cr.Board = e.Board(in, got, want)
		}
	}
	return cr
}

// wantSize is the size of the JSON of want, the expected output for input
// (cached with it).
func (e *core[F, In, Out]) wantSize(input []byte, want Out) int {
	if n, ok := memoOf(e).wantSizes.Load(string(input)); ok {
		return n.(int)
	}
	b, _ := json.Marshal(want)
	memoOf(e).wantSizes.Store(string(input), len(b))
	return len(b)
}

// maxText bounds the texts a case result keeps (what the child said, the
// output as formatted): a class's results stay in memory until the end.
const maxText = 4 << 10

// clip cuts s to maxText bytes, on a UTF-8 boundary, with an ellipsis.
func clip(s string) string {
	if len(s) <= maxText {
		return s
	}
	cut := maxText
	for cut > 0 && !utf8Start(s[cut]) {
		cut--
	}
	return s[:cut] + " … (coupé)"
}

// cachedWant returns the expected output for in, computed once per input:
// the bulk grader judges the same cases for every student.
func (e *core[F, In, Out]) cachedWant(input []byte, in In) Out {
	if w, ok := memoOf(e).wants.Load(string(input)); ok {
		return w.(Out)
	}
	w := e.want(in)
	memoOf(e).wants.Store(string(input), w)
	return w
}

// Inputs is Workbook.Inputs.
func Inputs(id string, hidden bool, seed uint64) ([]json.RawMessage, int, error) {
	return Workbook.Inputs(id, hidden, seed)
}

// Inputs returns the JSON inputs of question id: the public cases, then the
// hidden ones (drawn with seed) if hidden is set, and how many are public.
// Errors: unknown or written question.
func (reg *Registry) Inputs(id string, hidden bool, seed uint64) ([]json.RawMessage, int, error) {
	r := reg.runner(id)
	if r == nil {
		return nil, 0, fmt.Errorf("grading: no exercise %s", id)
	}
	return r.inputs(hidden, seed)
}

func (e *core[F, In, Out]) wantJSON(input []byte) ([]byte, error) {
	var in In
	if err := json.Unmarshal(input, &in); err != nil {
		return nil, err
	}
	return json.Marshal(e.cachedWant(input, in))
}

// WantNumbers returns the integers of at least min that the expected
// outputs of question id's cases hold (public and, if hidden, hidden ones
// drawn with seed), for the teacher's flag of an answer that holds them as
// constants. It stops between two cases once ctx is done (some references,
// the parallel ones, take a second or more per case), with ctx's error.
// The set is computed once per process for the same arguments (the
// grader asks for it for every notebook), and is not to be changed.
func (reg *Registry) WantNumbers(ctx context.Context, id string, hidden bool, seed uint64, min int64) (map[int64]bool, error) {
	key := fmt.Sprint(id, hidden, seed, min)
	if nums, ok := reg.wantNumbers.Load(key); ok {
		return nums.(map[int64]bool), nil
	}
	nums, err := reg.wantNumbersOf(ctx, id, hidden, seed, min)
	if err == nil {
		reg.wantNumbers.Store(key, nums)
	}
	return nums, err
}

// WantNumbers is Workbook.WantNumbers.
func WantNumbers(ctx context.Context, id string, hidden bool, seed uint64, min int64) (map[int64]bool, error) {
	return Workbook.WantNumbers(ctx, id, hidden, seed, min)
}

func (reg *Registry) wantNumbersOf(ctx context.Context, id string, hidden bool, seed uint64, min int64) (map[int64]bool, error) {
	r := reg.runner(id)
	if r == nil {
		return nil, fmt.Errorf("grading: no exercise %s", id)
	}
	ins, _, err := r.inputs(hidden, seed)
	if err != nil {
		return nil, err
	}
	nums := map[int64]bool{}
	var walk func(v any)
	walk = func(v any) {
		switch v := v.(type) {
		case json.Number:
			if k, err := v.Int64(); err == nil && k >= min {
				nums[k] = true
			}
		case []any:
			for _, x := range v {
				walk(x)
			}
		case map[string]any:
			for _, x := range v {
				walk(x)
			}
		}
	}
	for _, in := range ins {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		out, err := r.wantJSON(in)
		if err != nil {
			return nil, err
		}
		dec := json.NewDecoder(bytes.NewReader(out))
		dec.UseNumber()
		var v any
		if dec.Decode(&v) == nil {
			walk(v)
		}
	}
	return nums, nil
}

// ExpectedCase is one hidden case of a question as the leak test looks for
// it: the numbers of its input, and the numbers of its expected output
// that decide the case.
type ExpectedCase struct {
	Input  json.RawMessage
	In     []float64 // the numbers of the input
	Judged []float64 // the numbers of the expected output the judge reads
}

// Expected returns the hidden cases of question id drawn with seed, each
// with the numbers of its input and those of its expected output that its
// judge reads: a number the judge reads is one whose change (by one, or by
// half its value) makes the expected output fail the case. Errors: unknown
// or written question.
func (reg *Registry) Expected(id string, seed uint64) ([]ExpectedCase, error) {
	r := reg.runner(id)
	if r == nil {
		return nil, fmt.Errorf("grading: no exercise %s", id)
	}
	ins, public, err := r.inputs(true, seed)
	if err != nil {
		return nil, err
	}
	var out []ExpectedCase
	for _, in := range ins[public:] {
		judged, err := r.judged(in)
		if err != nil {
			return nil, fmt.Errorf("grading: %s: %w", id, err)
		}
		out = append(out, ExpectedCase{Input: in, In: jsonNumbers(in), Judged: judged})
	}
	return out, nil
}

// jsonNumbers returns the numbers of the JSON value data, in the order
// of mapNumbers.
func jsonNumbers(data []byte) []float64 {
	var nums []float64
	mapNumbers(data, func(n json.Number) json.Number {
		if f, err := n.Float64(); err == nil {
			nums = append(nums, f)
		}
		return n
	})
	return nums
}

// mapNumbers returns the JSON value data with each number n replaced by
// f(n), visited in a fixed order (objects by sorted keys); nil if data is
// not JSON.
func mapNumbers(data []byte, f func(json.Number) json.Number) []byte {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var v any
	if dec.Decode(&v) != nil {
		return nil
	}
	var walk func(v any) any
	walk = func(v any) any {
		switch x := v.(type) {
		case json.Number:
			return f(x)
		case []any:
			for i := range x {
				x[i] = walk(x[i])
			}
		case map[string]any:
			for _, k := range slices.Sorted(maps.Keys(x)) {
				x[k] = walk(x[k])
			}
		}
		return v
	}
	out, _ := json.Marshal(walk(v))
	return out
}

func (e *core[F, In, Out]) judged(input []byte) ([]float64, error) {
	var in In
	if err := json.Unmarshal(input, &in); err != nil {
		return nil, err
	}
	want := e.cachedWant(input, in)
	wb, err := json.Marshal(want)
	if err != nil {
		return nil, err
	}
	nums := jsonNumbers(wb)
	var judged []float64
	for k := range min(len(nums), maxJudged) {
		for _, change := range []func(float64) float64{func(v float64) float64 { return v + 1 }, func(v float64) float64 { return v*1.5 + 2 }} {
			i := 0
			changed := mapNumbers(wb, func(n json.Number) json.Number {
				if i++; i-1 == k {
					return json.Number(strconv.FormatFloat(change(nums[k]), 'g', -1, 64))
				}
				return n
			})
			var got Out
			if json.Unmarshal(changed, &got) != nil {
				continue
			}
			if ok, _ := e.safeJudge(in, got, want); !ok {
				judged = append(judged, nums[k])
				break
			}
		}
	}
	return judged, nil
}

// maxJudged bounds the numbers of an expected output that judged tries
// (each try is a judgement): a long list of small numbers (permutations,
// placements) tells little as numbers anyway.
const maxJudged = 48

// safeJudge is judge, a panic taken for a failure.
func (e *core[F, In, Out]) safeJudge(in In, got, want Out) (ok bool, why string) {
	defer func() {
		if recover() != nil {
			ok = false
		}
	}()
	return e.judge(in, got, want)
}

// ChildResult is what a child process hands back for one case.
type ChildResult struct {
	Case    int             `json:"case"`              // the number of the case it answers
	Started bool            `json:"started,omitempty"` // only says that the child began the case
	Output  json.RawMessage `json:"output,omitempty"`  // the function's output, when it returned
	ToDo    bool            `json:"todo,omitempty"`    // the stub's panic(ToDo)
	Panic   string          `json:"panic,omitempty"`   // any other panic, in French, with the student's frames
	Problem string          `json:"problem,omitempty"` // wrong signature, unreadable input
	// Reserved names a stub of the student edition that the answer called
	// (or that the program called as it started): the case fails.
	Reserved string `json:"reserved,omitempty"`
	AtStart  bool   `json:"atStart,omitempty"` // the program called Reserved as it started
	// MAC authenticates the result (see ResultMAC): only the harness,
	// which holds the child's key, can write a result the parent accepts.
	MAC string `json:"mac"`
}

// EnvKeyFD names the environment variable that gives the file descriptor
// on which a grading child finds its key: 32 bytes the parent draws at
// random for each child. Package grading reads them as it is initialized,
// before any code of the student's (package main) runs, then closes the
// descriptor, unsets the variable and makes the process non-dumpable (see
// harden). The student's code has no route to the key: the sandbox shows
// it no /proc (a race build gets one holding only its options, see
// submission.bwrapArgs), no other process of its user may read its
// memory, and the grader costs the question of a program that could read
// memory some other way (unsafe, an unsafe.Pointer from reflect, cgo,
// plugins, raw system calls, a heap dump) or that opens a descriptor by
// its number. So it cannot write a result the parent accepts, whatever it
// reads on the standard input (what data races could do in a build
// without the race detector is the exception: see docs/grading.md).
const EnvKeyFD = "REINES_KEY_FD"

// childKey is the key read at initialization, nil outside a grading child.
var childKey = func() []byte {
	v := os.Getenv(EnvKeyFD)
	if v == "" {
		return nil
	}
	os.Unsetenv(EnvKeyFD)
	fd, err := strconv.Atoi(v)
	if err != nil || fd < 3 {
		return nil
	}
	f := os.NewFile(uintptr(fd), "key")
	if f == nil {
		return nil
	}
	defer f.Close()
	key := make([]byte, KeySize)
	if _, err := io.ReadFull(f, key); err != nil {
		return nil
	}
	harden(resultFD)
	return key
}()

// resultFD is the descriptor on which a grading child writes its results.
const resultFD = 3

// KeySize is the size of a child's key, in bytes.
const KeySize = 32

// ResultMAC returns the MAC of res under key: HMAC-SHA256 of the JSON of
// res without its MAC, as the parent reads it back (so that both ends
// compute it on the same bytes), in hex.
func ResultMAC(key []byte, res ChildResult) string {
	res.MAC = ""
	b, _ := json.Marshal(res) // plain struct: cannot fail
	var back ChildResult
	if json.Unmarshal(b, &back) == nil {
		b, _ = json.Marshal(back)
	}
	h := hmac.New(sha256.New, key)
	h.Write(b)
	return hex.EncodeToString(h.Sum(nil))
}

// ValidMAC reports whether res carries its MAC under key.
func ValidMAC(key []byte, res ChildResult) bool {
	got, err := hex.DecodeString(res.MAC)
	want, _ := hex.DecodeString(ResultMAC(key, res))
	return err == nil && hmac.Equal(got, want)
}

// ChildCase is what a grading child reads for one case: a line holding the
// case's number and its input.
type ChildCase struct {
	Case  int             `json:"case"`
	Input json.RawMessage `json:"input"`
}

// Serve is the main loop of a grading child process: it reads cases from
// in, one ChildCase per line, and for each one writes a line saying that it
// started it, runs f, the student's function for question id, on the input
// and writes one ChildResult carrying the case's number as a JSON line on
// out, before reading the next case (the child never sees a case before it
// has answered the previous one). It recovers panics and goes on with the
// next case; it returns at the end of in. It never decides whether an
// answer is right.
func (reg *Registry) Serve(id string, f any, in io.Reader, out io.Writer) {
	reg.serve(id, f, in, out, nil)
}

// serve is Serve; if exit is not nil, the first stub of the student
// edition reached during a case (see package tp/reserved) ends the case at
// once, whichever goroutine reached it: its result is written and exit is
// called, which must not return.
func (reg *Registry) serve(id string, f any, in io.Reader, out io.Writer, exit func()) {
	r := reg.runner(id)
	var (
		wmu sync.Mutex
		enc = json.NewEncoder(out) // one Write per result, ending in a newline
		cur = -1                   // the case running, -1 between cases
	)
	sign := func(res ChildResult) ChildResult {
		if childKey != nil {
			res.MAC = ResultMAC(childKey, res)
		}
		return res
	}
	write := func(res ChildResult, running int) {
		wmu.Lock()
		defer wmu.Unlock()
		_ = enc.Encode(sign(res))
		cur = running
	}
	if exit != nil {
		reserved.OnCall(func(name string) {
			wmu.Lock()
			defer wmu.Unlock()
			if cur >= 0 {
				_ = enc.Encode(sign(ChildResult{Case: cur, Reserved: name}))
				exit()
			}
		})
		defer reserved.OnCall(nil)
	}
	lines := bufio.NewReader(in)
	tainted, taintedBy := reserved.Count() // stubs called as the program started
	for {
		line, err := lines.ReadBytes('\n')
		if len(bytes.TrimSpace(line)) > 0 {
			var c ChildCase
			res := ChildResult{Problem: "cas illisible"}
			if json.Unmarshal(line, &c) == nil {
				write(ChildResult{Case: c.Case, Started: true}, c.Case)
				before, _ := reserved.Count()
				res = serveCase(r, id, f, c.Input)
				if after, name := reserved.Count(); after > before {
					res = ChildResult{Reserved: name}
				} else if tainted > 0 {
					res = ChildResult{Reserved: taintedBy, AtStart: true}
				}
			}
			res.Case = c.Case
			write(res, -1)
		}
		if err != nil {
			return
		}
	}
}

// serveCase runs f on one input, turning a panic into the result.
func serveCase(r runner, id string, f any, input []byte) (res ChildResult) {
	defer func() {
		if v := recover(); v != nil {
			if s, ok := v.(string); ok && s == ToDo {
				res = ChildResult{ToDo: true}
			} else {
				res = ChildResult{Panic: PanicNote(v, debug.Stack())}
			}
		}
	}()
	if r == nil {
		return ChildResult{Problem: "question inconnue " + id}
	}
	if f == nil || reflect.ValueOf(f).IsNil() {
		return ChildResult{ToDo: true}
	}
	output, err := r.serve(f, input)
	if err != nil {
		return ChildResult{Problem: err.Error()}
	}
	return ChildResult{Output: output}
}

// ServeMain is Workbook.Serve for a child's main: inputs on stdin, results on file
// descriptor 3 (so that what the student's code prints cannot be taken for
// a result), and a case that reaches a stub of the student edition ends
// the child at once, so that an answer spinning on a stub's error costs no
// time-out. The stack is capped at 64 MiB so that an endless recursion
// reads as a stack overflow before it exhausts the child's memory limit.
func ServeMain(id string, f any) {
	if raceBuild && os.Getenv("GORACE") != RaceOptions {
		// A copy of the program started with other race options (to keep
		// a race quiet): it serves nothing.
		fmt.Fprintln(os.Stderr, "grading: GORACE is not the grader's")
		os.Exit(3)
	}
	debug.SetMaxStack(64 << 20)
	out := os.NewFile(resultFD, "result")
	if out == nil {
		fmt.Fprintln(os.Stderr, "grading: no result pipe on fd 3")
		os.Exit(2)
	}
	Workbook.serve(id, f, os.Stdin, out, func() {
		out.Close()
		os.Exit(0)
	})
	out.Close()
}

// Judge turns a child's result for one input of question id into a
// CaseResult, comparing its output with the reference answer's. An output
// the judge, the drawing or the formatting of the question cannot handle
// (a shape no function of the question's type returns, which only a
// forged result has) fails the case: it never stops the parent.
func (reg *Registry) Judge(id string, input []byte, res ChildResult) (cr CaseResult) {
	r := reg.runner(id)
	if r == nil {
		return CaseResult{Status: Failed, Note: "question inconnue " + id}
	}
	defer func() {
		if v := recover(); v != nil {
			cr = CaseResult{Status: Failed, Note: "résultat illisible : sa forme n'est celle d'aucun résultat de la fonction"}
		}
	}()
	return r.judgeChild(input, res)
}

// Judge is Workbook.Judge.
func Judge(id string, input []byte, res ChildResult) CaseResult {
	return Workbook.Judge(id, input, res)
}

// Checked is an exercise seen without its type parameters, for the tests
// that run every question the same way.
type Checked interface {
	Info() *Question
	// Reference returns the reference answer (a stub in the student
	// edition).
	Reference() any
	// RunFunc runs the public cases on f, which must have the exercise's
	// function type (it panics otherwise).
	RunFunc(f any) Report
}

// ExerciseOf returns the exercise of question id, nil for an unknown or
// written question.
func (reg *Registry) ExerciseOf(id string) Checked {
	r, _ := reg.runner(id).(Checked)
	return r
}

// Info returns the exercise's question.
func (e *core[F, In, Out]) Info() *Question { return &e.Question }

// Reference returns the reference answer.
func (e *core[F, In, Out]) Reference() any { return e.Ref }

// RunFunc runs the public cases on f, of type F.
func (e *core[F, In, Out]) RunFunc(f any) Report { return e.Run(f.(F)) }
