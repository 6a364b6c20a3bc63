package grading

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"strings"
	"sync"
	"time"

	"github.com/prepa-reines/reines/tp/display"
)

// holdTime is how long Demo holds back what the demonstration prints: a
// stub met within that time drops it (a table header with no rows).
const holdTime = 300 * time.Millisecond

// Demo runs a notebook's demonstration code (drawings, tables, timings that
// call the student's functions) so that an unfinished or broken answer does
// not stop or freeze the notebook: the stub's panic(ToDo) shows a French
// note saying which question to complete first, any other panic is
// reported instead of crashing the cell, and after [DefaultTimeout] (the
// checks' limit) the demonstration is abandoned with a note. needs names
// the function(s) the demonstration uses, e.g. "Solve (question 12)".
// What run prints in its first 0.3 s is held back and dropped if a stub
// stops it by then; after that, output flows as printed.
//
// If the last version of the cell that declares one of those functions, or
// a function they use, did not compile (see Stale), the demonstration does
// not run: it would show GoNB's older version.
func Demo(needs string, run func()) {
	for _, fn := range demoFunctions(needs) {
		if w := Stale(fn); w != "" {
			msg := Typography("La démonstration ne tourne pas : " + w)
			display.Show(`<p style="color:#a33;font-family:sans-serif;white-space:pre-wrap">`+display.EscapeHTML(msg)+`</p>`, msg, nil)
			return
		}
	}
	demo(needs, run, DefaultTimeout)
}

// demoFunctions reads the function names of a demonstration's label,
// "Solve et ShowAll (questions 12 et 17)".
func demoFunctions(needs string) []string {
	names, _, _ := strings.Cut(needs, " (")
	var out []string
	for _, part := range strings.Split(strings.ReplaceAll(names, " et ", ", "), ", ") {
		if part = strings.TrimSpace(part); part != "" {
			out = append(out, part)
		}
	}
	return out
}

func demo(needs string, run func(), limit time.Duration) {
	held := &heldOutput{dst: os.Stdout}
	restore := held.capture()
	timer := time.AfterFunc(holdTime, held.release)
	// A chart or a board displayed: the demonstration is under way, its
	// text so far goes out first, and the rest as printed.
	display.BeforeShow = func() { restore(false) }
	defer func() { display.BeforeShow = nil }()
	done := make(chan any, 1)
	go func() {
		defer func() {
			v := recover()
			if v != nil {
				if s, ok := v.(string); !ok || s != ToDo {
					v = PanicNote(v, debug.Stack())
				}
			}
			done <- v
		}()
		run()
	}()
	var v any
	timedOut := false
	select {
	case v = <-done:
	case <-time.After(limit):
		timedOut = true
	}
	timer.Stop()
	todo := v == ToDo
	restore(todo)
	what := "cette réponse"
	if strings.Contains(needs, " et ") {
		what = "ces réponses"
	}
	var msg string
	switch {
	case timedOut:
		msg = fmt.Sprintf("La démonstration s'est arrêtée : pas de fin après %s (%s) — une boucle infinie, ou un calcul bien trop long ? Vérifiez d'abord %s, puis relancez la cellule.", Seconds(limit), needs, what)
	case todo:
		msg = fmt.Sprintf("Cette démonstration utilise %s : complétez d'abord %s, puis relancez la cellule.", needs, what)
	case v != nil:
		msg = fmt.Sprintf("La démonstration s'est arrêtée : %v", v)
	default:
		return
	}
	msg = Typography(msg)
	display.Show(`<p style="color:#a33;font-family:sans-serif;white-space:pre-wrap">`+display.EscapeHTML(msg)+`</p>`, msg, nil)
}

// heldOutput receives what a demonstration prints: held in buf until
// release, then written straight to dst.
type heldOutput struct {
	mu       sync.Mutex
	dst      io.Writer
	buf      bytes.Buffer
	released bool
}

func (h *heldOutput) Write(p []byte) (int, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.released {
		return h.dst.Write(p)
	}
	return h.buf.Write(p)
}

// release writes what was held and lets the rest through.
func (h *heldOutput) release() {
	h.mu.Lock()
	defer h.mu.Unlock()
	if !h.released {
		h.released = true
		_, _ = h.dst.Write(h.buf.Bytes())
		h.buf.Reset()
	}
}

// capture points os.Stdout at h until the returned function is called; it
// restores os.Stdout, then drops what is still held (drop) or writes it.
// Only its first call counts. Without a pipe, output is not held.
func (h *heldOutput) capture() (restore func(drop bool)) {
	out := os.Stdout
	r, w, err := os.Pipe()
	if err != nil {
		h.release()
		return func(bool) {}
	}
	os.Stdout = w
	copied := make(chan struct{})
	go func() {
		_, _ = io.Copy(h, r)
		close(copied)
	}()
	var once sync.Once
	return func(drop bool) {
		once.Do(func() {
			os.Stdout = out
			w.Close()
			<-copied
			r.Close()
			h.mu.Lock()
			if drop && !h.released {
				h.buf.Reset()
			}
			h.mu.Unlock()
			h.release()
		})
	}
}
