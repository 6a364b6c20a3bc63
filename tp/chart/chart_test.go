package chart

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestPlot(t *testing.T) {
	p := Plot{Title: "T <b>", XLabel: "n", YLabel: "s", LogY: true, Series: []Series{
		{Name: "a", X: []float64{1, 2, 3}, Y: []float64{0, 10, 100}},
		{Name: "b", X: []float64{1, 2}, Y: []float64{1, 2}},
	}}
	svg := p.SVG()
	if n := strings.Count(svg, "<polyline"); n != 2 {
		t.Errorf("%d polylines; want one per series", n)
	}
	if n := strings.Count(svg, "<circle"); n != 4 {
		t.Errorf("%d points drawn; want 4 (y = 0 is left out of a log plot)", n)
	}
	if strings.Contains(svg, "<b>") {
		t.Error("the title must be escaped")
	}
	opt := p.Option()
	if !strings.Contains(opt, `"type":"log"`) {
		t.Errorf("log axis missing from the option: %s", opt)
	}
}

func TestTicks(t *testing.T) {
	for _, tt := range []struct{ lo, hi float64 }{{0, 1}, {1, 11}, {-3, 0}, {0, 12345}} {
		ts := ticks(tt.lo, tt.hi)
		if len(ts) < 2 || len(ts) > 7 || ts[0] < tt.lo || ts[len(ts)-1] > tt.hi {
			t.Errorf("ticks(%g, %g) = %v", tt.lo, tt.hi, ts)
		}
	}
}

// A bar chart: a category axis with the categories in order, one bar
// series per series, each with one value per category (0 where a series is
// short); the static SVG draws one bar per category and series.
func TestBars(t *testing.T) {
	b := Bars{Title: "réussite", XLabel: "question", YLabel: "%", Categories: []string{"Q1", "Q2", "Q3"},
		Series: []BarSeries{{Name: "moyenne", Values: []float64{50, 100, 0}}, {Name: "toute la note", Values: []float64{20}}}}
	var opt struct {
		XAxis []struct {
			Type string
			Data []string
		} `json:"xAxis"`
		Series []struct {
			Type string
			Name string
			Data []struct{ Value float64 }
		}
	}
	if err := json.Unmarshal([]byte(b.Option()), &opt); err != nil {
		t.Fatalf("option: %v\n%s", err, b.Option())
	}
	if len(opt.XAxis) != 1 || opt.XAxis[0].Type != "category" || strings.Join(opt.XAxis[0].Data, ",") != "Q1,Q2,Q3" {
		t.Errorf("x axis %+v; want the categories Q1, Q2, Q3", opt.XAxis)
	}
	if len(opt.Series) != 2 || opt.Series[0].Type != "bar" || len(opt.Series[1].Data) != 3 || opt.Series[1].Data[2].Value != 0 || opt.Series[0].Data[1].Value != 100 {
		t.Errorf("series %+v; want two bar series of 3 values", opt.Series)
	}
	svg := b.SVG()
	if n := strings.Count(svg, "<rect"); n != 3*2+2 { // the bars, then the legend's two swatches
		t.Errorf("SVG has %d rects; want 6 bars and 2 legend swatches", n)
	}
	if !strings.Contains(svg, ">Q2<") || !strings.Contains(b.HTML(), "reines-fallback") {
		t.Error("SVG without its category labels, or HTML without the fallback")
	}
	// Counts of 1 and 2 students: the value axis marks 0, 1, 2, not 0,5.
	c := Bars{YLabel: "étudiants", Categories: []string{"0", "1"}, Series: []BarSeries{{Values: []float64{1, 2}}}, Counts: true}
	if !strings.Contains(c.Option(), `"minInterval":1`) {
		t.Errorf("option of counts without minInterval 1: %s", c.Option())
	}
	if svg := c.SVG(); strings.Contains(svg, ">0,5<") || !strings.Contains(svg, ">1<") {
		t.Errorf("SVG of counts marks a fraction, or not 1: %s", svg)
	}
}
