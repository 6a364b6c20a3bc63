package sudoku

import (
	"bufio"
	"bytes"
	"errors"
	"os"
	"regexp"
	"strings"
	"testing"
	"testing/iotest"
)

// isSolution is the oracle: every row, column and box of s holds 1..9, and
// s agrees with the givens of g.
func isSolution(g, s Grid) bool {
	for k := range 81 {
		if s[k] < 1 || s[k] > 9 || (g[k] != 0 && g[k] != s[k]) {
			return false
		}
	}
	for u := range 9 {
		var row, col, box [10]bool
		for v := range 9 {
			row[s[9*u+v]] = true
			col[s[9*v+u]] = true
			box[s[9*(3*(u/3)+v/3)+3*(u%3)+v%3]] = true
		}
		for d := 1; d <= 9; d++ {
			if !row[d] || !col[d] || !box[d] {
				return false
			}
		}
	}
	return true
}

// expectedSolution reads the 81-digit solution stated in
// testdata/sudoku-expected.txt.
func expectedSolution(t *testing.T) string {
	t.Helper()
	data, err := os.ReadFile("testdata/sudoku-expected.txt")
	if err != nil {
		t.Fatal(err)
	}
	sol := regexp.MustCompile(`\b[1-9]{81}\b`).FindString(string(data))
	if sol == "" {
		t.Fatal("no solution line in sudoku-expected.txt")
	}
	return sol
}

// rawLines returns the lines of a file with their "\r" kept.
func rawLines(t *testing.T, path string) []string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
}

// TestMalformedLines follows the verdicts of sudoku-expected.txt for
// sudoku-malformed-lines.txt, line by line.
func TestMalformedLines(t *testing.T) {
	want := expectedSolution(t)
	lines := rawLines(t, "testdata/sudoku-malformed-lines.txt")
	tests := []struct {
		line    int
		accept  bool
		empty   bool
		errType any    // *LengthError or *CharError when rejected
		message string // in the error message of ReadPuzzles
	}{
		{1, false, false, &LengthError{}, "line 1: 80 chars, want 81"},
		{2, false, false, &LengthError{}, "line 2: 82 chars, want 81"},
		{3, true, false, nil, ""},
		{4, true, false, nil, ""},
		{5, false, false, &CharError{}, "line 5: illegal character 'x' at index 40 (r5c5)"},
		{6, false, false, &CharError{}, "line 6: illegal character ' ' at index 9"},
		{7, false, true, nil, ""},
		{8, true, false, nil, ""},
		{9, true, false, nil, ""},
	}
	if len(lines) != len(tests) {
		t.Fatalf("%d lines; want %d", len(lines), len(tests))
	}
	for _, tt := range tests {
		t.Run("", func(t *testing.T) {
			g, err := Parse(lines[tt.line-1])
			switch {
			case tt.accept:
				if err != nil {
					t.Fatalf("line %d: %v; want accepted", tt.line, err)
				}
				sol, err := Solve(g)
				if err != nil || sol.String() != want {
					t.Errorf("line %d: Solve = %v, %v; want %s", tt.line, sol, err, want)
				}
			case tt.empty:
				if !errors.Is(err, ErrEmptyLine) {
					t.Errorf("line %d: error %v; want ErrEmptyLine", tt.line, err)
				}
			default:
				switch tt.errType.(type) {
				case *LengthError:
					var le *LengthError
					if !errors.As(err, &le) {
						t.Errorf("line %d: error %v; want a *LengthError", tt.line, err)
					}
				case *CharError:
					var ce *CharError
					if !errors.As(err, &ce) {
						t.Errorf("line %d: error %v; want a *CharError", tt.line, err)
					}
				}
			}
		})
	}
	// ReadPuzzles reports every line but the empty one, with its number.
	f, err := os.Open("testdata/sudoku-malformed-lines.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	k := 0
	for pz, err := range ReadPuzzles(f) {
		if tests[k].empty {
			k++
		}
		tt := tests[k]
		k++
		if pz.Line != tt.line {
			t.Errorf("ReadPuzzles yields line %d; want %d", pz.Line, tt.line)
		}
		if tt.accept != (err == nil) || (err != nil && !strings.Contains(err.Error(), tt.message)) {
			t.Errorf("ReadPuzzles line %d: error %v; want accepted %v, message %q", pz.Line, err, tt.accept, tt.message)
		}
	}
	if k != len(tests) {
		t.Errorf("ReadPuzzles stopped after %d lines", k)
	}
}

func TestParse(t *testing.T) {
	const p = "..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9"
	g, err := Parse(p)
	if err != nil {
		t.Fatal(err)
	}
	if g[14] != 3 || g[80] != 9 || g[0] != 0 || g.String() != p {
		t.Errorf("Parse then String = %s; want %s", g, p)
	}
	tests := []struct {
		name, line string
		want       error
	}{
		{"leading space", " " + p, &CharError{Index: 0, Char: ' '}},
		{"tab inside", p[:40] + "\t" + p[41:], &CharError{Index: 40, Char: '\t'}},
		{"non-ASCII", p[:10] + "é" + p[11:], &CharError{Index: 10, Char: 'é'}},
		{"invalid UTF-8", p[:80] + "\xff", &CharError{Index: 80, Char: '\uFFFD'}},
		{"letter after 81", p + "x", &CharError{Index: 81, Char: 'x'}},
		{"short", p[:9], &LengthError{Got: 9}},
		{"trailing spaces then digits", p + " 1", &CharError{Index: 81, Char: ' '}},
		{"comment only", "# a comment", ErrEmptyLine},
		{"CR only", "\r\n", ErrEmptyLine},
		{"BOM only", "\uFEFF", ErrEmptyLine},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Parse(tt.line)
			switch want := tt.want.(type) {
			case *CharError:
				var ce *CharError
				if !errors.As(err, &ce) || *ce != *want {
					t.Errorf("error %v; want %v", err, want)
				}
			case *LengthError:
				var le *LengthError
				if !errors.As(err, &le) || *le != *want {
					t.Errorf("error %v; want %v", err, want)
				}
			default:
				if !errors.Is(err, tt.want) {
					t.Errorf("error %v; want %v", err, tt.want)
				}
			}
		})
	}
	for _, ok := range []string{p + "\r\n", p + "  # 17 clues\r\n", "\uFEFF" + p, p + "\t", strings.ReplaceAll(p, ".", "0")} {
		if g2, err := Parse(ok); err != nil || g2 != g {
			t.Errorf("Parse(%q) = %v, %v; want %v", ok, g2, err, g)
		}
	}
}

