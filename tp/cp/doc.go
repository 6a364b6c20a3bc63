// Package cp holds a small finite-domain constraint solver, written for the
// constraint programming TD of notebook 03 (« PPC > Exemples > N Reines »,
// originally with Choco 2.0 in Java). It is sized for teaching: every part
// of a classical solver is here, in a few hundred lines, and fast enough to
// place 10,000 queens.
//
// A [Model] holds integer variables ([IntVar], with small domains stored as
// bit sets) and constraints ([Constraint]): [NotEqualOffset] (x ≠ y + k),
// [AllDifferent] over views x + c ([View]), [AllDifferentBounds] (the same
// with bounds consistency), [SumEqual] and [SumAtMost] over 0/1 variables.
// A [Solver] explores the search tree depth first with binary branching
// (x = v, then x ≠ v), propagating after each branch until a fixpoint:
//
//   - propagation: each constraint is woken by the variables it watches. A
//     variable becoming fixed wakes forward-checking propagators at once
//     with its position (an "event"); constraints that reason on whole
//     domains or bounds are scheduled once and run after all events;
//   - backtracking: a trail records each removed value (or, for a bulk
//     change, the domain words it overwrites) on the level where it
//     happened; going back to a level undoes the trail down to its mark, so
//     no domain is ever copied whole;
//   - search: variable order [InputOrder], [FirstFail] (smallest domain) or
//     [DomWDeg] (smallest domain over failure weight), value order
//     [Increasing], [Decreasing] (Choco's DecreasingDomain) or [MiddleOut];
//     first solution ([Solver.Solve]), every solution ([Solver.Solutions],
//     an iterator) or their number ([Solver.Count]); node and time limits
//     and context cancellation; statistics ([Stats]).
//
// Errors in building a model (an empty domain, a variable of another model,
// a negative count) are recorded on the model, like [bufio.Scanner.Err]:
// the first one is returned by [Model.Err] and by every search, so a model
// can be written as straight-line code. An unsatisfiable model makes
// [Solver.Solve] return [ErrNoSolution].
//
// The N-queens models of the TD are in the sub-package nqueens. See
// example_test.go for a runnable tour.
package cp
