package batch

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/prepa-reines/reines/grading/feedback"
	"github.com/prepa-reines/reines/grading/gradebook"
	"github.com/prepa-reines/reines/tp/display"
)

// WriteAll writes the gradebook and the feedback into out: grades.csv,
// manual.csv (package gradebook), similarity.csv (see
// feedback.Similarities), report.html (see feedback.ReportHTML, then
// feedback.SimilarityHTML) and report.md (see feedback.ReportMarkdown),
// these three on the students of this run,
// feedback/<student>.md and .html, gradescope/<student>/results.json.
// reveal shows hidden cases in the feedback.
//
// A folder that already holds a gradebook is regraded, not replaced: the
// rows of the students this run did not grade are kept in grades.csv and
// manual.csv, and their feedback files stay (feedback/index.json says
// whose each file is); the earlier feedback of the students graded now is
// removed before theirs is written; the points the teacher
// entered in the earlier manual.csv are carried over to the written
// answers this run leaves without points, and the earlier files are kept
// in out/previous/ under the time they were replaced. An earlier gradebook
// that cannot be read stops the run before anything is written.
//
// A student's feedback file that cannot be written (a folder in its
// place, a name the file system refuses) costs that student's feedback
// only: the others', the gradebook and the report are written, and the
// error returned is a [feedback.FileErrors] naming each student and file. A
// name with a file not written is left out of feedback/index.json, so a
// later run never removes what stood in its way.
//
// When ctx ends, it stops between two students' feedback files and
// returns a *WriteInterrupted: the feedback written so far is in the
// index, the gradebook and the reports are left as they were.
func WriteAll(ctx context.Context, out string, results []gradebook.Result, reveal bool) error {
	earlier, err := gradebook.ReadEarlier(out)
	if err != nil {
		return err
	}
	owners, err := feedback.ReadIndex(out)
	if err != nil {
		return err
	}
	for _, d := range []string{out, filepath.Join(out, "feedback"), filepath.Join(out, "gradescope")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			return err
		}
	}
	if results, err = earlier.CarryMarks(results); err != nil {
		return fmt.Errorf("%s: %v: nothing written (move it away to start afresh)", filepath.Join(out, "manual.csv"), err)
	}
	if err := gradebook.KeepPrevious(out); err != nil {
		return err
	}
	lib, _ := display.LibraryHTML() // without it, boards show their static SVG
	failed, written, err := owners.Write(ctx, out, results, reveal, lib)
	if ctx.Err() != nil {
		return &WriteInterrupted{Feedback: written, Of: len(results), Err: ctx.Err()}
	}
	if err != nil {
		return err
	}
	// The gradebook last: a run that fails half-way leaves no new
	// gradebook beside older feedback.
	if err := feedback.WriteReport(out, results, lib); err != nil {
		return err
	}
	if err := earlier.Write(out, results); err != nil {
		return err
	}
	if len(failed) > 0 {
		return failed
	}
	return nil
}

// WriteInterrupted is WriteAll's error when its context ends while it
// writes the feedback.
type WriteInterrupted struct {
	Feedback, Of int   // notebooks whose feedback was written, of how many
	Err          error // the context's error
}

func (e *WriteInterrupted) Error() string {
	return fmt.Sprintf("interrupted while writing: the feedback of %d of %d notebooks written, the gradebook and the reports left as they were", e.Feedback, e.Of)
}

func (e *WriteInterrupted) Unwrap() error { return e.Err }
