// Package grading is the check harness of the workbook, shared by the
// teacher's edition and the student edition: the definition of a question
// ([Question], [Exercise], [Prose]), the checks a notebook runs on the
// student's functions and their French reports, the child end of the bulk
// grader's protocol ([ServeMain]), demonstrations that survive unfinished
// answers ([Demo]), and the data recorded for the student edition
// ([LoadRecorded], [Data], [RecordNotebook]).
//
// The questions themselves live in one package per notebook
// (grading/nb00 … grading/nb05), declared in the registry [Workbook]
// (a [Registry]: tests make registries of their own): each declares every
// question once, with
// its ID, title, points, reference answer (a function of package tp), public
// cases and how to judge them. The hidden cases of a notebook are set by
// the package hidden beside it (grading/nb01/hidden), the teacher's part
// of the TP, which the student edition has empty.
//
// In the teacher's edition a check computes the expected values with the
// reference answers. In the student edition those answers are stubs (see
// grading/release): the public cases and their expected values were
// recorded when the edition was released, and a check reads them instead.
// A check never says that everything passed: hidden cases are used when the
// teacher grades.
package grading

import (
	"fmt"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"sync"
)

// ToDo is the panic value of every stub in the student notebooks:
// panic("à compléter").
const ToDo = "à compléter"

// Reserved is the phrase by which the stubs of the student edition's SDK
// say that a reference answer is reserved for grading: their panic value,
// or their error's message, contains it.
const Reserved = "réservée à la correction"

// Question describes one question of a TP notebook.
type Question struct {
	ID     string // "<notebook>/Q<k>", e.g. "01/Q2"
	Title  string // short French title, the notebook's heading and the feedback's; Markdown marks `code` and *italics* allowed (see PlainTitle)
	Points int    // points at grading time
	// Func is the name of the notebook function the question asks for,
	// e.g. "Solutions" (the name of the reference answer); empty for a
	// written answer.
	Func string
	// Signature is the Go type Func must have, e.g.
	// "func(int) ([]queens.Placement, error)".
	Signature string
	// RefName is the full name of the reference answer, e.g.
	// "github.com/prepa-reines/reines/tp/queens.Solutions"; empty for a
	// written answer.
	RefName string
	// Requires lists what the statement asks the answer to use, checked by
	// the grader in the answer's declarations (those it needs too): "go" (a
	// go statement, or a call x.Go(f) such as sync.WaitGroup.Go), "chan" (a
	// channel type), or a package's name such as
	// "sync.Mutex", alternatives separated by "|". An answer without one
	// gets 0 for the question, with a flag.
	Requires []string
	// Shortcuts are the workbook's packages that compute part of this
	// question's answer though the student edition keeps them (for
	// drawing, say), by path within the module ("tp/board"), each with
	// what it computes, in French: an answer that imports one gets a
	// flag, for information, for the teacher to read its code.
	Shortcuts map[string]string
	// Race marks a question about goroutines and shared state: the grader
	// builds its answer with the race detector and runs it on two threads
	// (GOMAXPROCS 2); a data race fails the case.
	Race bool
	// Optional marks a question the TP's thread does not need (a
	// « pour aller plus loin », or one a 2-hour session leaves for home):
	// its heading in the notebook says « facultative », and the teacher's
	// guide counts it apart.
	Optional bool
}

// Prose reports whether the question expects a written answer graded by hand.
func (q *Question) Prose() bool { return q.Func == "" }

// Notebook returns the notebook part of the ID ("01" for "01/Q2").
func (q *Question) Notebook() string {
	nb, _, _ := strings.Cut(q.ID, "/")
	return nb
}

// Number returns the question number ("Q2" for "01/Q2").
func (q *Question) Number() string {
	_, k, _ := strings.Cut(q.ID, "/")
	return k
}

// isQuestionNumber reports whether k is the number of a question in its
// ID: digits not starting with 0, and a lowercase letter for a part of a
// question of the original ("3b").
func isQuestionNumber(k string) bool {
	if k != "" && k[len(k)-1] >= 'a' && k[len(k)-1] <= 'z' {
		k = k[:len(k)-1]
	}
	if k == "" || k[0] < '1' || k[0] > '9' {
		return false
	}
	for i := 1; i < len(k); i++ {
		if k[i] < '0' || k[i] > '9' {
			return false
		}
	}
	return true
}

// A Registry holds questions by ID: their definitions and, for those
// answered by a function (an [Exercise]), what runs, serves and judges
// their cases. Its methods may be called from several goroutines.
type Registry struct {
	mu          sync.Mutex
	questions   map[string]*Question
	runners     map[string]runner
	wantNumbers sync.Map // the sets of WantNumbers, by its arguments
}

// NewRegistry returns an empty registry.
func NewRegistry() *Registry {
	return &Registry{questions: map[string]*Question{}, runners: map[string]runner{}}
}

// Workbook is the registry of the workbook's questions: every notebook
// package (grading/nbNN) declares its questions in it ([Define], [Prose],
// [OptionalProse]), and the package's functions that take a question ID
// ([Lookup], [Questions], [Inputs], [Judge], [ServeMain]…) read it. A test
// that defines questions of its own gives them a registry of its own
// ([NewRegistry], [DefineIn]) and leaves this one as the notebooks made it.
var Workbook = NewRegistry()

// mu guards the recorded data of the notebooks (see recorded.go).
var mu sync.Mutex

