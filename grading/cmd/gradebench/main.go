// Command gradebench measures the grader as a teacher uses it and prints
// a table (Markdown) of wall times against the targets of the workbook's
// issue « Build once, grade fast », each on a warm cache (the grader's
// caches filled by an earlier run) and a cold one (a fresh
// $XDG_CACHE_HOME: the student edition written, its packages and the
// standard library compiled, as on a teacher's first run):
//
//   - grader start: from the command to the first notebook graded;
//   - a run where nothing changed (every result in the result cache);
//   - one correction notebook of each TP regraded alone (-force);
//   - the grader's test submissions (package grading/fixtures: corpus,
//     adversarial, mistakes; every TP) at -j 2;
//   - a class of 100 students × the 5 TPs 01–05 (corrections and typical
//     mistakes, each notebook made distinct) at -j 2, its grades compared
//     with the cold run's;
//   - one Gradescope submission through run_autograder, after setup.sh;
//
// then a second table, of the teacher's live view of a class during a TP
// (grading/cmd/class, in its watch loop, on 40 students' homes, TP 01):
// one look after 1 notebook changed, and after all 40 changed, at -j 1
// (its default) and -j 2, with each look's share of the page's refresh
// interval (30 s).
//
// Run from the module root (make bench does): go run ./grading/cmd/gradebench
// [-cold=false] [-class 100] [-only live|class]. It takes about half an
// hour on two cores with the cold runs; -only class, the class's line alone
// (after one TP 05 correction graded to fill the caches), about ten
// minutes warm; -only live, the live view's table alone,
// about five minutes. Speed targets live here, never in timed tests; the
// figures depend on the machine and its load (the table says the load).
package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"time"

	"github.com/prepa-reines/reines/grading/fixtures"
	"github.com/prepa-reines/reines/grading/notebook"
	"github.com/prepa-reines/reines/tp/display"
)

// line is one row of the table.
type line struct {
	what       string
	warm, cold time.Duration // 0: not measured
	target     time.Duration // 0: none
	note       string
}

func main() {
	cold := flag.Bool("cold", true, "also measure with empty caches (slow: the standard library compiled again)")
	students := flag.Int("class", 100, "students of the class scenario")
	only := flag.String("only", "", "live: only the live class view's table; class: only the class's line")
	flag.Parse()
	if *only != "" && *only != "live" && *only != "class" {
		fmt.Fprintln(os.Stderr, "gradebench: -only live, -only class, or nothing")
		os.Exit(2)
	}
	if err := run(*cold, *students, *only); err != nil {
		fmt.Fprintln(os.Stderr, "gradebench:", err)
		os.Exit(1)
	}
}

type bench struct {
	root, tmp, grade string
	fixtures         string // the grader's test submissions (see package fixtures), one folder per set
	classCmd         string // the live view's command
	echarts, gocache string
}

