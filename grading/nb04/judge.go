package nb04

import (
	"fmt"
	"slices"
	"strings"

	"github.com/prepa-reines/reines/grading"
	"github.com/prepa-reines/reines/tp/exactcover"
	"github.com/prepa-reines/reines/tp/queens"
)

// DominationCase is the case of the n×n board's domination.
func DominationCase(n int, what string) RepeatedCase {
	return RepeatedCase{Items: n * n, Options: DominationOptions(n), N: n, What: what}
}

// describeRepeated describes a case of Q15: the board for a domination,
// the items and options otherwise.
func describeRepeated(in RepeatedCase) string {
	if in.N > 0 {
		return withWhat(fmt.Sprintf("domination de l'échiquier %d × %d : DominationOptions(%d), %d éléments (les cases), %d options (les reines)",
			in.N, in.N, in.N, in.Items, len(in.Options)), in.What)
	}
	var os []string
	for k, o := range in.Options {
		os = append(os, fmt.Sprintf("%d : %v", k, o))
	}
	s := fmt.Sprintf("items = %d", in.Items)
	if len(os) > 0 {
		s += " ; options " + strings.Join(os, ", ")
	} else {
		s += " ; aucune option"
	}
	return withWhat(s, in.What)
}

// judgeRepeated accepts the reference's error, or a set of distinct
// options that covers every item and has as few options as the
// reference's.
func judgeRepeated(in RepeatedCase, got, want RepeatedOut) (bool, string) {
	if ok, note := grading.SameError(got.Err, want.Err); !ok || want.Err != nil {
		return ok, note
	}
	if got.Changed {
		return false, "MinCover a modifié ses options (la tranche options ou l'une de ses listes) : l'énoncé demande de les laisser intactes"
	}
	if note := repeatedCoverNote(in, got.Cover); note != "" {
		return false, note
	}
	switch {
	case len(got.Cover) > len(want.Cover):
		return false, fmt.Sprintf("couverture valide, mais de %s alors que %s : IDA* essaie k = ⌈items/m⌉, puis k + 1, etc., et s'arrête au premier k qui réussit ; "+
			"une couverture trop grande vient d'une recherche qui ne s'arrête pas là, ou d'un minorant trop fort qui coupe la bonne branche (m est le plus grand nombre d'éléments encore non couverts d'une même option)",
			grading.Plural(len(got.Cover), "option"), grading.Plurals(len(want.Cover), "suffit", "suffisent"))
	case len(got.Cover) < len(want.Cover):
		return false, fmt.Sprintf("%s, moins que le minimum %d : impossible, signalez-le à l'enseignant", grading.Plural(len(got.Cover), "option"), len(want.Cover))
	}
	return true, ""
}

// repeatedCoverNote says in French why cover is not a set of distinct
// options of in covering every item ("" if it is one).
func repeatedCoverNote(in RepeatedCase, cover []int) string {
	seen := map[int]bool{}
	for _, k := range cover {
		if k < 0 || k >= len(in.Options) {
			if len(in.Options) == 0 {
				return fmt.Sprintf("l'option %d n'existe pas : il n'y a aucune option", k)
			}
			return fmt.Sprintf("l'option %d n'existe pas (options 0 … %d)", k, len(in.Options)-1)
		}
		if seen[k] {
			return fmt.Sprintf("l'option %d est prise deux fois", k)
		}
		seen[k] = true
	}
	covered := make([]bool, in.Items)
	for _, k := range cover {
		for _, i := range in.Options[k] {
			covered[i] = true
		}
	}
	var missing []int
	for i, ok := range covered {
		if !ok {
			missing = append(missing, i)
		}
	}
	if len(missing) == 0 {
		return ""
	}
	if in.N > 0 {
		first := "la case " + grading.Sq(queens.Square{Row: missing[0] / in.N, Col: missing[0] % in.N})
		if len(missing) == 1 {
			return first + " n'est contrôlée par aucune des reines choisies"
		}
		return fmt.Sprintf("%s par aucune des reines choisies, dont %s", grading.Plurals(len(missing), "case n'est contrôlée", "cases ne sont contrôlées"), first)
	}
	if len(missing) == 1 {
		return fmt.Sprintf("l'élément %d n'est couvert par aucune des options choisies", missing[0])
	}
	return fmt.Sprintf("%s par aucune des options choisies, dont l'élément %d", grading.Plurals(len(missing), "élément n'est couvert", "éléments ne sont couverts"), missing[0])
}

