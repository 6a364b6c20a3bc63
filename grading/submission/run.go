package submission

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/prepa-reines/reines/grading"
)

// Limits bound one run of a student's program.
type Limits struct {
	Timeout  time.Duration // wall clock, then the whole process group is killed
	MemoryMB int           // data segment (RLIMIT_DATA: the heap), in MiB
	Output   int           // bytes of stdout+stderr kept; the rest is dropped
	Procs    int           // processes and threads of the sandbox user (RLIMIT_NPROC)
}

// DefaultLimits are the limits of one case.
var DefaultLimits = Limits{Timeout: 10 * time.Second, MemoryMB: 2048, Output: 64 << 10, Procs: 256}

// Sandbox says how children are contained on this machine; see [Probe].
type Sandbox struct {
	Prlimit      string // path of prlimit(1), "" if absent: no rlimits
	Unprivileged bool   // running as root: each child runs as an unprivileged user of its own (see UIDRange)
	NoNet        bool   // children get a new, empty network namespace
	Warning      string
}

// Probe finds what this machine allows: rlimits through prlimit(1), and as
// root a separate user and network namespace. Without a network namespace
// the children still have no module proxy (GOPROXY=off) but could reach the
// network: the warning says so.
func Probe() Sandbox {
	var s Sandbox
	s.Prlimit, _ = exec.LookPath("prlimit")
	if os.Geteuid() == 0 {
		s.Unprivileged = true
		cmd := exec.Command("true")
		cmd.SysProcAttr = &syscall.SysProcAttr{Cloneflags: syscall.CLONE_NEWNET}
		s.NoNet = cmd.Run() == nil
	}
	var w []string
	if s.Prlimit == "" {
		w = append(w, "prlimit(1) not found: no memory or process limits")
	}
	if !s.Unprivileged {
		w = append(w, "not root: student code runs as this user, with network access")
	} else if !s.NoNet {
		w = append(w, "no network namespace: student code could reach the network")
	}
	s.Warning = strings.Join(w, "; ")
	return s
}

// Each running child gets a user ID of its own (as root), so that the
// process limit of one child, which counts every process of its user,
// never depends on what another child runs at the same time. The IDs are
// drawn from a block chosen by this process's PID, so that two graders
// running at once (e.g. test binaries) use different ones; they need no
// entry in /etc/passwd.
const uidSlots = 64

var (
	uidBase = 200000 + (os.Getpid()%5000)*uidSlots
	uidPool = func() chan int {
		c := make(chan int, uidSlots)
		for i := 0; i < uidSlots; i++ {
			c <- uidBase + i
		}
		return c
	}()
)

// UIDRange returns the user IDs children may run as: [first, first+count).
func UIDRange() (first, count int) { return uidBase, uidSlots }

// Outcome is what running one case gave.
type Outcome struct {
	Result  *grading.ChildResult // nil when the child handed nothing back
	Output  string               // the first Limits.Output bytes it printed
	Trouble string               // French, when Result is nil: time-out, memory, exit…
}

