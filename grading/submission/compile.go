package submission

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"

	"golang.org/x/tools/imports"

	"github.com/prepa-reines/reines/grading"
)

// Module is the workbook's module path; GradingPath the import path of its
// check harness, which the student's code may not use.
const (
	Module      = "github.com/prepa-reines/reines"
	GradingPath = Module + "/grading"
)

// Unit is one program to compile: a name (a directory name, e.g. "q2"),
// the student's code and the harness that serves it, in two files of one
// main package. The student's file has its imports completed by goimports,
// then stripped of every import of package grading or its sub-packages, so
// that nothing in it can use them; only the harness may.
type Unit struct {
	Name    string
	Source  string // main.go: the notebook's declarations and func main
	Harness string // serve.go, may be empty
	Race    bool   // built with the race detector (and cgo, which it needs); run it with Limits.Race
}

// Built is the result of compiling a unit: the binary, or the compiler's
// messages (positions name the student's cells).
type Built struct {
	Bin    string // path of the executable, "" if it did not compile
	Errors string // compiler messages, "" if it compiled
}

// Fix runs goimports on src, as GoNB does on every cell: standard-library
// imports the code uses are added, unused ones removed.
func Fix(src string) (string, error) {
	out, err := imports.Process("main.go", []byte(src), &imports.Options{Comments: true, TabIndent: true, TabWidth: 8, FormatOnly: false})
	if err != nil {
		return src, err
	}
	return string(out), nil
}

// StripGrading removes from src every import of package grading or of one
// of its sub-packages (a dot or blank import too). A syntax error leaves src
// as it is (the compiler will report it).
func StripGrading(src string) string {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "main.go", src, parser.ImportsOnly|parser.ParseComments)
	if err != nil {
		return src
	}
	type span struct{ from, to int }
	var cut []span
	for _, im := range f.Imports {
		path, _ := strconv.Unquote(im.Path.Value)
		if path == GradingPath || strings.HasPrefix(path, GradingPath+"/") {
			from, to := fset.Position(im.Pos()).Offset, fset.Position(im.End()).Offset
			if im.Name != nil {
				from = fset.Position(im.Name.Pos()).Offset
			}
			cut = append(cut, span{from, to})
		}
	}
	slices.Reverse(cut)
	for _, c := range cut {
		src = src[:c.from] + src[c.to:]
	}
	return src
}

// BuildLimits bound the go command that compiles submissions, and the
// compiler and linker it starts: a student's constants or generics can ask
// the compiler for tens of gigabytes, and its arrays for object files as
// large, which the build cache would keep.
var BuildLimits = struct {
	Timeout  time.Duration // wall clock of one go command, then its process group is killed
	MemoryMB int           // heap of each process (RLIMIT_DATA), with prlimit(1)
	FileMB   int           // largest file it writes (RLIMIT_FSIZE), with prlimit(1)
}{Timeout: 3 * time.Minute, MemoryMB: 3072, FileMB: 256}

