//go:build linux || darwin

package display

import (
	"io"
	"os"
	"testing"
	"time"
)

// flushStdout returns only once the reader of standard output (GoNB) has
// taken what was printed; with nothing printed it returns at once, and a
// reader that never reads does not hold it past flushLimit.
func TestFlushStdout(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	defer w.Close()
	out := os.Stdout
	os.Stdout = w
	defer func() { os.Stdout = out }()

	flushStdout() // nothing pending

	const text = "2 solutions pour n = 4\n"
	if _, err := io.WriteString(w, text); err != nil {
		t.Fatal(err)
	}
	go func() {
		time.Sleep(50 * time.Millisecond) // a reader slower than the display
		_, _ = io.ReadFull(r, make([]byte, len(text)))
	}()
	flushStdout()
	if n, err := pending(int(w.Fd())); err != nil || n != 0 {
		t.Errorf("flushStdout returned with %d bytes printed still unread (%v)", n, err)
	}

	// Nobody reads: bounded.
	if _, err := io.WriteString(w, text); err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{})
	go func() { flushStdout(); close(done) }()
	select {
	case <-done:
	case <-time.After(flushLimit + 5*time.Second):
		t.Fatalf("flushStdout still waiting %v after the limit, with nobody reading", 5*time.Second)
	}
}
