package batch

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"math"
	"os"
	"slices"
	"strings"

	"github.com/prepa-reines/reines/grading"
	"github.com/prepa-reines/reines/grading/gradebook"
	"github.com/prepa-reines/reines/grading/submission"
)

// busy reports whether err says the machine was too slow to build (see
// submission.ErrMachineBusy) or its go command failed (ErrGoCommand); if
// so, res says it and is transient: the notebook is to be graded again,
// and nothing in it is blamed.
func busy(err error, res *gradebook.Result) bool {
	if !machineFault(err) {
		return false
	}
	res.Problems = append(res.Problems, err.Error())
	res.Transient = true
	return true
}

// machineFault reports whether err is the machine's, not the notebook's
// (see busy).
func machineFault(err error) bool {
	return errors.Is(err, submission.ErrMachineBusy) || errors.Is(err, submission.ErrGoCommand) || errors.Is(err, submission.ErrBuildTools)
}

// cascadeNotes tells, on each question that failed cases, which earlier
// questions' functions its function uses (in the student's program) that
// failed cases too: the failure may come from there ("corrigez d'abord
// HideOption (question 5)").
func cascadeNotes(results []gradebook.Question, graded []*grading.Question, prog *submission.Program) {
	failed := map[string]*grading.Question{} // function name → its question, when it failed cases
	order := map[*grading.Question]int{}
	for k, q := range graded {
		order[q] = k
		if k := slices.IndexFunc(results, func(g gradebook.Question) bool { return g.ID == q.ID }); k >= 0 && results[k].Passed < results[k].Total {
			failed[q.Func] = q
		}
	}
	for i := range results {
		g := &results[i]
		q := failed[funcOf(graded, g.ID)]
		if q == nil {
			continue
		}
		var culprits []*grading.Question
		for _, d := range prog.Needed(q.Func) {
			for _, name := range d.Names {
				if p := failed[name]; p != nil && order[p] < order[q] && !slices.Contains(culprits, p) {
					culprits = append(culprits, p)
				}
			}
		}
		if len(culprits) > 0 {
			g.Note = strings.TrimSpace(g.Note + " " + grading.CascadeNote(q.Func, culprits))
		}
	}
}

func funcOf(graded []*grading.Question, id string) string {
	for _, q := range graded {
		if q.ID == id {
			return q.Func
		}
	}
	return ""
}

// runCases runs every public then hidden case of g (the public ones only
// with opt.Public), in one sandboxed child while it lasts, and scores it;
// the frames of a panic or a race name the notebook's cells (cells) by
// their first lines (see submission.ExplainFrames). It reports whether the program
// called a function reserved for grading as it started. The cases the
// machine, too busy, did not give their time (and those after them) count
// neither way: g.Unjudged says how many, and its note says why.
func runCases(ctx context.Context, g *gradebook.Question, bin string, args []string, dir string, opt Options, cells []submission.Cell) (atStart bool) {
	all, public, err := grading.Inputs(g.ID, !opt.Public, opt.Seed)
	if err != nil {
		g.Note = err.Error()
		return
	}
	scratch, err := os.MkdirTemp(dir, "run-")
	if err != nil {
		g.Note = err.Error()
		return
	}
	_ = os.Chmod(scratch, 0o755)
	inputs := make([][]byte, len(all))
	for k, in := range all {
		inputs[k] = in
	}
	outs := opt.Sandbox.RunCases(ctx, bin, args, inputs, scratch, opt.Limits)
	_ = os.RemoveAll(scratch)
	reserved := map[string]bool{}
	raced := false // the race detector stopped a case
	machine := len(outs) > 0 && outs[len(outs)-1].Machine
	for k, in := range all {
		var cr grading.CaseResult
		switch {
		case k >= len(outs) && machine:
			cr = grading.Judge(g.ID, in, grading.ChildResult{Problem: "non exécuté : machine de correction surchargée"})
			cr.Status = grading.Unjudged
		case k >= len(outs):
			// After a time-out the remaining cases are not run: they fail.
			cr = grading.Judge(g.ID, in, grading.ChildResult{Problem: "un cas précédent a dépassé le délai"})
			cr.Status = grading.Skipped
		case outs[k].Machine:
			cr = grading.Judge(g.ID, in, grading.ChildResult{Problem: outs[k].Trouble})
			cr.Status = grading.Unjudged
		case outs[k].Result != nil:
			cr = grading.Judge(g.ID, in, *outs[k].Result)
			if name := outs[k].Result.Reserved; name != "" {
				reserved[name] = true
				atStart = atStart || outs[k].Result.AtStart
			}
		default:
			cr = grading.Judge(g.ID, in, grading.ChildResult{Problem: outs[k].Trouble})
			cr.Status = grading.Crashed
			if outs[k].TimedOut {
				cr.Status = grading.TimedOut
			}
			raced = raced || outs[k].Race
		}
		// The frames of a panic or a race, by the cells' first lines.
		cr.Note, cr.Got = submission.ExplainFrames(cr.Note, cells), submission.ExplainFrames(cr.Got, cells)
		if cr.Status == grading.Unjudged {
			// No verdict: the case counts neither way (a public one is
			// shown, with why).
			g.Unjudged++
			if k < public {
				g.Public = append(g.Public, cr)
			}
			continue
		}
		g.Total++
		if cr.Status == grading.Passed {
			g.Passed++
		}
		if k < public {
			g.Public = append(g.Public, cr)
		} else {
			g.Hidden++
			if cr.Status == grading.Passed {
				g.HiddenOK++
			} else {
				g.HiddenKO = append(g.HiddenKO, cr)
			}
		}
	}
	// An answer that reached a function reserved for grading on any case
	// relies on the reference: the cases it got right without it do not
	// make it the student's own.
	for _, name := range slices.Sorted(maps.Keys(reserved)) {
		g.Flags = slices.DeleteFunc(g.Flags, func(f string) bool { return strings.HasPrefix(f, "appelle "+plainName(name)+",") })
		g.Flags = append(g.Flags, "appelle "+plainName(name)+", "+grading.Reserved+costsFlag)
	}
	// A data race is in the code every case runs; the detector sees it
	// only in the cases where the goroutines happen to meet (8 or 9 of
	// the 17 of Q24b for an unlocked best, from one run to the next):
	// points counted over the other cases would change with each run.
	// The flag does not say in how many cases: that too changes with the
	// run (the feedback lists them).
	if raced {
		g.Flags = append(g.Flags, "course critique (data race) détectée : le même code tourne dans chaque cas, le détecteur ne la voit que là où les goroutines se croisent"+costsFlag)
	}
	if slices.ContainsFunc(g.Flags, func(f string) bool { return strings.HasSuffix(f, costsFlag) }) {
		return // stepping outside Go's safety, relying on the reference, or racing earns nothing
	}
	if g.Total > 0 {
		g.Points = math.Floor(float64(g.Max)*float64(g.Passed)/float64(g.Total)*4) / 4
	}
	if g.Unjudged > 0 {
		g.Note = strings.TrimSpace(g.Note + " " + fmt.Sprintf("%s sur %d non %s : la machine de correction, trop chargée, ne leur a pas laissé leur temps de calcul ; la note ne compte que les autres, et cette question sera corrigée de nouveau.",
			grading.Plural(g.Unjudged, "cas"), g.Unjudged+g.Total, grading.Agree(g.Unjudged, "noté", "notés")))
	}
	return atStart
}
