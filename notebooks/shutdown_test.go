package notebooks_test

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// loopCell is a cell that says it runs, then never ends (a student's
// answer stuck in a loop).
const loopCell = "%%\nfmt.Println(\"en route\")\nfor {\n}\n"

// markedProcesses lists the processes whose environment holds mark (a
// NAME=value the kernel's spec gives it: every process the kernel starts,
// and all theirs, inherit it, whatever their process group or session),
// as "pid command line".
func markedProcesses(mark string) []string {
	var found []string
	dirs, _ := filepath.Glob("/proc/[0-9]*")
	for _, d := range dirs {
		env, err := os.ReadFile(filepath.Join(d, "environ"))
		if err != nil || !slices.ContainsFunc(bytes.Split(env, []byte{0}), func(v []byte) bool { return string(v) == mark }) {
			continue
		}
		cmdline, _ := os.ReadFile(filepath.Join(d, "cmdline"))
		found = append(found, filepath.Base(d)+" "+strings.TrimSpace(string(bytes.ReplaceAll(cmdline, []byte{0}, []byte{' '}))))
	}
	return found
}

// waitProcesses waits (at most within) until ok says yes to the marked
// processes, and returns them.
func waitProcesses(mark string, within time.Duration, ok func([]string) bool) ([]string, bool) {
	for deadline := time.Now().Add(within); ; {
		ps := markedProcesses(mark)
		if ok(ps) {
			return ps, true
		}
		if time.Now().After(deadline) {
			return ps, false
		}
		time.Sleep(200 * time.Millisecond)
	}
}

// withGopls says whether the processes include a gopls server.
func withGopls(ps []string) bool {
	return slices.ContainsFunc(ps, func(p string) bool { return strings.Contains(p, "gopls -listen") })
}

// After a kernel shuts down through Jupyter's API (the page's Shutdown:
// DELETE /api/kernels/ID), idle or while a cell loops, and after its
// server stops (SIGTERM, as a hub stops a user's server) or dies
// (SIGKILL), none of its processes is left: not GoNB, not the gopls
// server GoNB starts in a process group of its own (which Jupyter's
// kill of the kernel's group misses), not the cell's program. The
// kernel's spec marks its environment; the test counts the processes
// that carry the mark.
func TestNothingLeftRunning(t *testing.T) {
	if !*kernel {
		t.Skip("needs -kernel (make test): starts and stops GoNB kernels in a Jupyter server")
	}
	if _, err := exec.LookPath("gopls"); err != nil {
		t.Fatal("gopls is not on PATH: run kernel-setup/setup.sh (GoNB starts it in every kernel)")
	}
	r := root(t)
	mu.Lock() // the kernels to itself (see mu)
	defer mu.Unlock()
	mark := "REINES_TEST_KERNEL=" + randomID()
	name, value, _ := strings.Cut(mark, "=")
	work := t.TempDir()
	jupyterPath := rawErrorKernel(t, r, filepath.Join(work, "jupyter"), name, value)
	notebooks := filepath.Join(work, "notebooks")
	if err := os.MkdirAll(notebooks, 0o755); err != nil {
		t.Fatal(err)
	}
	// Whatever a failure left: stopped, for the next case and the next
	// tests.
	killMarked := func() {
		for _, p := range markedProcesses(mark) {
			pid, _ := strconv.Atoi(strings.Fields(p)[0])
			_ = syscall.Kill(pid, syscall.SIGKILL)
		}
	}
	t.Cleanup(killMarked)
	// start starts a kernel and waits for its gopls; with a looping cell
	// if loop, once the cell's program runs.
	start := func(t *testing.T, srv *jupyterServer, loop bool) string {
		t.Helper()
		api := srv.api()
		id, err := api.startKernel("gonb")
		if err != nil {
			t.Fatal(err)
		}
		if ps, ok := waitProcesses(mark, time.Minute, withGopls); !ok {
			t.Fatalf("no gopls a minute after the kernel started; its processes:\n%s", strings.Join(ps, "\n"))
		}
		if loop {
			ex, err := api.connect(t, id).execute(loopCell, 3*time.Minute, func(ex *execution) bool {
				return strings.Contains(ex.Stdout, "en route") || len(ex.Errors) > 0
			})
			if err != nil || !strings.Contains(ex.Stdout, "en route") {
				t.Fatalf("the looping cell did not start: %v; outputs %+v", err, ex)
			}
		}
		return id
	}
	// noneLeft waits for the marked processes to end: what the kernel
	// started may take a moment to stop (go list under gopls), not more.
	noneLeft := func(t *testing.T, how string) {
		t.Helper()
		begin := time.Now()
		if ps, ok := waitProcesses(mark, 20*time.Second, func(ps []string) bool { return len(ps) == 0 }); !ok {
			t.Errorf("%s: 20 s later, %d processes of the kernel are left:\n%s", how, len(ps), strings.Join(ps, "\n"))
			killMarked()
			return
		}
		t.Logf("%s: no process left after %.1f s", how, time.Since(begin).Seconds())
	}
	stop := func(t *testing.T, srv *jupyterServer, sig syscall.Signal) {
		t.Helper()
		_ = syscall.Kill(-srv.pid, sig)
		select {
		case <-srv.exited:
		case <-time.After(30 * time.Second):
			t.Fatalf("the server did not stop 30 s after %v", sig)
		}
	}

	srv := startJupyter(t, notebooks, jupyterPath)
	t.Run("shutdown idle", func(t *testing.T) {
		id := start(t, srv, false)
		if err := srv.api().deleteKernel(id); err != nil {
			t.Fatal(err)
		}
		noneLeft(t, "kernel shut down while idle")
	})
	t.Run("shutdown while a cell loops", func(t *testing.T) {
		id := start(t, srv, true)
		if err := srv.api().deleteKernel(id); err != nil {
			t.Fatal(err)
		}
		noneLeft(t, "kernel shut down while its cell looped")
	})
	t.Run("server stopped", func(t *testing.T) {
		start(t, srv, true)
		stop(t, srv, syscall.SIGTERM)
		noneLeft(t, "server stopped (SIGTERM) while a cell looped")
	})
	srv = startJupyter(t, notebooks, jupyterPath)
	t.Run("server killed", func(t *testing.T) {
		start(t, srv, true)
		stop(t, srv, syscall.SIGKILL)
		noneLeft(t, "server killed (SIGKILL) while a cell looped")
	})
}
