// Package nb05 declares the questions of notebook 05, queen domination
// (TP 17, « le problème des 5 reines »; reference answers: tp/domination),
// and the data its demonstrations show. A coverage built by the reference
// functions travels with its case as data; the student's function runs on
// a copy, and the state it leaves (counts, queens, number of uncovered
// squares) or the answer it gives is compared with the reference's.
// Searches report their number of nodes (calls of the recursive function),
// which is what tells a pruning r ≥ best from r > best. Failing cases are
// drawn as heat maps: the number of queens covering each square, uncovered
// squares crossed. The hidden cases are set by its package hidden
// (empty in the student edition).

package nb05

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/prepa-reines/reines/grading"
	"github.com/prepa-reines/reines/tp/board"
	"github.com/prepa-reines/reines/tp/domination"
	"github.com/prepa-reines/reines/tp/queens"
)

// The errors of TP 05's answers, for the checks (see
// grading.RegisterErrors).
func init() {
	grading.RegisterErrors(
		grading.TPError{Err: domination.ErrBoardSize, Name: "domination.ErrBoardSize", French: "côté de l'échiquier n ≤ 0"},
		grading.TPError{Err: domination.ErrTrials, Name: "domination.ErrTrials", French: "nombre d'essais négatif"},
		grading.TPError{Err: domination.ErrOffBoard, Name: "domination.ErrOffBoard", French: "case hors de l'échiquier"},
		grading.TPError{Err: domination.ErrDelta, Name: "domination.ErrDelta", French: "delta ni +1 ni −1"},
		grading.TPError{Err: domination.ErrAttacked, Name: "domination.ErrAttacked", French: "case déjà couverte, la reine y serait attaquée"},
		grading.TPError{Err: domination.ErrOccupied, Name: "domination.ErrOccupied", French: "une reine occupe déjà la case"},
		grading.TPError{Err: domination.ErrNoQueen, Name: "domination.ErrNoQueen", French: "pas de reine à retirer sur cette case"},
		grading.TPError{Err: domination.ErrWorkers, Name: "domination.ErrWorkers", French: fmt.Sprintf("nombre de travailleurs hors de 1 … %d", domination.MaxWorkers)},
	)
}

// The questions follow the sujet's numbering: question k of the notebook
// answers question k of the sujet; where the notebook asks a written answer
// and then its code, they are parts a and b (05/Q3a, 05/Q3b). Questions 29
// and 30 go beyond the sujet (05-domination.sujet).

// Q1 is the written answer: examples for n = 3 and n = 4.
var Q1 = grading.Prose("05/Q1", "Les petits échiquiers (réponse rédigée)", 1)

// Q2a is the written answer: an optimal solution always exists, and a
// simple upper bound on its value.
var Q2a = grading.Prose("05/Q2a", "Une solution optimale existe toujours (réponse rédigée)", 1)

// Q2b asks for IndependentDominatingSet, the student's argument of Q2a as
// code: a dominating set of at most n pairwise non-attacking queens.
var Q2b = grading.Define(&grading.Exercise[func(int) ([]queens.Square, error), grading.Sized, PlacementOut]{
	Question: grading.Question{ID: "05/Q2b", Title: "Un ensemble dominant qui prouve le majorant", Points: 1},
	Ref:      domination.IndependentDominatingSet,
	Cases:    []grading.Sized{{N: 1}, {N: 2}, {N: 3}, {N: 4}, {N: 5}, {N: 6}, {N: 8}, {N: 9}, {N: 12}, {N: 20}, {N: 0}, {N: -2}},
	Call: func(f func(int) ([]queens.Square, error), in grading.Sized) PlacementOut {
		qs, err := f(in.N)
		return PlacementOut{qs, grading.ErrOf(err)}
	},
	Input:   grading.Sized.String,
	Format:  formatDomPlacement,
	Example: func(_ grading.Sized, o PlacementOut) bool { return o.Err == nil && len(o.Queens) > 0 },
	Judge: func(in grading.Sized, got, want PlacementOut) (bool, string) {
		if ok, note := grading.SameError(got.Err, want.Err); !ok || want.Err != nil {
			return ok, note
		}
		if note := invalid(in.N, got.Queens, true); note != "" {
			return false, note
		}
		if len(got.Queens) > in.N {
			return false, fmt.Sprintf("%d reines : il en faut au plus n = %d", len(got.Queens), in.N)
		}
		return true, ""
	},
	Board: func(in grading.Sized, got, _ PlacementOut) *board.Board {
		return placementBoard(in.N, got.Queens)
	},
})

