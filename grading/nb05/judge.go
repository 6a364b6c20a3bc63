package nb05

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"

	"github.com/prepa-reines/reines/grading"
	"github.com/prepa-reines/reines/tp/board"
	"github.com/prepa-reines/reines/tp/domination"
	"github.com/prepa-reines/reines/tp/queens"
)

// judgeDomBound accepts a lower bound the student proposed (Q3a) if it is
// valid (at most i(Q_n); beyond the known values, at most ⌈(n − 1)/2⌉,
// which γ(Q_n) ≤ i(Q_n) is known to reach) and at least as good as the
// counting argument (want.Bound, ⌈n²/(4n−3)⌉); the usual slips of
// rounding get their own notes.
func judgeDomBound(in grading.Sized, got, want BoundOut) (bool, string) {
	if ok, note := grading.SameError(got.Err, want.Err); !ok || want.Err != nil {
		return ok, note
	}
	n := in.N
	m := 4*n - 3
	sure := want.Min
	if sure == 0 {
		sure = n / 2 // ⌈(n − 1)/2⌉
	}
	switch {
	case got.Bound == want.Bound:
		return true, ""
	case got.Bound > sure && got.Bound == (n*n+m)/m:
		return false, fmt.Sprintf("%d dépasse le minimum (%d) : si votre formule calcule ⌈a/b⌉ par (a + b)/b, elle donne ⌈a/b⌉ + 1 quand b divise a ; la partie entière supérieure s'écrit (a + b − 1)/b", got.Bound, sure)
	case got.Bound > sure && want.Min > 0:
		return false, fmt.Sprintf("%d n'est pas un minorant : %s suffisent pour n = %d", got.Bound, grading.Plural(want.Min, "reine"), n)
	case got.Bound > sure:
		return false, fmt.Sprintf("%d : au-delà de ⌈(n − 1)/2⌉ = %d, le meilleur minorant démontré pour un n quelconque ; votre minorant n'est pas justifié", got.Bound, sure)
	case got.Bound < want.Bound && got.Bound == n*n/m:
		return false, "arrondi vers le bas : la division entière donne la partie entière inférieure, un minorant du nombre de reines est la partie entière supérieure (⌈a/b⌉ = (a + b − 1)/b pour a ≥ 0 et b > 0)"
	case got.Bound < want.Bound:
		return false, fmt.Sprintf("%d est bien un minorant, mais trop faible : combien de cases une reine contrôle-t-elle au plus, et combien faut-il en contrôler ? (le raisonnement du corrigé donne %d)", got.Bound, want.Bound)
	}
	return true, fmt.Sprintf("minorant valide, meilleur que celui du corrigé (%d)", want.Bound)
}

// queensText lists squares 1-based: "reines (2, 2) (3, 4)".
func queensText(qs []queens.Square) string {
	if len(qs) == 0 {
		return "aucune reine"
	}
	return "reines " + squaresText(qs)
}

// Squares lists squares numbered from 1, as the notebook shows them:
// "(2, 2) (3, 4)", or "aucune".
func Squares(qs []queens.Square) string { return squaresText(qs) }

// squaresText lists squares 1-based: "(2, 2) (3, 4)", or "aucune".
func squaresText(qs []queens.Square) string {
	if len(qs) == 0 {
		return "aucune"
	}
	var s []string
	for _, q := range qs {
		s = append(s, grading.Sq(q))
	}
	return strings.Join(s, " ")
}

func opText(op Op) string {
	verb := "ajout"
	switch op.Delta {
	case -1:
		verb = "retrait"
	case 1:
	default:
		verb = fmt.Sprintf("delta %d", op.Delta)
	}
	return fmt.Sprintf("%s %s", verb, grading.Sq(queens.Square{Row: op.Row, Col: op.Col}))
}

func formatDomPlacement(o PlacementOut) string {
	if o.Err != nil {
		return grading.ErrText(o.Err)
	}
	return fmt.Sprintf("%s : %s", grading.Plural(len(o.Queens), "reine"), squaresText(o.Queens))
}

