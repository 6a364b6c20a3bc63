package nb05

import (
	"context"
	"math"
	"math/rand/v2"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/prepa-reines/reines/grading"
	"github.com/prepa-reines/reines/grading/internal/checktest"
	"github.com/prepa-reines/reines/tp/domination"
	"github.com/prepa-reines/reines/tp/queens"
)

// updateWith returns an Update built from the reference with one mistake:
// the queen's square counted once per direction, or z not maintained on
// removal.
func updateWith(ownSquareEachLine, noZOnRemoval bool) func(*domination.Coverage, queens.Square, int) error {
	return func(c *domination.Coverage, sq queens.Square, delta int) error {
		n, r, col := c.N, sq.Row, sq.Col
		switch {
		case r < 0 || r >= n || col < 0 || col >= n:
			return domination.ErrOffBoard
		case delta != 1 && delta != -1:
			return domination.ErrDelta
		case delta == 1 && c.Queen[r][col]:
			return domination.ErrOccupied
		case delta == 1 && c.Independent && c.Count[r][col] > 0:
			return domination.ErrAttacked
		case delta == -1 && !c.Queen[r][col]:
			return domination.ErrNoQueen
		}
		c.Queen[r][col] = delta == 1
		adjust := func(i, j int) {
			before := c.Count[i][j]
			c.Count[i][j] += delta
			if before == 0 {
				c.Uncovered--
			} else if c.Count[i][j] == 0 && !noZOnRemoval {
				c.Uncovered++
			}
		}
		if ownSquareEachLine {
			// The four lines through the queen, each including its square.
			for j := 0; j < n; j++ {
				adjust(r, j)
			}
			for i := 0; i < n; i++ {
				adjust(i, col)
			}
			for i := 0; i < n; i++ {
				if j := col + i - r; j >= 0 && j < n {
					adjust(i, j)
				}
				if j := col - i + r; j >= 0 && j < n {
					adjust(i, j)
				}
			}
			return nil
		}
		adjust(r, col)
		for _, d := range [8][2]int{{0, 1}, {0, -1}, {1, 0}, {-1, 0}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}} {
			for i, j := r+d[0], col+d[1]; i >= 0 && i < n && j >= 0 && j < n; i, j = i+d[0], j+d[1] {
				adjust(i, j)
			}
		}
		return nil
	}
}

func TestUpdateMistakes(t *testing.T) {
	checktest.FailsWith(t, "queen's square counted on each line", Q5.Run(updateWith(true, false)), "comptée 4 fois au lieu de 1")
	checktest.FailsWith(t, "z not maintained on removal", Q5.Run(updateWith(false, true)), "au retrait, z")
	if !strings.Contains(Q5.Run(updateWith(true, false)).HTML(), "reines-chart") {
		t.Error("the report draws no heat map of the failing case")
	}
	// Changing the board before the test of the attacked square: the error
	// is right, the state not.
	early := func(c *domination.Coverage, sq queens.Square, delta int) error {
		on := sq.Row >= 0 && sq.Row < c.N && sq.Col >= 0 && sq.Col < c.N
		if on && delta == 1 && c.Independent && !c.Queen[sq.Row][sq.Col] && c.Count[sq.Row][sq.Col] > 0 {
			c.Independent = false
			_ = domination.Update(c, sq, 1)
			c.Independent = true
			return domination.ErrAttacked
		}
		return domination.Update(c, sq, delta)
	}
	checktest.FailsWith(t, "changes before an error", Q5.Run(early), "rien ne doit changer")
	// No error when the square is attacked.
	lax := func(c *domination.Coverage, sq queens.Square, delta int) error {
		was := c.Independent
		c.Independent = false
		defer func() { c.Independent = was }()
		return domination.Update(c, sq, delta)
	}
	checktest.FailsWith(t, "no ErrAttacked", Q5.Run(lax), "ErrAttacked")
	checktest.FailsWith(t, "Complete inverted", Q4.Run(func(c *domination.Coverage) bool { return c.Uncovered > 0 }), "z")
}

