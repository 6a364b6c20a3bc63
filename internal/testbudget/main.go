// Command testbudget runs the workbook's whole test suite (what make test
// and CI run, after the set-up) phase by phase: lint, the Go tests of
// every package, the fuzz targets, the kernel tests of the notebooks. It streams
// what fails, and ends with a table of each phase's time (each package and
// each kernel test too) against the suite's budget, written here once: 20
// minutes on the project's 2-core machine with the set-up done. A phase
// over its share gets a loud warning, never a failure: no test may depend
// on how fast the machine is. Every phase runs, even after one failed (a
// CI run shows all that fails at once); the exit status is 1 if any
// failed.
//
// Usage (from the module root):
//
//	go run ./internal/testbudget [-setup-seconds S] [-fuzztime 20000x] [-only lint,go,fuzz,kernel]
//
// The set-up runs before (it may install Go itself): -setup-seconds gives
// its time for the table. -only runs some phases (make lint, test-go, fuzz
// and test-notebooks each run one): each phase's command is written here
// only.
package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"slices"
	"strings"
	"syscall"
	"text/tabwriter"
	"time"
)

// budget is each phase's share of the suite's 20 minutes, in seconds, on
// the project's 2-core machine with the set-up done (a fresh machine adds
// the set-up's downloads and builds, about ten minutes): lint, go test,
// fuzz and kernel add up to the 20 minutes. Kernel tests and the slowest
// packages have shares of their own, within their phase's (go test runs
// three packages at once).
var budget = map[string]float64{
	"setup":                          30,
	"lint":                           60,
	"go test":                        300,
	"go test grading/batch":          240,
	"go test grading/cmd/grade":      120,
	"go test grading/cmd/autograder": 90,
	"fuzz":                           60,
	"kernel":                         780,
	// The tests of the notebooks run side by side, two notebooks at a
	// time, TestHub and TestPerUserSetup's set-up beside them: each has
	// the whole window as its share (its time includes its waits for a
	// notebook slot).
	"kernel TestLive":               480,
	"kernel TestExecute":            480,
	"kernel TestLoopingAnswers":     480,
	"kernel TestStaleAnswer":        480,
	"kernel TestHeaderNotRun":       480,
	"kernel TestOpenUnchanged":      480,
	"kernel TestGraderPages":        480,
	"kernel TestHub":                480,
	"kernel TestPerUserSetup":       480,
	"kernel TestNothingLeftRunning": 30,
}

// total is the suite's budget: 20 minutes.
const total = 20 * 60

type row struct {
	name    string
	seconds float64
	failed  bool
	sub     bool // a package or a test within a phase
}

