package nb02

import (
	"fmt"
	"slices"
	"strings"

	"github.com/prepa-reines/reines/grading"
	"github.com/prepa-reines/reines/tp/board"
	"github.com/prepa-reines/reines/tp/iterative"
	"github.com/prepa-reines/reines/tp/iterative/drawing"
	"github.com/prepa-reines/reines/tp/queens"
)

// aliasMark is what the check of AddSolution writes into C after the call,
// to catch a solution that shares C's memory.
const aliasMark = 1000

func abs(x int) int { return max(x, -x) }

func plusOne(p queens.Placement) queens.Placement {
	q := make(queens.Placement, len(p))
	for i, c := range p {
		q[i] = c + 1
	}
	return q
}

func withSolutions(s iterative.State, ps ...queens.Placement) iterative.State {
	s.Solutions = ps
	return s
}

func clonePlacements(ps []queens.Placement) []queens.Placement {
	out := make([]queens.Placement, len(ps))
	for i, p := range ps {
		out[i] = slices.Clone(p)
	}
	return out
}

// describeState prints a state in French: "n = 4, (i, j) = (3, 4),
// C[1..4] = 1 3 0 0", with the solutions recorded if any.
func describeState(s iterative.State) string {
	return fmt.Sprintf("n = %d, %s", s.N, formatState(s))
}

// formatState prints the fields a move changes: the current square, C
// (from C[1] when it has its n+1 entries, whole otherwise) and the
// solutions recorded, 0-based as they are stored.
func formatState(s iterative.State) string {
	var b strings.Builder
	fmt.Fprintf(&b, "(i, j) = (%d, %d), ", s.I, s.J)
	if len(s.C) == s.N+1 && s.N >= 1 {
		fmt.Fprintf(&b, "C[1..%d] = %s", s.N, strings.Trim(fmt.Sprint(s.C[1:]), "[]"))
	} else {
		fmt.Fprintf(&b, "C = %v (%s)", s.C, grading.Plural(len(s.C), "case"))
	}
	if len(s.Solutions) > 0 {
		var ps []string
		for _, p := range s.Solutions {
			ps = append(ps, fmt.Sprint([]int(p)))
		}
		if len(ps) > 4 {
			ps = append(ps[:2], "…", ps[len(ps)-1])
		}
		fmt.Fprintf(&b, ", %s : %s", grading.Plural(len(s.Solutions), "solution"), strings.Join(ps, " "))
	}
	return b.String()
}

func formatBool(b bool) string { return fmt.Sprint(b) }

func formatAttacks(b bool) string {
	if b {
		return "oui (true)"
	}
	return "non (false)"
}

// judgeBool compares booleans; why explains the expected answer.
func judgeBool(why func(in StateCase, want bool) string) func(StateCase, bool, bool) (bool, string) {
	return func(in StateCase, got, want bool) (bool, string) {
		if got == want {
			return true, ""
		}
		return false, why(in, want)
	}
}

// judgeNew checks the initial state: size, square (1, 1), C of n+1 zeros,
// an empty list of solutions (nil or not: a nil slice is empty); or an
// error for n < 1.
func judgeNew(in grading.Sized, got, want NewOut) (bool, string) {
	if want.Err != nil {
		return grading.SameError(got.Err, want.Err)
	}
	switch s, n := got.S, in.N; {
	case got.Err != nil:
		return false, "erreur inattendue : " + got.Err.String()
	case got.Nil:
		return false, "New doit renvoyer un état, pas nil"
	case s.N != n:
		return false, fmt.Sprintf("le champ N doit valoir n = %d", n)
	case s.I != 1 || s.J != 1:
		return false, "la recherche commence sur la case (1, 1)"
	case len(s.C) != n+1:
		return false, fmt.Sprintf("C a n + 1 = %d cases : C[0] n'est pas utilisée, C[k] est la colonne de la reine de la ligne k", n+1)
	case slices.ContainsFunc(s.C, func(c int) bool { return c != 0 }):
		return false, "aucune reine n'est encore posée : C ne contient que des 0"
	case len(s.Solutions) != 0:
		return false, "aucune solution au départ"
	case s.Steps != 0:
		return false, "aucune case n'est encore essayée : Steps = 0"
	}
	return true, ""
}

