package chart

import (
	"fmt"
	"html"
	"math"
	"strings"

	"github.com/go-echarts/go-echarts/v2/charts"
	"github.com/go-echarts/go-echarts/v2/opts"

	"github.com/prepa-reines/reines/tp/display"
	"github.com/prepa-reines/reines/tp/french"
)

// Bars describes a bar chart: one group of bars per category (a question,
// a range of points), one bar per series in each group, in [Palette]
// order. Every series has one value per category. Labels are shown as
// given (French in the notebooks and the grader's pages).
type Bars struct {
	Title, XLabel, YLabel string
	Categories            []string
	Series                []BarSeries
	Counts                bool // the values are counts: the value axis marks whole numbers only
}

// BarSeries is one series of [Bars]: Values[i] is the height of its bar
// in category i (0 beyond the end of Values).
type BarSeries struct {
	Name   string
	Values []float64
}

// value is the height of s's bar in category i.
func (s BarSeries) value(i int) float64 {
	if i < len(s.Values) {
		return s.Values[i]
	}
	return 0
}

// Option returns the ECharts option of b as JSON, built with go-echarts.
func (b Bars) Option() string {
	bar := charts.NewBar()
	bar.SetGlobalOptions(globalOptions(b.Title, len(b.Series) > 1,
		opts.XAxis{Type: "category", Name: b.XLabel, NameLocation: "middle", NameGap: 25},
		opts.YAxis{Type: "value", Name: b.YLabel, MinInterval: map[bool]float64{true: 1}[b.Counts]})...)
	bar.SetXAxis(b.Categories)
	for _, s := range b.Series {
		data := make([]opts.BarData, len(b.Categories))
		for i := range data {
			data[i] = opts.BarData{Value: s.value(i)}
		}
		bar.AddSeries(s.Name, data)
	}
	bar.Validate()
	return strings.TrimSpace(string(bar.JSONNotEscaped()))
}

// HTML returns the chart fragment of b (ECharts with its static SVG).
func (b Bars) HTML() string { return display.Fragment(b.Option(), b.SVG(), plotW, plotH) }

// Text returns b as a plain-text table, one row per category.
func (b Bars) Text() string {
	var t strings.Builder
	t.WriteString(b.Title + "\n")
	for i, c := range b.Categories {
		t.WriteString(c + ":")
		for _, s := range b.Series {
			fmt.Fprintf(&t, " %s %.4g;", s.Name, s.value(i))
		}
		t.WriteString("\n")
	}
	return t.String()
}

// SVG returns a static drawing of b, 640×360 pixels: the y axis with
// ticks from 0, the bars, the categories under them (every k-th when they
// are many) and a legend. It is the fallback of the ECharts chart and
// needs no script.
func (b Bars) SVG() string {
	const left, right, top, bottom = 70.0, 20.0, 40.0, 70.0
	ymax := 0.0
	for _, s := range b.Series {
		for i := range b.Categories {
			ymax = math.Max(ymax, s.value(i))
		}
	}
	if ymax == 0 {
		ymax = 1
	}
	w, h := float64(plotW)-left-right, float64(plotH)-top-bottom
	py := func(y float64) float64 { return top + h - y/ymax*h }
	var t strings.Builder
	svgFrame(&t, b.Title, b.XLabel, b.YLabel, left, top, w, h)
	for _, y := range ticks(0, ymax) {
		if b.Counts && y != math.Trunc(y) {
			continue
		}
		fmt.Fprintf(&t, `<line x1="%g" x2="%g" y1="%.1f" y2="%.1f" stroke="#eee"/><text x="%g" y="%.1f" text-anchor="end">%s</text>`,
			left, left+w, py(y), py(y), left-5, py(y)+4, french.Number(y))
	}
	fmt.Fprintf(&t, `<line x1="%g" x2="%g" y1="%g" y2="%g" stroke="#999"/>`, left, left+w, top+h, top+h)
	n := len(b.Categories)
	if n > 0 && len(b.Series) > 0 {
		group := w / float64(n)
		barW := group * 0.8 / float64(len(b.Series))
		every := max(1, int(math.Ceil(float64(n)/20))) // at most 20 labels
		for i, c := range b.Categories {
			x0 := left + float64(i)*group + group*0.1
			for k, s := range b.Series {
				v := s.value(i)
				fmt.Fprintf(&t, `<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="%s"/>`, x0+float64(k)*barW, py(v), barW, top+h-py(v), Palette[k%len(Palette)])
			}
			if i%every == 0 {
				fmt.Fprintf(&t, `<text x="%.1f" y="%.1f" text-anchor="middle">%s</text>`, left+(float64(i)+0.5)*group, top+h+15, html.EscapeString(c))
			}
		}
	}
	if len(b.Series) > 1 {
		var names []string
		for _, s := range b.Series {
			names = append(names, s.Name)
		}
		svgLegend(&t, names, left, 170)
	}
	t.WriteString(`</svg>`)
	return t.String()
}