// searchWith is the sujet's row-by-row search with the mistakes asked for:
// no undo after the recursive call, pruning r > best (prune > 0), r ≥ best
// (prune ≥ 0 … see the constants), or none; it counts minimum placements if
// count is set.
const (
	pruneNone = iota
	pruneGE   // r ≥ best
	pruneGT   // r > best
	// r + 1 ≥ best on an incomplete coverage (one more queen is needed),
	// stronger than the sujet's and valid
	pruneOneMore
)

func searchWith(n int, prune int, undo, count bool) (int, int64, domination.SearchStats, error) {
	var stats domination.SearchStats
	c, err := domination.NewCoverage(n, true)
	if err != nil {
		return 0, 0, stats, err
	}
	best, total := n+1, int64(0)
	var place func(i, r int)
	place = func(i, r int) {
		stats.Nodes++
		if prune == pruneGE && r >= best || prune == pruneGT && r > best ||
			prune == pruneOneMore && (r >= best || !domination.Complete(c) && r+1 >= best) {
			return
		}
		if domination.Complete(c) {
			if r < best {
				best, total = r, 0
			}
			if r == best {
				total++
			}
			return
		}
		if i == n {
			return
		}
		place(i+1, r)
		for j := 0; j < n; j++ {
			if c.Count[i][j] == 0 {
				sq := queens.Square{Row: i, Col: j}
				_ = domination.Update(c, sq, 1)
				place(i+1, r+1)
				if undo {
					_ = domination.Update(c, sq, -1)
				}
			}
		}
	}
	place(0, 0)
	return best, total, stats, nil
}

func TestSearchMistakes(t *testing.T) {
	minOnly := func(prune int, undo bool) func(int) (int, domination.SearchStats, error) {
		return func(n int) (int, domination.SearchStats, error) {
			m, _, st, err := searchWith(n, prune, undo, false)
			return m, st, err
		}
	}
	if r := Q7.Run(minOnly(pruneNone, true)); r.Outcome() != "passed" {
		t.Fatalf("the test's own exhaustive search fails:\n%s", r.Text())
	}
	if r := Q9b.Run(minOnly(pruneGE, true)); r.Outcome() != "passed" {
		t.Fatalf("the test's own pruned search fails:\n%s", r.Text())
	}
	checktest.FailsWith(t, "no undo (Q7)", Q7.Run(minOnly(pruneNone, false)), "retirée après l'appel récursif")
	checktest.FailsWith(t, "no undo (Q9b)", Q9b.Run(minOnly(pruneGE, false)), "retirée après l'appel récursif")
	// A pruning of the student's own (Q9a) passes if it keeps the minimum
	// and cuts something: r > best, weaker than the sujet's, cuts nothing
	// on the small boards; a stronger one passes with a note.
	checktest.FailsWith(t, "pruning r > best", Q9b.Run(minOnly(pruneGT, true)), "ne coupe rien")
	stronger := Q9b.Run(func(n int) (int, domination.SearchStats, error) {
		m, _, st, err := searchWith(n, pruneOneMore, true, false)
		return m, st, err
	})
	if stronger.Outcome() != "passed" || !strings.Contains(stronger.Text(), "élagage différent de celui du corrigé") {
		t.Errorf("a stronger valid pruning: want passed, with a note that it differs from r ≥ best:\n%s", stronger.Text())
	}
	checktest.FailsWith(t, "no pruning at all (Q9b)", Q9b.Run(minOnly(pruneNone, true)), "ne coupe rien")
	checktest.FailsWith(t, "pruning in the exhaustive search", Q7.Run(minOnly(pruneGE, true)), "n'élaguez pas")

	counting := func(prune int) func(int) (int, int64, domination.SearchStats, error) {
		return func(n int) (int, int64, domination.SearchStats, error) { return searchWith(n, prune, true, true) }
	}
	if r := Q13.Run(counting(pruneGT)); r.Outcome() != "passed" {
		t.Fatalf("the test's own counting search fails:\n%s", r.Text())
	}
	checktest.FailsWith(t, "counting with r ≥ best", Q13.Run(counting(pruneGE)), "r > best")
	noReset := func(n int) (int, int64, domination.SearchStats, error) {
		m, c, st, err := domination.CountMinimumCovers(n)
		if n >= 4 {
			c++ // the first, larger coverage still counted
		}
		return m, c, st, err
	}
	checktest.FailsWith(t, "count not reset", Q13.Run(noReset), "repart à 1")
}

