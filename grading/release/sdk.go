package release

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"

	"golang.org/x/tools/go/packages"
	"golang.org/x/tools/imports"

	"github.com/prepa-reines/reines/grading"
	"github.com/prepa-reines/reines/grading/workbook"
)

// The student edition's SDK is the tp tree without its computations: every
// type, constant and variable is kept, and so are the functions listed
// below (drawing, formatting, parsing, invariant checkers, the constraint
// solver the notebook 03 is about); every other exported function or
// method keeps its signature and doc comment but its body only returns an
// error, or panics, saying that it is reserved for grading (a reference
// answer, or a computation that would answer a question: a solver, a
// counter, a validity test). Unexported code that only those bodies used is
// removed. Packages not listed are left out.

// sdkPackage says what the SDK keeps of one tp package.
type sdkPackage struct {
	Dir string // relative to the module root, e.g. "tp/queens"
	// Whole keeps the package as it is.
	Whole bool
	// Keep lists the functions and methods ("Type.Method") kept as they are;
	// every other exported one is stubbed. Ignored if Stub is set.
	Keep []string
	// Stub, when set, lists the only functions and methods stubbed; the
	// rest is kept (for drawing packages, where a few helpers would answer
	// a question).
	Stub []string
	// Doc is the package's doc comment in the student edition, which
	// replaces the teacher's (that one names files the edition leaves out
	// and sums up answers).
	Doc string
}

// sdkPackages is the SDK's manifest. Adding a function to a Keep list
// hands it to every student: it must not compute, on its own or with
// other kept code, the answer of any question.
var sdkPackages = []sdkPackage{
	{Dir: "tp/queens", Doc: docQueens, Keep: []string{"Placement.String", "Conflict.Error", "CheckSize"}},
	{Dir: "tp/board", Whole: true},
	{Dir: "tp/chart", Whole: true},
	{Dir: "tp/display", Whole: true},
	{Dir: "tp/french", Whole: true},
	// The stubs report their calls there; the checks read it.
	{Dir: "tp/reserved", Whole: true},
	// Notebook 00 hands out Partial, its constructor and its undo.
	{Dir: "tp/gobasics", Doc: docGobasics, Keep: []string{"NewPartial", "Partial.Row", "Partial.Pop"}},
	{Dir: "tp/iterative", Doc: docIterative, Keep: []string{"State.Clone", "EventKind.String"}},
	{Dir: "tp/iterative/drawing", Doc: docIterativeDrawing, Keep: []string{"State"}},
	{Dir: "tp/fastcount", Doc: docFastcount, Keep: []string{"Transform", "Symmetries", "Symmetry.String"}},
	// The constraint solver is the tool of notebook 03, whose questions
	// build models and call it.
	{Dir: "tp/cp", Whole: true},
	{Dir: "tp/cp/nqueens", Doc: docCpNqueens},
	{Dir: "tp/exactcover", Doc: docExactcover, Keep: []string{
		"Problem.Items", "Problem.NumItems", "Problem.NumOptions", "Problem.Option", "Problem.OptionOf",
		"Problem.Format", "Problem.Verify", "Problem.CheckLinks", "Problem.Snapshot",
		"StepKind.String", "SyntaxError.Error", "SyntaxError.Unwrap",
	}},
	{Dir: "tp/exactcover/nqueens", Doc: docExactcoverNqueens, Keep: []string{"Placement"}},
	{Dir: "tp/exactcover/domcover", Doc: docExactcoverDomcover},
	{Dir: "tp/exactcover/sudoku", Doc: docExactcoverSudoku, Keep: []string{
		"Parse", "ReadPuzzles", "Grid.String", "Grid.Check", "Cell.String", "Clash.String", "Unit.String",
		"ConflictError.Error", "LengthError.Error", "CharError.Error", "LineError.Error", "LineError.Unwrap",
		"MultipleError.Error",
	}},
	{Dir: "tp/exactcover/pentomino", Doc: docExactcoverPentomino, Keep: []string{"Orientations", "NewLayout", "Layout.Grid", "Grid.String"}},
	{Dir: "tp/domination", Doc: docDomination, Keep: []string{"NewCoverage", "Coverage.Queens", "FixedProbability", "TraceEvent.String", "TraceKind.String"}},
}

