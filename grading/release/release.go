// Package release generates the workbook's notebooks from their sources:
// each grading/nbNN/NN-name.txtar (beside the package that declares the
// notebook's questions) gives one student notebook
// (notebooks/NN-name.ipynb) and one correction notebook
// (notebooks/corrections/NN-name.ipynb), committed without outputs.
//
// A source is a txtar archive (golang.org/x/tools/txtar) whose sections are
// the notebook's cells, in order:
//
//	-- md --                   a markdown cell, in both versions; a line
//	                           "## Question 4" gets the question's title
//	-- code --                 a code cell, in both versions
//	-- answer Q2 --            the answer to Q2: in the correction, the source
//	                           of the question's reference answer (its Ref, in
//	                           the notebook's package grading/nbNN); in the
//	                           student version, its signature with the body
//	                           panic("à compléter"). The section's text, if
//	                           any, goes first in both (comments, hints).
//	-- check Q2 --             the check cell of Q2, in both versions
//	-- prose Q6 --             a written answer: the model answer in the
//	                           correction, a placeholder for the student
//	-- glossary --             a markdown cell, in both versions, holding
//	                           notebooks/src/glossaire.md: the vocabulary and
//	                           numbering every notebook shares
//
// The archive's comment (before the first section) is ignored. Every
// notebook starts with the header cell (see [Header]). So the answer code
// exists once, in tp, and the notebook shows it verbatim, with the
// package's own identifiers qualified (Placement becomes queens.Placement)
// except the names of functions the notebook itself defines.
//
// The package also writes the student edition ([WriteStudent]): the
// student notebooks, an SDK of the tp packages without their reference
// answers, the check harness with its public cases recorded, and what a
// student needs to run them.
package release

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"

	"golang.org/x/tools/go/packages"
	"golang.org/x/tools/txtar"

	"github.com/prepa-reines/reines/grading"
	"github.com/prepa-reines/reines/grading/notebook"
	"github.com/prepa-reines/reines/grading/workbook"
)

// GlossaryFile is the vocabulary and numbering shared by every notebook, in
// notebooks/src: the "glossary" section of a source.
const GlossaryFile = "glossaire.md"

// Module is the Go module path of the workbook.
const Module = workbook.Module

// ModuleScript is the script of the header cell (see Header), relative to
// the module's root.
const ModuleScript = "kernel-setup/notebook-module.sh"

// Misplaced is what the header cell says of a notebook moved out of the
// workbook's folder: its module cannot be found from there.
const Misplaced = "Ce notebook n'est pas dans le dossier du cahier : remettez-le dans le dossier notebooks/ (ou l'un de ses sous-dossiers), puis relancez cette cellule."

// HeaderNotRun is what a check cell says when the header cell has not run
// in its kernel, or failed (a reopened notebook, whose saved header output
// makes it look run; a restarted kernel; a notebook moved out of the
// workbook, see Misplaced): without the header, the check's packages are
// not importable, and GoNB would show the compiler's « undefined: nb01 ».
const HeaderNotRun = "Exécutez d'abord la cellule d'en-tête (la première du notebook) : elle n'a pas été exécutée, ou a échoué, depuis l'ouverture du notebook ou le redémarrage du noyau. Puis relancez cette cellule."

// stopCell, the end of a GoNB shell line ("!*…"), keeps GoNB from
// compiling the rest of the cell, so that what the line printed is all the
// cell shows: GoNB runs a cell's Go code even after one of its shell lines
// failed, but not once the kernel was interrupted during the cell
// (measured with GoNB v0.11.5). The line interrupts GoNB, its parent, and
// waits for GoNB to take the signal (a second, far more than it needs; on
// a machine too busy for that, the compiler's errors follow the message),
// ignoring the interrupt GoNB passes on to it, so that GoNB prints nothing
// of its own ("^C").
const stopCell = `trap "" INT; kill -INT $PPID; sleep 1`