// Run runs bin with binArgs on one input in the sandbox: its own process group (killed
// whole at the time-out), scratch as its only writable directory and
// working directory, a minimal environment, the result read from file
// descriptor 3. It never returns an error: every failure is an Outcome.
func (s Sandbox) Run(ctx context.Context, bin string, binArgs []string, input []byte, scratch string, lim Limits) Outcome {
	args := append([]string{bin}, binArgs...)
	if s.Prlimit != "" {
		args = []string{s.Prlimit,
			"--data=" + strconv.Itoa(lim.MemoryMB<<20),
			"--cpu=" + strconv.Itoa(int(lim.Timeout/time.Second)+1),
			"--fsize=" + strconv.Itoa(16<<20),
			"--nofile=64",
			"--nproc=" + strconv.Itoa(lim.Procs),
			"--core=0",
			"--"}
		args = append(args, bin)
		args = append(args, binArgs...)
	}
	ctx, cancel := context.WithTimeout(ctx, lim.Timeout)
	defer cancel()
	cmd := exec.Command(args[0], args[1:]...)
	cmd.Dir = scratch
	cmd.Env = []string{"PATH=/usr/bin:/bin", "HOME=" + scratch, "TMPDIR=" + scratch, "GOMAXPROCS=1", "GOTRACEBACK=none"}
	attr := &syscall.SysProcAttr{Setpgid: true}
	if s.Unprivileged {
		uid := <-uidPool
		defer func() { uidPool <- uid }()
		attr.Credential = &syscall.Credential{Uid: uint32(uid), Gid: uint32(uid)}
		_ = os.Chown(scratch, uid, uid)
	}
	if s.NoNet {
		attr.Cloneflags = syscall.CLONE_NEWNET
	}
	cmd.SysProcAttr = attr
	cmd.Stdin = bytes.NewReader(input)
	out := &capped{max: lim.Output}
	cmd.Stdout, cmd.Stderr = out, out
	r, w, err := os.Pipe()
	if err != nil {
		return Outcome{Trouble: "impossible de lancer le programme : " + err.Error()}
	}
	cmd.ExtraFiles = []*os.File{w}
	if err := cmd.Start(); err != nil {
		r.Close()
		w.Close()
		return Outcome{Trouble: "impossible de lancer le programme : " + err.Error()}
	}
	w.Close()
	var result []byte
	done := make(chan struct{})
	go func() {
		result, _ = io.ReadAll(io.LimitReader(r, 16<<20))
		close(done)
	}()
	waited := make(chan error, 1)
	go func() { waited <- cmd.Wait() }()
	var werr error
	timedOut := false
	select {
	case werr = <-waited:
	case <-ctx.Done():
		timedOut = true
		_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
		werr = <-waited
	}
	// Grandchildren may hold the pipe open: kill the group, then read. Wait
	// until the group is gone, so that its processes no longer count against
	// the next case's process limit (same grades on every run).
	_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	for deadline := time.Now().Add(3 * time.Second); time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
		if syscall.Kill(-cmd.Process.Pid, 0) == syscall.ESRCH {
			break
		}
	}
	r.SetReadDeadline(time.Now().Add(time.Second))
	<-done
	r.Close()
	o := Outcome{Output: out.String()}
	var res grading.ChildResult
	if len(result) > 0 && json.Unmarshal(result, &res) == nil {
		o.Result = &res
		return o
	}
	o.Trouble = trouble(timedOut, werr, o.Output, lim)
	return o
}

// trouble explains in French why a child handed nothing back.
func trouble(timedOut bool, err error, output string, lim Limits) string {
	var exit *exec.ExitError
	switch {
	case strings.Contains(output, "stack overflow") || strings.Contains(output, "goroutine stack exceeds"):
		return "débordement de pile : récursion infinie ?"
	case strings.Contains(output, "out of memory") || strings.Contains(output, "cannot allocate memory"):
		return fmt.Sprintf("mémoire épuisée (limite %d Mio)", lim.MemoryMB)
	case strings.Contains(output, "resource temporarily unavailable") || strings.Contains(output, "pthread_create failed"):
		return "trop de processus ou de fils d'exécution"
	case timedOut:
		return fmt.Sprintf("délai dépassé (%v) : boucle infinie ou calcul trop long ?", lim.Timeout)
	case errors.As(err, &exit) && exit.ExitCode() >= 0:
		return fmt.Sprintf("le programme s'est arrêté (code %d) sans rendre de résultat : os.Exit ou erreur fatale ?", exit.ExitCode())
	case err != nil:
		return "le programme a été tué : " + err.Error()
	}
	return "le programme n'a rendu aucun résultat"
}

// capped keeps the first max bytes written to it and counts the rest.
type capped struct {
	mu      sync.Mutex
	max     int
	buf     bytes.Buffer
	dropped int
}

func (c *capped) Write(p []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if room := c.max - c.buf.Len(); room > 0 {
		c.buf.Write(p[:min(room, len(p))])
		c.dropped += max(len(p)-room, 0)
	} else {
		c.dropped += len(p)
	}
	return len(p), nil
}

func (c *capped) String() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.dropped > 0 {
		return c.buf.String() + fmt.Sprintf("\n… (%d octets de sortie supprimés)", c.dropped)
	}
	return c.buf.String()
}
