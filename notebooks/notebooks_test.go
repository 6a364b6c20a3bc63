// Tests of the workbook's notebooks.
//
// TestGenerated (always) checks that the committed notebooks are exactly what
// the generator writes from their sources, grading/nbNN/NN-name.txtar (no
// hand edits, no outputs).
//
// With -kernel (make test passes it), TestExecute runs headless through
// the real GoNB kernel (jupyter nbconvert --execute), in a student edition
// it copies (build/student), every student notebook untouched, and one
// correction in the teacher's edition. It checks the outputs (no error,
// every check says "not implemented" in the untouched ones, every check
// passes in the correction), exports each to HTML and opens it in
// headless Chromium: every chart must draw (a canvas replaces the static
// SVG) with no JavaScript error, and with scripts disabled every chart
// must show its static SVG. Executed notebooks, HTML and screenshots go to
// build/notebooks. TestLive (live_test.go) runs every student notebook
// with the corrections' answers pasted in, in the same student edition,
// in a live Jupyter server in headless Chromium, as a student would,
// checks what the page shows, saves it and checks the saved copy as
// TestExecute does (every check passing): each notebook goes through the
// kernel once untouched and once answered. TestStaleAnswer checks, through
// the kernel, that a check run after its answer cell stopped compiling says
// so; TestHeaderNotRun, that a check run before the header, and the header
// of a notebook moved out of the workbook, say so in French.
package notebooks_test

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"html"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"

	"github.com/prepa-reines/reines/grading"
	"github.com/prepa-reines/reines/grading/batch"
	"github.com/prepa-reines/reines/grading/fixtures"
	"github.com/prepa-reines/reines/grading/gradebook"
	"github.com/prepa-reines/reines/grading/notebook"
	"github.com/prepa-reines/reines/grading/release"
	"github.com/prepa-reines/reines/grading/workbook"
	"github.com/prepa-reines/reines/internal/browsertest"
	"github.com/prepa-reines/reines/internal/typotest"
	"github.com/prepa-reines/reines/tp/board"
	"github.com/prepa-reines/reines/tp/queens"
)

var kernel = flag.Bool("kernel", false, "execute the notebooks through the GoNB kernel and check them in Chromium")

