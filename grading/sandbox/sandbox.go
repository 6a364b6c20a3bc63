// Package sandbox runs the students' programs for the teacher's grader:
// each in bubblewrap (no network, no file of the machine, a tmpfs of its
// own), as a user of its own, under prlimit and, where the machine
// delegates them, in a cgroup of its own with a CPU quota; a case's time
// limit counts the CPU time the child had, so that a busy machine is told
// from a slow program (starve.go). Results come back on a descriptor of
// their own, each with the MAC of the child's key: nothing else the child
// writes counts. The student edition holds none of it (its make check
// runs programs unsandboxed, on the student's own machine).
package sandbox

import (
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
)

// Sandbox says how children are contained on this machine; see [Probe].
type Sandbox struct {
	Prlimit      string   // path of prlimit(1), "" if absent: no rlimits
	Bwrap        string   // path of bwrap(1) when it works here, "" if not: see bwrapArgs
	Unprivileged bool     // running as root: each child runs as an unprivileged user of its own (uidBase and on)
	NoNet        bool     // children get a new, empty network namespace
	Cgroups      *Cgroups // a control group per child, nil when this machine allows none
	NoCgroups    string   // why there are none, when Cgroups is nil
	Warning      string   // what is missing, "" when nothing is
}

// Isolated reports whether children see nothing of this machine's files
// but their own binary and scratch space (bubblewrap works here).
func (s Sandbox) Isolated() bool { return s.Bwrap != "" }

// Probe finds what this machine allows: bubblewrap (new user, PID, IPC,
// UTS, network and cgroup namespaces, an empty file system but for the
// child's binary and a fresh tmpfs), rlimits through prlimit(1), and as
// root an unprivileged user ID per child, and a control group per child
// where the machine allows it. Warning says what is missing.
func Probe() Sandbox {
	closeInherited()
	var s Sandbox
	s.Cgroups, s.NoCgroups = probeCgroups()
	s.Prlimit, _ = exec.LookPath("prlimit")
	s.Unprivileged = os.Geteuid() == 0
	var w []string
	if path, err := exec.LookPath("bwrap"); err != nil {
		w = append(w, "bubblewrap (bwrap) not found: student code can read this machine's files (apt-get install bubblewrap)")
	} else if err := probeBwrap(path, s.Unprivileged); err != nil {
		w = append(w, "bubblewrap does not work here ("+err.Error()+"): student code can read this machine's files")
	} else {
		s.Bwrap, s.NoNet = path, true
	}
	if s.Bwrap == "" && s.Unprivileged {
		cmd := exec.Command("true")
		cmd.SysProcAttr = &syscall.SysProcAttr{Cloneflags: syscall.CLONE_NEWNET}
		s.NoNet = cmd.Run() == nil
	}
	if s.Prlimit == "" {
		w = append(w, "prlimit(1) not found: no memory or process limits")
	}
	if !s.Unprivileged && s.Bwrap == "" {
		w = append(w, "not root: student code runs as this user")
	}
	if !s.NoNet {
		w = append(w, "no network namespace: student code could reach the network")
	}
	s.Warning = strings.Join(w, "; ")
	return s
}

// closeInherited marks close-on-exec every descriptor above 2 this process
// inherited (a shell's `9>>file`, make's jobserver pipes): the children get
// only the descriptors they are given. Go opens its own with that flag.
func closeInherited() {
	entries, err := os.ReadDir("/proc/self/fd")
	if err != nil {
		return
	}
	for _, e := range entries {
		if fd, err := strconv.Atoi(e.Name()); err == nil && fd > 2 {
			syscall.CloseOnExec(fd)
		}
	}
}

// MaxConcurrent returns how many children of one notebook may run at once
// without one starving another: any number (MaxInt) when each child's CPU
// is capped at its GOMAXPROCS cores by a cgroup, else 1.
func (s Sandbox) MaxConcurrent() int {
	if s.Cgroups != nil && s.Cgroups.CPU != "" {
		return math.MaxInt
	}
	return 1
}

// Isolation describes in one line what contains the children here.
func (s Sandbox) Isolation() string {
	var have []string
	if s.Bwrap != "" {
		have = append(have, "bubblewrap (only the program and a fresh tmpfs are visible; no network)")
	} else if s.NoNet {
		have = append(have, "no network")
	}
	if s.Unprivileged {
		have = append(have, "one unprivileged user per child")
	}
	if s.Prlimit != "" {
		have = append(have, "rlimits (memory, CPU, files, processes)")
	}
	if s.Cgroups != nil {
		what := "memory with its tmpfs, no swap; processes"
		if s.Cgroups.CPU != "" {
			what += "; CPU, its GOMAXPROCS cores"
		}
		have = append(have, "a cgroup "+s.Cgroups.Version()+" per child ("+what+")")
	}
	have = append(have, "a time-out per case, in time the child had the machine")
	if s.Cgroups == nil {
		have = append(have, "no cgroup limits ("+s.NoCgroups+")")
	}
	out := "sandbox: " + strings.Join(have, ", ")
	if s.Warning != "" {
		out += "\nsandbox: WARNING: " + s.Warning
	}
	return out
}

// Reachable returns an error, in French, unless the children (their own
// user, as root) can reach dir, where the grader puts their binaries:
// dir and each of its parents must be open to others (o+x).
func (s Sandbox) Reachable(dir string) error {
	if !s.Unprivileged {
		return nil
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return err
	}
	for d := abs; ; d = filepath.Dir(d) {
		fi, err := os.Stat(d)
		if err != nil {
			return err
		}
		if fi.Mode().Perm()&0o001 == 0 {
			return fmt.Errorf("dossier %s fermé aux processus isolés (droits %v) : il faut au moins o+x sur %s et chacun de ses parents (TMPDIR ailleurs ?)", d, fi.Mode().Perm(), abs)
		}
		if d == filepath.Dir(d) {
			return nil
		}
	}
}
