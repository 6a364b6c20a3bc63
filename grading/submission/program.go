// Package submission turns a student's notebook into programs the grader
// can run: it rebuilds, from the code cells top to bottom, the program GoNB
// would have compiled, then cuts out of it one compile unit per question
// holding only the declarations that question's function needs, so that a
// cell that does not compile costs only the questions that use it.
//
// GoNB's rules, as the merger applies them (GoNB's own parser is internal to
// GoNB and cannot be imported): a cell whose first word is a cell magic
// (%%writefile, %%bash…) is not Go, and neither is a cell with a cell magic
// on a later line (GoNB refuses it); in a code cell, lines starting with
// '!' are shell commands and lines starting with '%' are magics (both
// skipped, with the lines a trailing backslash continues them onto; %reset
// drops every earlier declaration, %rm the ones it names); the '!' or '%'
// must be the line's first character (an indented "!done" is Go, the
// operand of a broken expression), after a "//gonb:" prefix if there is
// one; "%%" (alone or followed by a blank) or "%main" starts the body of
// main, which runs once and declares nothing, even on a line a command
// continues onto; a line starting with "package" is dropped; the rest is Go
// declarations, and functions init_*() (no parameter, no result) run before
// main, like init. A later declaration of a name replaces the earlier one
// (each name of `var a, b = 1, 2` on its own, a tuple `var a, b = f()`
// whole; a method is named by its receiver's base type and its name, so a
// pointer-receiver method replaces a value-receiver one; a func init
// replaces the previous func init); every `var _ = …` is kept; an import
// replaces the earlier one of the same key (its name, else the last word of
// its path: "rand" for math/rand, "v2" for math/rand/v2; a dot import is
// keyed by its path); a cell that does not parse declares nothing (see
// GoNB's internal/goexec/parser.go and composer.go, internal/specialcmd,
// v0.11.5). Other magics whose arguments GoNB refuses (%cd to a missing
// folder, %env with one word…) also make it skip the cell; the grader does
// not check their arguments.
package submission

import (
	"github.com/prepa-reines/reines/grading"

	"fmt"
	"go/ast"
	"go/parser"
	"go/scanner"
	"go/token"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
)

// Cell is one code cell of a submission.
type Cell struct {
	Index  int    // position in the notebook, from 0
	Source string // the cell's text
}

// Decl is one top-level declaration kept in the program.
type Decl struct {
	Cell     int      // index of the cell that declared it
	Names    []string // the names it declares; "T.m" for method m of type T
	Replaced []int    // the cells of the earlier declarations of its names it replaced, in order
	Text     string   // its source, preceded by a //line directive naming the cell
	uses     []string // identifiers it mentions (over-approximation of its dependencies)
	alias    string   // for `type A = B`, B (a type of the program or not): A's methods are B's
	// startup: a func init_*() GoNB renames to init, which the program
	// calls as it starts (a function with no receiver, type parameter,
	// parameter or result; any other declaration named init_* is plain).
	startup bool
}

// Startup reports whether d runs as the program starts: a func init, or a
// func init_*() GoNB runs as one (see WithInits).
func (d *Decl) Startup() bool { return d.startup || len(d.Names) == 1 && d.Names[0] == "init" }

// CellError is a cell whose declarations were dropped.
type CellError struct {
	Cell int
	Msg  string // the parser's messages, one per line, "ligne L:C: …" (L from 1 in the cell)
}

// Program is the merged program of a submission.
type Program struct {
	Imports map[string]Import // by GoNB's key (see importKey)
	Decls   []*Decl           // in order of their (last) definition
	Errors  []CellError
	// While building: the live declaration of each name, and the
	// declarations a later one replaced (dropped from Decls at the end).
	named    map[string]*Decl
	replaced map[*Decl]bool
}

// Import is one import of the program.
type Import struct {
	Path string
	Name string // "" for the default name
}

// importKey is GoNB's key of an import: a later import of the same key
// replaces the earlier one.
func importKey(path, name string) string {
	switch name {
	case "":
		if m := lastWord.FindStringSubmatch(path); m != nil {
			return m[1]
		}
		return path
	case ".":
		return ".~" + path
	}
	return name
}

