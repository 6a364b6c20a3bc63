// Command grade grades a folder of submitted notebooks.
//
// Usage:
//
//	go run ./grading/cmd/grade [-tp NN|all] [-out DIR] [-j N] [-reveal] [-manual manual.csv] SUBMISSIONS
//
// SUBMISSIONS holds one .ipynb per student (the file name is the student's
// ID) or one folder per student holding their notebooks. Each notebook's
// code is rebuilt and compiled as one program (one program per question
// when it does not compile), and each question's cases run one at a time in
// a sandboxed child process (see package grading/batch). DIR receives
// grades.csv (one row per student), manual.csv, feedback/ (Markdown and
// HTML per notebook) and gradescope/ (results.json per notebook). Fill in
// the points column of manual.csv and run again with -manual to merge
// written-answer points into the gradebook.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"time"

	"github.com/schollz/progressbar/v3"

	"github.com/prepa-reines/reines/grading/batch"
	"github.com/prepa-reines/reines/grading/release"
	"github.com/prepa-reines/reines/grading/submission"
)

func main() {
	tp := flag.String("tp", "all", "TP to grade (01, 02, …) or all: each notebook's own TP")
	out := flag.String("out", "grades", "output folder")
	jobs := flag.Int("j", runtime.NumCPU(), "submissions graded in parallel")
	reveal := flag.Bool("reveal", false, "show hidden cases in the feedback")
	manual := flag.String("manual", "", "manual.csv with the teacher's points for written answers")
	timeout := flag.Duration("timeout", submission.DefaultLimits.Timeout, "time limit of one case")
	flag.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: grade [-tp NN|all] [-out DIR] [-j N] [-reveal] [-manual manual.csv] SUBMISSIONS")
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() != 1 || *jobs < 1 {
		flag.Usage()
		os.Exit(2)
	}
	if err := run(flag.Arg(0), *tp, *out, *jobs, *reveal, *manual, *timeout); err != nil {
		fmt.Fprintln(os.Stderr, "grade:", err)
		os.Exit(1)
	}
}

func run(dir, tp, out string, jobs int, reveal bool, manualPath string, timeout time.Duration) error {
	gomod, err := exec.Command("go", "env", "GOMOD").Output()
	if err != nil || strings.TrimSpace(string(gomod)) == "" || strings.TrimSpace(string(gomod)) == os.DevNull {
		return fmt.Errorf("run grade inside the workbook's repository")
	}
	var manual batch.Manual
	if manualPath != "" {
		f, err := os.Open(manualPath)
		if err != nil {
			return err
		}
		manual, err = batch.ReadManual(f)
		f.Close()
		if err != nil {
			return err
		}
	}
	subs, err := batch.Collect(dir)
	if err != nil {
		return err
	}
	if len(subs) == 0 {
		return fmt.Errorf("no notebook in %s", dir)
	}
	work, err := os.MkdirTemp("", "reines-grade-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(work)
	_ = os.Chmod(work, 0o755)
	root := filepath.Dir(strings.TrimSpace(string(gomod)))
	refs, err := release.References(root)
	if err != nil {
		return err
	}
	wrappers, err := batch.Wrappers(root, refs)
	if err != nil {
		return err
	}
	opt := batch.Options{Root: root, Work: work, Limits: submission.DefaultLimits, Sandbox: submission.Probe(), Wrappers: wrappers}
	opt.Limits.Timeout = timeout
	if tp != "all" {
		opt.TP = tp
	}
	if opt.Sandbox.Warning != "" {
		fmt.Fprintln(os.Stderr, "grade: warning:", opt.Sandbox.Warning)
	}
	start := time.Now()
	// The bar is drawn only on a terminal; a log gets the summary alone.
	barOut := io.Discard
	if fi, err := os.Stderr.Stat(); err == nil && fi.Mode()&os.ModeCharDevice != 0 {
		barOut = os.Stderr
	}
	bar := progressbar.NewOptions(len(subs), progressbar.OptionSetWriter(barOut),
		progressbar.OptionSetDescription("grading"), progressbar.OptionShowCount(),
		progressbar.OptionSetPredictTime(true), progressbar.OptionClearOnFinish())
	results := make([]batch.Result, len(subs))
	var wg sync.WaitGroup
	next := make(chan int)
	for w := 0; w < jobs; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				results[i] = batch.Grade(context.Background(), subs[i], opt)
				_ = bar.Add(1)
			}
		}()
	}
	for i := range subs {
		next <- i
	}
	close(next)
	wg.Wait()
	_ = bar.Finish()
	if manual != nil {
		manual.Apply(results)
	}
	if err := batch.WriteAll(out, results, reveal); err != nil {
		return err
	}
	elapsed := time.Since(start)
	problems := 0
	for _, r := range results {
		if len(r.Problems) > 0 {
			problems++
		}
	}
	fmt.Fprintf(os.Stderr, "graded %d notebooks of %d students in %.1f s (%.1f s per notebook, %d in parallel); %d with problems; results in %s\n",
		len(results), countStudents(subs), elapsed.Seconds(), elapsed.Seconds()/float64(len(results)), jobs, problems, out)
	return nil
}

func countStudents(subs []batch.Submission) int {
	seen := map[string]bool{}
	for _, s := range subs {
		seen[s.Student] = true
	}
	return len(seen)
}
