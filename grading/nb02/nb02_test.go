package nb02

import (
	"slices"
	"strings"
	"testing"

	"github.com/prepa-reines/reines/grading"
	"github.com/prepa-reines/reines/grading/internal/checktest"

	"github.com/prepa-reines/reines/tp/board"
	"github.com/prepa-reines/reines/tp/iterative"
	"github.com/prepa-reines/reines/tp/iterative/drawing"
	"github.com/prepa-reines/reines/tp/queens"
)

// drawsState checks that the report draws a failing state as a board with
// the current square outlined.
func drawsState(t *testing.T, name string, r grading.Report) {
	t.Helper()
	for _, c := range r.Cases {
		if c.Status == grading.Failed && c.Board != nil && len(c.Board.Highlight) == 1 && strings.Contains(r.HTML(), "reines-chart") {
			return
		}
	}
	t.Errorf("%s: no failing case drawn with its current square\n%s", name, r.Text())
}

func TestNewMistakes(t *testing.T) {
	checktest.FailsWith(t, "C of n entries", Q1.Run(func(n int) (*iterative.State, error) {
		s, err := iterative.New(n)
		if s != nil {
			s.C = s.C[:n]
		}
		return s, err
	}), "C[0] n'est pas utilisée")
	checktest.FailsWith(t, "starts at (0, 0)", Q1.Run(func(n int) (*iterative.State, error) {
		s, err := iterative.New(n)
		if s != nil {
			s.I, s.J = 0, 0
		}
		return s, err
	}), "case (1, 1)")
	checktest.FailsWith(t, "no error for n = 0", Q1.Run(func(n int) (*iterative.State, error) {
		return &iterative.State{N: n, I: 1, J: 1, C: make([]int, max(n+1, 0))}, nil
	}), "iterative.ErrSize")
	// A nil list of solutions is the empty list (a nil slice is empty).
	if r := Q1.Run(func(n int) (*iterative.State, error) {
		s, err := iterative.New(n)
		if s != nil {
			s.Solutions = nil
		}
		return s, err
	}); r.Outcome() != "passed" {
		t.Errorf("nil Solutions refused:\n%s", r.Text())
	}
}

func TestAttacksMistakes(t *testing.T) {
	mistakes := map[string]func(s *iterative.State, l, c int) bool{
		"one diagonal only": func(s *iterative.State, l, c int) bool {
			return l == s.I || c == s.J || l-c == s.I-s.J
		},
		"off by one on the diagonals": func(s *iterative.State, l, c int) bool {
			return l == s.I || c == s.J || abs(l-s.I) == abs(c-s.J)+1
		},
		"diagonal shifted by one": func(s *iterative.State, l, c int) bool {
			return l == s.I || c == s.J || l-c == s.I-s.J+1 || l+c == s.I+s.J
		},
		"rows forgotten": func(s *iterative.State, l, c int) bool {
			return c == s.J || abs(l-s.I) == abs(c-s.J)
		},
		"neighbouring diagonal squares only": func(s *iterative.State, l, c int) bool {
			return l == s.I || c == s.J || abs(l-s.I) == 1 && abs(c-s.J) == 1
		},
	}
	for name, f := range mistakes {
		checktest.FailsWith(t, name, Q2.Run(f), "")
	}
	checktest.FailsWith(t, "one diagonal only", Q2.Run(mistakes["one diagonal only"]), "diagonale montante")
}

func TestIsSafeMistakes(t *testing.T) {
	mistakes := map[string]struct {
		f    func(s *iterative.State) bool
		note string
	}{
		"previous row only": {func(s *iterative.State) bool {
			return s.I == 1 || !iterative.Attacks(s, s.I-1, s.C[s.I-1])
		}, "pas seulement la précédente"},
		"loop from row 0 (C[0] taken for a queen)": {func(s *iterative.State) bool {
			for l := 0; l < s.I; l++ {
				if iterative.Attacks(s, l, s.C[l]) {
					return false
				}
			}
			return true
		}, "C[0] n'est pas une reine"},
		"loop up to row i": {func(s *iterative.State) bool {
			for l := 1; l <= s.I && l < len(s.C); l++ {
				if l != s.I && iterative.Attacks(s, l, s.C[l]) || l == s.I && s.C[l] != s.J {
					return false
				}
			}
			return true
		}, "seules ces lignes comptent"},
		"columns only": {func(s *iterative.State) bool {
			for l := 1; l < s.I; l++ {
				if s.C[l] == s.J {
					return false
				}
			}
			return true
		}, "attaque"},
	}
	for name, m := range mistakes {
		r := Q3.Run(m.f)
		checktest.FailsWith(t, name, r, m.note)
		drawsState(t, name, r)
	}
}

