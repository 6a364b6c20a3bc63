//go:build reines_nonotebook

package chart

import "github.com/janpfeifer/gonb/gonbui/protocol"

// Built with the tag reines_nonotebook, the package never writes to a
// notebook: every output goes to standard output, as outside a notebook.
// The grader builds the programs it runs in its sandbox so (they never run
// in a notebook): gonbui and what it imports (klog, net, database/sql,
// image/png) are a fifth of such a program, and of its link time.

func inNotebook() bool { return false }

func send(*protocol.DisplayData, bool) {}