// Q3a is the written answer: a lower bound of the optimal value.
var Q3a = grading.Prose("05/Q3a", "Un minorant (réponse rédigée)", 1)

// Q3b asks for LowerBound, the bound of Q3a as code: any valid lower bound
// at least as good as the counting argument ⌈n²/(4n−3)⌉ passes (see
// judgeDomBound).
var Q3b = grading.Define(&grading.Exercise[func(int) (int, error), grading.Sized, BoundOut]{
	Question: grading.Question{ID: "05/Q3b", Title: "Le minorant, programmé", Points: 1},
	Ref:      domination.LowerBound,
	Cases:    []grading.Sized{{N: 1}, {N: 2}, {N: 3}, {N: 4}, {N: 5}, {N: 8}, {N: 9}, {N: 10}, {N: 11}, {N: 20}, {N: 100}, {N: 0}, {N: -1}},
	Call: func(f func(int) (int, error), in grading.Sized) BoundOut {
		b, err := f(in.N)
		return BoundOut{Bound: b, Err: grading.ErrOf(err)}
	},
	Want: func(in grading.Sized) BoundOut {
		b, err := domination.LowerBound(in.N)
		out := BoundOut{Bound: b, Err: grading.ErrOf(err)}
		if in.N > 0 && in.N < len(independentDomination) {
			out.Min = independentDomination[in.N]
		}
		return out
	},
	Input: grading.Sized.String,
	Format: func(o BoundOut) string {
		if o.Err != nil {
			return grading.ErrText(o.Err)
		}
		return fmt.Sprint(o.Bound)
	},
	Judge: judgeDomBound,
})

// Q4 asks for Complete: does the coverage reach every square (sujet:
// finale)?
var Q4 = grading.Define(&grading.Exercise[func(*domination.Coverage) bool, CoverageCase, bool]{
	Question: grading.Question{ID: "05/Q4", Title: "La couverture est-elle complète ? (`finale`)", Points: 1},
	Ref:      domination.Complete,
	Computed: func() []CoverageCase {
		return WithCoverage([]CoverageCase{
			{N: 1, Independent: true},
			{N: 1, Independent: true, Queens: []queens.Square{{Row: 0, Col: 0}}},
			{N: 3, Independent: true, Queens: []queens.Square{{Row: 1, Col: 1}}},
			{N: 3, Independent: true, Queens: []queens.Square{{Row: 0, Col: 0}}},
			{N: 4, Independent: true, Queens: []queens.Square{{Row: 1, Col: 1}, {Row: 2, Col: 3}, {Row: 3, Col: 0}}},
			{N: 4, Independent: true, Queens: []queens.Square{{Row: 1, Col: 1}, {Row: 3, Col: 0}}},
			{N: 4, Queens: []queens.Square{{Row: 1, Col: 1}, {Row: 2, Col: 2}}},
		})
	},
	Call: func(f func(*domination.Coverage) bool, in CoverageCase) bool { return f(cloneCoverage(in.C)) },
	Input: func(in CoverageCase) string {
		return fmt.Sprintf("n = %d, %s (z = %d)", in.N, queensText(in.Queens), in.C.Uncovered)
	},
	Format: func(b bool) string {
		if b {
			return "complète (true)"
		}
		return "incomplète (false)"
	},
	Judge: func(in CoverageCase, got, want bool) (bool, string) {
		if got == want {
			return true, ""
		}
		return false, "la couverture est complète exactement quand aucune case n'est à 0, c'est-à-dire quand c.Uncovered (z) vaut 0"
	},
	Board: func(in CoverageCase, _, _ bool) *board.Board {
		b := coverageBoard(in.C)
		return &b
	},
})

