package main

import (
	"bufio"
	"bytes"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/prepa-reines/reines/tp/display"
)

// descendants lists the processes below pid (by their parent), alive and
// not zombies.
func descendants(pid int) []int {
	parent := map[int]int{}
	entries, _ := os.ReadDir("/proc")
	for _, e := range entries {
		p, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		status, err := os.ReadFile(filepath.Join("/proc", e.Name(), "status"))
		if err != nil || bytes.Contains(status, []byte("State:\tZ")) {
			continue
		}
		for _, l := range strings.Split(string(status), "\n") {
			if f := strings.Fields(l); len(f) == 2 && f[0] == "PPid:" {
				parent[p], _ = strconv.Atoi(f[1])
			}
		}
	}
	var out []int
	for p := range parent {
		for q := parent[p]; q > 1; q = parent[q] {
			if q == pid {
				out = append(out, p)
				break
			}
		}
	}
	return out
}

// alive lists those of pids still running (not zombies).
func alive(pids []int) []int {
	var out []int
	for _, p := range pids {
		if status, err := os.ReadFile(filepath.Join("/proc", strconv.Itoa(p), "status")); err == nil && !bytes.Contains(status, []byte("State:\tZ")) {
			out = append(out, p)
		}
	}
	return out
}

// interruptAt starts the grader with args and env, waits until ready
// (given its standard error so far and its PID) says the phase is under
// way, sends SIGINT, and checks that the grader stops within 2 s, says it
// was interrupted, leaves none of its processes and no work folder in
// work, and writes no gradebook to out.
func interruptAt(t *testing.T, bin, work, out string, env []string, ready func(stderr string, pid int) bool, args ...string) {
	t.Helper()
	cmd := exec.Command(bin, append([]string{"-seed", "1", "-out", out}, args...)...)
	cmd.Dir = "../../.."
	cmd.Env = append(append(os.Environ(), "TMPDIR="+work), env...)
	pipe, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	var stderr strings.Builder
	lines := make(chan string)
	go func() {
		sc := bufio.NewScanner(pipe)
		for sc.Scan() {
			lines <- sc.Text()
		}
		_, _ = io.Copy(io.Discard, pipe)
		close(lines)
	}()
	deadline := time.After(3 * time.Minute)
	tick := time.NewTicker(20 * time.Millisecond)
	defer tick.Stop()
	for !ready(stderr.String(), cmd.Process.Pid) {
		select {
		case l, ok := <-lines:
			if !ok {
				t.Fatalf("grade ended before the phase:\n%s", stderr.String())
			}
			stderr.WriteString(l + "\n")
		case <-tick.C:
		case <-deadline:
			cmd.Process.Kill()
			t.Fatalf("the phase never came:\n%s", stderr.String())
		}
	}
	procs := descendants(cmd.Process.Pid)
	start := time.Now()
	cmd.Process.Signal(syscall.SIGINT)
	done := make(chan error, 1)
	go func() {
		for l := range lines {
			stderr.WriteString(l + "\n")
		}
		done <- cmd.Wait()
	}()
	select {
	case err = <-done:
	case <-time.After(10 * time.Second):
		cmd.Process.Kill()
		t.Fatalf("grade still running 10 s after SIGINT:\n%s", stderr.String())
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("grade took %v to stop", d)
	}
	if err == nil || !strings.Contains(stderr.String(), "interrupted") {
		t.Errorf("exit %v; stderr:\n%s", err, stderr.String())
	}
	time.Sleep(100 * time.Millisecond) // the kernel reaps what was killed
	if left := alive(append(procs, descendants(cmd.Process.Pid)...)); len(left) > 0 {
		t.Errorf("processes of the grader left after SIGINT: %v", left)
	}
	if entries, _ := os.ReadDir(work); len(entries) > 0 {
		t.Errorf("work folder left: %v", entries)
	}
	if _, err := os.Stat(filepath.Join(out, "grades.csv")); err == nil {
		t.Errorf("grades.csv written by an interrupted run")
	}
}

// running reports whether a process below pid runs a command whose
// arguments hold all of words.
func running(pid int, words ...string) bool {
	for _, p := range descendants(pid) {
		cmdline, _ := os.ReadFile(filepath.Join("/proc", strconv.Itoa(p), "cmdline"))
		all := true
		for _, w := range words {
			all = all && bytes.Contains(cmdline, []byte(w))
		}
		if all {
			return true
		}
	}
	return false
}

// SIGINT stops the grader within 2 s in each phase before the cases
// (TestInterrupt interrupts the cases): writing the student edition,
// compiling the SDK and the standard library into the grader's build cache
// (both with empty caches, as on a teacher's first run), compiling or
// linking a student's program; none of its processes is left, its work folders are
// gone, and the caches hold nothing half made.
func TestInterruptPhases(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the grader and starts it three times")
	}
	tmp, bin := buildGrader(t)
	subs := filepath.Join(tmp, "subs")
	if err := os.MkdirAll(subs, 0o755); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile("../../../notebooks/corrections/01-recursion.ipynb")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(subs, "alice.ipynb"), data, 0o644); err != nil {
		t.Fatal(err)
	}
	work := filepath.Join(tmp, "work")
	os.Mkdir(work, 0o755)
	cache := filepath.Join(tmp, "cache")
	// The workbook's caches empty (the go command's own build cache is
	// the user's, as on a teacher's first run after go run).
	gocache, err := exec.Command("go", "env", "GOCACHE").Output()
	if err != nil {
		t.Fatal(err)
	}
	cold := []string{"XDG_CACHE_HOME=" + cache, "GOCACHE=" + strings.TrimSpace(string(gocache)), display.EnvLibrary + "=" + display.LibraryPath()}
	preparing := func(stderr string, _ int) bool { return strings.Contains(stderr, "grade: preparing the grader") }

	t.Run("edition", func(t *testing.T) {
		interruptAt(t, bin, work, filepath.Join(tmp, "out1"), cold, preparing, "-tp", "01", subs)
		entries, _ := os.ReadDir(filepath.Join(cache, "reines", "editions"))
		for _, e := range entries {
			t.Errorf("the editions' cache holds %s after an interrupted write", e.Name())
		}
	})
	t.Run("standard library", func(t *testing.T) {
		warming := func(stderr string, pid int) bool {
			return preparing(stderr, pid) && running(pid, "build", "-trimpath", "github.com/prepa-reines/reines/grading")
		}
		interruptAt(t, bin, work, filepath.Join(tmp, "out2"), cold, warming, "-tp", "01", subs)
		stamps, _ := os.ReadDir(filepath.Join(cache, "reines", "gocache", "stamps"))
		for _, s := range stamps {
			t.Errorf("the build cache says %s is compiled after an interrupted compilation", s.Name())
		}
	})
	t.Run("compiling", func(t *testing.T) {
		// The compiler or the linker, run directly (see submission.Imports).
		building := func(_ string, pid int) bool {
			return running(pid, "/compile", "whole") || running(pid, "/link", "whole")
		}
		interruptAt(t, bin, work, filepath.Join(tmp, "out3"), nil, building, "-tp", "01", "-force", subs)
	})
}
