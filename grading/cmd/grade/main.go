// Command grade grades a folder of submitted notebooks.
//
// Usage:
//
//	go run ./grading/cmd/grade [-tp NN|all] [-out DIR] [-j N] [-reveal] [-manual manual.csv] [-seed N] [-timeout D] [-force] SUBMISSIONS
//
// SUBMISSIONS holds one .ipynb per student (the file name is the student's
// ID) or one folder per student holding their notebooks. Each notebook's
// code is rebuilt and compiled as one program (one program per question
// when it does not compile) against the student edition's SDK, written
// into the work folder first (see package grading/release: the reference
// answers are stubs there, so a submission cannot borrow them), and each
// question's cases run one at a time in a sandboxed child process (see
// package grading/batch). The hidden cases are drawn with the seed given
// by -seed, else the teacher's seed file $XDG_CONFIG_HOME/reines/seed
// (~/.config/reines/seed), written with a random seed on first use: keep
// it to grade late submissions on the same cases. DIR receives grades.csv
// (one row per student), manual.csv, feedback/ (Markdown and HTML per
// notebook), gradescope/ (results.json per notebook), report.html and
// report.md (the class's statistics), similarity.csv, the LMS gradebooks
// and cache/ (each notebook's result: a regrade runs only the notebooks
// that changed; -force runs them all). Fill in the points column of
// manual.csv and run again with -manual to merge written-answer points
// into the gradebook.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"os/signal"
	"runtime"
	"slices"
	"strings"
	"syscall"
	"time"

	"github.com/schollz/progressbar/v3"

	"github.com/prepa-reines/reines/grading"
	"github.com/prepa-reines/reines/grading/batch"
	"github.com/prepa-reines/reines/grading/export"
	"github.com/prepa-reines/reines/grading/feedback"
	"github.com/prepa-reines/reines/grading/gradebook"
	"github.com/prepa-reines/reines/grading/sandbox"
	"github.com/prepa-reines/reines/grading/workbook"
)

