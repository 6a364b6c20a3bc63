package sandbox

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"testing"
	"time"

	"github.com/prepa-reines/reines/grading/submission"
	"github.com/prepa-reines/reines/internal/busyloop"
)

// The scheduler's totals of a process tree: this process's threads, and
// a child's through its parent.
func TestTreeSched(t *testing.T) {
	cmd := exec.Command("sleep", "5")
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	tree := treeSched(os.Getpid(), false)
	if _, ok := tree.threads[os.Getpid()]; !ok {
		t.Errorf("this process is not in its tree")
	}
	if _, ok := tree.threads[cmd.Process.Pid]; !ok {
		t.Errorf("the child %d is not in the tree", cmd.Process.Pid)
	}
	if _, ok := treeSched(os.Getpid(), true).threads[cmd.Process.Pid]; ok {
		t.Errorf("the child %d is among this process's threads", cmd.Process.Pid)
	}
}

// A busy machine costs no case: with every core held by busy loops, cases
// that need a third of their time limit of CPU get their answer (their
// deadline moves by the time they waited for a CPU), and an endless loop
// is still a time-out, not a machine problem: it had its time; so is one
// that starts copies of itself to keep its own thread waiting, and one
// whose threads spin and exit in turn, so that the thread still alive
// waits for them and the CPU they had leaves with them.
func TestBusyMachine(t *testing.T) {
	if testing.Short() {
		t.Skip("loads every core")
	}
	sb := Probe()
	// Without a control group of its own, the child competes with the
	// busy loops as one session among many, as on a machine where the
	// grader runs as a user: it gets a fifth of a core or less.
	sb.Cgroups = nil
	// The busy loops take a child's share of the CPU down to a fifth of a
	// core; other tests running beside this one can take it below the
	// eighth a case needs to have its limit within maxStretch times it.
	// Given 40 times, a case needs a fortieth: what it had is still
	// measured, and the endless loop must still be a time-out.
	defer func(s time.Duration) { maxStretch = s }(maxStretch)
	maxStretch = 40
	work, err := os.MkdirTemp("", "busy-test")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(work) })
	os.Chmod(work, 0o755)
	// count spins until its thread has had 300 ms of CPU (its rusage), or
	// forever for n = 99.
	src := `package main

import (
	"os"
	"os/exec"
	"runtime"
	"syscall"
)

func cpu() int64 {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_THREAD, &ru)
	return ru.Utime.Nano() + ru.Stime.Nano()
}

// A copy started with SPIN set spins for ever.
var _ = func() int {
	for os.Getenv("SPIN") != "" {
	}
	return 0
}()

func count(n int) (int64, error) {
	if n == 98 {
		// Copies of itself that keep its own thread from the CPU.
		for range 4 {
			c := exec.Command(os.Args[0])
			c.Env = []string{"SPIN=1"}
			c.Start()
		}
	}
	if n == 97 {
		// Threads that spin 50 ms each and exit, 32 at a time, beside one
		// that spins for ever.
		runtime.GOMAXPROCS(64)
		spin := func(d int64) {
			runtime.LockOSThread() // the thread exits with its goroutine
			for start := cpu(); cpu()-start < d; {
			}
		}
		go spin(1 << 62)
		sem := make(chan bool, 32)
		for {
			sem <- true
			go func() { spin(50e6); <-sem }()
		}
	}
	start := cpu()
	for n >= 98 || cpu()-start < 300e6 {
	}
	return 2, nil
}

func main() { serve() }
`
	harness := "package main\n\nimport (\n\t\"github.com/prepa-reines/reines/grading\"\n\t_ \"github.com/prepa-reines/reines/grading/nb01\"\n)\n\nfunc serve() { grading.ServeMain(\"01/Q4\", count) }\n"
	built, err := submission.Compile(context.Background(), submission.Toolchain{Root: root(t)}, filepath.Join(work, "build"), []submission.Unit{{Name: "spin", Source: src, Harness: harness}})
	if err != nil || built["spin"].Bin == "" {
		t.Fatalf("%v %s", err, built["spin"].Errors)
	}
	lim := DefaultLimits
	lim.Timeout = time.Second
	stop := busyloop.Start(t)
	defer stop()
	inputs := [][]byte{[]byte(`{"N":1}`), []byte(`{"N":2}`), []byte(`{"N":3}`), []byte(`{"N":99}`), []byte(`{"N":98}`)}
	start := time.Now()
	outs := sb.RunCases(context.Background(), built["spin"].Bin, nil, inputs, work, lim)
	t.Logf("4 cases in %v with %d busy loops", time.Since(start), 4*runtime.NumCPU())
	if len(outs) != 4 {
		t.Fatalf("%d outcomes: %+v", len(outs), outs)
	}
	// An endless loop slowed down by copies of itself spinning beside it
	// had the CPU it may use: a time-out, not a machine problem (which
	// would leave the case unjudged).
	o := sb.RunCases(context.Background(), built["spin"].Bin, nil, inputs[4:], work, lim)
	if len(o) != 1 || !o[0].TimedOut || o[0].Machine {
		t.Errorf("the endless loop beside copies of itself: %+v; want a time-out", o)
	}
	// Nor do threads that had the CPU and exited: what they had counts.
	// (With the control groups if this machine has them: the child's CPU
	// quota then keeps its threads waiting too.)
	for _, cg := range []*Cgroups{nil, Probe().Cgroups} {
		sb.Cgroups = cg
		o = sb.RunCases(context.Background(), built["spin"].Bin, nil, [][]byte{[]byte(`{"N":97}`)}, work, lim)
		if len(o) != 1 || !o[0].TimedOut || o[0].Machine {
			t.Errorf("threads that spin and exit (cgroups %s): %+v; want a time-out", cg.Version(), o)
		}
	}
	for k, o := range outs[:3] {
		var got struct{ N int }
		if o.Result == nil || json.Unmarshal(o.Result.Output, &got) != nil || got.N != 2 {
			t.Errorf("case %d: %+v; want the answer 2", k+1, o)
		}
	}
	if o := outs[3]; !o.TimedOut || o.Machine {
		t.Errorf("the endless loop: %+v; want a time-out", o)
	}
}