func TestMoveMistakes(t *testing.T) {
	checktest.FailsWith(t, "NextSquare moves down", Q4.Run(func(s *iterative.State) { s.I++ }), "doit devenir")
	// NextRow.
	forgetC := func(s *iterative.State) { s.I, s.J = s.I+1, 1 }
	r := Q5.Run(forgetC)
	checktest.FailsWith(t, "NextRow forgets C[i]", r, "la colonne de la reine n'est pas enregistrée")
	drawsState(t, "NextRow forgets C[i]", r)
	checktest.FailsWith(t, "NextRow keeps j", Q5.Run(func(s *iterative.State) { s.C[s.I] = s.J; s.I++ }), "j = 1")
	checktest.FailsWith(t, "NextRow records in the next row", Q5.Run(func(s *iterative.State) {
		s.I++
		if s.I < len(s.C) {
			s.C[s.I] = s.J
		}
		s.J = 1
	}), "la colonne de la reine n'est pas enregistrée")
	// HasAlternative.
	checktest.FailsWith(t, "HasAlternative j <= n", Q6.Run(func(s *iterative.State, n int) bool { return s.J <= n }), "j < n")
}

func TestBacktrackMistakes(t *testing.T) {
	mistakes := map[string]struct {
		f    func(s *iterative.State, n int)
		note string
	}{
		// The sujet's pseudo-code read literally: up one row, one square right.
		"one row only": {func(s *iterative.State, n int) {
			s.I--
			s.J = s.C[s.I] + 1
			s.C[s.I] = 0
		}, "il faut remonter encore"},
		"C not cleared": {func(s *iterative.State, n int) {
			s.I--
			for s.I >= 1 && s.C[s.I] == n {
				s.I--
			}
			if s.I == 0 {
				s.J = 0
				return
			}
			s.J = s.C[s.I] + 1
		}, "les reines quittées doivent être retirées"},
		"does not stop at the start": {func(s *iterative.State, n int) {
			s.I--
			for s.I >= 1 && s.C[s.I] == n {
				s.C[s.I] = 0
				s.I--
			}
			s.J = s.C[s.I] + 1 // (0, 1) after row 1
			s.C[s.I] = 0
		}, "(0, 0)"},
		"stops climbing at row 1": {func(s *iterative.State, n int) {
			s.I--
			for s.I > 1 && s.C[s.I] == n {
				s.C[s.I] = 0
				s.I--
			}
			s.J = s.C[s.I] + 1
			s.C[s.I] = 0
		}, "la recherche est finie"},
	}
	for name, m := range mistakes {
		r := Q7.Run(m.f)
		checktest.FailsWith(t, name, r, m.note)
		drawsState(t, name, r)
	}
}

func TestTestMistakes(t *testing.T) {
	// AtStart.
	checktest.FailsWith(t, "AtStart at (1, 1)", Q8.Run(func(s *iterative.State) bool { return s.I == 1 && s.J == 1 }), "il reste des cases")
	checktest.FailsWith(t, "AtStart on the last square of row 1", Q8.Run(func(s *iterative.State) bool {
		return s.I == 1 && s.J == s.N || s.I == 0
	}), "il reste des cases")
	checktest.FailsWith(t, "AtStart never true", Q8.Run(func(s *iterative.State) bool { return s.I < 0 }), "i = 0")
	// CanContinue.
	checktest.FailsWith(t, "CanContinue i < n", Q9.Run(func(s *iterative.State, n int) bool { return s.I >= 1 && s.I < n }), "1 ≤ i ≤ n")
	checktest.FailsWith(t, "CanContinue i <= n", Q9.Run(func(s *iterative.State, n int) bool { return s.I <= n }), "1 ≤ i ≤ n")
	// IsSolution.
	checktest.FailsWith(t, "IsSolution i = n", Q10.Run(func(s *iterative.State, n int) bool { return s.I == n }), "i = n + 1")
}

