package sandbox

import (
	"bufio"
	"bytes"
	"context"
	crand "crypto/rand"
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
	Timeout  time.Duration // time the child had the machine (see starve.go), then the whole process group is killed
	MemoryMB int           // data segment (RLIMIT_DATA: the heap), in MiB
	Output   int           // bytes of stdout+stderr kept; the rest is dropped
	Procs    int           // processes and threads of the sandbox user (RLIMIT_NPROC)
	TmpMB    int           // size of the child's only writable place, a fresh tmpfs (with bubblewrap), in MiB
	MaxProcs int           // the child's GOMAXPROCS (1 unless a question is about parallelism)
	Race     bool          // the binary is built with -race: a data race ends the case (see RaceReport)
	// Checks, if not 0, is the checks' own limit in the child
	// (grading.TimeoutEnv): their waits for the student's goroutines
	// (grading.Scaled) and nb03's search budget scale with it. 0: the
	// child's default, 10 s. DefaultLimits has the grader's own
	// (grading.DefaultTimeout), so that a child waits as long as the
	// judge's notes say.
	Checks time.Duration
}

// DefaultLimits are the limits of one case.
var DefaultLimits = Limits{Timeout: 10 * time.Second, MemoryMB: 2048, Output: 64 << 10, Procs: 256, TmpMB: 64, MaxProcs: 1, Checks: grading.DefaultTimeout}

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

// Outcome is what running one case gave.
type Outcome struct {
	Result   *grading.ChildResult // nil when the child handed nothing back
	Output   string               // what the child printed during the case, cut to Limits.Output bytes
	Trouble  string               // French, when Result is nil: time-out, memory, exit…
	TimedOut bool                 // the case had the machine for its whole time limit and did not answer
	// Machine says that the machine, too busy, did not give the child its
	// time limit (see starve.go), even with a fresh child: the case has no
	// verdict, and Trouble says so.
	Machine bool
	// Race says that the race detector stopped the case (a binary built
	// with Limits.Race, its report in the output).
	Race bool
}

// RunCases runs bin with binArgs on each input in turn, in the sandbox: the
// child (see grading.Serve) reads one case (its number and input) on its
// standard input, says on file descriptor 3 that it started it, and writes
// its result there before it gets the next case, so one process answers
// every case while it lasts. A case that kills its process (exit, crash,
// memory) gets that trouble, and a fresh child takes the next case (a case
// a dying child never began is handed to a fresh child once). A case
// starved of CPU by other work gets more wall-clock time (see starve.go),
// and a fresh child once if that is not enough. After a time-out, or a
// case the machine never gave its time, the whole process group is killed
// and no further case runs: the result has fewer outcomes than inputs. Each child has its own process
// group, scratch as its only writable and working directory, a minimal
// environment, and the limits of lim (Timeout per case). It never returns
// an error: every failure is an Outcome.
func (s Sandbox) RunCases(ctx context.Context, bin string, binArgs []string, inputs [][]byte, scratch string, lim Limits) []Outcome {
	var outs []Outcome
	var c *child
	defer func() {
		if c != nil {
			c.stop()
		}
	}()
	for k, retried := 0, false; k < len(inputs); {
		if c == nil {
			var err error
			if c, err = s.start(bin, binArgs, scratch, lim, len(inputs)-k); err != nil {
				outs = append(outs, Outcome{Trouble: "impossible de lancer le programme : " + err.Error()})
				k++
				continue
			}
		}
		o, alive, started := c.run(ctx, inputs[k], lim)
		if !alive {
			c = nil
		}
		if !started && !alive && !retried && ctx.Err() == nil {
			// The child was gone before it began this case (something the
			// previous case did): a fresh child takes it, once.
			retried = true
			continue
		}
		if o.Machine && !retried && ctx.Err() == nil {
			// Starved past maxStretch times its limit: a fresh child tries
			// the case once more.
			retried = true
			continue
		}
		outs = append(outs, o)
		if o.TimedOut || o.Machine || ctx.Err() != nil {
			break
		}
		k, retried = k+1, false
	}
	return outs
}

