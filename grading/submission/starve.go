package submission

import (
	"os"
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

// maxStretch bounds how far a starved case's deadline moves: a case may
// take up to maxStretch times its limit in wall-clock time.
const maxStretch = 8

// starvedShare is the share of the limit a child may lose to the machine
// before its deadline moves (the scheduler's usual latencies are far less).
const starvedShare = 0.1

// schedTotals is what the threads of a process tree had of the CPU: time
// running and time ready but waiting, by thread.
type schedTotals map[int][2]time.Duration

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
					out[tid] = [2]time.Duration{time.Duration(run), time.Duration(wait)}
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
			most = max(most, t[1]-base[tid][1])
		}
	}
	return min(most, elapsed)
}

// schedOf reads the totals of a child's tree (rooted at pid) and of this
// process's own threads.
func schedOf(pid int) (child, grader schedTotals) {
	return treeSched(pid, false), treeSched(os.Getpid(), true)
}
