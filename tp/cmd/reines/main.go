// Command reines runs the workbook's reference computations from a shell.
//
// Usage:
//
//	reines count N [-workers K] [-json]  number of solutions of the N-queens problem
//	reines solve N [-all] [-json]  the first solution (or all, -all) as boards
//
// and the commands of the other TPs (reines help lists them). Flags may come
// before or after the positional arguments. Human-readable output by
// default; -json prints JSON for programs; progress goes to stderr. Exit
// status 2 for bad usage, 1 for an error such as a negative N.
//
// Each command lives in a file of its own and registers itself in commands.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/schollz/progressbar/v3"

	"github.com/prepa-reines/reines/tp/fastcount"
	"github.com/prepa-reines/reines/tp/queens"
)

// command is one subcommand: its one-line usage and what runs it.
type command struct {
	usage string // e.g. "count N [-json]   number of solutions…"
	run   func(args []string, stdout, stderr io.Writer) error
}

// commands maps a subcommand's name to it; files add theirs in init.
var commands = map[string]command{
	"count": {"count N [-workers K] [-json]  number of solutions of the N-queens problem (OEIS A000170), on all cores",
		count},
	"solve": {"solve N [-all] [-json]  the first solution in lexicographic order, or all of them, as boards",
		func(args []string, stdout, _ io.Writer) error { return solve(args, stdout) }},
}

func usage() string {
	names := make([]string, 0, len(commands))
	for name := range commands {
		names = append(names, name)
	}
	sort.Strings(names)
	var b strings.Builder
	b.WriteString("usage:\n")
	for _, name := range names {
		b.WriteString("  reines " + commands[name].usage + "\n")
	}
	return b.String()
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// errUsage marks errors of the command line (exit status 2).
var errUsage = errors.New("bad usage")

func run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage())
		return 2
	}
	var err error
	if cmd, ok := commands[args[0]]; ok {
		err = cmd.run(args[1:], stdout, stderr)
	} else if args[0] == "-h" || args[0] == "-help" || args[0] == "--help" || args[0] == "help" {
		fmt.Fprint(stdout, usage())
		return 0
	} else {
		err = fmt.Errorf("%w: unknown command %q", errUsage, args[0])
	}
	switch {
	case errors.Is(err, errUsage):
		fmt.Fprintf(stderr, "reines: %v\n%s", err, usage())
		return 2
	case err != nil:
		fmt.Fprintf(stderr, "reines: %v\n", err)
		return 1
	}
	return 0
}

// parse parses flags wherever they stand among the arguments and returns
// the single positional argument N.
func parse(fs *flag.FlagSet, args []string) (int, error) {
	pos, err := parseArgs(fs, args)
	if err != nil {
		return 0, err
	}
	if len(pos) != 1 {
		return 0, fmt.Errorf("%w: %s wants exactly one board size N", errUsage, fs.Name())
	}
	n, err := strconv.Atoi(pos[0])
	if err != nil {
		return 0, fmt.Errorf("%w: N must be an integer, got %q", errUsage, pos[0])
	}
	return n, nil
}

// parseArgs parses flags wherever they stand among the arguments (a
// negative number is an argument, not a flag) and returns the positional
// arguments. Errors wrap errUsage.
func parseArgs(fs *flag.FlagSet, args []string) ([]string, error) {
	fs.SetOutput(io.Discard)
	var pos []string
	for len(args) > 0 {
		if _, err := strconv.Atoi(args[0]); err == nil { // "-1" is a size, not a flag
			pos, args = append(pos, args[0]), args[1:]
			continue
		}
		if err := fs.Parse(args); err != nil {
			return nil, fmt.Errorf("%w: %v", errUsage, err)
		}
		if fs.NArg() == 0 {
			break
		}
		pos, args = append(pos, fs.Arg(0)), fs.Args()[1:]
	}
	return pos, nil
}

// count counts the solutions with the fast counter (package fastcount):
// bitboards, mirror symmetry, K goroutines (default: one per core). A
// progress bar is drawn on stderr when it is a terminal; Ctrl-C stops the
// count.
func count(args []string, w, stderr io.Writer) error {
	fs := flag.NewFlagSet("count", flag.ContinueOnError)
	asJSON := fs.Bool("json", false, "print JSON")
	workers := fs.Int("workers", 0, "number of goroutines (0: one per core)")
	n, err := parse(fs, args)
	if err != nil {
		return err
	}
	if *workers < 0 {
		return fmt.Errorf("%w: -workers must be 0 (one per core) or more, got %d", errUsage, *workers)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	var bar *progressbar.ProgressBar
	opt := fastcount.Options{Workers: *workers}
	if tw := terminal(stderr); tw != nil {
		opt.Progress = func(done, total int) {
			if bar == nil {
				bar = newProgress(tw, total, fmt.Sprintf("n = %d", n))
			}
			_ = bar.Set(done)
		}
	}
	start := time.Now()
	c, err := fastcount.Count(ctx, n, opt)
	if bar != nil {
		_ = bar.Finish()
	}
	if err != nil {
		return err
	}
	secs := time.Since(start).Seconds()
	if *asJSON {
		used := *workers
		if used == 0 {
			used = runtime.GOMAXPROCS(0)
		}
		return json.NewEncoder(w).Encode(map[string]any{"n": n, "count": c, "seconds": secs, "workers": used})
	}
	fmt.Fprintln(w, c)
	return nil
}

// terminal returns w if it is a terminal (a character device), where a
// progress bar belongs, and nil otherwise (a file, a pipe, a test's buffer).
func terminal(w io.Writer) io.Writer {
	f, ok := w.(*os.File)
	if !ok {
		return nil
	}
	if fi, err := f.Stat(); err != nil || fi.Mode()&os.ModeCharDevice == 0 {
		return nil
	}
	return w
}

func solve(args []string, w io.Writer) error {
	fs := flag.NewFlagSet("solve", flag.ContinueOnError)
	all := fs.Bool("all", false, "print every solution")
	asJSON := fs.Bool("json", false, "print JSON")
	n, err := parse(fs, args)
	if err != nil {
		return err
	}
	var sols []queens.Placement
	if *all {
		if sols, err = queens.Solutions(n); err != nil {
			return err
		}
	} else {
		p, ok, err := queens.First(n)
		if err != nil {
			return err
		}
		if ok {
			sols = []queens.Placement{p}
		}
	}
	if *asJSON {
		type sol struct {
			Columns []int  `json:"columns"` // 1-based, row by row
			Board   string `json:"board"`
		}
		out := struct {
			N         int   `json:"n"`
			All       bool  `json:"all"` // false: only the first solution is listed
			Solutions []sol `json:"solutions"`
		}{N: n, All: *all, Solutions: []sol{}}
		for _, p := range sols {
			cols := make([]int, len(p))
			for i, c := range p {
				cols[i] = c + 1
			}
			out.Solutions = append(out.Solutions, sol{cols, queens.Board(p)})
		}
		return json.NewEncoder(w).Encode(out)
	}
	if len(sols) == 0 {
		fmt.Fprintf(w, "no solution for n = %d\n", n)
		return nil
	}
	for i, p := range sols {
		if *all {
			fmt.Fprintf(w, "solution %d of %d: %s\n", i+1, len(sols), p)
		} else {
			fmt.Fprintf(w, "first solution: %s\n", p)
		}
		fmt.Fprintln(w, queens.Board(p))
	}
	return nil
}
