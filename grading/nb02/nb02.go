// Package nb02 declares the questions of notebook 02, iterative
// backtracking as a state machine (reference answers: tp/iterative for
// Q1–Q12, tp/iterative/drawing for Q14–Q17), and the data its
// demonstrations show. Most questions are one move or one test of the
// state machine: a case is a state (an iterative.State, whose exported
// fields round-trip through JSON), the check runs the student's function on
// a copy and compares the state it leaves, or the answer it gives, with the
// reference's. Failing cases are drawn with the current square outlined.
// The hidden cases are set by its package hidden (empty in the student
// edition).
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

// The errors of TP 02's answers, for the checks (see
// grading.RegisterErrors).
func init() {
	grading.RegisterErrors(grading.TPError{Err: iterative.ErrSize, Name: "iterative.ErrSize", French: "n < 1"})
}

// StateCase is an input of the state-machine questions: a state of the
// search, and for Attacks (Q2) a square (Row, Col). Rows and columns are
// 1-based, as in the sujet.
type StateCase struct {
	Label    string          // what the case is about, in French (may be empty)
	S        iterative.State // the state the function is called on
	Row, Col int             // Q2 only: the queen's square (l, c)
}

// String describes the case in French, e.g. "impasse : n = 4, (i, j) =
// (3, 4), C[1..4] = 1 3 0 0".
func (c StateCase) String() string {
	s := describeState(c.S)
	if c.Label != "" {
		s = c.Label + " : " + s
	}
	return s
}

// NewOut is what New returns: the state (zero if nil) and an error.
type NewOut struct {
	S   iterative.State
	Nil bool // the returned pointer was nil
	Err *grading.Err
}

// DrawCase is an input of Q15: put a queen on (Row, Col), 1-based, of
// board B.
type DrawCase struct {
	B        board.Board
	Row, Col int
}

// DrawOut is what Q15's check learns: the board drawn, and whether drawing
// a second queen on the same board changed it (the two share memory).
type DrawOut struct {
	B      board.Board
	Shared bool
}

// SolutionsCase is an input of Q16 and Q17: the solutions of the N×N board
// in lexicographic order, and for Q16 the number K (from 1) of the one to
// draw.
type SolutionsCase struct {
	N    int
	Sols []queens.Placement
	K    int
}

// NewState builds a state for the cases: n×n board, current square
// (i, j), the queens of rows 1, 2, … in columns cols (C[k] = 0 beyond
// them).
func NewState(n, i, j int, cols ...int) iterative.State {
	c := make([]int, n+1)
	copy(c[1:], cols)
	return iterative.State{N: n, I: i, J: j, C: c, Solutions: []queens.Placement{}}
}

// clone returns a deep copy of s for the student's function.
func clone(s iterative.State) *iterative.State {
	c := s.Clone()
	for i, p := range c.Solutions {
		c.Solutions[i] = slices.Clone(p)
	}
	if c.Solutions == nil {
		c.Solutions = []queens.Placement{}
	}
	return c
}

// moveCall runs a move on a copy of the case's state and hands back the
// state it leaves.
func moveCall(f func(*iterative.State), in StateCase) iterative.State {
	s := clone(in.S)
	f(s)
	return *s
}

// move declares a question answered by a move of the state (Q4, Q5).
func move(id, title string, points int, ref func(*iterative.State), cases []StateCase, hint func(in StateCase, got, want iterative.State) string) *grading.Exercise[func(*iterative.State), StateCase, iterative.State] {
	return grading.Define(&grading.Exercise[func(*iterative.State), StateCase, iterative.State]{
		Question: grading.Question{ID: id, Title: title, Points: points},
		Ref:      ref,
		Cases:    cases,
		Call:     moveCall,
		Input:    StateCase.String,
		Format:   formatState,
		Judge:    judgeMove(hint),
		Board:    movedBoard,
	})
}