// headerRan is a shell test, run in GoNB's module (GONB_TMP_DIR), that holds
// once the header has made the workbook's module importable there.
const headerRan = `grep -qs "` + Module + ` =>" go.mod`

// CheckGuard starts every check cell: when the header has not run in the
// kernel, it says so in French (HeaderNotRun) and stops the cell;
// otherwise it does nothing. One shell command over a few lines, each but
// the last ending with a backslash (GoNB joins them), the message among
// them (see shellEcho), so that the cell shows what it tests and what it
// says instead of a line running off the screen.
var CheckGuard = "!*" + headerRan + " || { \\\n" + shellEcho(HeaderNotRun, "  ") + " >&2; \\\n  " + stopCell + "; }"

// maxCodeWidth is the most columns a line of a notebook's code cell may
// take (see codeWidth): at 1280 pixels wide, Jupyter cuts longer lines.
// The sources wrap their code to fit, as gofmt'd Go is wrapped by hand.
const maxCodeWidth = 100

// codeWidth is the columns line takes in a notebook's code cell: its runes,
// a tab counting 4.
func codeWidth(line string) int {
	return utf8.RuneCountInString(line) + 3*strings.Count(line, "\t")
}

// echoWidth is the most characters of a message shellEcho puts on a line.
const echoWidth = 72

// shellEcho is a shell echo of the French message msg (with its
// typography) indented by indent, its words quoted in pieces of at most
// echoWidth characters, a line each, each line but the last ending with a
// backslash: echo prints them joined by single spaces, msg as it is. The
// pieces are cut at plain spaces only, never at the no-break spaces of the
// typography. msg holds no double quote, backslash, dollar or backquote.
func shellEcho(msg, indent string) string {
	var lines []string
	for _, w := range strings.Split(grading.Typography(msg), " ") {
		if n := len(lines) - 1; n >= 0 && utf8.RuneCountInString(lines[n])+1+utf8.RuneCountInString(w) <= echoWidth {
			lines[n] += " " + w
			continue
		}
		lines = append(lines, w)
	}
	return indent + `echo "` + strings.Join(lines, "\" \\\n"+indent+`  "`) + `"`
}

// Header returns the first cell of notebook book: it makes the workbook's
// module importable from the notebook's folder and resolves the
// requirements of the one package holding its checks (book.Package, e.g.
// ".../grading/nb01") once (ModuleScript; then GoNB runs no go get before
// each cell: %noautoget), says so in French if the notebook was moved out of
// the workbook (Misplaced; the cell then stops there, see stopCell),
// imports the packages every notebook uses and the package of its hidden
// cases (book.Hidden: its checks say how many there are), and loads the
// ECharts library once for all charts.
//
// It imports standard packages too (HeaderStandard): flag, which GoNB's
// main function calls, and those the workbook's answers and cells use most.
// goimports, which GoNB runs on every cell, otherwise looks each one a
// cell uses without importing it up through the module, in every cell
// after an answer that uses it: four go commands, 0.15 s of a cell's
// build. An import a cell does not use costs nothing: goimports removes it
// from that cell's program. The list is the same in every notebook: it
// tells nothing of a TP's answers.
func Header(book workbook.Notebook) string {
	imports := ""
	for _, p := range HeaderStandard {
		imports += "\t\"" + p + "\"\n"
	}
	return `// En-tête du cahier : exécutez cette cellule en premier (Maj+Entrée).
// Elle rend les paquets Go du cahier utilisables dans ce notebook (la première
// fois, elle les prépare), importe les plus utilisés et charge la bibliothèque
// de graphiques (hors ligne). Ses lignes « ! » sont des commandes du shell.
!*r=$(cd "$GONB_DIR" && dirname "$(go env GOMOD)"); \
  if [ -f "$r/` + ModuleScript + `" ]; then \
    sh "$r/` + ModuleScript + `" "$r" \
      ` + book.Package + `; \
  else \
` + shellEcho(Misplaced, "    ") + ` >&2; \
    ` + stopCell + `; \
  fi
%noautoget
import (
	// La bibliothèque standard la plus utilisée dans le cahier : importée ici,
	// elle n'est plus recherchée à chaque cellule.
` + imports + `
	"github.com/prepa-reines/reines/grading"
	"` + book.Package + `"
	_ "` + book.Hidden() + `"
	"github.com/prepa-reines/reines/tp/board"
	"github.com/prepa-reines/reines/tp/chart"
	"github.com/prepa-reines/reines/tp/display"
	"github.com/prepa-reines/reines/tp/queens"
)
%%
display.LoadLibrary()`
}

