// Command class is the teacher's live view of a class during a TP: it
// reads the notebooks the students save, runs their public cases (those of
// the check cells, never a hidden case: it has no seed) in the grader's
// sandbox, and writes a page that reloads itself: per question, how many
// students pass it and the case most of the others fail, with its board;
// per student, a ✔/✘ per question and when they last saved. Nothing is
// graded.
//
// Usage:
//
//	go run ./grading/cmd/class -tp NN [-homes [-folder reines/notebooks]] [-layout L] [-out DIR] [-every 30s] [-idle 10m] [-j 1] [-nice 10] [-serve 127.0.0.1:8080] [-once] SOURCE
//
// SOURCE is where the notebooks are: with -homes, a folder of the
// students' homes (the hub's /home), each holding the TP's notebook in
// -folder, as the hub's first login puts it; else a folder of notebooks,
// one per student or one folder per student, or an export (see grade). A
// look checks again only the notebooks saved since the last one with
// other cells (the others keep their result, and so does a notebook whose
// outputs alone changed; one saved as an earlier look saw it takes its
// result from DIR/cache). It runs one notebook at a time at nice level 10 by
// default, so that the students' own kernels come first. DIR/index.html
// is written after each look (and served on a local address with
// -serve, under a path drawn at random that the command prints: every
// account of the machine can reach a loopback address, and on the hub the
// students' servers run on it); Ctrl-C stops it.
package main

import (
	"context"
	"crypto/rand"
	"crypto/subtle"
	"errors"
	"flag"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/signal"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/prepa-reines/reines/grading"
	"github.com/prepa-reines/reines/grading/batch"
	"github.com/prepa-reines/reines/grading/export"
	"github.com/prepa-reines/reines/grading/sandbox"
	"github.com/prepa-reines/reines/grading/workbook"
)

func main() {
	tp := flag.String("tp", "", "TP whose notebooks to look at (01, 02, …)")
	homes := flag.Bool("homes", false, "SOURCE holds the students' homes (one folder per student, named after them)")
	folder := flag.String("folder", "reines/notebooks", "with -homes, the folder of a home that holds the TP's notebook")
	layout := flag.String("layout", "", "layout of SOURCE without -homes: "+strings.Join(export.Layouts, ", ")+" (default: detected)")
	out := flag.String("out", "class", "folder of the page (index.html) and of the results kept between looks (cache/)")
	every := flag.Duration("every", 30*time.Second, "time between two looks; the page reloads itself as often")
	idle := flag.Duration("idle", 10*time.Minute, "a student whose notebook was not saved for this long is pointed out")
	jobs := flag.Int("j", 1, "notebooks checked at once")
	niceness := flag.Int("nice", 10, "nice level of the checks (0 to 19: higher yields more to the students' own work)")
	serve := flag.String("serve", "", "also serve the page on this local address (127.0.0.1:8080), under a secret path that it prints")
	once := flag.Bool("once", false, "look once, write the page and stop")
	timeout := flag.Duration("timeout", sandbox.DefaultLimits.Timeout, "time limit of one case")
	tmpMB := flag.Int("tmp", sandbox.DefaultLimits.TmpMB, "MiB of the tmpfs that is a child's only writable place")
	noSandbox := flag.Bool("unsafe-no-sandbox", false, "run the students' code even where bubblewrap does not work: it can then read this machine's files")
	flag.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: class -tp NN [-homes [-folder reines/notebooks]] [-layout L] [-out DIR] [-every 30s] [-idle 10m] [-j 1] [-nice 10] [-serve 127.0.0.1:8080] [-once] [-timeout D] [-tmp MiB] [-unsafe-no-sandbox] SOURCE")
		flag.PrintDefaults()
	}
	flag.Parse()
	if len(*tp) == 1 {
		*tp = "0" + *tp
	}
	if flag.NArg() != 1 || *jobs < 1 || *every < time.Second && !*once || *niceness < 0 || *niceness > 19 || *timeout <= 0 || *tmpMB < 1 || *tmpMB > 1<<14 || *idle < 0 {
		flag.Usage()
		os.Exit(2)
	}
	if _, ok := workbook.Lookup(*tp); !ok || len(grading.Questions(*tp)) == 0 {
		fmt.Fprintf(os.Stderr, "class: -tp %q: give the TP whose notebooks to look at (01, 02, …)\n", *tp)
		os.Exit(2)
	}
	if *layout != "" && (*homes || !slices.Contains(export.Layouts, *layout)) {
		fmt.Fprintf(os.Stderr, "class: -layout %s: one of %s, and not with -homes\n", *layout, strings.Join(export.Layouts, ", "))
		os.Exit(2)
	}
	if *serve != "" {
		if err := loopback(*serve); err != nil {
			fmt.Fprintln(os.Stderr, "class: -serve:", err)
			os.Exit(2)
		}
	}
	if *niceness > 0 {
		if err := lower(*niceness); err != nil {
			fmt.Fprintf(os.Stderr, "class: nice level %d not set (%v): the checks compete with the students' work\n", *niceness, err)
		}
	}
	sb := sandbox.Probe()
	fmt.Fprintln(os.Stderr, "class:", sb.Isolation())
	if !sb.Isolated() && !*noSandbox {
		fmt.Fprintln(os.Stderr, "class: refusing to run student code without bubblewrap (install it: sudo apt-get install bubblewrap; or pass -unsafe-no-sandbox on a machine that holds nothing else)")
		os.Exit(1)
	}
	lim := sandbox.DefaultLimits
	lim.Timeout, lim.TmpMB = *timeout, *tmpMB
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	go func() { // a second signal stops it at once
		<-ctx.Done()
		stop()
	}()
	rel := ""
	if *homes {
		rel = *folder
	}
	c := config{source: flag.Arg(0), homes: rel, layout: *layout, tp: *tp, out: *out, every: *every, idle: *idle, jobs: *jobs, once: *once, serve: *serve, key: rand.Text(), lim: lim, sandbox: sb}
	if err := run(ctx, c); err != nil {
		if ctx.Err() != nil {
			fmt.Fprintln(os.Stderr, "class: stopped")
			return
		}
		fmt.Fprintln(os.Stderr, "class:", err)
		os.Exit(1)
	}
}