func root(t *testing.T) string {
	t.Helper()
	r, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func TestGenerated(t *testing.T) {
	r := root(t)
	srcs, _ := filepath.Glob(filepath.Join(r, "grading", "nb*", "*.txtar"))
	if len(srcs) == 0 {
		t.Fatal("no notebook sources in grading/nb*")
	}
	for _, src := range srcs {
		name := strings.TrimSuffix(filepath.Base(src), ".txtar")
		t.Run(name, func(t *testing.T) {
			student, correction, err := release.Build(r, src)
			if err != nil {
				t.Fatal(err)
			}
			for path, nb := range map[string]*notebook.Notebook{
				filepath.Join(r, "notebooks", name+".ipynb"):                student,
				filepath.Join(r, "notebooks", "corrections", name+".ipynb"): correction,
			} {
				want, err := nb.Marshal()
				if err != nil {
					t.Fatal(err)
				}
				got, err := os.ReadFile(path)
				if err != nil {
					t.Fatalf("%v (run make notebooks)", err)
				}
				if !bytes.Equal(got, want) {
					t.Errorf("%s differs from what its source %s.txtar generates: edit the source and run make notebooks "+
						"(if you worked in this notebook, save it under another name and restore it with git checkout)", path, name)
				}
			}
		})
	}
}

func TestExecute(t *testing.T) {
	if !*kernel {
		t.Skip("needs -kernel (make test): runs the notebooks through Jupyter and Chromium")
	}
	t.Parallel() // beside TestLive and TestLoopingAnswers, within kernelSlots
	r := root(t)
	out := filepath.Join(r, "build", "notebooks")
	jupyterPath := rawErrorKernel(t, r, filepath.Join(r, "build", "jupyter"))
	browser := newBrowser(t)
	edition := studentEdition(t, r)
	type run struct {
		kind, path string
		want       string // the outcome of every check
	}
	var runs []run
	for _, name := range notebookNames(t, r) {
		runs = append(runs, run{"student", filepath.Join(edition, "notebooks", name+".ipynb"), "not-implemented"})
	}
	// The student notebooks with the corrections' answers run live in the
	// student edition (TestLive), which checks its saved copies as these
	// are; one correction runs here in the teacher's edition, whose checks
	// compute the expected values with the reference answers.
	runs = append(runs, run{"teacher", filepath.Join(r, "notebooks", "corrections", teacherRun+".ipynb"), "passed"})
	for _, rn := range runs {
		name := strings.TrimSuffix(filepath.Base(rn.path), ".ipynb")
		t.Run(rn.kind+"/"+name, func(t *testing.T) {
			t.Parallel()
			dir := filepath.Join(out, rn.kind)
			executed := execute(t, jupyterPath, rn.path, dir)
			checkExecuted(t, browser, executed, filepath.Join(dir, name+".png"), rn.want)
		})
	}
}

// teacherRun is the correction TestExecute runs in the teacher's edition:
// the shortest.
const teacherRun = "01-recursion"

// notebookNames are the workbook's notebooks, by name without extension:
// the generated ones only (a student's copy beside them is not ours).
func notebookNames(t *testing.T, r string) []string {
	srcs, _ := filepath.Glob(filepath.Join(r, "grading", "nb*", "*.txtar"))
	var names []string
	for _, src := range srcs {
		names = append(names, strings.TrimSuffix(filepath.Base(src), ".txtar"))
	}
	if len(names) == 0 {
		t.Fatal("no notebook sources in grading/nb*")
	}
	return names
}

// The student edition TestExecute, TestLive, TestStaleAnswer and
// TestLoopingAnswers share (build/student), made once per run.
var (
	editionOnce sync.Once
	editionErr  error
)

// copyEdition writes the student edition of the tree at r, with its
// recorded data, into dir (replaced): a copy of the cached one (see
// release.Edition), which a test may write into.
func copyEdition(r, dir string) error {
	src, _, err := release.Edition(context.Background(), r, true)
	if err != nil {
		return err
	}
	if err := os.RemoveAll(dir); err != nil {
		return err
	}
	return os.CopyFS(dir, os.DirFS(src))
}

// studentEdition returns the student edition copied to build/student.
func studentEdition(t *testing.T, r string) string {
	edition := filepath.Join(r, "build", "student")
	editionOnce.Do(func() { editionErr = copyEdition(r, edition) })
	if editionErr != nil {
		t.Fatal(editionErr)
	}
	return edition
}

// pastedNotebook is the student notebook name of the edition with the
// answers of its correction pasted in (fixtures.PasteAnswers): a student's
// notebook with the reference answers.
func pastedNotebook(t *testing.T, r, edition, name string) *notebook.Notebook {
	s, err := notebook.Read(filepath.Join(edition, "notebooks", name+".ipynb"))
	if err != nil {
		t.Fatal(err)
	}
	c, err := notebook.Read(filepath.Join(r, "notebooks", "corrections", name+".ipynb"))
	if err != nil {
		t.Fatal(err)
	}
	return fixtures.PasteAnswers(s, c)
}

// checkExecuted checks a notebook the kernel ran (see checkOutputs: every
// check's outcome want), then its HTML export in Chromium (screenshot at
// png): every chart draws, and shows its static SVG with scripts off.
func checkExecuted(t *testing.T, b *browser, executed, png, want string) {
	checkOutputs(t, executed, want)
	html := exportHTML(t, executed)
	b.check(t, html, png, want == "passed")
}

// rawErrorKernel registers, in dir, the workbook's GoNB kernel (started
// by kernel-setup/gonb-kernel.sh, which keeps its log for the checks)
// reporting compile errors as plain text, and returns the JUPYTER_PATH
// that selects it. The kernel's environment gets env (name, value, …).
func rawErrorKernel(t *testing.T, root, dir string, env ...string) string {
	gonb, err := exec.LookPath("gonb")
	if err != nil {
		gopath, _ := exec.Command("go", "env", "GOPATH").Output()
		gonb = filepath.Join(strings.TrimSpace(string(gopath)), "bin", "gonb")
	}
	kdir := filepath.Join(dir, "kernels", "gonb")
	if err := os.MkdirAll(kdir, 0o755); err != nil {
		t.Fatal(err)
	}
	spec, _ := json.Marshal(map[string]any{
		"argv":         []string{"/bin/sh", filepath.Join(root, "kernel-setup", "gonb-kernel.sh"), gonb, "{connection_file}", "--raw_error"},
		"display_name": "Go (gonb)", "language": "go", "interrupt_mode": "message", "env": kernelEnv(env),
	})
	// Written aside and renamed: the kernel tests run side by side, and
	// a Jupyter starting a kernel never reads a half-written spec.
	tmp := filepath.Join(kdir, "kernel.json."+randomID())
	err = os.WriteFile(tmp, spec, 0o644)
	if err == nil {
		err = os.Rename(tmp, filepath.Join(kdir, "kernel.json"))
	}
	if err != nil {
		os.Remove(tmp)
		t.Fatal(err)
	}
	return dir
}

// kernelEnv makes a kernel spec's env of name, value pairs.
func kernelEnv(pairs []string) map[string]string {
	env := map[string]string{}
	for i := 0; i+1 < len(pairs); i += 2 {
		env[pairs[i]] = pairs[i+1]
	}
	return env
}

// mu is held by a test that needs the kernels to itself (the shutdown of
// a kernel); TestHub and the notebook runs of TestExecute,
// TestLoopingAnswers, TestLive, TestPerUserSetup and the short kernel
// tests share it (RLock), and each notebook run takes one of kernelSlots: two
// notebooks at a time on the project's 2-core machine, whose cells compile
// and link mostly on one core each (make test runs these tests side by
// side, -parallel 6: the tests waiting for a slot leave room for those
// that need none).
var mu sync.RWMutex

var kernelSlots = make(chan struct{}, 2)

// kernelSlot waits for one of kernelSlots, under mu's read lock, and
// returns what gives it back.
func kernelSlot() (release func()) {
	mu.RLock()
	kernelSlots <- struct{}{}
	return func() { <-kernelSlots; mu.RUnlock() }
}

// execute runs the notebook in its own folder and writes the executed copy
// to dir, returning its path.
func execute(t *testing.T, jupyterPath, path, dir string) string {
	return executeWithin(t, jupyterPath, path, dir, 600)
}

// executeWithin is execute with each cell given at most seconds, and env
// ("NAME=value") added to the kernel's environment.
func executeWithin(t *testing.T, jupyterPath, path, dir string, seconds int, env ...string) string {
	defer kernelSlot()()
	start := time.Now()
	cmd := exec.Command("jupyter", "nbconvert", "--to", "notebook", "--execute", "--allow-errors",
		"--ExecutePreprocessor.kernel_name=gonb", fmt.Sprintf("--ExecutePreprocessor.timeout=%d", seconds),
		"--output-dir", dir, filepath.Base(path))
	cmd.Dir = filepath.Dir(path)
	cmd.Env = append(append(os.Environ(), "JUPYTER_PATH="+jupyterPath), env...)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("nbconvert --execute failed: %v\n%s", err, tail(out, 40))
	}
	t.Logf("executed in %.1f s", time.Since(start).Seconds())
	return filepath.Join(dir, filepath.Base(path))
}

