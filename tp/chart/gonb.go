//go:build !reines_nonotebook

package chart

import (
	"github.com/janpfeifer/gonb/gonbui"
	"github.com/janpfeifer/gonb/gonbui/protocol"
)

// inNotebook reports whether the program is a GoNB cell's, whose outputs
// go to the notebook (GoNB's pipe), not to standard output.
func inNotebook() bool { return gonbui.IsNotebook }

// send sends d to the notebook and, if wait, waits until GoNB has read it
// (gonbui.Sync), so that nothing is lost when the cell's program exits.
func send(d *protocol.DisplayData, wait bool) {
	gonbui.SendData(d)
	if wait {
		gonbui.Sync()
	}
}
