package board

import (
	"encoding/json"
	"strconv"
	"strings"

	"github.com/prepa-reines/reines/tp/queens"
)

// maxSeriesItems is the most squares one heat map series holds.
const maxSeriesItems = 2500

// labelGap is the distance in pixels between the axis labels and the grid,
// as the SVG draws them (ECharts' default, 8, pushes the column labels of
// small pictures out of their top margin).
const labelGap = 4

// Option returns the ECharts option of the board as JSON: a heat map for
// the squares (checkered, or the Heat numbers) and scatter series for
// queens, crosses and outlines. small drops the labels, for galleries.
func (b Board) Option(small bool) string {
	b = b.drawn()
	cell, margin, side := b.size(small)
	labels := make([]string, b.N)
	for i := range labels {
		labels[i] = strconv.Itoa(i + 1)
	}
	showLabels := !small || b.N <= 10
	axisLabel := axisLabel{Show: showLabels, FontSize: max(min(cell/2, 12), 7), Margin: labelGap}
	lines := titleLines(b.Title, side)
	titleTop := titleHeight(lines)
	o := option{
		Title:   title{Text: strings.Join(lines, "\n"), Left: "center", TextStyle: textStyle{FontSize: 12, FontWeight: "normal", LineHeight: 16}},
		XAxis:   []axis{{Type: "category", Data: labels, Position: "top", Show: true, AxisLabel: axisLabel, SplitArea: &shown{}, AxisTick: &shown{}}},
		YAxis:   []axis{{Type: "category", Data: labels, Inverse: true, Show: true, AxisLabel: axisLabel}},
		Grid:    []grid{{Left: margin, Top: margin + titleTop, Width: cell * b.N, Height: cell * b.N}},
		Tooltip: shown{!small},
	}
	// One heat map series per colour: the light and dark squares, or one
	// per Heat value, so that the colours are exactly those of the SVG.
	type group struct {
		name   string
		colour string
		label  bool // the squares show their Heat number
		data   []item
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
			g.data = append(g.data, item{Name: "ligne " + labels[r] + ", colonne " + labels[c], Value: []int{c, r, v}})
		}
	}
	for _, g := range groups {
		s := series{Name: g.name, Type: "heatmap", ItemStyle: itemStyle{Color: g.colour}}
		if g.label {
			s.Label = &label{Show: true, Color: "#333", FontSize: max(min(cell/2, 12), 7)}
		}
		// ECharts draws a series of more than 3000 items progressively,
		// which leaves large boards half drawn: keep series smaller.
		for data := g.data; len(data) > 0; {
			k := min(len(data), maxSeriesItems)
			s.Data = data[:k]
			o.Series = append(o.Series, s)
			data = data[k:]
		}
	}

	marks := func(name string, ss []queens.Square, symbol string, size float64, style itemStyle) {
		data := make([]item, 0, len(ss))
		for _, s := range ss {
			if b.on(s) {
				data = append(data, item{Name: name, Value: []int{s.Col, s.Row}})
			}
		}
		if len(data) == 0 {
			return
		}
		o.Series = append(o.Series, series{Name: name, Type: "scatter", Data: data, ItemStyle: style,
			Symbol: symbol, SymbolSize: size * float64(cell), SymbolKeepAspect: true})
	}
	marks("croix", b.Crossed, "path://"+crossPath, 0.45, itemStyle{Color: markColour})
	marks("reine", b.Queens, "path://"+queenPath, 0.8, itemStyle{Color: queenColour, BorderColor: "#fff", BorderWidth: 1})
	marks("case mise en évidence", b.Highlight, "rect", 0.92, itemStyle{Color: "rgba(0,0,0,0)", BorderColor: markColour, BorderWidth: 3})
	return o.JSON()
}

// JSON returns the option as JSON (plain data: it cannot fail).
func (o option) JSON() string {
	data, err := json.Marshal(o)
	if err != nil {
		panic("board: " + err.Error())
	}
	return string(data)
}

// The ECharts options of the pictures (ECharts' option reference,
// echarts.apache.org/en/option.html, version display.EChartsVersion):
// only the fields the pictures set, written with encoding/json. They are
// plain data, so a check cell that draws a board links no chart or
// template library (see package display).
type (
	option struct {
		Animation bool      `json:"animation"`
		Title     title     `json:"title"`
		Grid      []grid    `json:"grid"`
		Legend    shown     `json:"legend"`
		Tooltip   shown     `json:"tooltip"`
		XAxis     []axis    `json:"xAxis"`
		YAxis     []axis    `json:"yAxis"`
		Series    []series  `json:"series"`
		Graphic   []graphic `json:"graphic,omitempty"`
	}
	shown struct {
		Show bool `json:"show"`
	}
	title struct {
		Text      string    `json:"text,omitempty"`
		Left      string    `json:"left"`
		TextStyle textStyle `json:"textStyle"`
	}
	textStyle struct {
		FontSize   int    `json:"fontSize"`
		FontWeight string `json:"fontWeight"`
		LineHeight int    `json:"lineHeight,omitempty"`
	}
	grid struct {
		Left   int `json:"left"`
		Top    int `json:"top"`
		Width  int `json:"width"`
		Height int `json:"height"`
	}
	axis struct {
		Type      string    `json:"type"`
		Data      []string  `json:"data"`
		Position  string    `json:"position,omitempty"`
		Inverse   bool      `json:"inverse,omitempty"`
		Show      bool      `json:"show"`
		AxisLabel axisLabel `json:"axisLabel"`
		AxisLine  *shown    `json:"axisLine,omitempty"`
		AxisTick  *shown    `json:"axisTick,omitempty"`
		SplitArea *shown    `json:"splitArea,omitempty"`
	}
	axisLabel struct {
		Show     bool   `json:"show"`
		FontSize int    `json:"fontSize"`
		Margin   int    `json:"margin"`
		Interval string `json:"interval,omitempty"`
	}
	series struct {
		Name             string    `json:"name"`
		Type             string    `json:"type"` // heatmap or scatter
		Data             []item    `json:"data"`
		ItemStyle        itemStyle `json:"itemStyle"`
		Label            *label    `json:"label,omitempty"`
		Symbol           string    `json:"symbol,omitempty"`
		SymbolSize       any       `json:"symbolSize,omitempty"` // a side, or [width, height]
		SymbolKeepAspect bool      `json:"symbolKeepAspect,omitempty"`
	}
	item struct {
		Name  string `json:"name,omitempty"`
		Value []int  `json:"value"` // column, row (and the heat map's value)
	}
	itemStyle struct {
		Color       string  `json:"color"`
		BorderColor string  `json:"borderColor,omitempty"`
		BorderWidth float64 `json:"borderWidth,omitempty"`
	}
	label struct {
		Show       bool   `json:"show"`
		Color      string `json:"color"`
		FontSize   int    `json:"fontSize"`
		FontWeight string `json:"fontWeight,omitempty"`
		Formatter  string `json:"formatter,omitempty"`
	}
	graphic map[string]any
)
