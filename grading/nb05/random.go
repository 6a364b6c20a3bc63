package nb05

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/prepa-reines/reines/grading"
	"github.com/prepa-reines/reines/grading/internal/watch"
	"github.com/prepa-reines/reines/tp/domination"
	"github.com/prepa-reines/reines/tp/queens"
)

// The faults of a probability of Q22b, in the order they are looked for.
const (
	faultRange    = "range"    // a value outside [0, 1], NaN or infinite
	faultRandom   = "random"   // two calls on one state gave two values
	faultMonotone = "monotone" // more queens placed, a higher probability
	faultConstant = "constant" // the same value on every state of the board
	faultBinary   = "binary"   // only 0 and 1: every trial makes the same choices
)

// probabilityFault calls p on every state of the in.N×in.N board
// (0 ≤ row < n, 0 ≤ placed ≤ n, 1 ≤ best ≤ n, each twice) and returns the
// first property that fails, in that order: a probability in [0, 1] (never
// NaN or infinite, even on the last row or once placed ≥ best, which
// RandomCover never asks but a formula must survive); the same value for
// the same state (no randomness of its own); for placed < best, not higher
// when more queens are placed, the other arguments equal; and, from n = 5
// on, a value that depends on the state (row, placed, best), and some value
// strictly between 0 and 1 (a probability of only 0 and 1 makes every
// trial the same). Cost 2·n²(n+1) calls of p.
func probabilityFault(p func(int, int, int, int) float64, in ProbabilityCase) ProbabilityOut {
	n := in.N
	at := func(row, placed, best int) ProbabilityCase {
		return ProbabilityCase{N: n, Row: row, Placed: placed, Best: best}
	}
	text := func(v float64) string { return strings.Replace(strconv.FormatFloat(v, 'g', 6, 64), ".", ",", 1) } // French decimal comma
	// v[row][placed][best-1]
	v := make([][][]float64, n)
	for row := range n {
		v[row] = make([][]float64, n+1)
		for placed := 0; placed <= n; placed++ {
			v[row][placed] = make([]float64, n)
			for best := 1; best <= n; best++ {
				x := p(n, row, placed, best)
				if math.IsNaN(x) || x < 0 || x > 1 {
					return ProbabilityOut{Fault: faultRange, At: at(row, placed, best), Value: text(x)}
				}
				v[row][placed][best-1] = x
			}
		}
	}
	for row := range n {
		for placed := 0; placed <= n; placed++ {
			for best := 1; best <= n; best++ {
				if x := p(n, row, placed, best); x != v[row][placed][best-1] {
					return ProbabilityOut{Fault: faultRandom, At: at(row, placed, best), Value: text(v[row][placed][best-1]), Other: text(x)}
				}
			}
		}
	}
	for row := range n {
		for best := 1; best <= n; best++ {
			for placed := 1; placed < best; placed++ {
				if a, b := v[row][placed-1][best-1], v[row][placed][best-1]; b > a+1e-12 {
					return ProbabilityOut{Fault: faultMonotone, At: at(row, placed-1, best), AtOther: at(row, placed, best), Value: text(a), Other: text(b)}
				}
			}
		}
	}
	if n < 5 {
		return ProbabilityOut{}
	}
	first, varies, strict := v[0][0][0], false, false
	for row := range n {
		for placed := 0; placed < n; placed++ {
			for best := placed + 1; best <= n; best++ { // the states RandomCover asks about
				x := v[row][placed][best-1]
				varies = varies || x != first
				strict = strict || x > 0 && x < 1
			}
		}
	}
	switch {
	case !varies:
		return ProbabilityOut{Fault: faultConstant, At: at(0, 0, 1), Value: text(first)}
	case !strict:
		return ProbabilityOut{Fault: faultBinary}
	}
	return ProbabilityOut{}
}

// stateText is a state of Q22b in French: "ligne 3, 2 reines posées,
// meilleur 5" (row 0-based, as the function receives it).
func stateText(s ProbabilityCase) string {
	return fmt.Sprintf("p(%d, %d, %d, %d) (ligne %d, %s, meilleur %d)", s.N, s.Row, s.Placed, s.Best, s.Row,
		grading.Plurals(s.Placed, "reine posée", "reines posées"), s.Best)
}

