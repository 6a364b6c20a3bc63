// Package busyloop holds every core of the machine, for the tests that
// show that a busy machine costs a student nothing (grading/sandbox's
// TestBusyMachine, grading/batch's TestBusyMachineCorrections).
package busyloop

import (
	"os/exec"
	"runtime"
	"syscall"
	"testing"
)

// Start starts four shell loops per core, each in a session of its own
// (the scheduler shares a core between sessions first) and killed with
// the test process, even if it is killed. stop kills them and waits for
// them. It fails t if a loop cannot start.
func Start(t testing.TB) (stop func()) {
	t.Helper()
	var cmds []*exec.Cmd
	stop = func() {
		for _, c := range cmds {
			c.Process.Kill()
			c.Wait()
		}
	}
	for range Count() {
		cmd := exec.Command("sh", "-c", "while :; do :; done")
		cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true, Pdeathsig: syscall.SIGKILL}
		if err := cmd.Start(); err != nil {
			stop()
			t.Fatal(err)
		}
		cmds = append(cmds, cmd)
	}
	return stop
}

// Count is the number of loops Start starts.
func Count() int { return 4 * runtime.NumCPU() }
