// Package exactcover holds the exact cover solvers of notebook 04 (exact
// cover and dancing links): Algorithm X on an explicit 0/1 [Matrix], and
// Dancing Links (DLX) on a [Problem] laid out as in Knuth's dlx1 (TAOCP
// Volume 4B, section 7.2.2.1), with secondary items, a text format, an
// invariant checker, and a minimum repeated cover search ([Problem.MinCover]).
//
// An exact cover problem has items and options; each option is a set of
// items. A solution is a set of options that covers every primary item
// exactly once and every secondary item at most once. Options are numbered
// from 0 in the order they were added; solutions are reported as option
// numbers.
//
// The answer functions (the ones a student writes in notebook 04) are
// plain functions, as the sujet's procedures are: [AlgorithmX] (Q2), [New]
// (Q3, construire), [InsertOption] (Q4, inserer), [HideOption] and
// [CoverItem] (Q5, Q6, supprimer), [UnhideOption] and [UncoverItem] (Q7,
// Q8, recuperer), [ChooseItem] (Q10), [Dance] (Q11, danser) and
// [MinCover] (Q15, the repeated cover by IDA* on item numbers, without
// the links); the methods of the same names ([Problem.AddOption],
// [Problem.Cover], ...) call the dancing-links ones, and
// [Problem.MinCover] is the faster repeated cover on bit sets. [TraceX] records the steps of Algorithm X for the notebook's
// replay. The fast search is [Problem.Solve] (with [Problem.Solutions],
// [Problem.Count] and [Problem.First]), which follows Knuth's Algorithm X
// step by step.
//
// Applications live in sub-packages: nqueens (N-queens with secondary
// diagonals), sudoku, pentomino and domcover (queen domination by repeated
// cover). See example_test.go for a runnable tour.
package exactcover
