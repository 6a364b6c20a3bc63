package main

// The command of notebook 05 (queen domination): domination.

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math"
	"runtime"
	"strings"
	"time"

	"github.com/schollz/progressbar/v3"

	"github.com/prepa-reines/reines/tp/domination"
	"github.com/prepa-reines/reines/tp/queens"
)

func init() {
	commands["domination"] = command{"domination N [-independent] [-count] [-json] [-workers K] [-force]  fewest queens that occupy or attack every square: γ(Q_N), or i(Q_N) with pairwise non-attacking queens; -count counts the minimum placements",
		dominationCmd}
}

// dominationCmd runs the exact solver of package domination. Default
// output: the minimum on the first line, with -count the number of minimum
// placements on the second, then one minimum placement as a board; the
// search's statistics (levels, nodes, time) go to stderr. A progress bar is
// drawn on stderr when it is a terminal; Ctrl-C stops the search.
func dominationCmd(args []string, w, stderr io.Writer) error {
	fs := flag.NewFlagSet("domination", flag.ContinueOnError)
	independent := fs.Bool("independent", false, "pairwise non-attacking queens: i(Q_N) (OEIS A075324) instead of γ(Q_N) (A075458)")
	count := fs.Bool("count", false, "count the minimum placements, rotations and reflections included (A002568, A002564)")
	asJSON := fs.Bool("json", false, "print JSON")
	workers := fs.Int("workers", 0, "number of goroutines (0: one per core)")
	force := fs.Bool("force", false, "start even if the search would take more than an hour")
	n, err := parse(fs, args)
	if err != nil {
		return err
	}
	if *workers < 0 {
		return fmt.Errorf("%w: -workers must be 0 (one per core) or more, got %d", errUsage, *workers)
	}
	ctx, stop := interruptible()
	defer stop()
	opt := domination.Options{Independent: *independent, Count: *count, Workers: *workers}
	var bar *progressbar.ProgressBar
	if tw := terminal(stderr); tw != nil {
		level := -1
		opt.Progress = func(p domination.Progress) {
			if bar == nil {
				bar = newProgress(tw, max(p.Total, 1), "")
			}
			if p.K != level { // one bar per number of queens: its sub-problems done / produced
				level = p.K
				bar.Reset()
				bar.Describe(fmt.Sprintf("n = %d, %d queens", p.N, p.K))
			}
			bar.ChangeMax(max(p.Total, p.Done, 1))
			_ = bar.Set(p.Done)
		}
	}
	var res domination.Result
	if n == 0 {
		// The empty board: no queen needed, one (empty) placement.
		res = domination.Result{N: 0, Min: 0, Count: 1}
	} else if n > domination.MaxSolveN {
		return fmt.Errorf("N = %d is too large: the solver goes up to N = %d", n, domination.MaxSolveN)
	} else if err := dominationGuard(ctx, n, opt, stderr, *force); err != nil {
		return err
	} else {
		res, err = domination.Solve(ctx, n, opt)
	}
	if bar != nil {
		_ = bar.Finish()
	}
	if err != nil {
		if len(res.Levels) > 0 {
			fmt.Fprintln(stderr, dominationLevels(res))
		}
		return err
	}
	used := *workers
	if used == 0 {
		used = runtime.GOMAXPROCS(0)
	}
	if *asJSON {
		type level struct {
			K       int     `json:"queens"`
			Found   bool    `json:"found"`
			Nodes   int64   `json:"nodes"`
			Seconds float64 `json:"seconds"`
		}
		out := struct {
			N           int      `json:"n"`
			Independent bool     `json:"independent"`
			Min         int      `json:"min"`
			Count       *int64   `json:"count,omitempty"` // with -count only
			Example     [][2]int `json:"example"`         // 1-based (row, column), row by row
			Board       string   `json:"board"`
			Nodes       int64    `json:"nodes"`
			Seconds     float64  `json:"seconds"`
			Workers     int      `json:"workers"`
			Levels      []level  `json:"levels"`
		}{N: n, Independent: *independent, Min: res.Min, Nodes: res.Nodes, Seconds: res.Elapsed.Seconds(),
			Workers: used, Board: dominationBoard(n, res.Example)}
		if *count {
			out.Count = &res.Count
		}
		for _, q := range res.Example {
			out.Example = append(out.Example, [2]int{q.Row + 1, q.Col + 1})
		}
		for _, l := range res.Levels {
			out.Levels = append(out.Levels, level{l.K, l.Found, l.Nodes, l.Duration.Seconds()})
		}
		return json.NewEncoder(w).Encode(out)
	}
	fmt.Fprintln(w, res.Min)
	if *count {
		fmt.Fprintln(w, res.Count)
	}
	var squares []string
	for _, q := range res.Example {
		squares = append(squares, fmt.Sprintf("(%d,%d)", q.Row+1, q.Col+1))
	}
	fmt.Fprintf(w, "example: %s\n%s", strings.Join(squares, " "), dominationBoard(n, res.Example))
	what := "γ"
	if *independent {
		what = "i"
	}
	fmt.Fprintf(stderr, "%s(Q_%d) = %d; %s; %d nodes, %.3f s, %d workers\n", what, n, res.Min, dominationLevels(res), res.Nodes, res.Elapsed.Seconds(), used)
	return nil
}

// dominationGuard estimates, from N = 14 on, the time of the search from
// that of N − 2 (at most 13) with the same options and its growth, about
// tenfold per unit of N (measured, see package domination; erratic, as it
// depends on where the minimum jumps), and refuses beyond an hour unless
// force.
func dominationGuard(ctx context.Context, n int, opt domination.Options, stderr io.Writer, force bool) error {
	if n < 14 {
		return nil
	}
	base := min(n-2, 13)
	quiet := opt
	quiet.Progress = nil
	start := time.Now()
	if _, err := domination.Solve(ctx, base, quiet); err != nil {
		return err
	}
	t := time.Since(start)
	how := fmt.Sprintf("a rough estimate: N = %d took %.2f s here, and the search grows about tenfold per unit of N", base, t.Seconds())
	return guard(stderr, scale(t, math.Pow(10, float64(n-base))), how, force)
}

// dominationLevels sums up the levels of a search: "3 queens: none
// (0.001 s), 4 queens: found (0.010 s)".
func dominationLevels(res domination.Result) string {
	var s []string
	for _, l := range res.Levels {
		found := "none"
		if l.Found {
			found = "found"
		}
		s = append(s, fmt.Sprintf("%d queens: %s (%.3f s)", l.K, found, l.Duration.Seconds()))
	}
	return strings.Join(s, ", ")
}

// dominationBoard draws the n×n board with 'Q' on the queens, '.'
// elsewhere, one line per row.
func dominationBoard(n int, qs []queens.Square) string {
	rows := make([][]byte, n)
	for i := range rows {
		rows[i] = []byte(strings.Repeat(".", n))
	}
	for _, q := range qs {
		rows[q.Row][q.Col] = 'Q'
	}
	var b strings.Builder
	for _, r := range rows {
		b.Write(r)
		b.WriteByte('\n')
	}
	return b.String()
}
