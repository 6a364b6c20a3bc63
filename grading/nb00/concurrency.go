package nb00

import (
	"fmt"
	"time"

	"github.com/prepa-reines/reines/grading"
	"github.com/prepa-reines/reines/grading/internal/watch"
)

// slowSquare is n², after a millisecond: a goroutine's term arrives after
// the others have started, and an early return misses some.
func slowSquare(n int) int64 {
	time.Sleep(time.Millisecond)
	return int64(n) * int64(n)
}

// concurrencyWait bounds how long the calls of a function handed to the
// student's goroutines wait, all together, for the expected number of
// them to run at once (see newOverlap): 1 s at the default limit, so
// that a program the machine leaves waiting for a while (a class graded
// on a busy machine: 100 goroutines of a right answer were once seen 99
// at once in 200 ms, the window of the grader's tests) still has all its
// goroutines seen together.
var concurrencyWait = grading.Scaled(time.Second)

// newOverlap watches the calls of a function the student's goroutines
// make for want of them at once (min(goroutines, tasks)): each call waits,
// on entering, until want calls are running together, or until
// concurrencyWait has passed since the first call, whichever comes first;
// then none waits any more. So goroutines that do run concurrently are all
// seen doing so, even on one core, while calls made one after another, or
// a few at a time, pay that wait once per case and stay below want.
func newOverlap(want int) *watch.Watch {
	return watch.New(want, watch.Options{Wait: concurrencyWait})
}

// lateOverlap is the second watch of a case of Q9 or Q10, whose answer
// calls its function total times with want goroutines: the calls past
// the middle of the work (once mark calls have been made, as the
// watch.Calls of the case tells them) wait, as an overlap's calls do,
// for lateWant of them to run together; nil when the case is too small
// (fewer than 4 calls per expected goroutine) or want < 2. Goroutines
// that met only for their first calls, the rest done by one of them or
// by the caller, are seen there, and so is work made serial except
// where the first watch looks. lateWant is half of want (at least 2):
// on a busy machine, a goroutine that the others wait for may come late.
type lateOverlap struct {
	*watch.Watch
	mark int64 // the calls after which they wait
}

func newLateOverlap(total, want int) *lateOverlap {
	if want < 2 || total < 4*want {
		return nil
	}
	return &lateOverlap{Watch: newOverlap(lateWant(want)), mark: int64(total/2 + 1)}
}

// calls counts the calls of a case, and tells them when they are past
// the late watch's mark (none without a late watch).
func (l *lateOverlap) calls() *watch.Calls {
	if l == nil {
		return watch.NewCalls(0)
	}
	return watch.NewCalls(l.mark)
}

// lateWant is how many calls the second watch waits for.
func lateWant(want int) int { return max(2, want/2) }

// watch runs a call of the function watched, past the mark or not; nil
// watches nothing.
func (l *lateOverlap) watch(past bool) {
	if l != nil && past {
		l.Enter()
	}
}

// mostLate is the peak of the second watch, 0 without one.
func (l *lateOverlap) mostLate() int64 {
	if l == nil {
		return 0
	}
	return int64(l.Close().Most)
}

// lateNote is the note of an answer whose calls of fn ran at most got at
// once past their start, need expected.
func lateNote(fn string, got, need int64, todo string) string {
	return fmt.Sprintf("les appels de %s ne se font ensemble qu'au début : ensuite, au plus %s à la fois au lieu de %d (le reste du calcul fait par une seule goroutine ?) : %s", fn, grading.Plural(got, "appel"), need, todo)
}

// serialNote is the note of an answer whose goroutines never ran at once.
const serialNote = "aucun appel de la fonction ne s'est fait en même temps qu'un autre : le calcul est fait l'un après l'autre, pas par des goroutines qui travaillent ensemble (une goroutine lancée puis attendue aussitôt, ou un verrou gardé pendant tout le calcul ?)"

// concurrencyNote is the note of an answer whose calls of f (named fn)
// ran at most got at once when need should have: serialNote when none
// overlapped, else what was seen and what to do.
func concurrencyNote(fn string, got, need int64, todo string) string {
	if got <= 1 {
		return serialNote
	}
	return fmt.Sprintf("au plus %s de %s à la fois, au lieu de %d : %s", grading.Plural(got, "appel"), fn, need, todo)
}

// workersAtOnce is how many calls of f Workers makes at once:
// min(workers, tasks), at least 1 worker.
func workersAtOnce(in WorkersCase) int { return min(max(in.Workers, 1), len(in.Tasks)) }

// atOnce says how many calls ran at once, in French.
func atOnce(peak int64) string {
	if peak <= 1 {
		return "un à la fois"
	}
	return fmt.Sprintf("jusqu'à %d à la fois", peak)
}

// countAtOnce is how many calls of pred CountParallel makes at once:
// min(workers, n), at least 1 worker.
func countAtOnce(in CountCase) int { return min(max(in.Workers, 1), in.N) }
