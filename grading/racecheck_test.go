package grading_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// racyModule writes, as GoNB does for a check cell, a module whose main
// checks 00 Q8 with answer (the declaration of SumParallel), and returns
// its folder.
func racyModule(t *testing.T, answer string) string {
	t.Helper()
	root, err := filepath.Abs(filepath.Join("..", ""))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	sum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	gomod, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	// The workbook's requirements, and the workbook itself by a replace
	// directive, as the notebooks' header writes it.
	mod := strings.Replace(string(gomod), "module github.com/prepa-reines/reines", "module gonb_test", 1) +
		"\nrequire github.com/prepa-reines/reines v0.0.0\n\nreplace github.com/prepa-reines/reines => " + root + "\n"
	main := "package main\n\nimport (\n\t\"sync\"\n\n\t\"github.com/prepa-reines/reines/grading/nb00\"\n)\n\nvar _ sync.Mutex\n\n" + answer + "\n\nfunc main() {\n\tnb00.Q8.Check(SumParallel)\n}\n"
	for name, data := range map[string]string{"go.mod": mod, "go.sum": string(sum), "main.go": main} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// check builds the module as GoNB does (without -race) and runs it as a
// cell, with GONB_TMP_DIR set: what it prints.
func check(t *testing.T, dir string) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "cell")
	build := exec.Command("go", "build", "-o", bin, ".")
	build.Dir = dir
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	run := exec.Command(bin)
	run.Dir = dir
	run.Env = append(os.Environ(), "GONB_TMP_DIR="+dir)
	out, err := run.CombinedOutput()
	if err != nil {
		t.Fatalf("the cell: %v\n%s", err, out)
	}
	return string(out)
}

// racy is a SumParallel (00 Q8) whose lock is never taken: a data race
// with right results; right is the same with the lock taken.
const racy = `func SumParallel(ns []int, f func(int) int64) int64 {
	var (
		mu  sync.Mutex
		wg  sync.WaitGroup
		sum int64
	)
	for _, n := range ns {
		wg.Add(1)
		go func() {
			defer wg.Done()
			v := f(n)
			if v < 0 { // never: the lock is never taken
				mu.Lock()
				defer mu.Unlock()
			}
			sum += v
		}()
	}
	wg.Wait()
	return sum
}`

var right = strings.Replace(racy, "if v < 0 { // never: the lock is never taken\n\t\t\t\tmu.Lock()\n\t\t\t\tdefer mu.Unlock()\n\t\t\t}", "mu.Lock()\n\t\t\tdefer mu.Unlock()", 1)

// A check cell of a Race question whose public cases pass builds the
// notebook's program again with the race detector: a race fails the
// report, with the answer's functions; a right answer is said race-free.
func TestRaceRecheck(t *testing.T) {
	if testing.Short() {
		t.Skip("builds with the race detector")
	}
	if _, err := exec.LookPath("gcc"); err != nil {
		t.Skip("the race detector needs gcc")
	}
	out := check(t, racyModule(t, racy))
	if !strings.Contains(out, "✘ Détecteur de courses de Go") || !strings.Contains(out, "main.SumParallel") {
		t.Errorf("a racy SumParallel: the report must fail with the race and its functions:\n%s", out)
	}
	// The race runtime's headings ("Write at 0x… by goroutine 7:"), in
	// French.
	if !strings.Contains(out, "par la goroutine") || strings.Contains(out, " by goroutine") || strings.Contains(out, "created at") {
		t.Errorf("a racy SumParallel: the report's headings must be in French:\n%s", out)
	}
	if right == racy {
		t.Fatal("the right answer is the racy one")
	}
	if out := check(t, racyModule(t, right)); !strings.Contains(out, "✔ Détecteur de courses de Go\u00a0: aucune course critique") {
		t.Errorf("a right SumParallel: the report must say no race was seen:\n%s", out)
	}
}

// A check cell that GoNB kills during its race build (the cell
// interrupted, the kernel stopped) leaves neither the build running nor
// its binary outside GoNB's folder.
func TestRaceRecheckKilled(t *testing.T) {
	if testing.Short() {
		t.Skip("builds with the race detector")
	}
	if _, err := exec.LookPath("gcc"); err != nil {
		t.Skip("the race detector needs gcc")
	}
	dir := racyModule(t, right)
	bin := filepath.Join(t.TempDir(), "cell")
	build := exec.Command("go", "build", "-o", bin, ".")
	build.Dir = dir
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	// An empty build cache: the race build takes minutes, not seconds.
	tmp, cache := t.TempDir(), filepath.Join(os.TempDir(), "reines-racekill-cache")
	defer os.RemoveAll(cache)
	run := exec.Command(bin)
	run.Dir = dir
	run.Env = append(os.Environ(), "GONB_TMP_DIR="+dir, "TMPDIR="+tmp, "GOCACHE="+cache)
	if err := run.Start(); err != nil {
		t.Fatal(err)
	}
	defer run.Process.Kill()
	pid := 0
	for deadline := time.Now().Add(2 * time.Minute); pid == 0; time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("no race build after 2 minutes")
		}
		pid = raceBuild()
	}
	if err := run.Process.Kill(); err != nil { // as GoNB kills a cell
		t.Fatal(err)
	}
	_ = run.Wait()
	time.Sleep(2 * time.Second)
	if p := raceBuild(); p != 0 {
		_ = syscall.Kill(p, syscall.SIGKILL)
		t.Errorf("the race build (pid %d) outlived its cell", p)
	}
	if left, _ := filepath.Glob(filepath.Join(tmp, "*")); len(left) > 0 {
		t.Errorf("left in the temporary folder: %v", left)
	}
}

// raceBuild is the process ID of a race build of raceRecheck's, 0 if none.
func raceBuild() int {
	cmds, _ := filepath.Glob("/proc/[0-9]*/cmdline")
	for _, p := range cmds {
		data, err := os.ReadFile(p)
		if err == nil && strings.Contains(string(data), "-race\x00-o\x00") && strings.Contains(string(data), "reines-race-") {
			pid, _ := strconv.Atoi(filepath.Base(filepath.Dir(p)))
			return pid
		}
	}
	return 0
}
