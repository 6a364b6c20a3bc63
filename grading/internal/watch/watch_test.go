package watch

import (
	"math"
	"runtime"
	"runtime/metrics"
	"slices"
	"sync"
	"testing"
	"time"
)

// long is a Wait no passing test reaches: a watch that closes early did
// so because the calls met.
const long = time.Minute

// call enters w and holds the call for hold.
func call(w *Watch, hold time.Duration) {
	w.Enter()
	time.Sleep(hold)
}

// Goroutines that call at once are all seen, and none waits out the
// watch: it closes as soon as the need is met.
func TestMet(t *testing.T) {
	for _, need := range []int{1, 2, 4, 16} {
		w := New(need, Options{Wait: long})
		start := time.Now()
		var wg sync.WaitGroup
		for range need {
			wg.Go(func() { call(w, 0) })
		}
		wg.Wait()
		if d := time.Since(start); d > long/2 {
			t.Errorf("need %d: the calls waited %v", need, d)
		}
		if s := w.Close(); s != (Seen{Most: need, Callers: need}) {
			t.Errorf("need %d: saw %+v", need, s)
		}
	}
}

// Calls made one after another wait Wait once, for the first call, then
// pass; the watch says it timed out, one call at a time.
func TestSerial(t *testing.T) {
	const wait = 50 * time.Millisecond
	w := New(3, Options{Wait: wait})
	start := time.Now()
	call(w, 0)
	if d := time.Since(start); d < wait {
		t.Errorf("the first call returned after %v, before the %v wait", d, wait)
	}
	start = time.Now()
	for range 5 {
		call(w, 0)
	}
	if d := time.Since(start); d >= wait {
		t.Errorf("the later calls waited %v", d)
	}
	if s := w.Close(); s != (Seen{Most: 1, Callers: 1, TimedOut: true}) {
		t.Errorf("saw %+v", s)
	}
}

// Two goroutines where four are needed: both are seen, the watch times
// out.
func TestTooFew(t *testing.T) {
	w := New(4, Options{Wait: 50 * time.Millisecond})
	var wg sync.WaitGroup
	for range 2 {
		wg.Go(func() { call(w, 0) })
	}
	wg.Wait()
	if s := w.Close(); s != (Seen{Most: 2, Callers: 2, TimedOut: true}) {
		t.Errorf("saw %+v", s)
	}
}

// A watch that needs nothing never makes a call wait, and is not timed
// out.
func TestNeedsNone(t *testing.T) {
	w := New(0, Options{Wait: long})
	call(w, 0)
	if s := w.Close(); s.TimedOut || s.Callers != 0 {
		t.Errorf("saw %+v", s)
	}
}

// Callers that come in during the grace period are seen: more goroutines
// than the need are counted.
func TestGrace(t *testing.T) {
	w := New(2, Options{Wait: long, Grace: 30 * time.Second})
	var wg sync.WaitGroup
	for range 2 {
		wg.Go(func() { call(w, 0) })
	}
	waitInside(w, 2)
	wg.Go(func() { call(w, 0) }) // a third, during the grace period
	waitInside(w, 3)
	s := w.Close() // the function returned: the calls go on
	wg.Wait()
	if s != (Seen{Most: 3, Callers: 3, TimedOut: true}) {
		// Closed by Close during the grace period: the need was met,
		// but the calls were still held when the function returned.
		t.Errorf("saw %+v", s)
	}
}

// waitInside waits until n calls are held inside w.
func waitInside(w *Watch, n int) {
	for {
		w.mu.Lock()
		k := len(w.inside)
		w.mu.Unlock()
		if k == n {
			return
		}
		time.Sleep(time.Millisecond)
	}
}

// A first watch that times out closes its Then, not timed out: a serial
// answer waits once, not once per watch.
func TestThen(t *testing.T) {
	second := New(2, Options{Wait: long})
	first := New(2, Options{Wait: 20 * time.Millisecond, Then: second})
	call(first, 0)
	start := time.Now()
	call(second, 0)
	if d := time.Since(start); d > long/2 {
		t.Errorf("the second watch made the call wait %v", d)
	}
	if s := first.Close(); !s.TimedOut {
		t.Errorf("first: saw %+v", s)
	}
	if s := second.Close(); s.TimedOut || s.Callers != 0 {
		t.Errorf("second: saw %+v", s)
	}
}

// Calls counts each goroutine's calls, and the goroutines, for the whole
// run: eight goroutines through a semaphore of one (never two at once),
// three calls each; the callers are told from the 13th call on that the
// mark of 13 is reached, never before, and a Calls without a mark never
// tells them.
func TestCalls(t *testing.T) {
	for _, mark := range []int64{13, 0} {
		c := NewCalls(mark)
		sem := make(chan struct{}, 1)
		var wg sync.WaitGroup
		var order []bool // what each call was told, in the order of the calls
		for range 8 {
			wg.Go(func() {
				for range 3 {
					sem <- struct{}{}
					order = append(order, c.Add())
					<-sem
				}
			})
		}
		wg.Wait()
		for k, past := range order {
			if want := mark > 0 && int64(k+1) >= mark; past != want {
				t.Errorf("mark %d: call %d told %v, want %v", mark, k+1, past, want)
			}
		}
		if calls, callers := c.Total(); calls != 24 || callers != 8 {
			t.Errorf("mark %d: Total: %d calls by %d goroutines, want 24 by 8", mark, calls, callers)
		}
	}
}