// test declares a question answered by a test on the state (Q6, Q8–Q10).
func test(id, title string, points int, ref func(*iterative.State, int) bool, cases []StateCase, why func(in StateCase, want bool) string) *grading.Exercise[func(*iterative.State, int) bool, StateCase, bool] {
	return grading.Define(&grading.Exercise[func(*iterative.State, int) bool, StateCase, bool]{
		Question: grading.Question{ID: id, Title: title, Points: points},
		Ref:      ref,
		Cases:    cases,
		Call:     func(f func(*iterative.State, int) bool, in StateCase) bool { return f(clone(in.S), in.S.N) },
		Input:    StateCase.String,
		Format:   formatBool,
		Judge:    judgeBool(why),
		Board:    func(in StateCase, _, _ bool) *board.Board { return stateBoard(in.S, "état testé") },
	})
}

// Q1 asks for New, the initial state (sujet: init).
var Q1 = grading.Define(&grading.Exercise[func(int) (*iterative.State, error), grading.Sized, NewOut]{
	Question: grading.Question{ID: "02/Q1", Title: "Initialiser la recherche", Points: 1},
	Ref:      iterative.New,
	Cases:    []grading.Sized{{N: 4}, {N: 1}, {N: 8}, {N: 0}, {N: -1}},
	Call: func(f func(int) (*iterative.State, error), in grading.Sized) NewOut {
		s, err := f(in.N)
		if s == nil {
			return NewOut{Nil: true, Err: grading.ErrOf(err)}
		}
		return NewOut{S: *s, Err: grading.ErrOf(err)}
	},
	Input: grading.Sized.String,
	Format: func(o NewOut) string {
		switch {
		case o.Err != nil:
			return grading.ErrText(o.Err)
		case o.Nil:
			return "nil"
		}
		return formatState(o.S)
	},
	Judge: judgeNew,
	Board: func(_ grading.Sized, got, _ NewOut) *board.Board { return stateBoard(got.S, "état obtenu") },
})

// Q2 asks for Attacks: does a queen on (l, c) attack the current square
// (sujet: est_prise)?
var Q2 = grading.Define(&grading.Exercise[func(*iterative.State, int, int) bool, StateCase, bool]{
	Question: grading.Question{ID: "02/Q2", Title: "Une reine attaque-t-elle la case courante ?", Points: 2},
	Ref:      iterative.Attacks,
	Cases: []StateCase{
		{Label: "même colonne", S: NewState(5, 3, 2), Row: 1, Col: 2},
		{Label: "même ligne", S: NewState(5, 3, 2), Row: 3, Col: 5},
		{Label: "diagonale descendante, une ligne au-dessus", S: NewState(5, 3, 2), Row: 2, Col: 1},
		{Label: "diagonale montante, deux lignes au-dessus", S: NewState(5, 3, 2), Row: 1, Col: 4},
		{Label: "diagonale descendante, deux lignes au-dessous", S: NewState(5, 3, 2), Row: 5, Col: 4},
		{Label: "diagonale descendante, trois lignes au-dessus", S: NewState(8, 4, 4), Row: 1, Col: 1},
		{Label: "diagonale montante, trois lignes au-dessous", S: NewState(8, 4, 4), Row: 7, Col: 1},
		{Label: "saut de cavalier", S: NewState(5, 3, 2), Row: 1, Col: 3},
		{Label: "saut de cavalier", S: NewState(5, 3, 2), Row: 2, Col: 4},
		{Label: "ni ligne, ni colonne, ni diagonale", S: NewState(5, 3, 2), Row: 5, Col: 1},
		{Label: "ni ligne, ni colonne, ni diagonale", S: NewState(8, 4, 4), Row: 1, Col: 2},
		{Label: "ni ligne, ni colonne, ni diagonale", S: NewState(8, 4, 4), Row: 8, Col: 1},
	},
	Call: func(f func(*iterative.State, int, int) bool, in StateCase) bool {
		return f(clone(in.S), in.Row, in.Col)
	},
	Input: func(in StateCase) string {
		s := fmt.Sprintf("reine en (l, c) = (%d, %d), case courante (i, j) = (%d, %d)", in.Row, in.Col, in.S.I, in.S.J)
		if in.Label != "" {
			s = in.Label + " : " + s
		}
		return s
	},
	Format: formatAttacks,
	Judge: func(in StateCase, got, want bool) (bool, string) {
		if got == want {
			return true, ""
		}
		l, c, i, j := in.Row, in.Col, in.S.I, in.S.J
		switch {
		case !want:
			return false, "ces deux cases ne sont ni sur une même ligne, ni sur une même colonne, ni sur une même diagonale"
		case l == i:
			return false, "même ligne : l = i"
		case c == j:
			return false, "même colonne : c = j"
		case l-c == i-j:
			return false, fmt.Sprintf("même diagonale descendante : l − c = i − j = %d (et |l − i| = |c − j| = %d)", i-j, abs(l-i))
		}
		return false, fmt.Sprintf("même diagonale montante : l + c = i + j = %d (et |l − i| = |c − j| = %d)", i+j, abs(l-i))
	},
	Board: func(in StateCase, _, _ bool) *board.Board {
		if in.S.N < 1 {
			return nil
		}
		return &board.Board{N: in.S.N, Queens: []queens.Square{{Row: in.Row - 1, Col: in.Col - 1}},
			Highlight: []queens.Square{{Row: in.S.I - 1, Col: in.S.J - 1}},
			Title:     "case courante encadrée"}
	},
})

