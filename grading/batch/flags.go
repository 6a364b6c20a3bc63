package batch

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/parser"
	"go/token"
	"go/types"
	"maps"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/prepa-reines/reines/grading"
	"github.com/prepa-reines/reines/grading/submission"
)

// What the grader notes for the teacher in a question's program. What
// steps outside Go's safety, or reaches the harness's key or its result
// descriptor, costs the question: a compiler directive (//go:linkname,
// //go:norace…), package unsafe or an unsafe.Pointer from any package,
// cgo, raw system calls (syscall, x/sys/unix), plugins, a heap dump, a
// descriptor opened by its number, /proc (see typedFlags), starting a
// process (os/exec, os.StartProcess). So does reaching a
// function reserved for grading on any case (see runCases): the SDK the
// program is built against holds no reference answer, and the cases the
// answer got right without it do not make it the student's own. What is
// only seen in the source (other imports, init functions, calls of
// reserved functions not reached) is for information.

// costsFlag ends the flags that cost the question.
const costsFlag = " : 0 point pour cette question"

// sensitive are the names an answer has no need of, noted when used: the
// grader's harness reads the standard input.
var sensitive = map[string]string{
	"os.Stdin":           "touche à l'entrée standard (os.Stdin), que lit le correcteur",
	"runtime.GOMAXPROCS": "change le nombre de fils d'exécution (runtime.GOMAXPROCS)",
}

// costlyNames are the functions whose use costs the question, like unsafe:
// they hand the program a descriptor by its number (the harness writes its
// results on descriptor 3) or a copy of its own memory (where the harness
// keeps the key its results are signed with), or start processes, whose
// CPU time can escape every count the grader reads where the child has no
// CPU quota (children of a process that ignores SIGCHLD are reaped without
// a trace): the time limit could not hold. No answer needs them.
var costlyNames = map[string]string{
	"os.NewFile":                  "ouvre un descripteur par son numéro (os.NewFile)",
	"os.StartProcess":             "lance des processus (os.StartProcess)",
	"runtime/debug.WriteHeapDump": "copie la mémoire du programme dans un fichier (runtime/debug.WriteHeapDump)",
}

// hasCall reports whether the expression calls a function (a conversion
// counts too: harmless).
func hasCall(e ast.Expr) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if _, ok := n.(*ast.CallExpr); ok {
			found = true
		}
		return !found
	})
	return found
}

var (
	flagged = []string{"net", "net/http", "runtime/debug", "reflect"}
	// Raw system calls reach the program's own memory (process_vm_readv),
	// where the harness keeps the key its results are signed with, and so
	// does native code a plugin loads (its constructors run as it is
	// opened); os/exec and net/http/cgi (its Handler runs a program) start
	// processes (see costlyNames), and so do go/build, go/importer and
	// x/tools' go/packages (they run a go command, which a program can
	// point at a copy of itself: GOROOT): no answer needs them.
	costly = []string{"unsafe", "C", "syscall", "golang.org/x/sys/unix", "plugin", "os/exec", "net/http/cgi",
		"go/build", "go/importer", "golang.org/x/tools/go/packages"}
)

var undefinedGrading = regexp.MustCompile(`undefined: (grading|nb\d\d)\b`)