// formatDomProbability prints the outcome of the checks of Q22b.
func formatDomProbability(o ProbabilityOut) string {
	switch o.Fault {
	case "":
		return "une probabilité dans [0, 1], la même pour le même état, qui ne croît pas avec le nombre de reines posées et dépend de l'état"
	case faultRange, faultConstant:
		return stateText(o.At) + " = " + o.Value
	case faultRandom:
		return fmt.Sprintf("%s = %s, puis %s", stateText(o.At), o.Value, o.Other)
	case faultMonotone:
		return fmt.Sprintf("%s = %s, mais %s = %s", stateText(o.At), o.Value, stateText(o.AtOther), o.Other)
	}
	return "des valeurs 0 ou 1 seulement"
}

// probabilityNote says in French why a probability of Q22b fails.
func probabilityNote(o ProbabilityOut) string {
	switch o.Fault {
	case "":
		return ""
	case faultRange:
		return "une probabilité est un nombre de [0, 1], pour tous les arguments possibles, y compris la dernière ligne (row = n − 1) et placed ≥ best : plafonnez à 1, ne descendez pas sous 0, évitez les divisions par zéro"
	case faultRandom:
		return "deux appels avec les mêmes arguments doivent donner la même probabilité : c'est RandomCover qui tire au hasard (rng.Float64() < p), pas p"
	case faultMonotone:
		return "la probabilité de poser une reine ne doit pas augmenter quand l'essai en a déjà posé davantage : il lui en reste alors moins avant d'égaler le meilleur"
	case faultConstant:
		return "la même probabilité pour tous les états : elle doit dépendre de l'état de l'essai (ligne, reines posées, meilleur), pas seulement de n"
	}
	return "votre probabilité ne vaut que 0 ou 1 : chaque essai fait alors les mêmes choix de lignes, le hasard ne joue plus (division entière ? convertissez en float64 avant de diviser)"
}

// Waits of the watches of Q24b (see runParallel and package watch).
var (
	overlapWait = grading.Scaled(2 * time.Second) // longest wait for the workers to overlap: 2 s at the default limit
	graceWait   = 20 * time.Millisecond           // then how long a watch stays open for further callers
)

// trialCounts counts, per goroutine (in slots, see watch.Slots), the
// trials begun in a case of Q24b: each trial of the statement calls p once
// on row 0 with no queen placed (see trialStart), so every trial makes at
// least one such call, however it is written. An answer may ask p twice
// for the same decision (the same draw, the same result): fresh counts
// only the calls on row 0 whose goroutine called p elsewhere since its
// previous one, which is every trial for n ≥ 4 (the best holds two queens
// or more there, so that each trial calls p on row 1 too) and at most
// every trial for any n. The counters are atomic, one slot per goroutine,
// so the workers share no memory through them (an atomic orders only the
// accesses to the same word: the race detector still sees the races
// between workers).
type trialCounts struct {
	starts [watch.Slots]atomic.Int64 // calls of p that begin a trial
	fresh  [watch.Slots]atomic.Int64 // those whose goroutine called p elsewhere since its last one (or never before)
	inRow0 [watch.Slots]atomic.Bool  // the goroutine's last call of p began a trial
}

// call counts a call of p by the calling goroutine and returns the
// number of trials it has begun, 0 unless this call begins one.
func (t *trialCounts) call(row, placed int) int64 {
	g := watch.Goroutine() % watch.Slots
	if !trialStart(row, placed) {
		t.inRow0[g].Store(false)
		return 0
	}
	if !t.inRow0[g].Swap(true) {
		t.fresh[g].Add(1)
	}
	return t.starts[g].Add(1)
}

// totals returns the trials begun by every goroutine: all the calls that
// begin one, and the fresh ones (see trialCounts).
func (t *trialCounts) totals() (starts, fresh int64) {
	for g := range t.starts {
		starts += t.starts[g].Load()
		fresh += t.fresh[g].Load()
	}
	return starts, fresh
}

// lateTrial is the trial, counted per goroutine, at which each worker
// enters the second watch of a case of Q24b (0: none): half a worker's
// share, so every worker of an even split reaches it while the others
// still work; with trials handed out as they go, the workers waiting there
// take no more, and those still short of it get at least half the trials.
// Cases of fewer than 4 trials per worker have no second watch (it would
// be the first trial, which the first watch sees).
func lateTrial(in ParallelCase) int {
	if in.N < 1 || in.Workers < 1 || in.Trials/in.Workers < 4 {
		return 0
	}
	return in.Trials / in.Workers / 2
}

// trialStart says whether a call of p starts a trial: each trial of the
// statement begins with a call of p on row 0 with no queen placed (it
// cannot be pruned there, the best holding at least one queen), and no
// other call has those arguments.
func trialStart(row, placed int) bool { return row == 0 && placed == 0 }

