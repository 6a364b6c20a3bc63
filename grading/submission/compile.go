package submission

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"go/parser"
	"go/token"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
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
	Source  string  // main.go: the notebook's declarations and func main
	Harness string  // serve.go, may be empty
	Race    bool    // built with the race detector (and cgo, which it needs); run it with Limits.Race
	Fixed   bool    // Source went through Fix already
	Decls   []*Decl // the notebook's declarations in Source, in program order (see Program.Unit); nil if not made so
}

// Built is the result of compiling a unit: the binary, or the compiler's
// messages (positions name the student's cells).
type Built struct {
	Bin    string // path of the executable, "" if it did not compile
	Errors string // compiler messages, "" if it compiled
}

// Fix runs goimports on src, as GoNB does on every cell: standard-library
// imports the code uses are added, unused ones removed. Errors: goimports
// cannot handle src (the compiler will say what it says), or the go command
// does not run, wrapping ErrGoCommand (the grader's machine, not the
// student's code).
func Fix(src string) (string, error) {
	out, err := imports.Process("main.go", []byte(src), &imports.Options{Comments: true, TabIndent: true, TabWidth: 8, FormatOnly: false})
	if err != nil {
		if gerr := goCommand(); gerr != nil {
			return src, fmt.Errorf("%w: %v", ErrGoCommand, gerr)
		}
		return src, err
	}
	return string(out), nil
}

// goCommand reports whether the go command runs (go env GOVERSION, once
// per process): when goimports fails, its error is the grading machine's
// only if the go command does not run; else it is the source's (a syntax
// error, or a comment goimports' printer cannot place, golang/go#27574:
// that unit is built as it is and the compiler says what it says).
var goCommand = sync.OnceValue(func() error {
	_, err := GoEnv("", "GOVERSION")
	return err
})

// GoEnv runs go env names… in dir ("": this process's folder) as the
// builds run the go command (module mode, no proxy, no workspace, the
// local toolchain) and returns its output, one value per line. Errors:
// the go command's, with what it printed.
func GoEnv(dir string, names ...string) ([]byte, error) {
	cmd := exec.Command("go", append([]string{"env"}, names...)...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOPROXY=off", "GOWORK=off", "GOTOOLCHAIN=local")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("go env %s: %v: %s", strings.Join(names, " "), err, bytes.TrimSpace(stderr.Bytes()))
	}
	return out, nil
}

// ErrGoCommand is the error of Fix when goimports failed and the go
// command does not run: the grading machine's Go set-up is at fault, and
// the notebook is to be graded again once it is fixed.
var ErrGoCommand = errors.New("goimports n'a pas pu lancer la commande go de la machine de correction")

