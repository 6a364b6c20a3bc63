package nb03

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/prepa-reines/reines/grading"
	"github.com/prepa-reines/reines/tp/board"
	"github.com/prepa-reines/reines/tp/cp"
	"github.com/prepa-reines/reines/tp/queens"
)

// rowShape checks the variables of model 1: n of them, of the model, with
// domain {1, …, n}.
func rowShape(m *cp.Model, x []*cp.IntVar, n int) string {
	if len(x) != n {
		return fmt.Sprintf("%s au lieu de n = %d (une par ligne)", grading.Plurals(len(x), "variable renvoyée", "variables renvoyées"), n)
	}
	for i, v := range x {
		if s := varShape(m, v, fmt.Sprintf("x[%d]", i), 1, n); s != "" {
			return s
		}
	}
	return ""
}

// varShape checks that v is a variable of m with domain {lo, …, hi}.
func varShape(m *cp.Model, v *cp.IntVar, name string, lo, hi int) string {
	switch {
	case v == nil:
		return name + " vaut nil"
	case !slices.Contains(m.Vars(), v):
		return fmt.Sprintf("%s (%s) n'est pas une variable du modèle renvoyé", name, v.Name())
	case v.Size() == 0 || v.Min() != lo || v.Max() != hi || v.Size() != hi-lo+1:
		return fmt.Sprintf("%s a le domaine %s au lieu de {%d, …, %d}", name, strings.TrimPrefix(v.String(), v.Name()+" "), lo, hi)
	}
	return ""
}

// gridModelOut reduces model 2 (b[i][j] ∈ {0, 1}, 1 for a queen on row i,
// column j) to a [ModelOut].
func gridModelOut(m *cp.Model, b [][]*cp.IntVar, n int) ModelOut {
	if m == nil {
		return ModelOut{Shape: "le modèle renvoyé vaut nil"}
	}
	out := ModelOut{Vars: m.NumVars(), Constraints: m.NumConstraints(), Err: grading.ErrOf(m.Err())}
	if out.Err != nil {
		return out
	}
	if len(b) != n {
		out.Shape = fmt.Sprintf("%s de variables au lieu de n = %d", grading.Plural(len(b), "ligne"), n)
		return out
	}
	for i, row := range b {
		if len(row) != n {
			out.Shape = fmt.Sprintf("la ligne %d a %s au lieu de n = %d", i+1, grading.Plural(len(row), "variable"), n)
			return out
		}
		for j, v := range row {
			if s := varShape(m, v, fmt.Sprintf("b[%d][%d]", i, j), 0, 1); s != "" {
				out.Shape = s
				return out
			}
		}
	}
	enumerate(m, &out, n, func() []queens.Square {
		var sq []queens.Square
		for i, row := range b {
			for j, v := range row {
				if v.Value() == 1 {
					sq = append(sq, queens.Square{Row: i, Col: j})
				}
			}
		}
		return sq
	})
	return out
}

// enumerate searches the solutions of m with first-fail and increasing
// values, reading each with read, until the end, a solution that is not a
// valid placement of n queens or one seen twice, or the search budget.
func enumerate(m *cp.Model, out *ModelOut, n int, read func() []queens.Square) {
	ctx, cancel := context.WithTimeout(context.Background(), searchBudget)
	defer cancel()
	s := m.Solver(cp.FirstFail, cp.Increasing)
	seen := map[string]bool{}
	for range s.Solutions(ctx) {
		sq := read()
		p, ok := asPlacement(sq, n)
		if !ok || len(sq) != n || grading.FindConflict(p) != nil {
			out.Invalid, out.Bad = true, sq
			break
		}
		if seen[p.String()] {
			out.Dup = p
			break
		}
		seen[p.String()] = true
		out.Count++
		if out.First == nil {
			out.First = p
		}
	}
	if err := s.Err(); errors.Is(err, context.DeadlineExceeded) {
		out.Stopped = true
	} else if err != nil {
		out.Err = grading.ErrOf(err)
	}
}

