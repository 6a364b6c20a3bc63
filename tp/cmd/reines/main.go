// Command reines runs the workbook's reference computations from a shell.
//
// Usage:
//
//	reines count N [-workers K] [-json]  number of solutions of the N-queens problem
//	reines solve N [-all] [-json]  the first solution (or all, -all) as boards
//
// and the commands of the other TPs (reines help lists them). Flags may come
// before or after the positional arguments. N is a board side, 0 or more;
// N = 0 is the empty board, whose one solution is the empty placement (and
// which no queen needs to dominate). Human-readable output by default;
// -json prints JSON for programs; progress goes to stderr. A run estimated
// at more than an hour is refused unless -force. Exit status 1 for an
// error (a negative or too large N, a malformed file), 2 for bad usage
// (with that command's usage), 130 when stopped by Ctrl-C.
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
	"runtime/debug"
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
	"count": {"count N [-workers K] [-force] [-json]  number of solutions of the N-queens problem (OEIS A000170), on all cores",
		count},
	"solve": {"solve N [-all] [-force] [-json]  the first solution in lexicographic order, or all of them, as boards",
		solve},
}

// conventions end the help: what every command means by N, and the exit
// statuses.
const conventions = `
N is a board side, 0 or more; N = 0 is the empty board (one solution, the
empty placement; no queen needed to dominate it). A run estimated at more
than an hour is refused unless -force. Exit status: 0 done, 1 error (a
negative or too large N, a malformed file), 2 bad usage, 130 Ctrl-C.
`

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
	b.WriteString(conventions)
	return b.String()
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// errUsage marks errors of the command line (exit status 2).
var errUsage = errors.New("bad usage")

func run(args []string, stdout, stderr io.Writer) (status int) {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage())
		return 2
	}
	cmd, ok := commands[args[0]]
	switch {
	case ok:
	case args[0] == "-h" || args[0] == "-help" || args[0] == "--help" || args[0] == "help":
		fmt.Fprint(stdout, usage())
		return 0
	default:
		fmt.Fprintf(stderr, "reines: unknown command %q\n%s", args[0], usage())
		return 2
	}
	defer func() {
		if r := recover(); r != nil { // a bug: one line, the stack, status 1
			fmt.Fprintf(stderr, "reines %s: internal error: %v\n%s", args[0], r, debug.Stack())
			status = 1
		}
	}()
	err := cmd.run(args[1:], stdout, stderr)
	switch {
	case errors.Is(err, errUsage):
		fmt.Fprintf(stderr, "reines %s: %v\nusage: reines %s\n", args[0], strings.TrimPrefix(err.Error(), errUsage.Error()+": "), cmd.usage)
		return 2
	case errors.Is(err, context.Canceled):
		fmt.Fprintf(stderr, "reines %s: interrupted\n", args[0])
		return 130
	case err != nil: // "reines cp: invalid model: …", not "reines cp: cp: …"
		fmt.Fprintf(stderr, "reines %s: %s\n", args[0], strings.TrimPrefix(err.Error(), args[0]+": "))
		return 1
	}
	return 0
}

// parse parses flags wherever they stand among the arguments and returns
// the single positional argument N, a board side: an error (status 1)
// unless 0 ≤ N ≤ max int, a usage error unless it is an integer.
func parse(fs *flag.FlagSet, args []string) (int, error) {
	pos, err := parseArgs(fs, args)
	if err != nil {
		return 0, err
	}
	if len(pos) != 1 {
		return 0, fmt.Errorf("%w: %s wants exactly one board size N", errUsage, fs.Name())
	}
	n, err := strconv.Atoi(pos[0])
	switch {
	case errors.Is(err, strconv.ErrRange) && strings.HasPrefix(pos[0], "-"), err == nil && n < 0:
		return 0, fmt.Errorf("N must be 0 or more, got %s", pos[0])
	case errors.Is(err, strconv.ErrRange):
		return 0, fmt.Errorf("N = %s is too large", pos[0])
	case err != nil:
		return 0, fmt.Errorf("%w: N must be an integer, got %q", errUsage, pos[0])
	}
	return n, nil
}

// isNumber reports whether s is an integer, of any size: "-1" is a board
// size, not a flag.
func isNumber(s string) bool {
	s = strings.TrimPrefix(s, "-")
	return s != "" && strings.Trim(s, "0123456789") == ""
}

