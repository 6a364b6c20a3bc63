package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"golang.org/x/tools/txtar"

	"github.com/prepa-reines/reines/grading"
	"github.com/prepa-reines/reines/grading/handouts"
	"github.com/prepa-reines/reines/grading/workbook"
)

// TestHandouts writes every handout and the guide, as make handouts does,
// then opens each PDF in Chromium's own PDF viewer: it must have pages,
// the text that PDFium reads from it must hold what the sources say it
// holds, and a screenshot of its first page goes to
// build/notebooks/handouts/ for a person to look at. What is expected comes
// from the notebooks' sources (grading/nbNN/NN-name.txtar) and the registry of
// questions, never from the generator:
//
//   - the statement: the TP's title; every question's title; each
//     question with a heading of its own, "Question k — title (points)";
//     no stub ("// À compléter."), no signature of an answer, no check
//     cell, no model answer of a written question, and panic("à compléter")
//     exactly as often as the statement's own text names it;
//   - the correction: every answer's function ("func IsSafe(") and every
//     written question's model answer;
//   - the guide: every question's title and each TP's total of points.
//
// It needs Chromium (make test installs it) and fails without it.
func TestHandouts(t *testing.T) {
	if testing.Short() {
		t.Skip("prints every handout with Chromium")
	}
	root, err := filepath.Abs("../../..")
	if err != nil {
		t.Fatal(err)
	}
	out := t.TempDir()
	if _, err := run(root, out, nil, true); err != nil {
		t.Fatal(err)
	}
	shots := filepath.Join(root, "build", "notebooks", "handouts")
	if err := os.RemoveAll(shots); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(shots, 0o755); err != nil {
		t.Fatal(err)
	}
	p, err := handouts.NewPrinter("")
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	// open returns the text of document name, whose title is title.
	open := func(t *testing.T, name, title string) string {
		t.Helper()
		pages, raw := readPDF(t, p.Context(), filepath.Join(out, name+".pdf"), filepath.Join(shots, name+".png"))
		if pages < 1 {
			t.Fatalf("%s.pdf has no page", name)
		}
		if !strings.HasPrefix(norm(raw), title) {
			t.Errorf("%s.pdf does not start with its title %q: %.100q", name, title, norm(raw))
		}
		text := body(raw, title)
		t.Logf("%s.pdf: %d pages, %d characters; screenshot %s", name, pages, len(text), filepath.Join(shots, name+".png"))
		return text
	}
	for _, nb := range workbook.Notebooks {
		t.Run(nb.Name, func(t *testing.T) {
			src := readSource(t, filepath.Join(root, nb.Source()))
			statement := open(t, nb.Name, src.title)
			correction := open(t, nb.Name+handouts.CorrectionSuffix, src.title)
			// The correction's first page is marked, above the title; the
			// statement's is not (the statement's text never says
			// « CORRIGÉ »: its labels are « Votre réponse »).
			if !strings.HasPrefix(correction, handouts.CorrectionMark+" ") {
				t.Errorf("correction: does not start with %q: %.100q", handouts.CorrectionMark, correction)
			}
			if strings.Contains(statement, handouts.CorrectionMark) {
				t.Errorf("statement: holds %q", handouts.CorrectionMark)
			}
			for name, text := range map[string]string{"statement": statement, "correction": correction} {
				for _, q := range grading.Questions(nb.ID) {
					if !printed(text, norm(q.PlainTitle())) {
						t.Errorf("%s: no title of %s, %q", name, q.ID, q.PlainTitle())
					}
					if src.headed[q.Number()] {
						// The title, then its points: "(3 points)", or within a
						// written answer's "(réponse rédigée, 1 point)"; an
						// optional question's "(2 points, facultative)".
						title, written := strings.CutSuffix(q.PlainTitle(), ")")
						pts := grading.Plural(q.Points, "point") + ")"
						if q.Optional {
							pts = grading.Plural(q.Points, "point") + ", facultative)"
						}
						if written = written && strings.HasSuffix(title, "(réponse rédigée"); written {
							pts = ", " + pts
						} else {
							title, pts = q.PlainTitle(), " ("+pts
						}
						if want := norm("Question " + strings.TrimPrefix(q.Number(), "Q") + " — " + title + pts); !printed(text, want) {
							t.Errorf("%s: no heading %q", name, want)
						}
					}
				}
			}
			if got, want := strings.Count(statement, `panic("à compléter")`), src.panics; got != want {
				t.Errorf("statement: panic(\"à compléter\") %d times, the statement's text names it %d times", got, want)
			}
			for _, bad := range []string{norm(strings.TrimSpace(strings.SplitN(grading.Typography("\t// À compléter."), "\n", 2)[0])), ".Check(", "nb" + nb.ID + ".Q", "Mode d'emploi", "Rappel GoNB"} {
				if strings.Contains(statement, bad) {
					t.Errorf("statement: holds %q, from a code cell", bad)
				}
			}
			for _, q := range grading.Questions(nb.ID) {
				if q.Prose() {
					answer := src.prose[q.Number()]
					if answer == "" {
						t.Errorf("%s: no prose section in the source", q.ID)
						continue
					}
					if strings.Contains(statement, answer) {
						t.Errorf("statement: holds the model answer of %s (%q)", q.ID, answer)
					}
					if !strings.Contains(correction, answer) {
						t.Errorf("correction: no model answer of %s (%q)", q.ID, answer)
					}
					continue
				}
				if sig := "func " + q.Func + "("; strings.Contains(statement, sig) {
					t.Errorf("statement: holds %q, an answer cell", sig)
				} else if !strings.Contains(correction, sig) {
					t.Errorf("correction: no %q (the answer of %s)", sig, q.ID)
				}
			}
		})
	}
	t.Run(handouts.GuideName, func(t *testing.T) {
		guide, err := os.ReadFile(filepath.Join(root, handouts.GuideSource))
		if err != nil {
			t.Fatal(err)
		}
		title, _, _ := strings.Cut(strings.TrimPrefix(string(guide), "# "), "\n")
		text := open(t, handouts.GuideName, norm(grading.PlainText(title)))
		for _, nb := range workbook.Notebooks {
			total := 0
			for _, q := range grading.Questions(nb.ID) {
				total += q.Points
				if !printed(text, norm(q.PlainTitle())) {
					t.Errorf("no title of %s, %q", q.ID, q.PlainTitle())
				}
			}
			if want := norm("Total du TP : " + grading.Plural(total, "point")); !printed(text, want) {
				t.Errorf("no %q for notebook %s", want, nb.ID)
			}
		}
	})
}

