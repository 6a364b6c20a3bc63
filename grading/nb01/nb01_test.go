package nb01

import (
	"strings"
	"testing"

	"github.com/prepa-reines/reines/tp/queens"
)

// Classic mistakes of the safety test must each fail at least one public case.
func TestSafetyMistakes(t *testing.T) {
	mistakes := map[string]func(queens.Placement, int, int) bool{
		"previous row only": func(p queens.Placement, row, col int) bool {
			if row == 0 {
				return true
			}
			c := p[row-1]
			return c != col && c != col-1 && c != col+1
		},
		"one diagonal only": func(p queens.Placement, row, col int) bool {
			for r := 0; r < row; r++ {
				if p[r] == col || row-r == col-p[r] {
					return false
				}
			}
			return true
		},
		"columns only": func(p queens.Placement, row, col int) bool {
			for r := 0; r < row; r++ {
				if p[r] == col {
					return false
				}
			}
			return true
		},
		"reads p[row]": func(p queens.Placement, row, col int) bool {
			for r := 0; r < len(p); r++ {
				if r != row && (p[r] == col || row-r == col-p[r] || row-r == p[r]-col) {
					return false
				}
			}
			return true
		},
	}
	for name, f := range mistakes {
		r := Q1.Run(f)
		if r.Outcome() != "failed" {
			t.Errorf("%s: outcome %s; want failed", name, r.Outcome())
		}
		if !strings.Contains(r.HTML(), "reines-chart") {
			t.Errorf("%s: the report draws no board of the failing case", name)
		}
	}
}

func TestSolutionsMistakes(t *testing.T) {
	// Forgetting to copy p: every stored placement is the same slice.
	noCopy := func(n int) ([]queens.Placement, error) {
		var sols []queens.Placement
		p := make(queens.Placement, n)
		var place func(int)
		place = func(row int) {
			if row == n {
				sols = append(sols, p)
				return
			}
			for c := 0; c < n; c++ {
				if queens.IsSafe(p, row, c) {
					p[row] = c
					place(row + 1)
				}
			}
		}
		place(0)
		return sols, nil
	}
	r := Q2.Run(noCopy)
	if r.Outcome() != "failed" {
		t.Fatalf("no copy: outcome %s", r.Outcome())
	}
	// Reversed order: right solutions, wrong order.
	reversed := func(n int) ([]queens.Placement, error) {
		s, err := queens.Solutions(n)
		for i, j := 0, len(s)-1; i < j; i, j = i+1, j-1 {
			s[i], s[j] = s[j], s[i]
		}
		return s, err
	}
	r = Q2.Run(reversed)
	if !strings.Contains(r.Text(), "ordre lexicographique") {
		t.Errorf("reversed order not explained:\n%s", r.Text())
	}
}

// The idiomatic `var sols []queens.Placement`, nil when there is no
// solution, is the empty list: it passes (the workbook's one rule: a nil
// slice is empty).
func TestNilIsEmpty(t *testing.T) {
	idiomatic := func(n int) ([]queens.Placement, error) {
		all, err := queens.Solutions(n)
		var sols []queens.Placement // nil when nothing is appended
		sols = append(sols, all...)
		return sols, err
	}
	if r := Q2.Run(idiomatic); r.Outcome() != "passed" {
		t.Errorf("a nil list for no solution refused:\n%s", r.Text())
	}
}

// A board with a space after each square, as a C printf("%c ") writes
// it, fails with a note that names the spaces, and shows them.
func TestBoardSpaces(t *testing.T) {
	spaced := func(p queens.Placement) string {
		var b strings.Builder
		for _, c := range p {
			for col := range len(p) {
				if col == c {
					b.WriteString("Q ")
				} else {
					b.WriteString(". ")
				}
			}
			b.WriteString("\n")
		}
		return b.String()
	}
	r := Q3.Run(spaced)
	if r.Outcome() != "failed" {
		t.Fatalf("outcome %s; want failed", r.Outcome())
	}
	if text := r.Text(); !strings.Contains(text, "des espaces en trop") || !strings.Contains(text, "Q␣") {
		t.Errorf("the report does not name the spaces, nor show them:\n%s", text)
	}
}