// asPlacement returns the placement of squares with one queen per row
// 0..n-1, in row order, and false if some row has none or several.
func asPlacement(sq []queens.Square, n int) (queens.Placement, bool) {
	p := make(queens.Placement, n)
	seen := make([]bool, n)
	for _, s := range sq {
		if s.Row < 0 || s.Row >= n || seen[s.Row] {
			return nil, false
		}
		seen[s.Row] = true
		p[s.Row] = s.Col
	}
	return p, true
}

// squaresNote says in French why the queens sq of an n×n board are not a
// solution.
func squaresNote(n int, sq []queens.Square) string {
	perRow := make([]int, n)
	for _, s := range sq {
		if s.Row >= 0 && s.Row < n {
			perRow[s.Row]++
		}
	}
	for r, k := range perRow {
		switch {
		case k == 0:
			return fmt.Sprintf("la ligne %d n'a pas de reine", r+1)
		case k > 1:
			return fmt.Sprintf("la ligne %d a %d reines", r+1, k)
		}
	}
	p, _ := asPlacement(sq, n)
	return grading.ConflictNote(grading.FindConflict(p))
}

func formatModel(o ModelOut) string {
	switch {
	case o.Err != nil:
		return grading.ErrText(o.Err)
	case o.Shape != "":
		return o.Shape
	case o.Stopped:
		return fmt.Sprintf("recherche arrêtée après %s", grading.Seconds(searchBudget))
	}
	s := grading.Plural(o.Vars, "variable") + ", " + grading.Plural(o.Constraints, "contrainte") + ", "
	switch {
	case o.Invalid:
		return s + "une solution invalide : " + squaresText(o.Bad)
	case o.Dup != nil:
		return s + "la solution " + o.Dup.String() + " deux fois"
	}
	s += grading.Plural(o.Count, "solution")
	if o.First != nil {
		s += ", dont " + shortPlacement(o.First)
	}
	return s
}

// squaresText lists queens as (row, column), 1-based.
func squaresText(sq []queens.Square) string {
	if len(sq) == 0 {
		return "aucune reine"
	}
	var parts []string
	for _, s := range sq {
		parts = append(parts, grading.Sq(s))
	}
	return "reines en " + strings.Join(parts, " ")
}

// shortPlacement prints a placement, cut after 20 queens.
func shortPlacement(p queens.Placement) string {
	if len(p) > 20 {
		return queens.Placement(p[:20]).String() + fmt.Sprintf(" … (%d reines)", grading.Int(len(p)))
	}
	if len(p) == 0 {
		return "le plateau vide"
	}
	return p.String()
}

// judgeModel compares the student's model with the reference, saying first
// what is most useful: an error, the shape of the variables, an invalid
// solution (a missing or wrong constraint), a repeated one, missing ones,
// then the size the question asks for (constraints explains it).
func judgeModel(constraints, missing string) func(grading.Sized, ModelOut, ModelOut) (bool, string) {
	return func(in grading.Sized, got, want ModelOut) (bool, string) {
		if ok, note := grading.SameError(got.Err, want.Err); !ok || want.Err != nil {
			return ok, note
		}
		if got.Shape != "" {
			return false, got.Shape
		}
		if got.Stopped {
			return false, fmt.Sprintf("la recherche de toutes les solutions du modèle n'a pas fini en %s : trop peu de contraintes ?", grading.Seconds(searchBudget))
		}
		if got.Invalid {
			return false, "le modèle accepte une solution qui n'est pas un placement valide (" + squaresNote(in.N, got.Bad) +
				") : une contrainte manque ou est fausse"
		}
		if got.Dup != nil {
			return false, "la même position est trouvée deux fois : le modèle a des variables en trop"
		}
		if got.Count != want.Count {
			return false, fmt.Sprintf("%s au lieu de %d : il en manque, une contrainte interdit des placements valides (%s ?)", grading.Plural(got.Count, "solution"), grading.Int(want.Count), missing)
		}
		if got.Vars != want.Vars {
			return false, fmt.Sprintf("les bonnes solutions, mais %s au lieu de %d", grading.Plural(got.Vars, "variable"), grading.Int(want.Vars))
		}
		if got.Constraints != want.Constraints {
			return false, fmt.Sprintf("les bonnes solutions, mais %s au lieu de %d : la question demande %s", grading.Plural(got.Constraints, "contrainte"), grading.Int(want.Constraints), constraints)
		}
		return true, ""
	}
}

