package main

import (
	"io"

	"github.com/schollz/progressbar/v3"
)

// newProgress returns a progress bar of total steps drawn on w (stderr), or
// nil when w is not a terminal-like writer the caller wants drawn on (nil w).
// Use it from a progress callback: bar.Set(done).
func newProgress(w io.Writer, total int, what string) *progressbar.ProgressBar {
	if w == nil {
		return nil
	}
	return progressbar.NewOptions(total,
		progressbar.OptionSetWriter(w),
		progressbar.OptionSetDescription(what),
		progressbar.OptionShowCount(),
		progressbar.OptionSetElapsedTime(true),
		progressbar.OptionSetPredictTime(true),
		progressbar.OptionClearOnFinish(),
		progressbar.OptionThrottle(100_000_000), // redraw at most every 0.1 s
	)
}