// Q5 asks for Update, adding or removing a queen (sujet: mise_a_jour).
var Q5 = grading.Define(&grading.Exercise[func(*domination.Coverage, queens.Square, int) error, UpdateCase, UpdateOut]{
	Question: grading.Question{ID: "05/Q5", Title: "Poser ou retirer une reine (`mise_a_jour`)", Points: 3},
	Ref:      domination.Update,
	Cases: []UpdateCase{
		{N: 4, Independent: true, Ops: []Op{{1, 1, 1}}, What: "une reine"},
		{N: 1, Independent: true, Ops: []Op{{0, 0, 1}}, What: "échiquier 1 × 1 : la case de la reine compte une fois"},
		{N: 6, Independent: true, Ops: []Op{{0, 3, 1}, {5, 2, 1}}, What: "reines au bord"},
		{N: 4, Independent: true, Ops: []Op{{1, 1, 1}, {3, 0, 1}, {2, 3, 1}}, What: "couverture complète : z = 0"},
		{N: 4, Independent: true, Ops: []Op{{1, 1, 1}, {3, 0, 1}, {1, 1, -1}}, What: "retrait : z remonte"},
		{N: 5, Ops: []Op{{2, 2, 1}, {2, 3, 1}, {0, 0, 1}, {2, 2, -1}}, What: "sans la règle : reines qui s'attaquent, puis un retrait"},
		{N: 4, Independent: true, Ops: []Op{{1, 1, 1}, {2, 2, 1}}, What: "case attaquée : erreur, rien ne change"},
		{N: 3, Independent: true, Ops: []Op{{0, 0, -1}}, What: "retrait sans reine : erreur"},
		{N: 5, Ops: []Op{{0, 0, 1}, {0, 0, 1}}, What: "case déjà occupée : erreur"},
		{N: 3, Independent: true, Ops: []Op{{3, 0, 1}, {0, -1, 1}}, What: "hors de l'échiquier : erreur"},
		{N: 3, Independent: true, Ops: []Op{{1, 1, 2}}, What: "delta ni +1 ni −1 : erreur"},
	},
	Call: func(f func(*domination.Coverage, queens.Square, int) error, in UpdateCase) UpdateOut {
		return runOps(f, in)
	},
	Input: func(in UpdateCase) string {
		rule := "reines non attaquées"
		if !in.Independent {
			rule = "reines qui peuvent s'attaquer"
		}
		var ops []string
		for _, op := range in.Ops {
			ops = append(ops, opText(op))
		}
		s := fmt.Sprintf("n = %d (%s) : %s", in.N, rule, strings.Join(ops, ", "))
		if in.What != "" {
			s = in.What + " — " + s
		}
		return s
	},
	Format: func(o UpdateOut) string {
		if len(o.Steps) == 0 {
			return "aucune étape"
		}
		var errs []string
		for _, s := range o.Steps {
			e := "ok"
			if s.Err != nil {
				e = s.Err.String()
			}
			errs = append(errs, e)
		}
		last := o.Steps[len(o.Steps)-1]
		return fmt.Sprintf("%s ; à la fin z = %d, comptes %v", strings.Join(errs, ", "), last.Uncovered, last.Count)
	},
	Judge: judgeDomUpdate,
	Board: func(in UpdateCase, got, want UpdateOut) *board.Board {
		for k := range min(len(got.Steps), len(want.Steps)) {
			g, w := got.Steps[k], want.Steps[k]
			if sameShape(g, in.N) && stateDiff(g, w) != "" {
				b := stateBoard(in.N, g, w)
				b.Title = fmt.Sprintf("Après l'opération %d (%s) : vos comptes, cases fausses en rouge", k+1, opText(in.Ops[k]))
				return &b
			}
		}
		return nil
	},
})

// Q6 is the written answer on branch and bound.
var Q6 = grading.Prose("05/Q6", "Le principe (réponse rédigée)", 1)

// Q7 asks for CoverByQueensExhaustive, the sujet's search corrected
// (couverture_par_reines).
var Q7 = searchExercise("05/Q7", "La recherche exhaustive corrigée (`couverture_par_reines`)", 3, domination.CoverByQueensExhaustive, false)

// Q8 is the written answer: the values for n = 5 … 9.
var Q8 = grading.Prose("05/Q8", "Les premières valeurs (réponse rédigée)", 1)

// Q9a is the written answer: a simple pruning of the search.
var Q9a = grading.Prose("05/Q9a", "Un élagage simple (réponse rédigée)", 1)

// Q9b asks for CoverByQueens, the search of Q7 with the pruning the
// student proposed in Q9a: it must find the minimum and visit fewer nodes
// than the search without pruning (the sujet's r ≥ best is one answer).
var Q9b = searchExercise("05/Q9b", "L'élagage, programmé (`couverture_par_reines`)", 2, domination.CoverByQueens, true)