// HeaderStandard are the standard packages the header imports, sorted:
// flag, and every one the corrections' declarations use (a test checks
// it), with errors and time, which the statements' own cells use.
var HeaderStandard = []string{"errors", "flag", "fmt", "math", "slices", "strconv", "strings", "sync", "sync/atomic", "time", "unicode"}

// StudentStub is the body of every answer in the student notebooks.
const StudentStub = "\t// À compléter.\n\tpanic(\"à compléter\")\n"

// Build reads the source at srcPath and returns the student and correction
// notebooks. root is the module's root directory, where tp packages are
// loaded from. Errors name the section at fault: unknown kind, question not
// registered, reference function not found.
func Build(root, srcPath string) (student, correction *notebook.Notebook, err error) {
	return newTree(root).build(srcPath)
}

func (t *tree) build(srcPath string) (student, correction *notebook.Notebook, err error) {
	root := t.root
	ar, err := txtar.ParseFile(srcPath)
	if err != nil {
		return nil, nil, err
	}
	name := strings.TrimSuffix(filepath.Base(srcPath), ".txtar")
	nb, _, _ := strings.Cut(name, "-")
	book, ok := workbook.Lookup(nb)
	if !ok {
		return nil, nil, fmt.Errorf("%s: notebook %s is not listed in package grading/workbook", srcPath, nb)
	}
	src := &source{tree: t, nb: nb, ownRefs: map[string]bool{}}
	sujetRaw, err := os.ReadFile(SujetPath(srcPath))
	switch {
	case err == nil:
		if src.sujet, err = parseSujet(filepath.Base(SujetPath(srcPath)), string(sujetRaw)); err != nil {
			return nil, nil, err
		}
		src.hasSujet = true
	case !os.IsNotExist(err):
		return nil, nil, err
	}
	// The functions this notebook defines are left unqualified in answers.
	for _, f := range ar.Files {
		kind, q, _ := parseName(f.Name)
		if kind == "answer" {
			if qq := grading.Lookup(nb + "/" + q); qq != nil {
				src.own = append(src.own, qq.Func)
				src.ownRefs[qq.RefName] = true
			}
		}
	}
	goVersion, err := PinnedGo(root)
	if err != nil {
		return nil, nil, err
	}
	student, correction = newNotebook(goVersion), newNotebook(goVersion)
	header := cell("code", Header(book), notebook.Meta{Role: "header"})
	student.Cells = append(student.Cells, header)
	correction.Cells = append(correction.Cells, header)
	for i, f := range ar.Files {
		s, c, err := src.cells(f)
		if err != nil {
			return nil, nil, fmt.Errorf("%s: section %d (%q): %w", srcPath, i+1, f.Name, err)
		}
		student.Cells = append(student.Cells, s)
		correction.Cells = append(correction.Cells, c)
	}
	raw, err := os.ReadFile(srcPath)
	if err != nil {
		return nil, nil, err
	}
	h := sha256.New()
	h.Write(raw)
	h.Write(sujetRaw) // the release follows the sujet map's table too
	for _, f := range ar.Files {
		if kind, _, _ := parseName(f.Name); kind == "glossary" { // the release follows the glossary too
			g, err := os.ReadFile(filepath.Join(root, "notebooks", "src", GlossaryFile))
			if err != nil {
				return nil, nil, err
			}
			h.Write(g)
			break
		}
	}
	sum := h.Sum(nil)
	for _, n := range []*notebook.Notebook{student, correction} {
		for i := range n.Cells {
			n.Cells[i].ID = fmt.Sprintf("%s-%02d", nb, i)
		}
		// The release of the TP, which the grader compares with its own.
		n.Metadata["reines"] = map[string]any{"tp": nb, "release": hex.EncodeToString(sum[:6])}
	}
	return student, correction, nil
}

