// Package chart draws the workbook's plots of numbers (curves and bar
// charts) as ECharts options built with go-echarts
// (github.com/go-echarts/go-echarts/v2), each with a static SVG, shown with
// package display.
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

// Series is one curve of a [Plot]: the points (X[i], Y[i]). X and Y have the
// same length; points with Y ≤ 0 are left out of a logarithmic plot.
type Series struct {
	Name string
	X, Y []float64
}

// Plot describes a line chart of numbers: series against a numeric x axis,
// the y axis linear or logarithmic (base 10). Labels are shown as given
// (French in the notebooks).
type Plot struct {
	Title, XLabel, YLabel string
	LogY                  bool
	Series                []Series
}

// Palette is the colour of each series, in order (ECharts' default palette).
var Palette = []string{"#5470c6", "#91cc75", "#fac858", "#ee6666", "#73c0de", "#3ba272", "#fc8452", "#9a60b4"}

const plotW, plotH = 640, 360

// Option returns the ECharts option of p as JSON, built with go-echarts.
func (p Plot) Option() string {
	line := charts.NewLine()
	yType := "value"
	if p.LogY {
		yType = "log"
	}
	line.SetGlobalOptions(globalOptions(p.Title, true,
		opts.XAxis{Type: "value", Name: p.XLabel, NameLocation: "middle", NameGap: 25, Min: "dataMin", Max: "dataMax"},
		opts.YAxis{Type: yType, Name: p.YLabel})...)
	for _, s := range p.Series {
		data := make([]opts.LineData, 0, len(s.X))
		for i := range s.X {
			if p.LogY && s.Y[i] <= 0 {
				continue
			}
			data = append(data, opts.LineData{Value: []float64{s.X[i], s.Y[i]}})
		}
		line.AddSeries(s.Name, data, charts.WithLineChartOpts(opts.LineChart{ShowSymbol: opts.Bool(true)}))
	}
	line.Validate()
	return strings.TrimSpace(string(line.JSONNotEscaped()))
}

// globalOptions are the options every chart of the package shares: the
// title centred above, a tooltip on the axis, the legend below (if
// legend), the axes, the margins, the palette, no animation.
func globalOptions(title string, legend bool, x opts.XAxis, y opts.YAxis) []charts.GlobalOpts {
	return []charts.GlobalOpts{
		charts.WithTitleOpts(opts.Title{Title: title, Left: "center", TitleStyle: &opts.TextStyle{FontSize: 14}}),
		charts.WithTooltipOpts(opts.Tooltip{Show: opts.Bool(true), Trigger: "axis"}),
		charts.WithLegendOpts(opts.Legend{Show: opts.Bool(legend), Bottom: "0"}),
		charts.WithXAxisOpts(x),
		charts.WithYAxisOpts(y),
		charts.WithGridOpts(opts.Grid{Left: "20", Right: "30", Top: "50", Bottom: "70", ContainLabel: opts.Bool(true)}),
		charts.WithColorsOpts(opts.Colors(Palette)),
		charts.WithAnimation(false),
	}
}

// svgFrame writes the opening of a chart's static SVG: the svg element,
// the title, and the axis labels of the plot area (left, top, w, h).
func svgFrame(b *strings.Builder, title, xLabel, yLabel string, left, top, w, h float64) {
	fmt.Fprintf(b, `<svg xmlns="http://www.w3.org/2000/svg" class="reines-fallback" width="%d" height="%d" viewBox="0 0 %d %d" font-family="sans-serif" font-size="11">`, plotW, plotH, plotW, plotH)
	fmt.Fprintf(b, `<text x="%d" y="20" text-anchor="middle" font-size="14">%s</text>`, plotW/2, html.EscapeString(title))
	fmt.Fprintf(b, `<text x="%.1f" y="%.1f" text-anchor="middle">%s</text>`, left+w/2, top+h+32, html.EscapeString(xLabel))
	fmt.Fprintf(b, `<text x="15" y="%.1f" text-anchor="middle" transform="rotate(-90 15 %.1f)">%s</text>`, top+h/2, top+h/2, html.EscapeString(yLabel))
}

// svgLegend writes the legend of a chart's static SVG: a swatch of the
// k-th [Palette] colour and the k-th name, every step pixels from left.
func svgLegend(b *strings.Builder, names []string, left, step float64) {
	for k, name := range names {
		lx := left + float64(k)*step
		fmt.Fprintf(b, `<rect x="%.1f" y="%d" width="12" height="8" fill="%s"/><text x="%.1f" y="%d">%s</text>`,
			lx, plotH-18, Palette[k%len(Palette)], lx+16, plotH-10, html.EscapeString(name))
	}
}