// runParallel runs a parallel random search on a case, with the fixed
// probability watched by two watches (package watch; each call made while
// one is open waits there, so the workers that do run at once are seen
// together; once closed a watch adds no synchronization that would hide
// the student's data races from the race detector): the first from the
// first call, the second from each goroutine's lateTrial-th trial, so that
// workers that meet in p at the start only (a first call each, then the
// trials one after the other) are seen; when the first gives up (the
// workers never met) the second is closed (see watch.Options.Then). The
// calls inside at once come from as many goroutines (each is blocked in
// p). The trials are counted by their calls of p on row 0 (see
// trialCounts), read once the answer has returned: every trial must begin
// with a call (p's values are not kept aside, the trials are not run
// elsewhere), and no more fresh calls begin trials than there are trials
// (calls of p made only to be seen by the watches, then the trials in one
// goroutine, do not pass for trials where n ≥ 4).
func runParallel(f func(int, int, int, domination.Probability, uint64) (int, []queens.Square, domination.RandomStats, error), in ParallelCase) ParallelOut {
	need := 0
	if in.N > 0 && in.Trials > 0 && in.Workers > 0 {
		need = min(in.Workers, in.Trials)
	}
	k := int64(lateTrial(in))
	lateNeed := 0
	if k > 0 {
		lateNeed = need
	}
	late := watch.New(lateNeed, watch.Options{Wait: overlapWait, Grace: graceWait})
	w := watch.New(need, watch.Options{Wait: overlapWait, Grace: graceWait, Then: late})
	counts := new(trialCounts)
	p := func(n, row, placed, best int) float64 {
		w.Enter()
		if counts.call(row, placed) == k && k > 0 {
			late.Enter()
		}
		return domination.FixedProbability(n, row, placed, best)
	}
	best, qs, st, err := f(in.N, in.Trials, in.Workers, p, in.Seed)
	first, second := w.Close(), late.Close()
	started, fresh := counts.totals()
	return ParallelOut{Best: best, Queens: qs, Stats: st, Err: grading.ErrOf(err), Most: first.Most, Callers: max(first.Callers, second.Callers), TimedOut: first.TimedOut && need > 0,
		Started: started, Fresh: fresh, LateTrial: int(k), LateMost: second.Most, LateTimedOut: second.TimedOut && lateNeed > 0}
}

// startMost returns the most queens a valid answer of Q2b can place on the
// n×n board (n ≥ 1): the student's RandomCoverParallel starts from the
// student's own IndependentDominatingSet, which the check cannot see, and
// any maximal set of pairwise non-attacking queens is a valid answer. The
// largest is the independence number of the queen graph: n for n ≥ 4 (a
// solution of the n-queens problem), 1 for n ≤ 2, 2 for n = 3.
func startMost(n int) int {
	switch {
	case n <= 2:
		return 1
	case n == 3:
		return 2
	}
	return n
}

