package chart

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"html/template"
	"strconv"
	"strings"
)

// NewID returns a fresh element id ("reines-" and 16 hex digits). Every
// chart gets its own, so the same chart displayed twice, or two charts built
// alike, never share an element id.
func NewID() string {
	var b [8]byte
	_, _ = rand.Read(b[:]) // crypto/rand.Read never fails on supported platforms
	return "reines-" + hex.EncodeToString(b[:])
}

var fragment = template.Must(template.New("chart").Parse(`<div class="reines-chart" id="{{.ID}}" style="width:{{.Width}}px;height:{{.Height}}px;max-width:100%">{{.Fallback}}</div>
<script type="text/javascript">
(function () {
  var id = {{.ID}}, option = {{.Option}}, tries = 0;
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
</script>`))

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
	err := fragment.Execute(&b, struct {
		ID            string
		Width, Height int
		Fallback      template.HTML
		Option        template.JS
	}{NewID(), width, height, template.HTML(fallbackSVG), template.JS(safe.String())})
	if err != nil {
		panic("chart: " + err.Error()) // the template and its inputs are fixed: a bug
	}
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
			b.WriteString(template.HTMLEscapeString(captions[i]))
			b.WriteString(`</figcaption>`)
		}
		b.WriteString(`</figure>`)
	}
	b.WriteString(`</div>`)
	return b.String()
}