func formatDomMin(o SearchOut) string {
	if o.Err != nil {
		return grading.ErrText(o.Err)
	}
	return fmt.Sprintf("minimum %d, %s", o.Min, grading.Plural(o.Nodes, "nœud"))
}

func formatDomCount(o SearchOut) string {
	if o.Err != nil {
		return grading.ErrText(o.Err)
	}
	return fmt.Sprintf("minimum %d, %s", o.Min, grading.Plural(o.Count, "placement"))
}

// coverage builds the coverage of a case with the reference answers.
func coverage(in CoverageCase) *domination.Coverage {
	c, err := domination.NewCoverage(in.N, in.Independent)
	if err != nil {
		panic("nb05: bad coverage case: " + err.Error())
	}
	for _, q := range in.Queens {
		if err := domination.Update(c, q, 1); err != nil {
			panic("nb05: bad coverage case: " + err.Error())
		}
	}
	return c
}

// WithCoverage returns the cases with their coverage built.
func WithCoverage(cs []CoverageCase) []CoverageCase {
	for i := range cs {
		cs[i].C = coverage(cs[i])
	}
	return cs
}

// cloneCoverage returns a copy of c for the student's function.
func cloneCoverage(c *domination.Coverage) *domination.Coverage {
	d := *c
	d.Count, d.Queen = nil, nil
	for _, row := range c.Count {
		d.Count = append(d.Count, slices.Clone(row))
	}
	for _, row := range c.Queen {
		d.Queen = append(d.Queen, slices.Clone(row))
	}
	return &d
}

// Counts returns, for each square of the n×n board, how many of the queens
// qs control it (a queen controls its own square, its row, its column and
// its two diagonals), and the number of squares none controls. Queens off
// the board are ignored. For the checks and the notebook's pictures: the
// student edition has no reference coverage.
func Counts(n int, qs []queens.Square) (count [][]int, uncovered int) {
	count = make([][]int, n)
	for r := range count {
		count[r] = make([]int, n)
		for c := range count[r] {
			for _, q := range qs {
				if q.Row >= 0 && q.Row < n && q.Col >= 0 && q.Col < n && (q == queens.Square{Row: r, Col: c} || grading.Attack(q, queens.Square{Row: r, Col: c})) {
					count[r][c]++
				}
			}
			if count[r][c] == 0 {
				uncovered++
			}
		}
	}
	return count, uncovered
}

// HeatMap draws the queens qs on the n×n board as a heat map: the number of
// queens controlling each square, uncovered squares crossed, queens that
// attack each other outlined.
func HeatMap(n int, qs []queens.Square, title string) board.Board {
	count, _ := Counts(n, qs)
	b := board.Board{N: n, Queens: slices.Clone(qs), Heat: count, Title: title}
	for i, row := range count {
		for j, v := range row {
			if v == 0 {
				b.Crossed = append(b.Crossed, queens.Square{Row: i, Col: j})
			}
		}
	}
	for i, a := range qs {
		for _, q := range qs[i+1:] {
			if a != q && grading.Attack(a, q) {
				b.Highlight = append(b.Highlight, a, q)
			}
		}
	}
	return b
}

// coverageBoard draws a coverage: the count on each square, the queens, the
// uncovered squares crossed.
func coverageBoard(c *domination.Coverage) board.Board {
	b := board.Board{N: c.N, Queens: c.Queens(), Heat: c.Count}
	if len(c.Count) != c.N {
		b.Heat = nil
	}
	for i, row := range c.Count {
		for j, v := range row {
			if v == 0 {
				b.Crossed = append(b.Crossed, queens.Square{Row: i, Col: j})
			}
		}
	}
	return b
}

