package batch

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"maps"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/prepa-reines/reines/grading"
	"github.com/prepa-reines/reines/grading/notebook"
	"github.com/prepa-reines/reines/grading/submission"
	"github.com/prepa-reines/reines/grading/workbook"
)

// Question is the grade of one question for one student.
type Question struct {
	ID, Title string
	Max       int     // points available
	Points    float64 // points earned: Max × passed cases / all cases, rounded down to 0.25
	Manual    bool    // a written answer, graded by the teacher (manual.csv)
	Answer    string  // the written answer's text (Manual)
	Unwritten bool    // the written answer is the student edition's placeholder, or absent (Manual)
	Marked    bool    // the teacher gave its points (manual.csv); until then Points is 0 and the feedback says « pas encore notée » (Manual)
	Comment   string  // the teacher's comment on it (manual.csv), for the student
	Passed    int     // cases passed, public and hidden
	Total     int     // cases, public and hidden
	Public    []grading.CaseResult
	HiddenOK  int                  // hidden cases passed
	Hidden    int                  // hidden cases
	HiddenKO  []grading.CaseResult // the hidden cases failed, shown only with -reveal
	Compile   string               // compiler messages, mapped to the student's cells
	Flags     []string             // French notes for the teacher (forbidden import, reference called…)
	Unjudged  int                  // cases without a verdict: the machine was too busy (shown in Public, counted nowhere)
	Note      string               // French: absent function, duplicate cells…
}

// Result is the grade of one submission.
type Result struct {
	Student, File, TP string
	Shown             string // File as it is inside the export (see Submission.Shown); "" when it is File
	Name              string // the student's name, when the export or the roster gives it
	// Lateness, with a late policy (see LatePolicy.Late): when it was
	// handed in, how many days late, and the share of the total it loses.
	SubmittedAt time.Time
	LateDays    int
	Penalty     float64
	answers     map[string]string // the answer cells' code, by question (see Similarities)
	transient   bool              // the machine, not the notebook, decided the result (see Cache)
	given       *Given            // the run's reference answers and stubs (see Similarities)
	Questions   []Question
	Problems    []string // French: what made the notebook partly or wholly ungradable
	Points, Max float64
}

// Options of a grading run.
type Options struct {
	TP      string             // "01", or "" to take each notebook's own TP
	Work    string             // scratch folder for builds and runs; the sandbox users must be able to enter it (o+x)
	Limits  submission.Limits  // per case
	Sandbox submission.Sandbox // see submission.Probe
	SDK     *SDK               // the student edition the submissions are built against (see NewSDK)
	Seed    uint64             // the teacher's seed of the hidden cases; unused with Public
	// Public runs the public cases only, those the student edition holds:
	// no hidden case is drawn, whatever Seed (the live class view, see
	// Live). A Result then has Hidden == 0 on every question.
	Public bool
	// Questions is how many questions of one notebook run their cases at
	// once, each in its own child (0 or 1: one after the other). While one
	// child waits (a process starting, a watch of goroutines), another
	// computes; a child's time limit counts only the time it had the
	// machine, so the others never cost it a case. Only where each child's
	// CPU is capped (a cgroup with the cpu controller): else one question
	// could starve another of the same notebook until its failing cases
	// went unjudged.
	Questions int
}

// BuildBudget bounds the CPU time all the builds of one notebook take
// together (see submission.Budget): a notebook whose program does not
// compile, built again question by question, cannot hold the run. It is
// CPU time, which a busy machine does not use up.
const BuildBudget = 5 * time.Minute