// source is what a test reads in a notebook's source.
type source struct {
	title  string          // the first markdown section's "# " line, plain text
	headed map[string]bool // questions with a "## Question k" heading of their own, "Q4"
	prose  map[string]string
	panics int // times the markdown sections name panic("à compléter")
}

var heading = regexp.MustCompile(`(?m)^## Question (\d+)\s*$`)

// markup is what separates runs of plain text in Markdown.
var markup = regexp.MustCompile("[*`<>_\\[\\]$\\\\|]+")

func readSource(t *testing.T, path string) source {
	t.Helper()
	ar, err := txtar.ParseFile(path)
	if err != nil {
		t.Fatal(err)
	}
	s := source{headed: map[string]bool{}, prose: map[string]string{}}
	for _, f := range ar.Files {
		fields := strings.Fields(f.Name)
		text := string(f.Data)
		switch fields[0] {
		case "md":
			if s.title == "" {
				for _, l := range strings.Split(text, "\n") {
					if title, ok := strings.CutPrefix(l, "# "); ok {
						s.title = norm(grading.PlainText(title))
						break
					}
				}
			}
			for _, m := range heading.FindAllStringSubmatch(text, -1) {
				s.headed["Q"+m[1]] = true
			}
			for _, para := range strings.Split(text, "\n\n") {
				para = strings.TrimSpace(para)
				if !strings.HasPrefix(para, "**Mode d'emploi.**") && !strings.HasPrefix(para, "Rappel GoNB") { // not printed
					s.panics += strings.Count(para, `panic("à compléter")`)
				}
			}
		case "prose":
			// The first eight words of the longest run of plain text of
			// the model answer, tables aside: the PDF shows it as is,
			// marks aside, and on one page (a page break puts the page's
			// header in the text).
			var lines []string
			for _, l := range strings.Split(text, "\n") {
				if !strings.HasPrefix(l, "|") {
					lines = append(lines, l)
				}
			}
			best := ""
			for _, run := range markup.Split(strings.TrimPrefix(strings.Join(lines, " "), "**Réponse.**"), -1) {
				if run = norm(run); len(run) > len(best) {
					best = run
				}
			}
			if words := strings.Fields(best); len(words) > 8 {
				best = strings.Join(words[:8], " ")
			}
			if len(best) < 20 {
				t.Fatalf("%s: %s: no run of plain text in the model answer", path, f.Name)
			}
			s.prose[fields[1]] = best
		}
	}
	if s.title == "" {
		t.Fatalf("%s: no title", path)
	}
	return s
}