func run(cold bool, students int, only string) error {
	root, err := os.Getwd()
	if err != nil {
		return err
	}
	tmp, err := os.MkdirTemp("", "gradebench-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	_ = os.Chmod(tmp, 0o755) // the sandbox's users run the programs from here
	gocache, err := exec.Command("go", "env", "GOCACHE").Output()
	if err != nil {
		return err
	}
	b := &bench{root: root, tmp: tmp, grade: filepath.Join(tmp, "grade"), classCmd: filepath.Join(tmp, "class"), echarts: display.LibraryPath(), gocache: strings.TrimSpace(string(gocache))}
	b.fixtures = filepath.Join(tmp, "fixtures")
	for _, set := range fixtures.Sets {
		if _, err := fixtures.Write(root, filepath.Join(b.fixtures, set), set); err != nil {
			return err
		}
	}
	if out, err := exec.Command("go", "build", "-o", b.grade, "./grading/cmd/grade").CombinedOutput(); err != nil {
		return fmt.Errorf("building the grader: %v\n%s", err, out)
	}
	if out, err := exec.Command("go", "build", "-o", b.classCmd, "./grading/cmd/class").CombinedOutput(); err != nil {
		return fmt.Errorf("building the class view: %v\n%s", err, out)
	}
	if only == "live" {
		looks, err := b.live()
		if err != nil {
			return err
		}
		printLive(looks)
		return nil
	}
	var lines []line
	say := func(l line) {
		lines = append(lines, l)
		fmt.Fprintf(os.Stderr, "gradebench: %s: warm %s, cold %s\n", l.what, secs(l.warm), secs(l.cold))
	}
	if only == "class" {
		// The caches filled first, as the full run's regrades do.
		nb, _ := filepath.Glob(filepath.Join(root, "notebooks", "corrections", "05-*.ipynb"))
		if len(nb) != 1 {
			return fmt.Errorf("no correction notebook of TP 05")
		}
		dir := b.folder("fill", map[string]string{"alice/" + filepath.Base(nb[0]): nb[0]})
		if _, _, err := b.time(nil, "-force", "-out", filepath.Join(tmp, "out-fill"), dir); err != nil {
			return err
		}
		l, err := b.classLine(students, cold)
		if err != nil {
			return err
		}
		say(l)
		printTable(lines)
		return nil
	}

	regrades, err := b.regrades(cold)
	if err != nil {
		return err
	}
	for _, l := range regrades {
		say(l)
	}
	start, err := b.startLines(cold)
	if err != nil {
		return err
	}
	for _, l := range start {
		say(l)
	}
	l, err := b.corpusLine(cold)
	if err != nil {
		return err
	}
	say(l)

	// A class.
	l, err = b.classLine(students, cold)
	if err != nil {
		return err
	}
	say(l)

	// Gradescope.
	l = line{what: "one Gradescope submission (TP 01) through run_autograder, after setup.sh", target: 30 * time.Second}
	if l.warm, err = b.gradescope(); err != nil {
		return err
	}
	say(l)

	looks, err := b.live()
	if err != nil {
		return err
	}
	printTable(lines)
	printLive(looks)
	return nil
}

// regrades are the lines of each TP's correction notebook regraded
// alone (-force), warm then cold if cold; the first (warm) run of each
// also fills the caches for what follows.
func (b *bench) regrades(cold bool) ([]line, error) {
	var lines []line
	for _, tp := range []string{"00", "01", "02", "03", "04", "05"} {
		nb, err := filepath.Glob(filepath.Join(b.root, "notebooks", "corrections", tp+"-*.ipynb"))
		if err != nil || len(nb) != 1 {
			return nil, fmt.Errorf("no correction notebook of TP %s", tp)
		}
		dir := b.folder("one-"+tp, map[string]string{"alice/" + filepath.Base(nb[0]): nb[0]})
		target := 5 * time.Second
		if tp == "00" || tp == "05" {
			target = 10 * time.Second // questions built and run with the race detector
		}
		b.time(nil, "-force", "-out", filepath.Join(b.tmp, "out-one-"+tp), dir) // fills the caches
		l := line{what: "one correction regraded alone, TP " + tp, target: target}
		if l.warm, _, err = b.time(nil, "-force", "-out", filepath.Join(b.tmp, "out-one-"+tp), dir); err != nil {
			return nil, err
		}
		if cold {
			if l.cold, _, err = b.time(b.coldEnv(), "-force", "-out", filepath.Join(b.tmp, "out-one-cold-"+tp), dir); err != nil {
				return nil, err
			}
		}
		lines = append(lines, l)
	}
	return lines, nil
}

// startLines are the grader's start (until it grades its first notebook)
// and a run with nothing changed (every result in the cache).
func (b *bench) startLines(cold bool) ([]line, error) {
	one := b.folder("start", map[string]string{"alice/01-recursion.ipynb": filepath.Join(b.root, "notebooks", "corrections", "01-recursion.ipynb")})
	start := line{what: "grader start, before the first notebook", target: 3 * time.Second}
	var err error
	if start.warm, err = b.start(nil, "-force", "-out", filepath.Join(b.tmp, "out-start"), one); err != nil {
		return nil, err
	}
	if cold {
		if start.cold, err = b.start(b.coldEnv(), "-force", "-out", filepath.Join(b.tmp, "out-start-cold"), one); err != nil {
			return nil, err
		}
	}
	same := line{what: "a run with nothing changed", target: 3 * time.Second}
	if same.warm, _, err = b.time(nil, "-out", filepath.Join(b.tmp, "out-start"), one); err != nil {
		return nil, err
	}
	return []line{start, same}, nil
}

// corpusLine grades the grader's test submissions (see package fixtures:
// corpus, adversarial, mistakes; every TP) at -j 2.
func (b *bench) corpusLine(cold bool) (line, error) {
	corpus := map[string]string{}
	for _, set := range fixtures.Sets {
		paths, _ := filepath.Glob(filepath.Join(b.fixtures, set, "*.ipynb"))
		for _, p := range paths {
			corpus[set+"-"+filepath.Base(p)] = p
		}
	}
	dir := b.folder("corpus", corpus)
	l := line{what: fmt.Sprintf("the test corpus (%d notebooks, every TP), -j 2", len(corpus))}
	var err error
	if l.warm, _, err = b.time(nil, "-j", "2", "-force", "-out", filepath.Join(b.tmp, "out-corpus"), dir); err != nil {
		return l, err
	}
	if cold {
		if l.cold, _, err = b.time(b.coldEnv(), "-j", "2", "-force", "-out", filepath.Join(b.tmp, "out-corpus-cold"), dir); err != nil {
			return l, err
		}
	}
	return l, nil
}

// printTable prints the lines as a Markdown table, against their targets.
func printTable(lines []line) {
	fmt.Printf("\n| scenario | warm | cold | target | warm / target |\n|---|---:|---:|---:|---:|\n")
	for _, l := range lines {
		ratio := "–"
		if l.target > 0 && l.warm > 0 {
			ratio = fmt.Sprintf("%.2f", l.warm.Seconds()/l.target.Seconds())
		}
		what := l.what
		if l.note != "" {
			what += " (" + l.note + ")"
		}
		fmt.Printf("| %s | %s | %s | %s | %s |\n", what, secs(l.warm), secs(l.cold), secs(l.target), ratio)
	}
}

// classLine grades a class of students students (see class) at -j 2,
// warm, then cold if cold, and compares the two runs' grades.
func (b *bench) classLine(students int, cold bool) (line, error) {
	class, err := b.class(students)
	if err != nil {
		return line{}, err
	}
	l := line{what: fmt.Sprintf("a class: %d students × 5 TPs (01–05), -j 2", students), target: 5 * time.Minute}
	warmOut, coldOut := filepath.Join(b.tmp, "out-class"), filepath.Join(b.tmp, "out-class-cold")
	if l.warm, _, err = b.time(nil, "-j", "2", "-force", "-out", warmOut, class); err != nil {
		return l, err
	}
	if cold {
		if l.cold, _, err = b.time(b.coldEnv(), "-j", "2", "-force", "-out", coldOut, class); err != nil {
			return l, err
		}
		w, _ := os.ReadFile(filepath.Join(warmOut, "grades.csv"))
		c, _ := os.ReadFile(filepath.Join(coldOut, "grades.csv"))
		l.note = "grades.csv identical to the cold run's"
		if !bytes.Equal(w, c) || len(w) == 0 {
			l.note = "**grades.csv differs from the cold run's**"
			// The rows that differ, for whoever reads the table.
			rows := func(data []byte) map[string]bool {
				m := map[string]bool{}
				for _, row := range strings.Split(string(data), "\n") {
					m[row] = true
				}
				return m
			}
			wr, cr := rows(w), rows(c)
			for row := range wr {
				if !cr[row] {
					fmt.Fprintf(os.Stderr, "gradebench: warm run only: %s\n", row)
				}
			}
			for row := range cr {
				if !wr[row] {
					fmt.Fprintf(os.Stderr, "gradebench: cold run only: %s\n", row)
				}
			}
		}
	}
	return l, nil
}

func secs(d time.Duration) string {
	if d == 0 {
		return "–"
	}
	return fmt.Sprintf("%.1f s", d.Seconds())
}

// folder makes a folder of submissions (name → the file to copy).
func (b *bench) folder(name string, files map[string]string) string {
	dir := filepath.Join(b.tmp, "subs-"+name)
	for rel, src := range files {
		data, err := os.ReadFile(src)
		if err == nil {
			_ = os.MkdirAll(filepath.Dir(filepath.Join(dir, rel)), 0o755)
			err = os.WriteFile(filepath.Join(dir, rel), data, 0o644)
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, "gradebench:", err)
		}
	}
	return dir
}