// Q3 asks for IsSafe: is the current square free (sujet: est_OK)?
var Q3 = grading.Define(&grading.Exercise[func(*iterative.State) bool, StateCase, bool]{
	Question: grading.Question{ID: "02/Q3", Title: "La case courante est-elle libre ?", Points: 2},
	Ref:      iterative.IsSafe,
	Cases: []StateCase{
		{Label: "ligne 1, rien au-dessus", S: NewState(4, 1, 3)},
		{Label: "une seule case libre dans la ligne 3", S: NewState(4, 3, 1, 2, 4)},
		{Label: "même colonne que la reine de la ligne 1", S: NewState(4, 3, 2, 2, 4)},
		{Label: "diagonale montante de la reine de la ligne 2", S: NewState(4, 3, 3, 2, 4)},
		{Label: "diagonale descendante de la reine de la ligne 1", S: NewState(4, 2, 2, 1)},
		{Label: "libre", S: NewState(4, 2, 3, 1)},
		{Label: "case (2, 2) libre", S: NewState(4, 2, 2, 4)},
		{Label: "colonne de la ligne 1, deux lignes au-dessus", S: NewState(5, 3, 1, 1, 3)},
		{Label: "diagonale descendante de la ligne 1, deux lignes au-dessus", S: NewState(5, 3, 3, 1, 5)},
		{Label: "dernière reine de « 2 4 1 3 »", S: NewState(4, 4, 3, 2, 4, 1)},
		{Label: "diagonale descendante de la ligne 1, quatre lignes au-dessus", S: NewState(8, 5, 5, 1, 5, 8, 6)},
		{Label: "libre, n = 8", S: NewState(8, 5, 3, 1, 5, 8, 6)},
	},
	Call:  func(f func(*iterative.State) bool, in StateCase) bool { return f(clone(in.S)) },
	Input: StateCase.String,
	Format: func(b bool) string {
		if b {
			return "libre (true)"
		}
		return "attaquée (false)"
	},
	Judge: func(in StateCase, got, want bool) (bool, string) {
		if got == want {
			return true, ""
		}
		if want {
			rows := fmt.Sprintf("aucune reine des lignes 1 à %d n'attaque (%d, %d) ; seules ces lignes comptent", in.S.I-1, in.S.I, in.S.J)
			switch {
			case in.S.I == 2:
				rows = fmt.Sprintf("aucune reine de la ligne 1 n'attaque (2, %d) ; seule cette ligne compte", in.S.J)
			case in.S.I < 2:
				rows = fmt.Sprintf("aucune reine n'est posée avant la ligne %d", in.S.I)
			}
			return false, rows + " (C[k] = 0 pour k ≥ i, et C[0] n'est pas une reine)"
		}
		cur := queens.Square{Row: in.S.I, Col: in.S.J}
		for l := 1; l < in.S.I && l < len(in.S.C); l++ {
			if grading.Attack(queens.Square{Row: l, Col: in.S.C[l]}, cur) {
				note := fmt.Sprintf("la reine de la ligne %d, en (%d, %d), attaque (%d, %d)", l, l, in.S.C[l], in.S.I, in.S.J)
				if l < in.S.I-1 {
					note += " : toutes les lignes au-dessus comptent, pas seulement la précédente"
				}
				return false, note
			}
		}
		return false, ""
	},
	Board: func(in StateCase, _, _ bool) *board.Board { return stateBoard(in.S, "état testé") },
})