// Grade grades one submission. It never fails: everything that goes wrong
// is reported in the Result, with 0 where nothing can be graded.
func Grade(ctx context.Context, sub Submission, opt Options) (res Result) {
	defer func() {
		// A submission the grader cannot handle costs that submission
		// only: the others are graded.
		if v := recover(); v != nil {
			res = Result{Student: sub.Student, Name: sub.Name, File: sub.Path, Shown: sub.Shown, TP: opt.TP,
				Problems: []string{fmt.Sprintf("erreur interne du correcteur sur ce notebook (à signaler) : %v", v)}, transient: true}
			res = res.finish(opt.TP)
		}
	}()
	res = Result{Student: sub.Student, Name: sub.Name, File: sub.Path, Shown: sub.Shown, TP: opt.TP}
	if sub.Note != "" {
		res.Problems = append(res.Problems, sub.Note)
	}
	if sub.Refused != "" {
		res.Problems = append(res.Problems, sub.Refused)
		return res.finish(opt.TP)
	}
	data, err := sub.data, error(nil)
	if data == nil {
		data, err = sub.read()
	}
	if err != nil {
		res.Problems = append(res.Problems, err.Error())
		return res.finish(opt.TP)
	}
	if !utf8.Valid(data) {
		res.Problems = append(res.Problems, "le fichier n'est pas en UTF-8 : les caractères invalides sont remplacés")
		data = []byte(strings.ToValidUTF8(string(data), "\uFFFD"))
	}
	nb, err := notebook.ParseHandedIn(data)
	if err != nil {
		res.Problems = append(res.Problems, err.Error())
		return res.finish(opt.TP)
	}
	tp := detectTP(nb, sub.Path)
	switch {
	case tp == "" && opt.TP == "":
		res.Problems = append(res.Problems, "impossible de savoir de quel TP est ce notebook")
		return res.finish("")
	case opt.TP != "" && tp != "" && tp != opt.TP:
		res.Problems = append(res.Problems, fmt.Sprintf("ce notebook est celui du TP %s, pas du TP %s", tp, opt.TP))
		return res.finish(opt.TP)
	case opt.TP != "":
		tp = opt.TP
	}
	res.TP = tp
	res.answers = answerCells(nb)
	if opt.SDK != nil {
		res.given = &opt.SDK.Given
	}
	var cells []submission.Cell
	for i, c := range nb.Cells {
		if c.CellType == "code" {
			cells = append(cells, submission.Cell{Index: i, Source: string(c.Source)})
		}
	}
	prog := submission.Build(cells)
	prog.CompleteImports()
	qs := grading.Questions(tp)
	if len(qs) == 0 {
		res.Problems = append(res.Problems, "aucune question enregistrée pour le TP "+tp)
		return res.finish(tp)
	}
	// The grader's own work (the edition, its packages compiled, with the
	// race detector if a question needs it): before this notebook's
	// builds, never within their limits.
	needRace := slices.ContainsFunc(qs, func(q *grading.Question) bool { return q.Race && prog.Defines(q.Func) })
	if err := opt.SDK.Prepare(ctx, needRace); err != nil {
		if ctx.Err() == nil {
			res.Problems = append(res.Problems, "préparation du correcteur impossible (à signaler) : "+err.Error())
		}
		res.transient = true
		return res.finish(tp)
	}
	if note := opt.SDK.releaseNote(nb, tp); note != "" {
		res.Problems = append(res.Problems, note)
	}
	dups := duplicates(nb)
	untyped := map[string]error{} // the questions whose program the type checker refused
	var units []submission.Unit
	var graded []*grading.Question // questions with a function the notebook defines
	for _, q := range qs {
		if ctx.Err() != nil {
			// Interrupted (Ctrl-C): the type checks and the reference
			// values of the flags below take seconds per question.
			res.transient = true
			return res.finish(tp)
		}
		g := Question{ID: q.ID, Title: q.Title, Max: q.Points}
		if n := dups[q.ID]; n > 1 {
			g.Note = fmt.Sprintf("%d cellules de réponse pour cette question (cellule copiée ?) : la dernière définition est notée", n)
		}
		if note := opt.SDK.checkNote(nb, q.ID); note != "" {
			g.Note = strings.TrimSpace(g.Note + " " + note)
		}
		if q.Prose() {
			g.Manual, g.Answer = true, nb.ProseAnswer(q.ID)
			g.Unwritten = notebook.Unwritten(g.Answer)
			res.Questions = append(res.Questions, g)
			continue
		}
		if !prog.Defines(q.Func) {
			missing := " fonction " + q.Func + " absente du notebook"
			if len(prog.Errors) > 0 {
				missing = " fonction " + q.Func + " introuvable : une cellule ne se compile pas (erreur ci-dessous)"
			}
			g.Note = strings.TrimSpace(g.Note + missing)
			for _, e := range prog.Errors {
				g.Compile += submission.ExplainCellError(e, cells)
			}
			res.Questions = append(res.Questions, g)
			continue
		}
		decls, inits := prog.WithInits(prog.Needed(q.Func))
		src, fixed := prog.Source(decls, inits+"reinesServe_()"), false
		if f, err := submission.Fix(src); err == nil {
			src, fixed = f, true // the imports goimports adds are the ones to flag
		}
		harness := fmt.Sprintf("package main\n\nimport (\n\t\"github.com/prepa-reines/reines/grading\"\n\t_ %q\n)\n\nfunc reinesServe_() { grading.ServeMain(%q, %s) }\n",
			notebookPackage(tp), q.ID, q.Func)
		g.Flags = append(flags(src, opt.SDK.Stubbed), requirementFlags(src, q.Requires)...)
		g.Flags = append(g.Flags, toolFlags(src, tp, q)...)
		typed, err := submission.TypeCheck(opt.SDK.Dir, src, harness)
		if err != nil {
			untyped[q.ID] = err // costs the question if the compiler takes it (see below)
		} else {
			for _, f := range typedFlags(typed) {
				if !slices.Contains(g.Flags, f) { // the syntax saw it too
					g.Flags = append(g.Flags, f)
				}
			}
			if wants, err := grading.WantNumbers(ctx, q.ID, !opt.Public, opt.Seed, 10); err == nil {
				if f := tableFlag(typed, wants); f != "" {
					g.Flags = append(g.Flags, f)
				}
			}
		}
		units = append(units, submission.Unit{Name: unitName(q.ID), Source: src, Harness: harness, Fixed: fixed})
		graded = append(graded, q)
		res.Questions = append(res.Questions, g)
	}
	if err := opt.Sandbox.Reachable(opt.Work); err != nil {
		res.Problems = append(res.Problems, "dossier de travail : "+err.Error())
		res.transient = true
		return res.finish(tp)
	}
	dir, err := os.MkdirTemp(opt.Work, "sub-")
	if err != nil {
		res.Problems = append(res.Problems, "dossier de travail : "+err.Error())
		res.transient = true
		return res.finish(tp)
	}
	defer os.RemoveAll(dir)
	_ = os.Chmod(dir, 0o755) // the sandbox user runs the binaries
	// Linking dominates: first try one program serving every question (the
	// question's ID is its first argument), and one for the questions
	// about goroutines, built with the race detector. Only if one does not
	// compile are its questions built one by one, so that a broken cell
	// costs only the questions that use it. Both give the same results.
	units = slices.Clone(units)
	for k := range units {
		units[k].Race = graded[k].Race
	}
	built := map[string]submission.Built{}
	var tc submission.Toolchain
	if len(units) > 0 {
		// Most units are built without the go command (Imports); a copy
		// of the build cache is made for the others, if any.
		var sessionDone func()
		defer func() {
			if sessionDone != nil {
				sessionDone()
			}
		}()
		tc = submission.Toolchain{Root: opt.SDK.Dir, Budget: &submission.Budget{CPU: BuildBudget},
			Session: sync.OnceValues(func() (string, error) {
				dir, done, err := opt.SDK.Builds.Session(ctx)
				sessionDone = done
				return dir, err
			})}
		var err error
		if tc.Imports, err = opt.SDK.Builds.Imports(ctx, false); err == nil && needRace {
			tc.RaceImports, err = opt.SDK.Builds.Imports(ctx, true)
		}
		if err != nil {
			res.Problems = append(res.Problems, "cache de compilation : "+err.Error())
			res.transient = true
			return res.finish(tp)
		}
	}
	wholeArgs := map[string][]string{} // the whole program's arguments, per question
	var wholes []submission.Unit
	byRace := map[bool][]*grading.Question{}
	for _, q := range graded {
		byRace[q.Race] = append(byRace[q.Race], q)
	}
	for _, race := range []bool{false, true} {
		// A program holding what costs a question is not the whole
		// notebook's (see holdsCostly): its questions are built alone.
		if qs := byRace[race]; len(qs) > 0 {
			if w := wholeUnit(prog, qs, tp, race); !holdsCostly(&w, opt.SDK) {
				wholes = append(wholes, w)
			}
		}
	}
	if len(wholes) > 0 {
		b, err := submission.Compile(ctx, tc, filepath.Join(dir, "whole"), wholes)
		if busy(err, &res) {
			return res.finish(tp)
		}
		for _, w := range wholes {
			if err != nil || b[w.Name].Bin == "" {
				continue
			}
			for _, q := range byRace[w.Race] {
				built[unitName(q.ID)] = b[w.Name]
				wholeArgs[q.ID] = []string{q.ID}
			}
		}
	}
	var rest []submission.Unit
	for _, u := range units {
		if _, ok := built[u.Name]; !ok {
			rest = append(rest, u)
		}
	}
	if len(rest) > 0 {
		b, err := submission.Compile(ctx, tc, filepath.Join(dir, "build"), rest)
		if busy(err, &res) {
			return res.finish(tp)
		}
		if err != nil {
			res.Problems = append(res.Problems, "compilation impossible : "+err.Error())
			return res.finish(tp)
		}
		maps.Copy(built, b)
	}
	// The questions' cases, opt.Questions at a time; a build the machine
	// was too busy for (the question built alone, below) stops the
	// notebook once they are done.
	var (
		wg       sync.WaitGroup
		slots    = make(chan struct{}, max(min(opt.Questions, opt.Sandbox.MaxConcurrent()), 1))
		busyMu   sync.Mutex
		busyErrs []error
	)
	for i := range res.Questions {
		g := &res.Questions[i]
		b, ok := built[unitName(g.ID)]
		if !ok {
			continue
		}
		if b.Bin == "" {
			g.Compile = submission.Explain(b.Errors, cells)
			if undefinedGrading.MatchString(b.Errors) || importsGrading(prog) && strings.Contains(b.Errors, "undefined:") {
				g.Flags = append(g.Flags, "utilise le paquet grading, qui n'existe pas à la correction : la fonction ne compile pas, 0 point")
			}
			continue
		}
		if err := untyped[g.ID]; err != nil {
			// What the flags read cannot be read: what it would have
			// found cannot be ruled out.
			g.Flags = append(g.Flags, fmt.Sprintf("programme que le correcteur ne sait pas analyser (%v) : à signaler%s", err, costsFlag))
		}
		k := slices.IndexFunc(graded, func(q *grading.Question) bool { return q.ID == g.ID })
		qopt := opt
		if graded[k].Race {
			qopt.Limits.Race, qopt.Limits.MaxProcs = true, max(qopt.Limits.MaxProcs, 2)
		}
		args, whole := wholeArgs[g.ID]
		slots <- struct{}{}
		wg.Add(1)
		go func() {
			defer func() { <-slots; wg.Done() }()
			before := *g
			if !runCases(ctx, g, b.Bin, args, dir, qopt, cells) || !whole {
				return
			}
			// The whole program called a reserved function as it started:
			// only the questions whose own program does so lose their
			// points, so this one is built and run alone.
			*g = before
			alone, err := submission.Compile(ctx, tc, filepath.Join(dir, "alone-"+unitName(g.ID)), units[k:k+1])
			if machineFault(err) {
				busyMu.Lock()
				busyErrs = append(busyErrs, err)
				busyMu.Unlock()
				return
			}
			if b := alone[units[k].Name]; err == nil && b.Bin != "" {
				runCases(ctx, g, b.Bin, nil, dir, qopt, cells)
			} else {
				runCases(ctx, g, built[unitName(g.ID)].Bin, args, dir, qopt, cells)
			}
		}()
	}
	wg.Wait()
	if len(busyErrs) > 0 && busy(busyErrs[0], &res) {
		return res.finish(tp)
	}
	cascadeNotes(res.Questions, graded, prog)
	var busy []string
	for _, g := range res.Questions {
		if g.Unjudged > 0 {
			busy = append(busy, g.ID)
		}
	}
	if len(busy) > 0 {
		// Not the student's doing: the teacher sees it, and the next run
		// grades the notebook again (no cache).
		res.transient = true
		res.Problems = append(res.Problems, fmt.Sprintf("machine de correction trop chargée pendant %s : des cas n'ont pas eu leur temps de calcul et ne sont pas notés ; relancez la correction quand la machine est libre", strings.Join(busy, ", ")))
	}
	return res.finish(tp)
}

