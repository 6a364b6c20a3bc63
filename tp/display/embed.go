package display

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"strconv"
	"strings"
)

// NewID returns a fresh element id ("reines-" and 16 hex digits). Every
// chart gets its own, so the same chart displayed twice, or two charts built
// alike, never share an element id. The digits come from math/rand/v2's
// generator, seeded by the runtime in every process: an id only needs to
// be unique in its page, not unpredictable.
func NewID() string {
	h := strconv.FormatUint(rand.Uint64(), 16)
	return "reines-" + strings.Repeat("0", 16-len(h)) + h
}

// drawScript is the script that draws a chart once window.echarts exists:
// {{id}} stands for the element's id as a JavaScript string, {{option}}
// for the option (see Fragment).
const drawScript = `<script type="text/javascript">
(function () {
  var id = {{id}}, option = {{option}}, tries = 0;
  function draw() {
    var el = document.getElementById(id);
    if (!el) { return; }
    if (!window.echarts) { if (++tries < 600) { setTimeout(draw, 50); } return; }
    el.innerHTML = "";
    // Numbers the French way on the axes and in the tooltip: 1 000, 0,5.
    // Below 1, significant digits: a logarithmic axis of times in
    // seconds goes down to 10^-7, which six decimals would show as 0.
    var fr = function (v) {
      if (typeof v !== "number") { return v; }
      return v.toLocaleString("fr-FR", Math.abs(v) >= 1 || v === 0 ? {maximumFractionDigits: 6} : {maximumSignificantDigits: 3});
    };
    [].concat(option.xAxis || [], option.yAxis || []).forEach(function (a) {
      if (a.type === "value" || a.type === "log") { a.axisLabel = Object.assign({}, a.axisLabel, {formatter: fr}); }
    });
    if (option.tooltip) { option.tooltip.valueFormatter = fr; }
    window.echarts.init(el, null, {renderer: "canvas"}).setOption(option);
  }
  draw();
})();
</script>`

// Fragment returns the HTML of one chart: a div of width×height CSS pixels
// holding fallbackSVG (shown until ECharts draws, and for good where scripts
// do not run), followed by a script that draws the ECharts option in it once
// window.echarts exists (it polls for up to 30 s). option is an ECharts option
// object as JSON (JavaScript functions allowed); fallbackSVG is trusted markup.
func Fragment(option, fallbackSVG string, width, height int) string {
	var b strings.Builder
	// An option is JSON data. go-echarts turns a string marked __f__ into
	// raw JavaScript (its functions), so a text of a student's (a title)
	// could become code: an option that is not plain JSON is not drawn,
	// and the static SVG stays.
	if !json.Valid([]byte(option)) {
		return `<div class="reines-chart reines-undrawn" id="` + NewID() + `" style="width:` + strconv.Itoa(width) + `px;height:` + strconv.Itoa(height) + `px;max-width:100%">` + fallbackSVG + `</div>`
	}
	// The option goes inside a script element: "<", ">" and "&", which a
	// JSON option holds only inside its strings (a title, a label), are
	// written as \u escapes, so that no text of it (a "</script>" in a
	// student's title) can close the element.
	var safe bytes.Buffer
	json.HTMLEscape(&safe, []byte(option))
	id := NewID()
	b.WriteString(`<div class="reines-chart" id="` + id + `" style="width:` + strconv.Itoa(width) + `px;height:` + strconv.Itoa(height) + `px;max-width:100%">` + fallbackSVG + "</div>\n")
	// One pass over drawScript: what is put in is not read again.
	strings.NewReplacer("{{id}}", strconv.Quote(id), "{{option}}", safe.String()).WriteString(&b, drawScript)
	return b.String()
}

// Row lays out chart fragments side by side, wrapping to new lines as the
// page narrows (small multiples). Each item is shown with its caption
// (plain text, escaped) underneath.
func Row(items []string, captions []string) string {
	var b strings.Builder
	b.WriteString(`<div class="reines-gallery" style="display:flex;flex-wrap:wrap;gap:8px;align-items:flex-start">`)
	for i, it := range items {
		b.WriteString(`<figure style="margin:0;text-align:center">`)
		b.WriteString(it)
		if i < len(captions) && captions[i] != "" {
			b.WriteString(`<figcaption style="font:12px sans-serif">`)
			b.WriteString(EscapeHTML(captions[i]))
			b.WriteString(`</figcaption>`)
		}
		b.WriteString(`</figure>`)
	}
	b.WriteString(`</div>`)
	return b.String()
}

// EscapeHTML escapes s for HTML or SVG text and quoted attributes, as
// html/template escapes a text: & < > " ' as references, and NUL as
// U+FFFD (a browser drops a NUL as it reads the page, so that a value a
// student's code filled with zero bytes would look like the right one).
func EscapeHTML(s string) string { return htmlEscaper.Replace(s) }

var htmlEscaper = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&#34;", "'", "&#39;", "\x00", "\uFFFD")