// ReleaseOf returns the TP and the release a notebook's metadata names
// (see Build), "" where it names none.
func ReleaseOf(nb *notebook.Notebook) (tp, release string) {
	m, _ := nb.Metadata["reines"].(map[string]any)
	tp, _ = m["tp"].(string)
	release, _ = m["release"].(string)
	return tp, release
}

func newNotebook(goVersion string) *notebook.Notebook {
	return &notebook.Notebook{
		Metadata: map[string]any{
			"kernelspec":    map[string]any{"display_name": "Go (gonb)", "language": "go", "name": "gonb"},
			"language_info": LanguageInfo(goVersion),
		},
		NBFormat: 4, NBFormatMinor: 5,
	}
}

// LanguageInfo returns the notebook metadata "language_info" as GoNB
// v0.11.5 describes itself in its kernel_info_reply, built with Go
// goVersion ("go1.26.8"): every field, empty ones included. Classic
// Jupyter compares it with the kernel's as the notebook opens and marks
// the notebook changed when they differ (notebook.js, kernel_ready), so
// that a notebook saved with less would ask to be saved before anything
// was done.
func LanguageInfo(goVersion string) map[string]any {
	return map[string]any{"codemirror_mode": "", "file_extension": ".go", "mimetype": "text/x-go", "name": "go",
		"nbconvert_exporter": "", "pygments_lexer": "", "version": goVersion}
}

// GoScript is the set-up's installer of Go, relative to the module's root:
// the Go release it pins (its line "pinned=go1.26.8") is the one GoNB is
// built with where the set-up installed Go.
const GoScript = "kernel-setup/install-go.sh"

var pinnedGo = regexp.MustCompile(`(?m)^pinned=(go[0-9][0-9.]*)$`)

// PinnedGo returns the Go release GoScript pins in the tree at root, or an
// error if the script cannot be read or pins none.
func PinnedGo(root string) (string, error) {
	data, err := os.ReadFile(filepath.Join(root, GoScript))
	if err != nil {
		return "", err
	}
	m := pinnedGo.FindSubmatch(data)
	if m == nil {
		return "", fmt.Errorf("%s: no line pinned=goX.Y.Z", GoScript)
	}
	return string(m[1]), nil
}

// cell makes a cell, with French typography in its markdown, or in the
// strings and comments of its code (an answer's caller does it for the
// part that is not the reference's code).
func cell(kind, text string, m notebook.Meta) notebook.Cell {
	switch {
	case kind == "markdown":
		text = frenchMarkdown(text)
	case m.Role != "answer":
		text = frenchCode(text)
	}
	c := notebook.Cell{CellType: kind, Source: notebook.Source(strings.TrimRight(text, "\n")),
		Metadata: map[string]any{"reines": m}}
	return c
}

func parseName(name string) (kind, q, arg string) {
	fields := strings.Fields(name)
	for len(fields) < 3 {
		fields = append(fields, "")
	}
	return fields[0], fields[1], fields[2]
}

type source struct {
	*tree
	nb      string
	own     []string        // names of the functions the notebook defines
	ownRefs map[string]bool // full names of their reference answers ("…/tp/exactcover.New")
	// sujet is the notebook's map of its original (see SujetRow), whose
	// table replaces the line sujetMarker of a markdown section.
	sujet    []SujetRow
	hasSujet bool
}

