package feedback

import (
	"fmt"
	"strings"

	"github.com/prepa-reines/reines/grading"
	"github.com/prepa-reines/reines/grading/gradebook"
)

// GradescopeResults is Gradescope's results.json.
type GradescopeResults struct {
	Score            float64          `json:"score"`
	ExecutionTime    int              `json:"execution_time,omitempty"` // seconds
	Output           string           `json:"output,omitempty"`
	OutputFormat     string           `json:"output_format"`
	TestOutputFormat string           `json:"test_output_format"`
	Tests            []GradescopeTest `json:"tests"`
}

// GradescopeTest is one entry of results.json.
type GradescopeTest struct {
	Name     string  `json:"name"`
	Score    float64 `json:"score"`
	MaxScore float64 `json:"max_score"`
	Status   string  `json:"status,omitempty"` // "passed" or "failed"; none for written answers
	Output   string  `json:"output,omitempty"`
	// Visibility is when students see the test (Gradescope's "visible",
	// "after_published"…); "" is Gradescope's default, visible.
	Visibility string `json:"visibility,omitempty"`
}

// Autograder returns r as a Gradescope autograder's results.json
// (gradescope-autograders.readthedocs.io, "Autograder Specifications"):
// the score is the points of the questions graded automatically, as grade
// gives them without manual.csv; one visible test per such question with
// its public cases; for a question with hidden cases failed, a test of
// their details worth nothing, shown only once the teacher publishes the
// grades ("after_published"). Written answers are no test: the teacher
// grades them as manual questions of the Gradescope assignment, and the
// output says so.
func Autograder(r gradebook.Result) GradescopeResults {
	g := GradescopeResults{Score: r.Points, OutputFormat: "md", TestOutputFormat: "md", Tests: []GradescopeTest{}}
	for _, p := range r.Problems {
		g.Output += "⚠ " + grading.Typography(mdText(p)) + "\n\n"
	}
	var written []string
	for _, q := range r.Questions {
		name := q.ID + " " + grading.Typography(grading.PlainText(q.Title))
		if q.Manual {
			_, n, _ := strings.Cut(q.ID, "/Q")
			written = append(written, n)
			continue
		}
		t := GradescopeTest{Name: name, Score: q.Points, MaxScore: float64(q.Max), Output: mdTypography(questionMarkdown(q, false)), Status: "failed"}
		if q.Points == float64(q.Max) {
			t.Status = "passed"
		}
		g.Tests = append(g.Tests, t)
		if len(q.HiddenKO) > 0 {
			var b strings.Builder
			for _, c := range q.HiddenKO {
				b.WriteString(failedLine(c))
			}
			g.Tests = append(g.Tests, GradescopeTest{Name: name + " — cas cachés échoués", Status: "failed", Output: mdTypography(b.String()), Visibility: "after_published"})
		}
	}
	if len(written) > 0 {
		g.Output += grading.Typography(fmt.Sprintf("Les réponses rédigées (%s %s) sont notées à la main par l'enseignant, en plus de cette note.\n",
			grading.Agree(len(written), "question", "questions"), joinFrench(written)))
	}
	return g
}

// joinFrench joins "6", "9", "12" as « 6, 9 et 12 ».
func joinFrench(xs []string) string {
	if len(xs) <= 1 {
		return strings.Join(xs, "")
	}
	return strings.Join(xs[:len(xs)-1], ", ") + " et " + xs[len(xs)-1]
}

// AutograderStudent is Autograder for the notebooks of the one student of
// results that count in the gradebook (one per TP), their tests one after
// the other and their scores added.
func AutograderStudent(results []gradebook.Result) GradescopeResults {
	g := GradescopeResults{OutputFormat: "md", TestOutputFormat: "md", Tests: []GradescopeTest{}}
	for _, st := range gradebook.Rows(results) {
		for _, r := range st.Counted {
			a := Autograder(r)
			g.Score += a.Score
			g.Output += a.Output
			g.Tests = append(g.Tests, a.Tests...)
		}
	}
	return g
}

// Gradescope returns r in Gradescope's format, one test per question.
func Gradescope(r gradebook.Result) GradescopeResults {
	g := GradescopeResults{Score: r.Points, OutputFormat: "md", TestOutputFormat: "md", Tests: []GradescopeTest{}}
	for _, p := range r.Problems {
		g.Output += "⚠ " + grading.Typography(mdText(p)) + "\n\n"
	}
	for _, q := range r.Questions {
		t := GradescopeTest{Name: q.ID + " " + grading.Typography(grading.PlainText(q.Title)), Score: q.Points, MaxScore: float64(q.Max), Output: mdTypography(questionMarkdown(q, false))}
		if !q.Manual {
			t.Status = "failed"
			if q.Points == float64(q.Max) {
				t.Status = "passed"
			}
		}
		g.Tests = append(g.Tests, t)
	}
	return g
}
