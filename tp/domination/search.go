package domination

import "github.com/prepa-reines/reines/tp/queens"

// SearchStats counts the work of one of the sujet's searches, to compare
// them with each other and with [Solve] (whose Result.Nodes counts the same
// thing: calls of the recursive search function).
type SearchStats struct {
	Nodes int64 // calls of the recursive function (the sujet's `place`)
}

// CoverByQueensExhaustive returns i(Q_n), the fewest pairwise non-attacking
// queens dominating the n×n board, by the sujet's row-by-row search once
// corrected and without pruning: for each row i in turn, either leave it
// empty or put a queen on one of its uncovered squares (a covered square is
// attacked), and keep the smallest number of queens of a complete coverage.
// A row may stay empty even if it is not yet covered: later queens may cover
// it along a column or a diagonal. The stats count the calls of the
// recursive function, the first included. Cost: exponential (every
// placement of non-attacking queens that is not yet complete is visited):
// 180,815 nodes for n = 8, 11,136,189 for n = 10 (seconds).
//
// Errors: [ErrBoardSize] for n ≤ 0, [ErrTooLarge] for n > [MaxN].
//
// Answers notebook 05 Q7 (the sujet's given code, debugged), sujet name
// `couverture_par_reines`.
func CoverByQueensExhaustive(n int) (int, SearchStats, error) {
	var stats SearchStats
	c, err := NewCoverage(n, true)
	if err != nil {
		return 0, stats, err
	}
	best := n + 1
	var place func(i, r int)
	place = func(i, r int) {
		stats.Nodes++
		if Complete(c) {
			best = min(best, r)
			return
		}
		if i == n {
			return
		}
		place(i+1, r) // aucune reine sur la ligne i
		for j := 0; j < n; j++ {
			if c.Count[i][j] == 0 {
				sq := queens.Square{Row: i, Col: j}
				_ = Update(c, sq, 1) // ne peut pas échouer : la case n'est pas couverte
				place(i+1, r+1)
				_ = Update(c, sq, -1) // ne peut pas échouer : la reine y est
			}
		}
	}
	place(0, 0)
	return best, stats, nil
}

// CoverByQueens returns i(Q_n) by the search of [CoverByQueensExhaustive]
// with the sujet's simple pruning (the written answer of notebook 05 Q9a,
// in its correction). Values: OEIS A075324. Cost: exponential; the pruning
// saves little on small boards and more as n grows: 131,809 nodes instead
// of 180,815 for n = 8, 3,167,838 instead of 11,136,189 for n = 10 (about a
// second).
//
// Errors: [ErrBoardSize] for n ≤ 0, [ErrTooLarge] for n > [MaxN].
//
// Answers notebook 05 Q9b (the pruning of the written Q9a), sujet name
// `couverture_par_reines`.
func CoverByQueens(n int) (int, SearchStats, error) {
	var stats SearchStats
	c, err := NewCoverage(n, true)
	if err != nil {
		return 0, stats, err
	}
	best := n + 1
	var place func(i, r int)
	place = func(i, r int) {
		stats.Nodes++
		if r >= best {
			return
		}
		if Complete(c) {
			best = r
			return
		}
		if i == n {
			return
		}
		place(i+1, r)
		for j := 0; j < n; j++ {
			if c.Count[i][j] == 0 {
				sq := queens.Square{Row: i, Col: j}
				_ = Update(c, sq, 1) // ne peut pas échouer : la case n'est pas couverte
				place(i+1, r+1)
				_ = Update(c, sq, -1) // ne peut pas échouer : la reine y est
			}
		}
	}
	place(0, 0)
	return best, stats, nil
}

// CoverByQueensPlacement returns a minimum placement of pairwise
// non-attacking queens dominating the n×n board (i(Q_n) squares, in row
// order), by the pruned search of [CoverByQueens] that also keeps the
// squares of the queens on the current branch and copies them when it finds
// a better coverage. Starting from best = n + 1 (not n, as the given code
// does) guarantees that some placement is recorded, even for n = 1 where the
// minimum is n. Cost: that of [CoverByQueens].
//
// Errors: [ErrBoardSize] for n ≤ 0, [ErrTooLarge] for n > [MaxN].
//
// Answers notebook 05 Q10 (and the written Q11, which shows its placement
// for n = 9), sujet name `couverture_par_reines_positions`.
func CoverByQueensPlacement(n int) ([]queens.Square, SearchStats, error) {
	var stats SearchStats
	c, err := NewCoverage(n, true)
	if err != nil {
		return nil, stats, err
	}
	best := n + 1
	var bestQueens, current []queens.Square
	var place func(i int)
	place = func(i int) {
		stats.Nodes++
		r := len(current)
		if r >= best {
			return
		}
		if Complete(c) {
			best = r
			bestQueens = append([]queens.Square(nil), current...)
			return
		}
		if i == n {
			return
		}
		place(i + 1)
		for j := 0; j < n; j++ {
			if c.Count[i][j] == 0 {
				sq := queens.Square{Row: i, Col: j}
				_ = Update(c, sq, 1) // ne peut pas échouer : la case n'est pas couverte
				current = append(current, sq)
				place(i + 1)
				current = current[:r]
				_ = Update(c, sq, -1) // ne peut pas échouer : la reine y est
			}
		}
	}
	place(0)
	return bestQueens, stats, nil
}