// cells returns the student and correction versions of one section.
func (s *source) cells(f txtar.File) (student, correction notebook.Cell, err error) {
	kind, q, arg := parseName(f.Name)
	text := string(f.Data)
	id := ""
	if q != "" {
		if !strings.HasPrefix(q, "Q") {
			return student, correction, fmt.Errorf("want a question such as Q3, got %q", q)
		}
		id = s.nb + "/" + q
		if grading.Lookup(id) == nil {
			return student, correction, fmt.Errorf("question %s is not registered in package grading", id)
		}
	}
	switch kind {
	case "md":
		text, err := s.headings(text)
		if err != nil {
			return student, correction, err
		}
		if strings.Contains(text, sujetMarker) {
			if !s.hasSujet {
				return student, correction, fmt.Errorf("%s: the notebook has no map of its sujet (grading/nbNN/NN-name%s)", sujetMarker, SujetSuffix)
			}
			table, err := SujetTable(s.nb, s.sujet)
			if err != nil {
				return student, correction, err
			}
			text = strings.Replace(text, sujetMarker, table, 1)
		}
		c := cell("markdown", text, notebook.Meta{Role: "statement"})
		return c, c, nil
	case "code":
		text, err := s.demoLabels(text)
		if err != nil {
			return student, correction, err
		}
		c := cell("code", text, notebook.Meta{Role: "code"})
		return c, c, nil
	case "check":
		c := cell("code", frenchCode(CheckGuard)+"\n"+text, notebook.Meta{Role: "check", Question: id})
		return c, c, nil
	case "glossary":
		data, err := os.ReadFile(filepath.Join(s.root, "notebooks", "src", GlossaryFile))
		if err != nil {
			return student, correction, err
		}
		c := cell("markdown", string(data), notebook.Meta{Role: "statement"})
		return c, c, nil
	case "prose":
		m := notebook.Meta{Role: "prose", Question: id}
		return cell("markdown", notebook.ProsePlaceholder, m), cell("markdown", text, m), nil
	case "answer":
		q := grading.Lookup(id)
		if q.Prose() || arg != "" {
			return student, correction, fmt.Errorf("an answer section names a question with a reference answer and nothing else, e.g. 'answer Q2'")
		}
		dir, fn, err := refDir(q.RefName)
		if err != nil {
			return student, correction, err
		}
		full, stub, err := s.function(dir, fn)
		if err != nil {
			return student, correction, err
		}
		m := notebook.Meta{Role: "answer", Question: id}
		return cell("code", frenchCode(text+stub+StudentStub)+"}", m), cell("code", frenchCode(text)+frenchComments(full), m), nil
	}
	return student, correction, fmt.Errorf("unknown section kind %q (want md, code, answer, check, prose or glossary)", kind)
}

// questionOf returns the question of notebook s.nb whose function is name.
func (s *source) questionOf(name string) *grading.Question {
	for _, q := range grading.Questions(s.nb) {
		if q.Func == name {
			return q
		}
	}
	return nil
}

