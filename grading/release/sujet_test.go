package release

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/prepa-reines/reines/grading/workbook"
)

// originals lists, per notebook, the questions or tasks of its original
// (the project's shared/originals, which tests do not read; counted there
// by hand): TP 17 has 28 numbered questions, the Maple TP 17; the article
// on recursion, the Choco course page and the Dancing Links article have
// no numbers, and their tasks are named as the maps name them. 71 in all.
var originals = map[string][]string{
	"01": {"is_safe", "n_queens", "exemple n = 4", "print_solution", "N = 8"},
	"02": numbered(17),
	"03": {"modéliser", "NReinesModel1", "allDifferent", "displayResult", "setHeuristic", "NReineModele2", "temps", "comparer"},
	"04": {"couverture exacte", "force brute", "algorithme X", "structure", "construire", "inserer", "supprimer", "recuperer",
		"danser", "N-dames", "Sudoku", "polyominos", "couverture répétée"},
	"05": numbered(28),
}

func numbered(n int) []string {
	var s []string
	for k := 1; k <= n; k++ {
		s = append(s, fmt.Sprint(k))
	}
	return s
}

// Every notebook ported from an original has a map of it that names every
// question or task of the original and every question of the notebook
// (checkSujet), and its source shows the generated table.
func TestSujetMaps(t *testing.T) {
	total := 0
	for _, book := range workbook.Notebooks {
		want, ported := originals[book.ID]
		path := SujetPath(filepath.Join("../..", book.Source()))
		rows, err := ReadSujet(path)
		switch {
		case !ported && os.IsNotExist(err):
			continue
		case !ported:
			t.Errorf("%s has a map of an original, but the test lists none for it", book.Name)
			continue
		case err != nil:
			t.Errorf("%s: %v", book.Name, err)
			continue
		}
		total += len(want)
		if err := checkSujet(book.ID, rows, want); err != nil {
			t.Error(err)
		}
		src, err := os.ReadFile(filepath.Join("../..", book.Source()))
		if err != nil {
			t.Fatal(err)
		}
		if strings.Count(string(src), sujetMarker) != 1 {
			t.Errorf("%s.txtar: want one line %q, where the table of its map goes", book.Name, sujetMarker)
		}
	}
	if total != 71 {
		t.Errorf("%d questions or tasks in the originals, want 71", total)
	}
}

// A map that forgets a question of the original, or of the notebook, or
// names one the registry lacks, is refused; so are malformed records.
func TestCheckSujet(t *testing.T) {
	rows := []SujetRow{
		{Sujet: "is_safe", Questions: []string{"1"}, Status: Faithful},
		{Sujet: "n_queens", Questions: []string{"2", "99"}, Status: Changed, Why: "x"},
	}
	err := checkSujet("01", rows, []string{"is_safe", "n_queens", "print_solution"})
	if err == nil {
		t.Fatal("an incomplete map is accepted")
	}
	for _, want := range []string{"01/Q99 (sujet n_queens) is not registered", "question 01/Q3 is in no row", "sujet print_solution is in no row"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("checkSujet: %v\nwant %q", err, want)
		}
	}
	for name, text := range map[string]string{
		"no status":             "sujet: 1\nici: 1\n",
		"changed without why":   "sujet: 1\nici: 1\nstatut: modifiée\n",
		"nowhere":               "sujet: 1\nstatut: fidèle\n",
		"addition with a sujet": "sujet: 2\nici: 1\nstatut: ajoutée\npourquoi: x\n",
		"twice":                 "sujet: 1\nici: 1\nstatut: fidèle\n\nsujet: 1\nici: 2\nstatut: fidèle\n",
		"bad number":            "sujet: 1\nici: Q1\nstatut: fidèle\n",
		"unknown key":           "sujet: 1\nici: 1\nstatus: fidèle\n",
	} {
		if _, err := parseSujet("test.sujet", text); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
	got, err := parseSujet("test.sujet", "# comment\nsujet: 2\noriginal: `f`\nici: 2a 2b\nstatut: modifiée\npourquoi: parce que\n\nsujet: —\nlieu: partie 7\nstatut: ajoutée\npourquoi: plus loin\n")
	if err != nil || len(got) != 2 || strings.Join(got[0].Questions, " ") != "2a 2b" || got[1].Place != "partie 7" {
		t.Errorf("parseSujet: %+v, %v", got, err)
	}
}

// The table names the sujet's question and the notebook's, with the
// function each asks for.
func TestSujetTable(t *testing.T) {
	table, err := SujetTable("05", []SujetRow{{Sujet: "3", Original: "proposer un minorant", Questions: []string{"3a", "3b"}, Status: Changed, Why: "programmé"}})
	if err != nil {
		t.Fatal(err)
	}
	if want := "| question 3 : proposer un minorant | question 3a (rédigée) ; question 3b (`LowerBound`) | modifiée | programmé |"; !strings.Contains(table, want) {
		t.Errorf("SujetTable:\n%s\nwant the row %q", table, want)
	}
	if got := SujetCounts([]SujetRow{{Status: Faithful}, {Status: Changed}, {Status: Changed}, {Status: Added}}); got != "3 questions ou tâches du sujet : 1 fidèle, 2 modifiées, 0 fusionnée ; 1 ajout du cahier" {
		t.Errorf("SujetCounts: %q", got)
	}
}
