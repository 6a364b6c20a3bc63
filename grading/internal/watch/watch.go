// Package watch is the checks' concurrency watch: it watches the calls of
// a function that a student's goroutines make (the function the check
// hands to the student's answer), to see whether enough of them run at
// the same time, even on one core and on a busy machine.
//
// A Watch is open from its creation. Each call made while it is open
// waits in [Watch.Enter] until the watch closes, which it does once Need
// calls are inside it together (then after a grace period in which
// further callers are still seen), or Wait after the first call if they
// never are: goroutines that do run concurrently are all seen doing so,
// while calls made one after another, or a few at a time, pay the wait
// once and the check never hangs. Once closed, a call only loads an
// atomic flag: the watch adds no synchronization between the callers
// that would hide their data races from the race detector.
//
// A busy machine does not close a watch early: when Wait runs out, the
// longest a goroutine stayed ready to run without running since the first
// call (the runtime's /sched/latencies:seconds, which a process kept from
// its CPUs sees grow: it needs no /proc, which the grader's sandbox does
// not have) keeps the watch open that much longer, up to maxStretch times
// Wait in all: goroutines the machine kept from running are still seen
// together.
//
// [Calls] counts the calls per goroutine for the whole run in the same
// spirit: each goroutine adds to a word of its own, so the counts order
// nothing between the callers either; it also tells them when the calls
// pass a mark (TP 00's second watch, past the middle of the work).
//
// Used by TP 00 Q8–Q10 (the student's goroutines calling f or pred) and
// TP 05 Q24b (RandomCoverParallel's workers calling the probability p).
package watch

import (
	"bytes"
	"runtime"
	"runtime/metrics"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/petermattis/goid"
)

// Options of a Watch.
type Options struct {
	// Wait is the longest wait, from the first call, for Need calls at
	// once; then the watch closes, timed out.
	Wait time.Duration
	// Grace is how long the watch stays open once Need calls are inside it
	// (0: it closes at once), so that goroutines beyond the Need expected
	// are seen coming in.
	Grace time.Duration
	// Then, if not nil, is a second watch that this one closes (not timed
	// out) when it times out: the callers never met, which the first watch
	// says; a second watch would make a serial answer wait once more.
	Then *Watch
}

// Seen is what a watch saw once closed.
type Seen struct {
	// Most is the most calls inside the watch at once while it was open.
	Most int
	// Callers is the number of goroutines that called while it was open.
	Callers int
	// TimedOut says that Need calls were never inside at once: the
	// watch closed at Wait, or was still open when closed by Close.
	TimedOut bool
}

// Watch watches the calls of one function for Need calls at once. Its
// methods are safe for concurrent use.
type Watch struct {
	need int
	opt  Options

	closed atomic.Bool
	all    chan struct{} // closed with the watch
	once   sync.Once

	mu       sync.Mutex
	inside   map[int64]bool // goroutines inside now
	seen     map[int64]bool // goroutines that called while the watch was open
	most     int
	started  time.Time                 // the first call, zero before it
	base     *metrics.Float64Histogram // the scheduling latencies then
	extended time.Duration             // how long Wait was extended by
	timedOut bool
	timers   []*time.Timer
}

// maxStretch bounds how long a busy machine keeps a watch open: maxStretch
// times Wait from the first call.
const maxStretch = 4

// schedLatencies returns the runtime's histogram of the time goroutines
// stayed ready to run before they ran (nil if the runtime has none); a
// variable for the tests.
var schedLatencies = func() *metrics.Float64Histogram {
	s := []metrics.Sample{{Name: "/sched/latencies:seconds"}}
	metrics.Read(s)
	if s[0].Value.Kind() != metrics.KindFloat64Histogram {
		return nil
	}
	return s[0].Value.Float64Histogram()
}

// longestWait returns the lower bound of the highest bucket of the
// latencies whose count grew from base to now: about the longest a
// goroutine waited to run between the two readings (the runtime samples
// one scheduling in eight: under a busy machine, many).
func longestWait(base, now *metrics.Float64Histogram) time.Duration {
	if base == nil || now == nil || len(base.Counts) != len(now.Counts) {
		return 0
	}
	for i := len(now.Counts) - 1; i >= 0; i-- {
		if now.Counts[i] > base.Counts[i] {
			return time.Duration(max(now.Buckets[i], 0) * float64(time.Second))
		}
	}
	return 0
}