// The go command that goimports (Fix) and go/build run from this process's
// environment is the one the builds run: the local toolchain, no
// workspace. A GOTOOLCHAIN naming another release (which the go command
// would try to download) once made every Fix fail, and every question of
// every notebook got 0 as if its imports were wrong.
func init() {
	os.Setenv("GOTOOLCHAIN", "local")
	os.Setenv("GOWORK", "off")
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
// large, which the build cache would keep. The limit that blames the code
// is one of CPU time, which a busy machine does not use up; the wall-clock
// limit is only a backstop, and when it fires the machine, not the code,
// is reported (ErrMachineBusy).
var BuildLimits = struct {
	CPU      time.Duration // CPU time of each process (RLIMIT_CPU, with prlimit(1)): the compiler of one program
	Timeout  time.Duration // wall clock of one go command, then its process group is killed (ErrMachineBusy)
	MemoryMB int           // heap of each process (RLIMIT_DATA), with prlimit(1)
	FileMB   int           // largest file it writes (RLIMIT_FSIZE), with prlimit(1)
}{CPU: 3 * time.Minute, Timeout: 15 * time.Minute, MemoryMB: 3072, FileMB: 256}

// ErrMachineBusy is Compile's error when a build outlives BuildLimits'
// wall clock within its CPU time: the machine was too slow or too
// loaded, and the submission is not to blame (its grade is to be made
// again, not kept).
var ErrMachineBusy = errors.New("machine trop chargée : la compilation n'a pas fini à temps sans dépasser sa limite de calcul ; relancez la correction de ce notebook")

// Toolchain says what Compile builds against and where it keeps what it
// compiles.
type Toolchain struct {
	Root string // the workbook's module (for the grader, its SDK: see grading/release.Edition)
	// Cache is the go build cache (GOCACHE); "" for the user's. The
	// builds are -trimpath, so that the folders of Root and of the units
	// do not change the cache's keys: one Root's packages compiled once
	// serve every later build.
	Cache string
	// Budget, if not nil, is the CPU time these builds share with the
	// other builds holding it (one notebook's).
	Budget *Budget
	// Imports (one for the builds without the race detector, one for
	// those with it), if not nil, let Compile build most units without
	// the go command (see Imports); the others are built by it.
	Imports, RaceImports *Imports
	// Session, if not nil, gives Cache the first time a build needs the
	// go command (the grader makes a notebook's copy of its build cache
	// only then); its error is Compile's.
	Session func() (string, error)
}

// Compile builds every unit in dir (created if needed) against the
// workbook's module tc.Root, offline: the units tc's Imports can build,
// with the compiler and the linker run directly (up to one per core at
// once); the others in one go command per kind of build (with and
// without the race detector): one package per unit, replace directive to
// the module, its go.sum. Every tool runs in a process group of its own,
// within BuildLimits: a process over its CPU time dies, and its units get
// that as their errors; a build over the wall clock is killed, whole, and
// Compile returns ErrMachineBusy. The returned map gives each unit's
// binary or its compile errors. Any other error is returned only when the
// build could not be attempted at all (ErrBuildTools: the machine's
// tools); a cancelled ctx returns ctx.Err() at once (the tools' groups
// killed).
func Compile(ctx context.Context, tc Toolchain, dir string, units []Unit) (map[string]Built, error) {
	if err := writeModule(dir, tc.Root); err != nil {
		return nil, err
	}
	results := map[string]Built{}
	sources, err := writeUnits(dir, units, results)
	if err != nil {
		return nil, err
	}
	bin := filepath.Join(dir, "bin")
	var out []byte              // the go commands' messages
	var goErr error             // and their errors
	msgs := map[string]string{} // the direct builds' messages, by unit
	for _, race := range []bool{false, true} {
		o, e, err := tc.buildKind(ctx, dir, bin, race, units, sources, results, msgs)
		if err != nil {
			return nil, err
		}
		out = append(out, o...)
		goErr = errors.Join(goErr, e)
	}
	maps.Copy(msgs, splitBuildOutput(out))
	for _, u := range units {
		if _, refused := results[u.Name]; refused {
			continue
		}
		path := filepath.Join(bin, u.Name)
		if _, statErr := os.Stat(path); statErr == nil {
			results[u.Name] = Built{Bin: path}
			continue
		}
		results[u.Name] = Built{Errors: buildErrors(msgs[u.Name], out, goErr)}
	}
	return results, nil
}

// writeUnits writes each unit's files into its folder of dir (main.go,
// the source goimports fixed unless the unit was; serve.go, its harness)
// and returns the sources written, by unit. A unit that uses cgo is
// refused: results gets its errors, and nothing is written.
func writeUnits(dir string, units []Unit, results map[string]Built) (map[string]string, error) {
	sources := map[string]string{}
	for _, u := range units {
		src, ferr := u.Source, error(nil)
		if !u.Fixed {
			src, ferr = Fix(u.Source)
		}
		if errors.Is(ferr, ErrGoCommand) {
			return nil, ferr
		}
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
		sources[u.Name] = src
		if err := os.WriteFile(filepath.Join(dir, u.Name, "main.go"), []byte(src), 0o644); err != nil {
			return nil, err
		}
		if u.Harness != "" {
			if err := os.WriteFile(filepath.Join(dir, u.Name, "serve.go"), []byte(u.Harness), 0o644); err != nil {
				return nil, err
			}
		}
	}
	return sources, nil
}

// buildKind builds the units of one kind (with the race detector or
// without) into bin: those tc's Imports can build directly, their
// messages into msgs, and the others with one go command, whose output
// and error it returns (goErr). A unit the notebook's budget has no CPU
// time left for gets that as its errors (results). err is an error that
// stops Compile: the build could not be attempted, the machine was too
// busy, or ctx was cancelled. The go command's build cache, made on first
// use (tc.Session), is kept in tc.
func (tc *Toolchain) buildKind(ctx context.Context, dir, bin string, race bool, units []Unit, sources map[string]string, results map[string]Built, msgs map[string]string) (out []byte, goErr, err error) {
	im := tc.Imports
	if race {
		im = tc.RaceImports
	}
	var pkgs, direct []string
	for _, u := range units {
		if _, refused := results[u.Name]; refused || u.Race != race {
			continue
		}
		if im.direct(sources[u.Name], u.Harness) {
			direct = append(direct, u.Name)
		} else {
			pkgs = append(pkgs, "./"+u.Name)
		}
	}
	if len(pkgs)+len(direct) == 0 {
		return nil, nil, nil
	}
	cpu := BuildLimits.CPU
	if tc.Budget != nil {
		left := tc.Budget.left()
		if left <= 0 { // the notebook's earlier builds spent it all
			for _, pkg := range append(pkgs, direct...) {
				results[strings.TrimPrefix(pkg, "./")] = Built{Errors: fmt.Sprintf("compilation abandonnée : les compilations de ce notebook ont déjà pris %s de calcul (programme démesuré ?)\n", grading.Seconds(tc.Budget.CPU))}
			}
			return nil, nil, nil
		}
		// Shared among the build's compilers, so that the build as a
		// whole stays within what is left (a unit's compiler takes
		// well under a second).
		cpu = min(cpu, max(left/time.Duration(len(pkgs)+len(direct)), 10*time.Second))
	}
	if len(direct) > 0 {
		m, used, e := buildUnitsDirect(ctx, im, dir, bin, direct, cpu)
		if tc.Budget != nil {
			tc.Budget.spend(used)
		}
		if ctx.Err() != nil {
			return nil, nil, ctx.Err()
		}
		if e != nil {
			return nil, nil, e
		}
		maps.Copy(msgs, m)
	}
	if len(pkgs) == 0 {
		return nil, nil, nil
	}
	if tc.Session != nil && tc.Cache == "" {
		if tc.Cache, err = tc.Session(); err != nil {
			return nil, nil, fmt.Errorf("%w: %v", ErrBuildTools, err)
		}
	}
	o, used, e := goRun(ctx, *tc, dir, race, append([]string{"build", "-o", bin + string(filepath.Separator)}, pkgs...), cpu, BuildLimits.Timeout)
	if tc.Budget != nil {
		tc.Budget.spend(used)
	}
	if ctx.Err() != nil {
		return nil, nil, ctx.Err()
	}
	if errors.Is(e, ErrMachineBusy) {
		return nil, nil, e
	}
	return o, e, nil
}

// buildErrors is what a unit that produced no executable is told: its
// own messages m, else all the go commands' output, else their error
// goErr; the compiler's crash for memory and a build killed for its CPU
// time are said in French.
func buildErrors(m string, out []byte, goErr error) string {
	if m == "" {
		m = strings.TrimSpace(string(out))
		switch {
		case m == "" && goErr != nil:
			m = goErr.Error()
		case m == "":
			m = "no executable produced"
		}
	}
	switch {
	case compilerOutOfMemory(m):
		// The compiler's own crash: its stack says nothing to a student.
		m = fmt.Sprintf("le compilateur a manqué de mémoire (limite %d Mio) : constantes, tableaux ou génériques démesurés ?\n", BuildLimits.MemoryMB)
	case cpuKilled.MatchString(m):
		m = fmt.Sprintf("compilation abandonnée après %s de calcul : constantes, tableaux ou génériques démesurés ?\n", grading.Seconds(BuildLimits.CPU))
	}
	return m
}

// goLang is the Go version of the module the units build in: the
// language version their code is compiled for.
const goLang = "1.26"

// writeModule writes in dir (created if needed) the module the units
// build in: module submission, requiring the workbook's module at root.
func writeModule(dir, root string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	gomod := fmt.Sprintf("module submission\n\ngo %s\n\nrequire %s v0.0.0\n\nreplace %s => %s\n", goLang, Module, Module, root)
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte(gomod), 0o644); err != nil {
		return err
	}
	sum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, "go.sum"), sum, 0o644)
}

