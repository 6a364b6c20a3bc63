package main

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/prepa-reines/reines/grading/fixtures"
	"github.com/prepa-reines/reines/grading/notebook"
)

// The grader, built once for the package's tests (see buildGrader).
var (
	graderOnce sync.Once
	graderDir  string
	graderErr  error
)

// buildGrader returns a temporary folder of the test's own and the
// grader's binary, built once for all the tests. The children run as
// users of their own: they must reach both folders.
func buildGrader(t *testing.T) (tmp, bin string) {
	t.Helper()
	graderOnce.Do(func() {
		if graderDir, graderErr = os.MkdirTemp("", "grader-bin-"); graderErr != nil {
			return
		}
		os.Chmod(graderDir, 0o755)
		// With -trimpath, as a teacher whose GOFLAGS holds it builds it:
		// the binary then knows no GOROOT, and the grader must find the
		// standard library through the go command (it once gave every
		// question 0 as a program it could not analyse).
		if out, err := exec.Command("go", "build", "-trimpath", "-o", filepath.Join(graderDir, "grade"), ".").CombinedOutput(); err != nil {
			graderErr = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if graderErr != nil {
		t.Fatal(graderErr)
	}
	tmp = t.TempDir()
	os.Chmod(filepath.Dir(tmp), 0o755)
	os.Chmod(tmp, 0o755)
	return tmp, filepath.Join(graderDir, "grade")
}

func TestMain(m *testing.M) {
	code := m.Run()
	if graderDir != "" {
		os.RemoveAll(graderDir)
	}
	os.Exit(code)
}

// SIGINT stops a run within 2 s: no child is left, the work folder is
// removed, and nothing is written to the output folder. After kill -9 of
// the grader, no child is left either.
func TestInterrupt(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the grader and grades two notebooks")
	}
	tmp, bin := buildGrader(t)
	// Two students whose Count never returns: one sleeps, one spins.
	subs := filepath.Join(tmp, "subs")
	os.Mkdir(subs, 0o755)
	for name, body := range map[string]string{"sleeper": "time.Sleep(time.Hour)\n\treturn 0, nil", "spinner": "for {\n\t}"} {
		nb, err := notebook.Read("../../../notebooks/corrections/01-recursion.ipynb")
		if err != nil {
			t.Fatal(err)
		}
		for i := range nb.Cells {
			if m := nb.Cells[i].Reines(); m.Role == "answer" && m.Question == "01/Q4" {
				nb.Cells[i].Source = notebook.Source("func Count(n int) (int64, error) {\n\t" + body + "\n}")
			}
		}
		data, _ := nb.Marshal()
		if err := os.WriteFile(filepath.Join(subs, name+".ipynb"), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	work := filepath.Join(tmp, "work") // the grader's TMPDIR: its work folder goes there
	os.Mkdir(work, 0o755)
	out := filepath.Join(tmp, "out")
	cmd := exec.Command(bin, "-seed", "1", "-timeout", "10m", "-j", "2", "-out", out, "-unsafe-no-sandbox", subs)
	cmd.Dir = "../../.."
	cmd.Env = append(os.Environ(), "TMPDIR="+work)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	// Wait until both children run the students' Count.
	deadline := time.Now().Add(3 * time.Minute)
	for len(children(work, cmd.Process.Pid)) < 2 {
		if time.Now().After(deadline) {
			cmd.Process.Kill()
			t.Fatalf("no children after 3 minutes:\n%s", stderr.String())
		}
		select {
		case err := <-done:
			t.Fatalf("grade ended before it was interrupted: %v\n%s", err, stderr.String())
		case <-time.After(100 * time.Millisecond):
		}
	}
	time.Sleep(time.Second) // well inside Count
	start := time.Now()
	cmd.Process.Signal(syscall.SIGINT)
	var err error
	select {
	case err = <-done:
	case <-time.After(10 * time.Second):
		cmd.Process.Kill()
		t.Fatalf("grade still running 10 s after SIGINT:\n%s", stderr.String())
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("grade took %v to stop", d)
	}
	if err == nil || !strings.Contains(stderr.String(), "interrupted") {
		t.Errorf("exit %v; stderr:\n%s", err, stderr.String())
	}
	if left := children(work, cmd.Process.Pid); len(left) > 0 {
		t.Errorf("children left after SIGINT: %v", left)
	}
	if entries, _ := os.ReadDir(work); len(entries) > 0 {
		t.Errorf("work folder left: %v", entries)
	}
	if _, err := os.Stat(filepath.Join(out, "grades.csv")); err == nil {
		g, _ := os.ReadFile(filepath.Join(out, "grades.csv"))
		t.Errorf("grades.csv written by an interrupted run:\n%s", g)
	}

	// After kill -9 of the grader, bubblewrap's children die with it.
	if _, err := exec.LookPath("bwrap"); err != nil {
		t.Log("no bubblewrap: children may outlive a killed grader")
		return
	}
	cmd = exec.Command(bin, "-seed", "1", "-timeout", "10m", "-j", "2", "-out", out, subs)
	cmd.Dir = "../../.."
	cmd.Env = append(os.Environ(), "TMPDIR="+work)
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	deadline = time.Now().Add(3 * time.Minute)
	for len(children(work, cmd.Process.Pid)) < 2 && time.Now().Before(deadline) {
		time.Sleep(100 * time.Millisecond)
	}
	time.Sleep(time.Second)
	cmd.Process.Kill()
	cmd.Wait()
	for deadline := time.Now().Add(2 * time.Second); time.Now().Before(deadline) && len(children(work, cmd.Process.Pid)) > 0; {
		time.Sleep(50 * time.Millisecond)
	}
	if left := children(work, cmd.Process.Pid); len(left) > 0 {
		t.Errorf("children left 2 s after kill -9 of the grader: %v", left)
	}
}

// children lists the PIDs of the children of the grader whose PID is
// grader: the processes that run a binary under dir, and the students'
// programs inside bubblewrap, which run as the grader's sandbox users (as
// root; see uidBase in grading/sandbox).
func children(dir string, grader int) []string {
	first := 200000 + (grader%5000)*64 // submission's uidBase, in the grader's process
	mine := func(status []byte) bool {
		for _, l := range strings.Split(string(status), "\n") {
			if f := strings.Fields(l); len(f) >= 2 && f[0] == "Uid:" {
				uid, _ := strconv.Atoi(f[1])
				return uid >= first && uid < first+64
			}
		}
		return false
	}
	var pids []string
	entries, _ := os.ReadDir("/proc")
	for _, e := range entries {
		cmdline, err := os.ReadFile(filepath.Join("/proc", e.Name(), "cmdline"))
		if err != nil {
			continue
		}
		if bytes.HasPrefix(cmdline, []byte("/prog\x00")) {
			// A student's program inside bubblewrap (see submission).
			if status, _ := os.ReadFile(filepath.Join("/proc", e.Name(), "status")); !bytes.Contains(status, []byte("State:\tZ")) && mine(status) {
				pids = append(pids, e.Name())
			}
			continue
		}
		if !bytes.Contains(cmdline, []byte(dir)) {
			continue
		}
		// The sandbox's programs (prlimit execs bubblewrap), or the
		// student's binary itself without them; not the go commands.
		argv0 := strings.Split(string(cmdline), "\x00")[0]
		if base := filepath.Base(argv0); base == "bwrap" || base == "prlimit" || strings.HasPrefix(argv0, dir) {
			pids = append(pids, e.Name())
		}
	}
	return pids
}

// A class graded, the teacher's points and comment entered in manual.csv,
// then graded again after one student changed a notebook: the unchanged
// notebook's result is reused (the summary says so), the changed one is
// graded anew, and the teacher's points and comment are kept. A student
// handing in the same file as another (dan, in a folder of his own, ana's
// notebook) is graded once with her in the first run, which the summary
// does not call a result of an earlier run.
func TestRegradeReusesUnchanged(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the grader and grades notebooks")
	}
	tmp, bin := buildGrader(t)
	subs := filepath.Join(tmp, "subs")
	os.Mkdir(subs, 0o755)
	write := func(student, count string) {
		nb, err := notebook.Read("../../../notebooks/corrections/01-recursion.ipynb")
		if err != nil {
			t.Fatal(err)
		}
		for i := range nb.Cells {
			if m := nb.Cells[i].Reines(); m.Role == "answer" && m.Question == "01/Q4" && count != "" {
				nb.Cells[i].Source = notebook.Source(count)
			}
		}
		data, _ := nb.Marshal()
		if err := os.WriteFile(filepath.Join(subs, student+".ipynb"), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("ana", "")
	write("bob", "func Count(n int) (int64, error) {\n\treturn 0, nil\n}") // wrong: 0 for every n
	if data, err := os.ReadFile(filepath.Join(subs, "ana.ipynb")); err != nil {
		t.Fatal(err)
	} else if err := os.Mkdir(filepath.Join(subs, "dan"), 0o755); err != nil {
		t.Fatal(err)
	} else if err := os.WriteFile(filepath.Join(subs, "dan", "ana.ipynb"), data, 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(tmp, "out")
	grade := func() string {
		args := []string{"-seed", "1", "-j", "2", "-out", out}
		if _, err := exec.LookPath("bwrap"); err != nil {
			args = append(args, "-unsafe-no-sandbox")
		}
		cmd := exec.Command(bin, append(args, subs)...)
		cmd.Dir = "../../.."
		// A teacher's GOTOOLCHAIN naming a release this machine does not
		// have: the grader runs the local toolchain, as its builds do
		// (goimports once failed on it, and every question got 0).
		cmd.Env = append(os.Environ(), "GOTOOLCHAIN=go1.26.99")
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		if err := cmd.Run(); err != nil {
			t.Fatalf("grade: %v\n%s", err, stderr.String())
		}
		return stderr.String()
	}
	cell := func(student, column string) string {
		data, _ := os.ReadFile(filepath.Join(out, "grades.csv"))
		rows := strings.Split(strings.TrimSpace(string(data)), "\n")
		header := strings.Split(rows[0], ",")
		for _, r := range rows[1:] {
			if f := strings.Split(r, ","); f[0] == student {
				for i, h := range header {
					if h == column && i < len(f) {
						return f[i]
					}
				}
			}
		}
		return ""
	}
	if log := grade(); strings.Contains(log, "result reused") || strings.Contains(log, "earlier run") || !strings.Contains(log, "1 notebook is the same file as another of this run: graded once") {
		t.Errorf("first run reused results, or does not say dan's is ana's notebook, graded once:\n%s", log)
	}
	if got := cell("dan", "01/Q4"); got != "3" {
		t.Errorf("dan's 01/Q4: %q; want ana's 3", got)
	}
	bobBefore := cell("bob", "01/Q4")
	manual := filepath.Join(out, "manual.csv")
	f, err := os.Open(manual)
	if err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(f).ReadAll()
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rows {
		if r[0] == "ana" && r[2] == "01/Q6" {
			r[4] = "1.5"
			r[6] = "Bien vu"
		}
	}
	var buf bytes.Buffer
	w := csv.NewWriter(&buf)
	w.WriteAll(rows)
	if err := os.WriteFile(manual, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	write("bob", "") // bob hands in the right Count
	log := grade()
	if !strings.Contains(log, "2 notebooks unchanged since an earlier run: result reused") || strings.Contains(log, "graded once") {
		t.Errorf("second run: summary does not say ana's and dan's results were reused:\n%s", log)
	}
	// The student edition and its compiled packages are the first run's.
	if !strings.Contains(log, "student edition") || !strings.Contains(log, ": reused from the cache") || strings.Contains(log, "written into the cache") ||
		!strings.Contains(log, "already compiled") {
		t.Errorf("second run: the student edition or its packages made again:\n%s", log)
	}
	if got := cell("bob", "01/Q4"); got != "3" || got == bobBefore {
		t.Errorf("bob's 01/Q4 after the change: %s (before %s); want 3, graded anew", got, bobBefore)
	}
	if got := cell("ana", "01/Q6"); got != "1.5" {
		t.Errorf("ana's 01/Q6 after the regrade: %q; want the 1.5 the teacher gave", got)
	}
	if m, _ := os.ReadFile(manual); !strings.Contains(string(m), "Bien vu") {
		t.Errorf("the teacher's comment is lost:\n%s", m)
	}
	if fb, _ := os.ReadFile(filepath.Join(out, "feedback", "ana-01.md")); !strings.Contains(string(fb), "Bien vu") {
		t.Errorf("ana's feedback lacks the teacher's comment:\n%s", fb)
	}
	// Nothing changed: nothing is prepared, built or run.
	if log := grade(); strings.Contains(log, "preparing the grader") || !strings.Contains(log, "3 notebooks unchanged since an earlier run") {
		t.Errorf("third run, nothing changed: the grader prepared builds, or regraded:\n%s", log)
	}
}

// A class graded in two shards, then merged, gives the files grading it
// at once gives: grades.csv, manual.csv, the LMS gradebooks, the feedback,
// the report, the similarity list (chart element ids aside, which are
// fresh in every page).
func TestShardsMerge(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the grader and grades notebooks three times")
	}
	tmp, bin := buildGrader(t)
	subs := filepath.Join(tmp, "subs")
	os.Mkdir(subs, 0o755)
	corpus := fixtures.Dir(t, fixtures.CorpusSet)
	students := map[string]string{"ana": "full.ipynb", "bob": "count-no-error.ipynb", "cid": "first-no-error.ipynb", "dan": "empty.ipynb", "eve": "truncated.ipynb"}
	for who, file := range students {
		data, err := os.ReadFile(filepath.Join(corpus, file))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(subs, who+".ipynb"), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	roster := filepath.Join(tmp, "roster.csv")
	if err := os.WriteFile(roster, []byte("id,name,email\nana,Ana A.,ana@example.org\nbob,Bob B.,bob@example.org\ncid,Cid C.,cid@example.org\ndan,Dan D.,dan@example.org\neve,Eve E.,eve@example.org\nfay,Fay F.,fay@example.org\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	run := func(args ...string) string {
		base := []string{"-seed", "1", "-j", "2", "-roster", roster, "-scale", "20"}
		if _, err := exec.LookPath("bwrap"); err != nil {
			base = append(base, "-unsafe-no-sandbox")
		}
		if args[0] == "merge" {
			base = nil
		}
		cmd := exec.Command(bin, append(base, args...)...)
		if args[0] == "merge" {
			cmd = exec.Command(bin, args...)
		}
		cmd.Dir = "../../.."
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		if err := cmd.Run(); err != nil {
			t.Fatalf("grade %v: %v\n%s", args, err, stderr.String())
		}
		return stderr.String()
	}
	whole, s1, s2, merged := filepath.Join(tmp, "whole"), filepath.Join(tmp, "s1"), filepath.Join(tmp, "s2"), filepath.Join(tmp, "merged")
	run("-out", whole, subs)
	log1 := run("-out", s1, "-shard", "1/2", subs)
	log2 := run("-out", s2, "-shard", "2/2", subs)
	if strings.Contains(log1, ": 0 notebooks") || strings.Contains(log2, ": 0 notebooks") {
		t.Fatalf("a shard is empty:\n%s\n%s", log1, log2)
	}
	run("merge", "-out", merged, s1, s2)
	ids := regexp.MustCompile(`reines-[0-9a-f]{16}`)
	var compared int
	err := filepath.WalkDir(whole, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(whole, path)
		if strings.HasPrefix(rel, "cache") || strings.HasPrefix(rel, "previous") {
			return nil
		}
		want, _ := os.ReadFile(path)
		got, err := os.ReadFile(filepath.Join(merged, rel))
		if err != nil {
			t.Errorf("merged output lacks %s", rel)
			return nil
		}
		if ids.ReplaceAllString(string(got), "id") != ids.ReplaceAllString(string(want), "id") {
			t.Errorf("%s differs between the whole run and the merged shards:\nwhole:\n%s\nmerged:\n%s", rel, tail(want), tail(got))
		}
		compared++
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d files compared; shards:\n%s%s", compared, log1, log2)
	if compared < 10 {
		t.Errorf("compared %d files; want the gradebook, the LMS files, the report and every feedback", compared)
	}
	if g, _ := os.ReadFile(filepath.Join(merged, "grades.csv")); !strings.Contains(string(g), "fay") || !strings.Contains(string(g), "non rendu") {
		t.Errorf("the roster's student without a notebook has no row:\n%s", g)
	}
	// Merging one shard alone, or a shard twice, is refused.
	cmd := exec.Command(bin, "merge", "-out", filepath.Join(tmp, "bad"), s1)
	if out, err := cmd.CombinedOutput(); err == nil || !strings.Contains(string(out), "shards missing: 2/2") {
		t.Errorf("merge of shard 1/2 alone: %v\n%s", err, out)
	}
	cmd = exec.Command(bin, "merge", "-out", filepath.Join(tmp, "bad"), s1, s1)
	if out, err := cmd.CombinedOutput(); err == nil || !strings.Contains(string(out), "twice") {
		t.Errorf("merge of shard 1/2 twice: %v\n%s", err, out)
	}
}

func tail(b []byte) string {
	s := string(b)
	if len(s) > 1500 {
		s = s[:1500] + "…"
	}
	return s
}

// The summary's time per notebook is over the notebooks graded anew: a
// run that reused every result says so, not « 0.0 s per notebook ».
func TestGradedSummary(t *testing.T) {
	if got := gradedSummary(4, 4, 4, 0, 30*time.Millisecond, 2); strings.Contains(got, " s ") || !strings.Contains(got, "none graded anew") || !strings.Contains(got, "4 notebooks unchanged") {
		t.Errorf("all reused: %q", got)
	}
	if got := gradedSummary(4, 3, 2, 0, 10*time.Second, 2); !strings.Contains(got, "2 notebooks graded in 10.0 s (5.0 s per notebook") {
		t.Errorf("two of four graded anew in 10 s: %q", got)
	}
}
