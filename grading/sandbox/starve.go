package sandbox

import (
	"os"
	"runtime"
	"strconv"
	"strings"
	"time"
)

// A time-out is the student's when the child had the machine for its whole
// time limit: it ran, or waited for something of its own (a lock, a
// channel, a sleep). Time it spent ready to run but waiting for a CPU that
// other work held (the kernel's run-queue delay, /proc/PID/task/TID/
// schedstat), or waiting for the grader, itself kept from a CPU, to read
// its output, is the machine's: the case's deadline moves by that much, up
// to maxStretch times the limit; a child still short of its time then is a
// machine problem (see Outcome.Machine), never a time-out.

// What the child had is counted from baseDelay into the case (or the
// limit's baseShare-th part, if less): the totals are read then, so that
// the many cases over before cost no reading of /proc (once per case, it
// was 3 % of a class's grading). The child is taken to have had the
// machine until then: a starved case loses at most that much of its
// limit (1 % of the usual 10 s).
const (
	baseDelay = 100 * time.Millisecond
	baseShare = 20
)

// maxStretch bounds how far a starved case's deadline moves: a case may
// take up to maxStretch times its limit in wall-clock time. (A variable:
// the tests that load every core run beside other tests, on a machine
// busier than any grader's, and give their cases longer.)
var maxStretch = time.Duration(8)

// starvedShare is the share of the limit a child may lose to the machine
// before its deadline moves (the scheduler's usual latencies are far less).
const starvedShare = 0.1

// schedTotals is what a process tree had of the CPU: by thread, and in
// all (cpu: the user and system time of its processes, their exited
// threads and the children they reaped included, which the threads still
// alive do not show: a program whose threads compute and exit hides its
// work from them).
type schedTotals struct {
	threads map[int]sched
	cpu     time.Duration
	// throttled is the number of periods of the child's CPU quota it used
	// the quota up in (see cgroup.cpuStat); 0 without a quota.
	throttled int64
}

// sched is what one thread had of the CPU: time running, time ready but
// waiting for a CPU, and its process.
type sched struct {
	run, wait time.Duration
	pid       int
}

// clockTick is the unit of /proc/PID/stat's times (USER_HZ, 100 on every
// Linux architecture Go supports).
const clockTick = 10 * time.Millisecond

// treeSched reads the scheduler's totals of every thread of the processes
// descended from root (root included), following each thread's children
// (/proc/PID/task/TID/children), and their CPU time; of root's threads
// only (and no CPU time) if alone.
func treeSched(root int, alone bool) schedTotals {
	out := schedTotals{threads: map[int]sched{}}
	seen := map[int]bool{}
	for todo := []int{root}; len(todo) > 0; {
		pid := todo[len(todo)-1]
		todo = todo[:len(todo)-1]
		if seen[pid] {
			continue
		}
		seen[pid] = true
		dir := "/proc/" + strconv.Itoa(pid) + "/"
		tasks, err := os.ReadDir(dir + "task")
		if err != nil {
			continue
		}
		if !alone {
			out.cpu += processCPU(dir + "stat")
		}
		for _, t := range tasks {
			tid, err := strconv.Atoi(t.Name())
			if err != nil {
				continue
			}
			task := dir + "task/" + t.Name()
			if b, err := os.ReadFile(task + "/schedstat"); err == nil {
				if f := strings.Fields(string(b)); len(f) >= 2 {
					run, _ := strconv.ParseInt(f[0], 10, 64)
					wait, _ := strconv.ParseInt(f[1], 10, 64)
					out.threads[tid] = sched{time.Duration(run), time.Duration(wait), pid}
				}
			}
			if alone {
				continue
			}
			if b, err := os.ReadFile(task + "/children"); err == nil {
				for _, c := range strings.Fields(string(b)) {
					if child, err := strconv.Atoi(c); err == nil {
						todo = append(todo, child)
					}
				}
			}
		}
	}
	return out
}