// Warm compiles the packages pkgs (import paths of the workbook's module)
// into tc.Cache as Compile's builds would (the same flags, -race if race),
// working in dir, so that later builds find them compiled: the grader's
// own work, before any submission's build. Nothing is linked. With race,
// the race runtime (runtime/race, C compiled by cgo) too: the go command
// adds it to the programs it links, not to the packages it compiles, so
// without it every race build compiled it again (0,3 s of CPU). It lists
// their export files too, as ListImports does, which the go command keeps
// in the cache as entries of their own: a later ListImports then writes
// nothing there. The limits are BuildLimits', but for the wall clock, which
// ctx alone bounds; the error holds the go command's output.
func Warm(ctx context.Context, tc Toolchain, dir string, race bool, pkgs []string) error {
	if err := writeModule(dir, tc.Root); err != nil {
		return err
	}
	pkgs = linked(pkgs, race)
	for _, verb := range [][]string{{"build"}, listExports} {
		out, _, err := goRun(ctx, tc, dir, race, append(slices.Clip(verb), pkgs...), BuildLimits.CPU, 0)
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if err != nil {
			return fmt.Errorf("%v\n%s", err, out)
		}
	}
	return nil
}

// linked returns pkgs with what the go command links into a program
// beside them: with the race detector, its runtime and cgo's.
func linked(pkgs []string, race bool) []string {
	if race {
		return append(slices.Clip(pkgs), "runtime/race", "runtime/cgo")
	}
	return pkgs
}

