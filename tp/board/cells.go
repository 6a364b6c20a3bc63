package board

import (
	"encoding/json"
	"strconv"

	"github.com/go-echarts/go-echarts/v2/charts"
	"github.com/go-echarts/go-echarts/v2/opts"
)

// The pictures of notebook 04 (exact cover) are grids of coloured cells
// that are not chessboards: a 0/1 [Matrix], a [Sudoku] grid, a pentomino
// [Tiling]. They share the ECharts option built here, as [Board.Option]
// builds the board's: one heat map series per colour (so that the colours
// are exactly those of the SVG fallback), cell labels through each data
// item's name, and outlines as scatter series of rectangle symbols.

// cellMark is one cell of a grid picture.
type cellMark struct {
	row, col    int
	colour      string // fill
	name        string // tooltip text
	label       string // text drawn on the cell, may be empty
	labelColour string
	bold        bool
}

// outline is a rectangle drawn over the grid: w × h cells centred on the
// cell (row, col) (w and h odd), with a border of the given colour.
type outline struct {
	row, col, w, h int
	colour         string
	width          float32
}

// gridLayout places a grid picture: the cell side and the margins for the
// labels, in pixels.
type gridLayout struct {
	rows, cols        int
	cell, left, top   int
	xLabels, yLabels  []string // nil: no labels on that axis
	title             string
	tooltip           bool
	gap               float32 // width of the white line between cells
	fontSize          int     // of the cell labels
	width, height     int     // of the whole picture
	titleH, topMargin int
}

func newLayout(rows, cols, cell, left, top int, title string) gridLayout {
	l := gridLayout{rows: rows, cols: cols, cell: cell, left: left, top: top, title: title}
	if title != "" {
		l.titleH = 18
	}
	l.topMargin = top + l.titleH
	l.width = left + cell*max(cols, 1) + 4
	l.height = l.topMargin + cell*max(rows, 1) + 4
	l.fontSize = max(min(cell/2, 13), 7)
	return l
}