func TestPlacementMistakes(t *testing.T) {
	// The sujet's given code: best starts at n, so for n = 1 nothing is kept.
	startAtN := func(n int) ([]queens.Square, domination.SearchStats, error) {
		qs, st, err := domination.CoverByQueensPlacement(n)
		if n == 1 {
			qs = nil
		}
		return qs, st, err
	}
	checktest.FailsWith(t, "best = n", Q10.Run(startAtN), "n + 1")
	// The current slice kept instead of a copy: later changes spoil it.
	noCopy := func(n int) ([]queens.Square, domination.SearchStats, error) {
		qs, st, err := domination.CoverByQueensPlacement(n)
		if len(qs) > 1 {
			qs[len(qs)-1] = qs[0]
		}
		return qs, st, err
	}
	checktest.FailsWith(t, "no copy", Q10.Run(noCopy), "copié")
	// A valid placement that is not minimal.
	notMin := func(n int) ([]queens.Square, domination.SearchStats, error) {
		qs, err := domination.IndependentDominatingSet(n)
		return qs, domination.SearchStats{}, err
	}
	checktest.FailsWith(t, "not minimal (Q10)", Q10.Run(notMin), "le minimum est")
	// Q2b: the n-queens solutions, which do not exist for n = 2 and 3.
	nQueens := func(n int) ([]queens.Square, error) {
		if n <= 0 {
			return nil, domination.ErrBoardSize
		}
		p, _, _ := queens.First(n)
		return p.Squares(), nil
	}
	checktest.FailsWith(t, "n-queens for n = 2, 3", Q2b.Run(nQueens), "non couverte")
	floor := func(n int) (int, error) {
		if n <= 0 {
			return 0, domination.ErrBoardSize
		}
		return n * n / (4*n - 3), nil
	}
	checktest.FailsWith(t, "floor", Q3b.Run(floor), "partie entière supérieure")
	// (a + b)/b for ⌈a/b⌉: one too many when b divides a (n = 1, 3).
	offByOne := func(n int) (int, error) {
		if n <= 0 {
			return 0, domination.ErrBoardSize
		}
		return (n*n + 4*n - 3) / (4*n - 3), nil
	}
	checktest.FailsWith(t, "ceiling off by one", Q3b.Run(offByOne), "(a + b − 1)/b")
	weak := func(n int) (int, error) {
		if n <= 0 {
			return 0, domination.ErrBoardSize
		}
		return 1, nil
	}
	checktest.FailsWith(t, "a bound too weak", Q3b.Run(weak), "trop faible")
	// A better bound than the counting argument, and valid (γ(Q_n) ≥
	// ⌈(n − 1)/2⌉), passes, saying so.
	better := func(n int) (int, error) {
		b, err := domination.LowerBound(n)
		return max(b, n/2), err
	}
	if r := Q3b.Run(better); r.Outcome() != "passed" || !strings.Contains(r.Text(), "meilleur que celui du corrigé") {
		t.Errorf("a better valid bound must pass, with a note:\n%s", r.Text())
	}
}

