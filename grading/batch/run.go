package batch

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/prepa-reines/reines/grading"
	"github.com/prepa-reines/reines/grading/export"
	"github.com/prepa-reines/reines/grading/feedback"
	"github.com/prepa-reines/reines/grading/gradebook"
	"github.com/prepa-reines/reines/grading/sandbox"
)

// Config is what a run of the grader is asked to do (grading/cmd/grade's
// flags say what each field is).
type Config struct {
	Root   string // the teacher's tree, whose student edition submissions are built against
	Dir    string // the export or folder of submissions
	Layout string // its layout (see export.Layouts); "" detected
	TP     string // the TP graded, "01"; "all": each notebook's own
	Out    string // the output folder
	Jobs   int    // notebooks graded at once, at least 1
	Reveal bool   // the feedback shows the hidden cases
	Force  bool   // grade again the notebooks the result cache holds
	// Manual are the teacher's marks of written answers (nil: none), read
	// from ManualFile, which the messages name.
	Manual     gradebook.Manual
	ManualFile string
	// Autograder, if not "", is where Gradescope's results.json goes:
	// Dir is then one student's submission.
	Autograder string
	Shard      gradebook.Shard // grade part of the students only (zero: all)
	Roster     *gradebook.Roster
	Policy     *gradebook.LatePolicy
	Scale      float64 // each TP's total rescaled to this in the LMS gradebooks; 0: as it is
	Limits     sandbox.Limits
	Sandbox    sandbox.Sandbox
	Seed       uint64
	// Log, Phase and Progress, if not nil, are told what the run does: a
	// message for the teacher ("layout moodle (detected): 25 notebooks"),
	// each phase as it starts, and each notebook graded (one call at a
	// time, done counting up).
	Log      func(string)
	Phase    func(string)
	Progress func(done, total int)
}

// Summary is what a run did.
type Summary struct {
	Notebooks, Students int
	Reused, Duplicates  int           // notebooks not graded anew (see Cache)
	Problems            int           // results with problems
	Graded              time.Duration // the grading phase's wall time
}

// Run grades c.Dir into c.Out: it collects the submissions (package
// export), grades them through the result cache (c.Jobs at a time,
// against the student edition of c.Root), applies the teacher's marks,
// the late policy and the roster, and writes the gradebook, the feedback,
// the reports and the LMS gradebooks (and Gradescope's results.json, the
// shard's files). A run interrupted (ctx) as it grades writes nothing and
// returns ctx's error; one interrupted as it writes stops between two
// students' feedback and returns a *WriteInterrupted (see WriteAll); students whose feedback could not be written stop nothing:
// the run ends and returns a feedback.FileErrors that names them.
func Run(ctx context.Context, c Config) (Summary, error) {
	var sum Summary
	phase := func(s string) {
		if c.Phase != nil {
			c.Phase(s)
		}
	}
	phase("reading the submissions")
	work, err := os.MkdirTemp("", "reines-grade-")
	if err != nil {
		return sum, err
	}
	defer os.RemoveAll(work)
	subs, done, err := c.collect(work)
	if err != nil || done {
		return sum, err
	}
	sum.Notebooks, sum.Students = len(subs), countStudents(subs)
	phase("looking up earlier results")
	// Submissions are built against the student edition, never against the
	// teacher's packages; it is made (and its packages compiled) only if a
	// notebook is to be graded, once per version of the sources.
	sdk, err := NewSDK(c.Root)
	if err != nil {
		return sum, err
	}
	defer sdk.Close()
	sdk.Log = c.log
	// With two jobs or more, each notebook runs two questions at once (see
	// Options.Questions): the gaps of one child keep the cores busy.
	opt := Options{Work: work, Limits: c.Limits, Sandbox: c.Sandbox, SDK: sdk, Seed: c.Seed, Questions: min(c.Jobs, 2)}
	if c.TP != "all" {
		opt.TP = c.TP
	}
	version, err := Version(sdk, opt)
	if err != nil {
		return sum, err
	}
	cache, err := OpenCache(c.Out, version)
	if err != nil {
		return sum, err
	}
	cache.Force = c.Force
	if n := cache.ToGrade(subs); n > 0 {
		phase("preparing the grader: the student edition and its packages (compiled once per version of the sources, about a minute)")
		race := c.TP == "all" || slices.ContainsFunc(grading.Questions(c.TP), func(q *grading.Question) bool { return q.Race })
		if err := sdk.Prepare(ctx, race); err != nil {
			return sum, cmpErr(ctx, err)
		}
	}
	phase("grading " + Plural(len(subs), "notebook"))
	start := time.Now()
	results := make([]gradebook.Result, len(subs))
	all := make([]int, len(subs))
	for i := range all {
		all[i] = i
	}
	var mu sync.Mutex // GradeEach's workers call back at once
	graded := 0
	_ = cache.GradeEach(ctx, subs, all, c.Jobs, opt, func(i int, r gradebook.Result) {
		mu.Lock()
		defer mu.Unlock()
		results[i] = r
		graded++
		if c.Progress != nil {
			c.Progress(graded, len(subs))
		}
	})
	if ctx.Err() != nil {
		return sum, ctx.Err()
	}
	sum.Graded, sum.Reused, sum.Duplicates = time.Since(start), cache.Reused(), cache.Duplicates()
	phase("writing the gradebook, the feedback and the reports")
	results, partial, err := c.write(ctx, results, subs, start)
	if err != nil {
		return sum, err
	}
	for _, r := range results {
		if len(r.Problems) > 0 {
			sum.Problems++
		}
	}
	return sum, partial
}

