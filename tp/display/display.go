package display

import (
	"fmt"

	"github.com/janpfeifer/gonb/gonbui/protocol"
)

// BeforeShow, if not nil, is called by [Show] before it sends its
// output. Package grading's demonstrations set it to let out the text they
// hold back, so that what a demonstration prints before a chart shows
// above it.
var BeforeShow func()

// Show sends one output to the notebook as a display bundle: html as
// text/html and text as text/plain (what terminals, nbconvert's text export
// and screen readers get), plus any extra MIME types given (e.g. a JSON
// record for automated checks). It waits until GoNB has read the output
// (as gonbui.Sync does), so nothing is lost when the cell's program exits;
// before sending, it waits until GoNB has taken what the cell printed, so
// that the output shows below that text (see flushStdout). Outside a
// notebook, or when GoNB does not take the display (see send), it prints
// text on standard output instead.
func Show(html, text string, extra map[string]any) {
	if f := BeforeShow; f != nil {
		f()
	}
	if !inNotebook() {
		fmt.Println(text)
		return
	}
	data := map[protocol.MIMEType]any{
		protocol.MIMETextHTML:  html,
		protocol.MIMETextPlain: text,
	}
	for k, v := range extra {
		data[protocol.MIMEType(k)] = v
	}
	flushStdout()
	if send(&protocol.DisplayData{Data: data}) != nil {
		fmt.Println(text)
	}
}

// LoadLibrary displays the ECharts library in the notebook (once, in the
// header cell), or a French message saying how to install it. Charts
// displayed before it is loaded draw as soon as it is; without it they keep
// their static SVG.
func LoadLibrary() {
	lib, err := LibraryHTML()
	if err != nil {
		msg := "Graphiques interactifs indisponibles : ECharts n'est pas installé. " +
			"Lancez `make setup` (ou kernel-setup/setup.sh) puis relancez cette cellule. " +
			"Les plateaux restent visibles en image fixe."
		Show("<p style=\"color:#a33\">"+msg+"</p>", msg, nil)
		return
	}
	Show(lib+"<small style=\"color:#777\">ECharts "+EChartsVersion+" chargé (hors ligne).</small>",
		"ECharts "+EChartsVersion+" chargé.", nil)
}