// lastWord is GoNB's reDefaultImportPathAlias.
var lastWord = regexp.MustCompile(`^.*?(\w[\w0-9_]*)\s*$`)

// blank is the name of declarations that only run for their effect
// (`var _ = …`, `var _ I = T{}`): GoNB keeps them all.
const blank = "_"

// FileName is the file name that //line directives give to cell i; the
// compiler's messages then read "cellule 3:12:5: …".
func FileName(i int) string { return "cellule " + strconv.Itoa(i+1) }

// Build merges the cells' declarations, in order.
func Build(cells []Cell) *Program {
	p := &Program{Imports: map[string]Import{}, named: map[string]*Decl{}, replaced: map[*Decl]bool{}}
	for _, c := range cells {
		p.add(c)
	}
	p.Decls = slices.DeleteFunc(p.Decls, func(d *Decl) bool { return p.replaced[d] })
	p.named, p.replaced = nil, nil
	return p
}

// declarations returns the declaration part of a cell: its lines before
// main's body, without shell and magic lines (blanked, to keep line
// numbers), as GoNB reads them (see the package comment), and the words of
// each of its magics ("%reset" gives ["reset"]). ok is false for a cell
// GoNB runs no Go of: its first word is a cell magic (%%writefile,
// %%bash…), or a later line is one (GoNB refuses the cell). A line a
// command continues onto still starts main if it is "%%" or "%main" (GoNB's
// composer looks for main before it skips command lines); a line starting
// with "package" is dropped, wherever it is.
func declarations(src string) (decls string, magics [][]string, ok bool) {
	lines := strings.Split(src, "\n")
	if w := gonbWords(strings.TrimPrefix(lines[0], grading.GoNBPrefix)); len(w) > 0 && slices.Contains(cellMagics, w[0]) {
		return "", nil, false
	}
	command := make([]bool, len(lines)) // GoNB's specialcmd.Parse
	for i := 0; i < len(lines); i++ {
		l := strings.TrimPrefix(lines[i], grading.GoNBPrefix)
		if len(l) < 2 || l[0] != '%' && l[0] != '!' {
			continue
		}
		var joined strings.Builder // in linear time: a cell may be megabytes of continued lines
		for {                      // with the lines a trailing \ continues it onto (GoNB's joinLine)
			command[i] = true
			t := strings.TrimPrefix(lines[i], grading.GoNBPrefix)
			if !strings.HasSuffix(t, "\\") {
				joined.WriteString(t)
				break
			}
			joined.WriteString(strings.TrimSuffix(t, "\\"))
			joined.WriteByte(' ')
			if i+1 == len(lines) {
				break
			}
			i++
		}
		if l[0] == '%' {
			if w := gonbWords(joined.String()[1:]); len(w) > 0 {
				if slices.Contains(cellMagics, "%"+w[0]) {
					return "", magics, false // GoNB ran the magics before it, then refused the cell
				}
				magics = append(magics, w)
			}
		}
	}
	for i, line := range lines { // GoNB's composer
		if grading.StartsMain(line) {
			return strings.Join(lines[:i], "\n"), magics, true
		}
		if command[i] || strings.HasPrefix(line, "package") {
			lines[i] = ""
		}
	}
	return strings.Join(lines, "\n"), magics, true
}

// gonbWords splits a command into its words as GoNB does (specialcmd's
// splitCmd): blanks (space, tab, newline) separate words, except within
// double quotes, which are dropped; within quotes a backslash escapes the
// next character (\n and \t are a newline and a tab).
func gonbWords(cmd string) []string {
	var words []string
	var word strings.Builder
	started, quoted := false, false
	for i := 0; i < len(cmd); i++ {
		c := cmd[i]
		switch {
		case !quoted && (c == ' ' || c == '\t' || c == '\n'):
			if started {
				words = append(words, word.String())
			}
			word.Reset()
			started = false
			continue
		case c == '"':
			quoted = !quoted
			started = true
			continue
		case c == '\\' && quoted:
			if i == len(cmd)-1 {
				i = len(cmd)
				continue
			}
			i++
			c = cmd[i]
			switch c {
			case 'n':
				c = '\n'
			case 't':
				c = '\t'
			}
		}
		word.WriteByte(c)
		started = true
	}
	if started {
		words = append(words, word.String())
	}
	return words
}