// Built returns the cases with their problem built by the reference
// answers (see buildDLX).
func Built(cs []DLXCase) []DLXCase {
	for i := range cs {
		cs[i].P = buildDLX(cs[i])
	}
	return cs
}

// WithOptionHidden returns the cases with the option of their node x
// hidden by the reference HideOption, as UnhideOption finds it.
func WithOptionHidden(cs []DLXCase) []DLXCase {
	for i := range cs {
		exactcover.HideOption(cs[i].P, nodeOf(cs[i].P, cs[i]))
	}
	return cs
}

// coverOut reads the structure of a problem a student built.
func coverOut(p *exactcover.Problem, err error) CoverOut {
	if err != nil {
		return CoverOut{Err: grading.ErrOf(err)}
	}
	if p == nil {
		return CoverOut{Verify: "le problème renvoyé vaut nil"}
	}
	out := CoverOut{Verify: verifyText(p)}
	if out.Verify != "" {
		return out
	}
	prim, sec := p.Items()
	out.Items, out.Primary = append(prim, sec...), len(prim)
	for k := range p.NumOptions() {
		out.Options = append(out.Options, p.Option(k))
	}
	return out
}

func formatCover(o CoverOut) string {
	switch {
	case o.Err != nil:
		return grading.ErrText(o.Err)
	case o.Verify != "":
		return "structure incohérente"
	}
	s := fmt.Sprintf("%s, %s, %s", grading.Plurals(o.Primary, "élément primaire", "éléments primaires"),
		grading.Plurals(len(o.Items)-o.Primary, "élément secondaire", "éléments secondaires"), grading.Plural(len(o.Options), "option"))
	if len(o.Options) > 0 {
		s += fmt.Sprintf(" ; l'option 0 : « %s »", strings.Join(o.Options[0], " "))
	}
	return s
}

// squareOf is the square of option k of the n-queens formulation: n·r + c
// places the queen on (r, c).
func squareOf(n, k int) queens.Square { return queens.Square{Row: k / n, Col: k % n} }

// judgeFormulation compares the structure of a student's problem with the
// reference's, want, whatever the items' names and order: option k must be
// the same choice in both (what(k) names it, for messages), and each item
// of got must stand for a constraint of want, an item of want with the same
// set of options, primary for primary (covered exactly once), secondary for
// secondary (at most once), and every item of want needs its own. An item
// that no option names is allowed if it is secondary (it constrains
// nothing). Cost O(items · options).
func judgeFormulation(got, want CoverOut, what func(k int) string, describe func(opts []int) string) (bool, string) {
	if len(got.Options) != len(want.Options) {
		return false, fmt.Sprintf("%s au lieu de %d", grading.Plural(len(got.Options), "option"), len(want.Options))
	}
	type constraint struct {
		options []int
		primary bool
		item    string // the reference's name
	}
	optionSets := func(o CoverOut) map[string][]int {
		m := map[string][]int{}
		for k, opt := range o.Options {
			for _, item := range opt {
				m[item] = append(m[item], k)
			}
		}
		return m
	}
	key := func(opts []int) string { return fmt.Sprint(opts) }
	var cs []constraint
	byKey := map[string][]int{} // option set → the constraints that have it (several on small boards)
	wantSets := optionSets(want)
	for i, item := range want.Items {
		if opts := wantSets[item]; len(opts) > 0 {
			byKey[key(opts)] = append(byKey[key(opts)], len(cs))
			cs = append(cs, constraint{opts, i < want.Primary, item})
		}
	}
	name := func(c constraint) string {
		if d := describe(c.options); d != "" {
			return d
		}
		return fmt.Sprintf("la contrainte des options %s", shortList(c.options, what))
	}
	gotSets := optionSets(got)
	found := make([]bool, len(cs))
	for i, item := range got.Items {
		primary := i < got.Primary
		opts := gotSets[item]
		kind := "secondaire"
		if primary {
			kind = "primaire"
		}
		if len(opts) == 0 {
			if primary {
				return false, fmt.Sprintf("l'élément primaire %s n'est dans aucune option : aucune solution n'est possible", item)
			}
			continue // a secondary item nobody uses constrains nothing
		}
		same := byKey[key(opts)]
		if len(same) == 0 {
			return false, fmt.Sprintf("l'élément %s %s est dans les options %s : ce n'est aucune des contraintes du problème (vérifiez aussi l'ordre des options : l'option numéro k est celle de l'énoncé)",
				kind, item, shortList(opts, what))
		}
		c := -1
		for _, k := range same {
			if !found[k] && cs[k].primary == primary {
				c = k
				break
			}
		}
		if c < 0 {
			k := same[0]
			switch {
			case cs[k].primary && !primary:
				return false, fmt.Sprintf("%s doit être un élément primaire (couvert exactement une fois), pas secondaire : %s", name(cs[k]), item)
			case !cs[k].primary && primary:
				return false, fmt.Sprintf("%s doit être un élément secondaire (couvert au plus une fois), pas primaire : %s", name(cs[k]), item)
			}
			return false, fmt.Sprintf("deux éléments pour %s (dont %s)", name(cs[k]), item)
		}
		found[c] = true
	}
	// The longest constraint missing first: it is the most telling.
	missing := -1
	for c, ok := range found {
		if !ok && (missing < 0 || len(cs[c].options) > len(cs[missing].options)) {
			missing = c
		}
	}
	if missing >= 0 {
		return false, fmt.Sprintf("aucun élément pour %s : chacune de ses options doit le nommer", name(cs[missing]))
	}
	return true, ""
}

