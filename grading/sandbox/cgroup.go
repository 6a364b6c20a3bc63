package sandbox

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"time"
)

// Cgroups are the per-child control groups this machine lets the grader
// make: a memory limit (heap, tmpfs pages and page cache together, no
// swap) and a process limit that count only that child's processes, and a
// record of the kernel's out-of-memory kills, and where the cpu controller
// is there too, a CPU quota. Either the unified hierarchy
// (cgroup v2: the child is started inside its group, CLONE_INTO_CGROUP) or
// the legacy memory and pids hierarchies (cgroup v1: the child waits, in a
// /bin/sh gate, until the grader has moved it in). They need root, or a
// hierarchy delegated to this user.
type Cgroups struct {
	V2     string // mount point of the unified hierarchy with memory and pids, or ""
	Memory string // mount point of the v1 memory hierarchy, or ""
	Pids   string // mount point of the v1 pids hierarchy, or ""
	// CPU is the mount point of the v1 cpu hierarchy, or "" (with V2: "cpu"
	// when the unified hierarchy has the cpu controller): each child gets
	// at most its GOMAXPROCS cores, however many processes it starts, so
	// that it cannot starve the children graded beside it.
	CPU string
}

// Version is "v2", "v1", or "" when there are none.
func (g *Cgroups) Version() string {
	switch {
	case g == nil:
		return ""
	case g.V2 != "":
		return "v2"
	}
	return "v1"
}

// cgroupPrefix starts the name of each child's group, followed by the
// grader's PID and the child's number.
const cgroupPrefix = "reines-"

var cgroupSeq atomic.Int64

// probeCgroups finds the hierarchies (from /proc/self/mountinfo) and checks
// that a group can be made in them, after removing the empty groups that
// graders no longer running left behind (kill -9). It returns nil and why
// when there are none.
func probeCgroups() (*Cgroups, string) {
	f, err := os.Open("/proc/self/mountinfo")
	if err != nil {
		return nil, err.Error()
	}
	defer f.Close()
	var g Cgroups
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		// 36 35 0:30 / /sys/fs/cgroup/memory rw,… shared:9 - cgroup cgroup rw,memory
		fields := strings.Fields(sc.Text())
		sep := -1
		for i, f := range fields {
			if f == "-" {
				sep = i
				break
			}
		}
		if sep < 0 || len(fields) < sep+4 || len(fields) < 5 || fields[3] != "/" {
			continue // a bind of a subtree (a container's view) is not used
		}
		mount, fstype, opts := fields[4], fields[sep+1], strings.Split(fields[sep+3], ",")
		switch fstype {
		case "cgroup2":
			ctl, err := os.ReadFile(filepath.Join(mount, "cgroup.controllers"))
			if err == nil && hasWords(string(ctl), "memory", "pids") {
				g.V2 = mount
				if hasWords(string(ctl), "cpu") {
					g.CPU = "cpu"
				}
			}
		case "cgroup":
			for _, o := range opts {
				switch o {
				case "memory":
					g.Memory = mount
				case "pids":
					g.Pids = mount
				case "cpu":
					if g.V2 == "" {
						g.CPU = mount
					}
				}
			}
		}
	}
	var why []string
	if g.V2 != "" {
		err := g.enableV2()
		if err == nil {
			err = g.try()
		}
		if err == nil {
			return &Cgroups{V2: g.V2, CPU: g.CPU}, ""
		}
		why = append(why, "cgroup v2: "+err.Error())
	}
	if g.Memory != "" && g.Pids != "" {
		v1 := &Cgroups{Memory: g.Memory, Pids: g.Pids}
		if g.CPU != "cpu" {
			v1.CPU = g.CPU
		}
		err := v1.try()
		if err == nil {
			return v1, ""
		}
		why = append(why, "cgroup v1: "+err.Error())
	}
	if len(why) == 0 {
		why = append(why, "no hierarchy with the memory and pids controllers")
	}
	return nil, strings.Join(why, "; ")
}

func hasWords(s string, words ...string) bool {
	have := map[string]bool{}
	for _, w := range strings.Fields(s) {
		have[w] = true
	}
	for _, w := range words {
		if !have[w] {
			return false
		}
	}
	return true
}

