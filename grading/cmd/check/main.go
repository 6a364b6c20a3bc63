// Command check runs the public checks of saved notebooks outside
// Jupyter, as the notebooks' check cells do, and prints the same French
// reports: for each question, the cases passed and, for a failing case,
// the expected and obtained values. It rebuilds the program GoNB would
// compile from the notebook's code cells (top to bottom, a later
// declaration replacing an earlier one), with only the declarations each
// answer needs, and without package grading, which the answers may not
// use (the grader does the same). Hidden cases are used only when the
// teacher grades.
//
// Usage, from anywhere inside the workbook (either edition):
//
//	go run ./grading/cmd/check [-pack DIR] NOTEBOOK.ipynb...
//
// With -pack (the student edition's « make rendu »), it then writes what
// the student hands in: a copy of each notebook with its outputs cleared
// (a run notebook holds the chart library, 1 to 2 MB, in its outputs; the
// grader reads only the code) under its own name in DIR, and DIR/rendu.zip
// holding them all, for a platform that takes one file. Earlier copies of
// notebooks and rendu.zip in DIR are replaced; nothing else there is
// touched.
//
// Exit status: 0 when every notebook could be checked (whatever the
// results) and packed, 1 when one could not be read, built or written, 2
// for bad usage.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/prepa-reines/reines/grading"
	"github.com/prepa-reines/reines/grading/notebook"
	"github.com/prepa-reines/reines/grading/submission"
	"github.com/prepa-reines/reines/grading/workbook"
)

// limit bounds the run of one notebook's checks.
const limit = 15 * time.Minute

func main() {
	pack := flag.String("pack", "", "")
	flag.Usage = func() {
		fmt.Fprintln(os.Stderr, grading.Typography("usage : check [-pack DOSSIER] NOTEBOOK.ipynb…\n\nLance les vérifications publiques de chaque notebook enregistré, hors de Jupyter.\nAvec -pack, écrit ensuite dans DOSSIER ce qu'on rend : chaque notebook sans ses sorties, et rendu.zip qui les contient tous."))
	}
	flag.Parse()
	if flag.NArg() == 0 {
		flag.Usage()
		os.Exit(2)
	}
	root, err := moduleRoot()
	if err != nil {
		fmt.Fprintln(os.Stderr, grading.Typography("check : "+err.Error()))
		os.Exit(1)
	}
	status := 0
	var checked []string
	for i, path := range flag.Args() {
		if i > 0 {
			fmt.Println()
		}
		if err := check(root, path); err != nil {
			fmt.Fprintln(os.Stderr, grading.Typography(fmt.Sprintf("check : %s : %v", path, err)))
			status = 1
			continue
		}
		checked = append(checked, path)
	}
	if *pack != "" {
		fmt.Println()
		if err := packAll(os.Stdout, *pack, checked); err != nil {
			fmt.Fprintln(os.Stderr, grading.Typography("check : "+err.Error()))
			status = 1
		} else if len(checked) < flag.NArg() {
			fmt.Fprintln(os.Stderr, grading.Typography("check : les notebooks qui n'ont pas pu être vérifiés ne sont pas dans le rendu"))
		}
	}
	os.Exit(status)
}

func moduleRoot() (string, error) {
	root, ok := workbook.ModuleRoot()
	if !ok {
		return "", errors.New("lancez-le dans le dossier du cahier (son go.mod est introuvable)")
	}
	return root, nil
}

// prose is what make check says of written question q in nb: the teacher
// grades it; it is still to write while its cell is the placeholder.
func prose(nb *notebook.Notebook, q *grading.Question) string {
	if notebook.Unwritten(nb.ProseAnswer(q.ID)) {
		return q.Number() + " — réponse à rédiger : la cellule de réponse est restée telle quelle (notée par l'enseignant)"
	}
	return q.Number() + " — réponse rédigée, notée par l'enseignant"
}

var fileTP = regexp.MustCompile(`^(\d\d)-`)