// option returns the ECharts option (JSON) of a grid picture. lines, if
// any, are segments {x1, y1, x2, y2} in the grid's pixel coordinates
// (origin at the top-left corner of the first cell), stroked dark over the
// cells, as the SVG fallback draws them: go-echarts has no graphic
// component, so they are added to the option's JSON.
func (l gridLayout) option(cells []cellMark, outlines []outline, lines [][4]int) string {
	xs := l.xLabels
	if xs == nil {
		xs = indexLabels(l.cols)
	}
	ys := l.yLabels
	if ys == nil {
		ys = indexLabels(l.rows)
	}
	axisFont := max(min(l.cell/2, 12), 7)
	hm := charts.NewHeatMap()
	hm.SetGlobalOptions(
		charts.WithTitleOpts(opts.Title{Title: l.title, Left: "center", TitleStyle: &opts.TextStyle{FontSize: 12, FontWeight: "normal"}}),
		charts.WithXAxisOpts(opts.XAxis{Type: "category", Data: xs, Position: "top", Show: opts.Bool(l.xLabels != nil),
			AxisLabel: &opts.AxisLabel{Show: opts.Bool(l.xLabels != nil), FontSize: axisFont, Interval: "0", Margin: labelGap},
			AxisLine:  &opts.AxisLine{Show: opts.Bool(false)},
			SplitArea: &opts.SplitArea{Show: opts.Bool(false)},
			AxisTick:  &opts.AxisTick{Show: opts.Bool(false)}}),
		charts.WithYAxisOpts(opts.YAxis{Type: "category", Data: ys, Inverse: opts.Bool(true), Show: opts.Bool(l.yLabels != nil),
			AxisLabel: &opts.AxisLabel{Show: opts.Bool(l.yLabels != nil), FontSize: axisFont, Interval: "0", Margin: labelGap},
			AxisLine:  &opts.AxisLine{Show: opts.Bool(false)}}),
		charts.WithGridOpts(opts.Grid{Left: strconv.Itoa(l.left), Top: strconv.Itoa(l.topMargin),
			Width: strconv.Itoa(l.cell * l.cols), Height: strconv.Itoa(l.cell * l.rows)}),
		charts.WithTooltipOpts(opts.Tooltip{Show: opts.Bool(l.tooltip)}),
		charts.WithAnimation(false),
		charts.WithLegendOpts(opts.Legend{Show: opts.Bool(false)}),
	)
	type group struct {
		key  string
		mark cellMark
		data []opts.HeatMapData
	}
	var groups []*group
	byKey := map[string]*group{}
	for _, c := range cells {
		key := c.colour + "|" + c.labelColour + "|" + strconv.FormatBool(c.bold) + "|" + strconv.FormatBool(c.label != "")
		g := byKey[key]
		if g == nil {
			g = &group{key: key, mark: c}
			byKey[key] = g
			groups = append(groups, g)
		}
		name := c.name
		if c.label != "" {
			name = c.label // the label formatter shows the name
		}
		g.data = append(g.data, opts.HeatMapData{Name: name, Value: [3]int{c.col, c.row, 0}})
	}
	for k, g := range groups {
		style := opts.ItemStyle{Color: g.mark.colour, BorderColor: "#fff", BorderWidth: l.gap}
		if l.gap == 0 { // no seams between the cells of one colour
			style.BorderColor, style.BorderWidth = g.mark.colour, 1
		}
		so := []charts.SeriesOpts{charts.WithItemStyleOpts(style)}
		if g.mark.label != "" {
			weight := "normal"
			if g.mark.bold {
				weight = "bold"
			}
			so = append(so, charts.WithLabelOpts(opts.Label{Show: opts.Bool(true), Color: g.mark.labelColour,
				FontSize: float32(l.fontSize), FontWeight: weight, Formatter: "{b}"}))
		}
		hm.AddSeries("s"+strconv.Itoa(k), g.data, so...)
	}
	for k, o := range outlines {
		sc := charts.NewScatter()
		sc.AddSeries("o"+strconv.Itoa(k), []opts.ScatterData{{Value: [2]int{o.col, o.row}}},
			charts.WithScatterChartOpts(opts.ScatterChart{Symbol: "rect",
				SymbolSize: []int{o.w * l.cell, o.h * l.cell}}),
			charts.WithItemStyleOpts(opts.ItemStyle{Color: "rgba(0,0,0,0)", BorderColor: o.colour, BorderWidth: o.width}))
		hm.Overlap(sc)
	}
	hm.Validate()
	var o map[string]any
	if err := json.Unmarshal([]byte(hm.RenderSnippet().Option), &o); err != nil {
		panic("board: go-echarts option is not JSON: " + err.Error()) // no functions in it: a bug
	}
	// No tick marks next to the row labels (go-echarts has no field for it).
	if axes, ok := o["yAxis"].([]any); ok {
		for _, a := range axes {
			if m, ok := a.(map[string]any); ok {
				m["axisTick"] = map[string]any{"show": false}
			}
		}
	}
	var children []any
	for _, s := range lines {
		children = append(children, map[string]any{
			"type": "line", "z": 100,
			"shape": map[string]int{"x1": s[0], "y1": s[1], "x2": s[2], "y2": s[3]},
			"style": map[string]any{"stroke": "#222", "lineWidth": 2, "lineCap": "square"},
		})
	}
	if len(children) > 0 {
		o["graphic"] = []any{map[string]any{
			"type": "group", "x": l.left, "y": l.topMargin, "silent": true, "z": 100, "children": children,
		}}
	}
	data, err := json.Marshal(o)
	if err != nil {
		panic("board: " + err.Error())
	}
	return string(data)
}

func indexLabels(n int) []string {
	s := make([]string, n)
	for i := range s {
		s[i] = strconv.Itoa(i + 1)
	}
	return s
}
