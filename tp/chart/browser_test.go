package chart

import (
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/prepa-reines/reines/internal/browsertest"
	"github.com/prepa-reines/reines/tp/display"
)

// The labels of a logarithmic axis of times in seconds, as ECharts draws
// them in Chromium with the workbook's French formatter: 10⁻⁷ s is not
// « 0 », and large counts keep all their digits.
func TestLogAxisLabels(t *testing.T) {
	lib, err := display.LibraryHTML()
	if err != nil {
		t.Skipf("no ECharts library (kernel-setup/setup.sh fetches it): %v", err)
	}
	p := Plot{Title: "temps", XLabel: "n", YLabel: "s", LogY: true, Series: []Series{
		{Name: "a", X: []float64{1, 2, 3, 4, 5, 6}, Y: []float64{1e-7, 1e-5, 1e-3, 0.1, 10, 14945973}},
	}}
	page := filepath.Join(t.TempDir(), "plot.html")
	if err := os.WriteFile(page, []byte("<!DOCTYPE html><html><head><meta charset=\"utf-8\"></head><body>"+lib+p.HTML()+"</body></html>"), 0o644); err != nil {
		t.Fatal(err)
	}
	tab := browsertest.New(t)
	// The y axis's ticks, through the formatter the chart was given.
	const js = `(function () {
		var el = document.querySelector(".reines-chart");
		var c = window.echarts && echarts.getInstanceByDom(el);
		if (!c) { return []; }
		var axis = c.getModel().getComponent("yAxis", 0).axis, f = c.getOption().yAxis[0].axisLabel.formatter;
		return axis.scale.getTicks().map(function (t) { return t.value + "=" + f(t.value); });
	})()`
	var labels []string
	for range 100 { // the chart draws once ECharts has loaded
		if err := chromedp.Do(tab, chromedp.Navigate("file://"+page)); err != nil {
			t.Fatal(err)
		}
		labels, err = chromedp.Run(tab, chromedp.Evaluate[[]string](js))
		if err != nil {
			t.Fatal(err)
		}
		if len(labels) > 0 {
			break
		}
	}
	if len(labels) < 3 {
		t.Fatalf("log axis ticks %q: want at least three", labels)
	}
	// Each label reads as its tick's value, French style (decimal comma,
	// digits grouped by spaces), to three significant digits at least.
	for _, l := range labels {
		value, label, _ := strings.Cut(l, "=")
		v, err1 := strconv.ParseFloat(value, 64)
		read := strings.NewReplacer("\u202f", "", "\u00a0", "", ",", ".").Replace(label)
		got, err2 := strconv.ParseFloat(read, 64)
		if err1 != nil || err2 != nil || v <= 0 || math.Abs(got-v) > 1e-3*v {
			t.Errorf("log axis: the tick %s is labelled %q", value, label)
		}
	}
}
