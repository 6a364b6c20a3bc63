package submission

import (
	"errors"
	"fmt"
	"go/ast"
	"go/build"
	"go/parser"
	"go/token"
	"go/types"
	"io/fs"
	"os"
	"os/exec"
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
// bodies aside, and kept (about a second the first time on the project's
// 2-core machine, milliseconds after); the whole check holds a lock, so
// concurrent callers wait.
// Errors: src does not parse or type-check, or an import cannot be read.
func TypeCheck(sdk, src, harness string) (*Typed, error) {
	typeMu.Lock()
	defer typeMu.Unlock()
	im := importers[sdk]
	if im == nil {
		ctxt := build.Default
		ctxt.GOROOT = goroot(sdk)
		ctxt.CgoEnabled = false // as the binaries are built (the race builds' cgo changes no API)
		ctxt.Dir = sdk
		local := ctxt
		local.ReadDir = withoutTests // which also turns off go/build's calls of the go command
		im = &sourceImporter{ctxt: ctxt, local: local, sdk: sdk, fset: token.NewFileSet(), pkgs: map[string]*types.Package{}, errs: map[string]error{},
			found: map[[2]string]*build.Package{}, modules: dependencyDirs(sdk)}
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
// library's from GOROOT (its vendored packages too), those of the modules
// the SDK requires from the folders one go list gave, any other through
// go/build (the go command's module resolution, in the SDK's folder).
// Each package is looked up once and its test files are never read.
type sourceImporter struct {
	ctxt  build.Context
	local build.Context // ctxt for the standard library and the module, reading no test file
	sdk   string
	fset  *token.FileSet
	pkgs  map[string]*types.Package // by import path, as resolved
	errs  map[string]error
	// found holds the packages go/build found, by import path and the
	// folder importing it ("" for a path that names the same package from
	// every folder: the standard library's and the module's): each is
	// looked up once, not once per import.
	found map[[2]string]*build.Package
	// modules holds the folders of the packages of other modules the
	// SDK's packages import (see dependencyDirs).
	modules map[string]string
}

// dependencyDirs returns the folders of the packages outside the standard
// library and the module that the packages of the SDK at sdk import, by
// import path, as the go command resolves them when the grader builds (one
// go list: go/build would run one per package); nil if go list fails (each
// is then looked up by go/build).
func dependencyDirs(sdk string) map[string]string {
	cmd := exec.Command("go", "list", "-e", "-deps", "-f", "{{if not .Standard}}{{.ImportPath}}\t{{.Dir}}{{end}}", "./...")
	cmd.Dir = sdk
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOPROXY=off", "GOWORK=off", "GOTOOLCHAIN=local")
	out, err := cmd.Output()
	if err != nil {
		return nil
	}
	dirs := map[string]string{}
	for _, l := range strings.Split(string(out), "\n") {
		if path, dir, ok := strings.Cut(l, "\t"); ok && dir != "" {
			dirs[path] = dir
		}
	}
	return dirs
}

// goroot returns the GOROOT of the go command that builds the programs
// (go env GOROOT, in the SDK's folder), whose standard library the type
// check must read: not the one this binary was built with, which
// go/build's default gives, empty for a grader built with -trimpath
// (GOFLAGS=-trimpath, or a test binary built so), where every import of the
// standard library then failed and every question got 0 as « programme
// que le correcteur ne sait pas analyser ». go/build's default if the go
// command gives none.
func goroot(sdk string) string {
	if out, err := GoEnv(sdk, "GOROOT"); err == nil {
		if dir := strings.TrimSpace(string(out)); dir != "" {
			return dir
		}
	}
	return build.Default.GOROOT
}

// withoutTests is os.ReadDir for go/build, leaving out the test files: a
// type check reads only the files of the package proper, and go/build
// otherwise opens each test file to read its imports.
func withoutTests(dir string) ([]fs.FileInfo, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	infos := make([]fs.FileInfo, 0, len(entries))
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), "_test.go") {
			continue
		}
		info, err := e.Info()
		if err != nil {
			continue // removed meanwhile
		}
		infos = append(infos, info)
	}
	return infos, nil
}

// find returns the package go/build finds for an import of path from dir.
func (im *sourceImporter) find(path, dir string) (*build.Package, error) {
	rest, module := strings.CutPrefix(path, Module)
	module = module && (rest == "" || rest[0] == '/')
	first, _, _ := strings.Cut(path, "/")
	std := !module && !strings.Contains(first, ".")
	// Another module's, imported from the SDK's (the standard library's
	// vendored copies are its own).
	dep := !module && !std && im.modules[path] != "" && !strings.HasPrefix(dir, filepath.Join(im.ctxt.GOROOT, "src")+string(filepath.Separator))
	key := [2]string{path, dir}
	if module || std || dep {
		key[1] = "" // one package per path, from every folder
	}
	if bp := im.found[key]; bp != nil {
		return bp, nil
	}
	var bp *build.Package
	var err error
	switch {
	case module:
		bp, err = im.local.ImportDir(filepath.Join(im.sdk, filepath.FromSlash(rest)), 0)
	case std:
		bp, err = im.local.Import(path, dir, 0)
	case dep:
		bp, err = im.local.ImportDir(im.modules[path], 0)
	default:
		bp, err = im.ctxt.Import(path, dir, 0)
	}
	if err != nil {
		return nil, err
	}
	if module || dep {
		bp.ImportPath = path
	}
	im.found[key] = bp
	return bp, nil
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
	bp, err := im.find(path, dir)
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
