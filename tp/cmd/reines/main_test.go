package main

import (
	"bytes"
	"encoding/json"
	"os"
	"runtime"
	"strings"
	"testing"
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
		{[]string{"count", "65"}, 1}, // beyond the 64-bit masks
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
