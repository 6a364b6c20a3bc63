package main

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

func runCLI(args ...string) (code int, stdout, stderr string) {
	var o, e bytes.Buffer
	code = run(args, &o, &e)
	return code, o.String(), e.String()
}

func TestCount(t *testing.T) {
	code, out, _ := runCLI("count", "12")
	if code != 0 || out != "14200\n" { // OEIS A000170
		t.Errorf("count 12: %d %q; want 14200", code, out)
	}
	code, out, _ = runCLI("count", "-json", "8")
	var v struct{ N, Count int }
	if code != 0 || json.Unmarshal([]byte(out), &v) != nil || v.N != 8 || v.Count != 92 {
		t.Errorf("count -json 8: %d %q", code, out)
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
