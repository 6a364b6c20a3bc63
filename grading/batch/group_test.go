package batch

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/prepa-reines/reines/grading/export"
	"github.com/prepa-reines/reines/grading/feedback"
	"github.com/prepa-reines/reines/grading/fixtures"
	"github.com/prepa-reines/reines/grading/gradebook"
	"github.com/prepa-reines/reines/grading/internal/checktest"
)

// A Gradescope group submission is graded for each of its submitters,
// under their own SID and name, on the group's notebook; the members'
// identical answers are no pair of the similarity report, while another
// student's copy of them is.
func TestGradescopeGroup(t *testing.T) {
	dir := t.TempDir()
	meta := `submission_101:
  :submitters:
  - :name: Léa Martin
    :sid: '06758767'
    :email: lea@example.org
  - :name: Jean Marc Nguyễn
    :sid: '06758768'
    :email: jm@example.org
  - :name: Jean Marc Nguyễn
    :sid: '06758768'
    :email: jm@example.org
  :created_at: 2026-12-02 02:52:07.938335000 Z
submission_102:
  :submitters:
  - :name: Ana Cruz
    :email: ana@example.org
  :created_at: 2026-12-02 03:00:00.000000000 Z
`
	if err := os.WriteFile(filepath.Join(dir, "submission_metadata.yml"), []byte(meta), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, d := range []string{"submission_101", "submission_102"} {
		if err := os.MkdirAll(filepath.Join(dir, d), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, d, "01-recursion.ipynb"), []byte(`{"cells": []}`), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	subs, layout, err := export.Export(dir, "", t.TempDir())
	if err != nil || layout != export.LayoutGradescope {
		t.Fatalf("Export: %v, %s", err, layout)
	}
	got := map[string]export.Submission{}
	for _, s := range subs {
		got[s.Student] = s
	}
	lea, jm, ana := got["06758767"], got["06758768"], got["ana@example.org"]
	if len(subs) != 3 || lea.Name != "Léa Martin" || jm.Name != "Jean Marc Nguyễn" || ana.Name != "Ana Cruz" {
		t.Fatalf("submissions %+v; want Léa's, Jean Marc's (once) and Ana's", subs)
	}
	if lea.Path != jm.Path || lea.Path == ana.Path || lea.SubmittedAt != jm.SubmittedAt || lea.SubmittedAt.IsZero() {
		t.Errorf("the group's members: %+v and %+v; want one notebook and one time", lea, jm)
	}

	rs := []gradebook.Result{
		{Student: "06758767", File: lea.Path, Answers: map[string]string{"01/Q2": fixtures.SolutionsIterative}},
		{Student: "06758768", File: jm.Path, Answers: map[string]string{"01/Q2": fixtures.SolutionsIterative}},
		{Student: "ana@example.org", File: ana.Path, Answers: map[string]string{"01/Q2": fixtures.SolutionsIterativeCopy}},
	}
	pairs := pairsOf(feedback.Similarities(rs, gradebook.Given{}), feedback.KindCopy)
	want := []string{"01/Q2 06758767 ana@example.org", "01/Q2 06758768 ana@example.org"}
	slices.Sort(pairs)
	if !slices.Equal(pairs, want) {
		t.Errorf("pairs %q; want %q (the group's members are no pair)", pairs, want)
	}

	// Each member has a row and feedback of their own; the group's
	// notebook counts for Léa, not for Jean Marc, who handed in a better
	// one of his own.
	out := t.TempDir()
	for i := range rs {
		rs[i].TP = "01"
		rs[i] = rs[i].Finish("01")
	}
	solo := gradebook.Result{Student: "06758768", TP: "01", File: filepath.Join(dir, "solo", "01-recursion.ipynb")}.Finish("01")
	solo.Questions[0].Points = 1
	rs = append(rs, solo.Finish("01"))
	if err := WriteAll(context.Background(), out, rs, false); err != nil {
		t.Fatal(err)
	}
	for st, kept := range map[string]bool{"06758767-01": true, "06758768-01": false, "06758768-01-2": true} {
		fb, err := os.ReadFile(filepath.Join(out, "feedback", st+".md"))
		if err != nil || strings.Contains(string(fb), "pas retenu") == kept {
			t.Errorf("feedback %s (%v), counted %v:\n%s", st, err, kept, fb)
		}
	}
	if rows := checktest.ReadCSV(t, filepath.Join(out, "grades.csv")); len(rows) != 4 {
		t.Errorf("grades.csv: %q; want a row per student", rows)
	}
}

// pairsOf are the pairs of kind, as "question A B".
func pairsOf(got []feedback.Similar, kind string) []string {
	var out []string
	for _, p := range got {
		if p.Kind == kind {
			out = append(out, p.Question+" "+p.A+" "+p.B)
		}
	}
	return out
}
