package chart

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestFragment(t *testing.T) {
	a := Fragment(`{"series":[]}`, `<svg class="reines-fallback"></svg>`, 100, 80)
	b := Fragment(`{"series":[]}`, `<svg class="reines-fallback"></svg>`, 100, 80)
	idOf := func(s string) string {
		_, rest, _ := strings.Cut(s, `id="`)
		id, _, _ := strings.Cut(rest, `"`)
		return id
	}
	if idOf(a) == "" || idOf(a) == idOf(b) {
		t.Errorf("ids %q and %q: want two distinct ids", idOf(a), idOf(b))
	}
	div := strings.Index(a, `<div class="reines-chart"`)
	svg := strings.Index(a, `<svg class="reines-fallback">`)
	end := strings.Index(a, `</div>`)
	if !(div >= 0 && div < svg && svg < end) {
		t.Errorf("the fallback SVG must sit inside the chart's container:\n%s", a)
	}
	if !strings.Contains(a, `option = {"series":[]}`) {
		t.Errorf("option not embedded as JavaScript:\n%s", a)
	}
	if strings.Contains(a, "http://") || strings.Contains(a, "https://") {
		t.Errorf("a chart must not load anything from the network:\n%s", a)
	}
}

func TestLibraryHTML(t *testing.T) {
	dir := t.TempDir()
	lib := filepath.Join(dir, "echarts.min.js")
	if err := os.WriteFile(lib, []byte(`var s = "</script>"; define(["x"], f)`), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Setenv(EnvLibrary, lib)
	html, err := LibraryHTML()
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(html, "(function(define, exports, module) {") || !strings.HasSuffix(html, "}).call(window);\n</script>") {
		t.Errorf("library not wrapped to hide RequireJS:\n%s", html)
	}
	if strings.Count(html, "</script") != 1 {
		t.Errorf("a </script inside the library must be escaped:\n%s", html)
	}
	t.Setenv(EnvLibrary, filepath.Join(dir, "missing.js"))
	if _, err := LibraryHTML(); !errors.Is(err, ErrNoLibrary) {
		t.Errorf("missing library: error %v; want ErrNoLibrary", err)
	}
}

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

func TestProgress(t *testing.T) {
	p := NewProgress("γ(Q_13) <i>")
	h := p.HTML(0.25, "2 < 3")
	if !strings.Contains(h, "width:25.0%") || !strings.Contains(h, "γ(Q_13) &lt;i&gt; : 2 &lt; 3") {
		t.Errorf("progress bar HTML:\n%s", h)
	}
	if !strings.Contains(p.HTML(7, ""), "width:100.0%") || !strings.Contains(p.HTML(-1, ""), "width:0.0%") {
		t.Error("the fraction must be clamped to [0, 1]")
	}
	if strings.Contains(h, "reines-chart") || strings.Contains(h, "<script") {
		t.Error("a progress bar is plain HTML, not a chart")
	}
	// Outside a notebook, updates print nothing and Done one line.
	p.Update(0.5, "moitié")
	if got := p.plain("fini"); got != "γ(Q_13) <i> : fini" {
		t.Errorf("plain text %q", got)
	}
}

// Outside a notebook, a progress bar prints only its final line.
func ExampleProgress() {
	p := NewProgress("i(Q_12)")
	p.Update(0.5, "la moitié des sous-problèmes")
	p.Done("7 reines, 840 placements")
	// Output: i(Q_12) : 7 reines, 840 placements
}

// Text inside an option (a title a student chose) cannot close the script
// element the option is written in, and the option still reads the same.
func TestFragmentEscapesOption(t *testing.T) {
	option := `{"title":{"text":"</script><script>alert('XSS')</script> & <!--"}}`
	html := Fragment(option, "<svg></svg>", 100, 100)
	if strings.Count(html, "</script>") != strings.Count(Fragment(`{}`, "<svg></svg>", 100, 100), "</script>") || strings.Contains(html, "<script>alert") || strings.Contains(html, "<!--") {
		t.Errorf("the option's text breaks out of its script element:\n%s", html)
	}
	if !strings.Contains(html, `\u003c/script\u003e\u003cscript\u003ealert('XSS')\u003c/script\u003e \u0026 \u003c!--`) {
		t.Errorf("the option's text is not kept, \\u-escaped:\n%s", html)
	}
}

// An option that is not plain JSON (go-echarts writes a string marked
// __f__ as raw JavaScript) is not drawn: no script, the static SVG stays.
func TestFragmentRefusesCode(t *testing.T) {
	html := Fragment(`{"title":{"text":(document.title='XSS')}}`, `<svg class="reines-fallback"></svg>`, 100, 100)
	if strings.Contains(html, "<script") || strings.Contains(html, "document.title") || !strings.Contains(html, `<svg class="reines-fallback">`) {
		t.Errorf("an option with code in it:\n%s", html)
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