// goRun runs the go command's args[0] (build, list) with the rest of args
// in dir with tc's module and cache, within
// BuildLimits but for the CPU time of each process, cpu, and the wall
// clock, wall (none if 0), and returns its output and the CPU time it
// used (its compilers' and linkers' too); ErrMachineBusy if wall was over. Without cgo, but for the race
// detector, which needs it (a student's import "C" is refused before). No
// symbol table (-s): a program cannot look up where the harness's data lie
// in its own file; stack traces keep their names.
func goRun(ctx context.Context, tc Toolchain, dir string, race bool, args []string, cpu, wall time.Duration) ([]byte, time.Duration, error) {
	argv := []string{"go", args[0], "-trimpath", "-ldflags=-s -w"}
	env := []string{"CGO_ENABLED=0"}
	if race {
		argv, env = append(argv, "-race"), []string{"CGO_ENABLED=1"}
	}
	argv = append(argv, args[1:]...)
	if prlimit, err := exec.LookPath("prlimit"); err == nil {
		argv = append([]string{prlimit, "--data=" + strconv.Itoa(BuildLimits.MemoryMB<<20), "--fsize=" + strconv.Itoa(BuildLimits.FileMB<<20),
			"--cpu=" + strconv.Itoa(max(int(cpu.Seconds()), 1)), "--core=0", "--"}, argv...)
	}
	if tc.Cache != "" {
		env = append(env, "GOCACHE="+tc.Cache)
	}
	bctx, cancel := ctx, context.CancelFunc(func() {})
	if wall > 0 {
		bctx, cancel = context.WithTimeout(ctx, wall)
	}
	defer cancel()
	cmd := exec.CommandContext(bctx, argv[0], argv[1:]...)
	cmd.Dir = dir
	// The go command's own temporary files in dir too: a build killed
	// leaves them there, for the caller to remove with dir.
	cmd.Env = append(append(os.Environ(), "GOFLAGS=-mod=mod", "GOPROXY=off", "GOWORK=off", "GOTOOLCHAIN=local", "GOTMPDIR="+dir), env...)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) } // the compiler too
	cmd.WaitDelay = time.Second
	out, err := cmd.CombinedOutput()
	var used time.Duration
	if ps := cmd.ProcessState; ps != nil {
		// The go command's usage includes that of the processes it
		// waited for: its compilers and linkers.
		used = ps.UserTime() + ps.SystemTime()
	}
	if bctx.Err() == context.DeadlineExceeded && ctx.Err() == nil {
		return out, used, ErrMachineBusy
	}
	return out, used, err
}

// Budget is the CPU time that the builds of one notebook share: each go
// command Compile runs with a Toolchain holding it spends from it (its
// compilers and linkers included), the compilers of one command share what
// is left, and once it is spent the next builds are not started (their
// units get that as their errors). Safe for concurrent use.
type Budget struct {
	CPU   time.Duration // the whole budget
	mu    sync.Mutex
	spent time.Duration
}

func (b *Budget) spend(d time.Duration) {
	b.mu.Lock()
	b.spent += d
	b.mu.Unlock()
}

func (b *Budget) left() time.Duration {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.CPU - b.spent
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

// cpuKilled is the go command's report of a compiler or linker killed by
// its CPU-time limit: Go programs ignore SIGXCPU, so the kernel kills them
// at the limit (the only SIGKILL of a build; Compile tells the wall clock's
// apart).
var cpuKilled = regexp.MustCompile(`(?m)/(compile|link|asm|cgo|vet)(\.exe)?: signal: killed$|CPU time limit exceeded`)

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