// child is one running grading process.
type child struct {
	cmd    *exec.Cmd
	stdin  io.WriteCloser
	lines  chan []byte // result lines; closed when fd 3 is closed or a line is too long
	waited chan error  // the process's exit
	werr   error
	exited bool
	out    *capped
	seq    int    // number of the last case handed to the child
	key    []byte // its key: a result must carry its MAC (see grading.EnvKeyFD)
	uid    int    // -1: none taken from the pool
	cg     *cgroup
	oom    bool // the kernel killed a process of its group for memory
}

// maxResult bounds one result line.
const maxResult = 16 << 20

// start launches bin for at most cases cases.
func (s Sandbox) start(bin string, binArgs []string, scratch string, lim Limits, cases int) (*child, error) {
	cmd, environFD := s.command(bin, binArgs, scratch, lim, cases)
	// Killed with the grader, even by kill -9: bubblewrap's own
	// --die-with-parent takes effect only once it runs, and a grader
	// killed while it starts would leave it. Go sets the signal in the
	// forked child after its credentials, and kills it at once if the
	// grader is already gone.
	attr := &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
	c := &child{cmd: cmd, out: &capped{max: lim.Output}, uid: -1, lines: make(chan []byte, 1), waited: make(chan error, 1)}
	if s.Unprivileged {
		c.uid = <-uidPool
		attr.Credential = &syscall.Credential{Uid: uint32(c.uid), Gid: uint32(c.uid)}
		if s.Bwrap == "" {
			_ = os.Chown(scratch, c.uid, c.uid) // with bubblewrap the child writes only to its tmpfs
		}
	}
	if s.NoNet && s.Bwrap == "" {
		attr.Cloneflags = syscall.CLONE_NEWNET // bubblewrap makes its own
	}
	if s.Cgroups != nil {
		var err error
		if c.cg, err = s.Cgroups.group(lim); err != nil {
			c.release()
			return nil, fmt.Errorf("cgroup: %v", err)
		}
		if c.cg.fd != nil {
			attr.UseCgroupFD, attr.CgroupFD = true, int(c.cg.fd.Fd())
		}
	}
	cmd.SysProcAttr = attr
	cmd.Stdout, cmd.Stderr = c.out, c.out
	// A process that left the group may hold the output pipe open: once
	// the child is gone, waiting for it is bounded.
	cmd.WaitDelay = time.Second
	// The child's own pipes first: exec.Cmd's stdin pipe, once made,
	// is closed only by Start.
	f, err := c.pipes(environFD)
	defer f.close(f.afterStart...)
	if err != nil {
		f.close(f.onFailure...)
		c.release()
		return nil, err
	}
	stdin, err := cmd.StdinPipe()
	if err != nil {
		f.close(f.onFailure...)
		c.release()
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		f.close(f.onFailure...)
		c.release()
		return nil, err
	}
	f.close(f.results[1])
	if f.gate[0] != nil {
		f.close(f.gate[0])
		if err := c.cg.enter(cmd.Process.Pid); err != nil {
			f.close(f.gate[1]) // the gate reads nothing: the child exits
			_ = cmd.Wait()
			f.close(f.results[0])
			c.release()
			return nil, fmt.Errorf("cgroup: %v", err)
		}
		if _, err := f.gate[1].Write([]byte("go\n")); err != nil {
			_ = cmd.Wait()
			f.close(f.results[0])
			c.release()
			return nil, fmt.Errorf("cgroup: %v", err)
		}
	}
	c.stdin = stdin
	go func() {
		defer close(c.lines)
		defer f.results[0].Close()
		sc := bufio.NewScanner(f.results[0])
		sc.Buffer(make([]byte, 0, 64<<10), maxResult)
		for sc.Scan() {
			c.lines <- append([]byte(nil), sc.Bytes()...)
		}
	}()
	go func() { c.waited <- cmd.Wait() }()
	return c, nil
}