// Q10 asks for CoverByQueensPlacement, an optimal placement
// (couverture_par_reines_positions).
var Q10 = grading.Define(&grading.Exercise[func(int) ([]queens.Square, domination.SearchStats, error), grading.Sized, SearchOut]{
	Question: grading.Question{ID: "05/Q10", Title: "Un placement optimal (`couverture_par_reines_positions`)", Points: 2},
	Ref:      domination.CoverByQueensPlacement,
	Cases:    []grading.Sized{{N: 1}, {N: 2}, {N: 3}, {N: 4}, {N: 5}, {N: 6}, {N: 7}, {N: 8}, {N: 0}},
	Call: func(f func(int) ([]queens.Square, domination.SearchStats, error), in grading.Sized) SearchOut {
		qs, st, err := f(in.N)
		return SearchOut{Min: len(qs), Queens: qs, Nodes: st.Nodes, Err: grading.ErrOf(err)}
	},
	Input: grading.Sized.String,
	Format: func(o SearchOut) string {
		if o.Err != nil {
			return grading.ErrText(o.Err)
		}
		return fmt.Sprintf("%s : %s", grading.Plural(len(o.Queens), "reine"), squaresText(o.Queens))
	},
	Example: func(_ grading.Sized, o SearchOut) bool { return o.Err == nil && len(o.Queens) > 0 },
	Judge: func(in grading.Sized, got, want SearchOut) (bool, string) {
		if ok, note := grading.SameError(got.Err, want.Err); !ok || want.Err != nil {
			return ok, note
		}
		if len(got.Queens) == 0 {
			return false, "aucun placement renvoyé : best doit partir de n + 1 (pour n = 1, le minimum est n, et une recherche partie de best = n ne trouve jamais mieux)"
		}
		if note := invalid(in.N, got.Queens, true); note != "" {
			return false, note + " (avez-vous copié le placement courant quand il améliore le meilleur ?)"
		}
		if len(got.Queens) != want.Min {
			return false, fmt.Sprintf("placement valide de %s, mais le minimum est %d", grading.Plural(len(got.Queens), "reine"), want.Min)
		}
		return true, ""
	},
	Board: func(in grading.Sized, got, _ SearchOut) *board.Board { return placementBoard(in.N, got.Queens) },
})

// Q11 is the written answer: an optimal placement for n = 9, shown.
var Q11 = grading.Prose("05/Q11", "Une solution optimale pour *n* = 9 (réponse rédigée)", 1)

// Q12 is the written answer on the invariant z, the cost of finale and of
// a node.
var Q12 = grading.Prose("05/Q12", "Tenir *z* à jour : `finale` en temps constant (réponse rédigée)", 1)

// Q13 asks for CountMinimumCovers, the number of optimal placements.
var Q13 = countExercise("05/Q13", "Compter les placements optimaux (`couverture_par_reines_nombre_solutions`)", 3, domination.CountMinimumCovers,
	[]grading.Sized{{N: 1}, {N: 2}, {N: 3}, {N: 4}, {N: 5}, {N: 6}, {N: 7}, {N: 8}, {N: 0}}, true)

// Q14 is the written answer: the numbers of optimal placements.
var Q14 = grading.Prose("05/Q14", "Les nombres de placements (réponse rédigée)", 1)

// Q15 is the written answer: Monte Carlo or Las Vegas.
var Q15 = grading.Prose("05/Q15", "Monte-Carlo ou Las Vegas ? (réponse rédigée)", 1)

// Q16 is the written answer: the probability p_k of the one-pass uniform
// draw, and its proof.
var Q16 = grading.Prose("05/Q16", "Un tirage uniforme en une passe (réponse rédigée)", 2)

// Q17 is the written answer: the one-pass draw among the elements that
// satisfy a predicate P.
var Q17 = grading.Prose("05/Q17", "Parmi les éléments qui vérifient un prédicat (réponse rédigée)", 1)

