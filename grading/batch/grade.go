// Package batch grades a folder of submitted notebooks (listed by package
// export): it rebuilds and compiles each student's code (package
// submission: one program, or one per question when a cell does not
// compile), runs every public and hidden case in a sandboxed child process
// that answers one case at a time, judges the outputs against the
// reference answers (package grading), and writes the gradebook and the
// feedback (WriteAll: the results and the gradebook are package
// gradebook's, the feedback and the reports package feedback's). It also
// keeps the result cache, the grader's build cache and the live view of a
// class (Live).
package batch

import (
	"context"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/prepa-reines/reines/grading"
	"github.com/prepa-reines/reines/grading/export"
	"github.com/prepa-reines/reines/grading/feedback"
	"github.com/prepa-reines/reines/grading/gradebook"
	"github.com/prepa-reines/reines/grading/notebook"
	"github.com/prepa-reines/reines/grading/sandbox"
	"github.com/prepa-reines/reines/grading/submission"
	"github.com/prepa-reines/reines/grading/workbook"
)

// Options of a grading run.
type Options struct {
	TP      string          // "01", or "" to take each notebook's own TP
	Work    string          // scratch folder for builds and runs; the sandbox users must be able to enter it (o+x)
	Limits  sandbox.Limits  // per case
	Sandbox sandbox.Sandbox // see sandbox.Probe
	SDK     *SDK            // the student edition the submissions are built against (see NewSDK)
	Seed    uint64          // the teacher's seed of the hidden cases; unused with Public
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
// is reported in the Result, with 0 where nothing can be graded. The steps
// (see notebookGrading): the notebook read and its TP found (open); the
// grader's own work done (prepare); one compile unit per question the
// notebook answers, with the flags its source earns (plan); the programs
// built (build); each question's cases run and scored (run); the notes
// that span questions (conclude).
func Grade(ctx context.Context, sub export.Submission, opt Options) (res gradebook.Result) {
	defer func() {
		// A submission the grader cannot handle costs that submission
		// only: the others are graded.
		if v := recover(); v != nil {
			res = gradebook.Result{Student: sub.Student, Name: sub.Name, File: sub.Path, Shown: sub.Shown, TP: opt.TP,
				Problems: []string{fmt.Sprintf("erreur interne du correcteur sur ce notebook (à signaler) : %v", v)}, Transient: true}
			res = res.Finish(opt.TP)
		}
	}()
	res = gradebook.Result{Student: sub.Student, Name: sub.Name, File: sub.Path, Shown: sub.Shown, TP: opt.TP}
	nb, ok := open(sub, opt, &res)
	if !ok {
		return res.Finish(res.TP)
	}
	g := &notebookGrading{ctx: ctx, opt: opt, res: &res, tp: res.TP}
	defer g.cleanUp()
	if g.prepare(nb) && g.plan(nb) && g.build() && g.run() {
		g.conclude()
	}
	return res.Finish(g.tp)
}

// open reads the submission into a notebook and finds its TP (res.TP),
// saying in res what stands in the way; false: nothing more can be
// graded (res.TP is then the TP its result is of, "" if none).
func open(sub export.Submission, opt Options, res *gradebook.Result) (*notebook.Notebook, bool) {
	if sub.Note != "" {
		res.Problems = append(res.Problems, sub.Note)
	}
	if sub.Refused != "" {
		res.Problems = append(res.Problems, sub.Refused)
		return nil, false
	}
	data, err := sub.Data, error(nil)
	if data == nil {
		data, err = sub.Read()
	}
	if err != nil {
		res.Problems = append(res.Problems, err.Error())
		return nil, false
	}
	if !utf8.Valid(data) {
		res.Problems = append(res.Problems, "le fichier n'est pas en UTF-8 : les caractères invalides sont remplacés")
		data = []byte(strings.ToValidUTF8(string(data), "\uFFFD"))
	}
	nb, err := notebook.ParseHandedIn(data)
	if err != nil {
		res.Problems = append(res.Problems, err.Error())
		return nil, false
	}
	tp := detectTP(nb, sub.Path)
	switch {
	case tp == "" && opt.TP == "":
		res.Problems = append(res.Problems, "impossible de savoir de quel TP est ce notebook")
		res.TP = ""
		return nil, false
	case opt.TP != "" && tp != "" && tp != opt.TP:
		res.Problems = append(res.Problems, fmt.Sprintf("ce notebook est celui du TP %s, pas du TP %s", tp, opt.TP))
		return nil, false
	case opt.TP != "":
		tp = opt.TP
	}
	res.TP = tp
	return nb, true
}

// notebookGrading is the grading of one notebook of TP tp once read (see
// Grade): each step fills what the next reads, and says in res what went
// wrong; a step that returns false ends the grading.
type notebookGrading struct {
	ctx context.Context
	opt Options
	res *gradebook.Result
	tp  string

	cells    []submission.Cell   // the notebook's code cells
	prog     *submission.Program // the program GoNB would build from them
	qs       []*grading.Question // the TP's questions
	needRace bool                // a question the notebook answers is built with the race detector

	units   []submission.Unit   // a program per question answered, its declarations only
	graded  []*grading.Question // the questions of units, in the same order
	untyped map[string]error    // the questions whose program the type checker refused

	dir       string // the notebook's folder of builds and runs, in opt.Work
	tc        submission.Toolchain
	built     map[string]submission.Built // by unit name: the program that runs each question's cases
	wholeArgs map[string][]string         // the whole program's arguments, per question it serves
	cleanUps  []func()
}

// cleanUp removes what the steps left: the build session, the folder.
func (g *notebookGrading) cleanUp() {
	for _, f := range slices.Backward(g.cleanUps) {
		f()
	}
}

// prepare reads the notebook's program and does the grader's own work
// (the edition, its packages compiled, with the race detector if a
// question needs it): before this notebook's builds, never within their
// limits.
func (g *notebookGrading) prepare(nb *notebook.Notebook) bool {
	res := g.res
	res.Answers = feedback.AnswerCells(nb)
	if g.opt.SDK != nil {
		res.Given = &g.opt.SDK.Given
	}
	for i, c := range nb.Cells {
		if c.CellType == "code" {
			g.cells = append(g.cells, submission.Cell{Index: i, Source: string(c.Source)})
		}
	}
	g.prog = submission.Build(g.cells)
	g.prog.CompleteImports()
	g.qs = grading.Questions(g.tp)
	if len(g.qs) == 0 {
		res.Problems = append(res.Problems, "aucune question enregistrée pour le TP "+g.tp)
		return false
	}
	g.needRace = slices.ContainsFunc(g.qs, func(q *grading.Question) bool { return q.Race && g.prog.Defines(q.Func) })
	if err := g.opt.SDK.Prepare(g.ctx, g.needRace); err != nil {
		if g.ctx.Err() == nil {
			res.Problems = append(res.Problems, "préparation du correcteur impossible (à signaler) : "+err.Error())
		}
		res.Transient = true
		return false
	}
	if note := g.opt.SDK.releaseNote(nb, g.tp); note != "" {
		res.Problems = append(res.Problems, note)
	}
	return true
}

// plan gives each question its result's entry: a written answer's text,
// the note of a function the notebook lacks, or a compile unit (the
// declarations its function needs, and the harness that serves it) with
// the flags its source earns.
func (g *notebookGrading) plan(nb *notebook.Notebook) bool {
	res, opt, prog := g.res, g.opt, g.prog
	dups := duplicates(nb)
	g.untyped = map[string]error{}
	for _, q := range g.qs {
		if g.ctx.Err() != nil {
			// Interrupted (Ctrl-C): the type checks and the reference
			// values of the flags below take seconds per question.
			res.Transient = true
			return false
		}
		r := gradebook.Question{ID: q.ID, Title: q.Title, Max: q.Points}
		if n := dups[q.ID]; n > 1 {
			r.Note = fmt.Sprintf("%d cellules de réponse pour cette question (cellule copiée ?) : la dernière définition est notée", n)
		}
		if note := opt.SDK.checkNote(nb, prog, q.ID); note != "" {
			r.Note = strings.TrimSpace(r.Note + " " + note)
		}
		if q.Prose() {
			r.Manual, r.Answer = true, nb.ProseAnswer(q.ID)
			r.Unwritten = notebook.Unwritten(r.Answer)
			res.Questions = append(res.Questions, r)
			continue
		}
		if !prog.Defines(q.Func) {
			missing := " fonction " + q.Func + " absente du notebook"
			if len(prog.Errors) > 0 {
				missing = " fonction " + q.Func + " introuvable : une cellule ne se compile pas (erreur ci-dessous)"
			}
			r.Note = strings.TrimSpace(r.Note + missing)
			for _, e := range prog.Errors {
				r.Compile += submission.ExplainCellError(e, g.cells)
			}
			res.Questions = append(res.Questions, r)
			continue
		}
		harness := fmt.Sprintf("package main\n\nimport (\n\t\"github.com/prepa-reines/reines/grading\"\n\t_ %q\n)\n\nfunc reinesServe_() { grading.ServeMain(%q, %s) }\n",
			notebookPackage(g.tp), q.ID, q.Func)
		u := prog.Unit(unitName(q.ID), []string{q.Func}, "reinesServe_()", harness, q.Race)
		src := u.Source
		if f, err := submission.Fix(src); err == nil {
			src, u.Source, u.Fixed = f, f, true // the imports goimports adds are the ones to flag
		}
		r.Flags = append(flags(src, opt.SDK.Stubbed), requirementFlags(src, q.Requires)...)
		r.Flags = append(r.Flags, toolFlags(src, g.tp, q)...)
		graded := u.Decls // what the question's program holds: what its function needs, and what runs at start
		if f := originFlag(q, nb, graded, opt.SDK.Statement); f != "" {
			r.Flags = append(r.Flags, f)
		}
		if f := metadataFlag(q, nb, opt.SDK.Roles); f != "" {
			r.Flags = append(r.Flags, f)
		}
		r.Flags = append(r.Flags, codeFlags(nb, graded)...)
		r.Code = gradedCode(nb, graded, q.Func)
		typed, err := submission.TypeCheck(opt.SDK.Dir, src, harness)
		if err != nil {
			g.untyped[q.ID] = err // costs the question if the compiler takes it (see run)
		} else {
			for _, f := range typedFlags(typed) {
				if !slices.Contains(r.Flags, f) { // the syntax saw it too
					r.Flags = append(r.Flags, f)
				}
			}
			if wants, err := grading.WantNumbers(g.ctx, q.ID, !opt.Public, opt.Seed, 10); err == nil {
				if f := tableFlag(typed, wants); f != "" {
					r.Flags = append(r.Flags, f)
				}
			}
		}
		g.units = append(g.units, u)
		g.graded = append(g.graded, q)
		res.Questions = append(res.Questions, r)
	}
	return true
}

// build compiles the programs that run the questions' cases. Linking
// dominates: first one program serving every question (the question's ID
// is its first argument), and one for the questions about goroutines,
// built with the race detector. Only if one does not compile are its
// questions built one by one, so that a broken cell costs only the
// questions that use it. Both give the same results.
func (g *notebookGrading) build() bool {
	res, opt := g.res, g.opt
	if err := opt.Sandbox.Reachable(opt.Work); err != nil {
		res.Problems = append(res.Problems, "dossier de travail : "+err.Error())
		res.Transient = true
		return false
	}
	dir, err := os.MkdirTemp(opt.Work, "sub-")
	if err != nil {
		res.Problems = append(res.Problems, "dossier de travail : "+err.Error())
		res.Transient = true
		return false
	}
	g.dir = dir
	g.cleanUps = append(g.cleanUps, func() { os.RemoveAll(dir) })
	_ = os.Chmod(dir, 0o755) // the sandbox user runs the binaries
	g.built, g.wholeArgs = map[string]submission.Built{}, map[string][]string{}
	if len(g.units) > 0 {
		// Most units are built without the go command (Imports); a copy
		// of the build cache is made for the others, if any.
		g.tc = submission.Toolchain{Root: opt.SDK.Dir, Budget: &submission.Budget{CPU: BuildBudget},
			Session: sync.OnceValues(func() (string, error) {
				dir, done, err := opt.SDK.Builds.Session(g.ctx)
				if done != nil {
					g.cleanUps = append(g.cleanUps, done)
				}
				return dir, err
			})}
		var err error
		if g.tc.Imports, err = opt.SDK.Builds.Imports(g.ctx, false); err == nil && g.needRace {
			g.tc.RaceImports, err = opt.SDK.Builds.Imports(g.ctx, true)
		}
		if err != nil {
			res.Problems = append(res.Problems, "cache de compilation : "+err.Error())
			res.Transient = true
			return false
		}
	}
	var wholes []submission.Unit
	byRace := map[bool][]*grading.Question{}
	for _, q := range g.graded {
		byRace[q.Race] = append(byRace[q.Race], q)
	}
	for _, race := range []bool{false, true} {
		// A program holding what costs a question is not the whole
		// notebook's (see holdsCostly): its questions are built alone.
		if qs := byRace[race]; len(qs) > 0 {
			if w := wholeUnit(g.prog, qs, g.tp, race); !holdsCostly(&w, opt.SDK) {
				wholes = append(wholes, w)
			}
		}
	}
	if len(wholes) > 0 {
		b, err := submission.Compile(g.ctx, g.tc, filepath.Join(dir, "whole"), wholes)
		if busy(err, res) {
			return false
		}
		for _, w := range wholes {
			if err != nil || b[w.Name].Bin == "" {
				continue
			}
			for _, q := range byRace[w.Race] {
				g.built[unitName(q.ID)] = b[w.Name]
				g.wholeArgs[q.ID] = []string{q.ID}
			}
		}
	}
	var rest []submission.Unit
	for _, u := range g.units {
		if _, ok := g.built[u.Name]; !ok {
			rest = append(rest, u)
		}
	}
	if len(rest) > 0 {
		b, err := submission.Compile(g.ctx, g.tc, filepath.Join(dir, "build"), rest)
		if busy(err, res) {
			return false
		}
		if err != nil {
			res.Problems = append(res.Problems, "compilation impossible : "+err.Error())
			return false
		}
		maps.Copy(g.built, b)
	}
	return true
}

// run runs the questions' cases, opt.Questions at a time, and scores
// them; a question whose program did not compile gets the compiler's
// messages. A build the machine was too busy for (a question built alone,
// see runQuestion) stops the notebook once they are done.
func (g *notebookGrading) run() bool {
	var (
		wg       sync.WaitGroup
		slots    = make(chan struct{}, max(min(g.opt.Questions, g.opt.Sandbox.MaxConcurrent()), 1))
		busyMu   sync.Mutex
		busyErrs []error
	)
	for i := range g.res.Questions {
		r := &g.res.Questions[i]
		b, ok := g.built[unitName(r.ID)]
		if !ok {
			continue
		}
		if b.Bin == "" {
			r.Compile = submission.Explain(b.Errors, g.cells)
			if undefinedGrading.MatchString(b.Errors) || importsGrading(g.prog) && strings.Contains(b.Errors, "undefined:") {
				r.Flags = append(r.Flags, "utilise le paquet grading, qui n'existe pas à la correction : la fonction ne compile pas, 0 point")
			}
			continue
		}
		if err := g.untyped[r.ID]; err != nil {
			// What the flags read cannot be read: what it would have
			// found cannot be ruled out.
			r.Flags = append(r.Flags, fmt.Sprintf("programme que le correcteur ne sait pas analyser (%v) : à signaler%s", err, costsFlag))
		}
		slots <- struct{}{}
		wg.Add(1)
		go func() {
			defer func() { <-slots; wg.Done() }()
			if err := g.runQuestion(r, b); machineFault(err) {
				busyMu.Lock()
				busyErrs = append(busyErrs, err)
				busyMu.Unlock()
			}
		}()
	}
	wg.Wait()
	return len(busyErrs) == 0 || !busy(busyErrs[0], g.res)
}

// runQuestion runs the cases of question r with its program b. Where b is
// the whole notebook's and called a function reserved for grading as it
// started, only the questions whose own program does so lose their
// points: r's is then built and run alone. The error is that build's.
func (g *notebookGrading) runQuestion(r *gradebook.Question, b submission.Built) error {
	k := slices.IndexFunc(g.graded, func(q *grading.Question) bool { return q.ID == r.ID })
	opt := g.opt
	if g.graded[k].Race {
		opt.Limits.Race, opt.Limits.MaxProcs = true, max(opt.Limits.MaxProcs, 2)
	}
	args, whole := g.wholeArgs[r.ID]
	before := *r
	if !runCases(g.ctx, r, b.Bin, args, g.dir, opt, g.cells) || !whole {
		return nil
	}
	*r = before
	alone, err := submission.Compile(g.ctx, g.tc, filepath.Join(g.dir, "alone-"+unitName(r.ID)), g.units[k:k+1])
	if machineFault(err) {
		return err
	}
	if a := alone[g.units[k].Name]; err == nil && a.Bin != "" {
		runCases(g.ctx, r, a.Bin, nil, g.dir, opt, g.cells)
	} else {
		runCases(g.ctx, r, b.Bin, args, g.dir, opt, g.cells)
	}
	return nil
}

// conclude adds the notes that span questions: the earlier questions a
// failing one's function uses that failed too, and the questions the
// machine, too busy, left unjudged (the notebook is then graded again by
// the next run: no cache).
func (g *notebookGrading) conclude() {
	res := g.res
	cascadeNotes(res.Questions, g.graded, g.prog)
	var busy []string
	for _, r := range res.Questions {
		if r.Unjudged > 0 {
			busy = append(busy, r.ID)
		}
	}
	if len(busy) > 0 {
		// Not the student's doing: the teacher sees it.
		res.Transient = true
		res.Problems = append(res.Problems, fmt.Sprintf("machine de correction trop chargée pendant %s : des cas n'ont pas eu leur temps de calcul et ne sont pas notés ; relancez la correction quand la machine est libre", strings.Join(busy, ", ")))
	}
}

// wholeUnit is one program serving every question of qs: the declarations
// all their functions need, and a harness that serves the question named by
// its first argument; built with the race detector if race.
func wholeUnit(prog *submission.Program, qs []*grading.Question, tp string, race bool) submission.Unit {
	var funcs []string
	var harness strings.Builder
	fmt.Fprintf(&harness, "package main\n\nimport (\n\t\"os\"\n\n\t\"github.com/prepa-reines/reines/grading\"\n\t_ %q\n)\n\n", notebookPackage(tp))
	harness.WriteString("func reinesServe_() {\n\tif len(os.Args) < 2 {\n\t\tos.Exit(2)\n\t}\n\tswitch os.Args[1] {\n")
	for _, q := range qs {
		funcs = append(funcs, q.Func)
		fmt.Fprintf(&harness, "\tcase %q:\n\t\tgrading.ServeMain(%q, %s)\n", q.ID, q.ID, q.Func)
	}
	harness.WriteString("\t}\n}\n")
	name := "whole"
	if race {
		name = "wholerace"
	}
	return prog.Unit(name, funcs, "reinesServe_()", harness.String(), race)
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

// CheckTP returns an error, in English for the command line, when tp (a
// TP's ID, "01") is the TP of none of the notebooks of subs: the cells of
// each say which TP it is (or its file name, "01-…"); a notebook that
// says none might be of tp, and so does not stop the run. Grading them
// all as tp would only give a gradebook of zeros.
func CheckTP(subs []export.Submission, tp string) error {
	found := map[string]int{}
	for _, s := range subs {
		if s.Refused != "" {
			continue
		}
		data, err := export.ReadFile(s.Path)
		if err != nil {
			continue
		}
		nb, err := notebook.ParseHandedIn([]byte(strings.ToValidUTF8(string(data), "\uFFFD")))
		if err != nil {
			continue
		}
		t := detectTP(nb, s.Path)
		if t == tp || t == "" {
			return nil
		}
		found[t]++
	}
	var seen []string
	for _, t := range slices.Sorted(maps.Keys(found)) {
		seen = append(seen, fmt.Sprintf("%d of TP %s", found[t], t))
	}
	if len(seen) == 0 {
		seen = []string{"no notebook"}
	}
	return fmt.Errorf("-tp %s: no notebook of TP %s here (%s): check -tp, or grade with -tp all", tp, tp, strings.Join(seen, ", "))
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