func TestReservoirMistakes(t *testing.T) {
	mistakes := map[string]func([]int, *rand.Rand) (int, bool){
		// A fair coin at each zero: the last zeros are favoured.
		"coin": func(row []int, rng *rand.Rand) (int, bool) {
			chosen := -1
			for i, v := range row {
				if v == 0 && (chosen < 0 || rng.IntN(2) == 0) {
					chosen = i
				}
			}
			return chosen, chosen >= 0
		},
		// 1/(i+1) with i the index, not the number of zeros met.
		"index": func(row []int, rng *rand.Rand) (int, bool) {
			chosen := -1
			for i, v := range row {
				if v == 0 && rng.IntN(i+1) == 0 {
					chosen = i
				}
			}
			if chosen < 0 {
				for i, v := range row {
					if v == 0 {
						return i, true
					}
				}
			}
			return chosen, chosen >= 0
		},
	}
	for name, f := range mistakes {
		checktest.FailsWith(t, name, Q18.Run(f), "non uniforme")
	}
	// Without the random source: the first zero, or each zero in turn
	// (uniform frequencies, but no randomness), or another source.
	checktest.FailsWith(t, "first zero", Q18.Run(func(row []int, _ *rand.Rand) (int, bool) {
		for i, v := range row {
			if v == 0 {
				return i, true
			}
		}
		return -1, false
	}), "ne dépend pas de rng")
	turn := 0
	checktest.FailsWith(t, "in turn", Q18.Run(func(row []int, _ *rand.Rand) (int, bool) {
		z := zerosOf(row)
		if len(z) == 0 {
			return -1, false
		}
		turn++
		return z[turn%len(z)], true
	}), "ne dépend pas de rng")
	global := rand.New(rand.NewPCG(1, 1))
	checktest.FailsWith(t, "its own source", Q18.Run(func(row []int, _ *rand.Rand) (int, bool) {
		z := zerosOf(row)
		if len(z) == 0 {
			return -1, false
		}
		return z[global.IntN(len(z))], true
	}), "la même graine")
	// Two passes, uniform: right.
	twoPass := func(row []int, rng *rand.Rand) (int, bool) {
		z := zerosOf(row)
		if len(z) == 0 {
			return -1, false
		}
		return z[rng.IntN(len(z))], true
	}
	if r := Q18.Run(twoPass); r.Outcome() != "passed" {
		t.Errorf("uniform two-pass choice:\n%s", r.Text())
	}
	checktest.FailsWith(t, "no zero gives 0", Q18.Run(func(row []int, rng *rand.Rand) (int, bool) {
		i, ok := domination.ReservoirZero(row, rng)
		return max(i, 0), ok
	}), "−1")
}

func TestRandomCoverMistakes(t *testing.T) {
	// Queens not removed between trials: the board fills up.
	noRemoval := func(n, trials int, p domination.Probability, rng *rand.Rand) (int, []queens.Square, domination.RandomStats, error) {
		var st domination.RandomStats
		best, err := domination.IndependentDominatingSet(n)
		if err != nil || trials < 0 {
			if err == nil {
				err = domination.ErrTrials
			}
			return 0, nil, st, err
		}
		c, _ := domination.NewCoverage(n, true)
		var placed []queens.Square
		for range trials {
			st.Trials++
			for i := 0; i < n; i++ {
				if rng.Float64() < p(n, i, len(placed), len(best)) {
					if j, ok := domination.ReservoirZero(c.Count[i], rng); ok {
						sq := queens.Square{Row: i, Col: j}
						_ = domination.Update(c, sq, 1)
						placed = append(placed, sq)
					}
				}
			}
			if domination.Complete(c) && len(placed) < len(best) {
				st.Improvements++
				best = append([]queens.Square(nil), placed...)
			}
		}
		return len(best), best, st, nil
	}
	checktest.FailsWith(t, "queens not removed", Q19.Run(noRemoval), "")
	// A fresh generator instead of rng: not reproducible.
	fresh := func(n, trials int, p domination.Probability, _ *rand.Rand) (int, []queens.Square, domination.RandomStats, error) {
		return domination.RandomCover(n, trials, p, rand.New(rand.NewPCG(rand.Uint64(), 1)))
	}
	checktest.FailsWith(t, "own generator", Q19.Run(fresh), "même graine")
	// The first uncovered square of the row instead of a uniform one.
}

