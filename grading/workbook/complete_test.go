package workbook_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/prepa-reines/reines/grading"
	"github.com/prepa-reines/reines/grading/fixtures"
	"github.com/prepa-reines/reines/grading/fixtures/edit"
	"github.com/prepa-reines/reines/grading/workbook"
)

// Every TP of the workbook's list has everything a TP is made of (see
// docs/contributing.md, « Adding a TP »); the test names what one lacks.
// The registry, the release, the guide's and the README's tables read the
// list; what is written by hand elsewhere is checked here.
func TestWorkbookComplete(t *testing.T) {
	root := filepath.Join("..", "..")
	read := func(rel string) string {
		data, err := os.ReadFile(filepath.Join(root, rel))
		if err != nil {
			t.Errorf("cannot read %s: %v", rel, err)
		}
		return string(data)
	}
	guide := read("notebooks/src/guide.md")
	setup := read("kernel-setup/setup.sh")
	f, err := parser.ParseFile(token.NewFileSet(), filepath.Join(root, "grading", "workbook", "workbook.go"), nil, parser.ImportsOnly)
	if err != nil {
		t.Fatal(err)
	}
	var imports []string
	for _, imp := range f.Imports {
		imports = append(imports, strings.Trim(imp.Path.Value, `"`))
	}
	for _, n := range workbook.Notebooks {
		lack := func(what, where string) { t.Errorf("TP %s (%s) lacks %s: %s", n.ID, n.Name, what, where) }
		dir := "grading/nb" + n.ID
		if n.Package != workbook.Module+"/"+dir {
			lack("its package of questions at "+dir, "Package is "+n.Package)
		}
		for _, f := range []struct{ rel, what string }{
			{n.Source(), "its statement's source"},
			{"notebooks/" + n.Name + ".ipynb", "its notebook (make notebooks)"},
			{"notebooks/corrections/" + n.Name + ".ipynb", "its correction (make notebooks)"},
			{dir + "/nb" + n.ID + ".go", "its questions' definitions"},
			{dir + "/hidden/hidden.go", "its hidden cases (package hidden, imported by grading/workbook)"},
			{dir + "/nb" + n.ID + "_test.go", "the tests of its checks (typical mistakes)"},
		} {
			if _, err := os.Stat(filepath.Join(root, f.rel)); err != nil {
				lack(f.what, f.rel)
			}
		}
		if !slices.Contains(imports, n.Hidden()) {
			lack("its hidden cases loaded with the workbook", "an import of "+n.Hidden()+" in grading/workbook/workbook.go")
		}
		if !strings.Contains(guide, "<!-- barème "+n.ID+" -->") {
			lack("its section in the teacher's guide", "the line <!-- barème "+n.ID+" --> in notebooks/src/guide.md")
		}
		qs := grading.Questions(n.ID)
		if len(qs) == 0 {
			lack("questions", "no grading.Define in "+dir)
			continue
		}
		if slices.ContainsFunc(qs, func(q *grading.Question) bool { return q.Race }) && !strings.Contains(setup, "./"+dir) {
			lack("its race detector's warm-up (it has Race questions)", "./"+dir+" in kernel-setup/setup.sh")
		}
		if !slices.ContainsFunc(fixtures.Mistakes, func(m edit.Mistake) bool { return m.TP == n.ID && m.Lost != nil }) {
			lack("a typical mistake the grader is shown to catch", dir+"/mistakes, gathered by grading/fixtures/mistakes.go")
		}
		for _, name := range unregisteredErrors(t, root, qs) {
			lack("the French words of its error "+name, "grading.RegisterErrors in "+dir)
		}
	}
}

// unregisteredErrors returns the sentinel errors (exported package
// variables named Err…) of the packages of qs's reference answers that
// the checks cannot explain in French, as "package.ErrName".
func unregisteredErrors(t *testing.T, root string, qs []*grading.Question) []string {
	var out []string
	seen := map[string]bool{}
	for _, q := range qs {
		if q.RefName == "" {
			continue
		}
		pkg := q.RefName[:strings.LastIndex(q.RefName, ".")]
		if seen[pkg] {
			continue
		}
		seen[pkg] = true
		dir := filepath.Join(root, strings.TrimPrefix(pkg, workbook.Module+"/"))
		files, _ := filepath.Glob(filepath.Join(dir, "*.go"))
		for _, f := range files {
			if strings.HasSuffix(f, "_test.go") {
				continue
			}
			file, err := parser.ParseFile(token.NewFileSet(), f, nil, parser.SkipObjectResolution)
			if err != nil {
				t.Fatal(err)
			}
			for _, d := range file.Decls {
				g, ok := d.(*ast.GenDecl)
				if !ok || g.Tok != token.VAR {
					continue
				}
				for _, s := range g.Specs {
					v := s.(*ast.ValueSpec)
					for k, id := range v.Names {
						name := path.Base(pkg) + "." + id.Name
						if k < len(v.Values) {
							// Another package's sentinel under a second name
							// (var ErrTooLarge = queens.ErrTooLarge): errors.Is
							// finds it under its first.
							if sel, ok := v.Values[k].(*ast.SelectorExpr); ok {
								if x, ok := sel.X.(*ast.Ident); ok {
									name = x.Name + "." + sel.Sel.Name
								}
							}
						}
						if strings.HasPrefix(id.Name, "Err") && id.IsExported() &&
							!strings.Contains((&grading.Err{Is: name}).String(), "("+name+")") {
							out = append(out, name)
						}
					}
				}
			}
		}
	}
	return out
}