// The packages' doc comments in the student edition.
const (
	docQueens              = "Package queens holds the types of the N-queens problem that every notebook uses: Placement (the column of the queen of each row, 0-based), Square, the errors, and in the teacher's edition the reference answers of notebook 01."
	docGobasics            = "Package gobasics holds what notebook 00, the primer of Go, hands out: Partial (a placement being built, its columns and diagonals marked), NewPartial and Partial.Pop, and the errors ErrSyntax and ErrColumn."
	docIterative           = "Package iterative holds the state of notebook 02's iterative search (State, its fields named as in the sujet) and the events of its replay."
	docIterativeDrawing    = "Package drawing draws the states of notebook 02's iterative search."
	docFastcount           = "Package fastcount applies the 8 symmetries of the board to placements (Transform, Symmetries); in the teacher's edition it also counts solutions."
	docCpNqueens           = "Package nqueens holds the types of notebook 03's N-queens models; in the teacher's edition, the reference models."
	docExactcover          = "Package exactcover holds the dancing-links structure of notebook 04 (Problem: its arrays named as in TAOCP 7.2.2.1), its readers and writers, and its invariant checkers."
	docExactcoverNqueens   = "Package nqueens holds the types of notebook 04's N-queens exact cover."
	docExactcoverDomcover  = "Package domcover is notebook 04's queen domination as a repeated cover; in the student edition its search is reserved for grading."
	docExactcoverSudoku    = "Package sudoku reads, checks and prints Sudoku grids for notebook 04."
	docExactcoverPentomino = "Package pentomino holds the pieces and the board layout of notebook 04's pentomino tilings."
	docDomination          = "Package domination holds the types of notebook 05, queen domination: Coverage (for each square, the queens covering it), the search statistics and trace events, the errors."
)

// Stubbed lists the full names of the functions and methods the SDK
// stubs ("github.com/prepa-reines/reines/tp/queens.Solutions",
// "github.com/prepa-reines/reines/tp/exactcover.Problem.Solve"), read from
// the teacher's sources under root (their syntax only: milliseconds).
func Stubbed(root string) (map[string]bool, error) {
	out := map[string]bool{}
	fset := token.NewFileSet()
	for _, sp := range sdkPackages {
		names, err := goFiles(filepath.Join(root, sp.Dir))
		if err != nil {
			return nil, err
		}
		for _, name := range names {
			f, err := parser.ParseFile(fset, filepath.Join(root, sp.Dir, name), nil, parser.SkipObjectResolution)
			if err != nil {
				return nil, err
			}
			for _, d := range f.Decls {
				if fd, ok := d.(*ast.FuncDecl); ok && sp.stubs(fd) {
					out[Module+"/"+sp.Dir+"."+declKey(fd)] = true
				}
			}
		}
	}
	return out, nil
}

// stubs reports whether the SDK replaces the body of fd.
func (sp sdkPackage) stubs(fd *ast.FuncDecl) bool {
	key := declKey(fd)
	switch {
	case sp.Whole || !fd.Name.IsExported() || fd.Body == nil:
		return false
	case sp.Stub != nil:
		return slices.Contains(sp.Stub, key)
	}
	return !slices.Contains(sp.Keep, key)
}

// declKey is "Name" for a function, "Type.Name" for a method.
func declKey(fd *ast.FuncDecl) string {
	if fd.Recv == nil || len(fd.Recv.List) == 0 {
		return fd.Name.Name
	}
	t := fd.Recv.List[0].Type
	for {
		switch x := t.(type) {
		case *ast.StarExpr:
			t = x.X
			continue
		case *ast.IndexExpr:
			t = x.X
			continue
		case *ast.IndexListExpr:
			t = x.X
			continue
		case *ast.Ident:
			return x.Name + "." + fd.Name.Name
		}
		return fd.Name.Name
	}
}