// processCPU reads a process's user and system time from its stat file
// (proc(5): utime, stime, cutime and cstime, fields 14 to 17, after the
// command name in parentheses, which may hold anything), 0 if it cannot.
func processCPU(stat string) time.Duration {
	b, err := os.ReadFile(stat)
	if err != nil {
		return 0
	}
	i := strings.LastIndexByte(string(b), ')')
	if i < 0 {
		return 0
	}
	f := strings.Fields(string(b[i+1:])) // from field 3, the state
	if len(f) < 15 {
		return 0
	}
	var ticks int64
	for _, s := range f[11:15] {
		n, _ := strconv.ParseInt(s, 10, 64)
		ticks += n
	}
	return time.Duration(ticks) * clockTick
}

// starved returns how much of elapsed, the wall-clock time of a case so
// far, the child lost to the machine, at most elapsed: the longest a
// thread of it waited for a CPU (a thread that computes the answer loses
// that much of its progress; threads waiting in parallel lose the same
// time, not more), or the longest a thread of the grader did (the child
// waits for it to read its output or its result).
func starved(child, grader [2]schedTotals, elapsed time.Duration) time.Duration {
	var most time.Duration
	for _, pair := range [][2]schedTotals{child, grader} {
		base, now := pair[0], pair[1]
		for tid, t := range now.threads {
			most = max(most, t.wait-base.threads[tid].wait)
		}
	}
	return min(most, elapsed)
}

// schedOf reads the totals of a child's tree (rooted at pid, in the group
// cg if not nil) and of this process's own threads. The group's count of
// CPU time, where it has one, replaces the tree's: it holds every process
// the group ever had, those reaped without a trace in any stat file
// (children of a process that ignores SIGCHLD) included.
func schedOf(pid int, cg *cgroup) (child, grader schedTotals) {
	child = treeSched(pid, false)
	if st, ok := cg.cpuStat(); ok {
		child.throttled = st.throttled
		if st.usage > 0 {
			child.cpu = st.usage
		}
	}
	return child, treeSched(os.Getpid(), true)
}

// had returns how much of elapsed, the wall-clock time of a case so far,
// the child had the machine, given what it lost to it (see starved) since
// sinceBase into the case, when base was read: the rest of the time, or,
// if more, sinceBase and what its processes used since then: their CPU
// time (exited threads and processes included) over the cores it may use
// (procs), or, if more, a period for each period of its CPU quota it used
// up (it had all it may have then). A program that keeps its own threads
// waiting for a CPU (more threads spinning than its cores, processes of
// its own in its quota) has its time by the second measure, however long
// they waited.
func had(base, now schedTotals, lost, elapsed, sinceBase time.Duration, procs int) time.Duration {
	cpu := max(now.cpu-base.cpu, 0) / time.Duration(cores(procs))
	quota := time.Duration(max(now.throttled-base.throttled, 0)) * quotaPeriod
	return max(elapsed-lost, sinceBase+max(cpu, quota))
}

// cores is how many cores a child with GOMAXPROCS procs may use at once.
func cores(procs int) int {
	return min(max(procs, 1), runtime.NumCPU())
}

// busyItself reports whether the child's processes had, together, most of
// the CPU it may use (procs cores) during elapsed, or whether a process of
// its own beside the busiest one wanted a CPU (running, or waiting for
// one) half the time at least: then what its threads waited for, they
// waited for each other (a program that starts copies of itself to keep
// its own answer from the CPU), and its deadline does not move.
func busyItself(base, now schedTotals, elapsed time.Duration, procs int) bool {
	if float64(now.cpu-base.cpu) >= 0.9*float64(elapsed)*float64(cores(procs)) {
		return true
	}
	wanted := map[int]time.Duration{} // by process
	for tid, t := range now.threads {
		b := base.threads[tid]
		wanted[t.pid] += max(t.run-b.run, 0) + max(t.wait-b.wait, 0)
	}
	busy := 0
	for _, w := range wanted {
		if w >= elapsed/2 {
			busy++
		}
	}
	return busy > 1
}