func TestProbabilityMistakes(t *testing.T) {
	if r := Q22b.Run(domination.AdaptiveProbability); r.Outcome() != "passed" {
		t.Errorf("the reference gives %s\n%s", r.Outcome(), r.Text())
	}
	// Other sensible proposals pass too: the check wants no one formula.
	others := map[string]func(n, row, placed, best int) float64{
		"beat the best": func(n, row, placed, best int) float64 {
			return max(0, min(1, float64(best-1-placed)/float64(n-row)))
		},
		"halved when behind": func(n, row, placed, best int) float64 {
			if placed >= best {
				return 0
			}
			if float64(placed)/float64(best) > float64(row+1)/float64(n) {
				return 0.25
			}
			return 0.75
		},
	}
	for name, p := range others {
		if r := Q22b.Run(p); r.Outcome() != "passed" {
			t.Errorf("%s: %s\n%s", name, r.Outcome(), r.Text())
		}
	}
	mistakes := []struct {
		name string
		p    func(n, row, placed, best int) float64
		note string
	}{
		// (best − placed)/(n − row) in integers: 0 or 1 only.
		{"integer division", func(n, row, placed, best int) float64 {
			return max(0, min(1, float64((best-placed)/(n-row))))
		}, "division entière"},
		// Not capped below: negative once placed > best.
		{"negative", func(n, row, placed, best int) float64 {
			return min(1, float64(best-placed)/float64(n-row))
		}, "ne descendez pas sous 0"},
		// The rows left after this one: a division by zero on the last row.
		{"rows after", func(n, row, placed, best int) float64 {
			return min(1, max(0, float64(best-placed)/float64(n-row-1)))
		}, "la dernière ligne"},
		{"random", func(n, row, placed, best int) float64 { return rand.Float64() }, "mêmes arguments"},
		{"grows with placed", func(n, row, placed, best int) float64 {
			return float64(placed+1) / float64(n+1)
		}, "ne doit pas augmenter"},
		{"fixed", domination.FixedProbability, "dépendre de l'état"},
	}
	for _, m := range mistakes {
		checktest.FailsWith(t, m.name, Q22b.Run(m.p), m.note)
	}
}

// parallelFunc is the type of RandomCoverParallel.
type parallelFunc = func(n, trials, workers int, p domination.Probability, seed uint64) (int, []queens.Square, domination.RandomStats, error)

func TestRandomParallelReference(t *testing.T) {
	if r := Q24b.Run(domination.RandomCoverParallel); r.Outcome() != "passed" {
		t.Errorf("the reference gives %s\n%s", r.Outcome(), r.Text())
	}
}

// Right answers written differently from the reference pass: trials
// handed out one at a time from a shared counter to every worker (even
// with fewer trials than workers); and the reference asking p twice for
// each decision.
func TestRandomParallelVariants(t *testing.T) {
	handedOut := func(n, trials, workers int, p domination.Probability, seed uint64) (int, []queens.Square, domination.RandomStats, error) {
		var stats domination.RandomStats
		if trials < 0 {
			return 0, nil, stats, domination.ErrTrials
		}
		if workers < 1 || workers > domination.MaxWorkers {
			return 0, nil, stats, domination.ErrWorkers
		}
		qs, err := domination.IndependentDominatingSet(n)
		if err != nil {
			return 0, nil, stats, err
		}
		if err := queens.CheckSize(n, domination.MaxN); err != nil {
			return 0, nil, stats, err
		}
		b := &bestFrom{queens: qs}
		per := make([]domination.RandomStats, workers)
		var next atomic.Int64
		var wg sync.WaitGroup
		for w := range workers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				rng := rand.New(rand.NewPCG(seed, uint64(w)))
				for next.Add(1) <= int64(trials) {
					addStats(&per[w], b.trials(n, 1, p, rng))
				}
			}()
		}
		wg.Wait()
		for _, st := range per {
			addStats(&stats, st)
		}
		return len(b.queens), b.queens, stats, nil
	}
	askedTwice := func(n, trials, workers int, p domination.Probability, seed uint64) (int, []queens.Square, domination.RandomStats, error) {
		twice := func(n, row, placed, best int) float64 {
			if p(n, row, placed, best) <= 0 {
				return 0
			}
			return p(n, row, placed, best)
		}
		return domination.RandomCoverParallel(n, trials, workers, twice, seed)
	}
	for name, f := range map[string]parallelFunc{"trials handed out": handedOut, "p asked twice": askedTwice} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			if r := Q24b.Run(f); r.Outcome() != "passed" {
				t.Errorf("%s gives %s\n%s", name, r.Outcome(), r.Text())
			}
		})
	}
}