// Goroutines whose numbers are a multiple of Slots apart share a slot:
// the one that called there first owns it, and each call of another is
// counted as one more caller.
func TestCallsCollide(t *testing.T) {
	c := NewCalls(0)
	c.Add() // this goroutine owns its slot
	own := Goroutine()
	var wg sync.WaitGroup
	var stranger bool
	for !stranger {
		wg.Add(1)
		ready := make(chan int64)
		go func() {
			defer wg.Done()
			id := Goroutine()
			ready <- id
			if id%Slots == own%Slots {
				c.Add()
				c.Add()
			}
		}()
		stranger = (<-ready)%Slots == own%Slots
		wg.Wait()
	}
	if calls, callers := c.Total(); calls != 3 || callers != 3 {
		t.Errorf("Total: %d calls by %d callers, want 3 by 3 (one owner, two calls of a stranger)", calls, callers)
	}
}

// The goroutines' numbers are those of their stack traces, in many
// goroutines at once (goid reads the runtime's structure: a Go release
// that changes it is caught here, and at run time the stack traces are
// read instead).
func TestGoroutine(t *testing.T) {
	if !fastID {
		t.Error("goid does not read this Go release's goroutine numbers: the watches read stack traces, a hundred times slower")
	}
	var wg sync.WaitGroup
	ids := make([][2]int64, 64)
	for i := range ids {
		wg.Go(func() { ids[i] = [2]int64{Goroutine(), stackID()} })
	}
	wg.Wait()
	seen := map[int64]bool{}
	for _, id := range ids {
		if id[0] != id[1] || seen[id[0]] {
			t.Errorf("Goroutine %d, stack trace %d (or seen before)", id[0], id[1])
		}
		seen[id[0]] = true
	}
}

// A watch whose goroutines waited long to run (a busy machine) stays
// open that much longer, so that they are still seen together, up to
// maxStretch times Wait; one whose goroutines ran at once closes at Wait.
func TestBusyMachine(t *testing.T) {
	const wait = 60 * time.Millisecond
	defer func(f func() *metrics.Float64Histogram) { schedLatencies = f }(schedLatencies)
	buckets := []float64{0, 0.001, float64(wait) / float64(time.Second), 2 * float64(wait) / float64(time.Second), 100, math.Inf(1)}
	for _, c := range []struct {
		name     string
		latency  func(reading int) int // the bucket a scheduling falls in before the reading-th reading
		min, max time.Duration
	}{
		{"idle", func(int) int { return 1 }, wait, 2 * wait},
		{"starved once", func(r int) int { return []int{1, 3, 1, 1, 1, 1}[min(r, 5)] }, 3 * wait, maxStretch * wait},
		{"starved for good", func(int) int { return 4 }, maxStretch * wait, 2 * maxStretch * wait},
	} {
		var mu sync.Mutex
		counts := make([]uint64, len(buckets)-1)
		reading := 0
		schedLatencies = func() *metrics.Float64Histogram {
			mu.Lock()
			defer mu.Unlock()
			counts[c.latency(reading)]++
			reading++
			return &metrics.Float64Histogram{Counts: slices.Clone(counts), Buckets: buckets}
		}
		w := New(2, Options{Wait: wait})
		start := time.Now()
		call(w, 0)
		d := time.Since(start)
		if d < c.min || d >= c.max {
			t.Errorf("%s: the lone call waited %v; want [%v, %v)", c.name, d, c.min, c.max)
		}
		if s := w.Close(); !s.TimedOut {
			t.Errorf("%s: saw %+v; want timed out", c.name, s)
		}
	}
}

// The runtime reads its scheduling latencies, and a goroutine kept from
// running (one P, held by a busy goroutine) shows in them.
func TestLongestWait(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	base := schedLatencies()
	if base == nil {
		t.Fatal("no /sched/latencies:seconds")
	}
	var wg sync.WaitGroup
	for range 64 { // the runtime samples one scheduling in eight
		wg.Go(func() {
			for end := time.Now().Add(time.Millisecond); time.Now().Before(end); {
			}
		})
	}
	wg.Wait()
	if got := longestWait(base, schedLatencies()); got < time.Millisecond/2 || got > 30*time.Second {
		t.Errorf("64 goroutines busy 1 ms each on one P: the longest wait read is %v; want some milliseconds", got)
	}
	if got := longestWait(base, base); got != 0 {
		t.Errorf("no scheduling between two equal readings: %v", got)
	}
}