// enableV2 turns the memory and pids controllers on for the groups made
// under the unified hierarchy's root.
func (g *Cgroups) enableV2() error {
	ctl := filepath.Join(g.V2, "cgroup.subtree_control")
	have, err := os.ReadFile(ctl)
	if err != nil {
		return err
	}
	want := "+memory +pids"
	if g.CPU != "" {
		want += " +cpu"
	}
	if hasWords(string(have), "memory", "pids") && (g.CPU == "" || hasWords(string(have), "cpu")) {
		return nil
	}
	err = os.WriteFile(ctl, []byte(want), 0)
	if err != nil && g.CPU != "" {
		g.CPU = "" // the limits without the CPU quota
		err = os.WriteFile(ctl, []byte("+memory +pids"), 0)
	}
	return err
}

// dirs are the folders of the group called name.
func (g *Cgroups) dirs(name string) []string {
	if g.V2 != "" {
		return []string{filepath.Join(g.V2, name)}
	}
	d := []string{filepath.Join(g.Memory, name), filepath.Join(g.Pids, name)}
	if g.CPU != "" {
		d = append(d, filepath.Join(g.CPU, name))
	}
	return d
}

// try removes stale groups, then makes and removes one.
func (g *Cgroups) try() error {
	for _, d := range g.dirs("") {
		stale, _ := filepath.Glob(filepath.Join(d, cgroupPrefix+"*"))
		for _, s := range stale {
			pid, _, _ := strings.Cut(strings.TrimPrefix(filepath.Base(s), cgroupPrefix), "-")
			if n, err := strconv.Atoi(pid); err == nil && syscall.Kill(n, 0) == syscall.ESRCH {
				_ = os.Remove(s) // fails unless empty
			}
		}
	}
	cg, err := g.group(DefaultLimits)
	if err != nil {
		return err
	}
	cg.remove()
	return nil
}

// cgroup is one child's group.
type cgroup struct {
	g    *Cgroups
	dirs []string
	fd   *os.File // v2: the group's folder, for CLONE_INTO_CGROUP
}

// group makes a child's group with the limits of lim: memory for the
// heap, the tmpfs and 256 MiB more (the runtime, the binary's pages, the
// race detector's shadow), no swap; lim.Procs processes and threads.
func (g *Cgroups) group(lim Limits) (*cgroup, error) {
	name := fmt.Sprintf("%s%d-%d", cgroupPrefix, os.Getpid(), cgroupSeq.Add(1))
	cg := &cgroup{g: g, dirs: g.dirs(name)}
	for _, d := range cg.dirs {
		if err := os.Mkdir(d, 0o755); err != nil {
			cg.remove()
			return nil, err
		}
	}
	mem := strconv.FormatInt(int64(lim.MemoryMB+lim.TmpMB+1+256)<<20, 10)
	procs := strconv.Itoa(lim.Procs)
	var writes [][2]string
	period := strconv.FormatInt(quotaPeriod.Microseconds(), 10)
	quota := strconv.FormatInt(int64(max(lim.MaxProcs, 1))*quotaPeriod.Microseconds(), 10) // µs of CPU per period: GOMAXPROCS cores
	if g.V2 != "" {
		d := cg.dirs[0]
		writes = [][2]string{{d + "/memory.max", mem}, {d + "/memory.swap.max", "0"}, {d + "/pids.max", procs}}
		if g.CPU != "" {
			writes = append(writes, [2]string{d + "/cpu.max", quota + " " + period})
		}
	} else {
		writes = [][2]string{{cg.dirs[0] + "/memory.limit_in_bytes", mem}, {cg.dirs[1] + "/pids.max", procs}}
		if _, err := os.Stat(cg.dirs[0] + "/memory.memsw.limit_in_bytes"); err == nil {
			writes = append(writes, [2]string{cg.dirs[0] + "/memory.memsw.limit_in_bytes", mem})
		}
		if g.CPU != "" {
			writes = append(writes, [2]string{cg.dirs[2] + "/cpu.cfs_period_us", period}, [2]string{cg.dirs[2] + "/cpu.cfs_quota_us", quota})
		}
	}
	for _, w := range writes {
		if err := os.WriteFile(w[0], []byte(w[1]), 0); err != nil && !(errors.Is(err, os.ErrNotExist) && strings.HasSuffix(w[0], "swap.max")) {
			cg.remove()
			return nil, fmt.Errorf("%s: %v", filepath.Base(w[0]), err)
		}
	}
	if g.V2 != "" {
		fd, err := os.Open(cg.dirs[0])
		if err != nil {
			cg.remove()
			return nil, err
		}
		cg.fd = fd
	}
	return cg, nil
}

