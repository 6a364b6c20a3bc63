package release

import (
	"fmt"
	"go/ast"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/packages"

	"github.com/prepa-reines/reines/grading/workbook"
)

// refFields are the fields of an Exercise whose values run only in the
// teacher's edition: they may use what the student edition stubs.
var refFields = []string{"Ref", "Computed", "Want"}

// checkNotebookPackages checks that the notebook packages of the tree
// (grading/nbNN) use a function the SDK stubs only where the student
// edition never runs it: as a question's Ref, in its Computed
// cases or its Want, in a value declared with grading.Data (recorded at
// release time), as the argument of a parameter named ref (a constructor
// that puts it in Ref), or in a function of the package used only in those
// places. Anywhere else (a judge, a drawing, a call adapter) it would
// panic or fail in the student's notebook. The error lists every such use
// with its position.
func (t *tree) checkNotebookPackages() error {
	stubbed, err := Stubbed(t.root)
	if err != nil {
		return err
	}
	var bad []string
	for _, nb := range workbook.Notebooks {
		pkg, err := t.pkg(strings.TrimPrefix(nb.Package, Module+"/"))
		if err != nil {
			return err
		}
		bad = append(bad, stubUses(pkg, stubbed)...)
	}
	if len(bad) > 0 {
		return fmt.Errorf("the notebook packages use reference answers where the student edition runs them (only %s fields, grading.Data and grading.Measured may):\n%s",
			strings.Join(refFields, ", "), strings.Join(bad, "\n"))
	}
	return nil
}

// stubUses lists the uses of stubbed functions in pkg outside
// teacher-only code.
func stubUses(pkg *packages.Package, stubbed map[string]bool) []string {
	// The package's functions, where each is used, and the enclosing
	// top-level function of every identifier.
	type use struct {
		id    *ast.Ident
		stack []ast.Node
	}
	var uses []use
	decls := map[*types.Func]*ast.FuncDecl{}
	for _, f := range pkg.Syntax {
		var stack []ast.Node
		ast.Inspect(f, func(n ast.Node) bool {
			if n == nil {
				stack = stack[:len(stack)-1]
				return true
			}
			stack = append(stack, n)
			if fd, ok := n.(*ast.FuncDecl); ok {
				if fn, ok := pkg.TypesInfo.Defs[fd.Name].(*types.Func); ok {
					decls[fn] = fd
				}
			}
			if id, ok := n.(*ast.Ident); ok {
				if _, ok := pkg.TypesInfo.Uses[id].(*types.Func); ok {
					uses = append(uses, use{id, slices.Clone(stack)})
				}
			}
			return true
		})
	}
	enclosing := func(stack []ast.Node) *ast.FuncDecl {
		for _, n := range stack {
			if fd, ok := n.(*ast.FuncDecl); ok {
				return fd
			}
		}
		return nil
	}
	// A function of the package is teacher-only when every use of it is in
	// teacher-only code (fixpoint).
	teacher := map[*ast.FuncDecl]bool{}
	allowed := func(u use) bool {
		return teacher[enclosing(u.stack)] || teacherOnlyContext(pkg, u.stack)
	}
	for changed := true; changed; {
		changed = false
		for fn, fd := range decls {
			if teacher[fd] || fd.Name.Name == "init" {
				continue
			}
			used, all := false, true
			for _, u := range uses {
				if pkg.TypesInfo.Uses[u.id] == fn {
					used = true
					all = all && allowed(u)
				}
			}
			if used && all {
				teacher[fd] = true
				changed = true
			}
		}
	}
	var bad []string
	for _, u := range uses {
		fn := pkg.TypesInfo.Uses[u.id].(*types.Func)
		if stubbed[stubName(fn)] && !allowed(u) {
			bad = append(bad, fmt.Sprintf("%s: uses %s, which the student edition stubs", pkg.Fset.Position(u.id.Pos()), stubName(fn)))
		}
	}
	slices.Sort(bad)
	return bad
}

// stubName is the name Stubbed gives fn: "path.Name" or "path.Type.Name".
func stubName(fn *types.Func) string {
	if fn.Pkg() == nil {
		return ""
	}
	sig, _ := fn.Type().(*types.Signature)
	if sig == nil || sig.Recv() == nil {
		return fn.Pkg().Path() + "." + fn.Name()
	}
	t := sig.Recv().Type()
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	named, ok := t.(*types.Named)
	if !ok {
		return ""
	}
	return fn.Pkg().Path() + "." + named.Obj().Name() + "." + fn.Name()
}

// teacherOnlyContext reports whether the innermost node of stack lies in
// the value of a Ref, Computed or Want field, in an argument of
// grading.Data or grading.Measured, or in an argument for a parameter named
// ref.
func teacherOnlyContext(pkg *packages.Package, stack []ast.Node) bool {
	for i := len(stack) - 1; i >= 0; i-- {
		switch n := stack[i].(type) {
		case *ast.KeyValueExpr:
			if k, ok := n.Key.(*ast.Ident); ok && slices.Contains(refFields, k.Name) && i+1 < len(stack) && stack[i+1] == n.Value {
				return true
			}
		case *ast.CallExpr:
			fun := n.Fun
			if ix, ok := fun.(*ast.IndexExpr); ok { // grading.Data[T](…)
				fun = ix.X
			}
			if sel, ok := fun.(*ast.SelectorExpr); ok && (sel.Sel.Name == "Data" || sel.Sel.Name == "Measured") {
				if x, ok := sel.X.(*ast.Ident); ok && x.Name == "grading" {
					return true
				}
			}
			sig, _ := pkg.TypesInfo.TypeOf(n.Fun).(*types.Signature)
			if sig == nil || i+1 >= len(stack) {
				continue
			}
			for k, arg := range n.Args {
				if arg == stack[i+1] && k < sig.Params().Len() && sig.Params().At(k).Name() == "ref" {
					return true
				}
			}
		}
	}
	return false
}