func TestAddSolutionMistakes(t *testing.T) {
	mistakes := map[string]struct {
		f    func(s *iterative.State, n int)
		note string
	}{
		"shares C": {func(s *iterative.State, n int) {
			s.Solutions = append(s.Solutions, queens.Placement(s.C[1:]))
		}, "partage la mémoire de C"},
		"1-based columns": {func(s *iterative.State, n int) {
			s.Solutions = append(s.Solutions, slices.Clone(queens.Placement(s.C[1:])))
		}, "à partir de 0"},
		"C[0] included": {func(s *iterative.State, n int) {
			p := make(queens.Placement, n+1)
			for k := range p {
				p[k] = s.C[k] - 1
			}
			s.Solutions = append(s.Solutions, p)
		}, "C[0] n'est pas une colonne"},
		"list replaced": {func(s *iterative.State, n int) {
			p := make(queens.Placement, n)
			for k := 1; k <= n; k++ {
				p[k-1] = s.C[k] - 1
			}
			s.Solutions = []queens.Placement{p}
		}, "solutions attendues"},
	}
	for name, m := range mistakes {
		checktest.FailsWith(t, name, Q11.Run(m.f), m.note)
	}
}

func TestSolveMistakes(t *testing.T) {
	// The loop stops as soon as row 1 reaches its last column, before
	// trying it: the solutions that start in column n are missed.
	stopsEarly := func(n int) ([]queens.Placement, error) {
		s, err := iterative.New(n)
		if err != nil {
			return nil, err
		}
		for !iterative.AtStart(s) && !(s.I == 1 && s.J == n) {
			if !iterative.CanContinue(s, n) {
				iterative.AddSolution(s, n)
				iterative.Backtrack(s, n)
				continue
			}
			if iterative.IsSafe(s) {
				iterative.NextRow(s)
			} else if iterative.HasAlternative(s, n) {
				iterative.NextSquare(s)
			} else {
				iterative.Backtrack(s, n)
			}
		}
		return s.Solutions, nil
	}
	checktest.FailsWith(t, "stops early", Q12.Run(stopsEarly), "jusqu'à ce que i = 0")
	checktest.FailsWith(t, "no error for n = 0", Q12.Run(func(n int) ([]queens.Placement, error) {
		if n < 1 {
			return nil, nil
		}
		return iterative.Solve(n)
	}), "iterative.ErrSize")
}

func TestDrawingMistakes(t *testing.T) {
	checktest.FailsWith(t, "Grid of side n-1", Q14.Run(func(n int) board.Board { return board.Board{N: n - 1} }), "champ N")
	checktest.FailsWith(t, "DrawQueen 1-based", Q15.Run(func(b board.Board, row, col int) board.Board {
		b.Queens = append(b.Queens, queens.Square{Row: row, Col: col})
		return b
	}), "à partir de 0")
	checktest.FailsWith(t, "DrawQueen swapped", Q15.Run(func(b board.Board, row, col int) board.Board {
		b.Queens = append(b.Queens, queens.Square{Row: col - 1, Col: row - 1})
		return b
	}), "inversées")
	// Appending to b.Queens without a copy: the board handed in has spare
	// capacity, so two drawings from it share their last queen.
	checktest.FailsWith(t, "DrawQueen without a copy", Q15.Run(func(b board.Board, row, col int) board.Board {
		b.Queens = append(b.Queens, queens.Square{Row: row - 1, Col: col - 1})
		return b
	}), "slices.Clone(b.Queens)")
	checktest.FailsWith(t, "ShowSolution k from 0", Q16.Run(func(sols []queens.Placement, k int) board.Board {
		return drawing.ShowSolution(sols, k+1)
	}), "k compte à partir de 1")
	checktest.FailsWith(t, "ShowAll misses the last", Q17.Run(func(sols []queens.Placement) []board.Board {
		return drawing.ShowAll(sols[:max(len(sols)-1, 0)])
	}), "un plateau par solution")
}
