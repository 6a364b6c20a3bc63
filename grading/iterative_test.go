package grading

import (
	"slices"
	"strings"
	"testing"

	"github.com/prepa-reines/reines/tp/board"
	"github.com/prepa-reines/reines/tp/iterative"
	"github.com/prepa-reines/reines/tp/iterative/drawing"
	"github.com/prepa-reines/reines/tp/queens"
)

func TestIterativeRegistry(t *testing.T) {
	var ids []string
	for _, q := range Questions("02") {
		ids = append(ids, q.ID)
		if q.Points <= 0 || q.Title == "" {
			t.Errorf("%s: points %d, title %q", q.ID, q.Points, q.Title)
		}
		if q.Prose() != (q.ID == "02/Q13") {
			t.Errorf("%s: prose %v; only Q13 is a written answer", q.ID, q.Prose())
		}
	}
	want := "02/Q1 02/Q2 02/Q3 02/Q4 02/Q5 02/Q6 02/Q7 02/Q8 02/Q9 02/Q10 02/Q11 02/Q12 02/Q13 02/Q14 02/Q15 02/Q16 02/Q17"
	if got := strings.Join(ids, " "); got != want {
		t.Errorf("Questions(02) = %s; want %s", got, want)
	}
}

// iterativeRefs maps each question of notebook 02 with a function to its
// reference answer.
var iterativeRefs = map[string]any{
	"02/Q1": iterative.New, "02/Q2": iterative.Attacks, "02/Q3": iterative.IsSafe,
	"02/Q4": iterative.NextSquare, "02/Q5": iterative.NextRow, "02/Q6": iterative.HasAlternative,
	"02/Q7": iterative.Backtrack, "02/Q8": iterative.AtStart, "02/Q9": iterative.CanContinue,
	"02/Q10": iterative.IsSolution, "02/Q11": iterative.AddSolution, "02/Q12": iterative.Solve,
	"02/Q14": drawing.Grid, "02/Q15": drawing.DrawQueen, "02/Q16": drawing.ShowSolution, "02/Q17": drawing.ShowAll,
}

func iterativeReports() []Report {
	return []Report{
		Iterative.Q1.Run(iterative.New),
		Iterative.Q2.Run(iterative.Attacks),
		Iterative.Q3.Run(iterative.IsSafe),
		Iterative.Q4.Run(iterative.NextSquare),
		Iterative.Q5.Run(iterative.NextRow),
		Iterative.Q6.Run(iterative.HasAlternative),
		Iterative.Q7.Run(iterative.Backtrack),
		Iterative.Q8.Run(iterative.AtStart),
		Iterative.Q9.Run(iterative.CanContinue),
		Iterative.Q10.Run(iterative.IsSolution),
		Iterative.Q11.Run(iterative.AddSolution),
		Iterative.Q12.Run(iterative.Solve),
		Iterative.Q14.Run(drawing.Grid),
		Iterative.Q15.Run(drawing.DrawQueen),
		Iterative.Q16.Run(drawing.ShowSolution),
		Iterative.Q17.Run(drawing.ShowAll),
	}
}

func TestIterativeReferencePasses(t *testing.T) {
	reports := iterativeReports()
	if len(reports) != len(iterativeRefs) {
		t.Fatalf("%d reports for %d questions", len(reports), len(iterativeRefs))
	}
	for _, r := range reports {
		if r.Outcome() != "passed" || len(r.Cases) < 3 {
			t.Errorf("%s: reference answer gives %s on %d cases\n%s", r.Question.ID, r.Outcome(), len(r.Cases), r.Text())
		}
	}
}

var _ = addReferences(iterativeRefs) // TestChildRoundTrip runs them through the child protocol

// Every question but the three one-line tests has hidden cases.
func TestIterativeHidden(t *testing.T) {
	for id := range iterativeRefs {
		if id == "02/Q8" || id == "02/Q9" || id == "02/Q10" {
			continue
		}
		all, err := Inputs(id, true)
		if err != nil {
			t.Fatalf("%s: %v", id, err)
		}
		if pub, _ := Inputs(id, false); len(all) <= len(pub) {
			t.Errorf("%s: no hidden case", id)
		}
	}
}

func TestIterativeStubs(t *testing.T) {
	for _, r := range []Report{
		Iterative.Q5.Run(func(*iterative.State) { panic(ToDo) }),
		Iterative.Q12.Run(func(int) ([]queens.Placement, error) { panic(ToDo) }),
		Iterative.Q15.Run(func(board.Board, int, int) board.Board { panic(ToDo) }),
		Iterative.Q7.Run(nil),
	} {
		if r.Outcome() != "not-implemented" {
			t.Errorf("%s: stub gives %s", r.Question.ID, r.Outcome())
		}
	}
}

// failsWith checks that a mistaken answer fails a public case and that the
// report says why (the note contains want) and draws the case.
func failsWith(t *testing.T, name string, r Report, want string) {
	t.Helper()
	if r.Outcome() != "failed" {
		t.Errorf("%s: outcome %s; want failed\n%s", name, r.Outcome(), r.Text())
		return
	}
	if !strings.Contains(r.Text(), want) {
		t.Errorf("%s: no note %q in\n%s", name, want, r.Text())
	}
}

// drawsState checks that the report draws a failing state as a board with
// the current square outlined.
func drawsState(t *testing.T, name string, r Report) {
	t.Helper()
	for _, c := range r.Cases {
		if c.Status == Failed && c.Board != nil && len(c.Board.Highlight) == 1 && strings.Contains(r.HTML(), "reines-chart") {
			return
		}
	}
	t.Errorf("%s: no failing case drawn with its current square\n%s", name, r.Text())
}