// cellMagics are the first words that make a whole cell something other
// than Go (GoNB's specialcmd.CellSpecialCommands).
var cellMagics = []string{"%%writefile", "%%script", "%%bash", "%%sh", "%%gx"}

func (p *Program) add(c Cell) {
	decls, magics, ok := declarations(c.Source)
	for _, m := range magics {
		switch {
		case m[0] == "reset" && len(m) == 1:
			p.reset()
		case m[0] == "rm" || m[0] == "remove":
			p.remove(m[1:])
		}
	}
	if !ok {
		return // GoNB runs no Go of this cell
	}
	fset, f, src, ok := p.parse(c.Index, decls)
	if !ok {
		return
	}
	file := fset.File(f.Pos())
	top := topLevel(f)
	idents := func(n ast.Node) []string { return references(n, top) }
	text := func(from, to token.Pos) string { return src[file.Offset(from):file.Offset(to)] }
	line := func(pos token.Pos) int { return fset.Position(pos).Line - 1 } // the header line is not the student's
	directive := func(pos token.Pos) string {
		return fmt.Sprintf("//line %s:%d:%d\n", FileName(c.Index), line(pos), fset.Position(pos).Column)
	}
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			name := d.Name.Name
			if d.Recv != nil && len(d.Recv.List) == 1 {
				name = recvBase(d.Recv.List[0].Type) + "." + name
			}
			start := d.Pos()
			if d.Doc != nil {
				start = d.Doc.Pos() // directives such as //go:linkname are comments
			}
			startup := d.Recv == nil && d.Type.TypeParams == nil && d.Type.Params.NumFields() == 0 && d.Type.Results.NumFields() == 0 && strings.HasPrefix(name, "init_")
			p.put(&Decl{Cell: c.Index, Names: []string{name}, Text: directive(start) + text(start, d.End()), uses: idents(d), startup: startup})
		case *ast.GenDecl:
			if d.Tok == token.IMPORT {
				for _, s := range d.Specs {
					is := s.(*ast.ImportSpec)
					path, _ := strconv.Unquote(is.Path.Value)
					name := ""
					if is.Name != nil {
						name = is.Name.Name
					}
					p.Imports[importKey(path, name)] = Import{Path: path, Name: name}
				}
				continue
			}
			if d.Tok == token.CONST && d.Lparen.IsValid() {
				// A const group keeps its iota: it stays whole.
				var names []string
				for _, s := range d.Specs {
					for _, n := range s.(*ast.ValueSpec).Names {
						names = append(names, n.Name)
					}
				}
				if len(names) == 0 {
					continue // `const ()` declares nothing
				}
				p.put(&Decl{Cell: c.Index, Names: names, Text: directive(d.Pos()) + text(d.Pos(), d.End()), uses: idents(d)})
				continue
			}
			for _, s := range d.Specs {
				if vs, ok := s.(*ast.ValueSpec); ok && d.Tok == token.VAR && len(vs.Names) > 1 && len(vs.Values) != 1 {
					// GoNB keeps each name of `var a, b = 1, 2` apart: a later
					// `var a` replaces a only (a tuple, `var a, b = f()`,
					// stays whole). Each part keeps its positions.
					inline := func(pos token.Pos) string { // gofmt puts a blank after the comment
						if col := fset.Position(pos).Column; col > 1 {
							return fmt.Sprintf("/*line %s:%d:%d*/ ", FileName(c.Index), line(pos), col-1)
						}
						return fmt.Sprintf("/*line %s:%d:1*/", FileName(c.Index), line(pos))
					}
					for k, n := range vs.Names {
						body, uses := "var "+n.Name, []string{}
						if vs.Type != nil {
							body += " " + inline(vs.Type.Pos()) + text(vs.Type.Pos(), vs.Type.End())
							uses = append(uses, idents(vs.Type)...)
						}
						if k < len(vs.Values) {
							body += " = " + inline(vs.Values[k].Pos()) + text(vs.Values[k].Pos(), vs.Values[k].End())
							uses = append(uses, idents(vs.Values[k])...)
						}
						p.put(&Decl{Cell: c.Index, Names: []string{n.Name}, Text: directive(n.Pos()) + body, uses: uses})
					}
					continue
				}
				var names []string
				alias := ""
				switch s := s.(type) {
				case *ast.TypeSpec:
					names = []string{s.Name.Name}
					if id, ok := ast.Unparen(s.Type).(*ast.Ident); ok && s.Assign.IsValid() {
						alias = id.Name
					}
				case *ast.ValueSpec:
					for _, n := range s.Names {
						if n.Name != blank {
							names = append(names, n.Name)
						}
					}
					if len(names) == 0 {
						names = []string{blank} // never replaced (see put)
					}
				}
				body := d.Tok.String() + " " + text(s.Pos(), s.End())
				p.put(&Decl{Cell: c.Index, Names: names, Text: directive(s.Pos()) + body, uses: idents(s), alias: alias})
			}
		}
	}
}