// New returns an open watch for need calls at once; need ≤ 0 needs none:
// the watch is closed at once.
func New(need int, opt Options) *Watch {
	w := &Watch{need: need, opt: opt, all: make(chan struct{}), inside: map[int64]bool{}, seen: map[int64]bool{}}
	if need <= 0 {
		w.close(false)
	}
	return w
}

// close ends the watch once; timedOut says the calls never met.
func (w *Watch) close(timedOut bool) {
	w.once.Do(func() {
		w.mu.Lock()
		w.timedOut = timedOut
		for _, t := range w.timers {
			t.Stop()
		}
		w.mu.Unlock()
		w.closed.Store(true)
		close(w.all)
		if timedOut && w.opt.Then != nil {
			w.opt.Then.close(false)
		}
	})
}

// expire closes the watch, timed out, when Wait (and what the machine
// took of it) has passed since the first call; if a goroutine waited
// long to run meanwhile, it waits that much longer first (see maxStretch).
func (w *Watch) expire() {
	now := schedLatencies()
	w.mu.Lock()
	lost := longestWait(w.base, now)
	left := maxStretch*w.opt.Wait - time.Since(w.started)
	if more := min(lost-w.extended, left); more > 0 && !w.closed.Load() {
		w.extended += more
		w.timers = append(w.timers, time.AfterFunc(more, w.expire))
		w.mu.Unlock()
		return
	}
	w.mu.Unlock()
	w.close(true)
}

// Enter is the start of a call: while the watch is open it waits until
// the watch closes (at most Wait after the first call, plus Grace).
func (w *Watch) Enter() {
	if w.closed.Load() {
		return
	}
	id := Goroutine()
	w.mu.Lock()
	w.inside[id] = true
	w.seen[id] = true
	w.most = max(w.most, len(w.inside))
	if w.started.IsZero() {
		w.started, w.base = time.Now(), schedLatencies()
		w.timers = append(w.timers, time.AfterFunc(w.opt.Wait, w.expire))
	}
	met := len(w.inside) == w.need
	if met && w.opt.Grace > 0 {
		w.timers = append(w.timers, time.AfterFunc(w.opt.Grace, func() { w.close(false) }))
	}
	w.mu.Unlock()
	if met && w.opt.Grace <= 0 {
		w.close(false)
	}
	<-w.all
	w.mu.Lock()
	delete(w.inside, id)
	w.mu.Unlock()
}

// Close closes the watch, once the function watched has returned (calls
// its goroutines still make wait no more), and returns what it saw. A
// watch still open then never saw Need calls at once: it is timed out.
func (w *Watch) Close() Seen {
	w.close(true)
	w.mu.Lock()
	defer w.mu.Unlock()
	return Seen{Most: w.most, Callers: len(w.seen), TimedOut: w.timedOut}
}

// Slots is the size of the tables of per-goroutine counters ([Calls],
// and TP 05's counts of trials): a goroutine's counter is at its number
// modulo Slots, so two goroutines meet in one only if their numbers are
// a multiple of Slots apart.
const Slots = 1 << 16

// Calls counts the calls of a function per calling goroutine, and tells
// the callers when the calls counted reach a mark, without ordering the
// callers for the race detector, as one shared atomic counter would
// (each call after the previous one). Each goroutine counts its calls in
// a slot of its own, at its number modulo Slots, owned by the first
// goroutine that calls there (a goroutine whose slot another owns is
// counted apart, as one more caller); the counts are plain words that
// only their owner writes, and that the code reading them keeps out of
// the race detector's sight (go:norace). A goroutine's first call makes
// it known to the others (an atomic addition, as the first watch's lock
// does), its later calls touch no word another caller writes. A Calls is
// 1 MiB; its methods are safe for concurrent use.
type Calls struct {
	slots  [Slots]slot
	others atomic.Int64 // calls by goroutines whose slot another owns
	joined atomic.Int64 // goroutines that own a slot
	mark   int64        // the calls to reach (0: none)
	// Plain words (go:norace), written by the callers.
	owners  [tracked]int64 // the slots (+1) of the first tracked owners
	crowded bool           // more than tracked owners
	passed  bool           // the calls counted have reached mark
}