// norm is s with French typography and its spaces folded to single plain
// spaces, as the text read from a PDF is compared.
func norm(s string) string {
	s = strings.NewReplacer("\u00a0", " ", "\u202f", " ").Replace(grading.Typography(s))
	return strings.Join(strings.Fields(s), " ")
}

// readPDF opens the PDF at path in a new tab of the browser, in Chromium's
// PDF viewer, and returns its number of pages and its text (see norm),
// and saves a screenshot of its first page at png. The text is the
// viewer's own: PdfScriptingApi's selectAll then getSelectedText messages
// (chrome/browser/resources/pdf/pdf_scripting_api.ts), which PDFium
// answers with the text of every page.
func readPDF(t *testing.T, browser context.Context, path, png string) (pages int, text string) {
	t.Helper()
	ctx, cancel := chromedp.NewContext(browser)
	defer cancel()
	ctx, cancelTime := context.WithTimeout(ctx, 2*time.Minute)
	defer cancelTime()
	// An A4 page at 96 dpi, the viewer's toolbar and thumbnails hidden.
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(794, 1123), chromedp.Navigate("file://"+path+"#toolbar=0&navpanes=0&view=FitH")); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	var viewer context.Context
	for viewer == nil {
		targets, err := chromedp.Targets(ctx)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		for _, tg := range targets {
			if tg.Type == "iframe" && strings.HasPrefix(tg.URL, "chrome-extension://") && tg.URL != "" {
				var cancelViewer func()
				viewer, cancelViewer = chromedp.NewContext(ctx, chromedp.WithTargetID(tg.TargetID))
				defer cancelViewer()
			}
		}
		if viewer == nil {
			if ctx.Err() != nil {
				t.Fatalf("%s: Chromium shows no PDF viewer", path)
			}
			time.Sleep(100 * time.Millisecond)
		}
	}
	const ask = `(() => {
  if (!window.__reines) {
    window.__reines = {text: null};
    window.addEventListener('message', e => { if (e.data && e.data.type === 'getSelectedTextReply') window.__reines.text = e.data.selectedText; });
  }
  const v = document.querySelector('pdf-viewer');
  const pages = v && v.documentDimensions && v.documentDimensions.pageDimensions ? v.documentDimensions.pageDimensions.length : 0;
  if (pages > 0 && window.__reines.text === null) {
    window.postMessage({type: 'selectAll'}, '*');
    window.postMessage({type: 'getSelectedText'}, '*');
  }
  return {Pages: pages, Text: window.__reines.text || ''};
})()`
	type state struct {
		Pages int
		Text  string
	}
	var st state
	for st.Text == "" {
		var err error
		if st, err = chromedp.Run(viewer, chromedp.Evaluate[state](ask)); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		if st.Text == "" {
			time.Sleep(200 * time.Millisecond)
		}
	}
	// The selection is drawn on the page: a click in the page's margin
	// clears it. The screenshot is taken once two in a row are the same:
	// the viewer paints its pages after it has loaded them.
	if err := chromedp.Do(ctx, chromedp.MouseClickXY(397, 1110)); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	var shot []byte
	for {
		next, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		if bytes.Equal(next, shot) {
			break
		}
		shot = next
		time.Sleep(200 * time.Millisecond)
	}
	if err := os.WriteFile(png, shot, 0o644); err != nil {
		t.Fatal(err)
	}
	return st.Pages, st.Text
}

// pageNumber is the line of a page's footer.
var pageNumber = regexp.MustCompile(`^\d+ / \d+$`)

// printed says whether text, read from a PDF, holds want; Chromium may
// break a line at a hyphen ("non-attaque"), which the text read back then
// lacks ("nonattaque").
func printed(text, want string) bool {
	if strings.Contains(text, want) {
		return true
	}
	parts := strings.Split(want, "-")
	for k := range parts {
		parts[k] = regexp.QuoteMeta(parts[k])
	}
	return regexp.MustCompile(strings.Join(parts, "-?")).MatchString(text)
}

// body returns text read from a PDF (see readPDF) without the pages'
// headers (lines that start with the document's title) and footers (the
// page numbers), which a page break puts in the middle of a paragraph,
// folded by norm.
func body(text, title string) string {
	var kept []string
	for _, l := range strings.Split(text, "\n") {
		if l := norm(l); !strings.HasPrefix(l, title) && !pageNumber.MatchString(l) {
			kept = append(kept, l)
		}
	}
	return norm(strings.Join(kept, " "))
}
