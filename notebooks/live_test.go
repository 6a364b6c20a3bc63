package notebooks_test

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/prepa-reines/reines/grading/notebook"
)

// wideCheck is a cell TestLive adds at the end of notebook 04: the report
// of a failing check whose values are 81-character Sudoku grids, which
// have no space to wrap at (the table was 1,526 px wide in a 978
// px output area, Obtenu and Remarque off-screen).
const wideCheck = `%%
// TestLive: a check table with Sudoku grids.
grid := "530070000600195000098000060800060003400803001700020006060000280000419005000080079"
solved := "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
grading.Report{Question: &nb04.Q13.Question, Cases: []grading.CaseResult{{
	Input: "la grille " + grid, Want: solved, Got: solved[:80] + "8", Status: grading.Failed,
	Note: "la dernière case vaut 8 ; la grille " + solved[:80] + "8 a deux 8 dans la dernière ligne"}}}.Display()
`

// liveCells names, per notebook, cells to look at: a key their source
// contains, a text their printed output contains that must show above
// their first chart, and the kinds of their outputs in the order the
// source makes them (see liveOutput; "" for a cell only photographed).
// Each gets a screenshot of its own.
var liveCells = map[string][]struct{ source, text, kinds string }{
	"01-recursion":  {{`fmt.Printf("%d solutions pour n = 4\n"`, "solutions pour n = 4", "stdout chart"}},
	"04-exactcover": {{"nb04.Q13.Check(SudokuProblem)", "", ""}, {"TestLive: a check table", "", ""}},
	"05-domination": {
		{"func describe(n int", "n = 3, 1 reine", "stdout chart stdout chart"},
		{"γ(Qn)  placements", "γ(Qn)  placements", "stdout chart"},
	},
}

