package gradebook

import (
	"encoding/csv"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/prepa-reines/reines/grading"
)

// Manual holds the teacher's marks for written answers, by student, then
// notebook (the file's name: a student may hand in two notebooks of one
// TP), then question ID.
type Manual map[string]map[string]map[string]Mark

// Mark is the teacher's mark of one written answer.
type Mark struct {
	Points  float64
	Scored  bool   // Points was given (a comment may come alone)
	Comment string // for the student, shown in the feedback
	Answer  string // the answer the teacher marked, as manual.csv shows it
}

// ReadManual reads a manual.csv the teacher filled in (columns student,
// notebook, question, max, points, answer, and optionally comment; header
// first). Rows with neither points nor a comment are skipped; points
// outside [0, max] are errors naming the line.
func ReadManual(r io.Reader) (Manual, error) {
	rows, err := csv.NewReader(r).ReadAll()
	if err != nil {
		return nil, fmt.Errorf("manual.csv: %w", err)
	}
	return readManualRows(rows)
}

// readManualRows is ReadManual on the rows of the file.
func readManualRows(rows [][]string) (Manual, error) {
	if len(rows) > 0 && !slices.Equal(rows[0][:min(len(rows[0]), 5)], manualHeader[:5]) {
		return nil, fmt.Errorf("manual.csv: the header must be %s (the file the grader writes)", strings.Join(manualHeader, ","))
	}
	m := Manual{}
	for i, row := range rows {
		comment := ""
		if len(row) >= 7 {
			comment = strings.TrimSpace(uncell(row[6]))
		}
		if i == 0 || len(row) < 5 || (strings.TrimSpace(row[4]) == "" && comment == "") {
			continue
		}
		student, nb, id := uncell(row[0]), uncell(row[1]), row[2]
		// The maximum is the question's, whatever the file says.
		q := grading.Lookup(id)
		if q == nil || !q.Prose() {
			return nil, fmt.Errorf("manual.csv line %d: %q is not a written answer of the workbook", i+1, id)
		}
		mark := Mark{Comment: comment}
		if len(row) >= 6 {
			mark.Answer = uncell(row[5])
		}
		if p := strings.TrimSpace(row[4]); p != "" {
			pts, err := strconv.ParseFloat(strings.ReplaceAll(p, ",", "."), 64)
			if err != nil || math.IsNaN(pts) || pts < 0 || pts > float64(q.Points) {
				return nil, fmt.Errorf("manual.csv line %d: points %q must be a number between 0 and %d", i+1, row[4], q.Points)
			}
			mark.Points, mark.Scored = pts, true
		}
		if m[student] == nil {
			m[student] = map[string]map[string]Mark{}
		}
		if m[student][nb] == nil {
			m[student][nb] = map[string]Mark{}
		}
		m[student][nb][id] = mark
	}
	return m, nil
}

var manualHeader = []string{"student", "notebook", "question", "max", "points", "answer", "comment"}

// Apply adds the manual points to the results, each to the answer it was
// given to: a mark whose answer (manual.csv's column, when not empty) is
// not the one the notebook holds now, rewritten since, is left out, and
// returned ("alice a.ipynb 01/Q6"), so that the answer is marked again.
func (m Manual) Apply(results []Result) (stale []string) {
	for i := range results {
		r := &results[i]
		for j := range r.Questions {
			q := &r.Questions[j]
			if mark, ok := m[r.Student][filepath.Base(r.File)][q.ID]; ok && q.Manual {
				if mark.Answer != "" && !sameAnswer(mark.Answer, manualAnswer(*q)) {
					stale = append(stale, fmt.Sprintf("%s %s %s", r.Student, filepath.Base(r.File), q.ID))
					continue
				}
				if mark.Scored {
					q.Points, q.Marked = mark.Points, true
				}
				if mark.Comment != "" {
					q.Comment = mark.Comment
				}
			}
		}
		*r = r.Finish(r.TP)
	}
	return stale
}

// manualAnswer is a written answer as manual.csv shows it.
func manualAnswer(q Question) string {
	if q.Unwritten {
		return UnwrittenAnswer
	}
	return q.Answer
}

// sameAnswer reports whether two written answers are the same text, line
// ends and runs of spaces aside (a spreadsheet may change them).
func sameAnswer(a, b string) bool {
	return strings.Join(strings.Fields(a), " ") == strings.Join(strings.Fields(b), " ")
}

// UnwrittenAnswer is the answer column of manual.csv for a written answer
// the student left as the placeholder (see Question.Unwritten).
const UnwrittenAnswer = "(non rédigée)"

// writeManual lists the written answers for the teacher to grade, with the
// points already given.
func writeManual(path string, results []Result, old [][]string) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	w := csv.NewWriter(f)
	_ = w.Write(manualHeader)
	for _, r := range results {
		for _, q := range r.Questions {
			if q.Manual {
				p := ""
				if q.Marked { // a mark of 0 too
					p = pts(q.Points)
				}
				_ = w.Write(Cells([]string{r.Student, filepath.Base(r.File), q.ID, strconv.Itoa(q.Max), p, manualAnswer(q), q.Comment}))
			}
		}
	}
	now := StudentsOf(results)
	for _, row := range old[min(len(old), 1):] {
		if len(row) > 0 && !now[uncell(row[0])] {
			_ = w.Write(row) // as it was: already protected from spreadsheets
		}
	}
	w.Flush()
	if err := w.Error(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// CarryMarks returns results with the points and comments the teacher
// entered in e's manual.csv carried over to the written answers that have
// none, where the answer is the one marked: a student who rewrote it is
// marked again. Without an earlier manual.csv, results are returned as
// they are.
func (e Earlier) CarryMarks(results []Result) ([]Result, error) {
	if e.manual == nil {
		return results, nil
	}
	return carryMarks(results, e.manual)
}

// carryMarks is CarryMarks with manual.csv's rows, header first.
func carryMarks(results []Result, oldManual [][]string) ([]Result, error) {
	m, err := readManualRows(oldManual)
	if err != nil {
		return nil, err
	}
	results = slices.Clone(results)
	for i := range results {
		r := &results[i]
		r.Questions = slices.Clone(r.Questions)
		for j := range r.Questions {
			q := &r.Questions[j]
			if mark, ok := m[r.Student][filepath.Base(r.File)][q.ID]; ok && q.Manual && sameAnswer(mark.Answer, manualAnswer(*q)) {
				if mark.Scored && !q.Marked {
					q.Points, q.Marked = mark.Points, true
				}
				if q.Comment == "" {
					q.Comment = mark.Comment
				}
			}
		}
		*r = r.Finish(r.TP)
	}
	return results, nil
}
