package nb05

import (
	"context"
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/prepa-reines/reines/grading"
	"github.com/prepa-reines/reines/tp/board"
	"github.com/prepa-reines/reines/tp/domination"
)

// What the demonstrations of notebook 05 show and only the reference
// answers compute: in the student edition, recorded when it was released
// (times included: they were measured where it was released).

// CoverageMap draws a coverage as a heat map: the count on each square,
// the queens, uncovered squares crossed; title above it.
func CoverageMap(c *domination.Coverage, title string) board.Board {
	b := coverageBoard(c)
	b.Title = title
	return b
}

// Solved is what the exact solver (domination.Solve) found for one n, and
// for n ≤ 9 what the sujet's counting search (Q13) did.
type Solved struct {
	domination.Result
	SujetNodes   int64   // nodes of the sujet's search, 0 if not run
	SujetSeconds float64 // its time
}

// SolverTable returns the exact solver's i(Q_n) and its counts for
// n = 10 … 13, its nodes and times for n = 1 … 13, with the sujet's search
// (Q13) for n ≤ 9 to compare (there, Min, Count, Example and Levels are
// zero: Q13's answers).
var SolverTable = grading.Measured("05", "solver-table", func() []Solved {
	var out []Solved
	for n := 1; n <= 13; n++ {
		res, err := domination.Solve(context.Background(), n, domination.Options{Independent: true, Count: true})
		if err != nil {
			panic(err)
		}
		s := Solved{Result: res}
		if n <= 9 {
			start := time.Now()
			_, _, st, _ := domination.CountMinimumCovers(n)
			s.SujetNodes, s.SujetSeconds = st.Nodes, time.Since(start).Seconds()
			// What Q13 computes (its hidden case n = 9 among them): the
			// demonstration shows it only beyond its reach, and the
			// student edition records no more than it shows.
			s.Min, s.Count, s.Example, s.Levels = 0, 0, nil, nil
		}
		out = append(out, s)
	}
	return out
})

// GammaExamples returns γ(Q_n) and one minimum placement (queens may
// attack each other) for n = 4 … 9, found by the exact solver.
var GammaExamples = grading.Measured("05", "gamma-examples", func() []domination.Result {
	var out []domination.Result
	for n := 4; n <= 9; n++ {
		res, err := domination.Solve(context.Background(), n, domination.Options{})
		if err != nil {
			panic(err)
		}
		out = append(out, res)
	}
	return out
})

// Independent10 returns i(Q_10), its number of minimum placements and one
// of them, found by the exact solver.
var Independent10 = grading.Measured("05", "independent-10", func() domination.Result {
	res, err := domination.Solve(context.Background(), 10, domination.Options{Independent: true, Count: true})
	if err != nil {
		panic(err)
	}
	return res
})

// Gamma13 returns γ(Q_13) with its number of minimum placements, found by
// the exact solver level by level.
var Gamma13 = grading.Measured("05", "gamma-13", func() domination.Result {
	res, err := domination.Solve(context.Background(), 13, domination.Options{Count: true})
	if err != nil {
		panic(err)
	}
	return res
})

// Reach is what the exact solver (domination.Solve, all cores, with the
// count) took for one board beyond the notebook's live cells.
type Reach struct {
	Independent bool    // i(Q_n) (true) or γ(Q_n)
	N           int     // board side
	Min         int     // the minimum
	Count       int64   // its number of minimum placements (labelled)
	Seconds     float64 // wall-clock time on two cores
}

// SolverReach returns how far the exact solver goes: i(Q_n) for
// n = 14 … 17 and γ(Q_n) for n = 14, 15, with their counts and the
// wall-clock times measured once with domination.Solve on a machine with
// two cores (the benchmarks of tp/domination; a run takes up to a quarter
// of an hour, far too long for a notebook). The minima and counts are
// those of the OEIS (A075324, A002568, A075458, A002564), which the tests
// compare with tp/domination/testdata/reference.txt.
func SolverReach() []Reach {
	return []Reach{
		{true, 14, 8, 436, 1.5},
		{true, 15, 9, 10188, 18},
		{true, 16, 9, 128, 54},
		{true, 17, 9, 12, 25},
		{false, 14, 8, 4632, 25},
		{false, 15, 9, 205832, 14 * 60},
	}
}

// ReachTime writes a time of [SolverReach] the French way: "1,5 s",
// "18 s", "14 min".
func ReachTime(seconds float64) string {
	if seconds >= 120 {
		return fmt.Sprintf("%.0f\u00a0min", grading.Dec(seconds/60))
	}
	return grading.Seconds(time.Duration(seconds * float64(time.Second)))
}