// CountMinimumCovers returns i(Q_n) and the number of minimum placements of
// pairwise non-attacking queens dominating the n×n board (labelled: boards
// that differ by a symmetry count twice). Values for n = 1..10: minimum
// 1 1 1 3 3 4 4 5 5 5, count 1 4 1 16 16 120 8 728 92 8 (OEIS A075324,
// A002568). Each placement is met once, on the branch that skips exactly
// its empty rows. Cost: between
// [CoverByQueens] and [CoverByQueensExhaustive]: 6,676,819 nodes for
// n = 10 (seconds).
//
// Errors: [ErrBoardSize] for n ≤ 0, [ErrTooLarge] for n > [MaxN].
//
// Answers notebook 05 Q13 (and the written Q14), sujet name
// `couverture_par_reines_nombre_solutions`.
func CountMinimumCovers(n int) (int, int64, SearchStats, error) {
	var stats SearchStats
	c, err := NewCoverage(n, true)
	if err != nil {
		return 0, 0, stats, err
	}
	best, count := n+1, int64(0)
	var place func(i, r int)
	place = func(i, r int) {
		stats.Nodes++
		if r > best {
			return
		}
		if Complete(c) {
			if r < best {
				best, count = r, 0
			}
			count++
			return
		}
		if i == n {
			return
		}
		place(i+1, r)
		for j := 0; j < n; j++ {
			if c.Count[i][j] == 0 {
				sq := queens.Square{Row: i, Col: j}
				_ = Update(c, sq, 1) // ne peut pas échouer : la case n'est pas couverte
				place(i+1, r+1)
				_ = Update(c, sq, -1) // ne peut pas échouer : la reine y est
			}
		}
	}
	place(0, 0)
	return best, count, stats, nil
}

// DominateByQueens returns γ(Q_n), the fewest queens dominating the n×n
// board when queens may attack each other, and the number of minimum
// placements (labelled). Several queens may now share a row, so the search
// goes square by square in row-major order, each square holding a queen or
// not, on a [Coverage] without the non-attacking rule. It tries k =
// [LowerBound] (Q3b), then k+1, …: with k queens allowed, a branch with r
// queens and z uncovered squares is abandoned when the k − r remaining
// queens cannot cover z squares (the argument of Q3a).
// The first k with a placement is γ(Q_n), and all its placements are
// counted. Values for n = 1..8: 1 1 1 2 3 3 4 5, counts
// 1 4 1 12 186 4 86 4860 (OEIS A075458, A002564); n = 4 needs only 2 queens
// where i(Q_4) = 3. Cost: exponential, 502,497 nodes for n = 7 (a tenth of
// a second), 18,044,077 for n = 8 (seconds).
//
// Errors: [ErrBoardSize] for n ≤ 0, [ErrTooLarge] for n > [MaxN].
//
// Answers notebook 05 Q28 (and the written Q27): the variant without the
// non-attacking rule.
func DominateByQueens(n int) (int, int64, SearchStats, error) {
	var stats SearchStats
	c, err := NewCoverage(n, false)
	if err != nil {
		return 0, 0, stats, err
	}
	k, _ := LowerBound(n)
	reach := 4*n - 3
	for ; ; k++ {
		var count int64
		var place func(s, r int)
		place = func(s, r int) {
			stats.Nodes++
			if Complete(c) {
				count++
				return
			}
			if s == n*n || (k-r)*reach < c.Uncovered {
				return
			}
			place(s+1, r) // aucune reine sur la case s
			sq := queens.Square{Row: s / n, Col: s % n}
			_ = Update(c, sq, 1) // ne peut pas échouer : chaque case n'est visitée qu'une fois
			place(s+1, r+1)
			_ = Update(c, sq, -1) // ne peut pas échouer : la reine y est
		}
		place(0, 0)
		if count > 0 {
			return k, count, stats, nil
		}
	}
}
