package main

// The commands of notebook 04 (exact cover): sudoku, pentomino and
// exactcover.

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/prepa-reines/reines/tp/exactcover"
	"github.com/prepa-reines/reines/tp/exactcover/pentomino"
	"github.com/prepa-reines/reines/tp/exactcover/sudoku"
)

func init() {
	commands["sudoku"] = command{"sudoku [FILE|-]          solve Sudoku puzzles, one 81-character line each ('0' or '.' empty); summary with puzzles/s on stderr",
		sudokuCmd}
	commands["pentomino"] = command{"pentomino WxH [-all] [-nosym] [-json]  pack the 12 pentominoes into a W-wide, H-high board of 60 squares",
		pentominoCmd}
	commands["exactcover"] = command{"exactcover FILE|- [-count] [-min] [-json]  solve an exact cover problem in Knuth's dlx1 text format",
		exactCoverCmd}
}

// stdin is what "-" reads (a variable for the tests).
var stdin io.Reader = os.Stdin

// openInput opens the file named by the only positional argument, or
// standard input for "-" or no argument.
func openInput(name string, pos []string) (io.Reader, func(), error) {
	switch {
	case len(pos) > 1:
		return nil, nil, fmt.Errorf("%w: %s wants at most one file", errUsage, name)
	case len(pos) == 0 || pos[0] == "-":
		return stdin, func() {}, nil
	}
	f, err := os.Open(pos[0])
	if err != nil {
		return nil, nil, err
	}
	return f, func() { f.Close() }, nil
}

// interruptible returns a context cancelled by Ctrl-C.
func interruptible() (context.Context, context.CancelFunc) {
	return signal.NotifyContext(context.Background(), os.Interrupt)
}

// sudokuCmd solves every puzzle of a file with one solver. Output line k
// answers input line k: the solution of its puzzle, or, for a puzzle
// without a unique solution or a malformed line, a comment "# line N:
// reason" (so that the output can be read back as a puzzle file); a line
// the reader skips (blank) stays blank. A summary goes to
// stderr; the exit status is 1 if some puzzle had no unique solution.
func sudokuCmd(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("sudoku", flag.ContinueOnError)
	pos, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	in, done, err := openInput("sudoku", pos)
	if err != nil {
		return err
	}
	defer done()
	// Read everything first, so that the rate measures the solver only.
	type line struct {
		pz  sudoku.Puzzle
		err error // a malformed line
	}
	var lines []line
	bad := 0
	for pz, err := range sudoku.ReadPuzzles(in) {
		if _, ok := err.(*sudoku.LineError); err != nil && !ok {
			return err // a read error
		}
		if err != nil {
			bad++
		}
		lines = append(lines, line{pz, err})
	}
	w := bufio.NewWriter(stdout)
	defer w.Flush()
	bar := newProgress(terminal(stderr), len(lines), "puzzles")
	s := sudoku.NewSolver()
	start := time.Now()
	solved, failed := 0, 0
	next := 1 // the input line the next output line answers
	for k, l := range lines {
		err := l.err
		at := l.pz.Line
		if le, ok := err.(*sudoku.LineError); ok {
			at = le.Line
		}
		for ; next < at; next++ {
			fmt.Fprintln(w) // a blank or skipped input line
		}
		next = at + 1
		if err == nil {
			var sol sudoku.Grid
			if sol, err = s.Solve(l.pz.Grid); err == nil {
				fmt.Fprintln(w, sol)
				solved++
			} else {
				err = &sudoku.LineError{Line: l.pz.Line, Err: err}
			}
		}
		if err != nil {
			fmt.Fprintf(w, "# %s\n", strings.TrimPrefix(err.Error(), "sudoku: "))
			failed++
		}
		if bar != nil && k%1024 == 0 {
			_ = bar.Set(k)
		}
	}
	elapsed := time.Since(start).Seconds()
	if bar != nil {
		_ = bar.Finish()
	}
	if err := w.Flush(); err != nil {
		return err
	}
	rate := float64(len(lines)-bad) / max(elapsed, 1e-9)
	fmt.Fprintf(stderr, "%d puzzles: %d solved, %d malformed or without a unique solution, in %.3f s (%.0f puzzles/s, one core)\n",
		len(lines), solved, failed, elapsed, rate)
	if failed > 0 {
		return fmt.Errorf("sudoku: %d of %d puzzles are malformed or have no unique solution (see the # lines)", failed, len(lines))
	}
	return nil
}

// parseBoard reads "WxH" (or "W×H"): W squares wide, H high.
func parseBoard(s string) (rows, cols int, err error) {
	w, h, ok := strings.Cut(strings.ReplaceAll(strings.ToLower(s), "×", "x"), "x")
	if ok {
		if cols, err = strconv.Atoi(w); err == nil {
			rows, err = strconv.Atoi(h)
		}
	}
	if !ok || err != nil {
		return 0, 0, fmt.Errorf("%w: the board is WxH, e.g. 10x6, got %q", errUsage, s)
	}
	return rows, cols, nil
}