// Q18 asks for ReservoirZero, the draw of Q16 and Q17 with P « the square
// is 0 » (sujet: choix_position).
var Q18 = grading.Define(&grading.Exercise[func([]int, *rand.Rand) (int, bool), ReservoirCase, ReservoirOut]{
	Question: grading.Question{ID: "05/Q18", Title: "Le tirage d'une case nulle, programmé (`choix_position`)", Points: 2},
	Ref:      domination.ReservoirZero,
	Cases: []ReservoirCase{
		{Row: []int{0, 1, 2}, Draws: 200, Seed: 1},
		{Row: []int{3, 1, 0}, Draws: 200, Seed: 2},
		{Row: []int{1, 2, 1}, Draws: 50, Seed: 3},
		{Row: []int{}, Draws: 10, Seed: 4},
		{Row: []int{0, 0}, Draws: 4000, Seed: 5},
		{Row: []int{0, 1, 0, 0, 2, 0, 0}, Draws: 10000, Seed: 6},
		{Row: []int{0, 0, 0, 0, 0, 0, 0, 0, 0, 0}, Draws: 20000, Seed: 7},
		{Row: []int{2, 0, 1, 0, 0}, Draws: 9000, Seed: 8},
	},
	Call: func(f func([]int, *rand.Rand) (int, bool), in ReservoirCase) ReservoirOut {
		out := ReservoirOut{Hits: make([]int, len(in.Row))}
		draw := func(seed uint64) []int {
			rng := rand.New(rand.NewPCG(seed, 0x5eed))
			var seq []int
			for range in.Draws {
				i, ok := f(slices.Clone(in.Row), rng)
				if !ok {
					i = -2
				}
				seq = append(seq, i)
			}
			return seq
		}
		seq := draw(in.Seed)
		for _, i := range seq {
			switch {
			case i == -2:
				out.Missed++
			case i < 0 && i != -2 || i >= len(in.Row) || in.Row[i] != 0:
				out.Invalid++
			default:
				out.Hits[i]++
			}
		}
		// The index returned with false is seen again here, apart.
		rng := rand.New(rand.NewPCG(in.Seed, 0x5eed))
		for range min(in.Draws, 50) {
			if i, ok := f(slices.Clone(in.Row), rng); !ok && i != -1 {
				out.NotMinus++
			}
		}
		out.Reproducible = slices.Equal(seq, draw(in.Seed))
		out.Follows = !slices.Equal(seq, draw(in.Seed+1000))
		return out
	},
	Want: func(in ReservoirCase) ReservoirOut {
		out := ReservoirOut{Hits: make([]int, len(in.Row)), Reproducible: true, Follows: true}
		zeros := zerosOf(in.Row)
		if len(zeros) == 0 {
			out.Missed = in.Draws
			return out
		}
		for k, i := range zeros { // the expected frequencies, spread evenly
			out.Hits[i] = in.Draws / len(zeros)
			if k < in.Draws%len(zeros) {
				out.Hits[i]++
			}
		}
		return out
	},
	Input: func(in ReservoirCase) string {
		return fmt.Sprintf("ligne %v, %d tirages (graine %d)", in.Row, grading.Int(in.Draws), in.Seed)
	},
	Format: func(o ReservoirOut) string {
		s := "fréquences " + grading.Ints(o.Hits)
		if o.Invalid > 0 {
			s += fmt.Sprintf(", %s sur une case non nulle ou hors de la ligne", grading.Plural(o.Invalid, "tirage"))
		}
		if o.Missed > 0 {
			s += fmt.Sprintf(", %d fois « pas de zéro »", o.Missed)
		}
		return s
	},
	Judge: judgeDomReservoir,
})

