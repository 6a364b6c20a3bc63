package display

import (
	"encoding/gob"
	"errors"
	"fmt"
	"io"
	"os"
	"sync"
	"time"

	"github.com/janpfeifer/gonb/gonbui/protocol"
)

// The notebook is reached through GoNB's two named pipes, in GoNB's own
// protocol (package protocol's gob-encoded DisplayData and CommValue), as
// its package gonbui does, but without gonbui itself: gonbui imports klog,
// net (with cgo), os/user and a UUID package, which made up a third of a
// check cell's program and of its link time (internal/cellbench: a check
// cell within 1,5× of a plain cell). Only what Show needs is here: sending
// a display and waiting until GoNB has read it. GoNB's version is pinned
// (kernel-setup/setup.sh, go.mod), every notebook's displays go through
// this code in the kernel tests, and cellbench checks that each check cell
// showed its report.

// syncLimit bounds the wait for GoNB to acknowledge a display. GoNB
// answers within milliseconds; it never does when its reader has stopped,
// e.g. when the cell's code also wrote to the pipe (through gonbui or by
// hand: a second gob stream on one pipe stops GoNB's decoder). A variable
// for the tests.
var syncLimit = 10 * time.Second

// errNoAck is send's error when GoNB did not acknowledge a display in time.
var errNoAck = errors.New("GoNB did not acknowledge the display")

// pipes is the connection to GoNB, opened on first use.
var pipes struct {
	sync.Mutex
	opened bool
	err    error // once set, nothing more is sent
	enc    *gob.Encoder
	acks   chan int // the sync requests GoNB acknowledged; closed when its pipe is
	nextID int
}

// inNotebook reports whether the program is a GoNB cell's, whose outputs
// go to the notebook (GoNB's pipe), not to standard output.
func inNotebook() bool { return os.Getenv(protocol.GONB_PIPE_ENV) != "" }

// openLocked opens GoNB's pipes, in gonbui's order (GoNB's end opens
// them in that order too): the one GoNB reads, then the one it writes,
// read by a goroutine that passes on the acknowledgements.
func openLocked() error {
	if pipes.opened || pipes.err != nil {
		return pipes.err
	}
	w, err := os.OpenFile(os.Getenv(protocol.GONB_PIPE_ENV), os.O_WRONLY, 0)
	if err != nil {
		pipes.err = fmt.Errorf("opening GoNB's pipe: %w", err)
		return pipes.err
	}
	r, err := os.OpenFile(os.Getenv(protocol.GONB_PIPE_BACK_ENV), os.O_RDONLY, 0)
	if err != nil {
		w.Close()
		pipes.err = fmt.Errorf("opening GoNB's back pipe: %w", err)
		return pipes.err
	}
	acks := make(chan int, 16)
	go func() {
		defer close(acks)
		dec := gob.NewDecoder(r)
		for {
			var v protocol.CommValue // widgets' values too: only acknowledgements are kept
			if dec.Decode(&v) != nil {
				return
			}
			if id, ok := v.Value.(int); ok && v.Address == protocol.GonbuiSyncAckAddress {
				select {
				case acks <- id:
				default: // nobody waits for it any more
				}
			}
		}
	}()
	pipes.enc, pipes.acks, pipes.opened = gob.NewEncoder(w), acks, true
	return nil
}

// send sends d to the notebook and waits until GoNB has read it (as
// gonbui.Sync does: a sync request, acknowledged on the back pipe once
// GoNB has handled everything sent before it), so that nothing is lost
// when the cell's program exits; at most syncLimit. A broken or silent
// pipe (the kernel gone, its reader stopped) makes this and every later
// display fail: the caller then prints the text.
func send(d *protocol.DisplayData) error {
	pipes.Lock()
	defer pipes.Unlock()
	if err := openLocked(); err != nil {
		return err
	}
	if pipes.err = pipes.enc.Encode(d); pipes.err != nil {
		return pipes.err
	}
	id := pipes.nextID
	pipes.nextID++
	req := &protocol.DisplayData{Data: map[protocol.MIMEType]any{
		protocol.MIMECommValue: &protocol.CommValue{Address: protocol.GonbuiSyncAddress, Value: id},
	}}
	if pipes.err = pipes.enc.Encode(req); pipes.err != nil {
		return pipes.err
	}
	timeout := time.NewTimer(syncLimit)
	defer timeout.Stop()
	for {
		select {
		case got, ok := <-pipes.acks:
			if !ok {
				pipes.err = io.ErrClosedPipe
				return pipes.err
			}
			if got == id {
				return nil
			}
		case <-timeout.C:
			pipes.err = errNoAck
			return pipes.err
		}
	}
}
