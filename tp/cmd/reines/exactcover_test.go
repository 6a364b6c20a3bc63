package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// withStdin runs f with s as the standard input of the commands.
func withStdin(s string, f func()) {
	old := stdin
	stdin = strings.NewReader(s)
	defer func() { stdin = old }()
	f()
}

func TestSudoku(t *testing.T) {
	const puzzle = "000000010400000000020000000000050407008000300001090000300400200050100000000806000"
	const solution = "693784512487512936125963874932651487568247391741398625319475268856129743274836159"
	path := filepath.Join(t.TempDir(), "p.txt")
	if err := os.WriteFile(path, []byte("# two puzzles\n"+puzzle+"\n\n"+strings.ReplaceAll(puzzle, "0", ".")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := runCLI("sudoku", path)
	// Output line k answers input line k: the comment and the blank line
	// stay blank.
	if code != 0 || out != "\n"+solution+"\n\n"+solution+"\n" {
		t.Errorf("sudoku FILE: exit %d, stdout %q", code, out)
	}
	if !strings.Contains(errOut, "2 puzzles: 2 solved") || !strings.Contains(errOut, "puzzles/s") {
		t.Errorf("summary on stderr: %q", errOut)
	}
	// Standard input, with every kind of bad line: each gives a comment
	// line in its place, and the exit status is 1.
	input := strings.Join([]string{
		puzzle,
		puzzle[:80],                          // 80 characters
		"11" + strings.Repeat(".", 79),       // clashing givens
		strings.Replace(puzzle, "1", "0", 1), // 16 givens: several solutions
		"123456789" + strings.Repeat(".", 63) + "........2", // no clash, no solution? (checked below)
	}, "\n") + "\n"
	withStdin(input, func() { code, out, errOut = runCLI("sudoku", "-") })
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if code != 1 || len(lines) != 5 || lines[0] != solution {
		t.Fatalf("sudoku -: exit %d\n%s", code, out)
	}
	for k, want := range map[int]string{1: "# line 2: 80 chars", 2: "# line 3: contradictory givens", 3: "# line 4: several solutions"} {
		if !strings.HasPrefix(lines[k], want) {
			t.Errorf("line %d: %q; want %q…", k+1, lines[k], want)
		}
	}
	if !strings.HasPrefix(lines[4], "# line 5:") && len(lines[4]) != 81 {
		t.Errorf("line 5: %q", lines[4])
	}
	if !strings.Contains(errOut, "5 puzzles") || !strings.Contains(errOut, "reines sudoku: 4 of 5 puzzles") {
		t.Errorf("stderr: %q", errOut)
	}
	if code, _, errOut := runCLI("sudoku", "a", "b"); code != 2 || errOut == "" {
		t.Errorf("two files: exit %d", code)
	}
	if code, _, _ := runCLI("sudoku", filepath.Join(t.TempDir(), "missing")); code != 1 {
		t.Errorf("missing file: exit %d", code)
	}
}

func TestPentomino(t *testing.T) {
	code, out, _ := runCLI("pentomino", "20x3", "-all")
	if code != 0 || strings.Count(out, "packing ") != 2 || !strings.Contains(out, "2 packings of the 20x3 board") {
		t.Errorf("pentomino 20x3 -all: exit %d\n%s", code, out)
	}
	// 3×20 has 8 packings counting symmetric ones: 2 up to the 4 symmetries.
	code, out, _ = runCLI("pentomino", "-json", "-all", "-nosym", "3x20")
	var v struct {
		Width, Height    int
		SymmetryBreaking bool `json:"symmetry_breaking"`
		Count            int
		Packings         [][]string
	}
	if code != 0 || json.Unmarshal([]byte(out), &v) != nil || v.Width != 3 || v.Height != 20 || v.SymmetryBreaking || v.Count != 8 || len(v.Packings) != 8 {
		t.Errorf("pentomino -json -all -nosym 3x20: exit %d %+v\n%s", code, v, out)
	}
	for _, p := range v.Packings {
		if len(p) != 20 || len(p[0]) != 3 {
			t.Errorf("packing %v is not 20 rows of 3", p)
		}
	}
	// The first packing of 10x6: 6 lines of 10 letters, each letter 5 times.
	code, out, _ = runCLI("pentomino", "10×6")
	rows := strings.Fields(out)
	if code != 0 || len(rows) != 6 || len(rows[0]) != 10 {
		t.Fatalf("pentomino 10×6: exit %d\n%s", code, out)
	}
	for _, letter := range "FILNPTUVWXYZ" {
		if n := strings.Count(out, string(letter)); n != 5 {
			t.Errorf("letter %c appears %d times", letter, n)
		}
	}
	for _, args := range [][]string{{"pentomino"}, {"pentomino", "7x7"}, {"pentomino", "6by10"}, {"pentomino", "6x10", "-frob"}} {
		if code, _, errOut := runCLI(args...); code != 2 || errOut == "" {
			t.Errorf("%v: exit %d, stderr %q; want 2", args, code, errOut)
		}
	}
}

func TestExactCoverCommand(t *testing.T) {
	knuth := "../../exactcover/testdata/knuth.dlx"
	code, out, errOut := runCLI("exactcover", knuth)
	if code != 0 || out != "solution 1:\n  a d f\n  b g\n  c e\n" || !strings.Contains(errOut, "1 solution(s)") {
		t.Errorf("exactcover knuth.dlx: exit %d\n%s\n%s", code, out, errOut)
	}
	// The 4-queens problem with secondary diagonals: 2 solutions.
	queens4 := "r1 r2 r3 r4 c1 c2 c3 c4 | a0 a1 a2 a3 a4 a5 a6 b0 b1 b2 b3 b4 b5 b6\n"
	for r := 0; r < 4; r++ {
		for c := 0; c < 4; c++ {
			queens4 += "r" + string(rune('1'+r)) + " c" + string(rune('1'+c)) + " a" + string(rune('0'+r+c)) + " b" + string(rune('0'+r-c+3)) + "\n"
		}
	}
	withStdin(queens4, func() { code, out, _ = runCLI("exactcover", "-count", "-") })
	if code != 0 || out != "2\n" {
		t.Errorf("exactcover -count (4 queens): exit %d %q", code, out)
	}
	withStdin(queens4, func() { code, out, _ = runCLI("exactcover", "-json", "-") })
	var v struct {
		Count     int
		Solutions [][][]string
	}
	if code != 0 || json.Unmarshal([]byte(out), &v) != nil || v.Count != 2 || len(v.Solutions) != 2 || len(v.Solutions[0]) != 4 {
		t.Errorf("exactcover -json: exit %d %s", code, out)
	}
	// Repeated cover.
	withStdin("1 2 3 4 5\n1 2 3\n2 4\n3 4 5\n1 5\n", func() { code, out, _ = runCLI("exactcover", "-min", "-") })
	if code != 0 || !strings.HasPrefix(out, "2 options at least") || !strings.Contains(out, "  1 2 3\n  3 4 5\n") {
		t.Errorf("exactcover -min: exit %d\n%s", code, out)
	}
	// Errors: the line of a bad option, no file.
	withStdin("a b c\na b\nb z\n", func() { code, _, errOut = runCLI("exactcover", "-") })
	if code != 1 || !strings.Contains(errOut, "line 3") || !strings.Contains(errOut, `unknown item "z"`) {
		t.Errorf("bad option: exit %d, %q", code, errOut)
	}
	if code, _, _ := runCLI("exactcover"); code != 2 {
		t.Errorf("no file: exit %d", code)
	}
}