// Q4 asks for NextSquare, one square right (sujet: case_suivante).
var Q4 = move("02/Q4", "Passer à la case suivante", 1, iterative.NextSquare, []StateCase{
	{Label: "début", S: NewState(4, 1, 1)},
	{Label: "ligne 3", S: NewState(4, 3, 1, 2, 4)},
	{Label: "avant-dernière case", S: NewState(5, 2, 4, 1)},
}, nil)

// Q5 asks for NextRow: place the queen, go to the next row (sujet:
// ligne_suivante).
var Q5 = move("02/Q5", "Poser la reine et passer à la ligne suivante", 2, iterative.NextRow, []StateCase{
	{Label: "première reine", S: NewState(4, 1, 1)},
	{Label: "reine en (2, 3)", S: NewState(4, 2, 3, 1)},
	{Label: "reine en (3, 2)", S: NewState(5, 3, 2, 4, 1)},
	{Label: "dernière ligne", S: NewState(4, 4, 3, 2, 4, 1)},
	{Label: "n = 1", S: NewState(1, 1, 1)},
}, func(in StateCase, got, want iterative.State) string {
	if i := in.S.I; i < len(got.C) && got.C[i] != in.S.J && got.I == want.I {
		return fmt.Sprintf("la colonne de la reine n'est pas enregistrée : C[%d] = %d avant de passer à la ligne suivante", i, in.S.J)
	}
	if got.I == want.I && got.J != 1 {
		return "la nouvelle ligne s'explore depuis sa première case : j = 1"
	}
	return ""
})

// Q6 asks for HasAlternative: is there a square right of the current one
// (sujet: existe_alternative)?
var Q6 = test("02/Q6", "Reste-t-il une case dans la ligne ?", 1, iterative.HasAlternative, []StateCase{
	{Label: "première case", S: NewState(4, 1, 1)},
	{Label: "avant-dernière case", S: NewState(4, 3, 3, 2, 4)},
	{Label: "dernière case", S: NewState(4, 3, 4, 2, 4)},
	{Label: "n = 1", S: NewState(1, 1, 1)},
	{Label: "n = 2", S: NewState(2, 2, 1, 2)},
}, func(in StateCase, want bool) string {
	return fmt.Sprintf("la ligne a encore une case à droite de (%d, %d) exactement quand j < n (ici j = %d, n = %d)", in.S.I, in.S.J, in.S.J, in.S.N)
})

// Q7 asks for Backtrack (sujet: retour_arriere).
var Q7 = grading.Define(&grading.Exercise[func(*iterative.State, int), StateCase, iterative.State]{
	Question: grading.Question{ID: "02/Q7", Title: "Revenir en arrière", Points: 3},
	Ref:      iterative.Backtrack,
	Cases: []StateCase{
		{Label: "impasse en ligne 3", S: NewState(4, 3, 4, 1, 3)},
		{Label: "impasse, la ligne 2 est épuisée", S: NewState(4, 3, 4, 1, 4)},
		{Label: "impasse, les lignes 3 et 2 sont épuisées", S: NewState(4, 4, 4, 2, 4, 4)},
		{Label: "après la solution 2 4 1 3", S: NewState(4, 5, 1, 2, 4, 1, 3)},
		{Label: "après la solution 2 4 1 3 5, dont la reine de la ligne 5 est en colonne n", S: NewState(5, 6, 1, 2, 4, 1, 3, 5)},
		{Label: "la ligne 1 est épuisée : fin", S: NewState(4, 2, 4, 4)},
		{Label: "impasse en ligne 1 : fin", S: NewState(4, 1, 4)},
		{Label: "n = 1, après la solution : fin", S: NewState(1, 2, 1, 1)},
	},
	Call: func(f func(*iterative.State, int), in StateCase) iterative.State {
		return moveCall(func(s *iterative.State) { f(s, s.N) }, in)
	},
	Input:  StateCase.String,
	Format: formatState,
	Judge: judgeMove(func(in StateCase, got, want iterative.State) string {
		n := in.S.N
		switch {
		case want.I == 0 && got.I != 0:
			return "la ligne 1 est épuisée : la recherche est finie, l'état doit devenir (0, 0)"
		case want.I == 0 && got.J != 0:
			return "à la fin de la recherche, l'état est (0, 0)"
		case got.J > n:
			return fmt.Sprintf("(%d, %d) est hors du plateau : la reine de la ligne %d était déjà en dernière colonne, il faut remonter encore (parfois de plusieurs lignes)", got.I, got.J, got.I)
		case got.I == want.I && got.J == want.J:
			for k := max(got.I, 0); k < len(got.C); k++ {
				if got.C[k] != 0 {
					return fmt.Sprintf("les reines quittées doivent être retirées : C[%d] = 0 (C[k] = 0 pour k ≥ i)", k)
				}
			}
		}
		return ""
	}),
	Board: movedBoard,
})