func tail(b []byte, n int) string {
	lines := strings.Split(string(b), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}

type output struct {
	OutputType string         `json:"output_type"`
	Name       string         `json:"name"`
	Text       any            `json:"text"`
	Ename      string         `json:"ename"`
	Evalue     string         `json:"evalue"`
	Data       map[string]any `json:"data"`
}

func text(v any) string {
	switch v := v.(type) {
	case string:
		return v
	case []any:
		var b strings.Builder
		for _, s := range v {
			b.WriteString(fmt.Sprint(s))
		}
		return b.String()
	}
	return ""
}

// checkOutputs reads the executed notebook: no error output and no stderr
// in any cell; one check record per check cell, each with outcome want.
// markup is what a reader does not read in an HTML output: scripts, styles,
// SVG drawings (their coordinates) and tags.
var markup = regexp.MustCompile(`(?s)<(script|style|svg)\b.*?</(script|style|svg)>|<[^>]*>`)

// readable returns the text a student reads in output o: a stream's text,
// or the text of its HTML (or else plain text) data.
func readable(o output) string {
	if o.OutputType == "stream" {
		return text(o.Text)
	}
	if h, ok := o.Data["text/html"]; ok {
		return html.UnescapeString(markup.ReplaceAllString(text(h), " "))
	}
	if p, ok := o.Data["text/plain"]; ok {
		return text(p)
	}
	return ""
}

func checkOutputs(t *testing.T, path string, want string) {
	nb, err := notebook.Read(path)
	if err != nil {
		t.Fatal(err)
	}
	for i, c := range nb.Cells {
		if c.CellType != "code" {
			continue
		}
		meta := c.Reines()
		var records []grading.Record
		for _, raw := range c.Outputs {
			var o output
			if err := json.Unmarshal(raw, &o); err != nil {
				t.Fatalf("cell %d: unreadable output: %v", i, err)
			}
			switch {
			case o.OutputType == "error":
				t.Errorf("cell %d (%s %s): %s: %s", i, meta.Role, meta.Question, o.Ename, o.Evalue)
			case o.OutputType == "stream" && o.Name == "stderr":
				t.Errorf("cell %d (%s %s) wrote to stderr:\n%s", i, meta.Role, meta.Question, tail([]byte(text(o.Text)), 15))
			}
			if bad := typotest.UngroupedNumbers(readable(o)); len(bad) > 0 {
				t.Errorf("cell %d (%s %s): numbers without grouped digits (grading.Int, grading.Dec): %q", i, meta.Role, meta.Question, bad)
			}
			if s, ok := o.Data[grading.CheckMIME]; ok {
				var rec grading.Record
				if err := json.Unmarshal([]byte(text(s)), &rec); err != nil {
					t.Errorf("cell %d: bad check record %q: %v", i, text(s), err)
				}
				records = append(records, rec)
			}
		}
		if meta.Role != "check" {
			continue
		}
		if len(records) != 1 {
			t.Errorf("check cell %d (%s): %d check records, want 1", i, meta.Question, len(records))
			continue
		}
		if rec := records[0]; rec.Question != meta.Question || rec.Outcome != want {
			t.Errorf("check cell %d (%s): got %+v, want outcome %q", i, meta.Question, rec, want)
		}
	}
}

func exportHTML(t *testing.T, executed string) string {
	cmd := exec.Command("jupyter", "nbconvert", "--to", "html", filepath.Base(executed))
	cmd.Dir = filepath.Dir(executed)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("nbconvert --to html: %v\n%s", err, tail(out, 20))
	}
	html := strings.TrimSuffix(executed, ".ipynb") + ".html"
	data, err := os.ReadFile(html)
	if err != nil {
		t.Fatal(err)
	}
	if m := regexp.MustCompile(`<script[^>]+src="https?:[^"]*"`).FindString(string(data)); m != "" {
		t.Errorf("the page loads a script from the network: %s", m)
	}
	return html
}

type browser struct {
	ctx context.Context
}

func newBrowser(t *testing.T) *browser {
	return &browser{browsertest.New(t, chromedp.Flag("disable-component-update", true),
		chromedp.Flag("allow-file-access-from-files", true), chromedp.WindowSize(1300, 1000))}
}

// chartState is what the page says of its charts.
type chartState struct {
	Charts, Drawn, Fallbacks int
	IDs, UniqueIDs           int
}

const stateJS = `(() => {
  const cs = Array.from(document.querySelectorAll('.reines-chart'));
  const ids = cs.map(c => c.id);
  return {Charts: cs.length,
    Drawn: cs.filter(c => c.querySelector('canvas') && !c.querySelector('.reines-fallback')).length,
    Fallbacks: cs.filter(c => c.querySelector('svg.reines-fallback')).length,
    IDs: ids.length, UniqueIDs: new Set(ids).size};
})()`

// check opens the page with scripts on, waits for every chart to draw,
// saves a screenshot, then with scripts off checks the static fallbacks.
//
// A correction must draw at least one chart; a student notebook may have
// none (its demonstrations wait for the answers).
// consoleErrors collects the JavaScript errors and exceptions of the page
// of ctx, those for which ignore (if not nil) is false. The function it
// returns waits until ctx is cancelled and returns them.
func consoleErrors(ctx context.Context, ignore func(chromedp.ConsoleMessage) bool) func() []string {
	var errs []string
	done := make(chan struct{})
	messages := chromedp.Console(ctx)
	go func() {
		defer close(done)
		for m, err := range messages {
			if err != nil {
				return
			}
			if (m.Type == chromedp.ConsoleError || m.IsException()) && (ignore == nil || !ignore(m)) {
				errs = append(errs, strings.TrimSpace(m.String()+" "+m.URL))
			}
		}
	}()
	return func() []string {
		<-done
		return errs
	}
}