func main() {
	setup := flag.Float64("setup-seconds", -1, "seconds kernel-setup/setup.sh took before, for the table")
	fuzztime := flag.String("fuzztime", "20000x", "budget of each fuzz target (runs, or a duration)")
	only := flag.String("only", "lint,go,fuzz,kernel", "the phases to run, comma-separated")
	flag.Parse()
	phases := strings.Split(*only, ",")
	for _, p := range phases {
		if !slices.Contains([]string{"lint", "go", "fuzz", "kernel"}, p) {
			fmt.Fprintf(os.Stderr, "testbudget: unknown phase %q in -only (lint, go, fuzz, kernel)\n", p)
			os.Exit(2)
		}
	}
	// Ctrl-C reaches the phase's processes too (the terminal's process
	// group): they stop, and the runner reports and stops with them.
	signal.Ignore(syscall.SIGINT)
	var rows []row
	start := time.Now()
	var failed []string
	phase := func(name string, run func() ([]row, error)) {
		if !slices.Contains(phases, strings.Fields(name)[0]) {
			return
		}
		fmt.Printf("\n==> %s\n", name)
		t := time.Now()
		sub, err := run()
		r := row{name: name, seconds: time.Since(t).Seconds(), failed: err != nil}
		rows = append(append(rows, r), sub...)
		if err != nil {
			failed = append(failed, name)
			fmt.Printf("==> %s FAILED: %v\n", name, err)
		}
	}
	if *setup >= 0 {
		rows = append(rows, row{name: "setup", seconds: *setup})
	}
	phase("lint", lint)
	phase("go test", func() ([]row, error) {
		// Three packages at once, the longest first (the go command
		// starts them in the order given, each once): most tests wait on
		// children in the sandbox or on the go command, so two at a time
		// kept 1.3 of the 2 cores busy, and grading/batch, which alone
		// takes most of the phase, began after shorter ones. With four
		// tests of a package at once as well (-parallel 4), a CI run's
		// grading/submission took 273 s against 73 (which of the two
		// flags cost it was not measured apart): left at two.
		rows, err := goTest("go test ", "-timeout", "30m", "-p", "3", "-skip", busyTests,
			"./grading/batch", "./grading/sandbox", "./grading/submission", "./grading/cmd/handouts", "./grading/cmd/grade",
			"./grading/cmd/autograder", "./grading/release", "./grading/cmd/check", "./...")
		// The busy-machine tests last, one at a time, with nothing else
		// running: their busy loops, each in a session of its own,
		// take all but a ninth of the machine from every other session
		// (the kernel's autogroup scheduling), so beside them the rest of
		// the phase stood still, and they waited for it in turn.
		busy, busyErr := goTest("go test busy machine ", append([]string{"-timeout", "10m", "-p", "1", "-run", busyTests}, busyPackages...)...)
		return append(rows, busy...), errors.Join(err, busyErr)
	})
	phase("fuzz", func() ([]row, error) {
		for _, f := range [][2]string{
			{"./grading/notebook", "FuzzParseHandedIn"},
			{"./grading/submission", "FuzzBuild"},
			{"./grading/gradebook", "FuzzReadManual"},
		} {
			// A new input is minimized for at most 10 s (60 by default:
			// one such input took a whole minute of this phase).
			if err := command("go", "test", trimpath, f[0], "-run", "^$", "-fuzz", f[1], "-fuzztime", *fuzztime, "-fuzzminimizetime", "10s"); err != nil {
				return nil, err
			}
		}
		return nil, nil
	})
	phase("kernel", func() ([]row, error) {
		return goTest("kernel ", "./notebooks", "-run", "TestExecute|TestLive|TestStaleAnswer|TestHeaderNotRun|TestOpenUnchanged|TestLoopingAnswers|TestPerUserSetup|TestGraderPages|TestNothingLeftRunning|TestHub",
			"-kernel", "-count=1", "-parallel", "6", "-timeout", "60m", "-v")
	})
	report(os.Stdout, rows, time.Since(start).Seconds())
	if len(failed) > 0 {
		fmt.Printf("\nFAILED: %s\n", strings.Join(failed, ", "))
		os.Exit(1)
	}
}

// busyTests are the tests that load every core with busy loops
// (internal/busyloop), in busyPackages; TestBusyTestsNamed checks that
// every user of busyloop is named here.
const busyTests = "^TestBusyMachine"

var busyPackages = []string{"./grading/sandbox", "./grading/batch"}

// trimpath is the build flag of every go command of the suite: without
// it, the go command keys each compiled package by its folder too, so a
// clean clone (CI's) compiled the whole module and its test binaries
// again, about 85 CPU-s for go test alone; with it, a clone reuses the
// build cache of the last. No test reads its own source paths from the
// binary (the programs the tests build are built by the code under test,
// with its own flags).
const trimpath = "-trimpath"

// command runs argv with the runner's output.
func command(argv ...string) error {
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Stdout, cmd.Stderr = os.Stdout, os.Stderr
	return cmd.Run()
}

// lint fails on files gofmt would change (tracked, and untracked but not
// ignored) and on go vet's findings.
func lint() ([]row, error) {
	out, err := exec.Command("git", "ls-files", "--cached", "--others", "--exclude-standard", "*.go").Output()
	if err != nil {
		return nil, fmt.Errorf("git ls-files: %v", err)
	}
	files := strings.Fields(string(out))
	files = slices.DeleteFunc(files, func(f string) bool { _, err := os.Stat(f); return err != nil })
	bad, err := exec.Command("gofmt", append([]string{"-l"}, files...)...).Output()
	if err != nil {
		return nil, fmt.Errorf("gofmt: %v", err)
	}
	if s := strings.TrimSpace(string(bad)); s != "" {
		return nil, fmt.Errorf("gofmt would change:\n%s", s)
	}
	return nil, command("go", "vet", trimpath, "./...")
}

// event is one line of go test -json (cmd/test2json).
type event struct {
	Time    time.Time
	Action  string
	Package string
	Test    string
	Elapsed float64
	Output  string
}

