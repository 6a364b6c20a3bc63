package display

import (
	"encoding/gob"
	"fmt"
	"os"
	"sync"

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

// pipes is the connection to GoNB, opened on first use.
var pipes struct {
	sync.Mutex
	opened bool
	err    error // once set, nothing more is sent
	enc    *gob.Encoder
	dec    *gob.Decoder
	nextID int
}

// inNotebook reports whether the program is a GoNB cell's, whose outputs
// go to the notebook (GoNB's pipe), not to standard output.
func inNotebook() bool { return os.Getenv(protocol.GONB_PIPE_ENV) != "" }

// openLocked opens GoNB's pipes, in gonbui's order (GoNB's end opens
// them in that order too): the one GoNB reads, then the one it writes.
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
	pipes.enc, pipes.dec, pipes.opened = gob.NewEncoder(w), gob.NewDecoder(r), true
	return nil
}

// send sends d to the notebook and waits until GoNB has read it (as
// gonbui.Sync does: a sync request, answered on the back pipe once
// GoNB has handled everything sent before it), so that nothing is lost
// when the cell's program exits. A broken pipe (the kernel gone) drops
// this and every later display, as gonbui does; the cell's text output is
// unaffected.
func send(d *protocol.DisplayData) {
	pipes.Lock()
	defer pipes.Unlock()
	if openLocked() != nil {
		return
	}
	if pipes.err = pipes.enc.Encode(d); pipes.err != nil {
		return
	}
	id := pipes.nextID
	pipes.nextID++
	req := &protocol.DisplayData{Data: map[protocol.MIMEType]any{
		protocol.MIMECommValue: &protocol.CommValue{Address: protocol.GonbuiSyncAddress, Value: id},
	}}
	if pipes.err = pipes.enc.Encode(req); pipes.err != nil {
		return
	}
	// The back pipe carries only the answers to sync requests here (no
	// widgets): read until this one's.
	for {
		var v protocol.CommValue
		if pipes.err = pipes.dec.Decode(&v); pipes.err != nil {
			return
		}
		if got, ok := v.Value.(int); ok && v.Address == protocol.GonbuiSyncAckAddress && got == id {
			return
		}
	}
}