func (b *browser) check(t *testing.T, html, screenshot string, wantCharts bool) {
	ctx, cancel := chromedp.NewContext(b.ctx)
	defer cancel()
	jsErrors := consoleErrors(ctx, nil)
	if err := chromedp.Do(ctx, chromedp.Navigate("file://"+html)); err != nil {
		t.Fatalf("browser: %v", err)
	}
	var st chartState
	for deadline := time.Now().Add(time.Minute); ; {
		var err error
		if st, err = chromedp.Run(ctx, chromedp.Evaluate[chartState](stateJS)); err != nil {
			t.Fatalf("browser: %v", err)
		}
		if st.Drawn == st.Charts || time.Now().After(deadline) {
			break
		}
		time.Sleep(200 * time.Millisecond)
	}
	png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil {
		t.Fatalf("browser: %v", err)
	}
	cancel()
	errs := jsErrors()
	if err := os.WriteFile(screenshot, png, 0o644); err != nil {
		t.Fatal(err)
	}
	if st.Charts == 0 && wantCharts {
		t.Errorf("%s: no chart on the page", html)
	}
	if st.Drawn != st.Charts {
		t.Errorf("%s: %d of %d charts drew (screenshot %s)", html, st.Drawn, st.Charts, screenshot)
	}
	if st.UniqueIDs != st.IDs {
		t.Errorf("%s: %d chart ids, only %d distinct", html, st.IDs, st.UniqueIDs)
	}
	for _, e := range errs {
		t.Errorf("%s: JavaScript error: %s", html, e)
	}

	// Scripts off: every chart shows its static SVG.
	nctx, ncancel := chromedp.NewContext(b.ctx)
	defer ncancel()
	if _, err := chromedp.Call(nctx, emulation.SetScriptExecutionDisabled, emulation.SetScriptExecutionDisabledParams{Value: true}); err != nil {
		t.Fatalf("browser (scripts off): %v", err)
	}
	if err := chromedp.Do(nctx, chromedp.Navigate("file://"+html)); err != nil {
		t.Fatalf("browser (scripts off): %v", err)
	}
	off, err := chromedp.Run(nctx, chromedp.Evaluate[chartState](stateJS))
	if err != nil {
		t.Fatalf("browser (scripts off): %v", err)
	}
	if off.Fallbacks != off.Charts {
		t.Errorf("%s with scripts off: %d of %d charts show their static SVG", html, off.Fallbacks, off.Charts)
	}
	t.Logf("%d charts drawn, screenshot %s", st.Charts, screenshot)
}

// A check run after its answer cell stopped compiling, in the real kernel,
// says that it tested the last version that compiled instead of showing it
// green; so does the check of a function that uses package grading. Once
// the cell compiles again, the check is green again.
func TestStaleAnswer(t *testing.T) {
	if !*kernel {
		t.Skip("needs -kernel (make test): runs a notebook through Jupyter")
	}
	t.Parallel() // within kernelSlots
	r := root(t)
	jupyterPath := rawErrorKernel(t, r, filepath.Join(r, "build", "jupyter"))
	// The edition TestExecute and TestLive run (a notebook of its own in
	// it): its packages are compiled once for its folder, not once more.
	edition := studentEdition(t, r)
	const right = "func IsSafe(p queens.Placement, row, col int) bool {\n\tfor r := 0; r < row; r++ {\n\t\tif p[r] == col || row-r == col-p[r] || row-r == p[r]-col {\n\t\t\treturn false\n\t\t}\n\t}\n\treturn true\n}"
	code := func(src, role, q string) notebook.Cell {
		return notebook.Cell{CellType: "code", Source: notebook.Source(src), Metadata: map[string]any{"reines": notebook.Meta{Role: role, Question: q}}}
	}
	check := "%%\nnb01.Q1.Check(IsSafe)"
	nb := &notebook.Notebook{NBFormat: 4, NBFormatMinor: 5, Metadata: map[string]any{
		"kernelspec": map[string]any{"display_name": "Go (gonb)", "language": "go", "name": "gonb"}}}
	nb.Cells = []notebook.Cell{
		code(release.Header(workbook.Notebooks[1]), "header", ""),
		code(right, "answer", "01/Q1"),
		code(check, "check", "01/Q1"),
		code(strings.Replace(right, "return true\n}", "return tru\n}", 1), "answer", "01/Q1"), // does not compile
		code(check, "check", "01/Q1"),
		code(right, "answer", "01/Q1"),
		code(check, "check", "01/Q1"),
		code("func Count(n int) (int64, error) {\n\treturn int64(len(grading.YesNo(n > 0))), nil\n}", "answer", "01/Q4"),
		code("%%\nnb01.Q4.Check(Count)", "check", "01/Q4"),
	}
	for i := range nb.Cells {
		nb.Cells[i].ID = fmt.Sprintf("stale-%d", i)
	}
	data, err := nb.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(edition, "notebooks", "stale.ipynb")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	executed, err := notebook.Read(execute(t, jupyterPath, path, filepath.Join(r, "build", "notebooks", "stale")))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		cell          int
		outcome, warn string
	}{{2, "passed", ""}, {4, "stale", "n'a pas compilé"}, {6, "passed", ""}, {8, "stale", "grading.YesNo"}} {
		var recs []grading.Record
		for _, raw := range executed.Cells[c.cell].Outputs {
			var o output
			_ = json.Unmarshal(raw, &o)
			if s, ok := o.Data[grading.CheckMIME]; ok {
				var rec grading.Record
				_ = json.Unmarshal([]byte(text(s)), &rec)
				recs = append(recs, rec)
			}
		}
		if len(recs) != 1 || recs[0].Outcome != c.outcome || !strings.Contains(recs[0].Warning, c.warn) {
			t.Errorf("cell %d: records %+v; want outcome %s, warning with %q", c.cell, recs, c.outcome, c.warn)
		}
		// After a cell that did not compile, the older function GoNB holds
		// is not checked at all.
		if c.cell == 4 && len(recs) == 1 && recs[0].Total != 0 {
			t.Errorf("cell 4: %d cases checked on the older function", recs[0].Total)
		}
	}
}

