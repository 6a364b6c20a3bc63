package chart

import (
	"fmt"
	"html"
	"strings"

	"github.com/janpfeifer/gonb/gonbui/protocol"
)

// Progress is a progress bar shown in a notebook cell and updated in place
// (a Jupyter display with a display_id: each update replaces the previous
// one, and the last state is what the saved notebook keeps, also when it is
// run headless by nbconvert). It draws no chart and needs no script: a plain
// HTML bar with a line of text, and the text alone as text/plain. Outside a
// notebook, only [Progress.Done] prints, one line on standard output, so a
// program or test run from a terminal is not flooded.
//
// A Progress is not safe for concurrent use: update it from one goroutine
// (e.g. a solver's progress callback, which runs on the solver's caller).
type Progress struct {
	id    string // display_id of the cell output
	title string // shown before the text, e.g. "γ(Q_13)"
}

// NewProgress shows an empty bar titled title and returns it.
func NewProgress(title string) *Progress {
	p := &Progress{id: "reines-progress-" + NewID(), title: title}
	p.show(0, "démarrage…", false)
	return p
}

// Update sets the bar to fraction (clamped to [0, 1]) with a line of text
// (plain text, escaped), e.g. "7 reines : 120 sous-problèmes sur 364".
func (p *Progress) Update(fraction float64, text string) { p.show(fraction, text, false) }

// Done fills the bar and shows the final text; outside a notebook it prints
// "title : text". It waits until GoNB has read the output (gonbui.Sync).
func (p *Progress) Done(text string) {
	if !inNotebook() {
		fmt.Println(p.plain(text))
		return
	}
	p.show(1, text, true)
}

func (p *Progress) plain(text string) string {
	if p.title == "" {
		return text
	}
	return p.title + " : " + text
}

// HTML returns the bar at fraction with text, as displayed.
func (p *Progress) HTML(fraction float64, text string) string {
	fraction = min(max(fraction, 0), 1)
	var b strings.Builder
	fmt.Fprintf(&b, `<div class="reines-progress" style="font:13px sans-serif;margin:4px 0">`)
	fmt.Fprintf(&b, `<div style="margin-bottom:3px">%s</div>`, html.EscapeString(p.plain(text)))
	fmt.Fprintf(&b, `<div style="width:420px;max-width:100%%;height:12px;background:#e6e6e6;border-radius:3px;overflow:hidden">`)
	fmt.Fprintf(&b, `<div style="width:%.1f%%;height:100%%;background:%s"></div></div></div>`, 100*fraction, Palette[0])
	return b.String()
}

func (p *Progress) show(fraction float64, text string, wait bool) {
	if !inNotebook() {
		return
	}
	flushStdout()
	send(&protocol.DisplayData{
		Data: map[protocol.MIMEType]any{
			protocol.MIMETextHTML:  p.HTML(fraction, text),
			protocol.MIMETextPlain: p.plain(text),
		},
		DisplayID: p.id,
	}, wait)
}