// goTest runs go test -json with args, prints what a reader needs (the
// output of failing tests and packages, the logs of the kernel tests, a
// line per package), and returns a row per package (or, for one package,
// per top-level test) named with prefix.
func goTest(prefix string, args ...string) ([]row, error) {
	cmd := exec.Command("go", append([]string{"test", trimpath, "-json"}, args...)...)
	cmd.Stderr = os.Stderr
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	verbose := slices.Contains(args, "-v")
	rows, readErr := readEvents(stdout, os.Stdout, prefix, verbose)
	err = cmd.Wait()
	if err == nil {
		err = readErr
	}
	return rows, err
}

// readEvents reads go test -json from r, writes to w what a reader needs,
// and returns the rows: per package, or per top-level test if verbose (one
// package's tests, each a phase of its own).
func readEvents(r io.Reader, w io.Writer, prefix string, verbose bool) ([]row, error) {
	const module = "github.com/prepa-reines/reines/"
	held := map[string][]string{}   // output of running tests and packages, by key
	began := map[string]time.Time{} // when each test started, by key
	var rows []row
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		var e event
		if err := json.Unmarshal(sc.Bytes(), &e); err != nil {
			fmt.Fprintln(w, sc.Text()) // not an event: the go command's own words
			continue
		}
		pkg := strings.TrimPrefix(e.Package, module)
		key := pkg + " " + e.Test
		switch e.Action {
		case "run", "cont":
			// A parallel test's time starts when it continues, after the
			// sequential tests.
			began[key] = e.Time
		case "output":
			if verbose && e.Test != "" && !strings.HasPrefix(strings.TrimSpace(e.Output), "===") {
				fmt.Fprint(w, e.Output)
				continue
			}
			held[key] = append(held[key], e.Output)
		case "pass", "fail", "skip":
			out := held[key]
			delete(held, key)
			if e.Action == "fail" && !verbose {
				fmt.Fprint(w, strings.Join(out, ""))
			}
			switch {
			case e.Test == "" && !verbose:
				if e.Action != "skip" {
					fmt.Fprintf(w, "%s\t%s\t%.1fs\n", map[string]string{"pass": "ok", "fail": "FAIL"}[e.Action], pkg, e.Elapsed)
					rows = append(rows, row{name: prefix + pkg, seconds: e.Elapsed, failed: e.Action == "fail", sub: true})
				}
			case e.Test != "" && verbose && !strings.Contains(e.Test, "/"):
				// A test whose subtests are parallel reports only its own
				// function's time as Elapsed: its row is the time from its
				// start to its end, subtests included.
				seconds := e.Elapsed
				if t, ok := began[key]; ok && !e.Time.IsZero() {
					seconds = max(seconds, e.Time.Sub(t).Seconds())
				}
				rows = append(rows, row{name: prefix + e.Test, seconds: seconds, failed: e.Action == "fail", sub: true})
			}
		}
	}
	return rows, sc.Err()
}

// report writes the table of rows against the budget, and a warning for
// each phase over its share.
func report(w io.Writer, rows []row, elapsed float64) {
	fmt.Fprintf(w, "\n== Test suite: %.0f s (%.1f min) of a %d min budget ==\n", elapsed, elapsed/60, total/60)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "phase\tseconds\tbudget\t\t")
	var over []string
	for _, r := range rows {
		b, ok := budget[r.name]
		if r.sub && !ok && r.seconds < 20 {
			continue // a quick package: in its phase's share
		}
		status := ""
		if r.failed {
			status = "FAILED"
		}
		share := "-"
		if ok {
			share = fmt.Sprintf("%.0f", b)
			if r.seconds > b {
				status = strings.TrimSpace(status + " OVER")
				over = append(over, fmt.Sprintf("%s took %.0f s, over its %.0f s", r.name, r.seconds, b))
			}
		}
		name := r.name
		if r.sub {
			name = "  " + name
		}
		fmt.Fprintf(tw, "%s\t%.1f\t%s\t%s\t\n", name, r.seconds, share, status)
	}
	tw.Flush()
	if elapsed > total {
		over = append(over, fmt.Sprintf("the suite took %.1f min, over its %d min", elapsed/60, total/60))
	}
	for _, o := range over {
		fmt.Fprintf(w, "WARNING: %s (the load average at the end, the suite's own work included: %s)\n", o, load())
	}
}

// load is the machine's load average, as /proc/loadavg gives it.
func load() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "unknown"
	}
	f := strings.Fields(string(b))
	if len(f) < 3 {
		return "unknown"
	}
	return strings.Join(f[:3], " ")
}