// register adds q to the registry. It panics if the ID is malformed or
// already registered (a programming error of a notebook package).
func (r *Registry) register(q *Question) {
	r.mu.Lock()
	defer r.mu.Unlock()
	nb, k, ok := strings.Cut(q.ID, "/Q")
	if !ok || len(nb) != 2 || !isQuestionNumber(k) || q.Title == "" || q.Points <= 0 {
		panic(fmt.Sprintf("grading: malformed question %+v", *q))
	}
	if _, dup := r.questions[q.ID]; dup {
		panic("grading: question registered twice: " + q.ID)
	}
	r.questions[q.ID] = q
}

// runner returns the exercise of question id, nil for an unknown or
// written question.
func (r *Registry) runner(id string) runner {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.runners[id]
}

// Prose declares in r a question answered in writing and graded by hand.
func (r *Registry) Prose(id, title string, points int) *Question {
	q := &Question{ID: id, Title: title, Points: points}
	r.register(q)
	return q
}

// OptionalProse declares in r an optional question (see
// Question.Optional) answered in writing.
func (r *Registry) OptionalProse(id, title string, points int) *Question {
	q := &Question{ID: id, Title: title, Points: points, Optional: true}
	r.register(q)
	return q
}

// Prose is Workbook.Prose.
func Prose(id, title string, points int) *Question { return Workbook.Prose(id, title, points) }

// OptionalProse is Workbook.OptionalProse.
func OptionalProse(id, title string, points int) *Question {
	return Workbook.OptionalProse(id, title, points)
}

// funcName returns the package path and name of the function f.
func funcName(f any) (pkg, name string) {
	v := reflect.ValueOf(f)
	if v.Kind() != reflect.Func || v.IsNil() {
		return "", ""
	}
	full := runtime.FuncForPC(v.Pointer()).Name()
	dot := strings.LastIndex(full, ".")
	return full[:dot], full[dot+1:]
}

// Lookup returns the question of r with that ID, or nil.
func (r *Registry) Lookup(id string) *Question {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.questions[id]
}

// Lookup is Workbook.Lookup.
func Lookup(id string) *Question { return Workbook.Lookup(id) }

// Questions is Workbook.Questions.
func Questions(nb string) []*Question { return Workbook.Questions(nb) }

// Questions returns every question of r of notebook nb ("01"), or of all
// notebooks if nb is "", ordered by notebook then question number.
func (r *Registry) Questions(nb string) []*Question {
	r.mu.Lock()
	defer r.mu.Unlock()
	var qs []*Question
	for _, q := range r.questions {
		if nb == "" || q.Notebook() == nb {
			qs = append(qs, q)
		}
	}
	slices.SortFunc(qs, func(a, b *Question) int { return CompareIDs(a.ID, b.ID) })
	return qs
}

// CompareIDs orders question IDs by notebook, then by question number,
// then by the letter of a part ("01/Q2" < "01/Q10" < "02/Q1"; "05/Q2a" <
// "05/Q2b" < "05/Q3"). A question of a notebook that follows its original
// numbers its parts as the original's question with a letter: "05/Q3a" and
// "05/Q3b" both answer question 3 of the sujet.
func CompareIDs(a, b string) int {
	na, ka, _ := strings.Cut(a, "/Q")
	nb, kb, _ := strings.Cut(b, "/Q")
	if na != nb {
		return strings.Compare(na, nb)
	}
	ia, sa := SplitNumber(ka)
	ib, sb := SplitNumber(kb)
	if ia != ib {
		return ia - ib
	}
	return strings.Compare(sa, sb)
}

// SplitNumber splits a question number ("12", "3b", "Q3b") into its
// integer and the letter of its part ("" for a whole question).
func SplitNumber(k string) (n int, part string) {
	k = strings.TrimPrefix(k, "Q")
	i := 0
	for i < len(k) && k[i] >= '0' && k[i] <= '9' {
		n = 10*n + int(k[i]-'0')
		i++
	}
	return n, k[i:]
}

// PlainTitle is the question's title without its Markdown marks, for
// places that show plain text (HTML feedback, Gradescope test names).
func (q *Question) PlainTitle() string { return PlainText(q.Title) }

// PlainText removes the Markdown marks a title may hold: `code` and
// *italics*.
func PlainText(md string) string {
	md = strings.ReplaceAll(md, "`", "")
	// Each *text* (text not empty, without *), leftmost first.
	var b strings.Builder
	for {
		i := strings.IndexByte(md, '*')
		if i < 0 {
			break
		}
		j := strings.IndexByte(md[i+1:], '*')
		if j < 0 {
			break
		}
		if j == 0 { // "**": the first star is kept
			b.WriteString(md[:i+1])
			md = md[i+1:]
			continue
		}
		b.WriteString(md[:i])
		b.WriteString(md[i+1 : i+1+j])
		md = md[i+2+j:]
	}
	b.WriteString(md)
	return b.String()
}

// RaceOptions are the race detector's options (GORACE) of the grader's
// children for the questions marked Race: stop at the first race with exit
// code 66, and exit at once (the race runtime otherwise sleeps 1 s in
// every exit, which a child that reaches a stub, and every check of a Race
// question in the notebook, would pay). ServeMain refuses to serve under
// other options.
const RaceOptions = "halt_on_error=1 exitcode=66 atexit_sleep_ms=0"