// invalid says in French why qs is not a set of queens (pairwise
// non-attacking if independent) dominating the n×n board, or "".
func invalid(n int, qs []queens.Square, independent bool) string {
	seen := map[queens.Square]bool{}
	for _, q := range qs {
		if q.Row < 0 || q.Row >= n || q.Col < 0 || q.Col >= n {
			return fmt.Sprintf("la reine %s est hors de l'échiquier", grading.Sq(q))
		}
		if seen[q] {
			return fmt.Sprintf("deux reines sur la case %s", grading.Sq(q))
		}
		seen[q] = true
	}
	if independent {
		for i, a := range qs {
			for _, b := range qs[i+1:] {
				if grading.Attack(a, b) {
					return fmt.Sprintf("les reines %s et %s s'attaquent", grading.Sq(a), grading.Sq(b))
				}
			}
		}
	}
	count, uncovered := Counts(n, qs)
	if uncovered > 0 {
		for i, row := range count {
			for j, v := range row {
				if v == 0 {
					return fmt.Sprintf("%s, dont %s", grading.Plurals(uncovered, "case non couverte", "cases non couvertes"), grading.Sq(queens.Square{Row: i, Col: j}))
				}
			}
		}
	}
	return ""
}

// placementBoard draws a placement as a heat map, clashing queens
// outlined; nil if it cannot be drawn (no queen, or no board).
func placementBoard(n int, qs []queens.Square) *board.Board {
	if n <= 0 || n > 64 || len(qs) == 0 {
		return nil
	}
	b := HeatMap(n, qs, "")
	return &b
}

// judgeDomMinimum accepts a valid placement of exactly min pairwise
// non-attacking queens.
func judgeDomMinimum(n int, qs []queens.Square, min int) (bool, string) {
	if len(qs) == 0 {
		return false, "aucun placement renvoyé"
	}
	if note := invalid(n, qs, true); note != "" {
		return false, note
	}
	if len(qs) != min {
		return false, fmt.Sprintf("placement valide de %s, mais le minimum est %d", grading.Plural(len(qs), "reine"), min)
	}
	return true, ""
}

// runOps applies the operations of a case with update, recording the
// state after each.
func runOps(update func(*domination.Coverage, queens.Square, int) error, in UpdateCase) UpdateOut {
	c, err := domination.NewCoverage(in.N, in.Independent)
	if err != nil {
		panic("grading: bad update case: " + err.Error())
	}
	var out UpdateOut
	for _, op := range in.Ops {
		err := update(c, queens.Square{Row: op.Row, Col: op.Col}, op.Delta)
		st := State{Err: grading.ErrOf(err), Uncovered: c.Uncovered}
		for _, row := range c.Count {
			st.Count = append(st.Count, slices.Clone(row))
		}
		for _, row := range c.Queen {
			st.Queen = append(st.Queen, slices.Clone(row))
		}
		out.Steps = append(out.Steps, st)
	}
	return out
}

// sameShape reports whether s has n×n counts and queens.
func sameShape(s State, n int) bool {
	if len(s.Count) != n || len(s.Queen) != n {
		return false
	}
	for i := range n {
		if len(s.Count[i]) != n || len(s.Queen[i]) != n {
			return false
		}
	}
	return true
}

// stateDiff says in French how the counts or queens of got differ from
// want, or "" if they agree (z aside).
func stateDiff(got, want State) string {
	for i := range want.Count {
		for j := range want.Count[i] {
			sq := grading.Sq(queens.Square{Row: i, Col: j})
			if got.Queen[i][j] != want.Queen[i][j] {
				if want.Queen[i][j] {
					return fmt.Sprintf("Queen%s devrait valoir true", sq)
				}
				return fmt.Sprintf("Queen%s devrait valoir false", sq)
			}
			if got.Count[i][j] != want.Count[i][j] {
				return fmt.Sprintf("la case %s est couverte par %s, pas %d", sq, grading.Plural(want.Count[i][j], "reine"), got.Count[i][j])
			}
		}
	}
	return ""
}

