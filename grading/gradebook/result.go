package gradebook

import (
	"cmp"
	"math"
	"time"

	"github.com/prepa-reines/reines/grading"
)

// Question is the grade of one question for one student.
type Question struct {
	ID, Title string
	Max       int     // points available
	Points    float64 // points earned: Max × passed cases / all cases, rounded down to 0.25
	Manual    bool    // a written answer, graded by the teacher (manual.csv)
	Answer    string  // the written answer's text (Manual)
	Unwritten bool    // the written answer is the student edition's placeholder, or absent (Manual)
	Marked    bool    // the teacher gave its points (manual.csv); until then Points is 0 and the feedback says « pas encore notée » (Manual)
	Comment   string  // the teacher's comment on it (manual.csv), for the student
	Passed    int     // cases passed, public and hidden
	Total     int     // cases, public and hidden
	Public    []grading.CaseResult
	HiddenOK  int                  // hidden cases passed
	Hidden    int                  // hidden cases
	HiddenKO  []grading.CaseResult // the hidden cases failed, shown only with -reveal
	Compile   string               // compiler messages, mapped to the student's cells
	Flags     []string             // French notes for the teacher (forbidden import, reference called…)
	Unjudged  int                  // cases without a verdict: the machine was too busy (shown in Public, counted nowhere)
	Note      string               // French: absent function, duplicate cells…
	// Code is the source graded: the declarations the question's program
	// holds, each cell's under a comment naming it (the grader's
	// gradedCode), for the feedback.
	Code string
}

// Result is the grade of one submission (package batch grades it).
//
// Answers, Transient and Given are the grading run's, not the
// gradebook's: they are no part of a Result's JSON (the result cache and
// ShardFile keep Answers beside it).
type Result struct {
	Student, File, TP string
	Shown             string // File as it is inside the export (see Submission.Shown); "" when it is File
	Name              string // the student's name, when the export or the roster gives it
	// Lateness, with a late policy (see LatePolicy.Late): when it was
	// handed in, how many days late, and the share of the total it loses.
	SubmittedAt time.Time
	LateDays    int
	Penalty     float64
	Answers     map[string]string `json:"-"` // the answer cells' code, by question (see feedback.Similarities)
	Transient   bool              `json:"-"` // the machine, not the notebook, decided the result (see batch.Cache)
	Given       *Given            `json:"-"` // the run's reference answers and stubs (see feedback.Similarities)
	Questions   []Question
	Problems    []string // French: what made the notebook partly or wholly ungradable
	Points, Max float64
}

// InExport is the notebook's path as it is inside the export.
func (r Result) InExport() string { return cmp.Or(r.Shown, r.File) }

// Finish sets the result's TP, fills in the TP's questions if it has
// none, and sums the points (less the late penalty).
func (r Result) Finish(tp string) Result {
	r.TP = tp
	if len(r.Questions) == 0 && tp != "" {
		for _, q := range grading.Questions(tp) {
			r.Questions = append(r.Questions, Question{ID: q.ID, Title: q.Title, Max: q.Points, Manual: q.Prose(), Unwritten: q.Prose()}) // no answer read: none written
		}
	}
	r.Points, r.Max = 0, 0
	for _, q := range r.Questions {
		r.Points += q.Points
		r.Max += float64(q.Max)
	}
	if r.Penalty > 0 { // late: the share lost, rounded down to 0.25
		r.Points = math.Floor(r.Points*(1-r.Penalty)*4) / 4
	}
	return r
}

// Given is the code the comparison of answers starts from, by question
// ID: the answer cells of the correction notebooks (the reference answers,
// which a student's answer is compared with too) and those of the student
// edition (the stubs every student is handed, whose fingerprints count for
// no one, as MOSS's base file). The grader holds them in memory only:
// nothing of the reference reaches the student edition.
type Given struct {
	Reference, Stub map[string]string
}

// GivenOf is the Given of the grading run of results, empty if none
// carries one.
func GivenOf(results []Result) Given {
	for _, r := range results {
		if r.Given != nil {
			return *r.Given
		}
	}
	return Given{}
}