func main() {
	tp := flag.String("tp", "all", "TP to grade (01, 02, …) or all: each notebook's own TP")
	out := flag.String("out", "grades", "output folder")
	jobs := flag.Int("j", runtime.NumCPU(), "submissions graded in parallel")
	reveal := flag.Bool("reveal", false, "show hidden cases in the feedback")
	manual := flag.String("manual", "", "manual.csv with the teacher's points for written answers")
	timeout := flag.Duration("timeout", sandbox.DefaultLimits.Timeout, "time limit of one case")
	seed := flag.String("seed", "", "seed of the hidden cases (default: the one in "+batch.SeedFileHelp+", created on first use)")
	tmpMB := flag.Int("tmp", sandbox.DefaultLimits.TmpMB, "MiB of the tmpfs that is a child's only writable place (with bubblewrap)")
	deadline := flag.String("deadline", "", "deadline, 2026-12-15 23:59 (this machine's time zone) or RFC 3339: late submissions lose -late-penalty per day started")
	perDay := flag.String("late-penalty", "10%/day", "share of the total lost per day late, with -deadline")
	lateCap := flag.String("late-cap", "100%", "largest share lost for lateness, with -deadline")
	scale := flag.Float64("scale", 0, "rescale each TP's total to this many points in moodle-grades.csv and canvas-gradebook.csv (e.g. 20; 0: points as they are)")
	rosterPath := flag.String("roster", "", "class list, CSV with a header: id,name,email,group,extension (id: what the submissions identify students by)")
	layout := flag.String("layout", "", "layout of SUBMISSIONS: "+strings.Join(export.Layouts, ", ")+" (default: detected)")
	shardFlag := flag.String("shard", "", "grade only part K of N of the students, K/N (by a hash of their ID), for grade merge")
	autograder := flag.String("autograder", "", "Gradescope autograder mode: SUBMISSIONS is one student's, and FILE receives Gradescope's results.json (see grading/cmd/autograder)")
	force := flag.Bool("force", false, "grade every notebook again, even those whose result DIR/cache/ holds (same notebook, same grader)")
	noSandbox := flag.Bool("unsafe-no-sandbox", false, "grade even where bubblewrap does not work: student code can then read this machine's files")
	flag.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: grade [-tp NN|all] [-out DIR] [-j N] [-reveal] [-manual manual.csv] [-seed N] [-timeout D] [-tmp MiB] [-layout L] [-roster roster.csv] [-deadline T [-late-penalty 10%/day] [-late-cap 50%]] [-scale N] [-shard K/N] [-force] [-unsafe-no-sandbox] SUBMISSIONS\n       grade merge -out DIR SHARD_OUT...")
		flag.PrintDefaults()
	}
	if len(os.Args) > 1 && os.Args[1] == "merge" {
		os.Exit(mergeMain(os.Args[2:]))
	}
	flag.Parse()
	if flag.NArg() != 1 || *scale < 0 || math.IsNaN(*scale) || *jobs < 1 || *tmpMB < 1 || *tmpMB > 1<<14 || *timeout <= 0 {
		flag.Usage()
		os.Exit(2)
	}
	if *layout != "" && !slices.Contains(export.Layouts, *layout) {
		fmt.Fprintf(os.Stderr, "grade: -layout %s: one of %s\n", *layout, strings.Join(export.Layouts, ", "))
		os.Exit(2)
	}
	if *tp != "all" {
		if len(*tp) == 1 {
			*tp = "0" + *tp // -tp 1 is TP 01
		}
		if len(grading.Questions(*tp)) == 0 {
			fmt.Fprintf(os.Stderr, "grade: -tp %s: no such TP (%s, or all)\n", *tp, strings.Join(tps(), ", "))
			os.Exit(2)
		}
	}
	var shard gradebook.Shard
	if *shardFlag != "" {
		var err error
		if shard, err = gradebook.ParseShard(*shardFlag); err != nil {
			fmt.Fprintln(os.Stderr, "grade:", err)
			os.Exit(2)
		}
	}
	s, from, err := batch.HiddenSeed(*seed)
	if err != nil {
		fmt.Fprintln(os.Stderr, "grade:", err)
		os.Exit(2)
	}
	fmt.Fprintf(os.Stderr, "grade: hidden cases drawn with the seed %s\n", from)
	sb := sandbox.Probe()
	fmt.Fprintln(os.Stderr, "grade:", sb.Isolation())
	if !sb.Isolated() && !*noSandbox {
		fmt.Fprintln(os.Stderr, "grade: refusing to run student code without bubblewrap (install it: sudo apt-get install bubblewrap; or pass -unsafe-no-sandbox on a machine that holds nothing else)")
		os.Exit(1)
	}
	lim := sandbox.DefaultLimits
	lim.Timeout, lim.TmpMB = *timeout, *tmpMB
	// SIGINT or SIGTERM stop the run: the children are killed, the work
	// folder removed, and nothing is written.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	// After the first signal, a second one stops the grader at once,
	// whatever it waits for (the default action again).
	go func() {
		<-ctx.Done()
		stop()
	}()
	var policy *gradebook.LatePolicy
	if *deadline != "" {
		d, err := gradebook.ParseDeadline(*deadline, time.Local)
		var day, capShare float64
		if err == nil {
			day, err = gradebook.ParsePercent(*perDay)
		}
		if err == nil {
			capShare, err = gradebook.ParsePercent(*lateCap)
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, "grade:", err)
			os.Exit(2)
		}
		policy = &gradebook.LatePolicy{Deadline: d, PerDay: day, Cap: capShare}
	}
	var roster *gradebook.Roster
	if *rosterPath != "" {
		f, err := os.Open(*rosterPath)
		if err == nil {
			roster, err = gradebook.ReadRoster(f)
			f.Close()
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, "grade:", err)
			os.Exit(1)
		}
	}
	marks, err := readManual(*manual)
	if err != nil {
		fmt.Fprintln(os.Stderr, "grade:", err)
		os.Exit(1)
	}
	c := batch.Config{Dir: flag.Arg(0), Layout: *layout, TP: *tp, Out: *out, Jobs: *jobs, Reveal: *reveal, Manual: marks, ManualFile: *manual,
		Force: *force, Autograder: *autograder, Shard: shard, Roster: roster, Policy: policy, Scale: *scale, Limits: lim, Sandbox: sb, Seed: s}
	if err := run(ctx, c); err != nil {
		fmt.Fprintln(os.Stderr, "grade:", err)
		stop()
		os.Exit(1)
	}
}

// run grades c.Dir into c.Out (see batch.Run), printing each phase as it
// starts, a progress bar on a terminal and, at the end, where the time
// went.
func run(ctx context.Context, c batch.Config) error {
	ph := newPhases(os.Stderr)
	root, ok := workbook.ModuleRoot()
	if !ok {
		return fmt.Errorf("run grade inside the workbook's repository")
	}
	c.Root = root
	c.Log = func(s string) { fmt.Fprintf(os.Stderr, "grade: %s\n", s) }
	var bar *progressbar.ProgressBar
	c.Phase = func(s string) {
		ph.start(s)
		if strings.HasPrefix(s, "grading ") && bar == nil {
			bar = progressBar()
		}
	}
	c.Progress = func(done, total int) {
		if bar != nil {
			bar.ChangeMax(total)
			_ = bar.Set(done)
		}
	}
	sum, err := batch.Run(ctx, c)
	if bar != nil {
		_ = bar.Finish()
	}
	if ctx.Err() != nil {
		return interrupted(c.Out, err)
	}
	var fe feedback.FileErrors
	if err != nil && !errors.As(err, &fe) {
		return err
	}
	ph.end()
	if sum.Notebooks > 0 {
		fmt.Fprintf(os.Stderr, "%s; %d with problems; results in %s\n", gradedSummary(sum.Notebooks, sum.Students, sum.Reused, sum.Duplicates, sum.Graded, c.Jobs), sum.Problems, c.Out)
	}
	fmt.Fprintf(os.Stderr, "grade: %s\n", ph.summary())
	return err
}