// judgeMove compares the state a move leaves with the reference's: current
// square, C and the solutions (not Steps, which only the loop counts).
// hint, if not nil, explains a recognised mistake; otherwise the note
// names the first difference.
func judgeMove(hint func(in StateCase, got, want iterative.State) string) func(StateCase, iterative.State, iterative.State) (bool, string) {
	return func(in StateCase, got, want iterative.State) (bool, string) {
		if got.I == want.I && got.J == want.J && slices.Equal(got.C, want.C) &&
			slices.EqualFunc(got.Solutions, want.Solutions, func(a, b queens.Placement) bool { return slices.Equal(a, b) }) {
			return true, ""
		}
		if hint != nil {
			if note := hint(in, got, want); note != "" {
				return false, note
			}
		}
		switch {
		case got.I != want.I || got.J != want.J:
			return false, fmt.Sprintf("la case courante doit devenir (%d, %d)", want.I, want.J)
		case len(got.C) != len(want.C):
			return false, fmt.Sprintf("C doit garder ses n + 1 = %d cases", len(want.C))
		case !slices.Equal(got.C, want.C):
			for k := range want.C {
				if got.C[k] != want.C[k] {
					return false, fmt.Sprintf("C[%d] doit valoir %d", k, want.C[k])
				}
			}
		}
		return false, "la liste des solutions ne doit pas changer"
	}
}

// stateBoard draws s with the current square outlined and a short title
// (the caption of the report gives the details), or nil if s has no board.
func stateBoard(s iterative.State, title string) *board.Board {
	if s.N < 1 || s.N > 64 {
		return nil
	}
	b := drawing.State(&s)
	b.Title = title
	return &b
}

// movedBoard draws the state a move left if its current square is on the
// board, else the state the move started from.
func movedBoard(in StateCase, got, _ iterative.State) *board.Board {
	if got.I >= 1 && got.I <= got.N && got.J >= 1 && got.J <= got.N {
		return stateBoard(got, "état obtenu")
	}
	return stateBoard(in.S, "état de départ")
}

// formatQueens lists queens 1-based: "reines (1, 2) (2, 4)", or "vide".
func formatQueens(qs []queens.Square) string {
	if len(qs) == 0 {
		return "vide"
	}
	parts := make([]string, len(qs))
	for i, q := range qs {
		parts[i] = grading.Sq(q)
	}
	return "reines " + strings.Join(parts, " ")
}

// formatBoard prints a board as data: its size and its queens (1-based).
func formatBoard(b board.Board) string {
	return fmt.Sprintf("%d×%d, %s", b.N, b.N, formatQueens(b.Queens))
}

// sortedQueens returns b's queens sorted by row then column.
func sortedQueens(b board.Board) []queens.Square {
	qs := slices.Clone(b.Queens)
	slices.SortFunc(qs, func(a, b queens.Square) int {
		if a.Row != b.Row {
			return a.Row - b.Row
		}
		return a.Col - b.Col
	})
	return qs
}

// sameQueens reports whether two boards have the same size and the same
// queens, in any order.
func sameQueens(a, b board.Board) bool {
	return a.N == b.N && slices.Equal(sortedQueens(a), sortedQueens(b))
}

// judgeBoard compares boards as data: size and queens, in any order (the
// title, outlines and crosses are free).
func judgeBoard(_ grading.Sized, got, want board.Board) (bool, string) {
	switch {
	case sameQueens(got, want):
		return true, ""
	case got.N != want.N:
		return false, fmt.Sprintf("le plateau doit faire %d×%d (champ N)", want.N, want.N)
	case len(got.Queens) != len(want.Queens):
		return false, grading.Plurals(len(want.Queens), "reine attendue", "reines attendues")
	}
	return false, "les reines ne sont pas sur les bonnes cases"
}

// drawnBoard returns a copy of a student's board to draw in a report, or
// nil if it cannot be drawn.
func drawnBoard(b board.Board) *board.Board {
	if b.N < 1 || b.N > 64 {
		return nil
	}
	b.Heat = nil // a malformed heat map would not draw
	return &b
}