// command is the command that runs bin (with binArgs) for at most cases
// cases within lim: inside bubblewrap and under prlimit where the sandbox
// has them, in scratch, with the child's whole environment. environFD is
// the descriptor on which bubblewrap reads the race runtime's options (0:
// none; see bwrapArgs).
func (s Sandbox) command(bin string, binArgs []string, scratch string, lim Limits, cases int) (cmd *exec.Cmd, environFD int) {
	args := append([]string{bin}, binArgs...)
	// see bwrapArgs: after fd 3 (results), 4 (key) and 5 (the cgroup v1 gate)
	if s.Bwrap != "" {
		if lim.Race {
			environFD = 6
		}
		args = append(append([]string{s.Bwrap}, bwrapArgs(bin, "/prog", isDynamic(bin), lim, environFD)...), binArgs...)
	}
	inner := args
	if s.Prlimit != "" {
		cpu := (int(lim.Timeout/time.Second) + 1) * cases * cores(lim.MaxProcs) // a backstop: the time each case had of its cores is the limit
		args = []string{s.Prlimit,
			"--data=" + strconv.Itoa(lim.MemoryMB<<20),
			"--cpu=" + strconv.Itoa(cpu),
			"--fsize=" + strconv.Itoa(16<<20),
			"--nofile=64",
			"--nproc=" + strconv.Itoa(lim.Procs),
			"--core=0",
			"--"}
		args = append(args, inner...)
	}
	cmd = exec.Command(args[0], args[1:]...)
	cmd.Dir = scratch
	if s.Bwrap != "" {
		cmd.Dir = "/" // bubblewrap's working directory is the child's tmpfs
	}
	cmd.Env = []string{"PATH=/usr/bin:/bin", "HOME=" + scratch, "TMPDIR=" + scratch, "GOMAXPROCS=" + strconv.Itoa(max(lim.MaxProcs, 1)), "GOTRACEBACK=none", grading.EnvKeyFD + "=4"}
	if lim.Race {
		cmd.Env = append(cmd.Env, "GORACE="+raceOptions)
	}
	if lim.Checks > 0 {
		cmd.Env = append(cmd.Env, grading.TimeoutEnv+"="+lim.Checks.String())
	}
	return cmd, environFD
}

// childFiles are the pipes a child is started with (see child.pipes), each
// [read end, write end]; the parent closes afterStart once the child has
// started or failed to, and onFailure too if it failed to.
type childFiles struct {
	results, gate         [2]*os.File
	afterStart, onFailure []*os.File
}

// close closes the files that are not nil.
func (*childFiles) close(fs ...*os.File) {
	for _, f := range fs {
		if f != nil {
			f.Close()
		}
	}
}

// pipes makes the child's extra descriptors (cmd.ExtraFiles): fd 3, the
// results; fd 4, its key, which the harness reads as it starts (see
// grading.EnvKeyFD), held whole by the pipe before the child runs; fd 5,
// with a cgroup v1 group, the gate on which the child waits until it is in
// its group (see start); and at environFD (0: none) the race runtime's
// options, for bubblewrap to copy (see bwrapArgs).
func (c *child) pipes(environFD int) (*childFiles, error) {
	f := &childFiles{}
	r, w, err := os.Pipe()
	if err != nil {
		return f, err
	}
	f.results = [2]*os.File{r, w}
	f.onFailure = append(f.onFailure, r, w)
	c.key = make([]byte, grading.KeySize)
	_, _ = crand.Read(c.key)
	keyR, keyW, err := os.Pipe()
	if err != nil {
		return f, err
	}
	f.afterStart = append(f.afterStart, keyR)
	_, err = keyW.Write(c.key)
	keyW.Close()
	if err != nil {
		return f, err
	}
	c.cmd.ExtraFiles = []*os.File{w, keyR, nil}
	if c.cg != nil && c.cg.fd == nil {
		gateR, gateW, err := os.Pipe()
		if err != nil {
			return f, err
		}
		f.gate = [2]*os.File{gateR, gateW}
		f.afterStart = append(f.afterStart, gateW)
		f.onFailure = append(f.onFailure, gateR)
		c.cmd.ExtraFiles[2] = gateR
		c.cmd.Args = append([]string{"/bin/sh", "-c", `read -r go <&5 && exec "$@" 5<&-`, "reines-gate"}, c.cmd.Args...)
		c.cmd.Path = "/bin/sh"
	}
	if environFD > 0 {
		envR, envW, err := os.Pipe()
		if err != nil {
			return f, err
		}
		f.afterStart = append(f.afterStart, envR)
		_, err = envW.WriteString(raceEnviron)
		envW.Close()
		if err != nil {
			return f, err
		}
		c.cmd.ExtraFiles = append(c.cmd.ExtraFiles, envR)
	}
	return f, nil
}