// sdkFiles returns the SDK version of the non-test files of one package,
// by file name.
func (t *tree) sdkFiles(sp sdkPackage) (map[string][]byte, error) {
	pkg, err := t.pkg(sp.Dir)
	if err != nil {
		return nil, err
	}
	keep := reachable(pkg, sp)
	out := map[string][]byte{}
	for _, f := range pkg.Syntax {
		path := pkg.Fset.File(f.Pos()).Name()
		data, err := os.ReadFile(path)
		if err != nil {
			return nil, err
		}
		base := pkg.Fset.File(f.Pos()).Base()
		type edit struct {
			start, end int
			text       string
		}
		var edits []edit
		kept, stubs := 0, 0
		for _, d := range f.Decls {
			start := int(d.Pos()) - base
			if doc := declDoc(d); doc != nil {
				start = int(doc.Pos()) - base
			}
			end := int(d.End()) - base
			switch d := d.(type) {
			case *ast.FuncDecl:
				switch {
				case sp.stubs(d):
					kept++
					stubs++
					edits = append(edits, edit{int(d.Body.Lbrace) - base, int(d.Body.Rbrace) - base + 1, stubBody(pkg, sp, d)})
					// The doc keeps what the function is, not how it does it
					// nor what it finds (written answers, hidden cases).
					if d.Doc != nil {
						edits = append(edits, edit{int(d.Doc.Pos()) - base, int(d.Doc.End()) - base, stubDoc(pkg, d)})
					}
				case keep[d]:
					kept++
				default:
					edits = append(edits, edit{start, end, ""})
				}
			case *ast.GenDecl:
				if d.Tok == token.IMPORT {
					continue
				}
				if keep[d] {
					kept++
				} else {
					edits = append(edits, edit{start, end, ""})
				}
			}
		}
		if kept == 0 && f.Doc == nil {
			continue // nothing left but imports
		}
		switch {
		case f.Doc != nil && sp.Doc != "":
			edits = append(edits, edit{int(f.Doc.Pos()) - base, int(f.Doc.End()) - base, comment(sp.Doc)})
		case f.Doc != nil && strings.Contains(f.Doc.Text(), "example_test.go"):
			// The edition has no tests: the pointer to them goes.
			text := examplePointer.ReplaceAllString(f.Doc.Text(), "")
			edits = append(edits, edit{int(f.Doc.Pos()) - base, int(f.Doc.End()) - base, comment(text)})
		}
		if stubs > 0 { // the stubs call reserved.Call
			at := int(f.Name.End()) - base
			edits = append(edits, edit{at, at, "\n\nimport \"" + Module + "/tp/reserved\""})
		}
		sort.Slice(edits, func(i, j int) bool { return edits[i].start > edits[j].start })
		src := data
		for _, e := range edits {
			src = append(src[:e.start:e.start], append([]byte(e.text), src[e.end:]...)...)
		}
		fixed, err := imports.Process(filepath.Base(path), src, &imports.Options{Comments: true, TabIndent: true, TabWidth: 8})
		if err != nil {
			return nil, fmt.Errorf("%s: %w\n%s", filepath.Base(path), err, src)
		}
		out[filepath.Base(path)] = fixed
	}
	// The files of other systems or build tags (tp/display's
	// flush_other.go) are not in pkg.Syntax: a whole package keeps them as
	// they are; a package with stubs cannot (they would not be stubbed).
	for _, path := range pkg.IgnoredFiles {
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			continue
		}
		if !sp.Whole {
			return nil, fmt.Errorf("%s: a file for other systems or build tags in a package the SDK stubs", filepath.Base(path))
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return nil, err
		}
		out[filepath.Base(path)] = data
	}
	return out, nil
}

func declDoc(d ast.Decl) *ast.CommentGroup {
	switch d := d.(type) {
	case *ast.FuncDecl:
		return d.Doc
	case *ast.GenDecl:
		return d.Doc
	}
	return nil
}

// examplePointer is the sentence of a package doc that points to its
// examples.
var examplePointer = regexp.MustCompile(`\s*See\s+example_test\.go[^.]*\.`)

// stubDoc is the doc comment of fd's stub: the first sentence of fd's
// doc, up to its first colon (what the function is; the rest says how it
// works and what it finds), and what the stub does, naming the question fd
// answers if it does.
func stubDoc(pkg *packages.Package, fd *ast.FuncDecl) string {
	first := fd.Doc.Text()
	if i := strings.Index(first, ". "); i >= 0 {
		first = first[:i]
	}
	if i := strings.Index(first, ".\n"); i >= 0 {
		first = first[:i]
	}
	if i := strings.Index(first, ": "); i >= 0 {
		first = first[:i]
	}
	// A parenthesis the cut left open is dropped.
	if open := strings.LastIndex(first, "("); open > strings.LastIndex(first, ")") {
		first = first[:open]
	}
	first = strings.TrimRight(strings.Join(strings.Fields(first), " "), " ,;.") + "."
	note := "Student edition: reserved for grading"
	if q := answered(pkg, fd); q != "" {
		note += " (the answer of notebook " + strings.Replace(q, "/", " ", 1) + ")"
	}
	return comment(first + "\n\n" + note + "; the body only " + stubVerb(pkg, fd) + ".")
}