// function returns the source of function name of package dir (relative
// to the module root), without its doc comment, and its signature up to
// and including the opening brace, both as the notebook shows them:
// package-level identifiers of its own package qualified, and a call of
// the reference answer of another question of the notebook (exactcover.New
// in QueensProblem) made a call of the notebook's own function (New), as a
// student reusing their earlier answers writes it.
func (s *source) function(dir, name string) (full, signature string, err error) {
	pkg, err := s.pkg(dir)
	if err != nil {
		return "", "", err
	}
	for _, file := range pkg.Syntax {
		for _, d := range file.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Recv != nil || fd.Name.Name != name {
				continue
			}
			path := pkg.Fset.File(fd.Pos()).Name()
			data, err := os.ReadFile(path)
			if err != nil {
				return "", "", err
			}
			base := pkg.Fset.File(fd.Pos()).Base()
			start := int(fd.Pos()) - base
			text := data[start : int(fd.End())-base]
			lbrace := int(fd.Body.Lbrace) - base - start
			var edits []edit
			for _, p := range toQualify(pkg, fd, s.own) {
				edits = append(edits, edit{at: int(p) - base - start, ins: pkg.Name + "."})
			}
			ast.Inspect(fd, func(n ast.Node) bool {
				sel, ok := n.(*ast.SelectorExpr)
				if !ok {
					return true
				}
				if fn, ok := pkg.TypesInfo.Uses[sel.Sel].(*types.Func); ok && fn.Pkg() != nil && s.ownRefs[fn.Pkg().Path()+"."+fn.Name()] {
					edits = append(edits, edit{at: int(sel.Pos()) - base - start, del: int(sel.Sel.Pos() - sel.Pos())})
				}
				return true
			})
			slices.SortFunc(edits, func(a, b edit) int { return a.at - b.at })
			return applyEdits(text, edits) + "\n", applyEdits(text[:lbrace+1], edits) + "\n", nil
		}
	}
	return "", "", fmt.Errorf("no function %s in %s", name, dir)
}

// edit deletes del bytes at offset at and inserts ins there.
type edit struct {
	at, del int
	ins     string
}

// applyEdits returns text with the edits (sorted by offset) that lie
// within it applied.
func applyEdits(text []byte, edits []edit) string {
	var out strings.Builder
	prev := 0
	for _, e := range edits {
		if e.at+e.del > len(text) {
			break
		}
		out.Write(text[prev:e.at])
		out.WriteString(e.ins)
		prev = e.at + e.del
	}
	out.Write(text[prev:])
	return out.String()
}

// toQualify returns the positions of the identifiers of fd that refer to a
// package-level object of pkg, other than the notebook's own functions and
// fd's name: the package name must go before them.
func toQualify(pkg *packages.Package, fd *ast.FuncDecl, own []string) []token.Pos {
	var at []token.Pos
	ast.Inspect(fd, func(n ast.Node) bool {
		id, ok := n.(*ast.Ident)
		if !ok || id == fd.Name {
			return true
		}
		obj := pkg.TypesInfo.Uses[id]
		if obj == nil || obj.Parent() != pkg.Types.Scope() || slices.Contains(own, id.Name) {
			return true
		}
		if _, isPkg := obj.(*types.PkgName); !isPkg {
			at = append(at, id.Pos())
		}
		return true
	})
	slices.Sort(at)
	return at
}

// refDir splits the full name of a reference answer,
// "github.com/prepa-reines/reines/tp/queens.Solutions", into the package's
// directory relative to the module root ("tp/queens") and the function's
// name.
func refDir(full string) (dir, name string, err error) {
	dot := strings.LastIndex(full, ".")
	pkg, ok := strings.CutPrefix(full[:max(dot, 0)], Module+"/")
	if dot < 0 || !ok || !strings.HasPrefix(pkg, "tp/") {
		return "", "", fmt.Errorf("reference answer %q is not a function of a tp package", full)
	}
	return pkg, full[dot+1:], nil
}

// Write builds the statement source of every notebook of the workbook
// (workbook.Notebooks, NN-name.txtar in its folder) under root and writes
// the notebooks, returning the paths written.
func Write(root string) ([]string, error) {
	var written []string
	t := newTree(root)
	for _, book := range workbook.Notebooks {
		student, correction, err := t.build(filepath.Join(root, book.Source()))
		if err != nil {
			return written, err
		}
		name := book.Name + ".ipynb"
		for path, nb := range map[string]*notebook.Notebook{
			filepath.Join(root, "notebooks", name):                student,
			filepath.Join(root, "notebooks", "corrections", name): correction,
		} {
			data, err := nb.Marshal()
			if err != nil {
				return written, err
			}
			if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
				return written, err
			}
			if err := os.WriteFile(path, data, 0o644); err != nil {
				return written, err
			}
			written = append(written, path)
		}
	}
	slices.Sort(written)
	return written, nil
}