// The grader's pages a person reads, the feedback of a student (with the
// board of a failing case) and the class's statistics, draw their charts
// in Chromium with no JavaScript error, and show their static SVG with
// scripts off; screenshots in build/notebooks/grader.
func TestGraderPages(t *testing.T) {
	if !*kernel {
		t.Skip("needs -kernel (make test): opens pages in Chromium")
	}
	t.Parallel() // no kernel
	out := filepath.Join(root(t), "build", "notebooks", "grader")
	if err := os.RemoveAll(out); err != nil {
		t.Fatal(err)
	}
	b := &board.Board{N: 4, Queens: []queens.Square{{Row: 0, Col: 1}, {Row: 1, Col: 1}}, Highlight: []queens.Square{{Row: 0, Col: 1}, {Row: 1, Col: 1}}}
	q := func(id string, max int, pts float64, public []grading.CaseResult) gradebook.Question {
		return gradebook.Question{ID: id, Title: grading.Lookup(id).Title, Max: max, Points: pts, Passed: 1, Total: 2, Public: public}
	}
	var results []gradebook.Result
	for k, student := range []string{"ana", "bob", "cid", "dan"} {
		results = append(results, gradebook.Result{Student: student, TP: "01", File: student + ".ipynb", Questions: []gradebook.Question{
			q("01/Q1", 3, float64(k%4), nil),
			q("01/Q2", 4, float64(k), []grading.CaseResult{{Input: "n = 4", Status: grading.Failed, Want: "2 solutions", Got: "1 solution", Note: "deux reines dans la colonne 2", Board: b}}),
		}})
	}
	for i, r := range results {
		for _, q := range r.Questions {
			results[i].Points += q.Points
			results[i].Max += float64(q.Max)
		}
	}
	if err := batch.WriteAll(context.Background(), out, results, false); err != nil {
		t.Fatal(err)
	}
	br := newBrowser(t)
	br.check(t, filepath.Join(out, "feedback", "ana-01.html"), filepath.Join(out, "feedback.png"), true)
	br.check(t, filepath.Join(out, "report.html"), filepath.Join(out, "report.png"), true)
}

// demoLabel finds the label of each demonstration in a cell's source,
// grading.Demo("Solve et ShowAll (questions 12 et 17)", …).
var demoLabel = regexp.MustCompile(`grading\.Demo\("([^"]*)"`)

// loopBodies returns src with the body of each top-level function named in
// names replaced by an endless loop, and the names it replaced. src is a
// cell of Go declarations (GoNB adds the package clause).
func loopBodies(src string, names map[string]bool) (string, []string) {
	const pkg = "package main\n"
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "cell.go", pkg+src, 0)
	if err != nil {
		return src, nil
	}
	type span struct{ from, to int }
	var spans []span
	var replaced []string
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Recv != nil || fd.Body == nil || !names[fd.Name.Name] {
			continue
		}
		spans = append(spans, span{fset.Position(fd.Body.Lbrace).Offset + 1 - len(pkg), fset.Position(fd.Body.Rbrace).Offset - len(pkg)})
		replaced = append(replaced, fd.Name.Name)
	}
	for i := len(spans) - 1; i >= 0; i-- {
		src = src[:spans[i].from] + "\n\tfor {\n\t}\n" + src[spans[i].to:]
	}
	return src, replaced
}

// Each function a demonstration calls, answered with an endless loop in a
// notebook whose other answers are right: through the real kernel, the
// notebook still runs to its end (each cell within a minute), the check
// of each such question does not pass, and every demonstration that calls
// one of them says it stopped at the time limit.
func TestLoopingAnswers(t *testing.T) {
	if !*kernel {
		t.Skip("needs -kernel (make test): runs the notebooks through Jupyter")
	}
	t.Parallel() // beside TestExecute and TestLive, within kernelSlots
	r := root(t)
	jupyterPath := rawErrorKernel(t, r, filepath.Join(r, "build", "jupyter"))
	// The edition TestExecute and TestLive run (notebooks of its own in
	// it, named -looping): its packages are compiled once for its folder.
	edition := studentEdition(t, r)
	for _, name := range notebookNames(t, r) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			nb := pastedNotebook(t, r, edition, name)
			demoNeeds := map[string]bool{}
			for _, cell := range nb.Cells {
				for _, m := range demoLabel.FindAllStringSubmatch(string(cell.Source), -1) {
					names, _, _ := strings.Cut(m[1], " (")
					for _, fn := range strings.Split(strings.ReplaceAll(names, " et ", ", "), ", ") {
						demoNeeds[strings.TrimSpace(fn)] = true
					}
				}
			}
			looping := map[string]bool{}   // functions answered with a loop
			questions := map[string]bool{} // their questions
			for i, cell := range nb.Cells {
				if cell.Reines().Role != "answer" {
					continue
				}
				src, replaced := loopBodies(string(cell.Source), demoNeeds)
				if len(replaced) == 0 {
					continue
				}
				nb.Cells[i].Source = notebook.Source(src)
				questions[cell.Reines().Question] = true
				for _, fn := range replaced {
					looping[fn] = true
				}
			}
			if len(looping) == 0 {
				t.Skip("no demonstration calls a student's function")
			}
			dropped := trimToLoops(nb, looping, questions)
			data, err := nb.Marshal()
			if err != nil {
				t.Fatal(err)
			}
			path := filepath.Join(edition, "notebooks", name+"-looping.ipynb")
			if err := os.WriteFile(path, data, 0o644); err != nil {
				t.Fatal(err)
			}
			// The checks and demonstrations give up after 1 s instead of 10:
			// the same proof (each stops, each says why), about eighty
			// waits shorter.
			executed, err := notebook.Read(executeWithin(t, jupyterPath, path, filepath.Join(r, "build", "notebooks", "looping"), 60,
				grading.TimeoutEnv+"=1s"))
			if err != nil {
				t.Fatal(err)
			}
			problems, stopped := loopingProblems(executed, looping, questions)
			for _, p := range problems {
				t.Error(p)
			}
			t.Logf("looping: %d functions (%v), %d demonstrations stopped, %d cells left out", len(looping), slices.Sorted(maps.Keys(looping)), stopped, dropped)
		})
	}
}