// stateBoard draws the student's counts, wrong squares outlined.
func stateBoard(n int, got, want State) board.Board {
	b := board.Board{N: n, Heat: got.Count}
	for i := range n {
		for j := range n {
			sq := queens.Square{Row: i, Col: j}
			if got.Queen[i][j] {
				b.Queens = append(b.Queens, sq)
			}
			if got.Count[i][j] == 0 {
				b.Crossed = append(b.Crossed, sq)
			}
			if got.Count[i][j] != want.Count[i][j] || got.Queen[i][j] != want.Queen[i][j] {
				b.Highlight = append(b.Highlight, sq)
			}
		}
	}
	return b
}

// judgeDomUpdate compares the states step by step and explains the first
// difference: the error, the queen's own square counted several times, a
// wrong count elsewhere, the number z of uncovered squares.
func judgeDomUpdate(in UpdateCase, got, want UpdateOut) (bool, string) {
	if len(got.Steps) != len(want.Steps) {
		return false, "nombre d'étapes inattendu"
	}
	for k, w := range want.Steps {
		g := got.Steps[k]
		op := in.Ops[k]
		at := fmt.Sprintf("opération %d (%s)", k+1, opText(op))
		if ok, note := grading.SameError(g.Err, w.Err); !ok {
			return false, at + " : " + note
		}
		if !sameShape(g, in.N) {
			return false, fmt.Sprintf("%s : les tableaux Count et Queen doivent rester n × n", at)
		}
		if diff := stateDiff(g, w); diff != "" {
			if w.Err != nil {
				return false, fmt.Sprintf("%s : en cas d'erreur, rien ne doit changer ; or %s", at, diff)
			}
			r, c := op.Row, op.Col
			if g.Count[r][c] != w.Count[r][c] && onlyDiff(g, w, r, c) {
				return false, fmt.Sprintf("%s : la case de la reine %s est comptée %d fois au lieu de %d : elle doit l'être une seule fois, pas une fois par direction",
					at, grading.Sq(queens.Square{Row: r, Col: c}), g.Count[r][c], w.Count[r][c])
			}
			return false, fmt.Sprintf("%s : %s (ligne, colonne et les deux diagonales de la reine, dans les 8 directions)", at, diff)
		}
		if g.Uncovered != w.Uncovered {
			what := "z (c.Uncovered) doit diminuer de 1 chaque fois qu'une case passe de 0 à 1"
			if op.Delta == -1 {
				what = "au retrait, z (c.Uncovered) doit augmenter de 1 chaque fois qu'une case revient à 0"
			}
			return false, fmt.Sprintf("%s : z = %d au lieu de %d ; %s", at, g.Uncovered, w.Uncovered, what)
		}
	}
	return true, ""
}

// onlyDiff reports whether the counts of got and want differ only on
// square (r, c).
func onlyDiff(got, want State, r, c int) bool {
	for i := range want.Count {
		for j := range want.Count[i] {
			if (i != r || j != c) && got.Count[i][j] != want.Count[i][j] {
				return false
			}
		}
	}
	return true
}

// nodesNote compares the node count of the search without pruning (Q7)
// with the reference's: the same search must visit the same nodes.
func nodesNote(got, want int64) (bool, string) {
	if got == want {
		return true, ""
	}
	return false, fmt.Sprintf("bon minimum, mais %s au lieu de %d : comptez un nœud à chaque appel de la fonction récursive (appel initial compris), arrêtez-vous dès que la couverture est complète, et n'élaguez pas dans cette version", grading.Plural(got, "nœud"), grading.Int(want))
}