// run hands one input to the child and waits for its result, at most
// lim.Timeout. alive is false when the child is gone (it was stopped);
// started says whether the child said it began the case.
func (c *child) run(ctx context.Context, input []byte, lim Limits) (o Outcome, alive, started bool) {
	c.seq++
	line, _ := json.Marshal(grading.ChildCase{Case: c.seq, Input: input})
	c.out.reset()
	start := time.Now()
	go func() { _, _ = c.stdin.Write(append(line, '\n')) }()
	timer := time.NewTimer(lim.Timeout)
	defer timer.Stop()
	// What the child and the grader had of the CPU is read once the case
	// has lasted baseDelay (most cases are over before: no reading of
	// /proc for them); before that, the child is taken to have had the
	// machine (see starve.go).
	var baseChild, baseGrader schedTotals
	var baseAt time.Duration
	base := time.NewTimer(min(lim.Timeout/baseShare, baseDelay))
	defer base.Stop()
	timedOut, machine, why := false, false, ""
	for waiting := true; waiting; {
		waiting = false
		select {
		case <-base.C:
			baseChild, baseGrader = schedOf(c.cmd.Process.Pid, c.cg)
			baseAt = time.Since(start)
			waiting = true
		case line, ok := <-c.lines:
			if ok {
				if res := c.answer(line); res != nil && res.Started {
					started = true
				} else if res != nil {
					return Outcome{Result: res, Output: c.out.String()}, true, true
				}
				waiting = true
				continue
			}
			// fd 3 is closed: the process is most likely exiting.
			select {
			case c.werr = <-c.waited:
				c.exited = true
			case <-time.After(time.Second):
				why = "le programme a cessé de communiquer sans rendre de résultat"
			}
		case c.werr = <-c.waited:
			c.exited = true
			// It may have written its result just before it exited.
			c.killGroup()
			res, began := c.leftover(time.Second)
			started = started || began
			if res != nil {
				c.stop()
				return Outcome{Result: res, Output: c.out.String()}, false, true
			}
		case <-timer.C:
			// The limit is the time the child had the machine: what it
			// lost waiting for a CPU moves the deadline (see starve.go).
			elapsed := time.Since(start)
			child, grader := schedOf(c.cmd.Process.Pid, c.cg)
			lost := starved([2]schedTotals{baseChild, child}, [2]schedTotals{baseGrader, grader}, elapsed-baseAt)
			switch had := had(baseChild, child, lost, elapsed, baseAt, lim.MaxProcs); {
			case baseChild.threads == nil:
				// Both timers fired at once: the grader itself was kept
				// from the CPU for the whole limit, and what the child
				// had cannot be told.
				machine = true
				why = fmt.Sprintf("machine de correction surchargée : le correcteur n'a pas eu le processeur pendant %s ; cas non noté, à corriger de nouveau", grading.Seconds(elapsed.Round(time.Second)))
			case had >= lim.Timeout || float64(lost) <= starvedShare*float64(lim.Timeout) || busyItself(baseChild, child, elapsed-baseAt, lim.MaxProcs):
				timedOut = true
			case elapsed < maxStretch*lim.Timeout:
				timer.Reset(max(min(lim.Timeout-had, maxStretch*lim.Timeout-elapsed), 50*time.Millisecond))
				waiting = true
			default:
				machine = true
				why = fmt.Sprintf("machine de correction surchargée : en %s, le programme n'a eu le processeur que %s sur les %s de sa limite ; cas non noté, à corriger de nouveau",
					grading.Seconds(elapsed.Round(time.Second)), grading.Seconds(had.Round(100*time.Millisecond)), grading.Seconds(lim.Timeout))
			}
		case <-ctx.Done():
			why = "correction interrompue"
		}
	}
	c.stop()
	o = Outcome{Output: c.out.String(), TimedOut: timedOut, Machine: machine, Trouble: why}
	o.Race = lim.Race && strings.Contains(o.Output, raceWarning)
	if why == "" {
		o.Trouble = trouble(timedOut, c.oom, c.werr, o.Output, lim)
	}
	return o, false, started
}