// TestLive opens the student notebooks with the corrections' answers
// pasted in (pastedNotebook), in the student edition TestExecute shares
// (build/student), in a live Jupyter (the classic Notebook server of
// kernel-setup, with the workbook's GoNB kernel) in headless Chromium, runs
// all their cells as a student would (Run All),
// and checks what the page shows once the kernel is idle: no error, one
// check table per check cell, no output wider than its output area
// (tables fit or scroll inside their cells), and in each cell text
// printed before a chart shows above it, in the order the kernel sent
// the outputs over the websocket (which nbconvert's headless run does not
// test). Then it saves each notebook, and checks the saved copy as
// TestExecute checks the notebooks it runs (checkExecuted): every check
// passes, on the recorded values of the student edition. Screenshots go
// to build/notebooks/live.
func TestLive(t *testing.T) {
	if !*kernel {
		t.Skip("needs -kernel (make test): runs notebooks in a live Jupyter and Chromium")
	}
	t.Parallel() // beside TestExecute and TestLoopingAnswers, within kernelSlots
	r := root(t)
	out := filepath.Join(r, "build", "notebooks", "live") // this run's screenshots only
	// The copies live inside the student edition's module, where the
	// header cell finds it; the server saves outputs into them.
	edition := studentEdition(t, r)
	work := filepath.Join(edition, "notebooks", "live")
	for _, dir := range []string{out, work} {
		if err := os.RemoveAll(dir); err != nil {
			t.Fatal(err)
		}
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	names := notebookNames(t, r)
	for _, name := range names {
		nb := pastedNotebook(t, r, edition, name)
		if name == "04-exactcover" {
			nb.Cells = append(nb.Cells, notebook.Cell{CellType: "code", ID: "live-wide", Source: notebook.Source(wideCheck), Metadata: map[string]any{}})
		}
		data, err := nb.Marshal()
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(work, name+".ipynb"), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	jupyterPath := rawErrorKernel(t, r, filepath.Join(r, "build", "jupyter"))
	srv := startJupyter(t, work, jupyterPath)
	b := newBrowser(t)
	for _, name := range names {
		t.Run(name, func(t *testing.T) {
			t.Parallel() // each in its own tab, with its own kernel
			saved := func() string {
				defer kernelSlot()() // a notebook run beside the others
				start := time.Now()
				defer srv.shutdownSession(t, name+".ipynb")
				cells, saved := b.runLive(t, srv, name, out, work, 15*time.Minute)
				t.Logf("ran live in %.0f s", time.Since(start).Seconds())
				checkLive(t, name, cells)
				return saved
			}()
			checkExecuted(t, b, saved, filepath.Join(out, name+"-export.png"), "passed")
		})
	}
}

// jupyterServer is a Notebook server TestLive started.
type jupyterServer struct {
	url, token string
	dataDir    string     // its JUPYTER_DATA_DIR, where its notebook signatures are
	pid        int        // the server's, leader of its process group
	exited     chan error // gets the server's exit, then is closed
}

// api is the server's kernel API.
func (s *jupyterServer) api() kernelAPI { return kernelAPI{base: s.url + "/", token: s.token} }

// startJupyter starts a classic Notebook server on a free local port with
// a random token, serving dir, and stops it (its kernels with it) when the
// test ends, failed or not.
func startJupyter(t *testing.T, dir, jupyterPath string) *jupyterServer {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := l.Addr().(*net.TCPAddr).Port
	l.Close()
	tok := make([]byte, 16)
	f, err := os.Open("/dev/urandom")
	if err != nil {
		t.Fatal(err)
	}
	_, err = io.ReadFull(f, tok)
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	// Its own runtime, config and data folders: nothing of the user's
	// Jupyter set-up is read or written (the kernel comes from jupyterPath).
	home := t.TempDir()
	srv := &jupyterServer{url: fmt.Sprintf("http://127.0.0.1:%d", port), token: fmt.Sprintf("%x", tok), dataDir: filepath.Join(home, "data")}
	args := []string{"notebook", "--no-browser", "--ip=127.0.0.1", fmt.Sprintf("--port=%d", port), "--NotebookApp.port_retries=0",
		"--NotebookApp.token=" + srv.token, "--notebook-dir=" + dir}
	if os.Getuid() == 0 {
		args = append(args, "--allow-root")
	}
	cmd := exec.Command("jupyter", args...)
	cmd.Env = append(os.Environ(), "JUPYTER_PATH="+jupyterPath, "JUPYTER_RUNTIME_DIR="+filepath.Join(home, "runtime"),
		"JUPYTER_CONFIG_DIR="+filepath.Join(home, "config"), "JUPYTER_DATA_DIR="+srv.dataDir)
	log, err := os.Create(filepath.Join(filepath.Dir(dir), "jupyter.log"))
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stdout, cmd.Stderr = log, log
	// Its own process group, stopped as a whole. The kernels run in
	// sessions of their own (jupyter_client): shutdownKernels stops them
	// first, and the server stops any left when it gets SIGTERM.
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := cmd.Start(); err != nil {
		log.Close()
		t.Fatalf("starting jupyter notebook: %v", err)
	}
	exited := make(chan error, 1)
	srv.pid, srv.exited = cmd.Process.Pid, exited
	go func() { exited <- cmd.Wait(); close(exited) }()
	t.Cleanup(func() {
		select {
		case <-exited: // stopped by the test
		default:
			srv.shutdownKernels(t)
		}
		_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGTERM)
		select {
		case <-exited:
		case <-time.After(15 * time.Second):
			t.Logf("jupyter did not stop in 15 s: killed")
			_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
			<-exited
		}
		log.Close()
	})
	for deadline := time.Now().Add(60 * time.Second); ; {
		resp, err := http.Get(srv.url + "/api/status?token=" + srv.token)
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				break
			}
		}
		select {
		case err := <-exited: // closed after: the cleanup's wait returns at once
			t.Fatalf("jupyter notebook exited (%v); log %s", err, log.Name())
		default:
		}
		if time.Now().After(deadline) {
			t.Fatalf("jupyter notebook not answering on %s after 60 s; log %s", srv.url, log.Name())
		}
		time.Sleep(250 * time.Millisecond)
	}
	return srv
}