// flags lists what the teacher should look at in a question's program (the
// student's file, src, holding only the declarations the question needs):
// compiler directives, unsafe and cgo, which cost the question;
// other imports they use; init functions; calls to functions the SDK
// reserves for grading (stubbed: see release.Stubbed).
func flags(src string, stubbed map[string]bool) []string {
	var out []string
	file, err := parser.ParseFile(token.NewFileSet(), "", src, parser.SkipObjectResolution|parser.ParseComments)
	if err != nil {
		if strings.Contains(src, "//go:") {
			out = append(out, "utilise une directive //go:"+costsFlag)
		}
		return out
	}
	// Compiler directives (//go:linkname reaches any function, //go:norace
	// silences the race detector…): none is needed by an answer. A comment
	// that only mentions one is not a directive.
	for _, g := range file.Comments {
		for _, c := range g.List {
			if strings.HasPrefix(c.Text, "//go:") {
				name, _, _ := strings.Cut(strings.TrimPrefix(c.Text, "//"), " ")
				out = append(out, "utilise la directive //"+name+costsFlag)
			}
		}
	}
	// unsafe and cgo under another name or a dot import (which goimports
	// keeps whether used or not); a blank import gives nothing to use.
	for _, is := range file.Imports {
		if p, _ := strconv.Unquote(is.Path.Value); slices.Contains(costly, p) && is.Name != nil && is.Name.Name != "_" {
			out = append(out, "utilise le paquet "+strconv.Quote(p)+costsFlag)
		}
	}
	alias := importNames(file) // name in the file → import path
	for _, d := range file.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok && fd.Name.Name == "main" && fd.Recv == nil {
			continue // the grader's own main
		}
		for _, name := range refersTo(d, alias) {
			path, _ := splitName(name)
			switch {
			case slices.Contains(costly, path):
				out = append(out, "utilise le paquet "+strconv.Quote(path)+costsFlag)
			case slices.Contains(flagged, path):
				out = append(out, "utilise le paquet "+strconv.Quote(path))
			case costlyNames[name] != "":
				out = append(out, costlyNames[name]+costsFlag)
			case stubbed[name]:
				out = append(out, fmt.Sprintf("appelle %s, réservée à la correction (sans effet : elle n'y calcule rien)", shortName(name)))
			case sensitive[name] != "":
				out = append(out, sensitive[name])
			}
		}
		// A blank variable whose value calls something runs that code as
		// the program starts, before the grader's harness serves a case.
		if gd, ok := d.(*ast.GenDecl); ok && gd.Tok == token.VAR {
			for _, sp := range gd.Specs {
				vs := sp.(*ast.ValueSpec)
				if len(vs.Names) > 0 && vs.Names[0].Name == "_" && slices.ContainsFunc(vs.Values, hasCall) {
					out = append(out, "exécute du code au démarrage du programme (var _ = …)")
				}
			}
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// importNames maps the names a file uses for its imports to their paths.
func importNames(file *ast.File) map[string]string {
	imports := map[string]string{}
	for _, is := range file.Imports {
		p, _ := strconv.Unquote(is.Path.Value)
		n := p[strings.LastIndex(p, "/")+1:]
		if is.Name != nil {
			n = is.Name.Name
		}
		imports[n] = p
	}
	return imports
}

// typeKey names the type expression t ("path.Type", pointers removed) when
// it is a type of an imported package, "" otherwise.
func typeKey(t ast.Expr, imports map[string]string) string {
	if star, ok := t.(*ast.StarExpr); ok {
		t = star.X
	}
	if sel, ok := t.(*ast.SelectorExpr); ok {
		if x, ok := sel.X.(*ast.Ident); ok && imports[x.Name] != "" {
			return imports[x.Name] + "." + sel.Sel.Name
		}
	}
	return ""
}

// refersTo lists what a declaration of the student's names in imported
// packages: "path.Name" for pkg.Name, "path.Type.Method" for x.Method
// where x is a receiver or parameter (of the function or of a function
// literal in it) declared with an imported type Type or *Type.
func refersTo(decl ast.Decl, imports map[string]string) []string {
	vars := map[string]string{} // parameter → its type's key
	addParams := func(fl *ast.FieldList) {
		if fl == nil {
			return
		}
		for _, f := range fl.List {
			if k := typeKey(f.Type, imports); k != "" {
				for _, n := range f.Names {
					vars[n.Name] = k
				}
			}
		}
	}
	if fd, ok := decl.(*ast.FuncDecl); ok {
		addParams(fd.Recv)
		addParams(fd.Type.Params)
	}
	ast.Inspect(decl, func(n ast.Node) bool {
		if fl, ok := n.(*ast.FuncLit); ok {
			addParams(fl.Type.Params)
		}
		return true
	})
	var out []string
	ast.Inspect(decl, func(n ast.Node) bool {
		if e, ok := n.(*ast.SelectorExpr); ok {
			if x, ok := e.X.(*ast.Ident); ok {
				if k := vars[x.Name]; k != "" {
					out = append(out, k+"."+e.Sel.Name)
				} else if p := imports[x.Name]; p != "" {
					out = append(out, p+"."+e.Sel.Name)
				}
			}
		}
		return true
	})
	return out
}

// splitName splits "github.com/…/tp/exactcover.Problem.AddOption" into
// the import path and "Problem.AddOption".
func splitName(name string) (path, rest string) {
	slash := strings.LastIndex(name, "/")
	dot := strings.Index(name[slash+1:], ".")
	if dot < 0 {
		return name, ""
	}
	return name[:slash+1+dot], name[slash+2+dot:]
}

// shortName is "exactcover.Problem.AddOption" for
// "github.com/…/tp/exactcover.Problem.AddOption".
func shortName(name string) string {
	path, rest := splitName(name)
	return path[strings.LastIndex(path, "/")+1:] + "." + rest
}

// plainName is "exactcover.Problem.AddOption" for the stub's name
// "(*exactcover.Problem).AddOption", as shortName writes it.
func plainName(stub string) string {
	return strings.NewReplacer("(*", "", "(", "", ")", "").Replace(stub)
}

// requirementFlags returns, for each of the question's requirements (see
// grading.Question.Requires) that src, the question's program, does not
// meet, a flag that costs the question.
func requirementFlags(src string, requires []string) []string {
	if len(requires) == 0 {
		return nil
	}
	file, err := parser.ParseFile(token.NewFileSet(), "", src, parser.SkipObjectResolution)
	if err != nil {
		return nil // the compiler says why
	}
	imports := importNames(file)
	has := map[string]bool{}
	ast.Inspect(file, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.GoStmt:
			has["go"] = true
		case *ast.CallExpr:
			// wg.Go(f) (sync.WaitGroup.Go, Go 1.25) or an errgroup's
			// g.Go(f) starts a goroutine too.
			if sel, ok := n.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "Go" && len(n.Args) == 1 {
				has["go"] = true
			}
		case *ast.ChanType:
			has["chan"] = true
		case *ast.SelectorExpr:
			if x, ok := n.X.(*ast.Ident); ok && imports[x.Name] != "" {
				p := imports[x.Name]
				has[p[strings.LastIndex(p, "/")+1:]+"."+n.Sel.Name] = true
			}
		}
		return true
	})
	var out []string
	for _, req := range requires {
		if !slices.ContainsFunc(strings.Split(req, "|"), func(alt string) bool { return has[alt] }) {
			out = append(out, "l'énoncé demande "+requirementText(req)+", absent du code"+costsFlag)
		}
	}
	return out
}

