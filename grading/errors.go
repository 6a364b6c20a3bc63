package grading

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/prepa-reines/reines/tp/queens"
)

// TPError is a sentinel error of a tp package as the checks show it: the
// Go name the student's code must return (package.Name) and a French
// explanation.
type TPError struct {
	Err    error
	Name   string
	French string
}

// tpErrors are the errors the tp answers return: the queens package's,
// which every TP shares, and those each TP's package of checks registers
// as it starts (see RegisterErrors).
var tpErrors = []TPError{
	{queens.ErrNegative, "queens.ErrNegative", "n négatif"},
	{queens.ErrTooMany, "queens.ErrTooMany", fmt.Sprintf("trop de solutions à stocker pour n > %d : il faut les compter", queens.MaxListN)},
	{queens.ErrTooLarge, "queens.ErrTooLarge", "échiquier trop grand pour cette fonction"},
}

// RegisterErrors adds the errors of a TP's packages to those the checks
// and the grader recognize (wrapped or not, with errors.Is) and explain.
// Each TP's package of checks calls it from its init function, before
// any check runs; a name already known is left as it is. Not safe for
// concurrent use with the checks.
func RegisterErrors(errs ...TPError) {
	for _, e := range errs {
		if !slices.ContainsFunc(tpErrors, func(t TPError) bool { return t.Name == e.Name }) {
			tpErrors = append(tpErrors, e)
		}
	}
}

// Err is an error as the checks compare it, after its trip through JSON
// from the child: the Go name of the tp sentinel it wraps (tested with
// errors.Is, so wrapping is allowed), and its message.
type Err struct {
	Is  string `json:"is,omitempty"` // e.g. "queens.ErrNegative"; "" if it wraps no known sentinel
	Msg string `json:"msg"`          // err.Error()
}

// ErrOf returns the Err of err, nil for nil.
func ErrOf(err error) *Err {
	if err == nil {
		return nil
	}
	e := &Err{Msg: err.Error()}
	for _, t := range tpErrors {
		if errors.Is(err, t.Err) {
			e.Is = t.Name
			break
		}
	}
	return e
}

// String explains e in French: "n négatif (queens.ErrNegative)", followed by
// what a wrapping error added; another error is its message.
func (e *Err) String() string {
	if e == nil {
		return "pas d'erreur"
	}
	for _, t := range tpErrors {
		if t.Name != e.Is {
			continue
		}
		s := t.French + " (" + t.Name + ")"
		if rest, ok := strings.CutPrefix(e.Msg, t.Err.Error()); ok {
			return s + rest
		}
		return s + " : " + e.Msg
	}
	return e.Msg
}

// ErrText is what a report shows for an output that is an error:
// "erreur : n négatif (queens.ErrNegative)".
func ErrText(e *Err) string { return "erreur : " + e.String() }

// SameError compares the error returned by the student with the
// reference's: both nil, or both errors and, when the reference's wraps a
// tp sentinel, the student's wraps the same one. note says in French what
// is wrong.
func SameError(got, want *Err) (ok bool, note string) {
	switch {
	case got != nil && strings.Contains(got.Msg, Reserved):
		return false, got.Msg
	case want == nil && got != nil:
		return false, "erreur inattendue : " + got.String()
	case want != nil && got == nil:
		return false, "une erreur était attendue : " + want.String()
	case want != nil && want.Is != "" && got.Is != want.Is:
		return false, fmt.Sprintf("il faut renvoyer %s (éventuellement enveloppée : errors.Is la reconnaît), pas « %s »", want.Is, got.Msg)
	}
	return true, ""
}

// Explain says in French what err is, for the notebooks' demonstrations:
// "n négatif (queens.ErrNegative)" for an error of the workbook's packages,
// its message otherwise; "pas d'erreur" for nil.
func Explain(err error) string { return Typography(ErrOf(err).String()) }

// CascadeNote says, in French, that function fn uses the answers of the
// earlier questions uses, which fail cases of their own: fn's failure may
// come from there. Used by the checks and by the grader's feedback.
func CascadeNote(fn string, uses []*Question) string {
	names := make([]string, len(uses))
	for k, q := range uses {
		names[k] = q.Func + " (question " + strings.TrimPrefix(q.Number(), "Q") + ")"
	}
	if len(uses) == 1 {
		return fn + " se sert de " + names[0] + ", qui échoue elle aussi à ses propres cas\u00a0: corrigez d'abord " +
			uses[0].Func + ", l'erreur vient peut-être de là."
	}
	return fn + " se sert de " + strings.Join(names[:len(names)-1], ", de ") + " et de " + names[len(names)-1] +
		", qui échouent elles aussi à leurs propres cas\u00a0: corrigez-les d'abord, l'erreur vient peut-être de là."
}