// answered returns the ID of the question whose reference answer fd is, ""
// if none.
func answered(pkg *packages.Package, fd *ast.FuncDecl) string {
	name := pkg.PkgPath + "." + fd.Name.Name
	if fd.Recv != nil {
		name = pkg.PkgPath + "." + recvTypeName(fd.Recv.List[0].Type) + "." + fd.Name.Name
	}
	for _, q := range grading.Questions("") {
		if q.RefName == name {
			return q.ID
		}
	}
	return ""
}

// recvTypeName is T for a receiver of type T or *T.
func recvTypeName(t ast.Expr) string {
	if star, ok := t.(*ast.StarExpr); ok {
		t = star.X
	}
	if id, ok := t.(*ast.Ident); ok {
		return id.Name
	}
	return ""
}

// comment writes text as a // comment, paragraphs kept, lines wrapped
// before 78 columns.
func comment(text string) string {
	var out []string
	for i, para := range strings.Split(strings.TrimSpace(text), "\n\n") {
		if i > 0 {
			out = append(out, "//")
		}
		line := "//"
		for _, w := range strings.Fields(para) {
			if len(line)+1+len(w) > 78 && line != "//" {
				out = append(out, line)
				line = "//"
			}
			line += " " + w
		}
		out = append(out, line)
	}
	return strings.Join(out, "\n")
}

// stubVerb says what the stub of fd does, for its doc comment.
func stubVerb(pkg *packages.Package, fd *ast.FuncDecl) string {
	if returnsError(pkg, fd) {
		return "returns an error saying so"
	}
	return "panics saying so"
}

// returnsError reports whether fd's last result is of type error.
func returnsError(pkg *packages.Package, fd *ast.FuncDecl) bool {
	res := fd.Type.Results
	if res == nil || len(res.List) == 0 {
		return false
	}
	last := res.List[len(res.List)-1]
	t := pkg.TypesInfo.TypeOf(last.Type)
	return t != nil && types.Identical(t, types.Universe.Lookup("error").Type())
}

// ReservedMessage is what the stub of the SDK function name ("queens.Solutions",
// "(*exactcover.Problem).Solve") panics with or returns as an error.
func ReservedMessage(name string) string {
	return name + " est réservée à la correction : l'édition étudiante n'a pas les réponses de référence ni les calculs qui les donnent. Écrivez votre propre code."
}

// stubBody returns the body of fd's stub, braces included.
func stubBody(pkg *packages.Package, sp sdkPackage, fd *ast.FuncDecl) string {
	name := pkg.Name + "." + fd.Name.Name
	if fd.Recv != nil {
		recv := pkg.TypesInfo.TypeOf(fd.Recv.List[0].Type).String()
		recv = strings.ReplaceAll(recv, pkg.PkgPath+".", pkg.Name+".")
		name = "(" + recv + ")." + fd.Name.Name
	}
	msg := fmt.Sprintf("%q", ReservedMessage(name))
	call := fmt.Sprintf("\treserved.Call(%q)\n", name)
	if !returnsError(pkg, fd) {
		return "{\n" + call + "\tpanic(" + msg + ")\n}"
	}
	var vals []string
	res := fd.Type.Results.List
	for i, field := range res {
		n := max(len(field.Names), 1)
		for range n {
			if i == len(res)-1 {
				vals = append(vals, "errors.New("+msg+")")
			} else {
				vals = append(vals, zeroValue(pkg, field.Type))
			}
		}
	}
	return "{\n" + call + "\treturn " + strings.Join(vals, ", ") + "\n}"
}

// zeroValue returns the source of the zero value of the type expression e.
func zeroValue(pkg *packages.Package, e ast.Expr) string {
	switch t := pkg.TypesInfo.TypeOf(e).Underlying().(type) {
	case *types.Basic:
		switch {
		case t.Info()&types.IsBoolean != 0:
			return "false"
		case t.Info()&types.IsString != 0:
			return `""`
		case t.Info()&types.IsNumeric != 0:
			return "0"
		}
	case *types.Pointer, *types.Slice, *types.Map, *types.Signature, *types.Chan, *types.Interface:
		return "nil"
	}
	return "*new(" + exprText(pkg, e) + ")"
}

// exprText returns the source text of e.
func exprText(pkg *packages.Package, e ast.Expr) string {
	f := pkg.Fset.File(e.Pos())
	data, err := os.ReadFile(f.Name())
	if err != nil {
		return "any"
	}
	return string(bytes.TrimSpace(data[int(e.Pos())-f.Base() : int(e.End())-f.Base()]))
}

