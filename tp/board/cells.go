package board

import "strconv"

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
	width          float64
}

// gridLayout places a grid picture: the cell side and the margins for the
// labels, in pixels.
type gridLayout struct {
	rows, cols        int
	cell, left, top   int
	xLabels, yLabels  []string // nil: no labels on that axis
	title             string
	tooltip           bool
	gap               float64 // width of the white line between cells
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
// cells, as the SVG fallback draws them (ECharts' graphic component).
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
	labels := func(show bool) axisLabel {
		return axisLabel{Show: show, FontSize: axisFont, Interval: "0", Margin: labelGap}
	}
	o := option{
		Title: title{Text: l.title, Left: "center", TextStyle: textStyle{FontSize: 12, FontWeight: "normal"}},
		XAxis: []axis{{Type: "category", Data: xs, Position: "top", Show: l.xLabels != nil, AxisLabel: labels(l.xLabels != nil),
			AxisLine: &shown{}, SplitArea: &shown{}, AxisTick: &shown{}}},
		YAxis: []axis{{Type: "category", Data: ys, Inverse: true, Show: l.yLabels != nil, AxisLabel: labels(l.yLabels != nil),
			AxisLine: &shown{}, AxisTick: &shown{}}},
		Grid:    []grid{{Left: l.left, Top: l.topMargin, Width: l.cell * l.cols, Height: l.cell * l.rows}},
		Tooltip: shown{l.tooltip},
	}
	type group struct {
		key  string
		mark cellMark
		data []item
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
		g.data = append(g.data, item{Name: name, Value: []int{c.col, c.row, 0}})
	}
	for k, g := range groups {
		style := itemStyle{Color: g.mark.colour, BorderColor: "#fff", BorderWidth: l.gap}
		if l.gap == 0 { // no seams between the cells of one colour
			style.BorderColor, style.BorderWidth = g.mark.colour, 1
		}
		s := series{Name: "s" + strconv.Itoa(k), Type: "heatmap", Data: g.data, ItemStyle: style}
		if g.mark.label != "" {
			weight := "normal"
			if g.mark.bold {
				weight = "bold"
			}
			s.Label = &label{Show: true, Color: g.mark.labelColour, FontSize: l.fontSize, FontWeight: weight, Formatter: "{b}"}
		}
		o.Series = append(o.Series, s)
	}
	for k, ol := range outlines {
		o.Series = append(o.Series, series{Name: "o" + strconv.Itoa(k), Type: "scatter", Data: []item{{Value: []int{ol.col, ol.row}}},
			Symbol: "rect", SymbolSize: []int{ol.w * l.cell, ol.h * l.cell},
			ItemStyle: itemStyle{Color: "rgba(0,0,0,0)", BorderColor: ol.colour, BorderWidth: ol.width}})
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
		o.Graphic = []graphic{{
			"type": "group", "x": l.left, "y": l.topMargin, "silent": true, "z": 100, "children": children,
		}}
	}
	return o.JSON()
}

func indexLabels(n int) []string {
	s := make([]string, n)
	for i := range s {
		s[i] = strconv.Itoa(i + 1)
	}
	return s
}