// enter moves process pid into the group (v1).
func (cg *cgroup) enter(pid int) error {
	for _, d := range cg.dirs {
		if err := os.WriteFile(filepath.Join(d, "cgroup.procs"), []byte(strconv.Itoa(pid)), 0); err != nil {
			return err
		}
	}
	return nil
}

// oomKilled reports whether the kernel killed a process of the group for
// going over its memory limit.
func (cg *cgroup) oomKilled() bool {
	file, key := filepath.Join(cg.dirs[0], "memory.events"), "oom_kill"
	if cg.g.V2 == "" {
		file = filepath.Join(cg.dirs[0], "memory.oom_control")
	}
	b, err := os.ReadFile(file)
	if err != nil {
		return false
	}
	for _, line := range strings.Split(string(b), "\n") {
		if f := strings.Fields(line); len(f) == 2 && f[0] == key && f[1] != "0" {
			return true
		}
	}
	return false
}

// quotaPeriod is the period of a group's CPU quota: in each, the group
// may use its GOMAXPROCS cores' worth of CPU time.
const quotaPeriod = 100 * time.Millisecond

// cpuStat is what a group's cpu controller says of it: the periods of its
// CPU quota in which it used the quota up and was throttled, and, in the
// unified hierarchy, the CPU time of every process it ever held (usage; 0
// in v1, whose cpu controller does not count it).
type cpuStat struct {
	throttled int64
	usage     time.Duration
}

// cpuStat reads the group's cpu.stat; ok is false without the cpu
// controller (no quota: nothing to read).
func (cg *cgroup) cpuStat() (st cpuStat, ok bool) {
	if cg == nil || cg.g.CPU == "" {
		return st, false
	}
	dir := cg.dirs[0]
	if cg.g.V2 == "" {
		dir = cg.dirs[2]
	}
	b, err := os.ReadFile(filepath.Join(dir, "cpu.stat"))
	if err != nil {
		return st, false
	}
	for _, line := range strings.Split(string(b), "\n") {
		f := strings.Fields(line)
		if len(f) != 2 {
			continue
		}
		n, err := strconv.ParseInt(f[1], 10, 64)
		if err != nil {
			continue
		}
		switch f[0] {
		case "nr_throttled":
			st.throttled, ok = n, true
		case "usage_usec":
			st.usage = time.Duration(n) * time.Microsecond
		}
	}
	return st, ok
}

// kill kills every process of the group (what left the process group and
// the session included) until none is left, for at most 3 s.
func (cg *cgroup) kill() {
	for deadline := time.Now().Add(3 * time.Second); time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
		b, err := os.ReadFile(filepath.Join(cg.dirs[len(cg.dirs)-1], "cgroup.procs"))
		if err != nil || len(strings.TrimSpace(string(b))) == 0 {
			return
		}
		if cg.g.V2 != "" {
			_ = os.WriteFile(filepath.Join(cg.dirs[0], "cgroup.kill"), []byte("1"), 0)
		}
		for _, p := range strings.Fields(string(b)) {
			if pid, err := strconv.Atoi(p); err == nil && pid > 0 {
				_ = syscall.Kill(pid, syscall.SIGKILL)
			}
		}
	}
}

// remove kills what is left and removes the group's folders. It reports
// whether it removed them all: a group's folder can be removed only once
// no process is left in it, so then nothing the child started is left.
func (cg *cgroup) remove() (empty bool) {
	if cg.fd != nil {
		cg.fd.Close()
		cg.fd = nil
	}
	cg.kill()
	empty = true
	for _, d := range cg.dirs {
		removed := false
		for i := 0; i < 100 && !removed; i++ {
			if err := os.Remove(d); err == nil || errors.Is(err, os.ErrNotExist) {
				removed = true
			} else {
				time.Sleep(10 * time.Millisecond) // a killed process leaves its group a little later
			}
		}
		empty = empty && removed
	}
	return empty
}