// parse parses decls, the declarations of cell cell, as a file of package
// main (src: its text, a header line first); a syntax error goes to
// p.Errors, with its positions in the cell, and ok is false.
func (p *Program) parse(cell int, decls string) (fset *token.FileSet, f *ast.File, src string, ok bool) {
	src = "package main\n" + decls
	fset = token.NewFileSet()
	f, err := parser.ParseFile(fset, FileName(cell), src, parser.ParseComments)
	if err != nil {
		// Positions in the cell: the header line is not the student's.
		msg := err.Error()
		if list, ok := err.(scanner.ErrorList); ok && len(list) > 0 {
			var parts []string
			for _, e := range list {
				parts = append(parts, fmt.Sprintf("ligne %d:%d: %s", e.Pos.Line-1, e.Pos.Column, e.Msg))
			}
			msg = strings.Join(parts, "\n")
		}
		p.Errors = append(p.Errors, CellError{cell, msg})
		return nil, nil, "", false
	}
	return fset, f, src, true
}

// put adds d, removing every earlier declaration that shares a name but
// the blank one.
// Cost O(names of d): the declarations are indexed by name.
func (p *Program) put(d *Decl) {
	for _, n := range d.Names {
		if n == blank {
			continue
		}
		if old := p.named[n]; old != nil && !p.replaced[old] {
			p.replaced[old] = true
			d.Replaced = append(append(d.Replaced, old.Replaced...), old.Cell)
			for _, on := range old.Names { // all its names go with it
				if p.named[on] == old {
					delete(p.named, on)
				}
			}
		}
	}
	for _, n := range d.Names {
		if n != blank {
			p.named[n] = d
		}
	}
	p.Decls = append(p.Decls, d)
}

// reset drops every declaration and import so far (GoNB's %reset), and
// the errors of the cells before: they declare nothing now either.
func (p *Program) reset() {
	p.Decls, p.Errors = nil, nil
	p.named, p.replaced, p.Imports = map[string]*Decl{}, map[*Decl]bool{}, map[string]Import{}
}

// remove drops the declarations and imports of the given GoNB keys (its
// %rm): an import's key, a name, "T~m" for method m of type T ("T[K]~m"
// for a generic T with a pointer receiver). A name that is not the first
// of its declaration removes nothing: GoNB deletes its key, but still
// writes the tuple (var a, b = f()) or the const group from its first
// name, which keeps it.
func (p *Program) remove(keys []string) {
	for _, k := range keys {
		delete(p.Imports, k)
		if strings.Contains(k, ".") {
			continue // no GoNB key has a dot: GoNB says "not found"
		}
		if t, m, ok := strings.Cut(k, "~"); ok {
			if i := strings.IndexByte(t, '['); i >= 0 {
				t = t[:i]
			}
			k = t + "." + m
		}
		if d := p.named[k]; d != nil && !p.replaced[d] && d.Names[0] == k {
			p.replaced[d] = true
			for _, n := range d.Names {
				if p.named[n] == d {
					delete(p.named, n)
				}
			}
		}
	}
}

