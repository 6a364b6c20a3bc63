// Package release generates the workbook's notebooks from their sources:
// each notebooks/src/NN-name.txtar gives one student notebook
// (notebooks/NN-name.ipynb) and one correction notebook
// (notebooks/corrections/NN-name.ipynb), committed without outputs.
//
// A source is a txtar archive (golang.org/x/tools/txtar) whose sections are
// the notebook's cells, in order:
//
//	-- md --                   a markdown cell, in both versions
//	-- code --                 a code cell, in both versions
//	-- answer Q2 tp/queens --  the answer to Q2: in the correction, the source
//	                           of the reference function of package tp/queens
//	                           that the question names (grading registry); in
//	                           the student version, its signature with the
//	                           body panic("à compléter"). The section's text,
//	                           if any, goes first in both (comments, hints).
//	-- check Q2 --             the check cell of Q2, in both versions
//	-- prose Q6 --             a written answer: the model answer in the
//	                           correction, a placeholder for the student
//
// The archive's comment (before the first section) is ignored. Every
// notebook starts with the same header cell (see [Header]). So the answer
// code exists once, in tp, and the notebook shows it verbatim, with the
// package's own identifiers qualified (Placement becomes queens.Placement)
// except the names of functions the notebook itself defines.
package release

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/tools/go/packages"
	"golang.org/x/tools/txtar"

	"github.com/prepa-reines/reines/grading"
	"github.com/prepa-reines/reines/grading/notebook"
)

// Module is the Go module path of the workbook.
const Module = "github.com/prepa-reines/reines"

// Header is the first cell of every notebook: it makes the workbook's module
// importable from the notebook's folder, pins GoNB (the automatic `go get`
// of GoNB needs it), and loads the ECharts library once for all charts.
const Header = `// En-tête du cahier : exécutez cette cellule en premier (Maj+Entrée).
// Elle rend importable le module du cahier depuis le dossier de ce notebook,
// fixe la version de GoNB et charge la bibliothèque de graphiques (hors ligne).
!*go mod edit -replace=` + Module + `="$(cd "$GONB_DIR" && dirname "$(go env GOMOD)")" -require=` + Module + `@v0.0.0 -require=github.com/janpfeifer/gonb@v0.11.5
import (
	"github.com/prepa-reines/reines/grading"
	"github.com/prepa-reines/reines/tp/board"
	"github.com/prepa-reines/reines/tp/chart"
	"github.com/prepa-reines/reines/tp/queens"
)
%%
chart.LoadLibrary()`

// StudentStub is the body of every answer in the student notebooks.
const StudentStub = "\t// À compléter.\n\tpanic(\"à compléter\")\n"

// ProsePlaceholder is the written answer's cell in the student notebooks.
const ProsePlaceholder = "**Votre réponse :** _(remplacez ce texte par votre réponse)_"

// Build reads the source at srcPath and returns the student and correction
// notebooks. root is the module's root directory, where tp packages are
// loaded from. Errors name the section at fault: unknown kind, question not
// registered, reference function not found.
func Build(root, srcPath string) (student, correction *notebook.Notebook, err error) {
	ar, err := txtar.ParseFile(srcPath)
	if err != nil {
		return nil, nil, err
	}
	name := strings.TrimSuffix(filepath.Base(srcPath), ".txtar")
	nb, _, _ := strings.Cut(name, "-")
	src := &source{root: root, nb: nb, pkgs: map[string]*packages.Package{}}
	// The functions this notebook defines are left unqualified in answers.
	for _, f := range ar.Files {
		kind, q, _ := parseName(f.Name)
		if kind == "answer" {
			if qq := grading.Lookup(nb + "/" + q); qq != nil {
				src.own = append(src.own, qq.Func)
			}
		}
	}
	student, correction = newNotebook(), newNotebook()
	header := cell("code", Header, notebook.Meta{Role: "header"})
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
	for _, n := range []*notebook.Notebook{student, correction} {
		for i := range n.Cells {
			n.Cells[i].ID = fmt.Sprintf("%s-%02d", nb, i)
		}
	}
	return student, correction, nil
}

func newNotebook() *notebook.Notebook {
	return &notebook.Notebook{
		Metadata: map[string]any{
			"kernelspec":    map[string]any{"display_name": "Go (gonb)", "language": "go", "name": "gonb"},
			"language_info": map[string]any{"name": "go"},
		},
		NBFormat: 4, NBFormatMinor: 5,
	}
}