// Q8 asks for AtStart: is the search over (sujet: est_au_debut)?
var Q8 = grading.Define(&grading.Exercise[func(*iterative.State) bool, StateCase, bool]{
	Question: grading.Question{ID: "02/Q8", Title: "La recherche est-elle revenue au début ?", Points: 1},
	Ref:      iterative.AtStart,
	Cases: []StateCase{
		{Label: "fin de la recherche", S: NewState(4, 0, 0)},
		{Label: "état initial", S: NewState(4, 1, 1)},
		{Label: "dernière case de la ligne 1", S: NewState(4, 1, 4)},
		{Label: "après une solution", S: NewState(4, 5, 1, 3, 1, 4, 2)},
		{Label: "ligne 2, reine de la ligne 1 en colonne n", S: NewState(4, 2, 1, 4)},
		{Label: "n = 1, fin", S: NewState(1, 0, 0)},
	},
	Call:   func(f func(*iterative.State) bool, in StateCase) bool { return f(clone(in.S)) },
	Input:  StateCase.String,
	Format: formatBool,
	Judge: judgeBool(func(in StateCase, want bool) string {
		if want {
			return "i = 0 : le retour en arrière a quitté la ligne 1, toutes ses cases ont été essayées"
		}
		return fmt.Sprintf("la recherche n'est finie que lorsque i = 0 ; en (%d, %d) il reste des cases à essayer", in.S.I, in.S.J)
	}),
	Board: func(in StateCase, _, _ bool) *board.Board { return stateBoard(in.S, "état testé") },
})

// Q9 asks for CanContinue: is the current square one to try (sujet:
// solution_possible)?
var Q9 = test("02/Q9", "Reste-t-il des lignes à remplir ?", 1, iterative.CanContinue, []StateCase{
	{Label: "état initial", S: NewState(4, 1, 1)},
	{Label: "dernière ligne", S: NewState(4, 4, 4, 2, 4, 1)},
	{Label: "toutes les lignes remplies", S: NewState(4, 5, 1, 2, 4, 1, 3)},
	{Label: "fin de la recherche", S: NewState(4, 0, 0)},
	{Label: "n = 1, état initial", S: NewState(1, 1, 1)},
	{Label: "n = 1, solution", S: NewState(1, 2, 1, 1)},
}, func(in StateCase, want bool) string {
	return fmt.Sprintf("(i, j) est une case à essayer exactement quand 1 ≤ i ≤ n (ici i = %d, n = %d)", in.S.I, in.S.N)
})

