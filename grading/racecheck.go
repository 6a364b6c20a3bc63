package grading

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
)

// RaceWarning starts each report of Go's race detector.
const RaceWarning = "WARNING: DATA RACE"

// RaceReport returns the first report of the race detector in output,
// trimmed: the accesses and goroutine creations ("Read at 0x… by goroutine
// 7:", told in French by raceHeading), each followed by the frames that
// frame keeps, shown as it says (fn is the function, "main.Count.func1()";
// pos its file and line, with the program counter cut), at most 40 lines.
// "" when output holds no report.
func RaceReport(output string, frame func(fn, pos string) (string, bool)) string {
	i := strings.Index(output, RaceWarning)
	if i < 0 {
		return ""
	}
	lines := strings.Split(output[i+len(RaceWarning):], "\n")
	var out []string
	for k := 0; k < len(lines) && len(out) < 40; k++ {
		l := strings.TrimSpace(lines[k])
		switch {
		case strings.HasPrefix(l, "=================="):
			k = len(lines) // the end of the first report
		case strings.HasSuffix(l, ":") && (strings.Contains(l, " at ") || strings.HasPrefix(l, "Goroutine")):
			out = append(out, raceHeading(l)) // "Read at 0x… by goroutine 7:", "Goroutine 7 (running) created at:"
		case k > 0 && (strings.HasPrefix(lines[k], "\t") || strings.HasPrefix(lines[k], "      ")):
			if cut := strings.LastIndex(l, " +0x"); cut > 0 {
				l = l[:cut]
			}
			if shown, ok := frame(strings.TrimSpace(lines[k-1]), l); ok {
				out = append(out, "  "+shown)
			}
		}
	}
	return strings.Join(out, "\n")
}

// raceHeading tells a heading of a race report in French: "Previous write
// at 0x… by goroutine 6:" is « Écriture précédente par la goroutine 6 : »,
// "Goroutine 7 (running) created at:" « Goroutine 7 (en cours) lancée
// par : » (the frames that follow are where its go statement is); a
// heading it does not know is kept as it is.
func raceHeading(l string) string {
	if a, ok := parseRaceAccess(l); ok {
		what := "Lecture"
		if a.write {
			what = "Écriture"
		}
		if a.atomic {
			what += " atomique"
		}
		if a.previous {
			what += " précédente"
		}
		who := "la goroutine principale"
		if a.goroutine != "" {
			who = "la goroutine " + a.goroutine
		}
		return what + " par " + who + "\u00a0:"
	}
	// "Goroutine N (running|finished) created at:"
	if rest, ok := strings.CutPrefix(l, "Goroutine "); ok {
		n, rest := digits(rest)
		state := ""
		if s, ok := strings.CutPrefix(rest, " (running) created at:"); ok && s == "" {
			state = "en cours"
		} else if s, ok := strings.CutPrefix(rest, " (finished) created at:"); ok && s == "" {
			state = "terminée"
		}
		if n != "" && state != "" {
			return "Goroutine " + n + " (" + state + ") lancée par\u00a0:"
		}
	}
	return l
}

// raceAccess is a heading of an access in a race report, as Go's race
// runtime writes it (any case): "[Previous ][atomic ]read|write at 0x…
// by main goroutine|goroutine N:".
type raceAccess struct {
	previous, atomic, write bool
	goroutine               string // "" for the main goroutine
}

// parseRaceAccess reads l as a heading of an access (see raceAccess).
func parseRaceAccess(l string) (a raceAccess, ok bool) {
	s := l
	s, a.previous = cutFold(s, "previous ")
	s, a.atomic = cutFold(s, "atomic ")
	if rest, ok := cutFold(s, "read"); ok {
		s = rest
	} else if rest, ok := cutFold(s, "write"); ok {
		s, a.write = rest, true
	} else {
		return a, false
	}
	if s, ok = cutFold(s, " at 0x"); !ok {
		return a, false
	}
	hex := strings.IndexFunc(s, func(r rune) bool { return !strings.ContainsRune("0123456789abcdefABCDEF", r) })
	if hex <= 0 {
		return a, false
	}
	if s, ok = cutFold(s[hex:], " by "); !ok {
		return a, false
	}
	if rest, ok := cutFold(s, "main goroutine"); ok {
		s = rest
	} else if rest, ok := cutFold(s, "goroutine "); ok {
		a.goroutine, s = digits(rest)
		if a.goroutine == "" {
			return a, false
		}
	} else {
		return a, false
	}
	return a, s == ":"
}