// pentominoCmd prints the first packing of the board, or all of them.
func pentominoCmd(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("pentomino", flag.ContinueOnError)
	all := fs.Bool("all", false, "list every packing (default: the first one)")
	noSym := fs.Bool("nosym", false, "keep the packings that differ by a symmetry of the board (9356 for 10x6 instead of 2339)")
	asJSON := fs.Bool("json", false, "print JSON")
	pos, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return fmt.Errorf("%w: pentomino wants one board WxH, e.g. 10x6", errUsage)
	}
	rows, cols, err := parseBoard(pos[0])
	if err != nil {
		return err
	}
	ctx, stop := interruptible()
	defer stop()
	var bar interface {
		Add(int) error
		Finish() error
	}
	if *all {
		if b := newProgress(terminal(stderr), -1, "packings"); b != nil {
			bar = b
		}
	}
	var packings []pentomino.Grid
	w := bufio.NewWriter(stdout)
	defer w.Flush()
	start := time.Now()
	st, err := pentomino.Solve(ctx, rows, cols, !*noSym, func(g pentomino.Grid) bool {
		packings = append(packings, g)
		if !*asJSON {
			if *all {
				fmt.Fprintf(w, "packing %d:\n", len(packings))
			}
			fmt.Fprintln(w, g)
		}
		if bar != nil {
			_ = bar.Add(1)
		}
		return *all
	})
	if bar != nil {
		_ = bar.Finish()
	}
	if err != nil {
		if errors.Is(err, pentomino.ErrBoard) {
			return fmt.Errorf("%w: %v", errUsage, err)
		}
		return err
	}
	secs := time.Since(start).Seconds()
	if *asJSON {
		type out struct {
			Width            int        `json:"width"`
			Height           int        `json:"height"`
			SymmetryBreaking bool       `json:"symmetry_breaking"`
			All              bool       `json:"all"` // false: only the first packing is listed
			Count            *int       `json:"count,omitempty"`
			Packings         [][]string `json:"packings"` // each a list of rows of piece letters
			Nodes            int64      `json:"nodes"`
			Updates          int64      `json:"updates"`
			Seconds          float64    `json:"seconds"`
		}
		o := out{Width: cols, Height: rows, SymmetryBreaking: !*noSym, All: *all, Packings: [][]string{},
			Nodes: st.Nodes, Updates: st.Updates, Seconds: secs}
		for _, g := range packings {
			var rs []string
			for _, r := range g {
				rs = append(rs, string(r))
			}
			o.Packings = append(o.Packings, rs)
		}
		if *all {
			n := len(packings)
			o.Count = &n
		}
		enc := json.NewEncoder(w)
		return enc.Encode(o)
	}
	switch {
	case len(packings) == 0:
		fmt.Fprintf(w, "no packing of the %dx%d board\n", cols, rows)
	case *all:
		what := "up to the symmetries of the board"
		if *noSym {
			what = "counting symmetric ones separately"
		}
		fmt.Fprintf(w, "%d packings of the %dx%d board, %s (%d nodes, %d link updates, %.2f s)\n", len(packings), cols, rows, what, st.Nodes, st.Updates, secs)
	}
	return nil
}

// exactCoverCmd solves a problem in Knuth's text format.
func exactCoverCmd(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("exactcover", flag.ContinueOnError)
	countOnly := fs.Bool("count", false, "print only the number of solutions")
	minCover := fs.Bool("min", false, "repeated cover: the fewest options covering every primary item at least once")
	asJSON := fs.Bool("json", false, "print JSON")
	pos, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	if len(pos) == 0 {
		return fmt.Errorf("%w: exactcover wants a file (or - for standard input)", errUsage)
	}
	in, done, err := openInput("exactcover", pos)
	if err != nil {
		return err
	}
	defer done()
	p, err := exactcover.Parse(in)
	if err != nil {
		return err
	}
	ctx, stop := interruptible()
	defer stop()
	w := bufio.NewWriter(stdout)
	defer w.Flush()
	start := time.Now()
	if *minCover {
		res, err := p.MinCover(ctx, true)
		if err != nil {
			return err
		}
		if *asJSON {
			return json.NewEncoder(w).Encode(map[string]any{"size": res.Size, "count": res.Count,
				"options": optionNames(p, res.Options), "nodes": res.Nodes, "seconds": time.Since(start).Seconds()})
		}
		fmt.Fprintf(w, "%d options at least, e.g.:\n", res.Size)
		for _, o := range optionNames(p, res.Options) {
			fmt.Fprintf(w, "  %s\n", strings.Join(o, " "))
		}
		fmt.Fprintf(w, "%d sets of %d options cover every primary item (%d nodes, %.3f s)\n", res.Count, res.Size, res.Nodes, time.Since(start).Seconds())
		return nil
	}
	var sols [][][]string
	st, err := p.Solve(ctx, func(options []int) bool {
		if !*countOnly {
			sols = append(sols, optionNames(p, options))
			if !*asJSON {
				fmt.Fprintf(w, "solution %d:\n", len(sols))
				for _, o := range sols[len(sols)-1] {
					fmt.Fprintf(w, "  %s\n", strings.Join(o, " "))
				}
			}
		}
		return true
	})
	if err != nil {
		return err
	}
	secs := time.Since(start).Seconds()
	if *asJSON {
		o := map[string]any{"count": st.Solutions, "nodes": st.Nodes, "updates": st.Updates, "seconds": secs}
		if !*countOnly {
			if sols == nil {
				sols = [][][]string{}
			}
			o["solutions"] = sols
		}
		return json.NewEncoder(w).Encode(o)
	}
	if *countOnly {
		fmt.Fprintln(w, st.Solutions)
	}
	fmt.Fprintf(stderr, "%d solution(s), %d nodes, %d link updates, %.3f s\n", st.Solutions, st.Nodes, st.Updates, secs)
	return nil
}

// optionNames returns the item names of the given options.
func optionNames(p *exactcover.Problem, options []int) [][]string {
	out := make([][]string, len(options))
	for k, o := range slices.Clone(options) {
		out[k] = p.Option(o)
	}
	return out
}
