package display

import (
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