// config is what a run of class is asked to do (see main's flags).
type config struct {
	source, homes, layout, tp, out string
	every, idle                    time.Duration
	jobs                           int
	once                           bool
	serve                          string
	key                            string // the page's path on serve is /key/: other accounts of the machine reach serve too
	lim                            sandbox.Limits
	sandbox                        sandbox.Sandbox
}

// loopback checks that addr (host:port) is on this machine only: the page
// names the students.
func loopback(addr string) error {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return err
	}
	if host == "localhost" {
		return nil
	}
	if ip := net.ParseIP(host); ip == nil || !ip.IsLoopback() {
		return fmt.Errorf("%s: only a loopback address (127.0.0.1, ::1, localhost): the page names the students", addr)
	}
	return nil
}

// run looks at the class every c.every until ctx is done (once with
// c.once), writing the page after each look.
func run(ctx context.Context, c config) error {
	root, ok := workbook.ModuleRoot()
	if !ok {
		return fmt.Errorf("run class inside the workbook's repository")
	}
	if _, err := os.Stat(c.source); err != nil {
		return err
	}
	work, err := os.MkdirTemp("", "reines-class-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(work)
	_ = os.Chmod(work, 0o755)
	if err := c.sandbox.Reachable(work); err != nil {
		return fmt.Errorf("the sandbox cannot run programs from the work folder: %v", err)
	}
	if err := os.MkdirAll(c.out, 0o755); err != nil {
		return err
	}
	sdk, err := batch.NewSDK(root)
	if err != nil {
		return err
	}
	defer sdk.Close()
	sdk.Log = func(s string) { fmt.Fprintf(os.Stderr, "class: %s\n", s) }
	fmt.Fprintln(os.Stderr, "class: preparing the student edition and its packages (about a minute, only the first time for these sources)")
	race := slices.ContainsFunc(grading.Questions(c.tp), func(q *grading.Question) bool { return q.Race })
	if err := sdk.Prepare(ctx, race); err != nil {
		return err
	}
	live := &batch.Live{Dir: c.source, Homes: c.homes, Layout: c.layout, TP: c.tp, Jobs: c.jobs, Out: c.out,
		Opt: batch.Options{Work: work, Limits: c.lim, Sandbox: c.sandbox, SDK: sdk}}
	page := filepath.Join(c.out, "index.html")
	var mu sync.Mutex
	var current []byte
	if c.serve != "" {
		if c.key == "" {
			return fmt.Errorf("-serve without a key: every account of this machine could read the page")
		}
		path := "/" + c.key + "/"
		srv := &http.Server{Addr: c.serve, ReadHeaderTimeout: 5 * time.Second, Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if subtle.ConstantTimeCompare([]byte(r.URL.Path), []byte(path)) != 1 {
				http.NotFound(w, r)
				return
			}
			mu.Lock()
			body := current
			mu.Unlock()
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			w.Header().Set("Cache-Control", "no-store")
			_, _ = w.Write(body)
		})}
		ln, err := net.Listen("tcp", c.serve)
		if err != nil {
			return err
		}
		go func() { _ = srv.Serve(ln) }()
		defer srv.Close()
		fmt.Fprintf(os.Stderr, "class: serving the page on http://%s%s (keep this address to yourself: every account of this machine can reach %s)\n", c.serve, path, c.serve)
	}
	every := c.every
	if c.once {
		every = 0 // the page does not reload itself
	}
	for look := 1; ; look++ {
		rows, st, err := live.Refresh(ctx)
		if err != nil {
			return err
		}
		html := []byte(batch.LiveHTML(batch.NewLiveView(c.tp, rows, st, time.Now(), every, c.idle)))
		mu.Lock()
		current = html
		mu.Unlock()
		if err := writeAtomic(page, html); err != nil {
			return err
		}
		fmt.Fprintf(os.Stderr, "class: look %d: %d of %d notebooks changed, %d checked, in %.1f s; %s\n",
			look, st.Changed, st.Students, st.Graded, st.Took.Seconds(), page)
		if c.once {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(max(c.every-st.Took, time.Second)):
		}
	}
}

// writeAtomic writes data to path through a temporary file, so that a
// browser reloading the page never reads half of it.
func writeAtomic(path string, data []byte) error {
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, data, 0o644); err != nil {
		return err
	}
	if err := os.Rename(tmp, path); err != nil {
		return errors.Join(err, os.Remove(tmp))
	}
	return nil
}
