package main

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestDomination(t *testing.T) {
	// OEIS A075324/A002568 (independent) and A075458/A002564.
	for _, tt := range []struct {
		args       []string
		min, count string
	}{
		{[]string{"domination", "11", "-independent", "-count"}, "5", "2"},
		{[]string{"domination", "-count", "8"}, "5", "4860"},
		{[]string{"domination", "4", "-count", "-workers", "1"}, "2", "12"},
		{[]string{"domination", "-independent", "4", "-count", "-workers", "3"}, "3", "16"},
		{[]string{"domination", "12", "-independent"}, "7", ""},
	} {
		code, out, errOut := runCLI(tt.args...)
		lines := strings.Split(out, "\n")
		if code != 0 || len(lines) < 3 || lines[0] != tt.min {
			t.Errorf("%v: exit %d\n%s", tt.args, code, out)
			continue
		}
		if tt.count != "" && lines[1] != tt.count {
			t.Errorf("%v: count %q; want %s", tt.args, lines[1], tt.count)
		}
		if tt.count == "" && !strings.HasPrefix(lines[1], "example: ") {
			t.Errorf("%v: without -count, the second line is the example: %q", tt.args, lines[1])
		}
		if !strings.Contains(errOut, "nodes") || strings.Contains(errOut, "\r") {
			t.Errorf("%v: stderr %q; want statistics and no progress bar (stderr is no terminal)", tt.args, errOut)
		}
	}
	// The board: N lines of N characters, Min queens.
	_, out, _ := runCLI("domination", "9", "-independent")
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != 11 || strings.Count(out, "Q") != 5 || len(lines[2]) != 9 {
		t.Errorf("domination 9 -independent: want 5, the example and a 9×9 board of 5 queens\n%s", out)
	}
}

func TestDominationJSON(t *testing.T) {
	code, out, _ := runCLI("domination", "7", "-json", "-count")
	var v struct {
		N           int
		Independent bool
		Min         int
		Count       *int64
		Example     [][2]int
		Board       string
		Nodes       int64
		Workers     int
		Levels      []struct {
			Queens int
			Found  bool
		}
	}
	if code != 0 || json.Unmarshal([]byte(out), &v) != nil {
		t.Fatalf("domination 7 -json -count: exit %d\n%s", code, out)
	}
	if v.N != 7 || v.Independent || v.Min != 4 || v.Count == nil || *v.Count != 86 || len(v.Example) != 4 ||
		strings.Count(v.Board, "Q") != 4 || v.Nodes == 0 || v.Workers < 1 {
		t.Errorf("domination 7 -json -count: %+v", v)
	}
	if l := v.Levels; len(l) == 0 || !l[len(l)-1].Found || l[len(l)-1].Queens != 4 {
		t.Errorf("levels %+v: the last one finds 4 queens", v.Levels)
	}
	for _, sq := range v.Example {
		if sq[0] < 1 || sq[0] > 7 || sq[1] < 1 || sq[1] > 7 {
			t.Errorf("example square %v: want 1-based coordinates", sq)
		}
	}
	_, out, _ = runCLI("domination", "6", "-json", "-independent")
	if strings.Contains(out, `"count"`) {
		t.Errorf("without -count, no count in the JSON: %s", out)
	}
}

func TestDominationErrors(t *testing.T) {
	for _, tt := range []struct {
		args []string
		code int
	}{
		{[]string{"domination"}, 2},
		{[]string{"domination", "x"}, 2},
		{[]string{"domination", "5", "6"}, 2},
		{[]string{"domination", "5", "-workers", "-2"}, 2},
		{[]string{"domination", "5", "-bogus"}, 2},
		{[]string{"domination", "-3"}, 1},
		{[]string{"domination", "40"}, 1}, // above domination.MaxSolveN
	} {
		if code, _, errOut := runCLI(tt.args...); code != tt.code || errOut == "" {
			t.Errorf("%v: exit %d, stderr %q; want exit %d and a message", tt.args, code, errOut, tt.code)
		}
	}
}