func TestRandomParallelMistakes(t *testing.T) {
	// Serial: the trials of Q19, workers ignored (each case with two
	// workers or more waits the watch's 2 s once).
	serial := func(n, trials, workers int, p domination.Probability, seed uint64) (int, []queens.Square, domination.RandomStats, error) {
		if workers < 1 {
			return 0, nil, domination.RandomStats{}, domination.ErrWorkers
		}
		return domination.RandomCover(n, trials, p, rand.New(rand.NewPCG(seed, 0)))
	}
	// Goroutines run one after the other: each started, then waited for.
	oneByOne := func(n, trials, workers int, p domination.Probability, seed uint64) (int, []queens.Square, domination.RandomStats, error) {
		if workers < 1 {
			return 0, nil, domination.RandomStats{}, domination.ErrWorkers
		}
		if _, _, _, err := domination.RandomCover(n, trials, p, nil); err != nil || trials == 0 {
			return domination.RandomCover(n, 0, p, nil)
		}
		var mu sync.Mutex
		best, bestQueens := -1, []queens.Square(nil)
		var stats domination.RandomStats
		for w := range workers {
			share := trials / workers
			if w < trials%workers {
				share++
			}
			var wg sync.WaitGroup
			wg.Add(1)
			go func() {
				defer wg.Done()
				b, qs, st, _ := domination.RandomCover(n, share, p, rand.New(rand.NewPCG(seed, uint64(w))))
				mu.Lock()
				defer mu.Unlock()
				if best < 0 || b < best {
					best, bestQueens = b, qs
				}
				stats.Trials += st.Trials
				stats.Failures += st.Failures
				stats.Prunings += st.Prunings
			}()
			wg.Wait()
		}
		return best, bestQueens, stats, nil
	}
	// One goroutine per trial, whatever workers says.
	perTrial := func(n, trials, workers int, p domination.Probability, seed uint64) (int, []queens.Square, domination.RandomStats, error) {
		if workers < 1 {
			return 0, nil, domination.RandomStats{}, domination.ErrWorkers
		}
		best, bestQueens, stats, err := domination.RandomCover(n, 0, p, nil)
		if err != nil || trials < 0 {
			return domination.RandomCover(n, trials, p, nil)
		}
		var mu sync.Mutex
		var wg sync.WaitGroup
		for k := range trials {
			wg.Add(1)
			go func() {
				defer wg.Done()
				b, qs, st, _ := domination.RandomCover(n, 1, p, rand.New(rand.NewPCG(seed, uint64(k))))
				mu.Lock()
				defer mu.Unlock()
				if b < best {
					best, bestQueens = b, qs
				}
				stats.Trials += st.Trials
			}()
		}
		wg.Wait()
		return best, bestQueens, stats, nil
	}
	// The statistics of one worker only.
	oneWorkersStats := func(n, trials, workers int, p domination.Probability, seed uint64) (int, []queens.Square, domination.RandomStats, error) {
		best, qs, st, err := domination.RandomCoverParallel(n, trials, workers, p, seed)
		st.Trials /= int64(max(workers, 1))
		return best, qs, st, err
	}
	// No ErrWorkers: fewer than one worker taken as one.
	noErrWorkers := func(n, trials, workers int, p domination.Probability, seed uint64) (int, []queens.Square, domination.RandomStats, error) {
		return domination.RandomCoverParallel(n, trials, max(workers, 1), p, seed)
	}
	// The best placement not kept: the start's bound with a smaller count.
	lost := func(n, trials, workers int, p domination.Probability, seed uint64) (int, []queens.Square, domination.RandomStats, error) {
		best, _, st, err := domination.RandomCoverParallel(n, trials, workers, p, seed)
		qs, _ := domination.IndependentDominatingSet(n)
		return best, qs, st, err
	}
	// warmUp has min(workers, trials) goroutines call p together, calls
	// times each, on row with no queen placed, then runs the trials of Q19
	// in the caller's goroutine with p, or with keep(p) if keep is not nil:
	// answers of students who read the watches.
	warmUp := func(calls func(trials, workers int) int, row int, keep func(domination.Probability) domination.Probability) parallelFunc {
		return func(n, trials, workers int, p domination.Probability, seed uint64) (int, []queens.Square, domination.RandomStats, error) {
			if workers < 1 {
				return 0, nil, domination.RandomStats{}, domination.ErrWorkers
			}
			var wg sync.WaitGroup
			for range min(workers, max(trials, 0)) {
				wg.Add(1)
				go func() {
					defer wg.Done()
					for range calls(trials, workers) {
						_ = p(max(n, 2), row, 0, 1)
					}
				}()
			}
			wg.Wait()
			if keep != nil {
				p = keep(p)
			}
			return domination.RandomCover(n, trials, p, rand.New(rand.NewPCG(seed, 0)))
		}
	}
	once := func(int, int) int { return 1 }
	// As many calls as the trials a worker begins before the second watch.
	halfShare := func(trials, workers int) int { return max(trials/workers/2, 1) }
	// p's value on row 0 kept aside (p gives the same value for the same
	// arguments): the trials begin with no call.
	rowZeroKept := func(p domination.Probability) domination.Probability {
		row0 := map[int]float64{}
		return func(n, row, placed, best int) float64 {
			if row != 0 || placed != 0 {
				return p(n, row, placed, best)
			}
			if v, ok := row0[best]; ok {
				return v
			}
			row0[best] = p(n, row, placed, best)
			return row0[best]
		}
	}
	// Workers that each call p once at the same time (not in a trial),
	// then do all their trials holding the lock: one worker at a time.
	lockedTrials := func(n, trials, workers int, p domination.Probability, seed uint64) (int, []queens.Square, domination.RandomStats, error) {
		if workers < 1 {
			return 0, nil, domination.RandomStats{}, domination.ErrWorkers
		}
		best, bestQueens, stats, err := domination.RandomCover(n, 0, p, nil)
		if err != nil || trials < 0 {
			return domination.RandomCover(n, trials, p, nil)
		}
		var mu sync.Mutex
		var wg sync.WaitGroup
		for w := range workers {
			share := trials / workers
			if w < trials%workers {
				share++
			}
			if share == 0 {
				continue
			}
			wg.Add(1)
			go func() {
				defer wg.Done()
				_ = p(max(n, 2), 1, 0, 1)
				mu.Lock()
				defer mu.Unlock()
				b, qs, st, _ := domination.RandomCover(n, share, p, rand.New(rand.NewPCG(seed, uint64(w))))
				if b < best {
					best, bestQueens = b, qs
				}
				stats.Trials += st.Trials
				stats.Failures += st.Failures
				stats.Prunings += st.Prunings
			}()
		}
		wg.Wait()
		return best, bestQueens, stats, nil
	}
	// The reference, with p's values kept in a map shared by the workers:
	// after the first trials p is no longer called, and the watches see
	// nothing (a serial version with a probability of its own looks the
	// same), so the note asks for p on every trial.
	memoized := func(n, trials, workers int, p domination.Probability, seed uint64) (int, []queens.Square, domination.RandomStats, error) {
		var mu sync.Mutex
		memo := map[[4]int]float64{}
		q := func(n, row, placed, best int) float64 {
			k := [4]int{n, row, placed, best}
			mu.Lock()
			v, ok := memo[k]
			mu.Unlock()
			if !ok {
				v = p(n, row, placed, best)
				mu.Lock()
				memo[k] = v
				mu.Unlock()
			}
			return v
		}
		return domination.RandomCoverParallel(n, trials, workers, q, seed)
	}
	mistakes := []struct {
		name string
		f    parallelFunc
		note string
	}{
		{"serial", serial, "en même temps"},
		{"p's values kept", memoized, "sans garder ses valeurs"},
		{"goroutines meet in p once, then serial", warmUp(once, 0, nil), "une seule fois"},
		{"goroutines start trials together, then serial", warmUp(halfShare, 0, nil), "une seule fois"},
		{"goroutines start trials together, then serial with p's row 0 kept (an attack review's)", warmUp(halfShare, 0, rowZeroKept), "sans garder ses valeurs"},
		{"goroutines meet in p on row 1 past half a share, then serial", warmUp(halfShare, 1, nil), "qu'au début"},
		{"lock held over each worker's trials", lockedTrials, "qu'au début"},
		{"one goroutine after the other", oneByOne, "en même temps"},
		{"one goroutine per trial", perTrial, "pas une par essai"},
		{"one worker's stats", oneWorkersStats, "Stats.Trials"},
		{"no ErrWorkers", noErrWorkers, "ErrWorkers"},
		{"best placement lost", lost, "nombre renvoyé"},
	}
	for _, m := range mistakes {
		t.Run(m.name, func(t *testing.T) {
			t.Parallel()
			checktest.FailsWith(t, m.name, Q24b.Run(m.f), m.note)
		})
	}
}

