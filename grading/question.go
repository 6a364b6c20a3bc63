// Package grading holds the workbook's questions and their checks: the
// registry of every question of every TP notebook (ID, points, the notebook
// function it checks), the cases each check runs against the reference
// answers of package tp, and the French reports a student sees in the
// notebook.
//
// A check runs the student's function on each public case with a time
// limit, recovers panics (the stub's panic("à compléter") reads "pas encore
// implémenté"), compares with the reference value and shows ✔/✘ per case,
// with the board of a failing placement. It never says that everything
// passed: hidden cases are used when the teacher grades.
//
// Each TP's questions live in a file of their own (recursion.go for
// notebook 01, …) and register themselves with [Register].
package grading

import (
	"fmt"
	"slices"
	"strings"
	"sync"
)

// ToDo is the panic value of every stub in the student notebooks:
// panic("à compléter").
const ToDo = "à compléter"

// Question describes one question of a TP notebook.
type Question struct {
	ID     string // "<notebook>/Q<k>", e.g. "01/Q2"
	Title  string // short French title, e.g. "Énumérer toutes les solutions"
	Points int    // points at grading time
	// Func is the name of the notebook function the question asks for,
	// e.g. "Solutions"; empty for a written (prose) answer.
	Func string
	// Signature is the Go signature Func must have, for messages.
	Signature string
}

// Prose reports whether the question expects a written answer graded by hand.
func (q *Question) Prose() bool { return q.Func == "" }

var (
	mu       sync.Mutex
	registry = map[string]*Question{}
)

// Register adds q to the registry and returns it. It panics if the ID is
// malformed or already registered (a programming error in this package).
func Register(q *Question) *Question {
	mu.Lock()
	defer mu.Unlock()
	nb, k, ok := strings.Cut(q.ID, "/Q")
	if !ok || nb == "" || k == "" {
		panic("grading: malformed question ID " + q.ID)
	}
	if _, dup := registry[q.ID]; dup {
		panic("grading: question registered twice: " + q.ID)
	}
	registry[q.ID] = q
	return q
}

// Lookup returns the registered question with that ID, or nil.
func Lookup(id string) *Question {
	mu.Lock()
	defer mu.Unlock()
	return registry[id]
}

// Questions returns every registered question of notebook nb ("01"), or of
// all notebooks if nb is "", ordered by notebook then question number.
func Questions(nb string) []*Question {
	mu.Lock()
	defer mu.Unlock()
	var qs []*Question
	for _, q := range registry {
		if nb == "" || strings.HasPrefix(q.ID, nb+"/") {
			qs = append(qs, q)
		}
	}
	slices.SortFunc(qs, func(a, b *Question) int { return compareIDs(a.ID, b.ID) })
	return qs
}

func compareIDs(a, b string) int {
	na, ka, _ := strings.Cut(a, "/Q")
	nb, kb, _ := strings.Cut(b, "/Q")
	if na != nb {
		return strings.Compare(na, nb)
	}
	var ia, ib int
	fmt.Sscan(ka, &ia)
	fmt.Sscan(kb, &ib)
	return ia - ib
}