// boardOfModel draws the invalid solution the model accepted.
func boardOfModel(in grading.Sized, got, _ ModelOut) *board.Board {
	if !got.Invalid || in.N <= 0 || in.N > 64 {
		return nil
	}
	b := board.Board{N: in.N, Queens: got.Bad}
	p, ok := asPlacement(got.Bad, in.N)
	if c := grading.FindConflict(p); ok && len(got.Bad) == in.N && c != nil {
		b.Highlight = []queens.Square{c.A}
		if c.Kind != queens.OutOfBoard {
			b.Highlight = append(b.Highlight, c.B)
		}
	}
	return &b
}

// fixedRows returns the variables of model 1 fixed to placement p: x[i] =
// p[i] + 1.
func fixedRows(p queens.Placement) []*cp.IntVar {
	m := cp.NewModel()
	x := make([]*cp.IntVar, len(p))
	for i, c := range p {
		x[i] = m.IntVar(fmt.Sprintf("Q%d", i+1), c+1, c+1)
	}
	return x
}

// fixedGrid returns the variables of model 2 fixed to placement p:
// b[i][j] = 1 iff p[i] = j.
func fixedGrid(p queens.Placement) [][]*cp.IntVar {
	m := cp.NewModel()
	b := make([][]*cp.IntVar, len(p))
	for i := range b {
		b[i] = make([]*cp.IntVar, len(p))
		for j := range b[i] {
			v := 0
			if p[i] == j {
				v = 1
			}
			b[i][j] = m.IntVar(fmt.Sprintf("B%d_%d", i+1, j+1), v, v)
		}
	}
	return b
}

func describeFixedRows(p queens.Placement) string {
	if len(p) == 0 {
		return "aucune variable (n = 0)"
	}
	var parts []string
	for i, c := range p {
		parts = append(parts, fmt.Sprintf("x[%d] = %d", i, c+1))
	}
	return strings.Join(parts, ", ")
}

func describeFixedGrid(p queens.Placement) string {
	if len(p) == 0 {
		return "aucune variable (n = 0)"
	}
	var parts []string
	for i, c := range p {
		parts = append(parts, fmt.Sprintf("b[%d][%d] = 1", i, c))
	}
	return fmt.Sprintf("grille %d × %d, %s, les autres à 0", len(p), len(p), strings.Join(parts, ", "))
}

// judgeReading compares placements read from fixed variables (nil and
// empty are the same).
func judgeReading(_ queens.Placement, got, want queens.Placement) (bool, string) {
	if slices.Equal(got, want) {
		return true, ""
	}
	switch {
	case len(got) == 2*len(want) && len(want) > 0 && slices.Equal(got[len(want):], want):
		return false, fmt.Sprintf("%s au lieu de n = %d, les n premières à 0 : append ajoute après les n cases qu'a déjà une tranche créée par make([]int, n) ; créez-la vide (make([]int, 0, n)) ou écrivez p[i] = …", grading.Plural(len(got), "case"), len(want))
	case len(got) > len(want):
		return false, fmt.Sprintf("%s au lieu de n = %d : une par ligne, pas plus", grading.Plural(len(got), "case"), len(want))
	case len(got) < len(want):
		return false, fmt.Sprintf("%s au lieu de n = %d : une par ligne", grading.Plural(len(got), "case"), len(want))
	}
	if len(got) == len(want) {
		off := true
		for i := range got {
			if got[i] != want[i]+1 {
				off = false
			}
		}
		if off {
			return false, "décalage de 1 : les valeurs des variables vont de 1 à n, les colonnes d'un placement de 0 à n − 1"
		}
	}
	return false, "p[i] doit être la colonne (à partir de 0) de la reine de la ligne i"
}
