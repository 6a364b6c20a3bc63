package grading

import (
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"
)

// The hand-written matchers of the package (written so that a check
// cell need not link package regexp) agree with the regular expressions
// they replace, on tricky lines and on random ones built from their
// pieces.
func TestMatchersAgreeWithRegexps(t *testing.T) {
	var (
		questionNumber = regexp.MustCompile(`^[1-9][0-9]*[a-z]?$`)
		plainItalics   = regexp.MustCompile(`\*([^*]+)\*`)
		raceAccess     = regexp.MustCompile(`^(?i)(previous )?(atomic )?(read|write) at 0x[0-9a-f]+ by (?:main goroutine|goroutine (\d+)):$`)
		raceCreated    = regexp.MustCompile(`^Goroutine (\d+) \((running|finished)\) created at:$`)
		execLine       = regexp.MustCompile(`execcode\.go:\d+\].* ExecuteCell: (\[.*\])\s*$`)
		failLine       = regexp.MustCompile(`execcode\.go:\d+\].* goexec\.ExecuteCell\(\) failed to `)
		funcDecl       = regexp.MustCompile(`^func\s+([\p{L}_][\p{L}\p{N}_]*)\s*[\[(]`)
	)
	lines := []string{
		"", "1", "0", "10", "3b", "12z", "3bc", "b", "12a", "007", "1A",
		"*a*", "**a*", "a*b*c*d", "***", "*", "x **y** z", "`*a*`",
		"Read at 0x00c000012345 by goroutine 7:", "Previous write at 0x00c000012345 by main goroutine:",
		"previous atomic WRITE at 0xABC by goroutine 12:", "Write at 0x by goroutine 7:", "Read at 0x1 by goroutine :",
		"Read at 0x1 by goroutine 7: ", "Atomic read at 0x1 by goroutine 7:", "read at 0x1g by goroutine 7:",
		"Goroutine 7 (running) created at:", "Goroutine 8 (finished) created at:", "Goroutine  (running) created at:",
		"Goroutine 7 (running) created at: ", "goroutine 7 (running) created at:",
		`I1201 09:30:31.573182 6047 execcode.go:81] [id] ExecuteCell: ["func F() {" "}"]`,
		`I1201 execcode.go:81] ExecuteCell: ["a"]  `, `execcode.go:] ExecuteCell: ["a"]`, `execcode.go:81] x ExecuteCell: ["a"] ExecuteCell: ["b"]`,
		`execcode.go:x] execcode.go:9] ExecuteCell: ["a"]`, `execcode.go:81] ExecuteCell: ["a"`,
		`I1201 execcode.go:116] [id] goexec.ExecuteCell() failed to compile cell`, `execcode.go:116]goexec.ExecuteCell() failed to `,
		"func F(", "func  F [T any](", "func\tÉtat(", "func F", "func (s S) F(", "func _x(", "func 1x(", "func F2 (", "funcF(", "func F {", "func F٣(",
	}
	pieces := []string{"*", "a", " ", "1", "0", "x", "Read", "read", "write", "Previous ", "atomic ", " at 0x", "f", " by ", "main goroutine", "goroutine ", "7", ":",
		"Goroutine ", " (running)", " (finished)", " created at:", "execcode.go:", "81", "]", " ExecuteCell: ", "[", "\"a\"", " goexec.ExecuteCell() failed to ", "func", "\t", "F", "(", "É", "_", "z", "Z", "٣", "\x00"}
	r := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		var b strings.Builder
		for range 1 + r.IntN(8) {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		lines = append(lines, b.String())
	}
	for _, l := range lines {
		if got, want := isQuestionNumber(l), questionNumber.MatchString(l); got != want {
			t.Errorf("isQuestionNumber(%q) = %v; want %v", l, got, want)
		}
		if got, want := PlainText(l), plainItalics.ReplaceAllString(strings.ReplaceAll(l, "`", ""), "$1"); got != want {
			t.Errorf("PlainText(%q) = %q; want %q", l, got, want)
		}
		a, ok := parseRaceAccess(l)
		if m := raceAccess.FindStringSubmatch(l); (m != nil) != ok || ok && (a.previous != (m[1] != "") || a.atomic != (m[2] != "") || a.write != strings.EqualFold(m[3], "write") || a.goroutine != m[4]) {
			t.Errorf("parseRaceAccess(%q) = %+v, %v; want %q", l, a, ok, m)
		}
		if m := raceCreated.FindStringSubmatch(l); (m != nil) != (raceHeading(l) != l && !ok) {
			t.Errorf("raceHeading(%q) = %q; the expression says %q", l, raceHeading(l), m)
		}
		list, ok := executedCell(l)
		if m := execLine.FindStringSubmatch(l); (m != nil) != ok || ok && list != m[1] {
			t.Errorf("executedCell(%q) = %q, %v; want %q", l, list, ok, m)
		}
		if got, want := failedCell(l), failLine.MatchString(l); got != want {
			t.Errorf("failedCell(%q) = %v; want %v", l, got, want)
		}
		want := ""
		if m := funcDecl.FindStringSubmatch(l); m != nil {
			want = m[1]
		}
		if got := declaredFuncName(l); got != want {
			t.Errorf("declaredFuncName(%q) = %q; want %q", l, got, want)
		}
	}
}