// shutdownKernels asks the server to stop every kernel it runs, so none
// outlives the test (kernels run in process groups of their own).
func (s *jupyterServer) shutdownKernels(t *testing.T) {
	var kernels []struct{ ID string }
	if err := s.api().call(http.MethodGet, "api/kernels", nil, http.StatusOK, &kernels); err != nil {
		t.Logf("listing kernels: %v", err)
		return
	}
	for _, k := range kernels {
		if err := s.api().deleteKernel(k.ID); err != nil {
			t.Logf("stopping kernel %s: %v", k.ID, err)
		}
	}
}

// shutdownSession asks the server to end the sessions of the notebook at
// path (relative to the server's folder), and with them their kernels,
// leaving the other notebooks' kernels running.
func (s *jupyterServer) shutdownSession(t *testing.T, path string) {
	var sessions []struct{ ID, Path string }
	if err := s.api().call(http.MethodGet, "api/sessions", nil, http.StatusOK, &sessions); err != nil {
		t.Logf("listing sessions: %v", err)
		return
	}
	found := false
	for _, ss := range sessions {
		if ss.Path == path {
			found = true
			if err := s.api().call(http.MethodDelete, "api/sessions/"+ss.ID, nil, http.StatusNoContent, nil); err != nil {
				t.Logf("ending the session of %s: %v", path, err)
			}
		}
	}
	if !found {
		t.Logf("no session of %s to end", path)
	}
}

// liveOutput is one output of a cell as the page shows it.
type liveOutput struct {
	Kind  string // "stdout", "stderr", "error", "check" (a check's table), "chart" (a chart or board), "html", "text"
	Text  string // its text, cut to 300 characters
	Width int    // scrollWidth of its subarea, in CSS pixels
	Area  int    // clientWidth of its subarea
	Wide  string // the first element inside that reaches past the subarea's right edge, if any
}

// liveCell is a code cell of the page after the run.
type liveCell struct {
	Index   int // among all cells
	Source  string
	Prompt  any // its execution count ("*" while it runs, null if never run)
	Role    string
	Outputs []liveOutput
}

const liveReadyJS = `(() => !!(typeof Jupyter !== 'undefined' && Jupyter.notebook && Jupyter.notebook._fully_loaded &&
  Jupyter.notebook.kernel && Jupyter.notebook.kernel.is_connected() && Jupyter.notebook.kernel.info_reply &&
  Object.keys(Jupyter.notebook.kernel.info_reply).length > 0))()`

// liveStateJS says how many code cells wait or run, and the kernel's state.
const liveStateJS = `(() => {
  const cs = Jupyter.notebook.get_cells().filter(c => c.cell_type === 'code');
  return {Pending: cs.filter(c => c.input_prompt_number === '*' || c.input_prompt_number === null || c.input_prompt_number === undefined).length,
    Cells: cs.length, Idle: !Jupyter.notebook.kernel_busy && Jupyter.notebook.kernel.is_connected()};
})()`

