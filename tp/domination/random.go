package domination

import (
	"errors"
	"math/rand/v2"

	"github.com/prepa-reines/reines/tp/queens"
)

// ErrTrials is returned by [RandomCover] for a negative number of trials.
var ErrTrials = errors.New("domination: negative number of trials")

// ReservoirZero returns an index i with row[i] == 0 chosen uniformly among
// all such indices, in one pass and O(1) memory (reservoir sampling, whose
// probabilities and proof are the written answers of notebook 05 Q16 and
// Q17), and true; or −1 and false if row has no zero. Cost O(len(row)) and
// one call of rng.IntN per zero.
//
// Answers notebook 05 Q18, sujet name `choix_position`.
func ReservoirZero(row []int, rng *rand.Rand) (int, bool) {
	chosen, zeros := -1, 0
	for i, v := range row {
		if v == 0 {
			zeros++
			if rng.IntN(zeros) == 0 {
				chosen = i
			}
		}
	}
	return chosen, zeros > 0
}

// Probability gives the probability that [RandomCover] tries to put a queen
// on row `row` (0-based) of an n×n board when `placed` queens are already on
// the board and the best coverage so far has `best` queens.
type Probability func(n, row, placed, best int) float64

// FixedProbability is the sujet's choice: a queen is tried on each row with
// probability (n−1)/n, whatever the state.
//
// The probability of notebook 05 Q19 (the sujet's test `Random.int n < n - 1`).
func FixedProbability(n, row, placed, best int) float64 {
	return float64(n-1) / float64(n)
}

// AdaptiveProbability is a [Probability] that depends on the state of the
// trial: the correction's proposal for notebook 05 Q22a, justified there.
// It lies in [0, 1], is the same for the same arguments and does not
// increase with placed. Arguments: 0 ≤ row < n, placed ≥ 0, best ≥ 1.
// Cost O(1).
//
// Answers notebook 05 Q22b (the probability proposed in the written
// Q22a); the sujet leaves the choice of the probability to the student.
func AdaptiveProbability(n, row, placed, best int) float64 {
	return max(0, min(1, float64(best-placed)/float64(n-row)))
}

// RandomStats counts the outcome of the trials of [RandomCover]; divide by
// Trials for the proportions of notebook 05 Q23. Each trial is exactly one of a
// failure, a pruning or a complete coverage (an improvement or not).
type RandomStats struct {
	Trials       int64 // trials run
	Failures     int64 // trials that reached the last row with squares still uncovered
	Prunings     int64 // trials abandoned because they already had as many queens as the best
	Improvements int64 // trials that found a coverage with fewer queens than the best so far
}

// RandomCover returns an upper bound on i(Q_n), with a placement of that
// many pairwise non-attacking queens dominating the n×n board, by the
// sujet's Monte-Carlo method: each trial goes down the rows of an empty
// board; on row i it draws, with probability p(n, i, placed, best), a
// uniformly chosen uncovered square of the row ([ReservoirZero]) and puts a
// queen there (nothing happens if the row is fully covered). A trial that
// already holds best queens is abandoned (pruning); a trial that ends with
// an uncovered square fails; a complete coverage with fewer queens becomes
// the best. The best starts from the placement of
// [IndependentDominatingSet] (n queens for n ≥ 4), so the result is always
// a valid placement. Between trials the queens are removed with [Update],
// which costs less than a new board. Results depend only on rng's seed.
// Cost O(trials · n²) at most; 10⁶ trials take about 20 s for n = 20, a
// minute for n = 30 and 10 to 16 minutes for n = 100 (2-core machine, under
// load), for bounds of 14, 22–23 and 89–91 queens: far from i(Q_20) = 11.
//
// Errors: [ErrBoardSize] for n ≤ 0, [ErrTooLarge] for n > [MaxN], [ErrTrials] for trials < 0.
//
// Answers notebook 05 Q19 (and the written Q20, Q21, Q23), sujet name
// `couverture_par_reines_aleatoire`.
func RandomCover(n, trials int, p Probability,
	rng *rand.Rand) (int, []queens.Square, RandomStats, error) {
	var stats RandomStats
	if trials < 0 {
		return 0, nil, stats, ErrTrials
	}
	bestQueens, err := IndependentDominatingSet(n)
	if err != nil {
		return 0, nil, stats, err
	}
	c, err := NewCoverage(n, true)
	if err != nil {
		return 0, nil, stats, err
	}
	best := len(bestQueens)
	var placed []queens.Square
	for range trials {
		stats.Trials++
		pruned := false
		for i := 0; i < n; i++ {
			if len(placed) >= best {
				pruned = true
				break
			}
			if rng.Float64() < p(n, i, len(placed), best) {
				if j, ok := ReservoirZero(c.Count[i], rng); ok {
					sq := queens.Square{Row: i, Col: j}
					_ = Update(c, sq, 1) // ne peut pas échouer : la case n'est pas couverte
					placed = append(placed, sq)
				}
			}
		}
		switch {
		case pruned:
			stats.Prunings++
		case !Complete(c):
			stats.Failures++
		case len(placed) < best:
			stats.Improvements++
			best = len(placed)
			bestQueens = append([]queens.Square(nil), placed...)
		}
		for _, sq := range placed {
			_ = Update(c, sq, -1) // ne peut pas échouer : la reine y est
		}
		placed = placed[:0]
	}
	return best, bestQueens, stats, nil
}
