package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/prepa-reines/reines/tp/queens"
)

func TestCPCommand(t *testing.T) {
	// Model 1, first-fail, middle-out: the default.
	code, out, errOut := runCLI("cp", "8")
	if code != 0 || errOut != "" {
		t.Fatalf("cp 8: exit %d, stderr %q", code, errOut)
	}
	for _, want := range []string{"model 1", "8 variables, 3 constraints", "first-fail, middle-out", "solution: ", "1 solution, ", "nodes", "failure", "search "} {
		if !strings.Contains(out, want) {
			t.Errorf("cp 8: no %q in\n%s", want, out)
		}
	}
	if strings.Count(out, "Q") != 8 {
		t.Errorf("cp 8: no board of 8 queens in\n%s", out)
	}
	// Model 2 with the sujet's heuristic, input order and decreasing values.
	code, out, _ = runCLI("cp", "-model", "2", "6", "-var", "input", "-val", "max")
	if code != 0 || !strings.Contains(out, "36 variables, 30 constraints") || !strings.Contains(out, "input order, decreasing") {
		t.Errorf("cp -model 2 6: %d\n%s", code, out)
	}
	// Every solution of n = 6, as boards.
	code, out, _ = runCLI("cp", "6", "-all")
	if code != 0 || !strings.Contains(out, "solution 4 of 4: ") || !strings.Contains(out, "4 solutions, ") {
		t.Errorf("cp 6 -all: %d\n%s", code, out)
	}
	code, out, _ = runCLI("cp", "3")
	if code != 0 || !strings.Contains(out, "no solution for n = 3") {
		t.Errorf("cp 3: %d\n%s", code, out)
	}
	// Large n: the columns, no board.
	code, out, _ = runCLI("cp", "200")
	if code != 0 || strings.Contains(out, "..Q") || !strings.Contains(out, "solution: ") {
		t.Errorf("cp 200: %d\n%s", code, out[:min(len(out), 500)])
	}
}

func TestCPCommandJSON(t *testing.T) {
	for _, tt := range []struct {
		args  []string
		count int // solutions listed
		model string
	}{
		{[]string{"cp", "8", "-json", "-all"}, 92, "1"},
		{[]string{"cp", "-json", "8", "-all", "-model", "2", "-var", "domwdeg", "-val", "min"}, 92, "2"},
		{[]string{"cp", "-json", "100"}, 1, "1"},
		{[]string{"cp", "-json", "2"}, 0, "1"},
		{[]string{"cp", "-json", "0"}, 1, "1"},
	} {
		code, out, errOut := runCLI(tt.args...)
		var v cpOutput
		if code != 0 || errOut != "" || json.Unmarshal([]byte(out), &v) != nil {
			t.Errorf("%v: exit %d, stderr %q, output %q", tt.args, code, errOut, out)
			continue
		}
		if len(v.Solutions) != tt.count || v.Model != tt.model || v.Stats.Solutions != int64(tt.count) || v.Stats.Nodes < 0 || v.Seconds <= 0 {
			t.Errorf("%v: %d solutions, model %s, stats %+v", tt.args, len(v.Solutions), v.Model, v.Stats)
		}
		seen := map[string]bool{}
		for _, cols := range v.Solutions {
			p := make(queens.Placement, len(cols))
			for i, c := range cols {
				p[i] = c - 1
			}
			if err := queens.Validate(p); err != nil || len(p) != v.N || seen[p.String()] {
				t.Errorf("%v: bad or repeated solution %v: %v", tt.args, cols, err)
			}
			seen[p.String()] = true
		}
	}
}

func TestCPCommandErrors(t *testing.T) {
	for _, tt := range []struct {
		args []string
		code int
	}{
		{[]string{"cp", "-1"}, 1},
		{[]string{"cp"}, 2},
		{[]string{"cp", "x"}, 2},
		{[]string{"cp", "4", "5"}, 2},
		{[]string{"cp", "8", "-model", "3"}, 2},
		{[]string{"cp", "8", "-var", "random"}, 2},
		{[]string{"cp", "8", "-val", "up"}, 2},
		{[]string{"cp", "8", "-nope"}, 2},
	} {
		code, _, errOut := runCLI(tt.args...)
		if code != tt.code || errOut == "" {
			t.Errorf("%v: exit %d, stderr %q; want exit %d and a message", tt.args, code, errOut, tt.code)
		}
	}
	if _, out, _ := runCLI("help"); !strings.Contains(out, "reines cp N") {
		t.Errorf("help does not list cp:\n%s", out)
	}
}
