package main

import (
	"context"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/prepa-reines/reines/grading/fixtures"
	"github.com/prepa-reines/reines/grading/sandbox"
	"github.com/prepa-reines/reines/internal/browsertest"
)

// class writes a class of TP 01 from the grader's fixtures: the
// correction, the untouched student edition, typical mistakes, a cell that
// does not compile, two routes to points without computing (unsafe,
// linkname), half a notebook, and a student whose folder's name is
// markup.
func class(t *testing.T, root string) string {
	t.Helper()
	dir := t.TempDir()
	for student, src := range map[string]string{
		"alice": filepath.Join(root, "notebooks", "corrections", "01-recursion.ipynb"),
		"bob":   fixtures.Path(t, fixtures.MistakesSet, "01-count-mirror-twice.ipynb"),
		"carol": fixtures.Path(t, fixtures.CorpusSet, "empty.ipynb"), // the untouched student notebook
		"dave":  fixtures.Path(t, fixtures.CorpusSet, "board-no-final-newline.ipynb"),
		"erin":  fixtures.Path(t, fixtures.CorpusSet, "count-no-error.ipynb"),
		"frank": fixtures.Path(t, fixtures.CorpusSet, "solutions-no-copy.ipynb"),
		"grace": fixtures.Path(t, fixtures.CorpusSet, "board-type-error.ipynb"),
		"<b>h":  fixtures.Path(t, fixtures.CorpusSet, "first-no-error.ipynb"),
		"ivan":  fixtures.Path(t, fixtures.AdversarialSet, "01-unsafe.ipynb"),
		"judy":  fixtures.Path(t, fixtures.AdversarialSet, "01-linkname.ipynb"),
		"kim":   fixtures.Path(t, fixtures.CorpusSet, "truncated.ipynb"),
	} {
		data, err := os.ReadFile(src)
		if err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(dir, student, "01-recursion.ipynb")
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// carol has not saved for 25 minutes.
	old := time.Now().Add(-25 * time.Minute)
	if err := os.Chtimes(filepath.Join(dir, "carol", "01-recursion.ipynb"), old, old); err != nil {
		t.Fatal(err)
	}
	return dir
}

func moduleRoot(t *testing.T) string {
	t.Helper()
	out, err := exec.Command("go", "env", "GOMOD").Output()
	if err != nil {
		t.Fatal(err)
	}
	return filepath.Dir(strings.TrimSpace(string(out)))
}

func testConfig(t *testing.T, source string) config {
	sb := sandbox.Probe()
	if !sb.Isolated() {
		t.Skip("no bubblewrap sandbox here")
	}
	lim := sandbox.DefaultLimits
	lim.Timeout = 10 * time.Second
	return config{source: source, tp: "01", out: t.TempDir(), every: 30 * time.Second, idle: 10 * time.Minute, jobs: 2, key: "k3y", lim: lim, sandbox: sb}
}

// The class page of a class of eleven, as the watch loop writes it,
// opened in headless Chromium: eleven rows, one per student, alice's all ✔, carol
// pointed out as idle, the folder named <b>h shown as text, no script;
// its screenshot is build/screenshots/class-view.png. -serve serves the
// same page. The loop stops within 2 s of Ctrl-C.
func TestClassPage(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles and runs eleven notebooks, opens Chromium")
	}
	root := moduleRoot(t)
	c := testConfig(t, class(t, root))
	ln, err := net.Listen("tcp", "127.0.0.1:0") // a free port
	if err != nil {
		t.Fatal(err)
	}
	c.serve = ln.Addr().String()
	ln.Close()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- run(ctx, c) }()
	page := waitForPage(t, c.out, done)
	html, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	resp, err := http.Get("http://" + c.serve + "/" + c.key + "/")
	if err != nil {
		t.Fatal(err)
	}
	served, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err != nil || string(served) != string(html) {
		t.Errorf("-serve %s: %d bytes, %v; want the page's %d", c.serve, len(served), err, len(html))
	}
	cancel()
	select {
	case <-done:
	case <-time.After(2 * time.Second):
		t.Fatal("class did not stop within 2 s of its context's end")
	}
	if !strings.Contains(string(html), `<meta http-equiv="refresh" content="30">`) {
		t.Error("the page does not reload itself")
	}

	b := browsertest.New(t)
	type state struct {
		Scripts, Rows, Bold int
		Alice, Idle, H      string
	}
	const js = `(() => {
  const rows = Array.from(document.querySelectorAll('table')[1].querySelectorAll('tr')).slice(1);
  const marks = r => Array.from(r.querySelectorAll('td.mark')).map(td => td.textContent).join('');
  const by = name => rows.find(r => r.cells[0].textContent.startsWith(name));
  return {Scripts: document.scripts.length, Rows: rows.length, Bold: document.querySelectorAll('td b').length,
    Alice: marks(by('alice')), Idle: rows.filter(r => r.classList.contains('idle')).map(r => r.cells[0].textContent).join(','),
    H: by('<b>h') ? by('<b>h').cells[0].textContent : ''};
})()`
	tab, closeTab := chromedp.NewContext(b)
	defer closeTab()
	if err := chromedp.Do(tab, chromedp.Navigate("file://"+page)); err != nil {
		t.Fatal(err)
	}
	st, err := chromedp.Run(tab, chromedp.Evaluate[state](js))
	if err != nil {
		t.Fatal(err)
	}
	if st.Scripts != 0 || st.Bold != 0 || st.Rows != 11 || st.Alice != "✔✔✔✔✔" || st.Idle != "carol" || st.H != "<b>h" {
		t.Errorf("page: %+v; want no script and no <b>, 11 rows, alice ✔✔✔✔✔, carol idle, <b>h as text", st)
	}
	png, err := chromedp.Run(tab, chromedp.FullScreenshot(100))
	if err != nil {
		t.Fatal(err)
	}
	shot := filepath.Join(root, "build", "screenshots", "class-view.png")
	if err := os.MkdirAll(filepath.Dir(shot), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(shot, png, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("screenshot %s", shot)
}

// Ctrl-C during a look (a child looping until its time limit) stops the
// command within 2 s.
func TestClassStopsDuringALook(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles and runs a notebook")
	}
	dir := t.TempDir()
	data, err := os.ReadFile(fixtures.Path(t, fixtures.CorpusSet, "count-infinite-loop.ipynb"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(dir, "loop"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "loop", "01-recursion.ipynb"), data, 0o644); err != nil {
		t.Fatal(err)
	}
	c := testConfig(t, dir)
	c.lim.Timeout = time.Minute
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- run(ctx, c) }()
	for deadline := time.Now().Add(10 * time.Minute); !sandboxRunning(); time.Sleep(100 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("no sandboxed child after 10 minutes")
		}
	}
	time.Sleep(time.Second) // its loop running
	cancel()
	select {
	case err := <-done:
		if err == nil {
			t.Error("run ended without error before its context was cancelled")
		}
	case <-time.After(2 * time.Second):
		t.Fatal("class did not stop within 2 s of its context's end")
	}
}