// recvBase returns the base type name of a receiver: T for T, *T, T[K], *T[K].
func recvBase(e ast.Expr) string {
	for {
		switch t := e.(type) {
		case *ast.StarExpr:
			e = t.X
		case *ast.IndexExpr:
			e = t.X
		case *ast.IndexListExpr:
			e = t.X
		case *ast.ParenExpr:
			e = t.X
		case *ast.Ident:
			return t.Name
		default:
			return ""
		}
	}
}

// topLevel is the set of f's top-level declarations and specs: what an
// identifier the parser resolved in f's file scope is declared by.
func topLevel(f *ast.File) map[any]bool {
	top := map[any]bool{}
	for _, d := range f.Decls {
		top[d] = true
		if g, ok := d.(*ast.GenDecl); ok {
			for _, s := range g.Specs {
				top[s] = true
			}
		}
	}
	return top
}

// references lists the identifiers node n mentions that may name a
// declaration of the program (the over-approximation of its
// dependencies): those the parser left unresolved in the cell (declared
// in another cell, imported, predeclared) and those it resolved to a
// top-level declaration of the cell (top, see topLevel); not a local
// variable, parameter, field, type parameter or label, nor a method's name
// or the name after a selector's dot (a package's member, a field or a
// method: the methods of every type a declaration needs are needed too,
// see Needed). A composite literal's key is kept: a field's name, or a
// map's key that may be a constant of another cell.
func references(n ast.Node, top map[any]bool) []string {
	seen := map[string]bool{}
	var visit func(ast.Node) bool
	visit = func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.SelectorExpr:
			ast.Inspect(n.X, visit)
			return false
		case *ast.FuncDecl: // not its own name: a method's is no one's dependency
			if n.Recv != nil {
				ast.Inspect(n.Recv, visit)
			}
			ast.Inspect(n.Type, visit)
			if n.Body != nil {
				ast.Inspect(n.Body, visit)
			}
			return false
		case *ast.Ident:
			if n.Obj == nil || top[n.Obj.Decl] {
				seen[n.Name] = true
			}
		}
		return true
	}
	ast.Inspect(n, visit)
	out := make([]string, 0, len(seen))
	for k := range seen {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// Defines reports whether the program declares name (a function, type,
// variable or constant).
func (p *Program) Defines(name string) bool { return p.decl(name) != nil }

func (p *Program) decl(name string) *Decl {
	for _, d := range p.Decls {
		if slices.Contains(d.Names, name) {
			return d
		}
	}
	return nil
}

// Needed returns the declarations that name depends on, itself included,
// in program order: everything its text mentions, transitively, and the
// methods of every type it needs.
// Cost O(size of the program): the declarations are indexed by name once.
func (p *Program) Needed(name string) []*Decl {
	keep := map[*Decl]bool{}
	p.reach(p.byName(), keep, name)
	return p.inOrder(keep)
}

// byName indexes the declarations by the names they declare (not the
// blank one), and each method "T.m" under its type T too.
func (p *Program) byName() map[string][]*Decl {
	idx := map[string][]*Decl{}
	for _, d := range p.Decls {
		for _, n := range d.Names {
			if n == blank {
				continue // runs at start (see WithInits); no one can name it
			}
			idx[n] = append(idx[n], d)
			if t, _, ok := strings.Cut(n, "."); ok { // a method of type t
				idx[t] = append(idx[t], d)
			}
		}
	}
	// `type A = B`: a method declared on A is B's, and one on B is A's.
	for _, d := range p.Decls {
		if b := d.alias; b != "" {
			a := d.Names[0] // an alias declares one name
			ab, ba := slices.Clone(idx[a]), slices.Clone(idx[b])
			idx[a], idx[b] = append(idx[a], ba...), append(idx[b], ab...)
		}
	}
	return idx
}

// reach adds to keep the declarations of name and, transitively, of the
// names they use (each declaration visited once).
func (p *Program) reach(idx map[string][]*Decl, keep map[*Decl]bool, name string) {
	stack := []string{name}
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, d := range idx[n] {
			if !keep[d] {
				keep[d] = true
				stack = append(stack, d.uses...)
			}
		}
	}
}

