package board

import (
	"strconv"
	"strings"

	"github.com/go-echarts/go-echarts/v2/charts"
	"github.com/go-echarts/go-echarts/v2/opts"
	"github.com/prepa-reines/reines/tp/queens"
)

// maxSeriesItems is the most squares one heat map series holds.
const maxSeriesItems = 2500

// labelGap is the distance in pixels between the axis labels and the grid,
// as the SVG draws them (ECharts' default, 8, pushes the column labels of
// small pictures out of their top margin).
const labelGap = 4

// Option returns the ECharts option of the board as JSON, built with
// go-echarts: a heat map for the squares (checkered, or the Heat numbers)
// and scatter series for queens, crosses and outlines. small drops the
// labels, for galleries.
func (b Board) Option(small bool) string {
	b = b.drawn()
	cell, margin, side := b.size(small)
	labels := make([]string, b.N)
	for i := range labels {
		labels[i] = strconv.Itoa(i + 1)
	}
	showLabels := !small || b.N <= 10
	axisLabel := &opts.AxisLabel{Show: opts.Bool(showLabels), FontSize: max(min(cell/2, 12), 7), Margin: labelGap}
	lines := titleLines(b.Title, side)
	titleTop := titleHeight(lines)
	hm := charts.NewHeatMap()
	hm.SetGlobalOptions(
		charts.WithTitleOpts(opts.Title{Title: strings.Join(lines, "\n"), Left: "center", TitleStyle: &opts.TextStyle{FontSize: 12, FontWeight: "normal", LineHeight: 16}}),
		charts.WithXAxisOpts(opts.XAxis{Type: "category", Data: labels, Position: "top", AxisLabel: axisLabel,
			SplitArea: &opts.SplitArea{Show: opts.Bool(false)}, AxisTick: &opts.AxisTick{Show: opts.Bool(false)}}),
		charts.WithYAxisOpts(opts.YAxis{Type: "category", Data: labels, Inverse: opts.Bool(true), AxisLabel: axisLabel}),
		charts.WithGridOpts(opts.Grid{Left: strconv.Itoa(margin), Top: strconv.Itoa(margin + titleTop),
			Width: strconv.Itoa(cell * b.N), Height: strconv.Itoa(cell * b.N)}),
		charts.WithTooltipOpts(opts.Tooltip{Show: opts.Bool(!small)}),
		charts.WithAnimation(false),
		charts.WithLegendOpts(opts.Legend{Show: opts.Bool(false)}),
	)
	// One heat map series per colour: the light and dark squares, or one
	// per Heat value, so that the colours are exactly those of the SVG.
	type group struct {
		name   string
		colour string
		label  bool // the squares show their Heat number
		data   []opts.HeatMapData
	}
	var groups []*group
	byKey := map[string]*group{}
	maxHeat := b.heatScale()
	queen, _, cross := b.grid()
	for r := 0; r < b.N; r++ {
		for c := 0; c < b.N; c++ {
			colour, name, v := lightSquare, "case claire", 0
			if b.Heat != nil {
				v = b.Heat[r][c]
				colour, name = heatColour(v, maxHeat), "couverte "+strconv.Itoa(v)+" fois"
			} else if (r+c)%2 == 1 {
				colour, name = darkSquare, "case foncée"
			}
			label := b.Heat != nil && cell >= 16 && !queen[r][c] && !cross[r][c] // a mark hides the count
			key := colour + "|" + strconv.FormatBool(label)
			g := byKey[key]
			if g == nil {
				g = &group{name: name, colour: colour, label: label}
				byKey[key] = g
				groups = append(groups, g)
			}
			g.data = append(g.data, opts.HeatMapData{Name: "ligne " + labels[r] + ", colonne " + labels[c], Value: [3]int{c, r, v}})
		}
	}
	for _, g := range groups {
		so := []charts.SeriesOpts{charts.WithItemStyleOpts(opts.ItemStyle{Color: g.colour})}
		if g.label {
			so = append(so, charts.WithLabelOpts(opts.Label{Show: opts.Bool(true), Color: "#333", FontSize: float32(max(min(cell/2, 12), 7))}))
		}
		// ECharts draws a series of more than 3000 items progressively,
		// which leaves large boards half drawn: keep series smaller.
		for data := g.data; len(data) > 0; {
			k := min(len(data), maxSeriesItems)
			hm.AddSeries(g.name, data[:k], so...)
			data = data[k:]
		}
	}

	marks := func(name string, ss []queens.Square, symbol string, size float64, style opts.ItemStyle) {
		data := make([]opts.ScatterData, 0, len(ss))
		for _, s := range ss {
			if b.on(s) {
				data = append(data, opts.ScatterData{Name: name, Value: [2]int{s.Col, s.Row}})
			}
		}
		if len(data) == 0 {
			return
		}
		sc := charts.NewScatter()
		sc.AddSeries(name, data,
			charts.WithScatterChartOpts(opts.ScatterChart{Symbol: symbol, SymbolSize: size * float64(cell), SymbolKeepAspect: opts.Bool(true)}),
			charts.WithItemStyleOpts(style))
		hm.Overlap(sc)
	}
	marks("croix", b.Crossed, "path://"+crossPath, 0.45, opts.ItemStyle{Color: markColour})
	marks("reine", b.Queens, "path://"+queenPath, 0.8, opts.ItemStyle{Color: queenColour, BorderColor: "#fff", BorderWidth: 1})
	marks("case mise en évidence", b.Highlight, "rect", 0.92, opts.ItemStyle{Color: "rgba(0,0,0,0)", BorderColor: markColour, BorderWidth: 3})
	hm.Validate()
	return hm.RenderSnippet().Option
}