// queensLine names, as the statement of Q12 does, the line of squares
// that the options opts of the n-queens formulation place a queen on: a row,
// a column, a diagonal (r + c constant) or an anti-diagonal (r − c
// constant), numbered from 1; "" if it is none of them.
func queensLine(n int, opts []int) string {
	if len(opts) == 0 {
		return ""
	}
	same := func(f func(queens.Square) int) bool {
		for _, k := range opts {
			if f(squareOf(n, k)) != f(squareOf(n, opts[0])) {
				return false
			}
		}
		return true
	}
	first := squareOf(n, opts[0])
	switch {
	case len(opts) == 1:
		return "une ligne de la seule case " + grading.Sq(first) + " (ligne, colonne ou diagonale)"
	case same(func(q queens.Square) int { return q.Row }):
		return fmt.Sprintf("la ligne %d", first.Row+1)
	case same(func(q queens.Square) int { return q.Col }):
		return fmt.Sprintf("la colonne %d", first.Col+1)
	case same(func(q queens.Square) int { return q.Row + q.Col }):
		return fmt.Sprintf("la diagonale montante r + c = %d", first.Row+first.Col+2)
	case same(func(q queens.Square) int { return q.Row - q.Col }):
		return fmt.Sprintf("la diagonale descendante r − c = %d", first.Row-first.Col)
	}
	return ""
}

// sudokuConstraint names, as the statement of Q13 does, the constraint
// that the options opts of the Sudoku formulation (option 81r + 9c + d − 1
// puts d in (r, c)) share: a cell has a digit, a row, a column or a box has
// a digit; "" if it is none of them.
func sudokuConstraint(opts []int) string {
	if len(opts) == 0 {
		return ""
	}
	same := func(f func(r, c, d int) int) bool {
		for _, k := range opts {
			if f(k/81, k/9%9, k%9) != f(opts[0]/81, opts[0]/9%9, opts[0]%9) {
				return false
			}
		}
		return true
	}
	r, c, d := opts[0]/81, opts[0]/9%9, opts[0]%9
	box := func(r, c, _ int) int { return 3*(r/3) + c/3 }
	digit := func(_, _, d int) int { return d }
	switch {
	case same(func(r, _, _ int) int { return r }) && same(func(_, c, _ int) int { return c }):
		return fmt.Sprintf("la case (%d, %d) a un chiffre", r+1, c+1)
	case same(func(r, _, _ int) int { return r }) && same(digit):
		return fmt.Sprintf("la ligne %d a un %d", r+1, d+1)
	case same(func(_, c, _ int) int { return c }) && same(digit):
		return fmt.Sprintf("la colonne %d a un %d", c+1, d+1)
	case same(box) && same(digit):
		return fmt.Sprintf("le bloc %d a un %d", box(r, c, d)+1, d+1)
	}
	return ""
}