// trimToLoops removes from nb, whose answers of questions have the
// functions looping replaced by endless loops, the code cells that cannot
// meet one of them, and returns how many it removed: the checks of the
// other questions, whose answers call none of them, and the cells run for
// their output alone ("%%" first, no demonstration) that name none of
// them. Those cells run with the same answers in TestLive; a cell kept
// that calls a looping function without a time limit still fails this
// test, and a check that calls one through its answer is kept.
func trimToLoops(nb *notebook.Notebook, looping, questions map[string]bool) int {
	calls := func(src string) bool {
		for fn := range looping {
			if regexp.MustCompile(`\b` + regexp.QuoteMeta(fn) + `\(`).MatchString(src) {
				return true
			}
		}
		return false
	}
	checked := maps.Clone(questions) // the checks to run
	for _, cell := range nb.Cells {
		if meta := cell.Reines(); meta.Role == "answer" && calls(string(cell.Source)) {
			checked[meta.Question] = true
		}
	}
	before := len(nb.Cells)
	nb.Cells = slices.DeleteFunc(nb.Cells, func(cell notebook.Cell) bool {
		src := string(cell.Source)
		switch meta := cell.Reines(); {
		case cell.CellType != "code":
			return false
		case meta.Role == "check":
			return !checked[meta.Question]
		case meta.Role == "code":
			return strings.HasPrefix(src, "%%") && !demoLabel.MatchString(src) && !calls(src)
		}
		return false
	})
	return before - len(nb.Cells)
}

// loopingProblems reads a notebook executed with the functions looping
// answered by endless loops (their questions: questions): every cell ran
// without an error (a demonstration without a time limit ends in the
// kernel's time-out error), the check of each such question does not pass,
// and every demonstration that calls one says it stopped. It returns what
// is wrong, and how many demonstrations stopped.
func loopingProblems(executed *notebook.Notebook, looping, questions map[string]bool) (problems []string, stopped int) {
	for i, cell := range executed.Cells {
		var all strings.Builder
		var records []grading.Record
		for _, raw := range cell.Outputs {
			var o output
			_ = json.Unmarshal(raw, &o)
			if o.OutputType == "error" {
				problems = append(problems, fmt.Sprintf("cell %d: %s: %s", i, o.Ename, o.Evalue))
			}
			all.WriteString(text(o.Text))
			for _, v := range o.Data {
				all.WriteString(text(v))
			}
			if s, ok := o.Data[grading.CheckMIME]; ok {
				var rec grading.Record
				_ = json.Unmarshal([]byte(text(s)), &rec)
				records = append(records, rec)
			}
		}
		meta := cell.Reines()
		if meta.Role == "check" && questions[meta.Question] {
			if len(records) != 1 || records[0].Outcome == "passed" {
				problems = append(problems, fmt.Sprintf("check cell %d (%s) of a looping answer: records %+v", i, meta.Question, records))
			}
		}
		for _, m := range demoLabel.FindAllStringSubmatch(string(cell.Source), -1) {
			calls := false
			names, _, _ := strings.Cut(m[1], " (")
			for _, fn := range strings.Split(strings.ReplaceAll(names, " et ", ", "), ", ") {
				calls = calls || looping[strings.TrimSpace(fn)]
			}
			if !calls {
				continue
			}
			if !strings.Contains(all.String(), "La démonstration s'est arrêtée") {
				problems = append(problems, fmt.Sprintf("cell %d, demonstration %q with a looping answer: no note that it stopped; output:\n%s", i, m[1], tail([]byte(all.String()), 10)))
			}
			stopped++
		}
	}
	return problems, stopped
}

// The looping-answers test fails a demonstration that had no time limit:
// run with a looping answer, it is stopped by the kernel's cell time-out
// (an error output), with no note of its own; and a check that passed a
// looping answer.
func TestLoopingProblems(t *testing.T) {
	cell := func(src, role, q string, outs ...string) notebook.Cell {
		c := notebook.Cell{CellType: "code", Source: notebook.Source(src), Metadata: map[string]any{"reines": notebook.Meta{Role: role, Question: q}}}
		for _, o := range outs {
			c.Outputs = append(c.Outputs, json.RawMessage(o))
		}
		return c
	}
	looping, questions := map[string]bool{"Solve": true}, map[string]bool{"02/Q3": true}
	stoppedNote := `{"output_type":"display_data","data":{"text/plain":"La démonstration s'est arrêtée : pas de fin après 1 s"},"metadata":{}}`
	failed := `{"output_type":"display_data","data":{"` + grading.CheckMIME + `":"{\"question\":\"02/Q3\",\"outcome\":\"failed\"}"},"metadata":{}}`
	passed := strings.Replace(failed, "failed", "passed", 1)
	timeout := `{"output_type":"error","ename":"CellTimeoutError","evalue":"A cell timed out while it was being executed, after 60 seconds."}`
	demo := "%%\ngrading.Demo(\"Solve (question 3)\", func() { Solve(8) })"
	good := &notebook.Notebook{Cells: []notebook.Cell{cell(demo, "demo", "", stoppedNote), cell("%%\nnb02.Q3.Check(Solve)", "check", "02/Q3", failed)}}
	if problems, stopped := loopingProblems(good, looping, questions); len(problems) > 0 || stopped != 1 {
		t.Errorf("a stopped demonstration and a failed check: problems %q, %d stopped; want none, 1", problems, stopped)
	}
	for name, nb := range map[string]*notebook.Notebook{
		"demonstration without a limit":  {Cells: []notebook.Cell{cell(demo, "demo", "", timeout)}},
		"check passing a looping answer": {Cells: []notebook.Cell{cell("%%\nnb02.Q3.Check(Solve)", "check", "02/Q3", passed)}},
	} {
		if problems, _ := loopingProblems(nb, looping, questions); len(problems) == 0 {
			t.Errorf("%s: no problem found", name)
		}
	}
}

