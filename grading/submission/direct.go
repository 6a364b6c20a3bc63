package submission

import (
	"context"
	"errors"
	"fmt"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"
)

// Imports lets Compile build a unit without the go command: the packages
// a unit may import, compiled already (the SDK's packages and the standard
// library they use, as Warm compiled them), each by its export file, for
// the compiler and the linker run directly (go tool compile, go tool link,
// with an importcfg). The go command costs about as much as the compiler
// and the linker together for one small program: it loads and hashes the
// sources of some 190 packages to find them in its cache (0,2 s of CPU per
// build on the project's machine). A unit that imports anything else, or
// embeds files, is built by the go command as before.
type Imports struct {
	cfg   string          // the importcfg: a packagefile line per package
	paths map[string]bool // the import paths it lists
	race  bool            // compiled with the race detector
	tools string          // GOTOOLDIR
	cc    string          // the C compiler, for the race detector's links
}

// ListImports lists the compiled packages pkgs and their dependencies (the
// standard library's too, and the race runtime if race) in tc.Cache, as
// Compile's builds compile them (the same flags), and makes dir (created)
// hold their export files (hard links, or copies across file systems) and
// the importcfg naming them: what dir holds stays as it is if the cache is
// trimmed or emptied meanwhile. It compiles what the cache lacks (nothing
// after Warm). Errors: the go command's, with its output.
func ListImports(ctx context.Context, tc Toolchain, dir string, race bool, pkgs []string) (*Imports, error) {
	work := filepath.Join(dir, "module")
	if err := writeModule(work, tc.Root); err != nil {
		return nil, err
	}
	env, err := GoEnv(work, "GOTOOLDIR", "CC")
	if err != nil {
		return nil, err
	}
	vals := strings.Split(strings.TrimSpace(string(env)), "\n")
	if len(vals) != 2 {
		return nil, fmt.Errorf("go env GOTOOLDIR CC: %q", env)
	}
	out, _, err := goRun(ctx, tc, work, race, append(slices.Clip(listExports), linked(pkgs, race)...), BuildLimits.CPU, 0)
	if err != nil {
		return nil, fmt.Errorf("go list -export: %v\n%s", err, out)
	}
	im := &Imports{cfg: filepath.Join(dir, "importcfg"), paths: map[string]bool{}, race: race, tools: vals[0], cc: vals[1]}
	var cfg strings.Builder
	for i, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		path, export, ok := strings.Cut(line, "=")
		if !ok || path == "" || !filepath.IsAbs(export) {
			return nil, fmt.Errorf("go list -export: unexpected line %q", line)
		}
		own := filepath.Join(dir, strconv.Itoa(i)+".a")
		if err := os.Link(export, own); err != nil {
			data, rerr := os.ReadFile(export)
			if rerr != nil {
				return nil, rerr
			}
			if err := os.WriteFile(own, data, 0o644); err != nil {
				return nil, err
			}
		}
		fmt.Fprintf(&cfg, "packagefile %s=%s\n", path, own)
		im.paths[path] = true
	}
	if err := os.WriteFile(im.cfg, []byte(cfg.String()), 0o644); err != nil {
		return nil, err
	}
	return im, nil
}

// listExports is the go command that lists packages and their
// dependencies with their export files ("path=file" lines), compiling
// what its cache lacks.
var listExports = []string{"list", "-deps", "-export", "-f", "{{if .Export}}{{.ImportPath}}={{.Export}}{{end}}"}

// ErrBuildTools is Compile's error when the compiler or the linker could
// not be run directly, or the grader's copy of its build cache could not be
// made: the grading machine's fault; the notebook is to be graded again.
var ErrBuildTools = errors.New("les outils de compilation de la machine de correction n'ont pas pu servir")

// direct reports whether a unit whose files are src and harness can be
// built with im: every package it imports is listed (none internal to
// another module or vendored, which the go command refuses), and it embeds
// no file (//go:embed needs the go command's embedcfg).
func (im *Imports) direct(src, harness string) bool {
	if im == nil {
		return false
	}
	for _, file := range []string{src, harness} {
		if file == "" {
			continue
		}
		if strings.Contains(file, "//go:embed") {
			return false
		}
		f, err := parser.ParseFile(token.NewFileSet(), "main.go", file, parser.ImportsOnly)
		if err != nil {
			return false // the go command says what the compiler says
		}
		for _, spec := range f.Imports {
			path, err := strconv.Unquote(spec.Path.Value)
			if err != nil || path != "unsafe" && !im.paths[path] || strings.HasPrefix(path, "vendor/") ||
				slices.Contains(strings.Split(path, "/"), "internal") && file == src {
				return false
			}
		}
	}
	return true
}

