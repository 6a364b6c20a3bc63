package main

import (
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"time"

	"github.com/prepa-reines/reines/grading/batch"
)

// phases prints each phase of a run as it starts, and sums up at the end
// where the run's wall time went.
type phases struct {
	w     io.Writer
	begun time.Time // the run's start
	cur   string
	since time.Time // cur's start
	done  []string  // "name 1.2 s"
}

func newPhases(w io.Writer) *phases {
	now := time.Now()
	return &phases{w: w, begun: now, since: now}
}

// start ends the current phase and begins the one named name (a line
// "grade: name…" on w).
func (p *phases) start(name string) {
	p.end()
	p.cur, p.since = name, time.Now()
	fmt.Fprintf(p.w, "grade: %s…\n", name)
}

// end ends the current phase.
func (p *phases) end() {
	if p.cur != "" {
		short, _, _ := strings.Cut(p.cur, ":")
		short, _, _ = strings.Cut(short, " (")
		p.done = append(p.done, fmt.Sprintf("%s %.1f s", short, time.Since(p.since).Seconds()))
		p.cur = ""
	}
}

// summary is the run's wall time and where it went.
func (p *phases) summary() string {
	p.end()
	return fmt.Sprintf("%.1f s in all: %s", time.Since(p.begun).Seconds(), strings.Join(p.done, ", "))
}

// interrupted is the run's error after SIGINT or SIGTERM.
func interrupted(out string, err error) error {
	cache := filepath.Join(out, "cache")
	if wi, ok := errors.AsType[*batch.WriteInterrupted](err); ok {
		return fmt.Errorf("interrupted while writing to %s: the feedback of %d of %d notebooks written, the gradebook and the reports left as they were; run the same command again to finish (the notebooks graded are kept in %s)", out, wi.Feedback, wi.Of, cache)
	}
	return fmt.Errorf("interrupted: no gradebook or feedback written to %s (what was there is left as it was; the notebooks graded so far are kept in %s)", out, cache)
}