// judgeDomParallel checks the parallel bound: the error, a valid placement
// no larger than any valid start, statistics that add up, no more goroutines
// calling p than workers, the workers inside p at the same time, and
// i(Q_n) reached where the trials are many.
func judgeDomParallel(in ParallelCase, got, want ParallelOut) (bool, string) {
	if ok, note := grading.SameError(got.Err, want.Err); !ok || want.Err != nil {
		if !ok && want.Err != nil && in.Workers < 1 {
			note = "workers < 1 : renvoyez domination.ErrWorkers"
		}
		return ok, note
	}
	if got.Best != len(got.Queens) {
		return false, fmt.Sprintf("le nombre renvoyé (%d) doit être le nombre de reines du placement (%d)", got.Best, len(got.Queens))
	}
	if note := invalid(in.N, got.Queens, true); note != "" {
		return false, note + " (chaque travailleur a-t-il sa propre couverture ? le meilleur placement est-il copié sous le verrou ?)"
	}
	if in.N < len(independentDomination) && got.Best < independentDomination[in.N] {
		return false, fmt.Sprintf("%s : impossible, i(Q_%d) = %d", grading.Plural(got.Best, "reine"), in.N, independentDomination[in.N])
	}
	if got.Best > want.Start {
		return false, fmt.Sprintf("%s : le meilleur part du placement de votre IndependentDominatingSet(n), qui n'a jamais plus de %s sur cet échiquier, et ne peut que baisser", grading.Plural(got.Best, "reine"), grading.Plural(want.Start, "reine"))
	}
	st := got.Stats
	if st.Trials != int64(in.Trials) {
		return false, fmt.Sprintf("Stats.Trials = %d : les travailleurs doivent faire, à eux tous, les %d essais (additionnez leurs statistiques après wg.Wait())", grading.Int(st.Trials), grading.Int(in.Trials))
	}
	if st.Failures < 0 || st.Prunings < 0 || st.Improvements < 0 || st.Failures+st.Prunings+st.Improvements > st.Trials {
		return false, "chaque essai est au plus un échec, un élagage ou une amélioration : leurs nombres ne peuvent dépasser celui des essais"
	}
	if st.Improvements > int64(want.Start-got.Best) {
		return false, fmt.Sprintf("%s, mais le meilleur finit à %s en partant d'au plus %s (le placement de votre IndependentDominatingSet(n) sur cet échiquier), et chaque amélioration retire au moins une reine : une amélioration doit être comptée sous le verrou, après avoir vérifié que l'essai fait mieux que le meilleur actuel",
			grading.Plural(st.Improvements, "amélioration"), grading.Plural(got.Best, "reine"), grading.Plural(want.Start, "reine"))
	}
	if got.Most > in.Workers || got.Callers > in.Workers {
		return false, fmt.Sprintf("%d goroutines ont appelé p pour %s : lancez exactement workers goroutines qui se partagent les essais, pas une par essai", max(got.Most, got.Callers), grading.Plural(in.Workers, "travailleur"))
	}
	if got.Fresh > st.Trials {
		return false, fmt.Sprintf("%s (par un appel de p sur la ligne 0 sans reine posée) pour %s : chaque essai commence par un tel appel, une seule fois, et p ne s'appelle que pour décider de poser une reine dans un essai",
			grading.Plurals(got.Fresh, "essai commencé", "essais commencés"), grading.Plural(st.Trials, "essai"))
	}
	if got.Started < st.Trials && in.N > 0 {
		return false, fmt.Sprintf("p n'a été appelée sur la ligne 0 sans reine posée que %s pour %s : chaque essai commence par cet appel, dans la goroutine de son travailleur, sans garder ses valeurs de côté",
			grading.Plural(got.Started, "fois"), grading.Plural(st.Trials, "essai"))
	}
	if got.TimedOut && want.Need > 0 {
		return false, fmt.Sprintf("en %s, jamais %d appels de p en même temps (au plus %d) : les essais ne se font pas en parallèle. Chaque travailleur fait ses essais dans sa propre goroutine, lancée avant d'attendre (wg.Wait() après la boucle des go) ; le verrou ne protège que la lecture et l'écriture du meilleur, jamais un essai entier ni l'appel de p",
			grading.Seconds(overlapWait), want.Need, got.Most)
	}
	if got.LateTimedOut && want.Need > 0 && got.LateMost == 0 {
		return false, fmt.Sprintf("aucune goroutine n'a commencé %s (un appel de p sur la ligne 0, sans reine posée), alors que chaque travailleur en fait au moins %d : chaque essai doit appeler la fonction p reçue, dans la goroutine de son travailleur, sans garder ses valeurs de côté",
			grading.Plural(got.LateTrial, "essai"), in.Trials/in.Workers)
	}
	if got.LateTimedOut && want.Need > 0 {
		return false, fmt.Sprintf("les travailleurs ne se retrouvent dans p qu'au début : au %de essai de chaque travailleur, jamais %d appels de p en même temps en %s (au plus %d). Les essais doivent se faire en parallèle du premier au dernier, chaque travailleur faisant les siens dans sa propre goroutine ; le verrou ne protège que la lecture et l'écriture du meilleur, jamais un essai entier ni l'appel de p",
			grading.Int(got.LateTrial), want.Need, grading.Seconds(overlapWait), got.LateMost)
	}
	if in.Reach && in.N < len(independentDomination) && got.Best != independentDomination[in.N] {
		return false, fmt.Sprintf("%d essais auraient dû trouver %d reines (i(Q_%d)) : chaque travailleur a-t-il son propre générateur, la probabilité p est-elle respectée ?", grading.Int(in.Trials), independentDomination[in.N], in.N)
	}
	return true, randomNote(got.Best == want.Best && slices.Equal(got.Queens, want.Queens) && got.Stats == want.Stats)
}

// RandomNote is the note of a random result that passes the checks
// although it differs from the one shown as expected.
const RandomNote = "résultat aléatoire : propriétés vérifiées"

// randomNote is RandomNote unless the result is the one expected.
func randomNote(same bool) string {
	if same {
		return ""
	}
	return RandomNote
}
