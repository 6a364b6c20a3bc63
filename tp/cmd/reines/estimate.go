package main

import (
	"fmt"
	"io"
	"math"
	"time"
)

// maxRun is the longest estimated run a command starts without -force.
const maxRun = time.Hour

// guard weighs a run estimated at est: over a minute, it says so on
// stderr; over maxRun it refuses, unless force. how says what the
// estimate is made from.
func guard(stderr io.Writer, est time.Duration, how string, force bool) error {
	switch {
	case est > maxRun && !force:
		return fmt.Errorf("would take %s (%s): -force to start anyway, Ctrl-C to stop", about(est), how)
	case est > time.Minute:
		fmt.Fprintf(stderr, "this will take %s (%s); Ctrl-C stops it\n", about(est), how)
	}
	return nil
}

// about writes a duration the way one estimates it: "about 40 s", "about
// 12 minutes", "about 3 years", "more than a million years".
func about(d time.Duration) string {
	s := d.Seconds()
	const year = 365.25 * 24 * 3600
	for _, u := range []struct {
		secs float64
		name string
	}{{year, "year"}, {24 * 3600, "day"}, {3600, "hour"}, {60, "minute"}} {
		if s >= 1e6*year {
			return "more than a million years"
		}
		if s >= 2*u.secs {
			return fmt.Sprintf("about %.0f %ss", math.Round(s/u.secs), u.name)
		}
	}
	return fmt.Sprintf("about %.0f s", math.Max(s, 1))
}

// scale returns t × factor as a duration, saturated (an estimate of
// centuries does not overflow).
func scale(t time.Duration, factor float64) time.Duration {
	d := float64(t) * factor
	if d > float64(math.MaxInt64) || math.IsInf(d, 0) || math.IsNaN(d) {
		return math.MaxInt64
	}
	return time.Duration(d)
}

// a000170 are the known Q(n), n = 0..27 (OEIS A000170): the fast counter's
// work grows as the count does.
var a000170 = []float64{1, 1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712, 365596, 2279184,
	14772512, 95815104, 666090624, 4968057848, 39029188884, 314666222712, 2691008701644,
	24233937684440, 227514171973736, 2207893435808352, 22317699616364044, 234907967154122528}

// growth returns Q(n)/Q(base) for base ≥ 4, beyond the table by its last
// ratio.
func growth(base, n int) float64 {
	last := len(a000170) - 1
	if n <= last {
		return a000170[n] / a000170[base]
	}
	r := a000170[last] / a000170[last-1]
	return a000170[last] / a000170[base] * math.Pow(r, float64(n-last))
}