// slot is one goroutine's count.
type slot struct {
	owner atomic.Int64 // the goroutine counted here, 0 before its first call
	n     int64        // its calls, written by the owner only
}

// tracked owners have their counts added up at each call; with more
// goroutines than that calling (far more than any check's workers), each
// does it every scanEvery-th call, over every slot.
const (
	tracked   = 64
	scanEvery = 64
)

// NewCalls returns a Calls whose callers are told when mark calls have
// been made (0: never).
func NewCalls(mark int64) *Calls { return &Calls{mark: mark} }

// Add counts a call by the calling goroutine and reports whether the
// calls counted, this one included, have reached the mark. The total it
// compares is exact for calls made one after another; for calls made at
// once it may miss another goroutine's latest calls, so that the mark is
// reached a little late, never early.
func (c *Calls) Add() bool {
	id := Goroutine()
	i := id % Slots
	s := &c.slots[i]
	if o := s.owner.Load(); o != id {
		if o == 0 && s.owner.CompareAndSwap(0, id) {
			c.join(c.joined.Add(1)-1, i)
		} else {
			c.others.Add(1) // only goroutines whose numbers collide share this word
			s = nil
		}
	}
	return c.add(s)
}

// join notes that the k-th owner (from 0) has slot i.
//
//go:norace
//go:noinline
func (c *Calls) join(k, i int64) {
	if k < tracked {
		c.owners[k] = i + 1
	} else {
		c.crowded = true
	}
}

// add is Add's count, on the plain words (s: the caller's slot, nil if
// another goroutine owns it).
//
//go:norace
//go:noinline
func (c *Calls) add(s *slot) bool {
	if s != nil {
		s.n++
	}
	if !c.passed && c.mark > 0 && (!c.crowded || s == nil || s.n%scanEvery == 0) {
		c.passed = c.count() >= c.mark
	}
	return c.passed
}

// count adds up the calls counted, reading the plain words.
//
//go:norace
//go:noinline
func (c *Calls) count() int64 {
	n := c.others.Load()
	if c.crowded {
		for i := range c.slots {
			n += c.slots[i].n
		}
		return n
	}
	for _, o := range c.owners {
		if o > 0 {
			n += c.slots[o-1].n
		}
	}
	return n
}

// Total returns the calls counted and the goroutines that made them (a
// goroutine whose slot another owned counted once per call), read once
// the callers are done.
//
//go:norace
//go:noinline
func (c *Calls) Total() (calls int64, callers int) {
	calls = c.others.Load()
	callers = int(calls)
	for i := range c.slots {
		if c.slots[i].owner.Load() != 0 {
			calls += c.slots[i].n
			callers++
		}
	}
	return calls, callers
}

// Goroutine is the number of the calling goroutine, as
// github.com/petermattis/goid reads it from the runtime's structure of the
// goroutine: a few nanoseconds, where the first line of a stack trace
// ("goroutine 18 [running]:") takes microseconds and a lock that every
// caller shares (a race-detector build spent most of its time there).
// Where goid does not know the runtime's layout (checked as the package
// starts, see fastID), it is read from the stack trace.
func Goroutine() int64 {
	if fastID {
		return goid.Get()
	}
	return stackID()
}

// stackID is the number of the calling goroutine, from the first line of
// its stack trace.
func stackID() int64 {
	var buf [64]byte
	b := buf[:runtime.Stack(buf[:], false)]
	b = bytes.TrimPrefix(b, []byte("goroutine "))
	if i := bytes.IndexByte(b, ' '); i > 0 {
		b = b[:i]
	}
	id, _ := strconv.ParseInt(string(b), 10, 64)
	return id
}

// fastID says whether goid gives the goroutines' numbers, in this
// goroutine and in another one: read before any caller runs, so that no
// caller synchronizes with another through it.
var fastID = func() bool {
	other := make(chan bool)
	go func() { other <- goid.Get() == stackID() }()
	return goid.Get() == stackID() && <-other
}()