// requirementText names a requirement in French.
func requirementText(req string) string {
	switch req {
	case "go":
		return "des goroutines (instruction go, ou WaitGroup.Go)"
	case "chan":
		return "un canal (chan)"
	}
	return strings.ReplaceAll(req, "|", " ou ")
}

// toolFlags returns a flag, for information, when src, the program of
// question q of TP tp, imports the solver of another TP (the constraint
// solver of TP 03, the dancing links of TP 04): it can answer the
// question without the search the TP asks for; or one of q's Shortcuts.
func toolFlags(src, tp string, q *grading.Question) []string {
	file, err := parser.ParseFile(token.NewFileSet(), "", src, parser.ImportsOnly)
	if err != nil {
		return nil
	}
	tools := map[string]string{"tp/cp": "03", "tp/exactcover": "04"}
	var out []string
	for _, imp := range file.Imports {
		path, _ := strconv.Unquote(imp.Path.Value)
		for tool, home := range tools {
			if path == submission.Module+"/"+tool && tp != home {
				out = append(out, fmt.Sprintf("utilise %s, l'outil du TP %s : la recherche demandée par le TP %s est-elle la sienne ? À vérifier", tool, home, tp))
			}
		}
		for _, pkg := range slices.Sorted(maps.Keys(q.Shortcuts)) {
			if path == submission.Module+"/"+pkg {
				out = append(out, fmt.Sprintf("utilise %s (%s) : la réponse est-elle la sienne ? À vérifier", pkg, q.Shortcuts[pkg]))
			}
		}
	}
	return out
}

var digitRuns = regexp.MustCompile(`[0-9]+`)