const liveCellsJS = `(() => Jupyter.notebook.get_cells().map((c, i) => {
  if (c.cell_type !== 'code') return null;
  const outs = Array.from(c.output_area.element[0].querySelectorAll(':scope > .output_area')).map(o => {
    const sub = o.querySelector('.output_subarea') || o;
    let kind = 'text';
    if (sub.classList.contains('output_stdout')) kind = 'stdout';
    else if (sub.classList.contains('output_stderr')) kind = 'stderr';
    else if (sub.classList.contains('output_error')) kind = 'error';
    else if (sub.querySelector('.reines-check')) kind = 'check';
    else if (sub.querySelector('.reines-chart')) kind = 'chart';
    else if (sub.classList.contains('output_html')) kind = 'html';
    let wide = '';
    const right = sub.getBoundingClientRect().right;
    for (const e of sub.querySelectorAll('*')) {
      const r = e.getBoundingClientRect();
      if (r.width > 0 && r.right > right + 1) {
        wide = e.tagName.toLowerCase() + (e.className && typeof e.className === 'string' ? '.' + e.className.split(' ').join('.') : '') +
          ' (' + Math.round(r.width) + ' px): ' + (e.innerText || '').slice(0, 80);
        break;
      }
    }
    return {Kind: kind, Text: (sub.innerText || '').slice(0, 300), Width: sub.scrollWidth, Area: sub.clientWidth, Wide: wide};
  });
  const meta = (c.metadata && c.metadata.reines) || {};
  return {Index: i, Source: c.get_text(), Prompt: c.input_prompt_number === undefined ? null : c.input_prompt_number,
    Role: meta.role || '', Outputs: outs};
}).filter(c => c !== null))()`

// runLive opens notebook name in the page, waits for its kernel, runs all
// cells and waits (at most limit) until every code cell has run and the
// kernel is idle; it saves in dir a screenshot of the whole notebook
// (name.jpg) and of each cell of liveCells (name-cellN.png), and returns
// the code cells as the page shows them.
//
// It returns the cells as the page shows them, and the path of the
// notebook saved once they ran, outputs and all (in work, the server's
// folder).
func (b *browser) runLive(t *testing.T, srv *jupyterServer, name, dir, work string, limit time.Duration) ([]liveCell, string) {
	t.Helper()
	screenshot := filepath.Join(dir, name+".jpg")
	name += ".ipynb"
	ctx, cancel := chromedp.NewContext(b.ctx)
	defer cancel()
	ctx, cancelTime := context.WithTimeout(ctx, limit+2*time.Minute)
	defer cancelTime()
	// Debian's Notebook enables the ipywidgets extension, which is not
	// installed: the server's set-up, not the notebook's.
	jsErrors := consoleErrors(ctx, func(m chromedp.ConsoleMessage) bool {
		return strings.Contains(m.URL, "/nbextensions/") || strings.Contains(m.Text, "/nbextensions/")
	})
	defer func() {
		cancel()
		for _, e := range jsErrors() {
			t.Errorf("%s: JavaScript error: %s", name, e)
		}
	}()
	if err := chromedp.Do(ctx, chromedp.Navigate(srv.url+"/notebooks/"+name+"?token="+srv.token)); err != nil {
		t.Fatalf("browser: opening %s: %v", name, err)
	}
	wait := func(what string, within time.Duration, js string) {
		t.Helper()
		for deadline := time.Now().Add(within); ; {
			ok, err := chromedp.Run(ctx, chromedp.Evaluate[bool](js))
			if err != nil {
				t.Fatalf("browser: waiting for %s: %v", what, err)
			}
			if ok {
				return
			}
			if time.Now().After(deadline) {
				t.Fatalf("%s: no %s after %v", name, what, within)
			}
			time.Sleep(250 * time.Millisecond)
		}
	}
	wait("kernel connected", 2*time.Minute, liveReadyJS)
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`(() => { Jupyter.notebook.execute_all_cells(); return true; })()`)); err != nil {
		t.Fatalf("browser: run all: %v", err)
	}
	type state struct {
		Pending, Cells int
		Idle           bool
	}
	var st state
	idleSince := time.Time{}
	for deadline := time.Now().Add(limit); ; {
		var err error
		if st, err = chromedp.Run(ctx, chromedp.Evaluate[state](liveStateJS)); err != nil {
			t.Fatalf("browser: %v", err)
		}
		// Idle and nothing pending, twice a second apart: the last
		// outputs have arrived.
		if st.Pending == 0 && st.Idle {
			if idleSince.IsZero() {
				idleSince = time.Now()
			} else if time.Since(idleSince) > time.Second {
				break
			}
		} else {
			idleSince = time.Time{}
		}
		if time.Now().After(deadline) {
			shot(t, ctx, screenshot)
			t.Fatalf("%s: %d of %d code cells still waiting or running after %v (screenshot %s)", name, st.Pending, st.Cells, limit, screenshot)
		}
		time.Sleep(500 * time.Millisecond)
	}
	// Charts draw once ECharts has run.
	for deadline := time.Now().Add(time.Minute); ; {
		cs, err := chromedp.Run(ctx, chromedp.Evaluate[chartState](stateJS))
		if err != nil {
			t.Fatalf("browser: %v", err)
		}
		if cs.Drawn == cs.Charts {
			break
		}
		if time.Now().After(deadline) {
			t.Errorf("%s: %d of %d charts drew", name, cs.Drawn, cs.Charts)
			break
		}
		time.Sleep(250 * time.Millisecond)
	}
	cells, err := chromedp.Run(ctx, chromedp.Evaluate[[]liveCell](liveCellsJS))
	if err != nil {
		t.Fatalf("browser: reading the cells: %v", err)
	}
	shot(t, ctx, screenshot)
	saved := filepath.Join(work, name)
	before, err := os.Stat(saved)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`(() => { Jupyter.notebook.save_notebook(); return true; })()`)); err != nil {
		t.Fatalf("browser: save: %v", err)
	}
	for deadline := time.Now().Add(time.Minute); ; {
		if info, err := os.Stat(saved); err == nil && info.ModTime().After(before.ModTime()) {
			if nb, err := notebook.Read(saved); err == nil && len(nb.Cells) > 0 && len(nb.Cells[0].Outputs) > 0 {
				break
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s: not saved with its outputs a minute after Save", name)
		}
		time.Sleep(200 * time.Millisecond)
	}
	for _, c := range cells {
		for _, want := range liveCells[strings.TrimSuffix(name, ".ipynb")] {
			if !strings.Contains(c.Source, want.source) {
				continue
			}
			id := fmt.Sprintf("reines-live-cell-%d", c.Index)
			if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](fmt.Sprintf(
				`(() => { Jupyter.notebook.get_cell(%d).element[0].id = %q; return true; })()`, c.Index, id))); err != nil {
				t.Errorf("browser: %v", err)
				continue
			}
			png, err := chromedp.Run(ctx, chromedp.Screenshot(chromedp.ID(id)))
			if err != nil {
				t.Errorf("browser: screenshot of cell %d: %v", c.Index, err)
				continue
			}
			path := filepath.Join(dir, fmt.Sprintf("%s-cell%d.png", strings.TrimSuffix(name, ".ipynb"), c.Index))
			if err := os.WriteFile(path, png, 0o644); err != nil {
				t.Error(err)
			}
		}
	}
	return cells, saved
}

