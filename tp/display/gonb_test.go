//go:build linux || darwin

package display

import (
	"encoding/gob"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/janpfeifer/gonb/gonbui/protocol"
)

// fakeGoNB plays GoNB's end of the two pipes in dir: it reads the
// displays, passes each text/html on html, and acknowledges the sync
// requests if ack.
func fakeGoNB(t *testing.T, dir string, ack bool, html chan<- string) {
	w, r := filepath.Join(dir, "to-gonb"), filepath.Join(dir, "from-gonb")
	for _, p := range []string{w, r} {
		if err := syscall.Mkfifo(p, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	t.Setenv(protocol.GONB_PIPE_ENV, w)
	t.Setenv(protocol.GONB_PIPE_BACK_ENV, r)
	go func() {
		in, err := os.Open(w)
		if err != nil {
			return
		}
		out, err := os.OpenFile(r, os.O_WRONLY, 0)
		if err != nil {
			return
		}
		dec, enc := gob.NewDecoder(in), gob.NewEncoder(out)
		for {
			var d protocol.DisplayData
			if dec.Decode(&d) != nil {
				return
			}
			if h, ok := d.Data[protocol.MIMETextHTML].(string); ok {
				html <- h
			}
			var req protocol.CommValue
			switch v := d.Data[protocol.MIMECommValue].(type) {
			case protocol.CommValue:
				req = v
			case *protocol.CommValue:
				req = *v
			default:
				continue
			}
			if ack && req.Address == protocol.GonbuiSyncAddress {
				if enc.Encode(&protocol.CommValue{Address: protocol.GonbuiSyncAckAddress, Value: req.Value}) != nil {
					return
				}
			}
		}
	}()
}

// stdout runs f and returns what it printed.
func stdout(t *testing.T, f func()) string {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	old := os.Stdout
	os.Stdout = w
	done := make(chan string)
	go func() {
		b, _ := io.ReadAll(r)
		done <- string(b)
	}()
	f()
	os.Stdout = old
	w.Close()
	return <-done
}

func resetPipes() {
	pipes.Lock()
	pipes.opened, pipes.err, pipes.enc, pipes.acks, pipes.nextID = false, nil, nil, nil, 0
	pipes.Unlock()
}

// Show sends the display through GoNB's pipe in GoNB's protocol and
// returns once GoNB acknowledged it, printing nothing; when GoNB never
// acknowledges (its reader stopped: the cell wrote to the pipe itself),
// Show prints the text after syncLimit instead of waiting for ever, and
// the later displays print at once.
func TestShowThroughPipes(t *testing.T) {
	defer resetPipes()
	html := make(chan string, 8)
	resetPipes()
	fakeGoNB(t, t.TempDir(), true, html)
	if out := stdout(t, func() { Show("<b>un</b>", "un", nil); Show("<b>deux</b>", "deux", nil) }); out != "" {
		t.Errorf("acknowledged displays printed %q", out)
	}
	for _, want := range []string{"<b>un</b>", "<b>deux</b>"} {
		if got := <-html; got != want {
			t.Errorf("GoNB got %q; want %q", got, want)
		}
	}

	resetPipes()
	defer func(l time.Duration) { syncLimit = l }(syncLimit)
	syncLimit = 200 * time.Millisecond
	fakeGoNB(t, t.TempDir(), false, html)
	start := time.Now()
	out := stdout(t, func() { Show("<b>trois</b>", "trois", nil); Show("<b>quatre</b>", "quatre", nil) })
	if out != "trois\nquatre\n" {
		t.Errorf("unacknowledged displays printed %q; want their texts", out)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("unacknowledged displays took %v", d)
	}
	if got := <-html; !strings.Contains(got, "trois") {
		t.Errorf("GoNB got %q; want the first display", got)
	}
}