// answer returns the result in line if it answers the current case: only a
// result carrying its number and its MAC under the child's key does;
// anything else the program writes on fd 3 is ignored.
func (c *child) answer(line []byte) *grading.ChildResult {
	var res grading.ChildResult
	if json.Unmarshal(line, &res) != nil || res.Case != c.seq || !grading.ValidMAC(c.key, res) {
		return nil
	}
	return &res
}

// leftover reads what an exited child left on fd 3, for at most wait, and
// returns the current case's result if it is there, and whether the child
// began the case.
func (c *child) leftover(wait time.Duration) (res *grading.ChildResult, started bool) {
	grace := time.After(wait)
	for {
		select {
		case line, ok := <-c.lines:
			if !ok {
				return nil, started
			}
			if r := c.answer(line); r != nil && r.Started {
				started = true
			} else if r != nil {
				return r, true
			}
		case <-grace:
			return nil, started
		}
	}
}

// killGroup kills the child's whole process group.
func (c *child) killGroup() { _ = syscall.Kill(-c.cmd.Process.Pid, syscall.SIGKILL) }

// stop kills the child's process group and waits until it is gone, so that
// its processes no longer count against the next child's process limit
// (same grades on every run); then it gives back the child's user ID.
func (c *child) stop() {
	_ = c.stdin.Close()
	c.killGroup()
	if !c.exited {
		c.werr, c.exited = <-c.waited, true
	}
	for deadline := time.Now().Add(3 * time.Second); time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
		if syscall.Kill(-c.cmd.Process.Pid, 0) == syscall.ESRCH {
			break
		}
	}
	// What left the process group (setsid) is still in the cgroup, and
	// still the sandbox user's: once the cgroup is gone, nothing the child
	// started is left (it was in the group before the program ran, and
	// cannot leave it), else every process of the user is looked for.
	gone := false
	if c.cg != nil {
		c.oom = c.cg.oomKilled()
		gone = c.cg.remove()
		c.cg = nil
	}
	if c.uid >= 0 && !gone {
		killUser(c.uid)
	}
	c.release()
}