// Compile builds every unit in dir (created if needed) against the
// workbook's module at root, offline, in one go command (the build cache is
// shared): one package per unit, replace directive to root, root's go.sum.
// The go command runs in a process group of its own, within BuildLimits:
// a build over its time is killed, whole, and its units get that as their
// errors. The returned map gives each unit's binary or its compile errors.
// An error is returned only when the build could not be attempted at all.
func Compile(ctx context.Context, root, dir string, units []Unit) (map[string]Built, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	gomod := fmt.Sprintf("module submission\n\ngo 1.26\n\nrequire %s v0.0.0\n\nreplace %s => %s\n", Module, Module, root)
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte(gomod), 0o644); err != nil {
		return nil, err
	}
	sum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	if err != nil {
		return nil, err
	}
	if err := os.WriteFile(filepath.Join(dir, "go.sum"), sum, 0o644); err != nil {
		return nil, err
	}
	results := map[string]Built{}
	for _, u := range units {
		src, ferr := Fix(u.Source)
		if ferr != nil {
			// goimports parses the file: a syntax error it reports is the
			// compiler's own; keep the source and let go build say it.
			src = u.Source
		}
		src = StripGrading(src)
		if importsC(src) || importsC(u.Harness) {
			results[u.Name] = Built{Errors: CgoRefused}
			continue
		}
		if err := os.MkdirAll(filepath.Join(dir, u.Name), 0o755); err != nil {
			return nil, err
		}
		if err := os.WriteFile(filepath.Join(dir, u.Name, "main.go"), []byte(src), 0o644); err != nil {
			return nil, err
		}
		if u.Harness != "" {
			if err := os.WriteFile(filepath.Join(dir, u.Name, "serve.go"), []byte(u.Harness), 0o644); err != nil {
				return nil, err
			}
		}
	}
	bin := filepath.Join(dir, "bin")
	var out []byte
	err = nil
	for _, race := range []bool{false, true} {
		var pkgs []string
		for _, u := range units {
			if _, refused := results[u.Name]; !refused && u.Race == race {
				pkgs = append(pkgs, "./"+u.Name)
			}
		}
		if len(pkgs) == 0 {
			continue
		}
		// Without cgo, but for the race detector, which needs it: a
		// student's import "C" does not build.
		// No symbol table (-s): a program cannot look up where the
		// harness's data lie in its own file; stack traces keep their names.
		args, env := []string{"build", "-ldflags=-s -w", "-o", bin + string(filepath.Separator)}, []string{"CGO_ENABLED=0"}
		if race {
			args, env = append(args, "-race"), []string{"CGO_ENABLED=1"}
		}
		argv := append([]string{"go"}, append(args, pkgs...)...)
		if prlimit, lerr := exec.LookPath("prlimit"); lerr == nil {
			argv = append([]string{prlimit, "--data=" + strconv.Itoa(BuildLimits.MemoryMB<<20), "--fsize=" + strconv.Itoa(BuildLimits.FileMB<<20), "--core=0", "--"}, argv...)
		}
		bctx, cancel := context.WithTimeout(ctx, BuildLimits.Timeout)
		cmd := exec.CommandContext(bctx, argv[0], argv[1:]...)
		cmd.Dir = dir
		cmd.Env = append(append(os.Environ(), "GOFLAGS=-mod=mod", "GOPROXY=off", "GOWORK=off", "GOTOOLCHAIN=local"), env...)
		cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
		cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) } // the compiler too
		cmd.WaitDelay = time.Second
		o, e := cmd.CombinedOutput()
		timedOut := bctx.Err() == context.DeadlineExceeded && ctx.Err() == nil
		cancel()
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		if timedOut { // every unit of the command gets the reason
			for _, pkg := range pkgs {
				o = fmt.Appendf(o, "\n# submission/%s\ncompilation abandonnée après %s : constantes, tableaux ou génériques démesurés ?\n",
					strings.TrimPrefix(pkg, "./"), grading.Seconds(BuildLimits.Timeout))
			}
		}
		out = append(out, o...)
		err = errors.Join(err, e)
	}
	msgs := splitBuildOutput(out)
	for _, u := range units {
		if _, refused := results[u.Name]; refused {
			continue
		}
		path := filepath.Join(bin, u.Name)
		if _, statErr := os.Stat(path); statErr == nil {
			results[u.Name] = Built{Bin: path}
			continue
		}
		m := msgs[u.Name]
		if m == "" {
			m = strings.TrimSpace(string(out))
			if err == nil {
				m = "no executable produced"
			}
		}
		if compilerOutOfMemory(m) {
			// The compiler's own crash: its stack says nothing to a student.
			m = fmt.Sprintf("le compilateur a manqué de mémoire (limite %d Mio) : constantes, tableaux ou génériques démesurés ?\n", BuildLimits.MemoryMB)
		}
		results[u.Name] = Built{Errors: m}
	}
	return results, nil
}

// CgoRefused is the compile error of a unit that imports "C": cgo would
// compile its preamble's C, and the program would run it, outside Go's
// safety. Compile refuses such a unit before the go command sees it, so
// that no C compiler runs on the teacher's machine, even in the builds
// with the race detector, which need cgo (CGO_ENABLED=1).
const CgoRefused = `import "C" refusé : la correction ne compile ni n'exécute de code C (cgo) ; écrivez cette fonction en Go, sans import "C"` + "\n"

// importsC reports whether the Go file src imports "C" (cgo). A file whose
// imports do not parse imports nothing the go command would build either:
// it stops at the same syntax error.
func importsC(src string) bool {
	f, err := parser.ParseFile(token.NewFileSet(), "main.go", src, parser.ImportsOnly)
	if f == nil || err != nil && len(f.Imports) == 0 {
		return false
	}
	for _, im := range f.Imports {
		if path, _ := strconv.Unquote(im.Path.Value); path == "C" {
			return true
		}
	}
	return false
}

var pkgHeader = regexp.MustCompile(`^# submission/(\S+)$`)

// splitBuildOutput sorts go build's messages by package ("# submission/q2"
// headers) and strips the directory in front of the cells' names.
func splitBuildOutput(out []byte) map[string]string {
	msgs := map[string]string{}
	cur := ""
	for _, line := range strings.Split(string(bytes.TrimSpace(out)), "\n") {
		if m := pkgHeader.FindStringSubmatch(line); m != nil {
			cur = m[1]
			continue
		}
		if cur == "" {
			continue
		}
		line = strings.TrimPrefix(line, cur+"/")
		msgs[cur] += line + "\n"
	}
	return msgs
}

// compilerOutOfMemory reports whether the go command's output m is the
// compiler's crash under the memory limit: Go's runtime says it is out of
// memory, or, when an allocation fails where it cannot say so (the garbage
// collector's span queues in Go 1.26), dies of a segmentation fault with
// the runtime's stack.
func compilerOutOfMemory(m string) bool {
	for _, sign := range []string{"fatal error: out of memory", "fatal error: runtime: out of memory", "cannot allocate memory"} {
		if strings.Contains(m, sign) {
			return true
		}
	}
	return strings.Contains(m, "SIGSEGV: segmentation violation") && strings.Contains(m, "runtime.")
}
