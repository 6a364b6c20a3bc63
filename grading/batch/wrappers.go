package batch

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/prepa-reines/reines/grading"
	"github.com/prepa-reines/reines/grading/release"
)

// Wrappers finds, in the packages of the reference answers (refs:
// question → import path, see release.References), every function and
// method that calls a reference answer, directly or through one another:
// calling one of them is calling that answer. The result maps a name to
// the questions whose answers it reaches: "importpath.Func" for a function
// (the reference answers themselves included), "importpath.Type.Method"
// for a method. Example: "…/tp/exactcover.Problem.AddOption" → [04/Q4],
// since that method calls InsertOption. Method calls are followed when the
// receiver is a parameter or receiver whose declared type names the
// method's type (see refersTo). Errors: a package that cannot be read or
// parsed.
func Wrappers(root string, refs map[string]string) (map[string][]string, error) {
	type fn struct {
		key, path string
		decl      *ast.FuncDecl
		imports   map[string]string
	}
	reach := map[string][]string{}
	paths := map[string]bool{}
	for id, path := range refs {
		paths[path] = true
		if q := grading.Lookup(id); q != nil && q.Func != "" {
			reach[path+"."+q.Func] = append(reach[path+"."+q.Func], id)
		}
	}
	var fns []fn
	for path := range paths {
		dir := filepath.Join(root, strings.TrimPrefix(path, release.Module+"/"))
		entries, err := os.ReadDir(dir)
		if err != nil {
			return nil, err
		}
		fset := token.NewFileSet()
		for _, e := range entries {
			name := e.Name()
			if !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
				continue
			}
			file, err := parser.ParseFile(fset, filepath.Join(dir, name), nil, parser.SkipObjectResolution)
			if err != nil {
				return nil, err
			}
			imports := importNames(file)
			for _, d := range file.Decls {
				if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
					key := path + "." + fd.Name.Name
					if fd.Recv != nil && len(fd.Recv.List) == 1 {
						key = typeKey(fd.Recv.List[0].Type, path, imports) + "." + fd.Name.Name
					}
					fns = append(fns, fn{key, path, fd, imports})
				}
			}
		}
	}
	for changed := true; changed; {
		changed = false
		for _, f := range fns {
			for _, callee := range refersTo(f.decl, f.path, f.imports) {
				for _, id := range reach[callee] {
					if callee != f.key && !slices.Contains(reach[f.key], id) {
						reach[f.key] = append(reach[f.key], id)
						changed = true
					}
				}
			}
		}
	}
	return reach, nil
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

// typeKey names the type expression t ("path.Type", pointers removed) as
// seen from package path, or "" for other kinds of types.
func typeKey(t ast.Expr, path string, imports map[string]string) string {
	if star, ok := t.(*ast.StarExpr); ok {
		t = star.X
	}
	switch t := t.(type) {
	case *ast.Ident:
		if path != "" {
			return path + "." + t.Name
		}
	case *ast.SelectorExpr:
		if x, ok := t.X.(*ast.Ident); ok && imports[x.Name] != "" {
			return imports[x.Name] + "." + t.Sel.Name
		}
	}
	return ""
}

// refersTo lists the functions and methods that decl names: "path.Func"
// for pkg.Func (or Func, in package path), "path.Type.Method" for
// x.Method where x is a receiver or parameter of decl, or of a function
// literal in it, declared with type Type or *Type. path is decl's package,
// "" for a student's main package (whose own functions are not references).
func refersTo(decl *ast.FuncDecl, path string, imports map[string]string) []string {
	vars := map[string]string{} // parameter → its type's key
	addParams := func(fl *ast.FieldList) {
		if fl == nil {
			return
		}
		for _, f := range fl.List {
			if k := typeKey(f.Type, path, imports); k != "" {
				for _, n := range f.Names {
					vars[n.Name] = k
				}
			}
		}
	}
	addParams(decl.Recv)
	addParams(decl.Type.Params)
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		if fl, ok := n.(*ast.FuncLit); ok {
			addParams(fl.Type.Params)
		}
		return true
	})
	var out []string
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		switch e := n.(type) {
		case *ast.SelectorExpr:
			if x, ok := e.X.(*ast.Ident); ok {
				if p := imports[x.Name]; p != "" && vars[x.Name] == "" {
					out = append(out, p+"."+e.Sel.Name)
				} else if k := vars[x.Name]; k != "" {
					out = append(out, k+"."+e.Sel.Name)
				}
			}
		case *ast.CallExpr:
			if id, ok := e.Fun.(*ast.Ident); ok && path != "" {
				out = append(out, path+"."+id.Name)
			}
		}
		return true
	})
	return out
}
