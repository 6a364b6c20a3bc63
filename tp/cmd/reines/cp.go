package main

// The command of notebook 03 (constraint programming): cp.

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"time"

	"github.com/prepa-reines/reines/tp/cp"
	"github.com/prepa-reines/reines/tp/cp/nqueens"
	"github.com/prepa-reines/reines/tp/queens"
)

func init() {
	commands["cp"] = command{"cp N [-model 1|2] [-var first-fail|input|domwdeg] [-val min|max|mid] [-all] [-json]  N queens with the constraint solver of tp/cp: a solution (every one with -all), statistics and time",
		cpCmd}
}

// cpBoardMax is the largest n whose solutions are drawn as boards; larger
// ones are printed as their columns only.
const cpBoardMax = 32

var cpVarOrders = map[string]cp.VarOrder{
	"first-fail": cp.FirstFail, "ff": cp.FirstFail,
	"input":   cp.InputOrder,
	"domwdeg": cp.DomWDeg, "dom-wdeg": cp.DomWDeg, "dom/wdeg": cp.DomWDeg,
}

var cpValueOrders = map[string]cp.ValueOrder{
	"min": cp.Increasing, "increasing": cp.Increasing,
	"max": cp.Decreasing, "decreasing": cp.Decreasing,
	"mid": cp.MiddleOut, "middle-out": cp.MiddleOut,
}

// cpStats is the JSON form of cp.Stats.
type cpStats struct {
	Nodes        int64   `json:"nodes"`
	Failures     int64   `json:"failures"`
	Propagations int64   `json:"propagations"`
	Solutions    int64   `json:"solutions"`
	Seconds      float64 `json:"seconds"` // search time
}

// cpOutput is what cp -json prints.
type cpOutput struct {
	N           int     `json:"n"`
	Model       string  `json:"model"` // "1" (all-different) or "2" (0/1 grid)
	Var         string  `json:"var"`
	Val         string  `json:"val"`
	All         bool    `json:"all"` // false: at most the first solution is listed
	Variables   int     `json:"variables"`
	Constraints int     `json:"constraints"`
	Solutions   [][]int `json:"solutions"` // columns, 1-based, row by row
	Stats       cpStats `json:"stats"`
	Seconds     float64 `json:"seconds"` // building the model and searching
}

// cpCmd solves the N-queens problem with model 1 (one variable per row,
// three all-different constraints) or model 2 (one 0/1 variable per
// square) and the chosen heuristics. Ctrl-C stops a long search; the
// statistics so far are printed with the error.
func cpCmd(args []string, w, stderr io.Writer) error {
	fs := flag.NewFlagSet("cp", flag.ContinueOnError)
	model := fs.String("model", "1", "1: one variable per row, all-different; 2: one 0/1 variable per square")
	varName := fs.String("var", "first-fail", "variable order: first-fail, input or domwdeg")
	valName := fs.String("val", "mid", "value order: min, max (Choco's DecreasingDomain) or mid (middle-out)")
	all := fs.Bool("all", false, "list every solution")
	asJSON := fs.Bool("json", false, "print JSON")
	n, err := parse(fs, args)
	if err != nil {
		return err
	}
	vars, ok := cpVarOrders[*varName]
	if !ok {
		return fmt.Errorf("%w: -var must be first-fail, input or domwdeg, got %q", errUsage, *varName)
	}
	vals, ok := cpValueOrders[*valName]
	if !ok {
		return fmt.Errorf("%w: -val must be min, max or mid, got %q", errUsage, *valName)
	}
	if *model != "1" && *model != "2" {
		return fmt.Errorf("%w: -model must be 1 or 2, got %q", errUsage, *model)
	}
	if *all && n > queens.MaxListN {
		return fmt.Errorf("N = %d has too many solutions to list (only up to N = %d); count them with: reines count %d", n, queens.MaxListN, n)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()

	start := time.Now()
	var m *cp.Model
	var read func() queens.Placement
	if *model == "1" {
		var x []*cp.IntVar
		m, x = nqueens.Model1AllDifferent(n)
		read = func() queens.Placement { return nqueens.Placement(x) }
	} else {
		var b [][]*cp.IntVar
		m, b = nqueens.Model2(n)
		read = func() queens.Placement { return nqueens.GridPlacement(b) }
	}
	if err := m.Err(); err != nil {
		return err // a size the model refuses
	}
	s := m.Solver(vars, vals)
	var sols []queens.Placement
	if *all {
		for range s.Solutions(ctx) {
			sols = append(sols, read())
		}
		err = s.Err()
	} else {
		err = s.Solve(ctx)
		if err == nil {
			sols = append(sols, read())
		} else if errors.Is(err, cp.ErrNoSolution) {
			err = nil
		}
	}
	elapsed := time.Since(start)
	st := s.Stats()
	if err != nil {
		return fmt.Errorf("%w (after %s)", err, st)
	}
	for _, p := range sols {
		if bad := queens.Validate(p); bad != nil { // a solver bug: say so loudly
			return fmt.Errorf("invalid solution %v: %v", p, bad)
		}
	}
	modelName := "1"
	desc := "model 1 (one variable per row, all-different)"
	if *model == "2" {
		modelName, desc = "2", "model 2 (one 0/1 variable per square, sums)"
	}
	if *asJSON {
		out := cpOutput{
			N: n, Model: modelName, Var: vars.String(), Val: vals.String(), All: *all,
			Variables: m.NumVars(), Constraints: m.NumConstraints(), Solutions: [][]int{},
			Stats:   cpStats{st.Nodes, st.Failures, st.Propagations, st.Solutions, st.Time.Seconds()},
			Seconds: elapsed.Seconds(),
		}
		for _, p := range sols {
			cols := make([]int, len(p))
			for i, c := range p {
				cols[i] = c + 1
			}
			out.Solutions = append(out.Solutions, cols)
		}
		return json.NewEncoder(w).Encode(out)
	}
	fmt.Fprintf(w, "%s, n = %d: %d variables, %d constraints; search %v, %v\n", desc, n, m.NumVars(), m.NumConstraints(), vars, vals)
	switch {
	case len(sols) == 0:
		fmt.Fprintf(w, "no solution for n = %d\n", n)
	case *all:
		for i, p := range sols {
			fmt.Fprintf(w, "solution %d of %d: %s\n", i+1, len(sols), p)
			if n <= cpBoardMax {
				fmt.Fprintln(w, queens.Board(p))
			}
		}
	default:
		fmt.Fprintf(w, "solution: %s\n", sols[0])
		if n <= cpBoardMax {
			fmt.Fprint(w, queens.Board(sols[0]))
		}
	}
	fmt.Fprintf(w, "%s, %s, %s, %s; search %v, total %v\n", cpCount(st.Solutions, "solution"), cpCount(st.Nodes, "node"),
		cpCount(st.Failures, "failure"), cpCount(st.Propagations, "propagation"), st.Time.Round(time.Microsecond), elapsed.Round(time.Microsecond))
	return nil
}

// cpCount writes k and the noun, plural unless k is 1.
func cpCount(k int64, noun string) string {
	if k == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", k, noun)
}