// sandboxRunning reports whether a child of this process is bubblewrap.
func sandboxRunning() bool {
	stats, _ := filepath.Glob("/proc/[0-9]*/stat")
	for _, p := range stats {
		data, err := os.ReadFile(p)
		if err != nil {
			continue
		}
		// pid (comm) state ppid …
		s := string(data)
		i := strings.LastIndexByte(s, ')')
		if i < 0 || !strings.HasSuffix(s[:i], "(bwrap") {
			continue
		}
		if f := strings.Fields(s[i+1:]); len(f) > 1 && f[1] == strconv.Itoa(os.Getpid()) {
			return true
		}
	}
	return false
}

// -serve serves the page under its key only: on the hub, the students'
// servers and kernels reach the loopback address too.
func TestClassServesItsKey(t *testing.T) {
	if testing.Short() {
		t.Skip("prepares the student edition")
	}
	c := testConfig(t, t.TempDir()) // homes, none yet
	c.homes = filepath.Join("reines", "notebooks")
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	c.serve = ln.Addr().String()
	ln.Close()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- run(ctx, c) }()
	defer func() { cancel(); <-done }()
	waitForPage(t, c.out, done)
	for path, want := range map[string]int{"/": 404, "/index.html": 404, "/k3y": 404, "/k3y/x": 404, "/K3Y/": 404, "/k3y/": 200} {
		resp, err := http.Get("http://" + c.serve + path)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != want || want == 404 && strings.Contains(string(body), "la classe en direct") {
			t.Errorf("GET %s: %d; want %d", path, resp.StatusCode, want)
		}
	}
}

func TestLoopback(t *testing.T) {
	for addr, ok := range map[string]bool{"127.0.0.1:8080": true, "localhost:80": true, "[::1]:8080": true, "0.0.0.0:8080": false, ":8080": false, "10.0.0.2:80": false, "example.org:80": false} {
		if err := loopback(addr); (err == nil) != ok {
			t.Errorf("loopback(%q): %v", addr, err)
		}
	}
}

// waitForPage waits, up to 10 minutes, for the class view running into
// out (its error on done) to write its page, and returns the page's path.
func waitForPage(t *testing.T, out string, done chan error) string {
	t.Helper()
	page := filepath.Join(out, "index.html")
	for deadline := time.Now().Add(10 * time.Minute); ; time.Sleep(200 * time.Millisecond) {
		if _, err := os.Stat(page); err == nil {
			return page
		}
		select {
		case err := <-done:
			t.Fatalf("class stopped before writing its page: %v", err)
		default:
		}
		if time.Now().After(deadline) {
			t.Fatal("no page after 10 minutes")
		}
	}
}
