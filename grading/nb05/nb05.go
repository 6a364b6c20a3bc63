// Package nb05 declares the questions of notebook 05, queen domination
// (TP 17, « le problème des 5 reines »; reference answers: tp/domination),
// and the data its demonstrations show. A coverage built by the reference
// functions travels with its case as data; the student's function runs on
// a copy, and the state it leaves (counts, queens, number of uncovered
// squares) or the answer it gives is compared with the reference's.
// Searches report their number of nodes (calls of the recursive function),
// which is what tells a pruning r ≥ best from r > best. Failing cases are
// drawn as heat maps: the number of queens covering each square, uncovered
// squares crossed. The hidden cases are in hidden.go (teacher's edition
// only).

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
	)
}

// CoverageCase is an input of Q4: the coverage C of the N×N board by
// Queens, built with the reference answers when the cases are made.
type CoverageCase struct {
	N           int
	Independent bool
	Queens      []queens.Square
	C           *domination.Coverage
}

// Op is one call of Update: add (Delta = +1) or remove (Delta = −1) a
// queen on (Row, Col), 0-based.
type Op struct{ Row, Col, Delta int }

// UpdateCase is an input of Q5: Ops applied in order to the
// empty N×N board.
type UpdateCase struct {
	N           int
	Independent bool
	Ops         []Op
	What        string // what the case tests, in French (may be empty)
}

// State is the coverage after one call of Update, and what the call
// returned.
type State struct {
	Err       *grading.Err
	Count     [][]int
	Queen     [][]bool
	Uncovered int
}

// UpdateOut is the state after each operation of a [UpdateCase].
type UpdateOut struct{ Steps []State }

// PlacementOut is what a function returning a placement gives: the
// queens and the error message ("" for none).
type PlacementOut struct {
	Queens []queens.Square
	Err    *grading.Err
}

// BoundOut is what LowerBound returns. Min, filled by the reference
// only, is i(Q_n) where it is known, 0 beyond.
type BoundOut struct {
	Bound int
	Err   *grading.Err
	Min   int `json:",omitempty"`
}

// SearchOut is what the sujet's searches return: the minimum, the number
// of minimum placements, a placement, the number of nodes and the error
// message; each question fills the fields its function returns.
type SearchOut struct {
	Min    int
	Count  int64
	Queens []queens.Square
	Nodes  int64
	Err    *grading.Err
	// Exhaustive, filled by the reference only, is the number of nodes of
	// the search without pruning (Q7), which a pruned search must beat.
	Exhaustive int64 `json:",omitempty"`
}

// ReservoirCase is an input of Q18: Draws calls of the
// function on Row with one generator seeded by Seed.
type ReservoirCase struct {
	Row   []int
	Draws int
	Seed  uint64
}

// ReservoirOut sums up the draws of a [ReservoirCase]: how often each
// index was returned (with true), how many draws returned an index that is
// not a zero of the row, how many returned false, and how many of those did
// not return −1; whether the same draws with the same seed gave the same
// indices (Reproducible), and with another seed other ones (Follows: the
// choice depends on the random source).
type ReservoirOut struct {
	Hits         []int
	Invalid      int
	Missed       int
	NotMinus     int
	Reproducible bool
	Follows      bool
}

// RandomCase is an input of Q19: Trials trials on the N×N
// board with the fixed probability and a generator seeded by Seed. Reach
// says that with so many trials the bound must reach i(Q_n).
type RandomCase struct {
	N, Trials int
	Seed      uint64
	Reach     bool
}

// RandomOut is what RandomCover returns, and whether a
// second call with the same seed returned exactly the same. Min (i(Q_n))
// is filled by the reference only.
type RandomOut struct {
	Best   int
	Queens []queens.Square
	Stats  domination.RandomStats
	Err    *grading.Err
	Same   bool
	Min    int
}

// ProbabilityCase is an input of Q22b: the N×N board, on which the
// probability is called on every state 0 ≤ Row < N, 0 ≤ Placed ≤ N,
// 1 ≤ Best ≤ N (only N is set in a case; the other fields name the state
// where a property fails).
type ProbabilityCase struct{ N, Row, Placed, Best int }

// ProbabilityOut is the first property of a probability of Q22b that
// fails on a board, if any (see [probabilityFault]): Fault names it
// ("" when every property holds), At is the state, Value (and Other, for
// the second value compared) what the probability gave there, as text
// (NaN and infinities do not travel in JSON).
type ProbabilityOut struct {
	Fault        string
	At, AtOther  ProbabilityCase
	Value, Other string
}

// ParallelCase is an input of Q24b: Trials trials on the N×N board shared
// among Workers goroutines, the fixed probability, generators derived from
// Seed; Reach says that with so many trials the bound must reach i(Q_n).
type ParallelCase struct {
	N, Trials, Workers int
	Seed               uint64
	Reach              bool
}

// ParallelOut is what RandomCoverParallel returns and what the watches
// of its calls of p saw (see [runParallel]): the most
// calls inside p at once, the goroutines that called it during the
// watches, whether the first watch gave up waiting for the workers to
// overlap; Started is the number of calls of p that begin a trial (on row
// 0 with no queen placed), Fresh those that follow another call of p in
// their goroutine (see trialCounts); LateTrial is the trial of each goroutine at which the
// second watch waits (0: none), LateMost and LateTimedOut what it saw. Start (the
// most queens the student's start, a valid answer of Q2b, can hold: see
// startMost) and Need (the calls that must overlap) are filled by the
// reference only.
type ParallelOut struct {
	Best         int
	Queens       []queens.Square
	Stats        domination.RandomStats
	Err          *grading.Err
	Most         int
	Callers      int
	TimedOut     bool
	Started      int64
	Fresh        int64
	LateTrial    int  `json:",omitempty"`
	LateMost     int  `json:",omitempty"`
	LateTimedOut bool `json:",omitempty"`
	Start        int
	Need         int
}

// WorkersCase is an input of Q29: the N×N board, Workers
// goroutines, the context cancelled before the call if Cancel.
type WorkersCase struct {
	N, Workers int
	Cancel     bool
}

// WorkersOut is what CoverByQueensWorkers returns, with its
// trace summed up: the workers that started and finished, the successive
// best values of the Improved events, the sub-problems searched.
type WorkersOut struct {
	Queens   []queens.Square
	Err      *grading.Err
	Started  []int
	Done     []int
	Improved []int
	Tasks    int
}

// The questions follow the sujet's numbering: question k of the notebook
// answers question k of the sujet; where the notebook asks a written answer
// and then its code, they are parts a and b (05/Q3a, 05/Q3b). Questions 29
// and 30 go beyond the sujet (notebooks/src/05-domination.sujet).

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

// Q4 asks for Complete: does the coverage reach every square (sujet:
// finale)?
var Q4 = grading.Define(&grading.Exercise[func(*domination.Coverage) bool, CoverageCase, bool]{
	Question: grading.Question{ID: "05/Q4", Title: "La couverture est-elle complète ? (`finale`)", Points: 1},
	Ref:      domination.Complete,
	Computed: func() []CoverageCase {
		return withCoverage([]CoverageCase{
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

// withCoverage returns the cases with their coverage built.
func withCoverage(cs []CoverageCase) []CoverageCase {
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