func TestNewMistakes(t *testing.T) {
	failsWith(t, "C of n entries", Iterative.Q1.Run(func(n int) (*iterative.State, error) {
		s, err := iterative.New(n)
		if s != nil {
			s.C = s.C[:n]
		}
		return s, err
	}), "C[0] n'est pas utilisée")
	failsWith(t, "starts at (0, 0)", Iterative.Q1.Run(func(n int) (*iterative.State, error) {
		s, err := iterative.New(n)
		if s != nil {
			s.I, s.J = 0, 0
		}
		return s, err
	}), "case (1, 1)")
	failsWith(t, "no error for n = 0", Iterative.Q1.Run(func(n int) (*iterative.State, error) {
		return &iterative.State{N: n, I: 1, J: 1, C: make([]int, max(n+1, 0))}, nil
	}), "iterative.ErrSize")
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
		failsWith(t, name, Iterative.Q2.Run(f), "")
	}
	failsWith(t, "one diagonal only", Iterative.Q2.Run(mistakes["one diagonal only"]), "anti-diagonale")
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
		}, "menace"},
	}
	for name, m := range mistakes {
		r := Iterative.Q3.Run(m.f)
		failsWith(t, name, r, m.note)
		drawsState(t, name, r)
	}
}

func TestMoveMistakes(t *testing.T) {
	failsWith(t, "NextSquare moves down", Iterative.Q4.Run(func(s *iterative.State) { s.I++ }), "doit devenir")
	// NextRow.
	forgetC := func(s *iterative.State) { s.I, s.J = s.I+1, 1 }
	r := Iterative.Q5.Run(forgetC)
	failsWith(t, "NextRow forgets C[i]", r, "la colonne de la reine n'est pas enregistrée")
	drawsState(t, "NextRow forgets C[i]", r)
	failsWith(t, "NextRow keeps j", Iterative.Q5.Run(func(s *iterative.State) { s.C[s.I] = s.J; s.I++ }), "j = 1")
	failsWith(t, "NextRow records in the next row", Iterative.Q5.Run(func(s *iterative.State) {
		s.I++
		if s.I < len(s.C) {
			s.C[s.I] = s.J
		}
		s.J = 1
	}), "la colonne de la reine n'est pas enregistrée")
	// HasAlternative.
	failsWith(t, "HasAlternative j <= n", Iterative.Q6.Run(func(s *iterative.State, n int) bool { return s.J <= n }), "j < n")
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
		r := Iterative.Q7.Run(m.f)
		failsWith(t, name, r, m.note)
		drawsState(t, name, r)
	}
}

func TestTestMistakes(t *testing.T) {
	// AtStart.
	failsWith(t, "AtStart at (1, 1)", Iterative.Q8.Run(func(s *iterative.State) bool { return s.I == 1 && s.J == 1 }), "il reste des cases")
	failsWith(t, "AtStart on the last square of row 1", Iterative.Q8.Run(func(s *iterative.State) bool {
		return s.I == 1 && s.J == s.N || s.I == 0
	}), "il reste des cases")
	failsWith(t, "AtStart never true", Iterative.Q8.Run(func(s *iterative.State) bool { return s.I < 0 }), "i = 0")
	// CanContinue.
	failsWith(t, "CanContinue i < n", Iterative.Q9.Run(func(s *iterative.State, n int) bool { return s.I >= 1 && s.I < n }), "1 ≤ i ≤ n")
	failsWith(t, "CanContinue i <= n", Iterative.Q9.Run(func(s *iterative.State, n int) bool { return s.I <= n }), "1 ≤ i ≤ n")
	// IsSolution.
	failsWith(t, "IsSolution i = n", Iterative.Q10.Run(func(s *iterative.State, n int) bool { return s.I == n }), "i = n + 1")
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
		failsWith(t, name, Iterative.Q11.Run(m.f), m.note)
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
	failsWith(t, "stops early", Iterative.Q12.Run(stopsEarly), "jusqu'à ce que i = 0")
	failsWith(t, "no error for n = 0", Iterative.Q12.Run(func(n int) ([]queens.Placement, error) {
		if n < 1 {
			return nil, nil
		}
		return iterative.Solve(n)
	}), "iterative.ErrSize")
}

func TestDrawingMistakes(t *testing.T) {
	failsWith(t, "Grid of side n-1", Iterative.Q14.Run(func(n int) board.Board { return board.Board{N: n - 1} }), "champ N")
	failsWith(t, "DrawQueen 1-based", Iterative.Q15.Run(func(b board.Board, row, col int) board.Board {
		b.Queens = append(b.Queens, queens.Square{Row: row, Col: col})
		return b
	}), "à partir de 0")
	failsWith(t, "DrawQueen swapped", Iterative.Q15.Run(func(b board.Board, row, col int) board.Board {
		b.Queens = append(b.Queens, queens.Square{Row: col - 1, Col: row - 1})
		return b
	}), "inversées")
	failsWith(t, "ShowSolution k from 0", Iterative.Q16.Run(func(sols []queens.Placement, k int) board.Board {
		return drawing.ShowSolution(sols, k+1)
	}), "k compte à partir de 1")
	failsWith(t, "ShowAll misses the last", Iterative.Q17.Run(func(sols []queens.Placement) []board.Board {
		return drawing.ShowAll(sols[:max(len(sols)-1, 0)])
	}), "un plateau par solution")
}