func cell(kind, text string, m notebook.Meta) notebook.Cell {
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
	root string
	nb   string
	own  []string // names of the functions the notebook defines
	pkgs map[string]*packages.Package
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
		c := cell("markdown", text, notebook.Meta{Role: "statement"})
		return c, c, nil
	case "code":
		c := cell("code", text, notebook.Meta{Role: "code"})
		return c, c, nil
	case "check":
		c := cell("code", text, notebook.Meta{Role: "check", Question: id})
		return c, c, nil
	case "prose":
		m := notebook.Meta{Role: "prose", Question: id}
		return cell("markdown", ProsePlaceholder, m), cell("markdown", text, m), nil
	case "answer":
		fn := grading.Lookup(id).Func
		if fn == "" || arg == "" {
			return student, correction, fmt.Errorf("an answer needs a question with a function and a package, e.g. 'answer Q2 tp/queens'")
		}
		full, stub, err := s.function(arg, fn)
		if err != nil {
			return student, correction, err
		}
		m := notebook.Meta{Role: "answer", Question: id}
		return cell("code", text+stub+StudentStub+"}", m), cell("code", text+full, m), nil
	}
	return student, correction, fmt.Errorf("unknown section kind %q (want md, code, answer, check or prose)", kind)
}

// function returns the source of function name of package dir (relative to
// the module root), without its doc comment, and its signature up to and
// including the opening brace, both with package-level identifiers
// qualified.
func (s *source) function(dir, name string) (full, signature string, err error) {
	pkg, err := s.load(dir)
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
			var at []int // offsets in text where the package name goes
			for _, p := range toQualify(pkg, fd, s.own) {
				at = append(at, int(p)-base-start)
			}
			return insertAt(text, at, pkg.Name+".") + "\n", insertAt(text[:lbrace+1], at, pkg.Name+".") + "\n", nil
		}
	}
	return "", "", fmt.Errorf("no function %s in %s", name, dir)
}

// insertAt returns text with ins inserted at each offset of at (sorted)
// that lies within it.
func insertAt(text []byte, at []int, ins string) string {
	var out strings.Builder
	prev := 0
	for _, a := range at {
		if a > len(text) {
			break
		}
		out.Write(text[prev:a])
		out.WriteString(ins)
		prev = a
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

func (s *source) load(dir string) (*packages.Package, error) {
	if p, ok := s.pkgs[dir]; ok {
		return p, nil
	}
	cfg := &packages.Config{Mode: packages.NeedName | packages.NeedSyntax | packages.NeedTypes | packages.NeedTypesInfo | packages.NeedFiles, Dir: s.root}
	pkgs, err := packages.Load(cfg, "./"+dir)
	if err != nil {
		return nil, err
	}
	if len(pkgs) != 1 || len(pkgs[0].Errors) > 0 {
		return nil, fmt.Errorf("cannot load package %s: %v", dir, pkgs[0].Errors)
	}
	s.pkgs[dir] = pkgs[0]
	return pkgs[0], nil
}

// References maps each question answered by a reference function to the
// import path of that function's package, from every notebook source under
// root (e.g. "01/Q2" → "github.com/prepa-reines/reines/tp/queens"). The bulk
// grader uses it to recognise a student calling the reference answer.
func References(root string) (map[string]string, error) {
	srcs, err := filepath.Glob(filepath.Join(root, "notebooks", "src", "*.txtar"))
	if err != nil {
		return nil, err
	}
	refs := map[string]string{}
	for _, src := range srcs {
		ar, err := txtar.ParseFile(src)
		if err != nil {
			return nil, err
		}
		nb, _, _ := strings.Cut(filepath.Base(src), "-")
		for _, f := range ar.Files {
			if kind, q, arg := parseName(f.Name); kind == "answer" && arg != "" {
				refs[nb+"/"+q] = Module + "/" + arg
			}
		}
	}
	return refs, nil
}

// Write builds every notebooks/src/*.txtar under root and writes the
// notebooks, returning the paths written.
func Write(root string) ([]string, error) {
	srcs, err := filepath.Glob(filepath.Join(root, "notebooks", "src", "*.txtar"))
	if err != nil {
		return nil, err
	}
	var written []string
	for _, src := range srcs {
		student, correction, err := Build(root, src)
		if err != nil {
			return written, err
		}
		name := strings.TrimSuffix(filepath.Base(src), ".txtar") + ".ipynb"
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