// The periods in which a child used its CPU quota up are time it had,
// whatever its processes' stat files show (those the kernel reaped for a
// parent that ignores SIGCHLD leave their CPU time in none); the counts
// come from the group's cpu.stat, v1 or v2.
func TestQuotaUsedUp(t *testing.T) {
	v1, v2 := t.TempDir(), t.TempDir()
	os.WriteFile(filepath.Join(v1, "cpu.stat"), []byte("nr_periods 190\nnr_throttled 118\nthrottled_time 5000000000\n"), 0o644)
	os.WriteFile(filepath.Join(v2, "cpu.stat"), []byte("usage_usec 1500000\nuser_usec 1000000\nsystem_usec 500000\nnr_periods 187\nnr_throttled 99\nthrottled_usec 9000000\n"), 0o644)
	groups := map[string]*cgroup{
		"v1": {g: &Cgroups{Memory: "m", Pids: "p", CPU: "c"}, dirs: []string{"m", "p", v1}},
		"v2": {g: &Cgroups{V2: "u", CPU: "cpu"}, dirs: []string{v2}},
	}
	want := map[string]cpuStat{"v1": {throttled: 118}, "v2": {throttled: 99, usage: 1500 * time.Millisecond}}
	for name, cg := range groups {
		if st, ok := cg.cpuStat(); !ok || st != want[name] {
			t.Errorf("%s: cpu.stat read as %+v, %v; want %+v", name, st, ok, want[name])
		}
	}
	if _, ok := (&cgroup{g: &Cgroups{Memory: "m", Pids: "p"}, dirs: []string{"m", "p"}}).cpuStat(); ok {
		t.Errorf("a group without the cpu controller has a cpu.stat")
	}
	// The figures of an attack (a thread spinning in a one-core group
	// beside copies of itself reaped by the kernel): 18.75 s into the
	// case, read from 100 ms, the thread waited 17 s, the stat files show
	// 1.9 s of CPU, the group used its quota up in 118 periods.
	base := schedTotals{threads: map[int]sched{2: {pid: 2}}}
	now := schedTotals{threads: map[int]sched{2: {run: 1900 * time.Millisecond, wait: 17 * time.Second, pid: 2}}, cpu: 1900 * time.Millisecond}
	lost, elapsed, since := 17*time.Second, 18750*time.Millisecond, 100*time.Millisecond
	if got := had(base, now, lost, elapsed, since, 1); got != 2*time.Second {
		t.Errorf("without the quota's counts: had %v; want 2 s (1.9 s of CPU after 0.1 s)", got)
	}
	now.throttled = 118
	if got := had(base, now, lost, elapsed, since, 1); got != 11900*time.Millisecond {
		t.Errorf("throttled in 118 periods: had %v; want 11.9 s (a period each, after 0.1 s)", got)
	}
	// A child with two cores had the same period of each it used up.
	if got := had(base, now, lost, elapsed, since, 2); got != 11900*time.Millisecond {
		t.Errorf("two cores, throttled in 118 periods: had %v; want 11.9 s", got)
	}
}
