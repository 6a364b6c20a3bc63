package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
)

func runCLI(args ...string) (code int, stdout, stderr string) {
	var o, e bytes.Buffer
	code = run(args, &o, &e)
	return code, o.String(), e.String()
}

func TestCount(t *testing.T) {
	code, out, errOut := runCLI("count", "12")
	if code != 0 || out != "14200\n" || errOut != "" { // OEIS A000170
		t.Errorf("count 12: %d %q, stderr %q; want 14200 and no progress bar (stderr is no terminal)", code, out, errOut)
	}
	for _, tt := range []struct {
		args    []string
		n       int
		count   int64
		workers int
	}{
		{[]string{"count", "-json", "8"}, 8, 92, runtime.GOMAXPROCS(0)},
		{[]string{"count", "13", "-workers", "3", "-json"}, 13, 73712, 3},
		{[]string{"count", "-workers=1", "-json", "0"}, 0, 1, 1},
	} {
		code, out, _ := runCLI(tt.args...)
		var v struct {
			N, Workers int
			Count      int64
			Seconds    *float64
		}
		if code != 0 || json.Unmarshal([]byte(out), &v) != nil || v.N != tt.n || v.Count != tt.count ||
			v.Workers != tt.workers || v.Seconds == nil || *v.Seconds < 0 {
			t.Errorf("%v: %d %q; want n %d, count %d, seconds, workers %d", tt.args, code, out, tt.n, tt.count, tt.workers)
		}
	}
}

func TestTerminal(t *testing.T) {
	if terminal(&bytes.Buffer{}) != nil {
		t.Error("a buffer is no terminal")
	}
	f, err := os.CreateTemp(t.TempDir(), "stderr")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if terminal(f) != nil {
		t.Error("a regular file is no terminal")
	}
}

func TestSolve(t *testing.T) {
	code, out, _ := runCLI("solve", "4", "-all")
	if code != 0 || !strings.Contains(out, "2 4 1 3\n.Q..\n...Q\nQ...\n..Q.\n") || !strings.Contains(out, "3 1 4 2\n..Q.\nQ...\n...Q\n.Q..\n") {
		t.Errorf("solve 4 -all: %d\n%s", code, out)
	}
	code, out, _ = runCLI("solve", "3")
	if code != 0 || !strings.Contains(out, "no solution") {
		t.Errorf("solve 3: %d %q", code, out)
	}
}

func TestErrors(t *testing.T) {
	for _, tt := range []struct {
		args []string
		code int
	}{
		{[]string{"count", "-1"}, 1},
		{[]string{"count", "29"}, 1}, // Q(29) would not fit in an int64
		{[]string{"count", "8", "-workers", "-1"}, 2},
		{[]string{"count", "8", "-workers", "x"}, 2},
		{[]string{"solve", "15", "-all"}, 1},
		{[]string{"count"}, 2},
		{[]string{"count", "x"}, 2},
		{[]string{"count", "4", "5"}, 2},
		{[]string{"count", "4", "-nope"}, 2},
		{[]string{"frobnicate"}, 2},
		{nil, 2},
	} {
		code, _, errOut := runCLI(tt.args...)
		if code != tt.code || errOut == "" {
			t.Errorf("%v: exit %d, stderr %q; want exit %d and a message", tt.args, code, errOut, tt.code)
		}
	}
}

// One convention across the commands that take a board side N: a
// negative N (of any size) is an error with one message form, a size too
// large for a command is an error of one line (never a crash), N = 0 is
// the empty board, a usage error prints that command's usage only; the
// exit statuses are 1 for errors and 2 for usage.
func TestConventions(t *testing.T) {
	zero := map[string]string{ // what N = 0 prints first: the empty board's answer
		"count":      "1\n",
		"solve":      "first solution: \n",
		"cp":         "model 1",
		"domination": "0\n",
	}
	for cmd, first := range zero {
		for _, neg := range []string{"-1", "-99999999999999999999"} {
			code, out, errOut := runCLI(cmd, neg)
			if want := "reines " + cmd + ": N must be 0 or more, got " + neg + "\n"; code != 1 || out != "" || errOut != want {
				t.Errorf("%s %s: exit %d, stdout %q, stderr %q; want exit 1 and %q", cmd, neg, code, out, errOut, want)
			}
		}
		if code, out, errOut := runCLI(cmd, "0"); code != 0 || !strings.HasPrefix(out, first) {
			t.Errorf("%s 0: exit %d, stdout %q, stderr %q; want exit 0 and %q first", cmd, code, out, errOut, first)
		}
		for _, big := range []string{"2147483648", "1099511627776", "9223372036854775807", "99999999999999999999"} {
			code, out, errOut := runCLI(cmd, big)
			if code != 1 || out != "" || strings.Count(errOut, "\n") != 1 || !strings.HasPrefix(errOut, "reines "+cmd+": ") || strings.Contains(errOut, "usage") {
				t.Errorf("%s %s: exit %d, stdout %q, stderr %q; want exit 1 and one line", cmd, big, code, out, errOut)
			}
		}
		code, _, errOut := runCLI(cmd, "4", "-nope")
		others := 0
		for name := range commands {
			if name != cmd && strings.Contains(errOut, "reines "+name+" ") {
				others++
			}
		}
		if code != 2 || !strings.Contains(errOut, "usage: reines "+cmd+" N") || others > 0 {
			t.Errorf("%s 4 -nope: exit %d, stderr %q; want exit 2 and that command's usage alone", cmd, code, errOut)
		}
	}
	if code, out, _ := runCLI("help"); code != 0 || !strings.Contains(out, "N = 0 is the empty board") || !strings.Contains(out, "130 Ctrl-C") {
		t.Errorf("help: exit %d, %q; want the conventions", code, out)
	}
	// Listing more solutions than memory holds points to the counter.
	if code, _, errOut := runCLI("solve", "20", "-all"); code != 1 || !strings.Contains(errOut, "reines count 20") {
		t.Errorf("solve 20 -all: exit %d, %q", code, errOut)
	}
}

// A run estimated at more than an hour is refused unless -force, with the
// estimate; with -force it starts, and Ctrl-C stops it with status 130.
func TestEstimateAndInterrupt(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command")
	}
	code, _, errOut := runCLI("count", "27")
	if code != 1 || !strings.Contains(errOut, "would take about") || !strings.Contains(errOut, "-force") {
		t.Errorf("count 27: exit %d, %q; want a refusal with an estimate", code, errOut)
	}
	bin := filepath.Join(t.TempDir(), "reines")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	cmd := exec.Command(bin, "count", "27", "-force")
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	// The estimate is printed once the interrupt is caught, just before
	// the count starts.
	line, _ := bufio.NewReader(stderr).ReadString('\n')
	if !strings.Contains(line, "this will take about") {
		t.Errorf("count 27 -force: first line %q; want the estimate", line)
	}
	_ = cmd.Process.Signal(os.Interrupt)
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		if code := cmd.ProcessState.ExitCode(); code != 130 {
			t.Errorf("count 27 -force, then Ctrl-C: exit %d (%v); want 130", code, err)
		}
	case <-time.After(time.Minute):
		_ = cmd.Process.Kill()
		t.Fatal("count 27 -force went on after Ctrl-C")
	}
}
