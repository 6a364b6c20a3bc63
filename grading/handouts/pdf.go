package handouts

import (
	"context"
	"errors"
	"fmt"
	"os/exec"
	"path/filepath"

	"github.com/chromedp/chromedp"
)

// Printer prints pages to PDF with one headless Chromium, which it starts
// (see [NewPrinter]) and stops ([Printer.Close]).
type Printer struct {
	ctx    context.Context
	cancel func()
}

// Browsers are the names under which a Chromium is looked for on PATH.
var Browsers = []string{"chromium", "chromium-browser", "google-chrome"}

// FindBrowser returns the path of the first of [Browsers] on PATH.
func FindBrowser() (string, error) {
	for _, name := range Browsers {
		if p, err := exec.LookPath(name); err == nil {
			return p, nil
		}
	}
	return "", errors.New("no Chromium found (chromium, chromium-browser or google-chrome): run kernel-setup/setup.sh --browser --no-smoke")
}

// NewPrinter starts headless Chromium (exe, or the first of [Browsers] if
// exe is ""), without network services of its own (no background
// networking, no component updates): the pages need none.
func NewPrinter(exe string) (*Printer, error) {
	if exe == "" {
		var err error
		if exe, err = FindBrowser(); err != nil {
			return nil, err
		}
	}
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(exe), chromedp.NoSandbox, chromedp.DisableGPU,
		chromedp.Flag("disable-background-networking", true), chromedp.Flag("disable-component-update", true))
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancel := chromedp.NewContext(actx)
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[int]("1")); err != nil {
		cancel()
		cancelAlloc()
		return nil, fmt.Errorf("starting %s: %w", exe, err)
	}
	return &Printer{ctx: ctx, cancel: func() { cancel(); cancelAlloc() }}, nil
}

// Context is the browser's context, for other work in the same browser
// (chromedp.NewContext(p.Context()) opens a tab).
func (p *Printer) Context() context.Context { return p.ctx }

// Close stops the browser.
func (p *Printer) Close() { p.cancel() }

// Print opens the HTML file at path in a new tab and returns it printed to
// PDF (DevTools protocol Page.printToPDF): the page's own size and
// margins (its @page rule: A4 for the handouts), backgrounds printed,
// the running headers of the page's margin boxes, no header or footer of
// the browser's, and a document outline from the headings.
func (p *Printer) Print(path string) ([]byte, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, err
	}
	ctx, cancel := chromedp.NewContext(p.ctx)
	defer cancel()
	if err := chromedp.Do(ctx, chromedp.Navigate("file://"+abs)); err != nil {
		return nil, err
	}
	// Navigate waits for the load event; the fonts may come later.
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool]("document.fonts.ready.then(() => true)", chromedp.EvalAwaitPromise)); err != nil {
		return nil, err
	}
	return chromedp.Run(ctx, chromedp.PrintToPDF(chromedp.PDFPreferCSSPageSize(), chromedp.PDFPrintBackground(), chromedp.PDFOutlineAndTagged()))
}
