// Package browsertest starts headless Chromium for the tests that open a
// page a person reads (the class view, charts): Debian's chromium, which
// kernel-setup/setup.sh --browser installs.
package browsertest

import (
	"context"
	"os/exec"
	"testing"

	"github.com/chromedp/chromedp"
)

// New starts headless Chromium, 1300×900, for the rest of the test, and
// returns its first tab; extra options come after the defaults (another
// chromedp.WindowSize replaces 1300×900). It fails the test when no
// Chromium is found or it does not start.
func New(t *testing.T, extra ...chromedp.ExecAllocatorOption) context.Context {
	t.Helper()
	exe := ""
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			exe = p
			break
		}
	}
	if exe == "" {
		t.Fatal("no Chromium found: run kernel-setup/setup.sh --browser")
	}
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(exe), chromedp.NoSandbox, chromedp.DisableGPU,
		chromedp.Flag("disable-background-networking", true), chromedp.WindowSize(1300, 900))
	opts = append(opts, extra...)
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancel := chromedp.NewContext(actx)
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[int]("1")); err != nil {
		t.Fatalf("starting %s: %v", exe, err)
	}
	t.Cleanup(func() { cancel(); cancelAlloc() })
	return ctx
}