func TestWorkersMistakes(t *testing.T) {
	// Ignores the context.
	deaf := func(_ context.Context, n, workers int, trace func(domination.TraceEvent)) ([]queens.Square, domination.SearchStats, error) {
		return domination.CoverByQueensWorkers(context.Background(), n, workers, trace)
	}
	checktest.FailsWith(t, "ignores ctx", Q29.Run(deaf), "ctx.Err()")
	// No trace.
	silent := func(ctx context.Context, n, workers int, _ func(domination.TraceEvent)) ([]queens.Square, domination.SearchStats, error) {
		return domination.CoverByQueensWorkers(ctx, n, workers, nil)
	}
	checktest.FailsWith(t, "no trace", Q29.Run(silent), "WorkerStarted")
}

func TestDominateMistakes(t *testing.T) {
	// The independent search: wrong for n = 4 (3 instead of 2).
	checktest.FailsWith(t, "non-attacking rule kept", Q28.Run(domination.CountMinimumCovers), "minimum 3 au lieu de 2")
}

func TestChiSquareCritical(t *testing.T) {
	// Tables: χ²_{0.999}(1) = 10.83, (4) = 18.47, (9) = 27.88.
	for df, want := range map[int]float64{1: 10.83, 4: 18.47, 9: 27.88} {
		if got := chiSquareCritical(df); got < want*0.97 || got > want*1.03 {
			t.Errorf("chiSquareCritical(%d) = %.2f; want about %.2f", df, got, want)
		}
	}
}