// tableFlag returns a flag, for information, when the student's file of a
// question's program (type-checked) holds, as the value of a constant
// expression, at least three of the values its cases expect (numbers from
// 10 up): a table of results rather than a computation, perhaps; "" otherwise.
// Constant values, not the way they are written, are read: integer, float
// (728.0), hexadecimal, rune or arithmetic (700+28) constants, and the
// digits of constant strings ("1 1 0 0 2 10 4 40 92").
func tableFlag(typed *submission.Typed, wants map[int64]bool) string {
	if typed == nil || len(wants) == 0 {
		return ""
	}
	found := map[int64]bool{}
	ast.Inspect(typed.File, func(n ast.Node) bool {
		e, ok := n.(ast.Expr)
		if !ok {
			return true
		}
		v := typed.Info.Types[e].Value
		if v == nil {
			return true
		}
		switch v.Kind() {
		case constant.Int, constant.Float:
			if k, exact := constant.Int64Val(constant.ToInt(v)); exact && wants[k] {
				found[k] = true
			}
		case constant.String:
			for _, d := range digitRuns.FindAllString(constant.StringVal(v), -1) {
				if k, err := strconv.ParseInt(d, 10, 64); err == nil && wants[k] {
					found[k] = true
				}
			}
		}
		return true
	})
	if len(found) < 3 {
		return ""
	}
	ks := slices.Sorted(maps.Keys(found))
	var shown []string
	for _, k := range ks[:min(len(ks), 4)] {
		shown = append(shown, strconv.FormatInt(k, 10))
	}
	return fmt.Sprintf("le code contient %d des valeurs attendues (%s…) : une table de résultats plutôt qu'un calcul ? À vérifier", len(found), strings.Join(shown, ", "))
}

// typedFlags returns the flags that cost the question which only the
// type-checked program shows: a value of type unsafe.Pointer, or a
// function whose signature holds one, from any package (reflect's
// Value.UnsafePointer, NewAt, SliceAt read and write any memory without
// importing unsafe); the names of costlyNames and the costly packages
// however they are reached (a dot import, a function value); a constant
// naming /proc or /dev/fd (a program's memory and descriptors: no answer
// has any use for them).
func typedFlags(typed *submission.Typed) []string {
	var out []string
	file := typed.File
	inFile := func(p token.Pos) bool { return p >= file.Pos() && p <= file.End() }
	for id, obj := range typed.Info.Uses {
		if !inFile(id.Pos()) || obj.Pkg() == nil {
			continue
		}
		path := obj.Pkg().Path()
		name := path + "." + obj.Name()
		fn, isFunc := obj.(*types.Func)
		if isFunc && fn.Signature().Recv() != nil {
			name = "" // a method: see holdsUnsafePointer
		}
		switch {
		case slices.Contains(costly, path):
			out = append(out, "utilise le paquet "+strconv.Quote(path)+costsFlag)
		case costlyNames[name] != "":
			out = append(out, costlyNames[name]+costsFlag)
		case holdsUnsafePointer(obj.Type()):
			what := obj.Name()
			if isFunc {
				what = strings.TrimPrefix(fn.FullName(), "(")
				what = strings.NewReplacer("*", "", ")", "").Replace(what)
			}
			out = append(out, fmt.Sprintf("se sert d'un unsafe.Pointer (%s), qui lit et écrit la mémoire hors des règles de Go%s", what, costsFlag))
		}
	}
	for e, tv := range typed.Info.Types {
		if !inFile(e.Pos()) {
			continue
		}
		if tv.Type != nil && types.Identical(tv.Type, types.Typ[types.UnsafePointer]) {
			out = append(out, "manipule un unsafe.Pointer, qui lit et écrit la mémoire hors des règles de Go"+costsFlag)
		}
		if tv.Value != nil && tv.Value.Kind() == constant.String {
			if v := constant.StringVal(tv.Value); strings.Contains(v, "/proc/") || strings.HasSuffix(v, "/proc") || strings.Contains(v, "/dev/fd") {
				out = append(out, "nomme /proc ou /dev/fd, la mémoire et les descripteurs du programme"+costsFlag)
			}
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// holdsUnsafePointer reports whether t is unsafe.Pointer, or a pointer,
// slice, array, map, channel or function type holding one (a named type's
// fields are its package's business: reflect.Value holds one, unexported).
func holdsUnsafePointer(t types.Type) bool {
	switch t := t.(type) {
	case *types.Basic:
		return t.Kind() == types.UnsafePointer
	case *types.Pointer:
		return holdsUnsafePointer(t.Elem())
	case *types.Slice:
		return holdsUnsafePointer(t.Elem())
	case *types.Array:
		return holdsUnsafePointer(t.Elem())
	case *types.Map:
		return holdsUnsafePointer(t.Key()) || holdsUnsafePointer(t.Elem())
	case *types.Chan:
		return holdsUnsafePointer(t.Elem())
	case *types.Signature:
		for _, tuple := range []*types.Tuple{t.Params(), t.Results()} {
			for v := range tuple.Variables() {
				if holdsUnsafePointer(v.Type()) {
					return true
				}
			}
		}
	}
	return false
}