// Q10 asks for IsSolution: are all rows full (sujet: est_solution)?
var Q10 = test("02/Q10", "Toutes les lignes sont-elles remplies ?", 1, iterative.IsSolution, []StateCase{
	{Label: "toutes les lignes remplies", S: NewState(4, 5, 1, 2, 4, 1, 3)},
	{Label: "dernière ligne à remplir", S: NewState(4, 4, 3, 2, 4, 1)},
	{Label: "état initial", S: NewState(4, 1, 1)},
	{Label: "fin de la recherche", S: NewState(4, 0, 0)},
	{Label: "n = 1, solution", S: NewState(1, 2, 1, 1)},
	{Label: "n = 1, état initial", S: NewState(1, 1, 1)},
}, func(in StateCase, want bool) string {
	return fmt.Sprintf("les n lignes portent une reine exactement quand i = n + 1 (ici i = %d, n = %d)", in.S.I, in.S.N)
})

// Q11 asks for AddSolution (sujet: ajoute_solution).
var Q11 = grading.Define(&grading.Exercise[func(*iterative.State, int), StateCase, iterative.State]{
	Question: grading.Question{ID: "02/Q11", Title: "Enregistrer une solution", Points: 2},
	Ref:      iterative.AddSolution,
	Cases: []StateCase{
		{Label: "première solution", S: NewState(4, 5, 1, 2, 4, 1, 3)},
		{Label: "deuxième solution", S: withSolutions(NewState(4, 5, 1, 3, 1, 4, 2), queens.Placement{1, 3, 0, 2})},
		{Label: "n = 1", S: NewState(1, 2, 1, 1)},
		{Label: "n = 8", S: NewState(8, 9, 1, 1, 5, 8, 6, 3, 7, 2, 4)},
	},
	Call: func(f func(*iterative.State, int), in StateCase) iterative.State {
		s := clone(in.S)
		f(s, s.N)
		// Scribble on C after the call: a solution that shares C's memory
		// shows the scribbles.
		c := slices.Clone(s.C)
		for k := range s.C {
			s.C[k] = aliasMark
		}
		out := *s
		out.C = c
		return out
	},
	Want: func(in StateCase) iterative.State {
		s := clone(in.S)
		iterative.AddSolution(s, s.N)
		return *s
	},
	Input:  StateCase.String,
	Format: formatState,
	Judge: judgeMove(func(in StateCase, got, want iterative.State) string {
		if len(got.Solutions) != len(want.Solutions) {
			return fmt.Sprintf("il faut ajouter une solution à la liste : %s après l'appel", grading.Plurals(len(want.Solutions), "solution attendue", "solutions attendues"))
		}
		last, wantLast := got.Solutions[len(got.Solutions)-1], want.Solutions[len(want.Solutions)-1]
		switch {
		case slices.ContainsFunc(last, func(c int) bool { return c == aliasMark || c == aliasMark-1 }):
			return "la solution enregistrée partage la mémoire de C, qui va encore changer : enregistrez-en une copie"
		case len(last) == len(wantLast)+1:
			return "C[0] n'est pas une colonne : la solution est C[1..n]"
		case len(last) == len(wantLast) && slices.Equal(last, plusOne(wantLast)):
			return "un queens.Placement compte les colonnes à partir de 0 : p[k−1] = C[k] − 1"
		}
		return ""
	}),
	Board: func(_ StateCase, got, _ iterative.State) *board.Board {
		if len(got.Solutions) == 0 {
			return nil
		}
		b := grading.PlacementBoard(got.Solutions[len(got.Solutions)-1])
		if b != nil {
			b.Title = "dernière solution enregistrée"
		}
		return b
	},
})

// Q12 asks for Solve, the search loop (sujet: reines).
var Q12 = grading.Define(&grading.Exercise[func(int) ([]queens.Placement, error), grading.Sized, grading.SolutionsOut]{
	Question: grading.Question{ID: "02/Q12", Title: "La boucle de recherche", Points: 3},
	Ref:      iterative.Solve,
	Cases:    []grading.Sized{{N: 1}, {N: 2}, {N: 3}, {N: 4}, {N: 5}, {N: 6}, {N: 8}, {N: 0}, {N: -1}},
	Call: func(f func(int) ([]queens.Placement, error), in grading.Sized) grading.SolutionsOut {
		p, err := f(in.N)
		return grading.SolutionsOut{Placements: p, Err: grading.ErrOf(err)}
	},
	Input:  grading.Sized.String,
	Format: grading.FormatSolutions,
	Judge: func(in grading.Sized, got, want grading.SolutionsOut) (bool, string) {
		ok, note := grading.JudgeSolutions(got, want)
		if !ok && in.N >= 5 && len(got.Placements) < len(want.Placements) && got.Err == nil {
			note += " ; la boucle s'arrête-t-elle trop tôt ? Elle doit tourner jusqu'à ce que i = 0 (la reine de la ligne 1 essaie aussi la colonne n)"
		}
		return ok, note
	},
	Board: func(_ grading.Sized, got, _ grading.SolutionsOut) *board.Board { return grading.SolutionsBoard(got) },
})