// shot saves a screenshot of the whole notebook: the page scrolls inside
// #site, which is let grow to its content first.
func shot(t *testing.T, ctx context.Context, path string) {
	t.Helper()
	_, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`(() => {
  document.body.style.overflow = 'visible'; document.body.style.height = 'auto';
  const s = document.getElementById('site'); s.style.height = 'auto'; s.style.overflow = 'visible';
  return true; })()`))
	if err != nil {
		t.Errorf("browser: %v", err)
		return
	}
	png, err := chromedp.Run(ctx, chromedp.FullScreenshot(80))
	if err != nil {
		t.Errorf("browser: screenshot: %v", err)
		return
	}
	if err := os.WriteFile(path, png, 0o644); err != nil {
		t.Error(err)
	}
}

// firstPrint and firstDisplay find, in a cell's source, the first call
// that prints on standard output and the first that displays a chart or
// a board; lines that report an error (grading.Explain), which print
// instead of displaying, do not count.
var (
	errorReport  = regexp.MustCompile(`(?m)^.*grading\.Explain\(.*$`)
	firstPrint   = regexp.MustCompile(`fmt\.Print|fmt\.Fprint\(os\.Stdout|\.Print\(|\.Println\(|\.Printf\(`)
	firstDisplay = regexp.MustCompile(`\.Display\(|\bDisplay[A-Z]\w*\(`)
)