// The looping run leaves out the checks of the questions whose answers
// call no looping function, and the "%%" cells without a demonstration
// that name none; it keeps the rest: the header, every answer, the
// declarations, the checks that can meet a loop (the looping question's,
// and one whose answer calls it), every demonstration, and an unlabelled
// cell that calls a looping function (which must then fail the test).
func TestTrimToLoops(t *testing.T) {
	cell := func(src, role, q string) notebook.Cell {
		return notebook.Cell{CellType: "code", Source: notebook.Source(src), Metadata: map[string]any{"reines": notebook.Meta{Role: role, Question: q}}}
	}
	kept := []notebook.Cell{
		cell("%noautoget", "header", ""),
		{CellType: "markdown", Source: notebook.Source("Question 1")},
		cell("func Solve(n int) int {\n\tfor {\n\t}\n}", "answer", "01/Q1"),
		cell("%%\nnb01.Q1.Check(Solve)", "check", "01/Q1"),
		cell("func Count(n int) int { return Solve(n) }", "answer", "01/Q2"),
		cell("%%\nnb01.Q2.Check(Count)", "check", "01/Q2"),
		cell("func Other(n int) int { return n }", "answer", "01/Q3"),
		cell("import \"github.com/prepa-reines/reines/tp/fastcount\"", "code", ""),
		cell("%%\ngrading.Demo(\"Solve (question 1)\", func() { Solve(8) })", "code", ""),
		cell("%%\nfmt.Println(Solve(4))", "code", ""),
	}
	left := []notebook.Cell{
		cell("%%\nnb01.Q3.Check(Other)", "check", "01/Q3"),
		cell("%%\nfmt.Println(nb02.FastCounts())", "code", ""),
	}
	nb := &notebook.Notebook{Cells: append(slices.Clone(kept[:7]), left[0], kept[7], left[1], kept[8], kept[9])}
	if n := trimToLoops(nb, map[string]bool{"Solve": true}, map[string]bool{"01/Q1": true}); n != len(left) {
		t.Errorf("%d cells left out, want %d", n, len(left))
	}
	var got, want []string
	for _, c := range nb.Cells {
		got = append(got, string(c.Source))
	}
	for _, c := range kept {
		want = append(want, string(c.Source))
	}
	if !slices.Equal(got, want) {
		t.Errorf("cells kept:\n%q\nwant:\n%q", got, want)
	}
}

// studentUser is the unprivileged user TestPerUserSetup sets the workbook
// up as: no sudo, no Go on its PATH.
const studentUser = "reines-student"

// As a user without root or sudo, whose PATH has no Go (a JupyterHub or
// Binder single-user server), the student edition's set-up installs Go
// from the module proxy, GoNB, the kernel and ECharts in the user's home,
// against the system's Jupyter; a student notebook with the answers
// pasted then runs headless through that user's kernel, every check
// passing and every chart drawing in Chromium.
func TestPerUserSetup(t *testing.T) {
	if !*kernel {
		t.Skip("needs -kernel (make test): sets up the workbook as another user")
	}
	if os.Getuid() != 0 {
		t.Skip("needs root to create the unprivileged user")
	}
	t.Parallel() // its notebook run within kernelSlots
	if _, err := exec.Command("id", studentUser).Output(); err != nil {
		if out, err := exec.Command("useradd", "--create-home", "--shell", "/bin/bash", studentUser).CombinedOutput(); err != nil {
			t.Fatalf("useradd: %v\n%s", err, out)
		}
	}
	home := "/home/" + studentUser
	as := func(dir string, args ...string) *exec.Cmd {
		cmd := exec.Command("runuser", append([]string{"-u", studentUser, "--", "env", "-i", "HOME=" + home, "USER=" + studentUser,
			"PATH=/usr/bin:/bin", "LANG=C.UTF-8"}, args...)...)
		cmd.Dir = dir
		return cmd
	}
	if out, err := as(home, "sudo", "-n", "true").CombinedOutput(); err == nil {
		t.Fatalf("%s can use sudo: %s", studentUser, out)
	}
	r := root(t)
	edition := filepath.Join(home, "reines")
	if err := copyEdition(r, edition); err != nil {
		t.Fatal(err)
	}
	data, err := pastedNotebook(t, r, edition, "01-recursion").Marshal()
	if err != nil {
		t.Fatal(err)
	}
	pasted := filepath.Join(edition, "notebooks", "pasted-01.ipynb")
	if err := os.WriteFile(pasted, data, 0o644); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command("chown", "-R", studentUser+":", edition).CombinedOutput(); err != nil {
		t.Fatalf("chown: %v\n%s", err, out)
	}
	start := time.Now()
	// As the student edition's Makefile runs it: in French.
	if out, err := as(edition, "bash", "kernel-setup/setup.sh", "--fr").CombinedOutput(); err != nil {
		t.Fatalf("setup.sh as %s: %v\n%s", studentUser, err, tail(out, 40))
	} else {
		t.Logf("setup.sh as %s in %.0f s:\n%s", studentUser, time.Since(start).Seconds(), tail(out, 12))
		for _, line := range strings.Split(string(out), "\n") {
			if strings.HasPrefix(line, "setup:") || strings.HasPrefix(line, "install-go:") {
				t.Errorf("setup.sh --fr speaks English: %q", line)
			}
		}
		if !strings.Contains(string(out), "installation\u00a0: notebook de test réussi") {
			t.Errorf("setup.sh --fr: no « notebook de test réussi »:\n%s", tail(out, 12))
		}
	}
	for _, f := range []string{".local/go/bin/go", "go/bin/gonb", ".local/share/jupyter/kernels/gonb/kernel.json", ".cache/reines/echarts-5.6.0/echarts.min.js"} {
		if _, err := os.Stat(filepath.Join(home, f)); err != nil {
			t.Errorf("not in the user's home: %v", err)
		}
	}
	outDir := filepath.Join(edition, "build", "executed")
	done := kernelSlot()
	cmd := as(filepath.Join(edition, "notebooks"), "jupyter", "nbconvert", "--to", "notebook", "--execute", "--allow-errors",
		"--ExecutePreprocessor.kernel_name=gonb", "--ExecutePreprocessor.timeout=600", "--output-dir", outDir, "pasted-01.ipynb")
	out, err := cmd.CombinedOutput()
	done()
	if err != nil {
		t.Fatalf("nbconvert --execute as %s: %v\n%s", studentUser, err, tail(out, 40))
	}
	executed := filepath.Join(outDir, "pasted-01.ipynb")
	checkOutputs(t, executed, "passed")
	html := exportHTML(t, executed)
	shots := filepath.Join(r, "build", "notebooks", "per-user")
	if err := os.MkdirAll(shots, 0o755); err != nil {
		t.Fatal(err)
	}
	newBrowser(t).check(t, html, filepath.Join(shots, "pasted-01.png"), true)
}