// busy reports whether err says the machine was too slow to build (see
// submission.ErrMachineBusy) or its go command failed (ErrGoCommand); if
// so, res says it and is transient: the notebook is to be graded again,
// and nothing in it is blamed.
func busy(err error, res *Result) bool {
	if !machineFault(err) {
		return false
	}
	res.Problems = append(res.Problems, err.Error())
	res.transient = true
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
func cascadeNotes(results []Question, graded []*grading.Question, prog *submission.Program) {
	failed := map[string]*grading.Question{} // function name → its question, when it failed cases
	order := map[*grading.Question]int{}
	for k, q := range graded {
		order[q] = k
		if k := slices.IndexFunc(results, func(g Question) bool { return g.ID == q.ID }); k >= 0 && results[k].Passed < results[k].Total {
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

// wholeUnit is one program serving every question of qs: the declarations
// all their functions need, and a harness that serves the question named by
// its first argument; built with the race detector if race.
func wholeUnit(prog *submission.Program, qs []*grading.Question, tp string, race bool) submission.Unit {
	seen := map[*submission.Decl]bool{}
	for _, q := range qs {
		for _, d := range prog.Needed(q.Func) {
			seen[d] = true
		}
	}
	var decls []*submission.Decl
	for _, d := range prog.Decls {
		if seen[d] {
			decls = append(decls, d)
		}
	}
	decls, inits := prog.WithInits(decls)
	var harness strings.Builder
	fmt.Fprintf(&harness, "package main\n\nimport (\n\t\"os\"\n\n\t\"github.com/prepa-reines/reines/grading\"\n\t_ %q\n)\n\n", notebookPackage(tp))
	harness.WriteString("func reinesServe_() {\n\tif len(os.Args) < 2 {\n\t\tos.Exit(2)\n\t}\n\tswitch os.Args[1] {\n")
	for _, q := range qs {
		fmt.Fprintf(&harness, "\tcase %q:\n\t\tgrading.ServeMain(%q, %s)\n", q.ID, q.ID, q.Func)
	}
	harness.WriteString("\t}\n}\n")
	name := "whole"
	if race {
		name = "wholerace"
	}
	return submission.Unit{Name: name, Source: prog.Source(decls, inits+"reinesServe_()"), Harness: harness.String(), Race: race}
}

// holdsCostly reports whether a program holds anything that costs a question
// (see flags and typedFlags), or cannot be type-checked: such a program is
// not the whole notebook's, since what one question's declarations do as
// the program starts (reading the key, writing on the result descriptor)
// would run in every other question's child; each question is then built
// with its own declarations only.
// The source goimports gave is kept in u (Fixed): Compile does not run it
// again.
func holdsCostly(u *submission.Unit, sdk *SDK) bool {
	src, err := submission.Fix(u.Source)
	if err != nil {
		return true
	}
	u.Source, u.Fixed = src, true
	typed, err := submission.TypeCheck(sdk.Dir, src, u.Harness)
	if err != nil {
		return true
	}
	return slices.ContainsFunc(append(flags(src, sdk.Stubbed), typedFlags(typed)...), func(f string) bool { return strings.HasSuffix(f, costsFlag) })
}

// notebookPackage is the import path of the package declaring the
// questions of notebook tp.
func notebookPackage(tp string) string {
	nb, _ := workbook.Lookup(tp)
	return nb.Package
}

func unitName(id string) string { return "q" + strings.ReplaceAll(id, "/", "_") }

// runCases runs every public then hidden case of g (the public ones only
// with opt.Public), in one sandboxed child while it lasts, and scores it;
// the frames of a panic or a race name the notebook's cells (cells) by
// their first lines (see submission.ExplainFrames). It reports whether the program
// called a function reserved for grading as it started. The cases the
// machine, too busy, did not give their time (and those after them) count
// neither way: g.Unjudged says how many, and its note says why.
func runCases(ctx context.Context, g *Question, bin string, args []string, dir string, opt Options, cells []submission.Cell) (atStart bool) {
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
			cr = grading.Judge(g.ID, in, grading.ChildResult{Problem: "non exécuté après un délai dépassé"})
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
			grading.Plural(g.Unjudged, "cas"), g.Unjudged+g.Total, agree(g.Unjudged, "noté", "notés")))
	}
	return atStart
}

// shown is the notebook's path as it is inside the export.
func (r Result) shown() string { return cmp.Or(r.Shown, r.File) }

// finish sets the result's TP, fills in the TP's questions if it has
// none, and sums the points.
func (r Result) finish(tp string) Result {
	r.TP = tp
	if len(r.Questions) == 0 && tp != "" {
		for _, q := range grading.Questions(tp) {
			r.Questions = append(r.Questions, Question{ID: q.ID, Title: q.Title, Max: q.Points, Manual: q.Prose()})
		}
	}
	r.Points, r.Max = 0, 0
	for _, q := range r.Questions {
		r.Points += q.Points
		r.Max += float64(q.Max)
	}
	if r.Penalty > 0 { // late: the share lost, rounded down to 0.25
		r.Points = math.Floor(r.Points*(1-r.Penalty)*4) / 4
	}
	return r
}

// detectTP reads the TP from the cells' metadata (the most frequent
// notebook of their question IDs), else from a file name "NN-…".
func detectTP(nb *notebook.Notebook, path string) string {
	// Only the workbook's TPs count: cell metadata is the student's.
	known := func(tp string) bool { return len(grading.Questions(tp)) > 0 }
	count := map[string]int{}
	for _, c := range nb.Cells {
		if id := c.Reines().Question; id != "" {
			if tp, _, _ := strings.Cut(id, "/"); known(tp) {
				count[tp]++
			}
		}
	}
	best := ""
	for tp, n := range count {
		if n > count[best] || n == count[best] && tp < best {
			best = tp
		}
	}
	if best != "" {
		return best
	}
	if m := regexp.MustCompile(`^(\d\d)-`).FindStringSubmatch(filepath.Base(path)); m != nil && known(m[1]) {
		return m[1]
	}
	return ""
}

// duplicates counts the answer cells of each question.
func duplicates(nb *notebook.Notebook) map[string]int {
	n := map[string]int{}
	for _, c := range nb.Cells {
		if m := c.Reines(); m.Role == "answer" && m.Question != "" {
			n[m.Question]++
		}
	}
	return n
}

// importsGrading reports whether the notebook imports a grading package
// under a name of its own (a dot import hides its identifiers' package).
func importsGrading(prog *submission.Program) bool {
	for _, im := range prog.Imports {
		if im.Name != "" && (im.Path == submission.GradingPath || strings.HasPrefix(im.Path, submission.GradingPath+"/")) {
			return true
		}
	}
	return false
}