// cmpErr is ctx's error if ctx ended, else err.
func cmpErr(ctx context.Context, err error) error {
	if ctx.Err() != nil {
		return ctx.Err()
	}
	return err
}

func (c Config) log(s string) {
	if c.Log != nil {
		c.Log(s)
	}
}

// collect reads the submissions of c.Dir (its export's layout) into work,
// keeps those of c.TP and of c.Shard, and checks that the sandbox can run
// programs from work. done: there is nothing to grade, and Gradescope's
// results.json says so (c.Autograder).
func (c Config) collect(work string) (subs []export.Submission, done bool, err error) {
	subs, used, err := export.Export(c.Dir, c.Layout, work)
	if err != nil {
		return nil, false, err
	}
	how := "detected"
	if c.Layout != "" {
		how = "given"
	}
	c.log(fmt.Sprintf("layout %s (%s): %s", used, how, Plural(len(subs), "notebook")))
	if len(subs) == 0 && c.Autograder != "" {
		return nil, true, WriteAutograder(c.Autograder, feedback.GradescopeResults{OutputFormat: "md", TestOutputFormat: "md", Tests: []feedback.GradescopeTest{},
			Output: grading.Typography("Aucun notebook (.ipynb) dans la soumission : rien à noter.")})
	}
	if len(subs) == 0 {
		return nil, false, fmt.Errorf("no notebook in %s", c.Dir)
	}
	if c.TP != "all" {
		if err := CheckTP(subs, c.TP); err != nil {
			if c.Autograder != "" { // the student is told, on Gradescope
				return nil, true, WriteAutograder(c.Autograder, feedback.GradescopeResults{OutputFormat: "md", TestOutputFormat: "md", Tests: []feedback.GradescopeTest{},
					Output: grading.Typography(fmt.Sprintf("Aucun notebook du TP %s dans la soumission : rien à noter (un autre TP a-t-il été rendu ?).", c.TP))})
			}
			return nil, false, err // not a gradebook of zeros
		}
	}
	if c.Shard.N > 0 {
		subs = c.Shard.Submissions(subs)
		c.log(fmt.Sprintf("shard %s: %s of %s", c.Shard, Plural(len(subs), "notebook"), Plural(countStudents(subs), "student")))
	}
	_ = os.Chmod(work, 0o755)
	if err := c.Sandbox.Reachable(work); err != nil {
		return nil, false, fmt.Errorf("the sandbox cannot run programs from the work folder: %v", err)
	}
	return subs, false, nil
}

// write applies the teacher's marks, the late policy and the roster to
// results, and writes the gradebook and the feedback (see WriteGradebook),
// Gradescope's results.json (c.Autograder, its execution time counted from
// start) and the shard's files (c.Shard). It returns the gradebook's
// results (the roster's students too); partial names the students whose
// feedback could not be written; err stopped the writing.
func (c Config) write(ctx context.Context, results []gradebook.Result, subs []export.Submission, start time.Time) (_ []gradebook.Result, partial, err error) {
	if c.Manual != nil {
		if stale := c.Manual.Apply(results); len(stale) > 0 {
			c.log(fmt.Sprintf("%s: answers rewritten since they were marked, left to mark again: %s", c.ManualFile, strings.Join(stale, ", ")))
		}
	}
	c.Policy.Late(results, subs, c.Roster)
	results, unknown := c.Shard.Roster(c.Roster).Apply(results)
	if len(unknown) > 0 {
		c.log("not in the roster: " + strings.Join(unknown, ", "))
	}
	gradebook.SortResults(results)
	partial, err = WriteGradebook(ctx, c.Out, results, c.Roster, c.Reveal, c.Scale)
	if err != nil {
		return nil, nil, err
	}
	if c.Autograder != "" {
		g := feedback.AutograderStudent(results)
		g.ExecutionTime = int(time.Since(start).Seconds())
		if err := WriteAutograder(c.Autograder, g); err != nil {
			return nil, nil, err
		}
	}
	if c.Shard.N > 0 {
		if err := gradebook.WriteShard(c.Out, c.Shard, results, c.Roster, c.Reveal, c.Scale); err != nil {
			return nil, nil, err
		}
	}
	return results, partial, nil
}

// WriteGradebook writes the gradebook, the feedback, the report and the
// LMS gradebooks of results into out (see WriteAll and gradebook.WriteLMS).
// Students whose feedback could not be written stop nothing: everything
// else is written, and partial (a feedback.FileErrors) names them; err is an
// error that stopped the writing.
func WriteGradebook(ctx context.Context, out string, results []gradebook.Result, roster *gradebook.Roster, reveal bool, scale float64) (partial, err error) {
	if err := WriteAll(ctx, out, results, reveal); err != nil {
		var fe feedback.FileErrors
		if !errors.As(err, &fe) {
			return nil, err
		}
		partial = err
	}
	if err := gradebook.WriteLMS(out, results, roster, scale); err != nil {
		return nil, err
	}
	return partial, nil
}

// WriteAutograder writes Gradescope's results.json at path.
func WriteAutograder(path string, g feedback.GradescopeResults) error {
	data, err := json.MarshalIndent(g, "", "  ")
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return os.WriteFile(path, data, 0o644)
}

// countStudents counts the students of subs.
func countStudents(subs []export.Submission) int {
	seen := map[string]bool{}
	for _, s := range subs {
		seen[s.Student] = true
	}
	return len(seen)
}

// Plural is "1 notebook", "2 notebooks" (English nouns with a plain
// plural, for the command line's messages).
func Plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