// Q19 asks for RandomCover, the Monte-Carlo bound
// (couverture_par_reines_aleatoire).
var Q19 = grading.Define(&grading.Exercise[func(int, int, domination.Probability, *rand.Rand) (int, []queens.Square, domination.RandomStats, error), RandomCase, RandomOut]{
	Question: grading.Question{ID: "05/Q19", Title: "Le majorant aléatoire (`couverture_par_reines_aleatoire`)", Points: 3},
	Ref:      domination.RandomCover,
	Cases: []RandomCase{
		{N: 1, Trials: 10, Seed: 1},
		{N: 3, Trials: 50, Seed: 2},
		{N: 6, Trials: 0, Seed: 3},
		{N: 4, Trials: 500, Seed: 4, Reach: true},
		{N: 5, Trials: 2000, Seed: 5, Reach: true},
		{N: 6, Trials: 2000, Seed: 6, Reach: true},
		{N: 8, Trials: 4000, Seed: 7, Reach: true},
		{N: 12, Trials: 300, Seed: 8},
		{N: 0, Trials: 10, Seed: 9},
		{N: 5, Trials: -1, Seed: 10},
	},
	Call: func(f func(int, int, domination.Probability, *rand.Rand) (int, []queens.Square, domination.RandomStats, error), in RandomCase) RandomOut {
		best, qs, st, err := f(in.N, in.Trials, domination.FixedProbability, newRand(in.Seed))
		best2, qs2, st2, err2 := f(in.N, in.Trials, domination.FixedProbability, newRand(in.Seed))
		same := best == best2 && slices.Equal(qs, qs2) && st == st2 && (err == nil) == (err2 == nil)
		return RandomOut{Best: best, Queens: qs, Stats: st, Err: grading.ErrOf(err), Same: same}
	},
	Want: func(in RandomCase) RandomOut {
		best, qs, st, err := domination.RandomCover(in.N, in.Trials, domination.FixedProbability, newRand(in.Seed))
		out := RandomOut{Best: best, Queens: qs, Stats: st, Err: grading.ErrOf(err), Same: true}
		if in.N > 0 && in.N < len(independentDomination) {
			out.Min = independentDomination[in.N]
		}
		return out
	},
	Input: func(in RandomCase) string {
		return fmt.Sprintf("n = %d, %s, probabilité fixe (n−1)/n, graine %d", in.N, grading.Plural(in.Trials, "essai"), in.Seed)
	},
	Format: func(o RandomOut) string {
		if o.Err != nil {
			return grading.ErrText(o.Err)
		}
		return fmt.Sprintf("%s : %s ; %s : %s, %s, %s", grading.Plural(o.Best, "reine"), squaresText(o.Queens), grading.Plural(o.Stats.Trials, "essai"),
			grading.Plural(o.Stats.Failures, "échec"), grading.Plural(o.Stats.Prunings, "élagage"), grading.Plural(o.Stats.Improvements, "amélioration"))
	},
	Judge: judgeDomRandom,
	Board: func(in RandomCase, got, _ RandomOut) *board.Board { return placementBoard(in.N, got.Queens) },
})

// Q20 is the written answer: bounds for n = 20, 30, 100.
var Q20 = grading.Prose("05/Q20", "Des majorants pour *n* = 20, 30 et 100 (réponse rédigée)", 1)

// Q21 is the written answer: the cost of the random method.
var Q21 = grading.Prose("05/Q21", "Complexité (réponse rédigée)", 2)

// Q22a is the written answer: another probability p, proposed and
// justified.
var Q22a = grading.Prose("05/Q22a", "Proposer une autre probabilité (réponse rédigée)", 1)

// Q22b asks for the probability proposed in Q22a, which depends on the
// state of the trial (AdaptiveProbability): the check cannot expect one
// formula, so it checks the properties any sensible proposal has, on every
// state of a few boards (see probabilityFault).
var Q22b = grading.Define(&grading.Exercise[func(int, int, int, int) float64, ProbabilityCase, ProbabilityOut]{
	Question: grading.Question{ID: "05/Q22b", Title: "Votre probabilité, programmée", Points: 1},
	Ref:      domination.AdaptiveProbability,
	Cases:    []ProbabilityCase{{N: 1}, {N: 2}, {N: 3}, {N: 5}, {N: 8}, {N: 12}, {N: 20}, {N: 30}},
	Call:     probabilityFault,
	Input: func(in ProbabilityCase) string {
		return fmt.Sprintf("n = %d, tous les états : ligne 0 à n − 1, 0 à n reines posées, meilleur 1 à n", in.N)
	},
	Format: formatDomProbability,
	Judge: func(in ProbabilityCase, got, _ ProbabilityOut) (bool, string) {
		return got.Fault == "", probabilityNote(got)
	},
})

// Q23 is the written answer: failures, prunings and improvements, with
// both probabilities.
var Q23 = grading.Prose("05/Q23", "Échecs, élagages, améliorations (réponse rédigée)", 1)

// Q24a is the written answer: a parallel version of the random trials,
// proposed.
var Q24a = grading.Prose("05/Q24a", "Proposer une version parallèle (réponse rédigée)", 1)