// parseArgs parses flags wherever they stand among the arguments (a
// negative number is an argument, not a flag) and returns the positional
// arguments. Errors wrap errUsage.
func parseArgs(fs *flag.FlagSet, args []string) ([]string, error) {
	fs.SetOutput(io.Discard)
	var pos []string
	for len(args) > 0 {
		if isNumber(args[0]) { // "-1" is a size, not a flag
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
// bitboards, the eight symmetries, K goroutines (default: one per core).
// From N = 18 on, the time is estimated first from the time of N = 15 and
// the growth of Q(N); a progress bar is drawn on stderr when it is a
// terminal; Ctrl-C stops the count.
func count(args []string, w, stderr io.Writer) error {
	fs := flag.NewFlagSet("count", flag.ContinueOnError)
	asJSON := fs.Bool("json", false, "print JSON")
	workers := fs.Int("workers", 0, "number of goroutines (0: one per core)")
	force := fs.Bool("force", false, "start even if the count would take more than an hour")
	n, err := parse(fs, args)
	if err != nil {
		return err
	}
	if *workers < 0 {
		return fmt.Errorf("%w: -workers must be 0 (one per core) or more, got %d", errUsage, *workers)
	}
	if n > fastcount.MaxN {
		return fmt.Errorf("N = %d is too large: Q(N) fits in 64 bits up to N = %d", n, fastcount.MaxN)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	opt := fastcount.Options{Workers: *workers}
	used := *workers
	if used == 0 {
		used = runtime.GOMAXPROCS(0)
	}
	if n >= 18 {
		const base = 15
		start := time.Now()
		if _, err := fastcount.Count(ctx, base, opt); err != nil {
			return err
		}
		how := fmt.Sprintf("N = %d took %.2f s on %d workers here; the work grows as Q(N), OEIS A000170", base, time.Since(start).Seconds(), used)
		if err := guard(stderr, scale(time.Since(start), growth(base, n)), how, *force); err != nil {
			return err
		}
	}
	var bar *progressbar.ProgressBar
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
		return json.NewEncoder(w).Encode(map[string]any{"n": n, "count": c, "seconds": secs, "workers": used})
	}
	fmt.Fprintln(w, c)
	return nil
}

// maxBoardN is the largest side printed as a board; beyond, the columns
// alone say where the queens are.
const maxBoardN = 64

// boardText is queens.Board(p), or a line saying it is not printed.
func boardText(p queens.Placement) string {
	if len(p) > maxBoardN {
		return fmt.Sprintf("(board not printed beyond N = %d)", maxBoardN)
	}
	return queens.Board(p)
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

// solveForceN is the largest N whose first solution solve looks for
// without -force: the time to the first solution in lexicographic order
// grows fast and erratically (N = 28 about a second, N = 30 about 20 s).
const solveForceN = 30

// solve prints the first solution in lexicographic order (package queens,
// the recursive search of notebook 01), or every solution with -all.
func solve(args []string, w, stderr io.Writer) error {
	fs := flag.NewFlagSet("solve", flag.ContinueOnError)
	all := fs.Bool("all", false, "print every solution")
	asJSON := fs.Bool("json", false, "print JSON")
	force := fs.Bool("force", false, "look for the first solution even beyond N = 30, where the time is unknown")
	n, err := parse(fs, args)
	if err != nil {
		return err
	}
	var sols []queens.Placement
	switch {
	case *all && n > queens.MaxListN:
		return fmt.Errorf("N = %d has too many solutions to list (only up to N = %d); count them with: reines count %d", n, queens.MaxListN, n)
	case *all:
		if sols, err = queens.Solutions(n); err != nil {
			return err
		}
	case n > solveForceN && !*force:
		return fmt.Errorf("N = %d: the time to the first solution in lexicographic order is unknown beyond N = %d, and grows fast (N = 30 takes about 20 s): -force to try anyway, Ctrl-C to stop; reines cp %d finds a solution at once", n, solveForceN, n)
	default:
		if n >= 28 { // seconds or more
			fmt.Fprintf(stderr, "looking for the first solution of N = %d (N = 30 takes about 20 s); Ctrl-C stops it\n", n)
		}
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
			out.Solutions = append(out.Solutions, sol{cols, boardText(p)})
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
		fmt.Fprintln(w, boardText(p))
	}
	return nil
}
