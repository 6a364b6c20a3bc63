package submission

import (
	"errors"
	"fmt"
	"go/ast"
	"go/build"
	"go/parser"
	"go/token"
	"go/types"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
)

// Typed is a question's program type-checked as the compiler sees it: what
// the teacher's flags read when the syntax alone cannot tell (a dot import,
// a method of a value whose type the code never names, a constant written
// as arithmetic).
type Typed struct {
	Fset *token.FileSet
	File *ast.File   // the student's file (not the harness)
	Info *types.Info // Types (with constant values), Uses, Defs
}

// TypeCheck type-checks src, the student's file of a program of package
// main, with its harness (as Compile builds them: src stripped of its
// imports of the grading packages; harness may be empty), against the
// student edition at sdk (the packages of the module, from their source)
// and the standard library (from GOROOT's source), as go build would
// without cgo. Imported packages are checked once per process, function
// bodies aside, and kept (a few seconds the first time, milliseconds
// after); the whole check holds a lock, so concurrent callers wait.
// Errors: src does not parse or type-check, or an import cannot be read.
func TypeCheck(sdk, src, harness string) (*Typed, error) {
	typeMu.Lock()
	defer typeMu.Unlock()
	im := importers[sdk]
	if im == nil {
		ctxt := build.Default
		ctxt.CgoEnabled = false // as the binaries are built (the race builds' cgo changes no API)
		ctxt.Dir = sdk
		im = &sourceImporter{ctxt: ctxt, sdk: sdk, fset: token.NewFileSet(), pkgs: map[string]*types.Package{}, errs: map[string]error{}}
		importers[sdk] = im
	}
	file, err := parser.ParseFile(im.fset, filepath.Join(sdk, "main.go"), StripGrading(src), parser.SkipObjectResolution|parser.ParseComments)
	if err != nil {
		return nil, err
	}
	files := []*ast.File{file}
	if harness != "" {
		h, err := parser.ParseFile(im.fset, filepath.Join(sdk, "serve.go"), harness, parser.SkipObjectResolution)
		if err != nil {
			return nil, err
		}
		files = append(files, h)
	}
	info := &types.Info{Types: map[ast.Expr]types.TypeAndValue{}, Uses: map[*ast.Ident]types.Object{}, Defs: map[*ast.Ident]types.Object{}}
	conf := types.Config{Importer: im, Sizes: types.SizesFor("gc", runtime.GOARCH)}
	if _, err := conf.Check("main", im.fset, files, info); err != nil {
		return nil, err
	}
	return &Typed{Fset: im.fset, File: file, Info: info}, nil
}

var (
	typeMu    sync.Mutex
	importers = map[string]*sourceImporter{} // by SDK folder
)

// sourceImporter type-checks imported packages from their source, function
// bodies aside: the module's from the SDK's folder, the standard
// library's from GOROOT (its vendored packages too), any other through
// go/build (the go command's module resolution, in the SDK's folder).
type sourceImporter struct {
	ctxt build.Context
	sdk  string
	fset *token.FileSet
	pkgs map[string]*types.Package // by import path, as resolved
	errs map[string]error
}

func (im *sourceImporter) Import(path string) (*types.Package, error) {
	return im.ImportFrom(path, im.sdk, 0)
}

func (im *sourceImporter) ImportFrom(path, dir string, _ types.ImportMode) (*types.Package, error) {
	switch path {
	case "unsafe":
		return types.Unsafe, nil
	case "C":
		return nil, errors.New(`import "C": cgo is refused`)
	}
	var bp *build.Package
	var err error
	if rest, ok := strings.CutPrefix(path, Module); ok && (rest == "" || rest[0] == '/') {
		bp, err = im.ctxt.ImportDir(filepath.Join(im.sdk, filepath.FromSlash(rest)), 0)
		if bp != nil {
			bp.ImportPath = path
		}
	} else {
		bp, err = im.ctxt.Import(path, dir, 0)
	}
	if err != nil {
		return nil, fmt.Errorf("import %q: %w", path, err)
	}
	key := bp.ImportPath
	if p := im.pkgs[key]; p != nil {
		return p, nil
	}
	if err := im.errs[key]; err != nil {
		return nil, err
	}
	var files []*ast.File
	for _, name := range bp.GoFiles {
		f, err := parser.ParseFile(im.fset, filepath.Join(bp.Dir, name), nil, parser.SkipObjectResolution)
		if err != nil {
			im.errs[key] = err
			return nil, err
		}
		files = append(files, f)
	}
	var first error
	conf := types.Config{
		Importer:         im,
		IgnoreFuncBodies: true,
		Sizes:            types.SizesFor("gc", runtime.GOARCH),
		Error: func(err error) {
			if first == nil {
				first = err
			}
		},
	}
	pkg, _ := conf.Check(key, im.fset, files, nil)
	if first != nil {
		im.errs[key] = fmt.Errorf("package %s: %w", key, first)
		return nil, im.errs[key]
	}
	im.pkgs[key] = pkg
	return pkg, nil
}
