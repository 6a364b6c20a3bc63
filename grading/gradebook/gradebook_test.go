package gradebook

import (
	"fmt"
	"math"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/prepa-reines/reines/grading/internal/checktest"
	_ "github.com/prepa-reines/reines/grading/workbook" // registers the TPs' questions (TPMax, Finish)
)

// Any manual.csv: points or an error naming the line, never a panic, and
// never points outside [0, max].
func FuzzReadManual(f *testing.F) {
	f.Add("student,notebook,question,max,points,answer\nfull,full.ipynb,01/Q6,2,\"1,5\",…\n")
	f.Add("student,notebook,question,max,points,answer\n'=1+2,'=1+2.ipynb,01/Q6,2,1,x\nbob,b.ipynb,01/Q6,2,,\n")
	f.Add("student,notebook,question,max,points,answer\nx,y,01/Q6,NaN,NaN,\n\"unterminated")
	f.Fuzz(func(t *testing.T, text string) {
		m, err := ReadManual(strings.NewReader(text))
		if err != nil {
			return
		}
		for _, nbs := range m {
			for _, qs := range nbs {
				for id, p := range qs {
					if p.Scored && (!(p.Points >= 0) || p.Points > 100) {
						t.Errorf("%s: %v points accepted", id, p.Points)
					}
				}
			}
		}
	})
}

// The gradebooks Moodle and Canvas import: one column per TP, rescaled,
// the roster's emails and sections, Canvas's points possible row; a
// regrade keeps the other students' rows.
func TestLMS(t *testing.T) {
	ro, err := ReadRoster(strings.NewReader("id,name,email,group\n104512,Léa Martin,lea@example.org,G1\n104520,Jean Marc Nguyễn,jm@example.org,G2\n"))
	if err != nil {
		t.Fatal(err)
	}
	tp01 := TPMax("01") // TP 01's points (README): 17
	results := []Result{
		Result{Student: "104512", TP: "01", File: "a.ipynb", Questions: []Question{{ID: "01/Q1", Max: 3, Points: 3, Passed: 1, Total: 1}}}.Finish("01"),
		Result{Student: "104520", TP: "01", File: "b.ipynb"}.Finish("01"),
	}
	out := t.TempDir()
	if err := WriteLMS(out, results, ro, 20); err != nil {
		t.Fatal(err)
	}
	moodle := checktest.ReadCSV(t, filepath.Join(out, "moodle-grades.csv"))
	want := fmt.Sprint(math.Round(3*20/tp01*100) / 100) // 3 points of 17, out of 20
	if !slices.Equal(moodle[0], []string{"Email address", "Full name", "ID", "TP 01"}) || !slices.Equal(moodle[1], []string{"lea@example.org", "Léa Martin", "104512", want}) {
		t.Errorf("moodle-grades.csv %q; want Léa's row with %s / 20", moodle, want)
	}
	canvas := checktest.ReadCSV(t, filepath.Join(out, "canvas-gradebook.csv"))
	if !slices.Equal(canvas[1], []string{"    Points Possible", "", "", "", "", "20"}) || !slices.Equal(canvas[3], []string{"Nguyễn, Jean Marc", "104520", "", "", "G2", "0"}) {
		t.Errorf("canvas-gradebook.csv %q", canvas)
	}
	// Léa alone graded again: Jean Marc's row stays.
	if err := WriteLMS(out, results[:1], ro, 20); err != nil {
		t.Fatal(err)
	}
	if rows := checktest.ReadCSV(t, filepath.Join(out, "canvas-gradebook.csv")); len(rows) != 4 || rows[3][1] != "104520" {
		t.Errorf("canvas-gradebook.csv after regrading Léa: %q; want Jean Marc's row kept", rows)
	}
}