// Q13 is the written answer on the solutions for n = 4, 6 and 8.
var Q13 = grading.Prose("02/Q13", "Les solutions pour *n* = 4, 6 et 8 (réponse rédigée)", 1)

// Q14 asks for Grid, an empty board (sujet: grille).
var Q14 = grading.Define(&grading.Exercise[func(int) board.Board, grading.Sized, board.Board]{
	Question: grading.Question{ID: "02/Q14", Title: "Une grille vide", Points: 1, Optional: true},
	Ref:      drawing.Grid,
	Cases:    []grading.Sized{{N: 1}, {N: 4}, {N: 8}},
	Call:     func(f func(int) board.Board, in grading.Sized) board.Board { return f(in.N) },
	Input:    grading.Sized.String,
	Format:   formatBoard,
	Judge:    judgeBoard,
	Board:    func(_ grading.Sized, got, _ board.Board) *board.Board { return drawnBoard(got) },
})

// Q15 asks for DrawQueen, one more queen on a board (sujet: dessin_reine).
var Q15 = grading.Define(&grading.Exercise[func(board.Board, int, int) board.Board, DrawCase, DrawOut]{
	Question: grading.Question{ID: "02/Q15", Title: "Dessiner une reine", Points: 1, Optional: true},
	Ref:      drawing.DrawQueen,
	Cases: []DrawCase{
		{board.Board{N: 4}, 1, 2},
		{board.Board{N: 5}, 2, 5},
		{board.Board{N: 4, Queens: []queens.Square{{Row: 0, Col: 1}}}, 2, 4},
		{board.Board{N: 8, Queens: []queens.Square{{Row: 0, Col: 0}, {Row: 1, Col: 4}}}, 8, 1},
	},
	Call: func(f func(board.Board, int, int) board.Board, in DrawCase) DrawOut {
		// The board handed in has room to spare after its queens, as boards
		// built with append often have: a DrawQueen that appends without
		// copying writes there, and a second drawing from the same board
		// overwrites the first one's queen.
		b := in.B
		b.Queens = append(make([]queens.Square, 0, len(in.B.Queens)+4), in.B.Queens...)
		got := f(b, in.Row, in.Col)
		first := slices.Clone(got.Queens)
		other := 1
		if in.Row == 1 {
			other = 2
		}
		_ = f(b, other, in.Col)
		shared := !slices.Equal(got.Queens, first)
		got.Queens = first
		return DrawOut{B: got, Shared: shared}
	},
	Input: func(in DrawCase) string {
		return fmt.Sprintf("plateau %d×%d, %s ; reine en ligne %d, colonne %d", in.B.N, in.B.N, formatQueens(in.B.Queens), in.Row, in.Col)
	},
	Format: func(o DrawOut) string { return formatBoard(o.B) },
	Judge: func(in DrawCase, got, want DrawOut) (bool, string) {
		ok, note := judgeBoard(grading.Sized{}, got.B, want.B)
		switch {
		case ok && got.Shared:
			return false, "le plateau renvoyé partage la liste de reines de b : une deuxième reine dessinée sur le même b a remplacé celle-ci. Ajoutez la reine à une copie (slices.Clone(b.Queens))"
		case !ok && slices.Contains(got.B.Queens, queens.Square{Row: in.Row, Col: in.Col}):
			note = "lignes et colonnes du sujet comptent à partir de 1, celles d'un board.Board à partir de 0 : case (ligne − 1, colonne − 1)"
		case !ok && slices.Contains(got.B.Queens, queens.Square{Row: in.Col - 1, Col: in.Row - 1}):
			note = "ligne et colonne inversées"
		}
		return ok, note
	},
	Board: func(_ DrawCase, got, _ DrawOut) *board.Board { return drawnBoard(got.B) },
})