// class writes the notebooks of students students, each handing in TPs
// 01–05: the correction, or for one student in four the TP's typical
// mistake where there is one, with a cell of its own so that no two
// notebooks are the same file.
func (b *bench) class(students int) (string, error) {
	dir := filepath.Join(b.tmp, "subs-class")
	for _, tp := range []string{"01", "02", "03", "04", "05"} {
		corr, _ := filepath.Glob(filepath.Join(b.root, "notebooks", "corrections", tp+"-*.ipynb"))
		mist, _ := filepath.Glob(filepath.Join(b.fixtures, fixtures.MistakesSet, tp+"-*.ipynb"))
		if len(corr) != 1 {
			return "", fmt.Errorf("no correction of TP %s", tp)
		}
		for s := range students {
			src := corr[0]
			if s%4 == 3 && len(mist) > 0 {
				src = mist[s%len(mist)]
			}
			nb, err := notebook.Read(src)
			if err != nil {
				return "", err
			}
			nb.Cells = append(nb.Cells, notebook.Cell{CellType: "markdown", Source: notebook.Source(fmt.Sprintf("Rendu de l'élève %d.", s)), Metadata: map[string]any{}})
			data, err := nb.Marshal()
			if err != nil {
				return "", err
			}
			path := filepath.Join(dir, fmt.Sprintf("eleve%03d", s), filepath.Base(corr[0]))
			if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
				return "", err
			}
			if err := os.WriteFile(path, data, 0o644); err != nil {
				return "", err
			}
		}
	}
	return dir, nil
}