// A case that requires the random search to reach i(Q_n) (Reach) gives it
// trials enough that a right answer misses it with a probability below one
// in a billion, whatever the seed (and for the parallel question whatever
// the split of the trials): the chance p that one trial finds i(Q_n) with
// the fixed probability, estimated from single trials, must make
// (1 − p)^trials < 1e-9, that is trials × p ≥ 21.
func TestReachIsSure(t *testing.T) {
	hit := map[int]float64{}
	chance := func(n int) float64 {
		if p, ok := hit[n]; ok {
			return p
		}
		const runs = 20000
		found := 0
		for s := range runs {
			best, _, _, err := domination.RandomCover(n, 1, domination.FixedProbability, rand.New(rand.NewPCG(uint64(s), 1)))
			if err != nil {
				t.Fatal(err)
			}
			if best == independentDomination[n] {
				found++
			}
		}
		hit[n] = float64(found) / runs
		return hit[n]
	}
	check := func(id string, n, trials int) {
		if p := chance(n); float64(trials)*p < 21 {
			t.Errorf("%s: n = %d, %d trials must reach i(Q_%d), but one trial finds it with probability %.5f: a right answer misses it with probability %.2g",
				id, n, trials, n, p, math.Pow(1-p, float64(trials)))
		}
	}
	for seed := uint64(1); seed <= 20; seed++ {
		for _, c := range Q19.Cases {
			if c.Reach {
				check(Q19.ID, c.N, c.Trials)
			}
		}
		for _, c := range Q19.Hidden(grading.HiddenRand(Q19.ID, seed)) {
			if c.Reach {
				check(Q19.ID+" (hidden)", c.N, c.Trials)
			}
		}
		for _, c := range Q24b.Cases {
			if c.Reach {
				check(Q24b.ID, c.N, c.Trials)
			}
		}
		for _, c := range Q24b.Hidden(grading.HiddenRand(Q24b.ID, seed)) {
			if c.Reach {
				check(Q24b.ID+" (hidden)", c.N, c.Trials)
			}
		}
	}
}
