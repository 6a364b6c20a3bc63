package submission

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

// schedTotals is what the threads of a process tree had of the CPU, by
// thread.
type schedTotals map[int]sched

// sched is what one thread had of the CPU: time running, time ready but
// waiting for a CPU, and its process.
type sched struct {
	run, wait time.Duration
	pid       int
}

// treeSched reads the scheduler's totals of every thread of the processes
// descended from root (root included), following each thread's children
// (/proc/PID/task/TID/children); of root's threads only if alone.
func treeSched(root int, alone bool) schedTotals {
	out := schedTotals{}
	seen := map[int]bool{}
	for todo := []int{root}; len(todo) > 0; {
		pid := todo[len(todo)-1]
		todo = todo[:len(todo)-1]
		if seen[pid] {
			continue
		}
		seen[pid] = true
		dir := "/proc/" + strconv.Itoa(pid) + "/task/"
		tasks, err := os.ReadDir(dir)
		if err != nil {
			continue
		}
		for _, t := range tasks {
			tid, err := strconv.Atoi(t.Name())
			if err != nil {
				continue
			}
			if b, err := os.ReadFile(dir + t.Name() + "/schedstat"); err == nil {
				if f := strings.Fields(string(b)); len(f) >= 2 {
					run, _ := strconv.ParseInt(f[0], 10, 64)
					wait, _ := strconv.ParseInt(f[1], 10, 64)
					out[tid] = sched{time.Duration(run), time.Duration(wait), pid}
				}
			}
			if alone {
				continue
			}
			if b, err := os.ReadFile(dir + t.Name() + "/children"); err == nil {
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
		for tid, t := range now {
			most = max(most, t.wait-base[tid].wait)
		}
	}
	return min(most, elapsed)
}

// schedOf reads the totals of a child's tree (rooted at pid) and of this
// process's own threads.
func schedOf(pid int) (child, grader schedTotals) {
	return treeSched(pid, false), treeSched(os.Getpid(), true)
}

// busyItself reports whether the child's processes had, together, most of
// the CPU it may use (procs cores) during elapsed, or whether a process of
// its own beside the busiest one wanted a CPU (running, or waiting for
// one) half the time at least: then what its threads waited for, they
// waited for each other (a program that starts copies of itself to keep
// its own answer from the CPU), and its deadline does not move. (Within
// one Go process, at most GOMAXPROCS threads run Go code at once.)
func busyItself(base, now schedTotals, elapsed time.Duration, procs int) bool {
	var run time.Duration
	wanted := map[int]time.Duration{} // by process
	for tid, t := range now {
		r, w := max(t.run-base[tid].run, 0), max(t.wait-base[tid].wait, 0)
		run += r
		wanted[t.pid] += r + w
	}
	if float64(run) >= 0.9*float64(elapsed)*float64(min(max(procs, 1), runtime.NumCPU())) {
		return true
	}
	busy := 0
	for _, w := range wanted {
		if w >= elapsed/2 {
			busy++
		}
	}
	return busy > 1
}