// SolutionsCases returns the Q16 and Q17 cases of boards ns, drawing the
// k-th solution of each (k from ks, 0 for Q17).
func SolutionsCases(ns, ks []int) []SolutionsCase {
	var cs []SolutionsCase
	for i, n := range ns {
		sols, _ := queens.Solutions(n)
		cs = append(cs, SolutionsCase{N: n, Sols: sols, K: ks[i]})
	}
	return cs
}

// Q16 asks for ShowSolution, the board of the k-th solution (sujet:
// affiche_solutions).
var Q16 = grading.Define(&grading.Exercise[func([]queens.Placement, int) board.Board, SolutionsCase, board.Board]{
	Question: grading.Question{ID: "02/Q16", Title: "Dessiner la *k*-ième solution", Points: 1, Optional: true},
	Ref:      drawing.ShowSolution,
	Computed: func() []SolutionsCase { return SolutionsCases([]int{4, 4, 6, 8, 5}, []int{1, 2, 3, 1, 10}) },
	Call: func(f func([]queens.Placement, int) board.Board, in SolutionsCase) board.Board {
		return f(clonePlacements(in.Sols), in.K)
	},
	Input: func(in SolutionsCase) string {
		return fmt.Sprintf("solution n° %d sur %d pour n = %d (%s)", in.K, len(in.Sols), in.N, in.Sols[in.K-1])
	},
	Format: formatBoard,
	Judge: func(in SolutionsCase, got, want board.Board) (bool, string) {
		ok, note := judgeBoard(grading.Sized{}, got, want)
		if !ok && in.K < len(in.Sols) && sameQueens(got, grading.BoardOf(in.Sols[in.K])) {
			note = "c'est la solution suivante : k compte à partir de 1, la k-ième solution est sols[k−1]"
		}
		return ok, note
	},
	Board: func(_ SolutionsCase, got, _ board.Board) *board.Board { return drawnBoard(got) },
})

// Q17 asks for ShowAll, the boards of every solution.
var Q17 = grading.Define(&grading.Exercise[func([]queens.Placement) []board.Board, SolutionsCase, []board.Board]{
	Question: grading.Question{ID: "02/Q17", Title: "Toutes les solutions côte à côte", Points: 1, Optional: true},
	Ref:      drawing.ShowAll,
	Computed: func() []SolutionsCase { return SolutionsCases([]int{4, 6, 1, 3}, []int{0, 0, 0, 0}) },
	Call: func(f func([]queens.Placement) []board.Board, in SolutionsCase) []board.Board {
		return f(clonePlacements(in.Sols))
	},
	Input: func(in SolutionsCase) string {
		return fmt.Sprintf("les %s pour n = %d", grading.Plural(len(in.Sols), "solution"), in.N)
	},
	Format: func(bs []board.Board) string {
		parts := make([]string, len(bs))
		for i, b := range bs {
			parts[i] = formatBoard(b)
		}
		return fmt.Sprintf("%s\n%s", grading.Plurals(len(bs), "plateau", "plateaux"), strings.Join(parts, "\n"))
	},
	Judge: func(in SolutionsCase, got, want []board.Board) (bool, string) {
		if len(got) != len(want) {
			return false, fmt.Sprintf("un plateau par solution : %s", grading.Plurals(len(want), "attendu", "attendus"))
		}
		for i := range want {
			if ok, note := judgeBoard(grading.Sized{}, got[i], want[i]); !ok {
				return false, fmt.Sprintf("plateau n° %d : %s", i+1, note)
			}
		}
		return true, ""
	},
	Board: func(in SolutionsCase, got, _ []board.Board) *board.Board {
		for i := range min(len(got), len(in.Sols)) {
			if !sameQueens(got[i], grading.BoardOf(in.Sols[i])) {
				return drawnBoard(got[i])
			}
		}
		return nil
	},
})