// TestConflictingGivens follows sudoku-expected.txt for
// sudoku-conflicting-givens.txt: every line rejected before any search,
// naming the clashing cells.
func TestConflictingGivens(t *testing.T) {
	lines := rawLines(t, "testdata/sudoku-conflicting-givens.txt")
	tests := []struct {
		want  []string // clashes that must be reported
		exact bool     // and no other
	}{
		{[]string{"r1c2=r1c3=9 (row)", "r1c2=r5c2=9 (column)"}, false},
		{[]string{"r1c1=r1c2=1 (row)"}, true},
		{[]string{"r1c1=r2c2=5 (box)"}, true},
		{[]string{"r1c4=r9c4=7 (column)"}, true},
	}
	if len(lines) != len(tests) {
		t.Fatalf("%d lines; want %d", len(lines), len(tests))
	}
	s := NewSolver()
	for k, tt := range tests {
		t.Run("", func(t *testing.T) {
			g, err := Parse(lines[k])
			if err != nil {
				t.Fatal(err)
			}
			_, err = s.Solve(g)
			var ce *ConflictError
			if !errors.As(err, &ce) {
				t.Fatalf("line %d: Solve error %v; want a *ConflictError", k+1, err)
			}
			if st := s.Stats(); st.Nodes != 0 {
				t.Errorf("line %d: a search was made: %+v", k+1, st)
			}
			var got []string
			for _, c := range ce.Clashes {
				got = append(got, c.String())
			}
			for _, w := range tt.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("line %d: %v; want it to name %s", k+1, err, w)
				}
			}
			if tt.exact && len(got) != len(tt.want) {
				t.Errorf("line %d: clashes %v; want %v", k+1, got, tt.want)
			}
		})
	}
}