// checkLive checks the cells of a notebook run live: each ran, without
// error or stderr; each check cell shows one table, passed; no output is
// wider than its area; printed text shows above the chart that follows it.
func checkLive(t *testing.T, name string, cells []liveCell) {
	if len(cells) == 0 {
		t.Fatalf("%s: no code cell on the page", name)
	}
	ordered := 0
	for _, c := range cells {
		where := fmt.Sprintf("%s, cell %d (%s)", name, c.Index, firstLine(c.Source))
		if _, ok := c.Prompt.(float64); !ok {
			t.Errorf("%s: not run (prompt %v)", where, c.Prompt)
		}
		for _, o := range c.Outputs {
			switch {
			case o.Kind == "error" || o.Kind == "stderr":
				t.Errorf("%s: %s output: %s", where, o.Kind, o.Text)
			case o.Width > o.Area+1:
				t.Errorf("%s: a %s output %d px wide in a %d px output area (%s)", where, o.Kind, o.Width, o.Area, o.Wide)
			}
		}
		if c.Role == "check" {
			n := 0
			for _, o := range c.Outputs {
				if o.Kind == "check" {
					n++
				}
			}
			if n != 1 {
				t.Errorf("%s: %d check reports shown, want 1; the page shows %s", where, n, outputKinds(c.Outputs))
			}
		}
		// Where the source prints before it displays, the page shows
		// text first.
		src := errorReport.ReplaceAllString(c.Source, "")
		p, d := firstPrint.FindStringIndex(src), firstDisplay.FindStringIndex(src)
		kinds := outputKinds(c.Outputs)
		if p != nil && d != nil && p[0] < d[0] && strings.Contains(kinds, "stdout") && strings.Contains(kinds, "chart") {
			ordered++
			if i, j := strings.Index(kinds, "stdout"), strings.Index(kinds, "chart"); j < i {
				t.Errorf("%s: the source prints, then displays; the page shows %s", where, kinds)
			}
		}
	}
	for _, want := range liveCells[name] {
		found := false
		for _, c := range cells {
			if !strings.Contains(c.Source, want.source) {
				continue
			}
			found = true
			if want.text == "" {
				continue
			}
			text, chart := -1, -1
			for i, o := range c.Outputs {
				if text < 0 && o.Kind == "stdout" && strings.Contains(o.Text, want.text) {
					text = i
				}
				if chart < 0 && o.Kind == "chart" {
					chart = i
				}
			}
			if text < 0 || chart < 0 || chart < text {
				t.Errorf("%s, cell %d: want %q above the first chart; the page shows %s", name, c.Index, want.text, outputKinds(c.Outputs))
			}
			var kinds []string
			for _, o := range c.Outputs {
				kinds = append(kinds, o.Kind)
			}
			if got := strings.Join(kinds, " "); got != want.kinds {
				t.Errorf("%s, cell %d: outputs %q, want %q; the page shows %s", name, c.Index, got, want.kinds, outputKinds(c.Outputs))
			}
		}
		if !found {
			t.Errorf("%s: no cell with %q in its source", name, want.source)
		}
	}
	t.Logf("%d code cells, %d with text printed before a chart", len(cells), ordered)
}

