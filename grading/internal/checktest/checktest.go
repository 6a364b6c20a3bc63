// Package checktest holds what the tests of the grading packages share:
// assertions on check reports, and the reading of the grader's CSV files.
package checktest

import (
	"encoding/csv"
	"os"
	"strings"
	"testing"

	"github.com/prepa-reines/reines/grading"
)

// FailsWith checks that a mistaken answer fails a public case and that the
// report says why (its text contains want).
func FailsWith(t *testing.T, name string, r grading.Report, want string) {
	t.Helper()
	if r.Outcome() != "failed" {
		t.Errorf("%s: outcome %s; want failed\n%s", name, r.Outcome(), r.Text())
		return
	}
	if !strings.Contains(r.Text(), want) {
		t.Errorf("%s: no note %q in\n%s", name, want, r.Text())
	}
}

// ReadCSV returns the rows of the CSV file at path; the test fails at once
// on an unreadable file.
func ReadCSV(t testing.TB, path string) [][]string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	return rows
}