// Q24b asks for RandomCoverParallel, the version proposed in Q24a: the
// trials of Q19 shared among goroutines, the best bound under one mutex
// (the sujet's threads). The check's probability watches its callers: the
// workers must be inside it at the same time (see runParallel).
var Q24b = grading.Define(&grading.Exercise[func(int, int, int, domination.Probability, uint64) (int, []queens.Square, domination.RandomStats, error), ParallelCase, ParallelOut]{
	Question: grading.Question{ID: "05/Q24b", Title: "Votre version parallèle, programmée", Points: 2, Race: true,
		Requires: []string{"go", "sync.Mutex|sync.RWMutex"}},
	Ref:    domination.RandomCoverParallel,
	Varies: true, // the bound found depends on the goroutines' race
	Cases: []ParallelCase{
		{N: 1, Trials: 10, Workers: 2, Seed: 1},
		{N: 3, Trials: 50, Workers: 3, Seed: 2},
		{N: 6, Trials: 0, Workers: 2, Seed: 3},
		{N: 4, Trials: 500, Workers: 2, Seed: 4, Reach: true},
		{N: 5, Trials: 2000, Workers: 3, Seed: 5, Reach: true},
		{N: 6, Trials: 2000, Workers: 2, Seed: 6, Reach: true},
		{N: 8, Trials: 4000, Workers: 4, Seed: 7, Reach: true},
		{N: 12, Trials: 300, Workers: 2, Seed: 8},
		{N: 5, Trials: 3, Workers: 8, Seed: 9},
		{N: 0, Trials: 10, Workers: 2, Seed: 10},
		{N: 5, Trials: -1, Workers: 2, Seed: 11},
		{N: 5, Trials: 10, Workers: 0, Seed: 12},
	},
	Call: runParallel,
	Want: func(in ParallelCase) ParallelOut {
		out := runParallel(domination.RandomCoverParallel, in)
		if out.Err == nil {
			out.Start = startMost(in.N)
			out.Need = min(in.Workers, in.Trials)
		}
		return out
	},
	Input: func(in ParallelCase) string {
		return fmt.Sprintf("n = %d, %s, %s, probabilité fixe (n−1)/n, graine %d", in.N, grading.Plural(in.Trials, "essai"), grading.Plural(in.Workers, "travailleur"), in.Seed)
	},
	Format: func(o ParallelOut) string {
		if o.Err != nil {
			return grading.ErrText(o.Err)
		}
		s := fmt.Sprintf("%s : %s ; %s : %s, %s, %s ; au plus %s de p en même temps", grading.Plural(o.Best, "reine"), squaresText(o.Queens), grading.Plural(o.Stats.Trials, "essai"),
			grading.Plural(o.Stats.Failures, "échec"), grading.Plural(o.Stats.Prunings, "élagage"), grading.Plural(o.Stats.Improvements, "amélioration"), grading.Plural(o.Most, "appel"))
		if o.LateTimedOut {
			s += fmt.Sprintf(", puis %d au %de essai de chaque travailleur", o.LateMost, grading.Int(o.LateTrial))
		}
		if o.Fresh > o.Stats.Trials || o.Started < o.Stats.Trials {
			s += fmt.Sprintf(" ; %s (p sur la ligne 0 sans reine posée)", grading.Plurals(o.Fresh, "essai commencé", "essais commencés"))
		}
		return s
	},
	Example: func(_ ParallelCase, o ParallelOut) bool { return o.Err == nil },
	Judge:   judgeDomParallel,
	Board: func(in ParallelCase, got, _ ParallelOut) *board.Board {
		return placementBoard(in.N, got.Queens)
	},
})

// Q25 is the written answer: the resources the goroutines of Q24b share.
var Q25 = grading.Prose("05/Q25", "Les ressources partagées (réponse rédigée)", 1)

// Q26 is the written answer: what to show of a parallel run.
var Q26 = grading.Prose("05/Q26", "Suivre le déroulement (réponse rédigée)", 1)

// Q29 asks for CoverByQueensWorkers: workers, a channel and cancellation,
// beyond the sujet.
var Q29 = grading.Define(&grading.Exercise[func(context.Context, int, int, func(domination.TraceEvent)) ([]queens.Square, domination.SearchStats, error), WorkersCase, WorkersOut]{
	Question: grading.Question{ID: "05/Q29", Title: "Des travailleurs, un canal, une annulation", Points: 3, Race: true, Optional: true,
		Requires: []string{"go", "chan"}},
	Ref:    domination.CoverByQueensWorkers,
	Varies: true, // which minimum placement, and the trace, depend on the workers' race
	Cases: []WorkersCase{
		{N: 1, Workers: 1}, {N: 4, Workers: 2}, {N: 5, Workers: 1}, {N: 6, Workers: 3},
		{N: 7, Workers: 2}, {N: 8, Workers: 2}, {N: 8, Workers: 2, Cancel: true}, {N: 0, Workers: 2},
	},
	Call: func(f func(context.Context, int, int, func(domination.TraceEvent)) ([]queens.Square, domination.SearchStats, error), in WorkersCase) WorkersOut {
		return runWorkers(f, in)
	},
	Input: func(in WorkersCase) string {
		s := fmt.Sprintf("n = %d, %s", in.N, grading.Plural(in.Workers, "travailleur"))
		if in.Cancel {
			s += ", contexte déjà annulé"
		}
		return s
	},
	Format: func(o WorkersOut) string {
		s := fmt.Sprintf("%s : %s", grading.Plural(len(o.Queens), "reine"), squaresText(o.Queens))
		if o.Err != nil {
			s = grading.ErrText(o.Err)
		}
		return fmt.Sprintf("%s ; trace : %s, %s, meilleurs successifs %v", s, grading.Plurals(len(o.Started), "démarré", "démarrés"), grading.Plurals(len(o.Done), "terminé", "terminés"), o.Improved)
	},
	Example: func(_ WorkersCase, o WorkersOut) bool { return o.Err == nil && len(o.Queens) > 0 },
	Judge:   judgeDomWorkers,
	Board: func(in WorkersCase, got, _ WorkersOut) *board.Board {
		if in.Cancel {
			return nil
		}
		return placementBoard(in.N, got.Queens)
	},
})

