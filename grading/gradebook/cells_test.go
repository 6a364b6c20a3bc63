package gradebook

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/prepa-reines/reines/grading/internal/checktest"
)

// Every value comes back from Cells and uncell as it was, and a value
// that starts like a formula is never written so: "=x" and "'=x" are two
// students, whose marks in manual.csv stay theirs.
func TestCellsRoundTrip(t *testing.T) {
	for _, v := range []string{"", "x", "=x", "'=x", "''=x", "'x", "'", "''", "+1", "-", "@a", "\tx", "'\tx", "'+", "é=", "x'=y"} {
		c := Cells([]string{v})[0]
		if got := uncell(c); got != v {
			t.Errorf("uncell(Cells(%q)) = %q (cell %q)", v, got, c)
		}
		if formulaStart(c) {
			t.Errorf("Cells(%q) = %q starts like a formula", v, c)
		}
	}
	// The bare form a spreadsheet saves reads as the value too.
	for c, want := range map[string]string{"=x": "=x", "'=x": "=x", "+1": "+1"} {
		if got := uncell(c); got != want {
			t.Errorf("uncell(%q) = %q; want %q", c, got, want)
		}
	}
	out := t.TempDir()
	var results []Result
	for _, st := range []string{"=x", "'=x"} {
		results = append(results, Result{Student: st, TP: "01", File: st + ".ipynb"}.Finish("01"))
	}
	if err := writeManual(filepath.Join(out, "manual.csv"), results, nil); err != nil {
		t.Fatal(err)
	}
	rows := checktest.ReadCSV(t, filepath.Join(out, "manual.csv"))
	for _, r := range rows[1:] {
		if r[2] == "01/Q6" {
			r[4] = map[string]string{"'=x": "1", "''=x": "2"}[r[0]]
		}
	}
	m, err := readManualRows(rows)
	if err != nil {
		t.Fatal(err)
	}
	if got := m["=x"]["=x.ipynb"]["01/Q6"].Points; got != 1 {
		t.Errorf("student =x: %v points; want 1 (rows %q)", got, rows)
	}
	if got := m["'=x"]["'=x.ipynb"]["01/Q6"].Points; got != 2 {
		t.Errorf("student '=x: %v points; want 2 (read as %v)", got, strings.Join(keys(m), ", "))
	}
}

func keys(m Manual) []string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	return ks
}

// Any value comes back from Cells and uncell as it was.
func FuzzCellsRoundTrip(f *testing.F) {
	for _, v := range []string{"=x", "'=x", "''+1", "'", "x"} {
		f.Add(v)
	}
	f.Fuzz(func(t *testing.T, v string) {
		c := Cells([]string{v})[0]
		if got := uncell(c); got != v || formulaStart(c) {
			t.Errorf("Cells(%q) = %q, read back %q", v, c, got)
		}
	})
}

// A list cell of grades.csv never outgrows a spreadsheet's cell (32 767
// characters): a notebook with thousands of flags keeps those that fit
// and says how many more there are.
func TestListCellFits(t *testing.T) {
	if got := listCell([]string{"a : b", "c"}); got != "a\u00a0: b\u00a0; c" {
		t.Errorf("listCell = %q", got)
	}
	var flags []string
	for k := range 3000 {
		flags = append(flags, fmt.Sprintf("01/Q%d : déclare une fonction init_%d, exécutée au démarrage du programme (cellule %d)", k%6+1, k, k))
	}
	got := listCell(flags)
	if n := utf8.RuneCountInString(got); n > 32767 || n < 30000 || !strings.HasSuffix(got, "autres (voir le retour)") {
		t.Errorf("a cell of %d characters, ending %q", n, got[len(got)-60:])
	}
}