// prunedNodes judges the node count of a search pruned the student's
// way (Q9b): positive, and below that of the search without pruning
// (want.Exhaustive) wherever pruning can cut anything (n ≥ 3); a count
// other than the sujet's pruning r ≥ best passes with a note.
func prunedNodes(got, want SearchOut) (bool, string) {
	switch {
	case got.Nodes <= 0:
		return false, "aucun nœud compté : comptez un nœud à chaque appel de la fonction récursive, appel initial compris"
	case got.Nodes > want.Exhaustive:
		return false, fmt.Sprintf("bon minimum, mais %s, plus que la recherche sans élagage de la question 7 (%d) : comptez les nœuds comme elle, un par appel de la fonction récursive", grading.Plural(got.Nodes, "nœud"), grading.Int(want.Exhaustive))
	case got.Nodes == want.Exhaustive && want.Nodes < want.Exhaustive:
		return false, fmt.Sprintf("bon minimum, mais %s, autant que sans élagage : votre élagage ne coupe rien ; une branche qui ne peut plus faire mieux que le meilleur placement connu doit être abandonnée dès le début de l'appel", grading.Plural(got.Nodes, "nœud"))
	case got.Nodes != want.Nodes:
		return true, fmt.Sprintf("élagage différent de celui du corrigé (r ≥ best, %s) : minimum juste et moins de nœuds que sans élagage (%d), propriétés vérifiées", grading.Plural(want.Nodes, "nœud"), grading.Int(want.Exhaustive))
	}
	return true, ""
}

// judgeDomSearch judges a minimum and its node count: the reference's
// count for the search without pruning, the student's own pruning
// otherwise (see prunedNodes).
func judgeDomSearch(pruned bool) func(grading.Sized, SearchOut, SearchOut) (bool, string) {
	return func(_ grading.Sized, got, want SearchOut) (bool, string) {
		if ok, note := grading.SameError(got.Err, want.Err); !ok || want.Err != nil {
			return ok, note
		}
		switch {
		case got.Min > want.Min:
			return false, "minimum trop grand : des placements ont été manqués (une ligne peut toujours rester vide ; la reine posée doit être retirée après l'appel récursif ; l'élagage ne doit couper que des branches qui ne peuvent pas faire mieux)"
		case got.Min < want.Min:
			return false, "minimum trop petit : une couverture incomplète a été prise pour complète (la reine posée doit être retirée après l'appel récursif ; z doit être tenu à jour)"
		}
		if pruned {
			return prunedNodes(got, want)
		}
		return nodesNote(got.Nodes, want.Nodes)
	}
}

// judgeDomCount judges a minimum and a number of minimum placements.
func judgeDomCount(independent bool) func(grading.Sized, SearchOut, SearchOut) (bool, string) {
	return func(_ grading.Sized, got, want SearchOut) (bool, string) {
		if ok, note := grading.SameError(got.Err, want.Err); !ok || want.Err != nil {
			return ok, note
		}
		if got.Min != want.Min {
			return false, fmt.Sprintf("minimum %d au lieu de %d", got.Min, want.Min)
		}
		switch {
		case got.Count < want.Count && independent:
			return false, "il manque des placements : pour compter, une branche qui a autant de reines que le meilleur peut encore donner un autre placement minimal ; l'élagage ne doit couper que les branches qui ne peuvent que faire pire (r > best pour l'élagage du sujet)"
		case got.Count < want.Count:
			return false, "il manque des placements minimaux"
		case got.Count > want.Count:
			return false, "placements comptés en trop : le compteur repart à 1 quand on trouve mieux, et chaque placement ne doit être compté qu'une fois"
		}
		return true, ""
	}
}

func zerosOf(row []int) []int {
	var z []int
	for i, v := range row {
		if v == 0 {
			z = append(z, i)
		}
	}
	return z
}

// chiSquareCritical returns the value a chi-square variable with df degrees
// of freedom exceeds with probability 0.001 (Wilson–Hilferty
// approximation beyond one degree, within 1% from df = 2 on at this level).
func chiSquareCritical(df int) float64 {
	if df == 1 { // the square of a standard normal: 3.2905² (two-sided 0.001)
		return 10.828
	}
	const z = 3.0902 // the standard normal's 0.999 quantile
	k := float64(df)
	t := 1 - 2/(9*k) + z*math.Sqrt(2/(9*k))
	return k * t * t * t
}

