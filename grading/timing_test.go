package grading

import (
	"os"
	"os/exec"
	"runtime"
	"strings"
	"testing"
	"time"
)

// BestOf keeps the fastest run, and counts the CPU time of every goroutine
// of the process.
func TestBestOf(t *testing.T) {
	waits := []time.Duration{60 * time.Millisecond, 20 * time.Millisecond, 40 * time.Millisecond}
	i := 0
	got := BestOf(len(waits), func() { time.Sleep(waits[i]); i++ })
	if i != 3 || got.Wall < 20*time.Millisecond || got.Wall >= 40*time.Millisecond {
		t.Errorf("best of sleeps 60, 20, 40 ms: %v after %d runs; want the 20 ms one", got.Wall, i)
	}
	if got := BestOf(0, func() { i++ }); i != 4 || got.Wall < 0 {
		t.Errorf("BestOf(0, f) must run f once: %d runs", i-3)
	}
	// The same work on two goroutines costs twice the CPU time of one,
	// however long the machine makes either wait.
	work := func() uint64 {
		x := uint64(1)
		for range 30_000_000 {
			x = x*6364136223846793005 + 1442695040888963407
		}
		return x
	}
	var a, b uint64
	one := BestOf(1, func() { a = work() })
	two := BestOf(1, func() {
		done := make(chan uint64)
		go func() { done <- work() }()
		b = work()
		if <-done != b {
			t.Error("the same work gave two results")
		}
	})
	if a != b {
		t.Error("the same work gave two results")
	}
	if runtime.GOOS == "linux" && (two.CPU < one.CPU*3/2 || one.CPU <= 0) {
		t.Errorf("the same work on one goroutine: CPU %v; on two: %v; want about twice", one.CPU, two.CPU)
	}
}

// A program spinning beside the measured run shows in Others, and the
// note says the measure cannot be trusted.
func TestTimingNoteBusyMachine(t *testing.T) {
	if _, err := os.Stat("/proc/stat"); err != nil {
		t.Skip("no /proc/stat")
	}
	cmd := exec.Command("sh", "-c", "end=$(($(date +%s) + 1)); while [ $(date +%s) -lt $end ]; do :; done")
	var got Timing
	got = BestOf(1, func() {
		if err := cmd.Run(); err != nil {
			t.Fatal(err)
		}
	})
	child := cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
	if got.Others < child*8/10-20*time.Millisecond {
		t.Errorf("a child spinning %v of CPU during the run: Others = %v", child, got.Others)
	}
	busy := Timing{Wall: time.Second, CPU: time.Second, Others: 900 * time.Millisecond}
	quiet := Timing{Wall: time.Second, CPU: 2 * time.Second, Others: 50 * time.Millisecond}
	if note := TimingNote(quiet, busy); !strings.Contains(note, "0,9 cœur") || !strings.Contains(note, "ne disent pas grand-chose") {
		t.Errorf("a run with 0.9 core taken by others: %q", note)
	}
	if note := TimingNote(quiet); strings.Contains(note, "⚠") || !strings.Contains(note, "Mesuré sur") {
		t.Errorf("a quiet run: %q", note)
	}
	if s := quiet.String(); s != "1,000\u00a0s (processeur\u00a0: 2,00\u00a0s)" {
		t.Errorf("String() = %q", s)
	}
}
