// Package display shows the workbook's drawings in Jupyter notebooks
// (GoNB) and HTML pages that must work offline, as Apache ECharts charts.
//
// Every drawing is an HTML fragment ([Fragment]): a container holding a
// static SVG (what shows where scripts do not run: GitHub's viewer,
// exported HTML with JavaScript off, an untrusted notebook), and a script
// that replaces it with the live ECharts chart of an option (JSON). The
// library itself is not embedded in each chart: [LibraryHTML] returns it
// once, wrapped so that RequireJS (present in the classic notebook and in
// nbconvert's HTML) does not capture it, and every chart's script waits
// for it. The library is installed by kernel-setup from the npm registry
// (echarts@[EChartsVersion], hash-checked); nothing third-party is
// committed. [Show] sends an output to the notebook, through GoNB's pipe,
// and prints its text outside a notebook.
//
// The package imports no chart library and no template engine: a check
// cell's program links it with package grading, and every package it
// imports adds to the link time of every check (internal/cellbench).
// Packages board (the boards) and chart (plots, built with go-echarts)
// draw with it.
package display

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// EChartsVersion is the ECharts release that kernel-setup installs and the
// charts are written for.
const EChartsVersion = "5.6.0"

// EnvLibrary names the environment variable that, when set, gives the path
// of echarts.min.js, overriding the default location.
const EnvLibrary = "REINES_ECHARTS_JS"

// ErrNoLibrary is returned when echarts.min.js is not installed.
var ErrNoLibrary = errors.New("chart: ECharts is not installed; run kernel-setup/setup.sh (or make setup)")

// LibraryPath returns where echarts.min.js is looked for: $REINES_ECHARTS_JS
// if set, else <user cache dir>/reines/echarts-<version>/echarts.min.js
// (~/.cache/reines/… on Linux), where kernel-setup installs it.
func LibraryPath() string {
	if p := os.Getenv(EnvLibrary); p != "" {
		return p
	}
	dir, err := os.UserCacheDir()
	if err != nil {
		dir = os.TempDir()
	}
	return filepath.Join(dir, "reines", "echarts-"+EChartsVersion, "echarts.min.js")
}

// LibraryHTML returns a <script> element defining window.echarts from the
// installed library (about 1 MB). The library is wrapped in a function whose
// parameters hide define, exports and module, so that its UMD header falls
// back to a global even when RequireJS is on the page. Include it once per
// page or notebook, before or after the charts (they wait for it).
//
// Errors: [ErrNoLibrary] if the file is missing or unreadable.
func LibraryHTML() (string, error) {
	src, err := os.ReadFile(LibraryPath())
	if err != nil {
		return "", fmt.Errorf("%w (%v)", ErrNoLibrary, err)
	}
	var b strings.Builder
	b.Grow(len(src) + 200)
	b.WriteString("<script type=\"text/javascript\">/* Apache ECharts ")
	b.WriteString(EChartsVersion)
	b.WriteString(", Apache License 2.0 */\n(function(define, exports, module) {\n")
	// A "</script" inside the library would end the element early.
	b.WriteString(strings.ReplaceAll(string(src), "</script", "<\\/script"))
	b.WriteString("\n}).call(window);\n</script>")
	return b.String(), nil
}
