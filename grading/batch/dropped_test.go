package batch

import (
	"slices"
	"strings"
	"testing"

	"github.com/prepa-reines/reines/grading/export"
	"github.com/prepa-reines/reines/grading/fixtures"
)

// A -tp that matches no notebook is an error, not a gradebook of zeros;
// one that matches, or a notebook that names no TP, is not.
func TestCheckTP(t *testing.T) {
	subs, err := export.Folders(fixtures.Dir(t, fixtures.CorpusSet), nil)
	if err != nil {
		t.Fatal(err)
	}
	subs = slices.DeleteFunc(subs, func(s export.Submission) bool {
		return s.Student != "full" && s.Student != "other-tp" // a TP 01 and a TP 02 notebook
	})
	if err := CheckTP(subs, "01"); err != nil {
		t.Errorf("-tp 01: %v", err)
	}
	if err := CheckTP(subs, "03"); err == nil || !strings.Contains(err.Error(), "1 of TP 01, 1 of TP 02") {
		t.Errorf("-tp 03: %v; want an error naming what is there", err)
	}
}