// outputKinds lists the outputs of a cell as the page shows them, e.g.
// "stdout (2 solutions pour n = 4), chart".
func outputKinds(outs []liveOutput) string {
	var parts []string
	for _, o := range outs {
		s := o.Kind
		if o.Kind == "stdout" {
			s += " (" + firstLine(o.Text) + ")"
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, ", ")
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(strings.TrimSpace(s), "\n")
	if len(s) > 60 {
		s = s[:60] + "…"
	}
	return s
}

// A generated notebook, trusted as make jupyter does (jupyter trust on the
// notebooks without outputs), opens in classic Jupyter trusted and
// unchanged, and saving it changes no byte: its metadata is what the
// kernel reports. A notebook whose language_info is only the name (as the
// notebooks had before) opens changed: the test sees the difference.
func TestOpenUnchanged(t *testing.T) {
	if !*kernel {
		t.Skip("needs -kernel (make test): opens notebooks in a live Jupyter and Chromium")
	}
	t.Parallel()
	r := root(t)
	work := filepath.Join(r, "build", "notebooks", "open", "work")
	if err := os.RemoveAll(work); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(work, "corrections"), 0o755); err != nil {
		t.Fatal(err)
	}
	generated := map[string]string{
		"01-recursion.ipynb":             filepath.Join(r, "notebooks", "01-recursion.ipynb"),
		"corrections/01-recursion.ipynb": filepath.Join(r, "notebooks", "corrections", "01-recursion.ipynb"),
	}
	for name, src := range generated {
		data, err := os.ReadFile(src)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(work, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	old, err := notebook.Read(generated["01-recursion.ipynb"])
	if err != nil {
		t.Fatal(err)
	}
	old.Metadata["language_info"] = map[string]any{"name": "go"}
	data, err := old.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(work, "old.ipynb"), data, 0o644); err != nil {
		t.Fatal(err)
	}
	jupyterPath := rawErrorKernel(t, r, filepath.Join(r, "build", "jupyter"))
	srv := startJupyter(t, work, jupyterPath)
	trust := exec.Command("jupyter", "trust", filepath.Join(work, "01-recursion.ipynb"), filepath.Join(work, "corrections", "01-recursion.ipynb"), filepath.Join(work, "old.ipynb"))
	trust.Env = append(os.Environ(), "JUPYTER_DATA_DIR="+srv.dataDir)
	if out, err := trust.CombinedOutput(); err != nil {
		t.Fatalf("jupyter trust: %v\n%s", err, out)
	}
	b := newBrowser(t)
	type state struct{ Dirty, Trusted bool }
	open := func(name string) state {
		ctx, cancel := chromedp.NewContext(b.ctx)
		defer cancel()
		ctx, cancelTime := context.WithTimeout(ctx, 3*time.Minute)
		defer cancelTime()
		defer srv.shutdownKernels(t)
		if err := chromedp.Do(ctx, chromedp.Navigate(srv.url+"/notebooks/"+name+"?token="+srv.token)); err != nil {
			t.Fatalf("opening %s: %v", name, err)
		}
		for deadline := time.Now().Add(2 * time.Minute); ; {
			ok, err := chromedp.Run(ctx, chromedp.Evaluate[bool](liveReadyJS))
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			if ok {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("%s: no kernel after 2 minutes", name)
			}
			time.Sleep(250 * time.Millisecond)
		}
		time.Sleep(time.Second) // the kernel's info has been compared
		st, err := chromedp.Run(ctx, chromedp.Evaluate[state](`({Dirty: Jupyter.notebook.dirty, Trusted: Jupyter.notebook.trusted})`))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		saved, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`Jupyter.notebook.save_notebook().then(() => true)`, chromedp.EvalAwaitPromise))
		if err != nil || !saved {
			t.Fatalf("%s: saving: %v", name, err)
		}
		return st
	}
	for name, src := range generated {
		if st := open(name); st.Dirty || !st.Trusted {
			t.Errorf("%s opens %+v; want unchanged and trusted", name, st)
		}
		want, _ := os.ReadFile(src)
		if got, _ := os.ReadFile(filepath.Join(work, name)); !bytes.Equal(got, want) {
			t.Errorf("%s saved differs from the generated notebook (%d bytes, %d generated)", name, len(got), len(want))
		}
	}
	if st := open("old.ipynb"); !st.Dirty {
		t.Errorf("old.ipynb (language_info with its name only) opens %+v; want changed", st)
	}
}