// killUser kills every process whose real or effective user is uid (a
// sandbox user owns nothing else), read from /proc/PID/status, and waits
// until none is left but zombies, or 3 s have passed. The zombies are
// reaped by the system's init (about a second in a container) before the
// user ID comes round again: the pool hands out every other ID first.
func killUser(uid int) {
	want := strconv.Itoa(uid)
	for deadline := time.Now().Add(3 * time.Second); time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
		entries, err := os.ReadDir("/proc")
		if err != nil {
			return
		}
		found := false
		for _, e := range entries {
			pid, err := strconv.Atoi(e.Name())
			if err != nil {
				continue
			}
			status, err := os.ReadFile("/proc/" + e.Name() + "/status")
			if err != nil {
				continue
			}
			zombie, mine := false, false
			for _, line := range strings.Split(string(status), "\n") {
				if f := strings.Fields(line); len(f) >= 3 && f[0] == "Uid:" {
					mine = f[1] == want || f[2] == want
				} else if len(f) >= 2 && f[0] == "State:" {
					zombie = f[1] == "Z" || f[1] == "X"
				}
			}
			if mine && !zombie {
				found = true
				_ = syscall.Kill(pid, syscall.SIGKILL)
			}
		}
		if !found {
			return
		}
	}
}

func (c *child) release() {
	if c.cg != nil {
		c.cg.remove()
		c.cg = nil
	}
	if c.uid >= 0 {
		uidPool <- c.uid
		c.uid = -1
	}
}

// trouble explains in French why a child handed nothing back.
func trouble(timedOut, oom bool, err error, output string, lim Limits) string {
	var exit *exec.ExitError
	switch {
	case oom:
		return fmt.Sprintf("mémoire épuisée (limite %d Mio, fichiers de /tmp compris) : boucle infinie qui remplit une liste, ou calcul trop gros ?", lim.MemoryMB+lim.TmpMB)
	case strings.Contains(output, raceWarning):
		return "course critique (data race) : deux goroutines accèdent à la même variable, l'une en écriture, sans synchronisation (verrou, canal)\n" + RaceReport(output)
	case strings.Contains(output, "stack overflow") || strings.Contains(output, "goroutine stack exceeds"):
		return "débordement de pile : récursion infinie ?"
	case strings.Contains(output, "out of memory") || strings.Contains(output, "cannot allocate memory"):
		return fmt.Sprintf("mémoire épuisée (limite %d Mio) : boucle infinie qui remplit une liste, ou calcul trop gros ?", lim.MemoryMB)
	case strings.Contains(output, "resource temporarily unavailable") || strings.Contains(output, "pthread_create failed") || strings.Contains(output, "failed to create new OS thread"):
		return "trop de processus ou de fils d'exécution"
	case timedOut:
		return fmt.Sprintf("plus de %s s : boucle infinie ou calcul trop long ?", strings.Replace(strconv.FormatFloat(lim.Timeout.Seconds(), 'f', -1, 64), ".", ",", 1))
	case errors.As(err, &exit) && exit.ExitCode() >= 0:
		return fmt.Sprintf("le programme s'est arrêté (code de sortie %d) sans rendre de résultat : un appel à os.Exit, ou une erreur fatale ?", exit.ExitCode())
	case err != nil:
		return "le programme a été tué : " + err.Error()
	}
	return "le programme s'est arrêté (code de sortie 0) sans rendre de résultat : un appel à os.Exit ?"
}

// capped keeps the first max bytes written to it since the last reset,
// counts the rest, and keeps the last tailSize bytes too, where a crash
// message is found after a flood of output.
type capped struct {
	mu      sync.Mutex
	max     int
	buf     bytes.Buffer
	dropped int
	tail    []byte
}

const tailSize = 32 << 10

func (c *capped) Write(p []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	room := max(c.max-c.buf.Len(), 0)
	c.buf.Write(p[:min(room, len(p))])
	if rest := p[min(room, len(p)):]; len(rest) > 0 {
		c.dropped += len(rest)
		c.tail = append(c.tail, rest[max(len(rest)-tailSize, 0):]...)
		c.tail = c.tail[max(len(c.tail)-tailSize, 0):]
	}
	return len(p), nil
}

func (c *capped) reset() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.buf.Reset()
	c.dropped, c.tail = 0, nil
}

func (c *capped) String() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.dropped > 0 {
		return c.buf.String() + fmt.Sprintf("\n… (%d octets de sortie supprimés) …\n", c.dropped-len(c.tail)) + string(c.tail)
	}
	return c.buf.String()
}