// cutFold is strings.CutPrefix, ASCII case ignored.
func cutFold(s, prefix string) (string, bool) {
	if len(s) >= len(prefix) && strings.EqualFold(s[:len(prefix)], prefix) {
		return s[len(prefix):], true
	}
	return s, false
}

// digits splits s into its leading ASCII digits and the rest.
func digits(s string) (string, string) {
	i := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	return s[:i], s[i:]
}

// CellFrame is the frame filter of RaceReport for the programs built from
// a notebook's cells (by the grader and make check), whose //line
// directives name the cells: it keeps the frames in the cells, shown as
// "main.F() — cellule N:L" (submission.ExplainFrames then names the cell
// by its first line and quotes the line).
func CellFrame(fn, pos string) (string, bool) {
	i := strings.Index(pos, "cellule ")
	if i < 0 {
		return "", false
	}
	return fn + " — " + pos[i:], true
}

// raceQuestionEnv names, in the program that checks a question again
// with the race detector (see raceRecheck), the question to run; every
// other check in it does nothing.
const raceQuestionEnv = "REINES_RACE_QUESTION"

// raceBuildLimit bounds the race detector's build of a notebook's
// program: the first one compiles the standard library for it (a minute
// or two on 2 cores); later ones, a few seconds.
const raceBuildLimit = 5 * time.Minute

// raceRecheck checks question id again in the program GoNB is running
// (its module, $GONB_TMP_DIR), built with Go's race detector: the cases
// run with GORACE's halt_on_error, as the grader runs them. It returns the
// race detector's first report, trimmed to the program's own functions,
// or "" when it saw no race; note says in French why the check could not
// be made (no GoNB module, no C compiler, a build or run over its
// limits), "" when it was.
func raceRecheck(id string, runLimit time.Duration) (report, note string) {
	dir := os.Getenv("GONB_TMP_DIR")
	if dir == "" {
		return "", "pas de module GoNB à recompiler (cette vérification n'est faite que dans un notebook)"
	}
	// In GoNB's folder, which it removes with the kernel: a cell killed
	// meanwhile (its build and run die with it) leaves nothing behind for
	// long.
	tmp, err := os.MkdirTemp(dir, ".reines-race-")
	if err != nil {
		return "", err.Error()
	}
	defer os.RemoveAll(tmp)
	bin := filepath.Join(tmp, "checks")
	ctx, cancel := context.WithTimeout(context.Background(), raceBuildLimit)
	defer cancel()
	build := exec.CommandContext(ctx, "go", "build", "-race", "-o", bin, ".")
	build.Dir = dir
	build.Env = append(os.Environ(), "CGO_ENABLED=1", "GOTMPDIR="+tmp) // its work folder too
	ownGroup(build)
	if out, err := build.CombinedOutput(); err != nil {
		if ctx.Err() != nil {
			return "", fmt.Sprintf("la compilation avec le détecteur de courses n'a pas fini en %s", Seconds(raceBuildLimit))
		}
		if bytes.Contains(out, []byte("cgo")) || bytes.Contains(out, []byte("gcc")) {
			return "", "le détecteur de courses a besoin d'un compilateur C (gcc), absent de cette machine"
		}
		return "", "la compilation avec le détecteur de courses a échoué : " + OneLine(string(out))
	}
	rctx, rcancel := context.WithTimeout(context.Background(), runLimit)
	defer rcancel()
	var stderr bytes.Buffer
	run := exec.CommandContext(rctx, bin)
	run.Dir = dir
	// Not GoNB's pipes: a display of the student's code would open a
	// second stream on them, which stops GoNB's reader (the cell's own
	// displays would never be acknowledged); what it prints is dropped.
	run.Env = append(os.Environ(), raceQuestionEnv+"="+id, "GORACE="+RaceOptions, "GONB_TMP_DIR=", "GONB_PIPE=", "GONB_PIPE_BACK=")
	run.Stderr = &stderr
	ownGroup(run)
	err = run.Run()
	if r := RaceReport(stderr.String(), func(fn, _ string) (string, bool) {
		return fn, strings.HasPrefix(fn, "main.")
	}); r != "" {
		return r, ""
	}
	var exit *exec.ExitError
	switch {
	case rctx.Err() != nil:
		return "", fmt.Sprintf("les cas n'ont pas fini en %s avec le détecteur de courses, qui ralentit le programme", Seconds(runLimit))
	case errors.As(err, &exit):
		return "", fmt.Sprintf("avec le détecteur de courses, le programme s'est arrêté (code %d)", exit.ExitCode())
	case err != nil:
		return "", err.Error()
	}
	return "", ""
}