// Q27 is the written answer: queens that may attack each other, n = 4.
var Q27 = grading.Prose("05/Q27", "L'échiquier 4 × 4 sans la règle de non-attaque (réponse rédigée)", 1)

// Q28 asks for DominateByQueens, domination without the non-attacking
// rule.
var Q28 = countExercise("05/Q28", "Dominer sans la règle de non-attaque", 3, domination.DominateByQueens,
	[]grading.Sized{{N: 1}, {N: 2}, {N: 3}, {N: 4}, {N: 5}, {N: 6}, {N: 7}, {N: 0}}, false)

// Q30 is the written answer on the trace and the speed-ups, beyond the
// sujet.
var Q30 = grading.OptionalProse("05/Q30", "La trace et les accélérations (réponse rédigée)", 1)

// countExercise declares a question answered by a search that returns
// the minimum, the number of minimum placements and its nodes, checked
// against ref on cases; independent says whether the queens must not
// attack each other (see judgeDomCount).
func countExercise(id, title string, points int, ref func(int) (int, int64, domination.SearchStats, error), cases []grading.Sized, independent bool) *grading.Exercise[func(int) (int, int64, domination.SearchStats, error), grading.Sized, SearchOut] {
	return grading.Define(&grading.Exercise[func(int) (int, int64, domination.SearchStats, error), grading.Sized, SearchOut]{
		Question: grading.Question{ID: id, Title: title, Points: points},
		Ref:      ref,
		Cases:    cases,
		Call: func(f func(int) (int, int64, domination.SearchStats, error), in grading.Sized) SearchOut {
			m, c, st, err := f(in.N)
			return SearchOut{Min: m, Count: c, Nodes: st.Nodes, Err: grading.ErrOf(err)}
		},
		Input:  grading.Sized.String,
		Format: formatDomCount,
		Judge:  judgeDomCount(independent),
	})
}

// searchExercise declares a question answered by a search for i(Q_n)
// that counts its nodes, checked against ref on n = 0 … 8; pruned says
// whether the search prunes at r ≥ best.
func searchExercise(id, title string, points int, ref func(int) (int, domination.SearchStats, error), pruned bool) *grading.Exercise[func(int) (int, domination.SearchStats, error), grading.Sized, SearchOut] {
	return grading.Define(&grading.Exercise[func(int) (int, domination.SearchStats, error), grading.Sized, SearchOut]{
		Question: grading.Question{ID: id, Title: title, Points: points},
		Ref:      ref,
		Cases:    []grading.Sized{{N: 1}, {N: 2}, {N: 3}, {N: 4}, {N: 5}, {N: 6}, {N: 7}, {N: 8}, {N: 0}},
		Call: func(f func(int) (int, domination.SearchStats, error), in grading.Sized) SearchOut {
			m, st, err := f(in.N)
			return SearchOut{Min: m, Nodes: st.Nodes, Err: grading.ErrOf(err)}
		},
		Want: func(in grading.Sized) SearchOut {
			m, st, err := ref(in.N)
			out := SearchOut{Min: m, Nodes: st.Nodes, Err: grading.ErrOf(err)}
			if pruned && err == nil {
				_, all, _ := domination.CoverByQueensExhaustive(in.N)
				out.Exhaustive = all.Nodes
			}
			return out
		},
		Input:  grading.Sized.String,
		Format: formatDomMin,
		Judge:  judgeDomSearch(pruned),
	})
}