// inOrder lists the declarations of keep in program order.
func (p *Program) inOrder(keep map[*Decl]bool) []*Decl {
	var out []*Decl
	for _, d := range p.Decls {
		if keep[d] {
			out = append(out, d)
		}
	}
	return out
}

// WithInits returns decls plus what runs as GoNB's program starts, and
// what it needs, in program order: the init_* functions (calls calls
// them, sorted by name as GoNB runs them), func init and the blank
// declarations (`var _ = …`, which Go runs itself).
func (p *Program) WithInits(decls []*Decl) (all []*Decl, calls string) {
	var starts []string      // GoNB writes its functions sorted by name, each init_* as an init
	keep := map[*Decl]bool{} // what runs at start and what it needs, traversed whole
	idx := p.byName()
	for _, d := range p.Decls {
		if len(d.Names) != 1 {
			continue
		}
		switch n := d.Names[0]; {
		case d.startup:
			starts = append(starts, n+"()\n")
			fallthrough
		case n == "init" || n == blank:
			keep[d] = true
			for _, u := range d.uses {
				p.reach(idx, keep, u)
			}
		}
	}
	for _, d := range decls {
		keep[d] = true
	}
	return p.inOrder(keep), strings.Join(slices.Sorted(slices.Values(starts)), "")
}

// CompleteImports adds to p's imports those goimports adds to the whole
// program (the imports GoNB adds to a cell that lacks them), once: then
// Fix on the source of a part of it only removes the imports that part
// does not use, which is quick (goimports has nothing to search the
// module for; a search costs up to half a second per source). A program
// goimports cannot read is left as it is.
func (p *Program) CompleteImports() {
	src, err := Fix(p.Source(p.Decls, ""))
	if err != nil {
		return
	}
	f, err := parser.ParseFile(token.NewFileSet(), "main.go", src, parser.ImportsOnly)
	if err != nil {
		return
	}
	for _, is := range f.Imports {
		path, _ := strconv.Unquote(is.Path.Value)
		name := ""
		if is.Name != nil {
			name = is.Name.Name
		}
		if key := importKey(path, name); p.Imports[key].Path == "" {
			p.Imports[key] = Import{Path: path, Name: name}
		}
	}
}

// Unit is the build plan of the grader and of the students' self-check
// alike: the compile unit name whose main runs GoNB's start-up then call
// (a statement, "reinesServe_()"), with the declarations the functions
// funcs need (see Needed), in program order, and what runs as the program
// starts (see WithInits); harness is the unit's other file. Cost O(size of
// the program).
func (p *Program) Unit(name string, funcs []string, call, harness string, race bool) Unit {
	keep := map[*Decl]bool{}
	idx := p.byName()
	for _, f := range funcs {
		p.reach(idx, keep, f)
	}
	decls, inits := p.WithInits(p.inOrder(keep))
	return Unit{Name: name, Source: p.Source(decls, inits+call), Harness: harness, Race: race, Decls: decls}
}

// Source returns a complete main package: the imports, the given
// declarations and main's body. Unused imports and missing standard-library
// imports are left to goimports (see [Fix]).
func (p *Program) Source(decls []*Decl, mainBody string) string {
	var b strings.Builder
	b.WriteString("package main\n\nimport (\n")
	keys := make([]string, 0, len(p.Imports))
	for k := range p.Imports {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		fmt.Fprintf(&b, "\t%s %q\n", p.Imports[k].Name, p.Imports[k].Path)
	}
	b.WriteString(")\n\n")
	for _, d := range decls {
		b.WriteString(d.Text)
		b.WriteString("\n\n")
	}
	b.WriteString("//line main.go:1\nfunc main() {\n" + mainBody + "\n}\n")
	return b.String()
}