// HTML returns the chart fragment of p (ECharts with its static SVG).
func (p Plot) HTML() string { return display.Fragment(p.Option(), p.SVG(), plotW, plotH) }

// Text returns p as a plain-text table, one row per x value.
func (p Plot) Text() string {
	var b strings.Builder
	b.WriteString(p.Title + "\n")
	for _, s := range p.Series {
		fmt.Fprintf(&b, "%s:", s.Name)
		for i := range s.X {
			fmt.Fprintf(&b, " (%g, %.4g)", s.X[i], s.Y[i])
		}
		b.WriteString("\n")
	}
	return b.String()
}

// Display shows p in the notebook (see [display.Show]).
func (p Plot) Display() { display.Show(p.HTML(), p.Text(), nil) }

// SVG returns a static drawing of p, 640×360 pixels: axes with ticks, one
// polyline per series in [Palette] order, and a legend. It is the fallback of
// the ECharts chart and needs no script.
func (p Plot) SVG() string {
	const left, right, top, bottom = 70.0, 20.0, 40.0, 70.0
	xmin, xmax, ymin, ymax := math.Inf(1), math.Inf(-1), math.Inf(1), math.Inf(-1)
	ty := func(y float64) float64 {
		if p.LogY {
			return math.Log10(y)
		}
		return y
	}
	for _, s := range p.Series {
		for i := range s.X {
			if p.LogY && s.Y[i] <= 0 {
				continue
			}
			xmin, xmax = math.Min(xmin, s.X[i]), math.Max(xmax, s.X[i])
			ymin, ymax = math.Min(ymin, ty(s.Y[i])), math.Max(ymax, ty(s.Y[i]))
		}
	}
	if xmin > xmax { // no point at all
		xmin, xmax, ymin, ymax = 0, 1, 0, 1
	}
	if p.LogY {
		ymin, ymax = math.Floor(ymin), math.Ceil(ymax)
	} else if ymin > 0 {
		ymin = 0
	}
	if xmax == xmin {
		xmax = xmin + 1
	}
	if ymax == ymin {
		ymax = ymin + 1
	}
	w, h := float64(plotW)-left-right, float64(plotH)-top-bottom
	px := func(x float64) float64 { return left + (x-xmin)/(xmax-xmin)*w }
	py := func(y float64) float64 { return top + h - (y-ymin)/(ymax-ymin)*h }

	var b strings.Builder
	svgFrame(&b, p.Title, p.XLabel, p.YLabel, left, top, w, h)
	fmt.Fprintf(&b, `<rect x="%g" y="%g" width="%g" height="%g" fill="none" stroke="#999"/>`, left, top, w, h)
	for _, t := range ticks(xmin, xmax) {
		fmt.Fprintf(&b, `<text x="%.1f" y="%.1f" text-anchor="middle">%s</text>`, px(t), top+h+15, french.Number(t))
	}
	for _, t := range ticks(ymin, ymax) {
		label := french.Number(t)
		if p.LogY {
			if t != math.Trunc(t) {
				continue
			}
			label = fmt.Sprintf("1e%g", t)
		}
		fmt.Fprintf(&b, `<line x1="%g" x2="%g" y1="%.1f" y2="%.1f" stroke="#eee"/><text x="%g" y="%.1f" text-anchor="end">%s</text>`,
			left, left+w, py(t), py(t), left-5, py(t)+4, label)
	}
	var names []string
	for k, s := range p.Series {
		names = append(names, s.Name)
		color := Palette[k%len(Palette)]
		var pts []string
		for i := range s.X {
			if p.LogY && s.Y[i] <= 0 {
				continue
			}
			x, y := px(s.X[i]), py(ty(s.Y[i]))
			pts = append(pts, fmt.Sprintf("%.1f,%.1f", x, y))
			fmt.Fprintf(&b, `<circle cx="%.1f" cy="%.1f" r="2.5" fill="%s"/>`, x, y, color)
		}
		fmt.Fprintf(&b, `<polyline points="%s" fill="none" stroke="%s" stroke-width="2"/>`, strings.Join(pts, " "), color)
	}
	svgLegend(&b, names, left, 150)
	b.WriteString(`</svg>`)
	return b.String()
}

// ticks returns about five round values between lo and hi.
func ticks(lo, hi float64) []float64 {
	step := math.Pow(10, math.Floor(math.Log10((hi-lo)/5)))
	for _, m := range []float64{1, 2, 5, 10} {
		if (hi-lo)/(step*m) <= 6 {
			step *= m
			break
		}
	}
	var t []float64
	for v := math.Ceil(lo/step) * step; v <= hi+step*1e-9; v += step {
		t = append(t, math.Round(v/step)*step)
	}
	return t
}