// TestSample solves the sample of Royle's 17-given puzzles: each has one
// solution; with a given removed, several.
func TestSample(t *testing.T) {
	f, err := os.Open("testdata/sudoku17-sample.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	s := NewSolver()
	n := 0
	for pz, err := range ReadPuzzles(f) {
		if err != nil {
			t.Fatal(err)
		}
		n++
		sol, err := s.Solve(pz.Grid)
		if err != nil || !isSolution(pz.Grid, sol) {
			t.Fatalf("line %d: Solve = %v, %v; not a solution", pz.Line, sol, err)
		}
		if n%20 != 0 {
			continue
		}
		g := pz.Grid
		for k := range g {
			if g[k] != 0 {
				g[k] = 0 // 16 givens
				break
			}
		}
		_, err = s.Solve(g)
		var me *MultipleError
		if !errors.As(err, &me) || me.First == me.Second || !isSolution(g, me.First) || !isSolution(g, me.Second) {
			t.Fatalf("line %d with 16 givens: error %v; want two distinct solutions", pz.Line, err)
		}
	}
	if n != 200 {
		t.Errorf("read %d puzzles; want 200", n)
	}
}

func TestSolveErrors(t *testing.T) {
	// Row 1 holds 1..8 and r5c9 holds 9: no clash, but r1c9 cannot be 9.
	g, err := Parse("12345678." + strings.Repeat(".", 36) + "........9" + strings.Repeat(".", 27))
	if err != nil {
		t.Fatal(err)
	}
	if g.Check() != nil {
		t.Fatal("the givens clash")
	}
	if _, err := Solve(g); !errors.Is(err, ErrNoSolution) {
		t.Errorf("Solve error %v; want ErrNoSolution", err)
	}
	var me *MultipleError
	if sol, err := Solve(Grid{}); !errors.As(err, &me) || !isSolution(Grid{}, sol) || me.First == me.Second {
		t.Errorf("empty grid: error %v; want a *MultipleError with two solutions", err)
	}
	if _, err := Solve(Grid{10}); !errors.Is(err, ErrDigit) {
		t.Errorf("digit 10: error %v; want ErrDigit", err)
	}
}

func TestReport(t *testing.T) {
	in := "# puzzles\n" + strings.Repeat(".", 80) + "\n" +
		"..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9\n" +
		"11" + strings.Repeat(".", 79) + "\n"
	var out bytes.Buffer
	if err := Report(strings.NewReader(in), &out); err != nil {
		t.Fatal(err)
	}
	want := "line 2: 80 chars, want 81\nline 3: " + expectedSolution(t) +
		"\nline 4: contradictory givens: r1c1=r1c2=1 (row)\n"
	if out.String() != want {
		t.Errorf("Report wrote\n%s\nwant\n%s", out.String(), want)
	}
	boom := errors.New("boom")
	if err := Report(iotest.ErrReader(boom), &out); !errors.Is(err, boom) {
		t.Errorf("Report error %v; want %v", err, boom)
	}
	var pz []Puzzle
	for p, err := range ReadPuzzles(strings.NewReader("\n" + strings.Repeat("1", 70000) + "\n")) {
		if !errors.Is(err, bufio.ErrTooLong) || p.Line != 2 {
			t.Errorf("long line: line %d, error %v; want line 2, bufio.ErrTooLong", p.Line, err)
		}
		pz = append(pz, p)
	}
	if len(pz) != 1 {
		t.Errorf("long line: %d yields; want 1", len(pz))
	}
}

// FuzzParse checks that Parse never panics, returns only its documented
// errors, and that an accepted line prints back to a line with the same
// grid.
func FuzzParse(f *testing.F) {
	for _, path := range []string{"testdata/sudoku-malformed-lines.txt", "testdata/sudoku-conflicting-givens.txt"} {
		data, err := os.ReadFile(path)
		if err != nil {
			f.Fatal(err)
		}
		for _, line := range strings.Split(string(data), "\n") {
			f.Add(line)
		}
	}
	f.Fuzz(func(t *testing.T, line string) {
		g, err := Parse(line)
		if err != nil {
			var ce *CharError
			var le *LengthError
			if !errors.As(err, &ce) && !errors.As(err, &le) && !errors.Is(err, ErrEmptyLine) {
				t.Fatalf("Parse(%q): undocumented error %v", line, err)
			}
			return
		}
		for _, d := range g {
			if d > 9 {
				t.Fatalf("Parse(%q) = %v: digit %d", line, g, d)
			}
		}
		if g2, err := Parse(g.String()); err != nil || g2 != g {
			t.Fatalf("Parse(String(Parse(%q))) = %v, %v; want %v", line, g2, err, g)
		}
	})
}