// progressBar is the grading phase's progress bar, on a terminal (a log
// gets the summary alone).
func progressBar() *progressbar.ProgressBar {
	barOut := io.Discard
	if fi, err := os.Stderr.Stat(); err == nil && fi.Mode()&os.ModeCharDevice != 0 {
		barOut = os.Stderr
	}
	return progressbar.NewOptions(0, progressbar.OptionSetWriter(barOut),
		progressbar.OptionSetDescription("grading"), progressbar.OptionShowCount(),
		progressbar.OptionSetPredictTime(true), progressbar.OptionClearOnFinish())
}

// readManual reads the teacher's marks of written answers from path (""
// none), its errors named after the file given.
func readManual(path string) (gradebook.Manual, error) {
	if path == "" {
		return nil, nil
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	manual, err := gradebook.ReadManual(f)
	if err != nil { // named after the file given, not "manual.csv"
		msg := strings.TrimPrefix(strings.TrimPrefix(err.Error(), "manual.csv"), ":")
		return nil, fmt.Errorf("%s: %s", path, strings.TrimSpace(msg))
	}
	return manual, nil
}

// gradedSummary is the run's summary of its notebooks: how many, how long
// the ones graded anew took (per notebook: only those), and the others.
func gradedSummary(notebooks, students, reused, duplicates int, took time.Duration, jobs int) string {
	of := batch.Plural(notebooks, "notebook") + " of " + batch.Plural(students, "student")
	anew := notebooks - reused - duplicates
	if anew <= 0 {
		return of + ": none graded anew" + cacheSummary(reused, duplicates)
	}
	return fmt.Sprintf("%s: %s graded in %.1f s (%.1f s per notebook, %d in parallel)%s",
		of, batch.Plural(anew, "notebook"), took.Seconds(), took.Seconds()/float64(anew), jobs, cacheSummary(reused, duplicates))
}

// cacheSummary is what the run's summary says of the notebooks not
// graded anew: reused, unchanged since an earlier run; duplicates, the
// same as another notebook of this run. "" if none.
func cacheSummary(reused, duplicates int) string {
	var parts []string
	if reused > 0 {
		parts = append(parts, batch.Plural(reused, "notebook")+" unchanged since an earlier run: result reused; -force grades again")
	}
	if duplicates > 0 {
		verb := "is"
		if duplicates > 1 {
			verb = "are"
		}
		parts = append(parts, fmt.Sprintf("%s %s the same file as another of this run: graded once", batch.Plural(duplicates, "notebook"), verb))
	}
	if len(parts) == 0 {
		return ""
	}
	return " (" + strings.Join(parts, "; ") + ")"
}

// mergeMain is grade merge: it combines the output folders of the N
// shards of one run (grade -shard K/N) into one gradebook, feedback and
// report, the same files as grading the class at once would write.
func mergeMain(args []string) int {
	set := flag.NewFlagSet("merge", flag.ContinueOnError)
	out := set.String("out", "grades", "output folder of the merged gradebook")
	set.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: grade merge -out DIR SHARD_OUT... (the output folders of grade -shard 1/N … N/N)")
		set.PrintDefaults()
	}
	if err := set.Parse(args); err != nil {
		return 2
	}
	if set.NArg() == 0 {
		set.Usage()
		return 2
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	m, err := gradebook.MergeShards(set.Args())
	var partial error
	if err == nil {
		partial, err = batch.WriteGradebook(ctx, *out, m.Results, m.Roster, m.Reveal, m.Scale)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "grade merge:", err)
		return 1
	}
	fmt.Fprintf(os.Stderr, "merged %s of %s; results in %s\n", batch.Plural(set.NArg(), "shard"), batch.Plural(len(m.Results), "result"), *out)
	if partial != nil {
		fmt.Fprintln(os.Stderr, "grade merge:", partial)
		return 1
	}
	return 0
}

// tps lists the TPs that have questions: "01", "02", …
func tps() []string {
	var out []string
	for _, q := range grading.Questions("") {
		if nb := q.Notebook(); !slices.Contains(out, nb) {
			out = append(out, nb)
		}
	}
	return out
}
