package grading

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/prepa-reines/reines/tp/chart"
)

// holdTime is how long Demo holds back what the demonstration prints: a
// stub met within that time drops it (a table header with no rows).
const holdTime = 300 * time.Millisecond

// Demo runs a notebook's demonstration code (drawings, tables, timings that
// call the student's functions) so that an unfinished answer does not stop
// the notebook: the stub's panic(ToDo) shows a French note saying which
// question to complete first, and any other panic is reported instead of
// crashing the cell. needs names the function(s) the demonstration uses.
// What run prints on standard output in its first 0.3 s is held back and
// dropped if a stub stops it by then; after that, output flows as printed.
func Demo(needs string, run func()) {
	held := &heldOutput{dst: os.Stdout}
	restore := held.capture()
	timer := time.AfterFunc(holdTime, held.release)
	defer func() {
		v := recover()
		timer.Stop()
		s, isString := v.(string)
		todo := v != nil && isString && s == ToDo
		restore(todo)
		if v == nil {
			return
		}
		what := "cette réponse"
		if strings.Contains(needs, " et ") {
			what = "ces réponses"
		}
		msg := fmt.Sprintf("Cette démonstration utilise %s : complétez d'abord %s, puis relancez la cellule.", needs, what)
		if !todo {
			msg = fmt.Sprintf("La démonstration s'est arrêtée : votre code a paniqué (%v).", v)
		}
		chart.Display(`<p style="color:#a33;font-family:sans-serif">`+msg+`</p>`, msg, nil)
	}()
	run()
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
// Without a pipe, output is not held.
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
	return func(drop bool) {
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
	}
}

// YesNo returns « oui » or « non », for the notebooks' French tables.
func YesNo(ok bool) string {
	if ok {
		return "oui"
	}
	return "non"
}