// reachable returns the top-level declarations of pkg the SDK keeps: every
// type, variable and constant declaration reachable from the kept API, the
// kept functions and methods, and the unexported code they use
// (transitively). Stubbed bodies use nothing.
func reachable(pkg *packages.Package, sp sdkPackage) map[ast.Decl]bool {
	// The declaration of each package-level object and method.
	declOf := map[types.Object]ast.Decl{}
	var all []ast.Decl
	methodsOf := map[string][]*ast.FuncDecl{} // receiver type name → methods
	for _, f := range pkg.Syntax {
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				all = append(all, d)
				declOf[pkg.TypesInfo.Defs[d.Name]] = d
				if d.Recv != nil {
					key := declKey(d)
					typ, _, _ := strings.Cut(key, ".")
					methodsOf[typ] = append(methodsOf[typ], d)
				}
			case *ast.GenDecl:
				if d.Tok == token.IMPORT {
					continue
				}
				all = append(all, d)
				for _, s := range d.Specs {
					switch s := s.(type) {
					case *ast.ValueSpec:
						for _, n := range s.Names {
							declOf[pkg.TypesInfo.Defs[n]] = d
						}
					case *ast.TypeSpec:
						declOf[pkg.TypesInfo.Defs[s.Name]] = d
					}
				}
			}
		}
	}
	keep := map[ast.Decl]bool{}
	var queue []ast.Decl
	add := func(d ast.Decl) {
		if d != nil && !keep[d] {
			keep[d] = true
			queue = append(queue, d)
		}
	}
	for _, d := range all {
		switch d := d.(type) {
		case *ast.FuncDecl:
			switch {
			case sp.stubs(d):
				keep[d] = true // kept as a stub: follow its signature only
				queue = append(queue, signatureOnly(d))
			case d.Recv == nil && (d.Name.IsExported() || d.Name.Name == "init" || sp.Whole):
				add(d)
			case d.Recv != nil && sp.Whole:
				add(d)
			}
		case *ast.GenDecl:
			for _, s := range d.Specs {
				exported := false
				switch s := s.(type) {
				case *ast.ValueSpec:
					for _, n := range s.Names {
						exported = exported || n.IsExported()
					}
				case *ast.TypeSpec:
					exported = s.Name.IsExported()
				}
				if exported || sp.Whole {
					add(d)
				}
			}
		}
	}
	usedMethods := map[string]bool{} // names of methods called anywhere in kept code
	for len(queue) > 0 {
		for len(queue) > 0 {
			d := queue[0]
			queue = queue[1:]
			ast.Inspect(d, func(n ast.Node) bool {
				id, ok := n.(*ast.Ident)
				if !ok {
					return true
				}
				obj := pkg.TypesInfo.Uses[id]
				if obj == nil {
					return true
				}
				if fn, ok := obj.(*types.Func); ok {
					if sig, _ := fn.Type().(*types.Signature); sig != nil && sig.Recv() != nil {
						usedMethods[fn.Name()] = true
					}
				}
				if obj.Pkg() == pkg.Types {
					if dd, ok := declOf[obj]; ok {
						if fd, isFunc := dd.(*ast.FuncDecl); isFunc && sp.stubs(fd) {
							return true // a stub: kept already, nothing to follow
						}
						add(dd)
					}
				}
				return true
			})
		}
		// Methods of kept types: the exported ones (String, Error: called
		// through interfaces the code does not show) and the unexported ones
		// kept code calls, directly or through an interface.
		for typ, ms := range methodsOf {
			if obj := pkg.Types.Scope().Lookup(typ); obj == nil || !keep[declOf[obj]] {
				continue
			}
			for _, m := range ms {
				if !keep[m] && !sp.stubs(m) && (m.Name.IsExported() || usedMethods[m.Name.Name]) {
					add(m)
				}
			}
		}
	}
	return keep
}

// signatureOnly is fd without its body, to follow the types its signature
// uses.
func signatureOnly(fd *ast.FuncDecl) *ast.FuncDecl {
	c := *fd
	c.Body = nil
	return &c
}

// SDKImports lists the import paths a submission's program builds on: the
// check harness (grading), the notebook packages that define the
// questions, and the SDK's packages. The grader compiles them once, before
// any submission (see grading/batch.BuildCache).
func SDKImports() []string {
	paths := []string{Module + "/grading"}
	for _, nb := range workbook.Notebooks {
		paths = append(paths, nb.Package)
	}
	for _, sp := range sdkPackages {
		paths = append(paths, Module+"/"+sp.Dir)
	}
	return paths
}