// times writes a ratio a/b ≥ 1 in French for a sentence: "2,3 fois",
// "12 fois", "environ 120 fois" (two significant digits from 10 on).
func times(r float64) string {
	switch {
	case r < 10:
		return fmt.Sprintf("%.1f fois", grading.Dec(r))
	case r < 100:
		return fmt.Sprintf("%.0f fois", grading.Dec(r))
	}
	p := math.Pow(10, math.Floor(math.Log10(r))-1)
	return fmt.Sprintf("environ %.0f fois", grading.Dec(math.Round(r/p)*p))
}

// CompareSolver says in French, from the values of table (see
// [SolverTable]), what the table shows for the largest board both
// searches ran: nodes and times of the sujet's search and of the solver,
// and how many times faster the solver is (or slower).
func CompareSolver(table []Solved) string {
	var last *Solved
	for i := range table {
		if table[i].SujetNodes > 0 {
			last = &table[i]
		}
	}
	if last == nil {
		return ""
	}
	s := fmt.Sprintf("Pour n = %d, la recherche du sujet visite %s en %.3f\u00a0s, le solveur %s en %.3f\u00a0s : ",
		last.N, grading.Plural(last.SujetNodes, "nœud"), grading.Dec(last.SujetSeconds), grading.Plural(last.Nodes, "nœud"), grading.Dec(last.Elapsed.Seconds()))
	nodes := float64(last.SujetNodes) / float64(max(last.Nodes, 1))
	s += fmt.Sprintf("%s moins de nœuds", times(nodes))
	solver := last.Elapsed.Seconds()
	switch r := last.SujetSeconds / solver; {
	case solver <= 0:
	case r >= 1:
		s += fmt.Sprintf(", et il finit %s plus vite.", times(r))
	default:
		s += fmt.Sprintf(", mais il finit %s plus lentement.", times(1/r))
	}
	return grading.Typography(s)
}

// Levels says in French, from res (a count by [domination.Solve] on the
// n×n board), which numbers of queens the solver tried: from the lower
// bound ⌈n²/(4n−3)⌉ up to the minimum.
func Levels(n int, res domination.Result) string {
	if len(res.Levels) == 0 {
		return ""
	}
	bound := (n*n + 4*n - 4) / (4*n - 3)
	var tried []string
	for _, l := range res.Levels[1:] {
		tried = append(tried, fmt.Sprint(l.K))
	}
	first := res.Levels[0].K
	s := fmt.Sprintf("Le solveur essaie d'abord %s", grading.Plural(first, "reine"))
	if first == bound {
		s += fmt.Sprintf(" (le minorant ⌈n²/(4n − 3)⌉ = %d)", bound)
	}
	if len(tried) > 0 {
		s += ", puis " + frenchList(tried)
	}
	last := res.Levels[len(res.Levels)-1]
	if last.Found {
		s += fmt.Sprintf(" : %s suffisent, et il compte leurs placements ; chaque niveau précédent prouve qu'il n'en faut pas moins.", grading.Plural(last.K, "reine"))
	}
	return grading.Typography(s)
}

// frenchList joins words as French lists them: "5", "5 et 6", "5, 6 et 7".
func frenchList(words []string) string {
	if len(words) <= 1 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " et " + words[len(words)-1]
}

// ReachRemarks says in French, from the values of reach (see
// [SolverReach]), that the time does not grow steadily with n: the first
// board that took less time than the one before it, and the largest count.
func ReachRemarks(reach []Reach) string {
	if len(reach) == 0 {
		return ""
	}
	name := func(r Reach) string {
		if r.Independent {
			return fmt.Sprintf("i(Q%d)", r.N)
		}
		return fmt.Sprintf("γ(Q%d)", r.N)
	}
	var s string
	for i := 1; i < len(reach); i++ {
		a, b := reach[i-1], reach[i]
		if a.Independent == b.Independent && b.N > a.N && b.Seconds < a.Seconds {
			s = fmt.Sprintf("Le temps ne croît pas régulièrement avec n : %s prend moins de temps que %s (%s contre %s), avec %s à compter contre %d. ",
				name(b), name(a), ReachTime(b.Seconds), ReachTime(a.Seconds), grading.Plurals(b.Count, "placement", "placements"), grading.Int(a.Count))
			break
		}
	}
	most := reach[0]
	for _, r := range reach {
		if r.Count > most.Count {
			most = r
		}
	}
	s += fmt.Sprintf("Il dépend surtout de la difficulté de prouver qu'une reine de moins ne suffit pas, et du nombre de placements à compter : %s en a %d, et prend %s.",
		name(most), grading.Int(most.Count), ReachTime(most.Seconds))
	return grading.Typography(s)
}
