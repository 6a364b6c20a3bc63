// Command cellbench measures, in one GoNB kernel, what a check cell costs
// beside a plain cell: a notebook of TP 1 (its header and the answer of
// question 1) then, in turn, a cell that prints a line and the check cell
// of question 1, each several times, executed through Jupyter
// (nbconvert). Each cell's time is read from the kernel's log (GoNB's
// -vmodule=execcode=1 lines, see kernel-setup/gonb-kernel.sh): the build
// (from the cell's start to its program's start: goimports, go build)
// and the whole cell (to the next cell's start). It prints a Markdown
// table of the medians, and the ratio of the check cell to the plain
// cell against the target of 1.5 (issue « student trial », check cells
// within 1,5× of a plain cell).
//
// Usage, from the module root after the set-up (make bench runs it):
//
//	go run ./internal/cellbench [-n 5]
//
// It takes about a minute on two cores. The figures depend on the
// machine and its load: the table gives the load.
package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/prepa-reines/reines/grading"
	"github.com/prepa-reines/reines/grading/notebook"
)

// target is the largest ratio of a check cell's time to a plain cell's.
const target = 1.5

func main() {
	n := flag.Int("n", 5, "cells of each kind")
	flag.Parse()
	if err := run(*n); err != nil {
		fmt.Fprintln(os.Stderr, "cellbench:", err)
		os.Exit(1)
	}
}

// Cell sources: the plain cell and the check cell; a comment makes each
// execution's source its own.
const (
	plainCell = "%%%%\nfmt.Println(\"bonjour\") // cellbench %d"
	checkCell = "%%%%\nnb01.Q1.Check(IsSafe) // cellbench %d"
	endCell   = "%%\nfmt.Println(\"fin\") // cellbench end"
)

func run(n int) error {
	if n < 1 {
		return errors.New("-n must be at least 1")
	}
	src, err := notebook.Read(filepath.Join("notebooks", "corrections", "01-recursion.ipynb"))
	if err != nil {
		return fmt.Errorf("%v (run from the module root)", err)
	}
	// The header, then the answer of question 1.
	var cells []notebook.Cell
	for _, c := range src.Cells {
		if c.CellType != "code" {
			continue
		}
		if len(cells) == 0 || c.Reines().Question == "01/Q1" && c.Reines().Role == "answer" {
			c.Outputs = nil
			cells = append(cells, c)
		}
		if len(cells) == 2 {
			break
		}
	}
	if len(cells) != 2 {
		return errors.New("TP 1's correction has no header or no answer to question 1")
	}
	code := func(s string) notebook.Cell {
		return notebook.Cell{CellType: "code", Source: notebook.Source(s), Metadata: map[string]any{}}
	}
	for i := range n {
		cells = append(cells, code(fmt.Sprintf(plainCell, i)), code(fmt.Sprintf(checkCell, i)))
	}
	cells = append(cells, code(endCell))
	nb := *src
	nb.Cells = cells
	data, err := nb.Marshal()
	if err != nil {
		return err
	}
	// In notebooks/, where the header finds the workbook; hidden, as the
	// set-up's smoke notebook.
	path := filepath.Join("notebooks", ".cellbench.ipynb")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		return err
	}
	defer os.Remove(path)
	out, err := os.MkdirTemp("", "cellbench-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(out)
	logs := filepath.Join(os.Getenv("HOME"), ".local", "state", "reines", "kernels")
	if d := os.Getenv("XDG_STATE_HOME"); d != "" {
		logs = filepath.Join(d, "reines", "kernels")
	}
	before := time.Now()
	cmd := exec.Command("jupyter", "nbconvert", "--to", "notebook", "--execute", "--ExecutePreprocessor.kernel_name=gonb",
		"--ExecutePreprocessor.timeout=600", "--output-dir", out, filepath.Base(path))
	cmd.Dir = "notebooks"
	if msg, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("jupyter nbconvert: %v\n%s", err, msg)
	}
	// Each check cell must have shown its report (the display went
	// through GoNB's pipe): a check that showed nothing is not measured.
	executed, err := notebook.Read(filepath.Join(out, filepath.Base(path)))
	if err != nil {
		return err
	}
	shown := 0
	for _, c := range executed.Cells {
		for _, o := range c.Outputs {
			if strings.Contains(string(o), grading.CheckMIME) && strings.Contains(string(o), `\"outcome\":\"passed\"`) {
				shown++
			}
		}
	}
	if shown != n {
		return fmt.Errorf("%d of the %d check cells showed a passed report", shown, n)
	}
	log, err := newestLog(logs, before)
	if err != nil {
		return err
	}
	plain, check, err := timings(log)
	if err != nil {
		return err
	}
	load, _ := os.ReadFile("/proc/loadavg")
	fmt.Printf("Check cells in one GoNB kernel (TP 1, question 1), %d of each kind; load %s\n\n", n, strings.Join(strings.Fields(string(load))[:min(3, len(strings.Fields(string(load))))], " "))
	fmt.Println("| cell | build (median) | whole cell (median) |")
	fmt.Println("|---|---:|---:|")
	fmt.Printf("| plain: `fmt.Println` | %.2f s | %.2f s |\n", median(plain, build), median(plain, whole))
	fmt.Printf("| check: `nb01.Q1.Check(IsSafe)` | %.2f s | %.2f s |\n", median(check, build), median(check, whole))
	ratio := median(check, whole) / median(plain, whole)
	verdict := "within the target"
	if ratio > target {
		verdict = "OVER the target"
	}
	fmt.Printf("\nCheck cell / plain cell: %.2f (target %.1f): %s.\n", ratio, target, verdict)
	return nil
}

