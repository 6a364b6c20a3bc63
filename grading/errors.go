package grading

import (
	"errors"
	"fmt"
	"strings"

	"github.com/prepa-reines/reines/tp/cp"
	"github.com/prepa-reines/reines/tp/domination"
	"github.com/prepa-reines/reines/tp/exactcover"
	"github.com/prepa-reines/reines/tp/exactcover/sudoku"
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

// errorText explains in French an error message (or the short name, such
// as "ErrBoardSize", that some checks record) of a tp answer: "n négatif
// (queens.ErrNegative)", followed by what a wrapping error added. Other
// messages are returned as they are.
func errorText(msg string) string {
	for _, e := range tpErrors {
		_, short, _ := strings.Cut(e.name, ".")
		switch {
		case msg == short:
			return e.fr + " (" + e.name + ")"
		case strings.HasPrefix(msg, e.err.Error()):
			return e.fr + " (" + e.name + ")" + msg[len(e.err.Error()):]
		}
	}
	return msg
}

// errorName returns the short name ("ErrBoardSize") of the tp error err
// wraps, "autre : message" for another error, "" for nil.
func errorName(err error) string {
	if err == nil {
		return ""
	}
	for _, e := range tpErrors {
		if errors.Is(err, e.err) {
			_, short, _ := strings.Cut(e.name, ".")
			return short
		}
	}
	return "autre : " + err.Error()
}

// sameError compares the error message returned by the student with the
// reference's: both empty, or both non-empty (any message).
func sameError(got, want string) (bool, string) {
	switch {
	case want == "" && got != "":
		return false, "erreur inattendue : " + errorText(got)
	case want != "" && got == "":
		return false, "une erreur était attendue : " + errorText(want)
	}
	return true, ""
}
