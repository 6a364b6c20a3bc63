// Command benchtable times the fast solution counter (package fastcount)
// and prints a table: n, the count, wall-clock seconds, CPU seconds,
// solutions per second, the number of workers, the speed-up over one
// worker, and whether the count equals OEIS A000170. `make bench` runs it.
//
// Usage:
//
//	go run ./tp/fastcount/cmd/benchtable [-min 10] [-max 15] [-workers 1,0] [-c PROGRAM]
//
// Each n is counted once per entry of -workers (0: one goroutine per core).
// With -c, PROGRAM (a counter that prints Q(n) for its argument n, such as
// the plain mirror-symmetry C counter tp/fastcount/testdata/mirror.c that
// `make bench` builds with gcc -O3) is timed on each n too, and the
// single-worker rows give the ratio of the two times ("vs C"): the
// package's target is at most 0.5.
// n = 16 takes a few seconds, n = 17 about half a minute per worker count
// on the course machines. The exit status is 1 if a count is wrong.
//
// The wall-clock time is what a user waits; the CPU time (of the whole
// process, all cores) shows how much work was done, and stays meaningful on
// a busy machine where the wall-clock time does not.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/prepa-reines/reines/tp/fastcount"
)

// a000170 holds Q(n) for n = 0..20 (OEIS A000170), to check the counts.
var a000170 = []int64{1, 1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712, 365596, 2279184,
	14772512, 95815104, 666090624, 4968057848, 39029188884}

func main() {
	minN := flag.Int("min", 10, "smallest board size")
	maxN := flag.Int("max", 15, "largest board size (16: seconds, 17: about a minute in all)")
	workers := flag.String("workers", "1,0", "comma-separated numbers of workers to time each n with (0: one per core)")
	other := flag.String("c", "", "a counter program to time beside (prints Q(n) for its argument n)")
	flag.Parse()
	var ws []int
	for _, f := range strings.Split(*workers, ",") {
		w, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || w < 0 {
			fmt.Fprintf(os.Stderr, "benchtable: bad -workers entry %q\n", f)
			os.Exit(2)
		}
		ws = append(ws, w)
	}
	if *minN < 0 || *maxN > fastcount.MaxN || *minN > *maxN {
		fmt.Fprintf(os.Stderr, "benchtable: want 0 ≤ min ≤ max ≤ %d\n", fastcount.MaxN)
		os.Exit(2)
	}
	if !table(os.Stdout, *minN, *maxN, ws, *other) {
		os.Exit(1)
	}
}

// table times CountAll for each n and each number of workers (and other,
// if not empty, once per n), prints one row per run as it ends (so that a
// long run shows progress), and reports whether every count checked was
// right.
func table(out io.Writer, minN, maxN int, ws []int, other string) bool {
	fmt.Fprintf(out, "fast counter (tp/fastcount), GOMAXPROCS %d, %s/%s\n", runtime.GOMAXPROCS(0), runtime.GOOS, runtime.GOARCH)
	const row = "%3v %12v %11v %9v %9v %12v %8v %7v %7v %8v\n"
	fmt.Fprintf(out, row, "n", "count", "fundamental", "seconds", "cpu s", "solutions/s", "workers", "vs 1", "vs C", "A000170")
	allRight := true
	for n := minN; n <= maxN; n++ {
		var single, c float64
		if other != "" {
			start := time.Now()
			text, err := exec.Command(other, strconv.Itoa(n)).Output()
			c = time.Since(start).Seconds()
			q, perr := strconv.ParseInt(strings.TrimSpace(string(text)), 10, 64)
			if err != nil || perr != nil || n < len(a000170) && q != a000170[n] {
				fmt.Fprintf(os.Stderr, "benchtable: %s %d: %q, %v\n", other, n, text, err)
				return false
			}
			fmt.Fprintf(out, row, n, q, "-", fmt.Sprintf("%.3f", c), "-", fmt.Sprintf("%.3g", float64(q)/c), filepath.Base(other), "-", "-", "ok")
		}
		for _, w := range ws {
			used := w
			if used == 0 {
				used = runtime.GOMAXPROCS(0)
			}
			cpu0, start := cpuSeconds(), time.Now()
			r, err := fastcount.CountAll(context.Background(), n, fastcount.Options{Workers: w})
			secs, cpu := time.Since(start).Seconds(), cpuSeconds()-cpu0
			if err != nil {
				fmt.Fprintf(os.Stderr, "benchtable: n = %d: %v\n", n, err)
				return false
			}
			speedup, vsC := "-", "-"
			if used == 1 {
				single = secs
				if c > 0 {
					vsC = fmt.Sprintf("%.2f", secs/c)
				}
			}
			if single > 0 && used > 1 {
				speedup = fmt.Sprintf("×%.2f", single/secs)
			}
			check := "?"
			if n < len(a000170) {
				check = "ok"
				if r.Solutions != a000170[n] {
					check, allRight = "WRONG", false
				}
			}
			cpuText := "-"
			if cpu >= 0 {
				cpuText = fmt.Sprintf("%.3f", cpu)
			}
			fmt.Fprintf(out, row, n, r.Solutions, r.Fundamental, fmt.Sprintf("%.3f", secs), cpuText, fmt.Sprintf("%.3g", float64(r.Solutions)/secs), used, speedup, vsC, check)
		}
	}
	return allRight
}