// timing is one cell's times, in seconds.
type timing struct{ build, whole float64 }

func build(t timing) float64 { return t.build }
func whole(t timing) float64 { return t.whole }

func median(ts []timing, f func(timing) float64) float64 {
	xs := make([]float64, len(ts))
	for i, t := range ts {
		xs[i] = f(t)
	}
	slices.Sort(xs)
	if len(xs) == 0 {
		return 0
	}
	return xs[len(xs)/2]
}

// newestLog is the kernel log written since t.
func newestLog(dir string, t time.Time) (string, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return "", fmt.Errorf("no kernel logs (%v): is the kernel set up by kernel-setup/setup.sh?", err)
	}
	best, at := "", t
	for _, e := range entries {
		info, err := e.Info()
		if err == nil && strings.HasSuffix(e.Name(), ".log") && info.ModTime().After(at) {
			best, at = filepath.Join(dir, e.Name()), info.ModTime()
		}
	}
	if best == "" {
		return "", errors.New("the kernel wrote no log")
	}
	return best, nil
}

// logLine is a line of GoNB's log: klog's time (I1202 17:59:17.612468),
// then the message (after GoNB's coloured kernel tag).
var logLine = regexp.MustCompile(`^[IWE]\d{4} (\d\d:\d\d:\d\d\.\d{6}) .*?\] .*?(ExecuteCell: |Executing: )(.*)$`)

// timings reads the bench's cells from the kernel's log: for each, from
// its ExecuteCell line to its program's Executing line (build), and to
// the next ExecuteCell (whole).
func timings(path string) (plain, check []timing, err error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	type event struct {
		at          time.Time
		start       bool   // ExecuteCell, else Executing
		kind, label string // of a start: "plain", "check", other
	}
	var events []event
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		m := logLine.FindStringSubmatch(sc.Text())
		if m == nil {
			continue
		}
		at, err := time.Parse("15:04:05.000000", m[1])
		if err != nil {
			continue
		}
		e := event{at: at, start: m[2] == "ExecuteCell: "}
		switch {
		case !e.start:
		case strings.Contains(m[3], "fmt.Println(\\\"bonjour\\\")"):
			e.kind = "plain"
		case strings.Contains(m[3], "nb01.Q1.Check(IsSafe) // cellbench"):
			e.kind = "check"
		}
		events = append(events, e)
	}
	if err := sc.Err(); err != nil {
		return nil, nil, err
	}
	for i, e := range events {
		if !e.start || e.kind == "" {
			continue
		}
		var t timing
		for _, later := range events[i+1:] {
			if !later.start && t.build == 0 {
				t.build = later.at.Sub(e.at).Seconds()
			}
			if later.start {
				t.whole = later.at.Sub(e.at).Seconds()
				break
			}
		}
		if t.whole == 0 {
			continue
		}
		if e.kind == "plain" {
			plain = append(plain, t)
		} else {
			check = append(check, t)
		}
	}
	if len(plain) == 0 || len(check) == 0 {
		return nil, nil, fmt.Errorf("%s: no bench cell found in the kernel's log", path)
	}
	return plain, check, nil
}