// judgeDomReservoir checks the draws: only zeros, "no zero" exactly when
// the row has none, and frequencies that pass a chi-square test of
// uniformity at level 0.001 (the seed is fixed, so a right answer passes
// every time).
func judgeDomReservoir(in ReservoirCase, got, want ReservoirOut) (bool, string) {
	zeros := zerosOf(in.Row)
	if len(zeros) == 0 {
		if got.Missed != in.Draws {
			return false, "la ligne n'a aucun zéro : il faut renvoyer (−1, false)"
		}
		if got.NotMinus > 0 {
			return false, "sans zéro, l'indice renvoyé doit être −1"
		}
		return true, ""
	}
	if got.Missed > 0 {
		return false, "la ligne a un zéro : il ne faut pas renvoyer false"
	}
	if got.Invalid > 0 {
		return false, "l'indice renvoyé doit être celui d'une case nulle de la ligne"
	}
	if len(got.Hits) != len(in.Row) {
		return false, "tirages illisibles"
	}
	if len(zeros) == 1 {
		return true, ""
	}
	if !got.Reproducible {
		return false, "les mêmes tirages avec la même graine doivent donner les mêmes cases : tirez les nombres aléatoires avec rng, et seulement avec lui"
	}
	if !got.Follows {
		return false, "avec une autre graine, exactement les mêmes cases sortent : le choix ne dépend pas de rng (il faut tirer au hasard avec rng, pas parcourir les zéros à tour de rôle)"
	}
	expected := float64(in.Draws) / float64(len(zeros))
	chi2 := 0.0
	for _, i := range zeros {
		d := float64(got.Hits[i]) - expected
		chi2 += d * d / expected
	}
	if limit := chiSquareCritical(len(zeros) - 1); chi2 > limit {
		return false, fmt.Sprintf("tirage non uniforme : χ² = %.1f > %.1f (seuil 0,1 %%, %d degrés de liberté) ; chaque zéro devrait sortir environ %.0f fois. Revoyez la probabilité de remplacement de la question 16 : k compte les zéros rencontrés, pas les cases",
			grading.Dec(chi2), grading.Dec(limit), len(zeros)-1, grading.Dec(expected))
	}
	return true, ""
}

// newRand returns the generator of a case.
func newRand(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, 17)) }

// judgeDomRandom checks the Monte-Carlo bound: the error, a valid placement
// of Best queens, Best ≥ i(Q_n) (and = i(Q_n) with enough trials), the
// statistics, the initial bound when no trial runs, reproducibility.
func judgeDomRandom(in RandomCase, got, want RandomOut) (bool, string) {
	if ok, note := grading.SameError(got.Err, want.Err); !ok || want.Err != nil {
		return ok, note
	}
	if got.Best != len(got.Queens) {
		return false, fmt.Sprintf("le nombre renvoyé (%d) doit être le nombre de reines du placement (%d)", got.Best, len(got.Queens))
	}
	if note := invalid(in.N, got.Queens, true); note != "" {
		return false, note + " (les reines sont-elles bien retirées entre deux essais ? le meilleur placement est-il copié ?)"
	}
	if got.Best < want.Min {
		return false, fmt.Sprintf("%s : impossible, i(Q_%d) = %d", grading.Plural(got.Best, "reine"), in.N, want.Min)
	}
	if in.Trials == 0 && got.Best > in.N {
		return false, fmt.Sprintf("sans essai, le résultat est le placement de départ, IndependentDominatingSet(n) : au plus n = %d reines", in.N)
	}
	st := got.Stats
	if st.Trials != int64(in.Trials) {
		return false, fmt.Sprintf("Stats.Trials = %d : il faut compter les %d essais", grading.Int(st.Trials), grading.Int(in.Trials))
	}
	if st.Failures < 0 || st.Prunings < 0 || st.Improvements < 0 || st.Failures+st.Prunings+st.Improvements > st.Trials {
		return false, "chaque essai est au plus un échec, un élagage ou une amélioration : leurs nombres ne peuvent dépasser celui des essais"
	}
	if !got.Same {
		return false, "deux appels avec la même graine doivent donner le même résultat : tirez tous les nombres aléatoires avec rng"
	}
	if in.Reach && got.Best != want.Min {
		return false, fmt.Sprintf("%d essais auraient dû trouver %d reines (i(Q_%d)) : le tirage de la case est-il uniforme, la probabilité (n−1)/n respectée ?", grading.Int(in.Trials), want.Min, in.N)
	}
	return true, randomNote(got.Best == want.Best && slices.Equal(got.Queens, want.Queens) && got.Stats == want.Stats)
}

