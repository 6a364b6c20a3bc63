package grading

import (
	"errors"
	"fmt"
	"strings"

	"github.com/prepa-reines/reines/tp/cp"
	"github.com/prepa-reines/reines/tp/domination"
	"github.com/prepa-reines/reines/tp/exactcover"
	"github.com/prepa-reines/reines/tp/exactcover/sudoku"
	"github.com/prepa-reines/reines/tp/gobasics"
	"github.com/prepa-reines/reines/tp/iterative"
	"github.com/prepa-reines/reines/tp/queens"
)

// tpErrors are the errors the tp answers return, as the checks show them:
// the Go name the student's code must return and a French explanation.
var tpErrors = []struct {
	err  error
	name string // package.Name
	fr   string
}{
	{queens.ErrNegative, "queens.ErrNegative", "n négatif"},
	{queens.ErrTooMany, "queens.ErrTooMany", fmt.Sprintf("trop de solutions à stocker pour n > %d : il faut les compter", queens.MaxListN)},
	{gobasics.ErrSyntax, "gobasics.ErrSyntax", "un champ n'est pas un entier"},
	{gobasics.ErrColumn, "gobasics.ErrColumn", "colonne hors de 1 … n"},
	{iterative.ErrSize, "iterative.ErrSize", "n < 1"},
	{cp.ErrNoSolution, "cp.ErrNoSolution", "pas de solution"},
	{cp.ErrLimit, "cp.ErrLimit", "limite de la recherche atteinte"},
	{cp.ErrInvalidModel, "cp.ErrInvalidModel", "modèle invalide"},
	{exactcover.ErrNoItems, "exactcover.ErrNoItems", "des éléments secondaires sans aucun élément primaire"},
	{exactcover.ErrItemName, "exactcover.ErrItemName", "nom d'élément interdit (vide, ou avec une espace, « | » ou « : »)"},
	{exactcover.ErrDuplicateItem, "exactcover.ErrDuplicateItem", "nom d'élément en double"},
	{exactcover.ErrUnknownItem, "exactcover.ErrUnknownItem", "élément inconnu"},
	{exactcover.ErrRepeatedItem, "exactcover.ErrRepeatedItem", "élément répété dans l'option"},
	{exactcover.ErrEmptyOption, "exactcover.ErrEmptyOption", "option vide"},
	{exactcover.ErrNoPrimary, "exactcover.ErrNoPrimary", "option sans élément primaire"},
	{exactcover.ErrConflict, "exactcover.ErrConflict", "l'option touche un élément déjà couvert"},
	{exactcover.ErrNoCover, "exactcover.ErrNoCover", "aucun ensemble d'options ne couvre tous les éléments"},
	{exactcover.ErrItemCount, "exactcover.ErrItemCount", "nombre d'éléments négatif"},
	{sudoku.ErrNoSolution, "sudoku.ErrNoSolution", "pas de solution"},
	{sudoku.ErrDigit, "sudoku.ErrDigit", "chiffre hors de 0 … 9"},
	{domination.ErrBoardSize, "domination.ErrBoardSize", "côté de l'échiquier n ≤ 0"},
	{domination.ErrTrials, "domination.ErrTrials", "nombre d'essais négatif"},
	{domination.ErrOffBoard, "domination.ErrOffBoard", "case hors de l'échiquier"},
	{domination.ErrDelta, "domination.ErrDelta", "delta ni +1 ni −1"},
	{domination.ErrAttacked, "domination.ErrAttacked", "case déjà couverte, la reine y serait attaquée"},
	{domination.ErrOccupied, "domination.ErrOccupied", "une reine occupe déjà la case"},
	{domination.ErrNoQueen, "domination.ErrNoQueen", "pas de reine à retirer sur cette case"},
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
		if errors.Is(err, t.err) {
			e.Is = t.name
			break
		}
	}
	return e
}

// ErrName returns the Err of the sentinel named name ("queens.ErrNegative"),
// as a reference answer would return it; it panics on an unknown name.
func ErrName(name string) *Err {
	for _, t := range tpErrors {
		if t.name == name {
			return &Err{Is: name, Msg: t.err.Error()}
		}
	}
	panic("grading: unknown error " + name)
}

// String explains e in French: "n négatif (queens.ErrNegative)", followed by
// what a wrapping error added; another error is its message.
func (e *Err) String() string {
	if e == nil {
		return "pas d'erreur"
	}
	for _, t := range tpErrors {
		if t.name != e.Is {
			continue
		}
		s := t.fr + " (" + t.name + ")"
		if rest, ok := strings.CutPrefix(e.Msg, t.err.Error()); ok {
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