// shortList names options, the first four only.
func shortList(opts []int, what func(k int) string) string {
	var parts []string
	for i, k := range opts {
		if i == 4 {
			parts = append(parts, "…")
			break
		}
		parts = append(parts, what(k))
	}
	return strings.Join(parts, ", ")
}

// verifyText runs the invariant checker and returns its complaint in
// French, or "".
func verifyText(p *exactcover.Problem) (msg string) {
	defer func() {
		if v := recover(); v != nil {
			msg = "la structure est si abîmée que le vérificateur n'a pas pu la parcourir"
		}
	}()
	return frenchCorrupt(p.Verify())
}

func optionText(o []string) string { return "« " + strings.Join(o, " ") + " »" }

func withWhat(s, what string) string {
	if what == "" {
		return s
	}
	return s + " (" + what + ")"
}

func describeMatrix(in MatrixCase) string {
	if len(in.M) == 0 {
		return withWhat("matrice sans ligne", in.What)
	}
	var rows []string
	for _, r := range in.M {
		var s strings.Builder
		for _, v := range r {
			s.WriteByte(byte('0' + v))
		}
		rows = append(rows, s.String())
	}
	return withWhat(strings.Join(rows, "\n"), in.What)
}

func cloneMatrix(m exactcover.Matrix) exactcover.Matrix {
	c := make(exactcover.Matrix, len(m))
	for i, r := range m {
		c[i] = slices.Clone(r)
	}
	return c
}

func formatSolutionsX(sols [][]int) string {
	if len(sols) == 0 {
		return "aucune solution"
	}
	var s []string
	for _, sol := range sols {
		s = append(s, fmt.Sprint(append([]int{}, sol...)))
	}
	return fmt.Sprintf("%s : %s", grading.Plural(len(sols), "solution"), strings.Join(s, " "))
}

// sameSolutions compares lists of solutions, nil and empty alike.
func sameSolutions(a, b [][]int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !slices.Equal(a[i], b[i]) {
			return false
		}
	}
	return true
}

// setKey names a solution as a set of rows (order within it ignored).
func setKey(sol []int) string {
	s := slices.Clone(sol)
	slices.Sort(s)
	return fmt.Sprint(s)
}

// compareSets says, in French, how two lists of solutions differ as
// sets of sets ("" if they are the same sets); what names the rows
// ("ligne", "option").
func compareSets(got, want [][]int, what string) string {
	wantSet := map[string]bool{}
	for _, s := range want {
		wantSet[setKey(s)] = true
	}
	seen := map[string]bool{}
	for _, s := range got {
		k := setKey(s)
		if seen[k] {
			return fmt.Sprintf("la solution %v apparaît deux fois", s)
		}
		seen[k] = true
		if !wantSet[k] {
			return fmt.Sprintf("%v n'est pas une solution (%ss %v)", s, what, s)
		}
	}
	for _, s := range want {
		if !seen[setKey(s)] {
			return fmt.Sprintf("il manque la solution %v", s)
		}
	}
	return ""
}

func judgeAlgorithmX(in MatrixCase, got, want [][]int) (bool, string) {
	if sameSolutions(got, want) {
		return true, ""
	}
	if note := compareSets(got, want, "ligne"); note != "" {
		if len(in.M) > 0 {
			for _, s := range got {
				if bad := coverNote(in.M, s); bad != "" {
					return false, fmt.Sprintf("%v n'est pas une couverture exacte : %s", s, bad)
				}
			}
		}
		return false, note
	}
	return false, "les bonnes solutions, mais pas dans l'ordre de l'algorithme X : à chaque étape, la colonne qui a le moins de 1 " +
		"(la première en cas d'égalité), puis ses lignes de haut en bas ; chaque solution donne ses lignes dans l'ordre où elles ont été choisies"
}

// coverNote says why rows is not an exact cover of m ("" if it is).
func coverNote(m exactcover.Matrix, rows []int) string {
	count := make([]int, len(m[0]))
	for _, r := range rows {
		if r < 0 || r >= len(m) {
			return fmt.Sprintf("la ligne %d n'existe pas", r)
		}
		for c, v := range m[r] {
			count[c] += v
		}
	}
	for c, k := range count {
		switch {
		case k == 0:
			return fmt.Sprintf("la colonne %d n'est pas couverte", c)
		case k > 1:
			return fmt.Sprintf("la colonne %d est couverte %d fois", c, k)
		}
	}
	return ""
}