// independentDomination[n] is i(Q_n) for n = 1..25 (OEIS A075324; the
// exact solver, [domination.Solve], agrees up to n = 16 but takes far too
// long beyond for a check).
var independentDomination = []int{0, 1, 1, 1, 3, 3, 4, 4, 5, 5, 5, 5, 7, 7, 8, 9, 9, 9, 10, 11, 11, 11, 12, 13, 13, 13}

// runWorkers runs a workers search on a case and sums up its trace.
func runWorkers(f func(context.Context, int, int, func(domination.TraceEvent)) ([]queens.Square, domination.SearchStats, error), in WorkersCase) WorkersOut {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	if in.Cancel {
		cancel()
	}
	var mu sync.Mutex
	var out WorkersOut
	qs, _, err := f(ctx, in.N, in.Workers, func(e domination.TraceEvent) {
		mu.Lock()
		defer mu.Unlock()
		switch e.Kind {
		case domination.WorkerStarted:
			out.Started = append(out.Started, e.Worker)
		case domination.Improved:
			out.Improved = append(out.Improved, e.Best)
		case domination.WorkerDone:
			out.Done = append(out.Done, e.Worker)
			out.Tasks += e.Tasks
		}
	})
	mu.Lock()
	defer mu.Unlock()
	out.Queens, out.Err = qs, grading.ErrOf(err)
	slices.Sort(out.Started)
	slices.Sort(out.Done)
	return out
}

// judgeDomWorkers checks a workers search: the error (a cancelled context
// must give ctx.Err()), a minimum placement, one start and one end event
// per worker, improvements that decrease down to the minimum.
func judgeDomWorkers(in WorkersCase, got, want WorkersOut) (bool, string) {
	if in.Cancel {
		if got.Err == nil || got.Err.Msg != context.Canceled.Error() {
			return false, "contexte annulé : la fonction doit s'arrêter et renvoyer ctx.Err() (context.Canceled)"
		}
		return true, ""
	}
	if ok, note := grading.SameError(got.Err, want.Err); !ok || want.Err != nil {
		return ok, note
	}
	if ok, note := judgeDomMinimum(in.N, got.Queens, len(want.Queens)); !ok {
		return ok, note
	}
	workers := make([]int, max(in.Workers, 1))
	for i := range workers {
		workers[i] = i
	}
	if !slices.Equal(got.Started, workers) || !slices.Equal(got.Done, workers) {
		return false, fmt.Sprintf("la trace doit dire une fois que chaque travailleur 0 … %d démarre (WorkerStarted) et une fois qu'il a fini (WorkerDone)", len(workers)-1)
	}
	if len(got.Improved) == 0 || got.Improved[len(got.Improved)-1] != len(got.Queens) {
		return false, "la trace doit signaler chaque amélioration (Improved), la dernière donnant le minimum"
	}
	for i := 1; i < len(got.Improved); i++ {
		if got.Improved[i] >= got.Improved[i-1] {
			return false, fmt.Sprintf("améliorations %v : chacune doit faire mieux que la précédente (lire et modifier best sous le verrou)", got.Improved)
		}
	}
	if !slices.Equal(got.Queens, want.Queens) || !slices.Equal(got.Improved, want.Improved) || got.Tasks != want.Tasks {
		return true, "résultat qui dépend de l'ordre des travailleurs : propriétés vérifiées"
	}
	return true, ""
}
