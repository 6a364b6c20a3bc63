package release

import (
	"context"
	"encoding/json"
	"go/ast"
	"go/scanner"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"golang.org/x/tools/go/packages"

	"github.com/prepa-reines/reines/grading"
	"github.com/prepa-reines/reines/grading/notebook"
	"github.com/prepa-reines/reines/grading/workbook"
)

var (
	editionOnce sync.Once
	editionDir  string
	editionErr  error
)

// edition copies the student edition once for the package's tests (see
// Edition: written once per version of the sources).
func edition(t *testing.T) (root, dir string) {
	t.Helper()
	root, _ = filepath.Abs("../..")
	editionOnce.Do(func() {
		editionDir, editionErr = os.MkdirTemp("", "student-edition-")
		if editionErr == nil {
			var src string
			if src, _, editionErr = Edition(context.Background(), root, true); editionErr == nil {
				editionErr = os.CopyFS(editionDir, os.DirFS(src))
			}
		}
	})
	if editionErr != nil {
		t.Fatal(editionErr)
	}
	return root, editionDir
}

func TestMain(m *testing.M) {
	code := m.Run()
	if editionDir != "" {
		os.RemoveAll(editionDir)
	}
	os.Exit(code)
}

// The student edition builds and vets on its own, offline, and holds what
// a student needs and nothing of the teacher's.
func TestStudentEditionContents(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the student edition")
	}
	_, dir := edition(t)
	cmd := exec.Command("go", "vet", "./...")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOPROXY=off", "GOWORK=off")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go vet in the student edition: %v\n%s", err, out)
	}
	for _, want := range []string{"Makefile", "README.md", ".gitignore", "go.mod", "go.sum", "kernel-setup/setup.sh", "kernel-setup/install-go.sh", "binder/postBuild", "binder/apt.txt", "Dockerfile",
		"kernel-setup/gonb-kernel.sh", "kernel-setup/gopls-shim/gopls", "grading/cmd/check/main.go", "notebooks/01-recursion.ipynb", "grading/nb05/recorded.go"} {
		if _, err := os.Stat(filepath.Join(dir, want)); err != nil {
			t.Errorf("missing %s", want)
		}
	}
	// A whole package keeps every file, those of other systems too
	// (tp/display's fionread_darwin.go, flush_other.go): the edition
	// builds on macOS.
	for _, sp := range sdkPackages {
		if !sp.Whole {
			continue
		}
		want, err := goFiles(filepath.Join("..", "..", sp.Dir))
		if err != nil {
			t.Fatal(err)
		}
		if got, err := goFiles(filepath.Join(dir, sp.Dir)); err != nil || !slices.Equal(got, want) {
			t.Errorf("%s in the student edition: %v %v; want %v", sp.Dir, got, err, want)
		}
	}
	// The packages of the hidden cases are there, for the notebooks import
	// them, and set none: one file, that assigns no case.
	for _, nb := range workbook.Notebooks {
		hidden := filepath.Join(dir, nb.Dir(), "hidden")
		names, err := os.ReadDir(hidden)
		if err != nil || len(names) != 1 || names[0].Name() != "hidden.go" {
			t.Errorf("%s in the student edition: %v %v; want hidden.go alone", hidden, names, err)
			continue
		}
		src, err := os.ReadFile(filepath.Join(hidden, "hidden.go"))
		if err != nil || strings.Contains(string(src), ".Hidden") || strings.Contains(string(src), "func") {
			t.Errorf("the student edition's %s/hidden.go sets cases (%v):\n%s", nb.Dir(), err, src)
		}
	}
	// make rendu checks, then packs the notebooks as they are handed in:
	// a notebook without outputs under its own name, and rendu.zip.
	rendu := exec.Command("make", "-s", "rendu", "NB=notebooks/01-recursion.ipynb")
	rendu.Dir = dir
	rendu.Env = cmd.Env
	if out, err := rendu.CombinedOutput(); err != nil || !strings.Contains(string(out), "Q1 IsSafe") || !strings.Contains(string(out), "rendu/rendu.zip") {
		t.Errorf("make rendu: %v; want the checks' report and the zip\n%s", err, out)
	}
	for _, f := range []string{"rendu/01-recursion.ipynb", "rendu/rendu.zip"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Errorf("make rendu: %v", err)
		}
	}
	os.RemoveAll(filepath.Join(dir, "rendu"))
	// The kernel's launchers are run, not read.
	for _, exe := range []string{"kernel-setup/setup.sh", "kernel-setup/gopls-shim/gopls"} {
		if info, err := os.Stat(filepath.Join(dir, exe)); err == nil && info.Mode()&0o100 == 0 {
			t.Errorf("%s is not executable (mode %v)", exe, info.Mode())
		}
	}
	err := filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, path)
		switch name := d.Name(); {
		case strings.HasSuffix(name, "_test.go"),
			name == "corrections", name == "src", name == "mistakes", name == "fixtures", rel == filepath.Join("tp", "cmd"), name == "batch", name == "release",
			name == "testdata", rel == filepath.Join("grading", "sandbox"),
			rel == filepath.Join("grading", "gradebook"), rel == filepath.Join("grading", "feedback"):
			t.Errorf("the student edition holds %s", rel)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// tokens returns the token stream of Go source, comments and layout left
// out, identifiers and literals kept.
func tokens(src []byte) []string {
	var s scanner.Scanner
	fset := token.NewFileSet()
	s.Init(fset.AddFile("", fset.Base(), len(src)), src, nil, 0)
	var out []string
	for {
		_, tok, lit := s.Scan()
		switch {
		case tok == token.EOF:
			return out
		case tok == token.SEMICOLON && lit == "\n":
			continue // an inserted semicolon: layout
		case lit != "":
			out = append(out, lit)
		default:
			out = append(out, tok.String())
		}
	}
}

// contains reports whether seq occurs in stream as a contiguous run.
func contains(stream, seq []string) bool {
	for i := 0; i+len(seq) <= len(stream); i++ {
		if slices.Equal(stream[i:i+len(seq)], seq) {
			return true
		}
	}
	return false
}

// The leak test: no body of a function the SDK stubs (every reference
// answer among them) appears in the student edition, in Go files or
// notebooks; no hidden case is recorded; no correction is shipped.
func TestNoLeak(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the student edition")
	}
	root, dir := edition(t)
	stubbed, err := Stubbed(root)
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range grading.Questions("") {
		if !q.Prose() && !stubbed[q.RefName] {
			t.Errorf("%s: its reference answer %s is not stubbed", q.ID, q.RefName)
		}
	}
	// The bodies of the stubbed functions, from the teacher's sources.
	var bodies [][]string
	names := map[int]string{}
	tr := newTree(root)
	for _, sp := range sdkPackages {
		pkg, err := tr.pkg(sp.Dir)
		if err != nil {
			t.Fatal(err)
		}
		for _, fd := range funcDecls(pkg) {
			if !sp.stubs(fd) {
				continue
			}
			f := pkg.Fset.File(fd.Pos())
			data, _ := os.ReadFile(f.Name())
			body := tokens(data[int(fd.Body.Lbrace)-f.Base()+1 : int(fd.Body.Rbrace)-f.Base()])
			if len(body) >= 12 { // shorter bodies ("return board.Board{N: n}") say nothing
				names[len(bodies)] = sp.Dir + "." + declKey(fd)
				bodies = append(bodies, body)
			}
		}
	}
	if len(bodies) < 60 {
		t.Fatalf("only %d stubbed bodies to look for", len(bodies))
	}
	// Every Go file and every code cell of the student edition.
	var streams []struct {
		where  string
		tokens []string
	}
	err = filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(dir, path)
		switch filepath.Ext(path) {
		case ".go":
			data, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			streams = append(streams, struct {
				where  string
				tokens []string
			}{rel, tokens(data)})
		case ".ipynb":
			nb, err := notebook.Read(path)
			if err != nil {
				return err
			}
			for i, c := range nb.Cells {
				if c.CellType == "code" {
					streams = append(streams, struct {
						where  string
						tokens []string
					}{rel + " cell " + strconv.Itoa(i+1), tokens([]byte(c.Source))})
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for k, body := range bodies {
		for _, s := range streams {
			if contains(s.tokens, body) {
				t.Errorf("the body of %s is in %s", names[k], s.where)
			}
		}
	}
	// No doc comment of the SDK says which questions a function answers in
	// writing, points to the teacher's files, or works an answer out.
	leaky := regexp.MustCompile(`(?i)answers notebook|written Q\d|example_test\.go|\.txtar|grading/nb`)
	_ = filepath.WalkDir(filepath.Join(dir, "tp"), func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") {
			return err
		}
		data, _ := os.ReadFile(path)
		for i, line := range strings.Split(string(data), "\n") {
			if strings.HasPrefix(strings.TrimSpace(line), "//") && leaky.MatchString(line) {
				t.Errorf("%s:%d: %s", path, i+1, line)
			}
		}
		return nil
	})
	// No hidden case among the recorded ones.
	for _, nb := range workbook.Notebooks {
		data, err := grading.RecordNotebook(nb.ID, nil)
		if err != nil {
			t.Fatal(err)
		}
		var rec grading.Recording
		_ = json.Unmarshal(data, &rec)
		for id, r := range rec.Exercises {
			recorded := map[string]bool{}
			for _, in := range r.Inputs {
				recorded[string(in)] = true
			}
			// Random hidden cases are drawn from a range: a few seeds
			// draw most of it, and none may be a public case.
			for seed := uint64(1); seed <= 6; seed++ {
				all, public, _ := grading.Inputs(id, true, seed)
				for _, in := range all[public:] {
					if recorded[string(in)] {
						t.Errorf("%s: hidden case %s (seed %d) recorded in the student edition", id, in, seed)
						recorded[string(in)] = false // said once
					}
				}
			}
		}
	}
	// No correction: answer cells are stubs, written answers placeholders.
	srcs, _ := filepath.Glob(filepath.Join(root, "grading", "nb*", "*.txtar"))
	for _, src := range srcs {
		_, correction, err := Build(root, src)
		if err != nil {
			t.Fatal(err)
		}
		name := strings.TrimSuffix(filepath.Base(src), ".txtar") + ".ipynb"
		student, err := notebook.Read(filepath.Join(dir, "notebooks", name))
		if err != nil {
			t.Fatal(err)
		}
		for i, c := range student.Cells {
			switch m := c.Reines(); m.Role {
			case "answer":
				if !strings.Contains(string(c.Source), StudentStub) || c.Source == correction.Cells[i].Source {
					t.Errorf("%s: the answer cell of %s is not a stub", name, m.Question)
				}
			case "prose":
				if string(c.Source) != frenchMarkdown(notebook.ProsePlaceholder) {
					t.Errorf("%s: the written answer of %s is not the placeholder", name, m.Question)
				}
			}
		}
	}
}

// funcDecls lists the function declarations of pkg.
func funcDecls(pkg *packages.Package) []*ast.FuncDecl {
	var out []*ast.FuncDecl
	for _, f := range pkg.Syntax {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
				out = append(out, fd)
			}
		}
	}
	return out
}

// The student edition's make jupyter, run while a server already serves
// its notebooks/, says so in French with that server's address and starts
// nothing (the runtime file stands for the server; this process for its
// live process).
func TestStudentMakeJupyterRunning(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the student edition")
	}
	_, dir := edition(t)
	runtime := t.TempDir()
	data, _ := json.Marshal(map[string]any{"pid": os.Getpid(), "url": "http://localhost:8888/", "token": "tok", "notebook_dir": filepath.Join(dir, "notebooks")})
	if err := os.WriteFile(filepath.Join(runtime, "nbserver-1.json"), data, 0o600); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("make", "-s", "-o", "build/.setup-done", "jupyter")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "JUPYTER_RUNTIME_DIR="+runtime, "GOFLAGS=-mod=mod", "GOPROXY=off", "GOWORK=off")
	out, err := cmd.CombinedOutput()
	if err != nil || !strings.Contains(string(out), "Jupyter tourne déjà sur notebooks") || !strings.Contains(string(out), "http://localhost:8888/?token=tok") {
		t.Errorf("make jupyter with a server running: %v\n%s\nwant it named, in French", err, out)
	}
}