// coldEnv is an environment whose workbook caches are empty: a fresh
// $XDG_CACHE_HOME (ECharts still found; the go command's own build cache
// the user's, as on a teacher's first run after go run).
func (b *bench) coldEnv() []string {
	cache, _ := os.MkdirTemp(b.tmp, "cache-")
	return []string{"XDG_CACHE_HOME=" + cache, "GOCACHE=" + b.gocache, display.EnvLibrary + "=" + b.echarts}
}

// time runs the grader with args (seed 1) and env added, and returns its
// wall time and standard error.
func (b *bench) time(env []string, args ...string) (time.Duration, string, error) {
	cmd := exec.Command(b.grade, append([]string{"-seed", "1"}, args...)...)
	cmd.Env = append(os.Environ(), env...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	start := time.Now()
	err := cmd.Run()
	d := time.Since(start)
	if err != nil {
		return d, stderr.String(), fmt.Errorf("grade %s: %v\n%s", strings.Join(args, " "), err, stderr.String())
	}
	return d, stderr.String(), nil
}

// grading is the grader's line as it starts grading the notebooks.
var grading = regexp.MustCompile(`^grade: grading \d+ notebook`)

// start runs the grader and returns the time until it starts grading.
func (b *bench) start(env []string, args ...string) (time.Duration, error) {
	cmd := exec.Command(b.grade, append([]string{"-seed", "1"}, args...)...)
	cmd.Env = append(os.Environ(), env...)
	pipe, err := cmd.StderrPipe()
	if err != nil {
		return 0, err
	}
	start := time.Now()
	if err := cmd.Start(); err != nil {
		return 0, err
	}
	var at time.Duration
	sc := bufio.NewScanner(pipe)
	for sc.Scan() {
		if at == 0 && grading.MatchString(sc.Text()) {
			at = time.Since(start)
		}
	}
	_, _ = io.Copy(io.Discard, pipe)
	if err := cmd.Wait(); err != nil {
		return 0, fmt.Errorf("grade: %v", err)
	}
	if at == 0 {
		return 0, fmt.Errorf("grade never said it started grading")
	}
	return at, nil
}

// gradescope builds the autograder zip of TP 01, runs its setup.sh (the
// network steps skipped), then times run_autograder on the correction.
func (b *bench) gradescope() (time.Duration, error) {
	zip := filepath.Join(b.tmp, "gradescope-01.zip")
	if out, err := exec.Command("go", "run", "./grading/cmd/autograder", "-tp", "01", "-o", zip).CombinedOutput(); err != nil {
		return 0, fmt.Errorf("autograder zip: %v\n%s", err, out)
	}
	root := filepath.Join(b.tmp, "autograder")
	src := filepath.Join(root, "source")
	if err := os.MkdirAll(src, 0o755); err != nil {
		return 0, err
	}
	if out, err := exec.Command("unzip", "-q", zip, "-d", src).CombinedOutput(); err != nil {
		return 0, fmt.Errorf("unzip: %v\n%s", err, out)
	}
	env := append(os.Environ(), "REINES_AUTOGRADER_ROOT="+root)
	setup := exec.Command("bash", filepath.Join(src, "setup.sh"))
	setup.Env = append(env, "REINES_SETUP_OFFLINE=1")
	if out, err := setup.CombinedOutput(); err != nil {
		return 0, fmt.Errorf("setup.sh: %v\n%s", err, out)
	}
	sub := filepath.Join(root, "submission")
	if err := os.MkdirAll(sub, 0o755); err != nil {
		return 0, err
	}
	data, err := os.ReadFile(filepath.Join(b.root, "notebooks", "corrections", "01-recursion.ipynb"))
	if err != nil {
		return 0, err
	}
	if err := os.WriteFile(filepath.Join(sub, "01-recursion.ipynb"), data, 0o644); err != nil {
		return 0, err
	}
	cmd := exec.Command(filepath.Join(src, "run_autograder"))
	cmd.Dir, cmd.Env = root, env
	start := time.Now()
	out, err := cmd.CombinedOutput()
	d := time.Since(start)
	if err != nil {
		return 0, fmt.Errorf("run_autograder: %v\n%s", err, out)
	}
	var res struct{ Score float64 }
	raw, err := os.ReadFile(filepath.Join(root, "results", "results.json"))
	if err == nil {
		err = json.Unmarshal(raw, &res)
	}
	if err != nil || res.Score == 0 {
		return 0, fmt.Errorf("run_autograder's results: score %v, %v\n%s", res.Score, err, out)
	}
	return d, nil
}

// look is one look of the live view measured: what changed before it, the
// workers, its time (the command's own measure) and what it checked.
type look struct {
	what    string
	jobs    int
	changed int
	took    time.Duration
	checked int
}

// liveInterval is the live view's default refresh interval, the one the
// looks are compared with.
const liveInterval = 30 * time.Second

// liveLoad is the load average as the live view's looks started.
var liveLoad string

// printLive prints the live view's table, then the machine and its load.
func printLive(looks []look) {
	fmt.Printf("\n| live class view, 40 students, TP 01 | -j | look | per changed notebook | look / refresh interval (%s) |\n|---|---:|---:|---:|---:|\n", secs(liveInterval))
	for _, l := range looks {
		per := "–"
		if l.changed > 0 {
			per = fmt.Sprintf("%.2f s", l.took.Seconds()/float64(l.changed))
		}
		fmt.Printf("| %s (%d checked) | %d | %s | %s | %.2f |\n", l.what, l.checked, l.jobs, secs(l.took), per, l.took.Seconds()/liveInterval.Seconds())
	}
	load, _ := os.ReadFile("/proc/loadavg")
	fmt.Printf("\n%d cores (%s), load average as the looks started: %s; at the end: %s", runtime.NumCPU(), runtime.GOARCH, liveLoad, load)
}

// lookLine is the class view's line after each look.
var lookLine = regexp.MustCompile(`^class: look \d+: (\d+) of (\d+) notebooks changed, (\d+) checked, in ([0-9.]+) s`)

// live measures the live view on 40 students' homes (TP 01: the
// correction, for one in four the typical mistake, for one in five the
// untouched notebook, each made distinct), in its watch loop: a first
// look (the class's 40 notebooks new), then one after 1 notebook is saved
// changed, one after all 40 are; then the same 40 again at -j 2.
func (b *bench) live() ([]look, error) {
	const students = 40
	load, _ := os.ReadFile("/proc/loadavg")
	liveLoad = strings.TrimSpace(string(load))
	homes := filepath.Join(b.tmp, "homes")
	corr := filepath.Join(b.root, "notebooks", "corrections", "01-recursion.ipynb")
	mistake := filepath.Join(b.fixtures, fixtures.MistakesSet, "01-count-mirror-twice.ipynb")
	stub := filepath.Join(b.fixtures, fixtures.CorpusSet, "empty.ipynb")
	save := func(s, round int) error {
		src := corr
		switch {
		case s%5 == 4:
			src = stub
		case s%4 == 3:
			src = mistake
		}
		nb, err := notebook.Read(src)
		if err != nil {
			return err
		}
		nb.Cells = append(nb.Cells, notebook.Cell{CellType: "markdown", Source: notebook.Source(fmt.Sprintf("Élève %d, enregistrement %d.", s, round)), Metadata: map[string]any{}})
		data, err := nb.Marshal()
		if err != nil {
			return err
		}
		path := filepath.Join(homes, fmt.Sprintf("eleve%02d", s), "reines", "notebooks", "01-recursion.ipynb")
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return err
		}
		return os.WriteFile(path, data, 0o644)
	}
	for s := range students {
		if err := save(s, 0); err != nil {
			return nil, err
		}
	}
	var looks []look
	round := 0
	for _, jobs := range []int{1, 2} {
		cmd := exec.Command(b.classCmd, "-tp", "01", "-homes", "-every", "3s", "-j", fmt.Sprint(jobs), "-out", filepath.Join(b.tmp, fmt.Sprintf("out-live-%d", jobs)), homes)
		pipe, err := cmd.StderrPipe()
		if err != nil {
			return nil, err
		}
		if err := cmd.Start(); err != nil {
			return nil, err
		}
		lines := bufio.NewScanner(pipe)
		next := func() (look, error) {
			for lines.Scan() {
				if m := lookLine.FindStringSubmatch(lines.Text()); m != nil {
					var l look
					var secs float64
					fmt.Sscan(m[1], &l.changed)
					fmt.Sscan(m[3], &l.checked)
					fmt.Sscan(m[4], &secs)
					l.took, l.jobs = time.Duration(secs*float64(time.Second)), jobs
					return l, nil
				}
			}
			return look{}, fmt.Errorf("class stopped before its next look")
		}
		steps := []struct {
			what  string
			saved int
		}{{"first look, every notebook new", 0}, {"1 notebook changed", 1}, {"40 notebooks changed", students}}
		if jobs == 2 {
			steps = steps[2:]
		}
		for _, st := range steps {
			round++
			for s := range st.saved {
				if err := save(s, round); err != nil {
					return nil, err
				}
			}
			l, err := next()
			// a look that started before the saves: the next one has them
			for err == nil && st.saved > 0 && l.changed < st.saved {
				l, err = next()
			}
			if err != nil {
				return nil, err
			}
			if jobs == 1 || st.saved > 0 {
				l.what = st.what
				looks = append(looks, l)
				fmt.Fprintf(os.Stderr, "gradebench: live view, %s, -j %d: %s\n", st.what, jobs, secs(l.took))
			}
		}
		_ = cmd.Process.Signal(os.Interrupt)
		_, _ = io.Copy(io.Discard, pipe)
		_ = cmd.Wait()
	}
	return looks, nil
}