// In the real kernel, a check cell run before the header says so in French
// and nothing else (not the compiler's « undefined: nb01 »), and works once
// the header has run; in a notebook moved out of the workbook, the header
// says so in French and nothing else (not the go command's « no required
// module provides package »), and a check cell asks for the header. The
// cells are those of the generated notebooks.
func TestHeaderNotRun(t *testing.T) {
	if !*kernel {
		t.Skip("needs -kernel (make test): runs notebooks through Jupyter")
	}
	t.Parallel() // within kernelSlots
	r := root(t)
	jupyterPath := rawErrorKernel(t, r, filepath.Join(r, "build", "jupyter"))
	correction, err := notebook.Read(filepath.Join(r, "notebooks", "corrections", "01-recursion.ipynb"))
	if err != nil {
		t.Fatal(err)
	}
	var header, answer, check notebook.Cell
	for _, c := range correction.Cells {
		switch m := c.Reines(); {
		case m.Role == "header":
			header = c
		case m.Question == "01/Q1" && m.Role == "answer":
			answer = c
		case m.Question == "01/Q1" && m.Role == "check":
			check = c
		}
	}
	write := func(dir string, cells ...notebook.Cell) string {
		nb := &notebook.Notebook{NBFormat: 4, NBFormatMinor: 5, Metadata: correction.Metadata}
		for i, c := range cells {
			c.ID = fmt.Sprintf("cell-%d", i)
			nb.Cells = append(nb.Cells, c)
		}
		data, err := nb.Marshal()
		if err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(dir, "01-recursion.ipynb")
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	// only returns the text of a cell's outputs, failing unless it is
	// exactly one stream on stderr.
	only := func(c notebook.Cell) string {
		if len(c.Outputs) != 1 {
			t.Errorf("%d outputs; want one:\n%s", len(c.Outputs), c.Outputs)
			return ""
		}
		var o output
		_ = json.Unmarshal(c.Outputs[0], &o)
		if o.OutputType != "stream" || o.Name != "stderr" {
			t.Errorf("output %s; want text on stderr", c.Outputs[0])
		}
		return strings.TrimSpace(text(o.Text))
	}
	notRun := grading.Typography(release.HeaderNotRun)

	inside := filepath.Join(r, "build", "header")
	os.RemoveAll(inside)
	if err := os.MkdirAll(inside, 0o755); err != nil {
		t.Fatal(err)
	}
	executed, err := notebook.Read(execute(t, jupyterPath, write(inside, check, header, answer, check), filepath.Join(r, "build", "notebooks", "header")))
	if err != nil {
		t.Fatal(err)
	}
	if got := only(executed.Cells[0]); got != notRun {
		t.Errorf("check before the header: %q; want %q", got, notRun)
	}
	var rec grading.Record
	for _, raw := range executed.Cells[3].Outputs {
		var o output
		_ = json.Unmarshal(raw, &o)
		if s, ok := o.Data[grading.CheckMIME]; ok {
			_ = json.Unmarshal([]byte(text(s)), &rec)
		}
	}
	if rec.Outcome != "passed" {
		t.Errorf("check after the header: %+v; want passed", rec)
	}

	moved := t.TempDir() // outside any Go module
	executed, err = notebook.Read(execute(t, jupyterPath, write(moved, header, check), filepath.Join(r, "build", "notebooks", "header-moved")))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := only(executed.Cells[0]), grading.Typography(release.Misplaced); got != want {
		t.Errorf("header of a moved notebook: %q; want %q", got, want)
	}
	if got := only(executed.Cells[1]); got != notRun {
		t.Errorf("check of a moved notebook: %q; want %q", got, notRun)
	}
}
