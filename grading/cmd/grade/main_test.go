package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/prepa-reines/reines/grading/notebook"
)

// SIGINT stops a run within 2 s: no child is left, the work folder is
// removed, and nothing is written to the output folder. After kill -9 of
// the grader, no child is left either.
func TestInterrupt(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the grader and grades two notebooks")
	}
	tmp := t.TempDir()
	// The children run as users of their own: they must reach the work folder.
	os.Chmod(filepath.Dir(tmp), 0o755)
	os.Chmod(tmp, 0o755)
	bin := filepath.Join(tmp, "grade")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	// Two students whose Count never returns: one sleeps, one spins.
	subs := filepath.Join(tmp, "subs")
	os.Mkdir(subs, 0o755)
	for name, body := range map[string]string{"sleeper": "time.Sleep(time.Hour)\n\treturn 0, nil", "spinner": "for {\n\t}"} {
		nb, err := notebook.Read("../../../notebooks/corrections/01-recursion.ipynb")
		if err != nil {
			t.Fatal(err)
		}
		for i := range nb.Cells {
			if m := nb.Cells[i].Reines(); m.Role == "answer" && m.Question == "01/Q4" {
				nb.Cells[i].Source = notebook.Source("func Count(n int) (int64, error) {\n\t" + body + "\n}")
			}
		}
		data, _ := nb.Marshal()
		if err := os.WriteFile(filepath.Join(subs, name+".ipynb"), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	work := filepath.Join(tmp, "work") // the grader's TMPDIR: its work folder goes there
	os.Mkdir(work, 0o755)
	out := filepath.Join(tmp, "out")
	cmd := exec.Command(bin, "-seed", "1", "-timeout", "10m", "-j", "2", "-out", out, "-unsafe-no-sandbox", subs)
	cmd.Dir = "../../.."
	cmd.Env = append(os.Environ(), "TMPDIR="+work)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	// Wait until both children run the students' Count.
	deadline := time.Now().Add(3 * time.Minute)
	for len(children(work, cmd.Process.Pid)) < 2 {
		if time.Now().After(deadline) {
			cmd.Process.Kill()
			t.Fatalf("no children after 3 minutes:\n%s", stderr.String())
		}
		select {
		case err := <-done:
			t.Fatalf("grade ended before it was interrupted: %v\n%s", err, stderr.String())
		case <-time.After(100 * time.Millisecond):
		}
	}
	time.Sleep(time.Second) // well inside Count
	start := time.Now()
	cmd.Process.Signal(syscall.SIGINT)
	var err error
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
	if left := children(work, cmd.Process.Pid); len(left) > 0 {
		t.Errorf("children left after SIGINT: %v", left)
	}
	if entries, _ := os.ReadDir(work); len(entries) > 0 {
		t.Errorf("work folder left: %v", entries)
	}
	if _, err := os.Stat(filepath.Join(out, "grades.csv")); err == nil {
		g, _ := os.ReadFile(filepath.Join(out, "grades.csv"))
		t.Errorf("grades.csv written by an interrupted run:\n%s", g)
	}

	// After kill -9 of the grader, bubblewrap's children die with it.
	if _, err := exec.LookPath("bwrap"); err != nil {
		t.Log("no bubblewrap: children may outlive a killed grader")
		return
	}
	cmd = exec.Command(bin, "-seed", "1", "-timeout", "10m", "-j", "2", "-out", out, subs)
	cmd.Dir = "../../.."
	cmd.Env = append(os.Environ(), "TMPDIR="+work)
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	deadline = time.Now().Add(3 * time.Minute)
	for len(children(work, cmd.Process.Pid)) < 2 && time.Now().Before(deadline) {
		time.Sleep(100 * time.Millisecond)
	}
	time.Sleep(time.Second)
	cmd.Process.Kill()
	cmd.Wait()
	for deadline := time.Now().Add(2 * time.Second); time.Now().Before(deadline) && len(children(work, cmd.Process.Pid)) > 0; {
		time.Sleep(50 * time.Millisecond)
	}
	if left := children(work, cmd.Process.Pid); len(left) > 0 {
		t.Errorf("children left 2 s after kill -9 of the grader: %v", left)
	}
}

// children lists the PIDs of the children of the grader whose PID is
// grader: the processes that run a binary under dir, and the students'
// programs inside bubblewrap, which run as the grader's sandbox users (as
// root; see submission.UIDRange).
func children(dir string, grader int) []string {
	first := 200000 + (grader%5000)*64 // submission's uidBase, in the grader's process
	mine := func(status []byte) bool {
		for _, l := range strings.Split(string(status), "\n") {
			if f := strings.Fields(l); len(f) >= 2 && f[0] == "Uid:" {
				uid, _ := strconv.Atoi(f[1])
				return uid >= first && uid < first+64
			}
		}
		return false
	}
	var pids []string
	entries, _ := os.ReadDir("/proc")
	for _, e := range entries {
		cmdline, err := os.ReadFile(filepath.Join("/proc", e.Name(), "cmdline"))
		if err != nil {
			continue
		}
		if bytes.HasPrefix(cmdline, []byte("/prog\x00")) {
			// A student's program inside bubblewrap (see submission).
			if status, _ := os.ReadFile(filepath.Join("/proc", e.Name(), "status")); !bytes.Contains(status, []byte("State:\tZ")) && mine(status) {
				pids = append(pids, e.Name())
			}
			continue
		}
		if !bytes.Contains(cmdline, []byte(dir)) {
			continue
		}
		// The sandbox's programs (prlimit execs bubblewrap), or the
		// student's binary itself without them; not the go commands.
		argv0 := strings.Split(string(cmdline), "\x00")[0]
		if base := filepath.Base(argv0); base == "bwrap" || base == "prlimit" || strings.HasPrefix(argv0, dir) {
			pids = append(pids, e.Name())
		}
	}
	return pids
}