// check prints the reports of one notebook.
func check(root, path string) error {
	data, err := os.ReadFile(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return errors.New("fichier introuvable")
	case err != nil:
		return fmt.Errorf("fichier illisible (%v)", err)
	}
	nb, err := notebook.ParseHandedIn(data)
	if err != nil {
		return err
	}
	tp := notebookTP(nb, path)
	book, ok := workbook.Lookup(tp)
	if !ok {
		return errors.New("impossible de savoir de quel TP est ce notebook : aucune de ses cellules n'est une question du cahier")
	}
	fmt.Printf("== %s (TP %s)\n", path, tp)
	var cells []submission.Cell
	for i, c := range nb.Cells {
		if c.CellType == "code" {
			cells = append(cells, submission.Cell{Index: i, Source: string(c.Source)})
		}
	}
	prog := submission.Build(cells)
	for _, e := range prog.Errors {
		printf("⚠ une cellule ne compile pas, ses déclarations sont ignorées : %s", submission.ExplainCellError(e, cells))
	}
	qs := grading.Questions(tp)
	var asked []*grading.Question
	for _, q := range qs {
		if !q.Prose() && prog.Defines(q.Func) {
			asked = append(asked, q)
		}
	}
	dir, err := os.MkdirTemp("", "reines-check-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	ctx, cancel := context.WithTimeout(context.Background(), limit)
	defer cancel()
	// One program for every question; if it does not compile, one per
	// question (and one with the race detector per Race question), so
	// that a broken cell costs only the answers that use it.
	// The questions on goroutines and shared state are checked again in
	// a build with the race detector, as the teacher's grader does: a
	// race that the results do not show still fails them.
	p := checkProgram{nb: nb, prog: prog, pkg: book.Package}
	first := []submission.Unit{p.unit("whole", qs, false)}
	var racy []*grading.Question
	for _, q := range asked {
		if q.Race {
			racy = append(racy, q)
		}
	}
	if len(racy) > 0 {
		first = append(first, p.unit("race", racy, true))
	}
	built, err := submission.Compile(ctx, submission.Toolchain{Root: root}, filepath.Join(dir, "whole"), first)
	if err != nil {
		return err
	}
	if b := built["whole"]; b.Bin != "" || len(asked) == 0 {
		for _, q := range qs {
			if err := run(ctx, b.Bin, q.Number()); err != nil {
				return err
			}
			if q.Race && slices.Contains(racy, q) {
				if err := runRace(ctx, built["race"], q, cells); err != nil {
					return err
				}
			}
		}
		return nil
	}
	return p.checkEach(ctx, root, filepath.Join(dir, "each"), qs, asked, cells)
}

// checkProgram makes the programs that check notebook nb (its program
// prog), whose questions are those of the notebook package pkg.
type checkProgram struct {
	nb   *notebook.Notebook
	prog *submission.Program
	pkg  string
}

// unit is the program named name that checks the questions qs. It prints
// the reports in the order of the questions; the race detector's build
// (race) prints only each report's outcome (see runRace).
func (p checkProgram) unit(name string, qs []*grading.Question, race bool) submission.Unit {
	var funcs []string
	var harness strings.Builder
	// The program checks the question its argument names (Q4), or
	// every question: run once per question, a stub that one answer
	// calls is not taken for a call made at start-up by the next
	// (see grading's Run), as in the notebook, where each check cell
	// is a program of its own.
	fmt.Fprintf(&harness, "package main\n\nimport (\n\t\"fmt\"\n\t\"os\"\n\n\t%q\n)\n\nfunc reinesAsked_(q string) bool { return len(os.Args) < 2 || os.Args[1] == q }\n\nfunc reinesCheck_() {\n", p.pkg)
	for _, q := range qs {
		fmt.Fprintf(&harness, "\tif reinesAsked_(%q) {\n\t", q.Number())
		switch {
		case q.Prose():
			fmt.Fprintf(&harness, "\tfmt.Println(%q)\n", grading.Typography(prose(p.nb, q))+"\n")
		case !p.prog.Defines(q.Func):
			fmt.Fprintf(&harness, "\tfmt.Println(%q)\n", grading.Typography(fmt.Sprintf("%s %s — %s\n", q.Number(), q.Func, missing(p.prog, q))))
		default:
			funcs = append(funcs, q.Func)
			show := "Text"
			if race {
				show = "Outcome"
			}
			fmt.Fprintf(&harness, "\tfmt.Println(%s.%s.Run(%s).%s())\n", filepath.Base(p.pkg), q.Number(), q.Func, show)
		}
		harness.WriteString("\t}\n")
	}
	harness.WriteString("}\n")
	return p.prog.Unit(name, funcs, "reinesCheck_()", harness.String(), race)
}

// checkEach checks the questions qs one program each, built in dir (the
// whole notebook's did not compile): asked are those whose function the
// notebook defines; the others, and those whose program does not
// compile, get what is missing.
func (p checkProgram) checkEach(ctx context.Context, root, dir string, qs, asked []*grading.Question, cells []submission.Cell) error {
	var units []submission.Unit
	for _, q := range asked {
		units = append(units, p.unit(strings.ToLower(q.Number()), []*grading.Question{q}, false))
		if q.Race {
			units = append(units, p.unit("race-"+strings.ToLower(q.Number()), []*grading.Question{q}, true))
		}
	}
	built, err := submission.Compile(ctx, submission.Toolchain{Root: root}, dir, units)
	if err != nil {
		return err
	}
	for _, q := range qs {
		b, ok := built[strings.ToLower(q.Number())]
		switch {
		case !ok && q.Prose():
			printf("%s\n\n", prose(p.nb, q))
		case !ok:
			printf("%s — %s\n\n", q.Number(), missing(p.prog, q))
		case b.Bin == "":
			printf("%s %s — ne compile pas :\n%s%s\n", q.Number(), q.Func, indent(submission.Explain(b.Errors, cells)), gradingHint(b.Errors))
		default:
			if err := run(ctx, b.Bin, q.Number()); err != nil {
				return err
			}
			if q.Race {
				if err := runRace(ctx, built["race-"+strings.ToLower(q.Number())], q, cells); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// run runs a built check program on one question (Q4), its output to ours.
func run(ctx context.Context, bin, question string) error {
	cmd := exec.CommandContext(ctx, bin, question)
	cmd.Stdout, cmd.Stderr = os.Stdout, os.Stderr
	err := cmd.Run()
	if ctx.Err() != nil {
		return fmt.Errorf("les vérifications n'ont pas fini en %s", grading.Seconds(limit))
	}
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		printf("⚠ le programme des vérifications s'est arrêté (code %d) : une réponse a-t-elle appelé os.Exit, ou paniqué dans une goroutine ?\n", exit.ExitCode())
		return nil
	}
	return err
}

// missing says why question q's function is not in the program, as the
// grader does: absent, or perhaps in a cell that does not parse (whose
// error is printed first).
func missing(prog *submission.Program, q *grading.Question) string {
	if len(prog.Errors) > 0 {
		return "fonction " + q.Func + " introuvable : une cellule ne se compile pas (erreur plus haut)"
	}
	return "fonction " + q.Func + " absente du notebook"
}

// runRace runs the race detector's build of the checks on question q
// and prints the first race, with the lines of the cells involved, or
// that it saw none; nothing for an answer not yet written (the stub
// panics before any goroutine starts: no race to see).
func runRace(ctx context.Context, b submission.Built, q *grading.Question, cells []submission.Cell) error {
	if b.Bin == "" {
		printf("%s — la vérification avec le détecteur de courses n'a pas pu être compilée (il lui faut cgo et gcc) : faite seulement à la correction.\n\n", q.Number())
		return nil
	}
	var out, outcome strings.Builder
	cmd := exec.CommandContext(ctx, b.Bin, q.Number())
	cmd.Stdout, cmd.Stderr = &outcome, &out
	cmd.Env = append(os.Environ(), "GORACE="+grading.RaceOptions)
	err := cmd.Run()
	if ctx.Err() != nil {
		return fmt.Errorf("les vérifications n'ont pas fini en %s", grading.Seconds(limit))
	}
	if report := submission.ExplainFrames(grading.RaceReport(out.String(), grading.CellFrame), cells); report != "" {
		printf("✘ %s — avec le détecteur de courses de Go : course critique (data race) : deux goroutines accèdent à la même variable, l'une en écriture, sans synchronisation (verrou, canal). À la correction, les cas où elle se produit échouent.\n%s\n\n", q.Number(), indent(report))
		return nil
	}
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		printf("⚠ %s — avec le détecteur de courses, le programme des vérifications s'est arrêté (code %d)\n\n", q.Number(), exit.ExitCode())
		return nil
	}
	if err == nil && strings.TrimSpace(outcome.String()) != "not-implemented" {
		printf("%s — aucune course critique détectée (détecteur de courses de Go).\n\n", q.Number())
	}
	return err
}

// printf prints French text, with French typography.
func printf(format string, args ...any) {
	fmt.Print(grading.Typography(fmt.Sprintf(format, args...)))
}

func indent(s string) string {
	var b strings.Builder
	for _, l := range strings.Split(strings.TrimRight(s, "\n"), "\n") {
		b.WriteString("    " + l + "\n")
	}
	return b.String()
}

var undefinedGrading = regexp.MustCompile(`undefined: (grading|nb\d\d)\b`)

// gradingHint explains a compile error due to package grading.
func gradingHint(errs string) string {
	if undefinedGrading.MatchString(errs) {
		return "    (vos fonctions ne peuvent pas utiliser les paquets grading : ils ne servent qu'aux vérifications du notebook, et la correction les retire)\n"
	}
	return ""
}

// notebookTP reads the TP from the cells' metadata (the most frequent
// notebook of their question IDs), else from a file name "NN-…".
func notebookTP(nb *notebook.Notebook, path string) string {
	count := map[string]int{}
	best := ""
	for _, c := range nb.Cells {
		if id := c.Reines().Question; id != "" {
			tp, _, _ := strings.Cut(id, "/")
			count[tp]++
			if count[tp] > count[best] || count[tp] == count[best] && tp < best {
				best = tp
			}
		}
	}
	if best != "" {
		return best
	}
	if m := fileTP.FindStringSubmatch(filepath.Base(path)); m != nil {
		return m[1]
	}
	return ""
}