// buildDirect compiles and links the unit in dir/name (main.go, serve.go)
// into bin/name with the compiler and the linker run directly (see
// Imports), with the flags go build gives them (-trimpath, no symbol
// table); each within BuildLimits and cpu of CPU time, the unit within
// wall. It returns the compiler's or the linker's messages as go build
// would give them (paths within the unit's folder without it), the CPU
// time used, and an error only when the build itself failed to run
// (ErrMachineBusy: wall was over; ctx's error).
func (im *Imports) buildDirect(ctx context.Context, dir, name, bin string, cpu, wall time.Duration) (msgs string, used time.Duration, err error) {
	if _, err := os.Stat(im.cfg); err != nil {
		return "", 0, fmt.Errorf("%w: %v", ErrBuildTools, err)
	}
	unit := filepath.Join(dir, name)
	files := []string{"./main.go"}
	if _, err := os.Stat(filepath.Join(unit, "serve.go")); err == nil {
		files = append(files, "./serve.go")
	}
	bctx, cancel := ctx, context.CancelFunc(func() {})
	if wall > 0 {
		bctx, cancel = context.WithTimeout(ctx, wall)
	}
	defer cancel()
	archive := filepath.Join(unit, "_pkg_.a")
	compile := []string{filepath.Join(im.tools, "compile"), "-o", archive, "-p", "main", "-lang=go" + goLang, "-complete", "-nolocalimports",
		"-trimpath", unit + "=>submission/" + name, "-importcfg", im.cfg, "-pack"}
	link := []string{filepath.Join(im.tools, "link"), "-o", filepath.Join(bin, name), "-importcfg", im.cfg, "-buildmode=exe", "-s", "-w"}
	if im.race {
		compile = append(compile, "-race")
		link = append(link, "-race", "-extld="+im.cc)
	}
	if err := os.MkdirAll(bin, 0o755); err != nil {
		return "", 0, err
	}
	for i, argv := range [][]string{append(compile, files...), append(link, archive)} {
		var env []string
		if i == 1 {
			// As go build -trimpath runs the linker: the program does
			// not learn where Go is installed.
			env = []string{"GOROOT="}
		}
		out, u, err := runTool(bctx, unit, argv, env, cpu)
		used += u
		switch {
		case ctx.Err() != nil:
			return "", used, ctx.Err()
		case bctx.Err() == context.DeadlineExceeded:
			return "", used, ErrMachineBusy
		case err != nil:
			var exit *exec.ExitError
			if !errors.As(err, &exit) {
				return "", used, fmt.Errorf("%w: %v", ErrBuildTools, err)
			}
			m := strings.ReplaceAll(string(out), "\n./", "\n")
			m = strings.TrimPrefix(m, "./")
			if ws, ok := exit.Sys().(syscall.WaitStatus); ok && ws.Signaled() || strings.TrimSpace(m) == "" {
				m += fmt.Sprintf("%s: %v\n", argv[0], err) // ".../compile: signal: killed", as the go command says
			}
			return m, used, nil
		}
	}
	return "", used, nil
}

// runTool runs argv in dir, with env added to this process's environment,
// within BuildLimits and cpu of CPU time (with prlimit(1) where there is
// one), in a process group of its own that ctx's end kills, and returns its
// output and the CPU time it used (its children's too).
func runTool(ctx context.Context, dir string, argv, env []string, cpu time.Duration) ([]byte, time.Duration, error) {
	if prlimit, err := exec.LookPath("prlimit"); err == nil {
		argv = append([]string{prlimit, "--data=" + strconv.Itoa(BuildLimits.MemoryMB<<20), "--fsize=" + strconv.Itoa(BuildLimits.FileMB<<20),
			"--cpu=" + strconv.Itoa(max(int(cpu.Seconds()), 1)), "--core=0", "--"}, argv...)
	}
	cmd := exec.CommandContext(ctx, argv[0], argv[1:]...)
	cmd.Dir = dir
	cmd.Env = append(append(os.Environ(), "TMPDIR="+dir), env...)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	cmd.WaitDelay = time.Second
	out, err := cmd.CombinedOutput()
	var used time.Duration
	if ps := cmd.ProcessState; ps != nil {
		used = ps.UserTime() + ps.SystemTime()
	}
	return out, used, err
}

// buildUnitsDirect builds names (units in dir) with im, up to as many at
// once as there are cores (go build's own parallelism), each within cpu of
// CPU time per process and BuildLimits' wall clock, and returns each
// unit's messages ("" when it built) and the CPU time they used; an
// error only when a build could not run (the first, by name order).
func buildUnitsDirect(ctx context.Context, im *Imports, dir, bin string, names []string, cpu time.Duration) (map[string]string, time.Duration, error) {
	var (
		mu    sync.Mutex
		wg    sync.WaitGroup
		msgs  = map[string]string{}
		errs  = map[string]error{}
		used  time.Duration
		slots = make(chan struct{}, max(runtime.NumCPU(), 1))
	)
	for _, name := range names {
		wg.Add(1)
		slots <- struct{}{}
		go func() {
			defer func() { <-slots; wg.Done() }()
			m, u, err := im.buildDirect(ctx, dir, name, bin, cpu, BuildLimits.Timeout)
			mu.Lock()
			defer mu.Unlock()
			msgs[name], used = m, used+u
			if err != nil {
				errs[name] = err
			}
		}()
	}
	wg.Wait()
	for _, name := range names {
		if err := errs[name]; err != nil {
			return msgs, used, err
		}
	}
	return msgs, used, nil
}
