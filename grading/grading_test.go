package grading

import (
	"encoding/json"
	"errors"
	"fmt"
	"html"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/prepa-reines/reines/tp/display"
	"github.com/prepa-reines/reines/tp/queens"
	"github.com/prepa-reines/reines/tp/reserved"
)

// toy is a test exercise: the identity on small integers.
func toy(id string, timeout time.Duration) *Exercise[func(int) int, int, int] {
	e := &Exercise[func(int) int, int, int]{
		Question: Question{ID: id, Title: "identité", Points: 1},
		Ref:      func(n int) int { return n },
		Cases:    []int{1, 2, 3},
		Call:     func(f func(int) int, in int) int { return f(in) },
		Timeout:  timeout,
	}
	bind(e) // Run without Define: not registered
	return e
}

func TestPanicAndTimeout(t *testing.T) {
	e := toy("99/Q1", 50*time.Millisecond)
	r := e.Run(func(n int) int {
		if n == 2 {
			var m map[int]int
			m[0] = 1 // nil map: a real panic
		}
		return n
	})
	if got := []Status{r.Cases[0].Status, r.Cases[1].Status, r.Cases[2].Status}; got[0] != Passed || got[1] != Panicked || got[2] != Passed {
		t.Errorf("statuses %v; want passed, panic, passed", got)
	}
	if !strings.HasPrefix(r.Cases[1].Note, "panique : écriture dans une map nil (créez-la avec make) (assignment to entry in nil map)") {
		t.Errorf("panic note %q", r.Cases[1].Note)
	}
	stop := make(chan struct{})
	t.Cleanup(func() { close(stop) })
	r = e.Run(func(n int) int {
		<-stop // blocks until the test ends: a case that never returns
		return n
	})
	if r.Cases[0].Status != TimedOut || r.Cases[1].Status != Skipped || r.Cases[2].Status != Skipped {
		t.Errorf("endless case: %v", r.Text())
	}
	if !strings.Contains(r.Cases[0].Note, "boucle infinie") || !strings.Contains(r.Cases[0].Note, "0,05\u00a0s") {
		t.Errorf("time-out note %q", r.Cases[0].Note)
	}
	r = e.Run(func(int) int { panic(ToDo) })
	if r.Outcome() != "not-implemented" || !strings.Contains(r.Summary(), "pas encore implémenté") {
		t.Errorf("stub: %s, %q", r.Outcome(), r.Summary())
	}
	if r = e.Run(nil); r.Outcome() != "not-implemented" {
		t.Errorf("nil function: %s", r.Outcome())
	}
}

// A value refused although it prints as the expected one shows
// differently; a right answer printed differently from the expected one
// says why it passes, and one printed the same says nothing.
func TestNotesOfSameAndDifferentText(t *testing.T) {
	e := &Exercise[func(int) []int, int, []int]{
		Question: Question{ID: "97/Q1", Title: "tranches", Points: 1},
		Ref:      func(n int) []int { return make([]int, 0, n) },
		Cases:    []int{1},
		Call:     func(f func(int) []int, in int) []int { return f(in) },
		Format:   func(s []int) string { return fmt.Sprint(len(s), " éléments") },
		Judge: func(_ int, got, want []int) (bool, string) {
			switch {
			case got == nil:
				return false, "nil refusé (pour ce test)"
			case cap(got) > 0:
				return true, "capacité libre : propriétés vérifiées"
			}
			return true, "liste vide : propriétés vérifiées"
		},
	}
	bind(e)
	r := e.Run(func(int) []int { return nil })
	if c := r.Cases[0]; c.Status != Failed || c.Got == c.Want || !strings.HasSuffix(c.Got, SameTextNote) {
		t.Errorf("refused with the same text: want %q, got %q", c.Want, c.Got)
	}
	e.Format = func(s []int) string { return fmt.Sprint(len(s), " éléments, capacité ", cap(s)) }
	r = e.Run(func(int) []int { return make([]int, 0, 5) })
	if c := r.Cases[0]; c.Status != Passed || c.Note != "capacité libre : propriétés vérifiées" {
		t.Errorf("passed, printed differently: note %q", c.Note)
	}
	r = e.Run(func(int) []int { return []int{} })
	if c := r.Cases[0]; c.Status != Passed || c.Got == c.Want || c.Note != "liste vide : propriétés vérifiées" {
		// the text differs (capacity 0, not 1): the note shows
		t.Errorf("passed, printed differently: %+v", c)
	}
	e.Format = nil
	r = e.Run(func(int) []int { return []int{} })
	if c := r.Cases[0]; c.Status != Passed || c.Note != "" {
		t.Errorf("passed, printed the same: a note %q", c.Note)
	}
}

// The summary never claims completeness, never says "0/0" and agrees in
// number.
func TestSummary(t *testing.T) {
	q := &Question{ID: "99/Q2", Func: "F"}
	cases := []CaseResult{{Status: Passed}, {Status: Failed}}
	for _, c := range []struct {
		hidden int
		want   string
	}{
		{0, "Q2 F — 1/2 cas publics réussis"},
		{1, "Q2 F — 1/2 cas publics réussis (et 1 cas caché à la correction)"},
		{3, "Q2 F — 1/2 cas publics réussis (et 3 cas cachés à la correction)"},
	} {
		if got := (Report{Question: q, Cases: cases, Hidden: c.hidden}).Summary(); got != c.want {
			t.Errorf("summary %q; want %q", got, c.want)
		}
	}
	raced := Report{Question: q, Cases: []CaseResult{{Status: Passed}}, Hidden: 2}
	raced.Race.Report = "WARNING: DATA RACE"
	if got, want := raced.Summary(), "Q2 F — 1/1 cas publics réussis (et 2 cas cachés à la correction), mais une course critique a été détectée"; got != want || raced.Outcome() != "failed" {
		t.Errorf("with a race: summary %q, %s; want %q, failed", got, raced.Outcome(), want)
	}
	r := Report{Question: q, Cases: []CaseResult{{Status: Passed}}, Warning: "la dernière version ne compile pas"}
	if r.Outcome() != "stale" || !strings.HasPrefix(r.Text(), "⚠ la dernière version") || !strings.Contains(r.HTML(), "reines-warning") {
		t.Errorf("a warned report must not be green: %s\n%s", r.Outcome(), r.Text())
	}
}

func TestErrors(t *testing.T) {
	wrapped := ErrOf(fmt.Errorf("%w: n = -3", queens.ErrNegative))
	if wrapped.Is != "queens.ErrNegative" {
		t.Fatalf("ErrOf of a wrapped sentinel: %+v", wrapped)
	}
	if got := wrapped.String(); got != "n négatif (queens.ErrNegative): n = -3" {
		t.Errorf("String %q", got)
	}
	other := ErrOf(errors.New("boom"))
	for _, c := range []struct {
		got, want *Err
		ok        bool
	}{
		{nil, nil, true},
		{wrapped, ErrOf(queens.ErrNegative), true},
		{other, ErrOf(queens.ErrNegative), false},                    // any error will not do
		{ErrOf(queens.ErrTooMany), ErrOf(queens.ErrNegative), false}, // nor another sentinel
		{nil, ErrOf(queens.ErrNegative), false},
		{other, nil, false},
		{ErrOf(errors.New("x " + Reserved)), nil, false},
	} {
		if ok, note := SameError(c.got, c.want); ok != c.ok || !ok && note == "" {
			t.Errorf("SameError(%v, %v) = %v %q; want %v", c.got, c.want, ok, note, c.ok)
		}
	}
}

// A TP's errors, once registered, are recognized wrapped and explained;
// a name registered again keeps its first explanation.
func TestRegisterErrors(t *testing.T) {
	errBoom := errors.New("tptest: boom")
	if e := ErrOf(errBoom); e.Is != "" || e.String() != "tptest: boom" {
		t.Fatalf("an unregistered sentinel: %+v, %q", e, e.String())
	}
	RegisterErrors(TPError{Err: errBoom, Name: "tptest.ErrBoom", French: "explosion"})
	RegisterErrors(TPError{Err: errBoom, Name: "tptest.ErrBoom", French: "autre chose"})
	e := ErrOf(fmt.Errorf("%w (row 3)", errBoom))
	if e.Is != "tptest.ErrBoom" || e.String() != "explosion (tptest.ErrBoom) (row 3)" {
		t.Errorf("a registered sentinel, wrapped: %+v, %q", e, e.String())
	}
	if ok, _ := SameError(ErrOf(errors.New("other")), ErrOf(errBoom)); ok {
		t.Errorf("another error passed for tptest.ErrBoom")
	}
}

// FindConflict agrees with a brute force over every placement of up to 6
// queens with columns in -1..n.
func TestFindConflict(t *testing.T) {
	for n := 0; n <= 6; n++ {
		p := make(queens.Placement, n)
		var all func(row int)
		all = func(row int) {
			if row == n {
				valid := true
				for a := range n {
					if p[a] < 0 || p[a] >= n {
						valid = false
					}
					for b := range a {
						if p[a] == p[b] || p[a]-p[b] == a-b || p[a]-p[b] == b-a {
							valid = false
						}
					}
				}
				if c := FindConflict(p); (c == nil) != valid {
					t.Fatalf("FindConflict(%v) = %v; valid %v", p, c, valid)
				}
				return
			}
			for c := -1; c <= n; c++ {
				p[row] = c
				all(row + 1)
			}
		}
		all(0)
	}
}

// Recorded data is read back instead of computing, and a missing value
// says so.
func TestRecorded(t *testing.T) {
	computed := 0
	get := Data("98", "valeur", func() []int { computed++; return []int{1, 2} })
	if got := get(); len(got) != 2 || computed != 1 {
		t.Fatalf("teacher's edition: %v, computed %d times", got, computed)
	}
	reg := NewRegistry() // toy questions stay out of the workbook's registry
	e := DefineIn(reg, toy("98/Q1", 0))
	rec, err := reg.RecordNotebook("98", nil)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(rec), `"98/Q1"`) || !strings.Contains(string(rec), `"valeur":[1,2]`) {
		t.Fatalf("recording %s", rec)
	}
	// A measurement an earlier recording holds is kept; others are
	// computed again.
	seconds := 0.5
	Measured("98", "temps", func() float64 { seconds += 1; return seconds })
	first, _ := reg.RecordNotebook("98", nil)
	again, err := reg.RecordNotebook("98", first)
	if err != nil || string(again) != string(first) || !strings.Contains(string(first), `"temps":1.5`) {
		t.Errorf("measurement not kept:\n%s\n%s (%v)", first, again, err)
	}
	if fresh, _ := reg.RecordNotebook("98", nil); !strings.Contains(string(fresh), `"temps":2.5`) {
		t.Errorf("measured again without a previous recording: %s", fresh)
	}
	// An exercise whose reference varies keeps the outputs recorded before.
	calls := 0
	v := toy("98/Q2", 0)
	v.Varies, v.Ref = true, func(n int) int { calls++; return n + calls }
	DefineIn(reg, v)
	first, _ = reg.RecordNotebook("98", nil)
	again, _ = reg.RecordNotebook("98", first)
	if string(first) != string(again) || calls < 6 {
		t.Errorf("varying outputs not kept (%d calls):\n%s\n%s", calls, first, again)
	}
	LoadRecorded("98", strings.Replace(string(rec), `"wants":[1,2,3]`, `"wants":[1,2,4]`, 1))
	t.Cleanup(func() {
		mu.Lock()
		delete(recordings, "98")
		mu.Unlock()
	})
	// The student edition's check: recorded inputs and expected outputs.
	if r := e.Run(func(n int) int { return n }); r.Passed() != 2 || r.Cases[2].Status != Failed {
		t.Errorf("recorded wants not used:\n%s", r.Text())
	}
	fresh := Data("98", "autre", func() int { return 7 })
	defer func() {
		if v := recover(); v == nil || !strings.Contains(fmt.Sprint(v), "release the student edition again") {
			t.Errorf("missing recorded value: %v", v)
		}
	}()
	fresh()
}

func TestHiddenRand(t *testing.T) {
	a, b := HiddenRand("01/Q1", 7), HiddenRand("01/Q1", 7)
	c, d := HiddenRand("01/Q2", 7), HiddenRand("01/Q1", 8)
	x := []uint64{a.Uint64(), c.Uint64(), d.Uint64()}
	if b.Uint64() != x[0] || x[0] == x[1] || x[0] == x[2] {
		t.Errorf("one stream per question and seed: %v", x)
	}
}

func capture(f func()) string {
	out := os.Stdout
	r, w, _ := os.Pipe()
	os.Stdout = w
	f()
	os.Stdout = out
	w.Close()
	b, _ := io.ReadAll(r)
	return string(b)
}

// A demonstration stopped by a stub at once drops the header it printed and
// says which answer to complete; one that runs prints everything; one that
// does not end is abandoned at the time limit.
func TestDemo(t *testing.T) {
	got := capture(func() {
		Demo("Count (question 4)", func() {
			fmt.Println(" n  solutions")
			panic(ToDo)
		})
	})
	if strings.Contains(got, "solutions") || !strings.Contains(got, "complétez d'abord cette réponse") {
		t.Errorf("stub: printed %q", got)
	}
	got = capture(func() {
		Demo("Count et First (questions 4 et 5)", func() {
			fmt.Println(" n  solutions")
			fmt.Println(" 4  2")
		})
	})
	if got != " n  solutions\n 4  2\n" {
		t.Errorf("demonstration: printed %q", got)
	}
	got = capture(func() { Demo("Count et First (questions 4 et 5)", func() { panic(ToDo) }) })
	if !strings.Contains(got, "complétez d'abord ces réponses") {
		t.Errorf("two answers: %q", got)
	}
	// A chart displayed ends the hold: the text printed before it goes
	// out first (in a notebook, displays do not go through os.Stdout).
	var held, after *os.File
	got = capture(func() {
		Demo("Solutions (question 2)", func() {
			fmt.Println("2 solutions pour n = 4")
			held = os.Stdout
			display.Show("<p>plateau</p>", "plateau", nil)
			after = os.Stdout
		})
	})
	if held == after || !strings.HasPrefix(got, "2 solutions pour n = 4\n") || display.BeforeShow != nil {
		t.Errorf("demonstration with a chart: output still held after the display (%v), printed %q", held == after, got)
	}
	stop := make(chan struct{})
	t.Cleanup(func() { close(stop) })
	got = capture(func() { demo("Solve (question 12)", func() { <-stop }, 20*time.Millisecond) })
	if !strings.Contains(got, "pas de fin après 0,02\u00a0s (Solve (question 12))") {
		t.Errorf("endless demonstration: %q", got)
	}
}

// The log of GoNB's cell executions tells which version of a function was
// last attempted, and whether it compiled.
func TestFreshness(t *testing.T) {
	dir := t.TempDir()
	log := filepath.Join(dir, "gonb.log")
	write := func(lines ...string) {
		if err := os.WriteFile(log, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	exec := func(cell ...string) string {
		return fmt.Sprintf("I1201 08:00:00.000000   42 execcode.go:81] \x1b[7;39;32m[9798a4c2]\x1b[0m ExecuteCell: %q", cell)
	}
	const fail = "I1201 08:00:01.000000   42 execcode.go:116] \x1b[7;39;32m[9798a4c2]\x1b[0m goexec.ExecuteCell() failed to compile cell: # gonb_9798a4c2"
	t.Setenv(EnvGoNBLog, log)
	t.Setenv("GONB_TMP_DIR", dir)
	write(exec("func IsSafe(p queens.Placement, row, col int) bool {", "\treturn true", "}"),
		exec("%%", "nb01.Q1.Check(IsSafe)"))
	if w := Freshness("IsSafe"); w != "" {
		t.Errorf("compiled answer: warning %q", w)
	}
	write(exec("func IsSafe(p queens.Placement, row, col int) bool {", "\treturn true", "}"),
		exec("func IsSafe(p queens.Placement, row, col int) bool {", "\treturn tru", "}"), fail,
		exec("%%", "fmt.Println(1)"),
		exec("%%", "nb01.Q1.Check(IsSafe)"))
	if w := Freshness("IsSafe"); !strings.Contains(w, "n'a pas compilé") {
		t.Errorf("broken answer cell: warning %q", w)
	}
	if w := Freshness("Solutions"); w != "" {
		t.Errorf("another function: warning %q", w)
	}
	// A function that uses package grading, directly or through a helper.
	src := "package main\n\nimport (\n\t\"github.com/prepa-reines/reines/grading\"\n\t\"github.com/prepa-reines/reines/grading/nb01\"\n)\n\n" +
		"func helper() bool { return grading.YesNo(true) == \"oui\" }\n\nfunc IsSafe(p []int, row, col int) bool { return helper() }\n\n" +
		"func Count(n int) int { return n }\n\nfunc main() { nb01.Q1.Check(IsSafe) }\n"
	if err := os.WriteFile(filepath.Join(dir, "main.go"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	write()
	if w := Freshness("IsSafe"); !strings.Contains(w, "grading.YesNo") {
		t.Errorf("uses grading: warning %q", w)
	}
	if w := Freshness("Count"); w != "" {
		t.Errorf("Count does not use grading: warning %q", w)
	}
	// A function whose helper's cell did not compile: GoNB holds the older
	// helper, so the function is not checked either.
	src = "package main\n\nfunc IsSafe(p []int, row, col int) bool { return true }\n\nfunc Solutions(n int) [][]int { if IsSafe(nil, 0, 0) { return nil }; return nil }\n"
	if err := os.WriteFile(filepath.Join(dir, "main.go"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	write(exec("func IsSafe(p queens.Placement, row, col int) bool {", "\treturn true", "}"),
		exec("func Solutions(n int) ([]queens.Placement, error) {", "\treturn nil, nil", "}"),
		exec("func IsSafe(p queens.Placement, row, col int) bool {", "\treturn \"oui\"", "}"), fail,
		exec("%%", "nb01.Q2.Check(Solutions)"))
	if w := Stale("Solutions"); !strings.Contains(w, "qui définit IsSafe, dont Solutions se sert") {
		t.Errorf("broken helper: warning %q", w)
	}
	if got := demoFunctions("Solve et ShowAll (questions 12 et 17)"); !slices.Equal(got, []string{"Solve", "ShowAll"}) {
		t.Errorf("demoFunctions: %q", got)
	}
}

// declares reads a cell as GoNB does: main starts at "%%" or "%main" in the
// first column (after an optional //gonb: prefix), not at an indented one.
func TestDeclares(t *testing.T) {
	for _, c := range []struct {
		cell string
		want bool
	}{
		{"func IsSafe(p []int) bool {", true},
		{"%%\nfunc IsSafe(p []int) bool {", false},
		{"//gonb:%% corps\nfunc IsSafe(p []int) bool {", false},
		{"%main\nfunc IsSafe(p []int) bool {", false},
		{"  %%\nfunc IsSafe(p []int) bool {", true}, // Go, not main: GoNB reports the error
		{"func (b Board) IsSafe(p []int) bool {", false},
	} {
		if got := declares(strings.Split(c.cell, "\n"), "IsSafe"); got != c.want {
			t.Errorf("declares(%q) = %v, want %v", c.cell, got, c.want)
		}
	}
}

// A case whose answer reaches a stub of the student edition fails, however
// the answer hides the call, in the notebook's check and in the child.
func TestReservedCall(t *testing.T) {
	reg := NewRegistry()
	e := DefineIn(reg, toy("97/Q1", 0))
	stub := func(n int) (int, error) {
		reserved.Call("queens.Count")
		return 0, errors.New("queens.Count " + Reserved)
	}
	hidden := func(n int) int { // throws the error away, answers anyway
		_, _ = stub(n)
		return n
	}
	r := e.Run(hidden)
	if r.Passed() != 0 || !strings.Contains(r.Cases[0].Note, "votre code appelle queens.Count") {
		t.Errorf("check of an answer calling a stub:\n%s", r.Text())
	}
	var buf strings.Builder
	reg.Serve("97/Q1", hidden, strings.NewReader(`{"case":1,"input":2}`+"\n"), &buf)
	if !strings.Contains(buf.String(), `"reserved":"queens.Count"`) {
		t.Errorf("child result: %s", buf.String())
	}
	// An answer that reaches the stub from another goroutine and then never
	// returns fails at once, without waiting for the time limit: in the
	// check, and in the child, which writes its result and exits.
	spin := func(n int) int {
		go stub(n)
		select {}
	}
	if r := DefineIn(reg, toy("97/Q2", 2*time.Minute)).Run(spin); r.Cases[0].Status != Failed || !strings.Contains(r.Cases[0].Note, "queens.Count") {
		t.Errorf("check of an answer spinning after a stub:\n%s", r.Text())
	}
	var child strings.Builder
	exited := make(chan struct{})
	go reg.serve("97/Q1", spin, strings.NewReader(`{"case":7,"input":2}`+"\n"), &child, func() {
		close(exited)
		select {} // exit does not return
	})
	<-exited
	if !strings.Contains(child.String(), `{"case":7,"reserved":"queens.Count","mac":""}`) { // no key outside a grading child
		t.Errorf("child result: %s", child.String())
	}
	cr := reg.Judge("97/Q1", []byte("2"), ChildResult{Case: 1, Output: []byte("2"), Reserved: "queens.Count"})
	if cr.Status != Failed || !strings.Contains(cr.Note, Reserved) {
		t.Errorf("judged %+v", cr)
	}
}

func TestPlainText(t *testing.T) {
	for md, want := range map[string]string{
		"Couvrir un élément (`supprimer`)":           "Couvrir un élément (supprimer)",
		"Dessiner la *k*-ième solution":              "Dessiner la k-ième solution",
		"Le coût de `finale` et d'un nœud (réponse)": "Le coût de finale et d'un nœud (réponse)",
		"L'échiquier 4 × 4":                          "L'échiquier 4 × 4",
	} {
		if got := PlainText(md); got != want {
			t.Errorf("PlainText(%q) = %q; want %q", md, got, want)
		}
	}
}

// The judges see answers of any size: FindConflict on a solution of a
// million queens (the explicit construction for n mod 6 ∉ {2, 3}: even
// columns then odd ones, 1-based) finds none, without a quadratic scan,
// and a list of solutions where none is expected is refused at once.
func TestJudgeLargeAnswers(t *testing.T) {
	const n = 999_997 // n mod 6 = 1
	p := make(queens.Placement, 0, n)
	for c := 2; c <= n; c += 2 {
		p = append(p, c-1)
	}
	for c := 1; c <= n; c += 2 {
		p = append(p, c-1)
	}
	if c := FindConflict(p); c != nil {
		t.Fatalf("conflict %v in the explicit solution", c)
	}
	p[n-1], p[n-2] = p[n-2], p[n-1] // the last two rows swapped: their queens now share a diagonal with others
	if FindConflict(p) == nil {
		t.Error("no conflict found after a swap")
	}
	ok, note := JudgeSolutions(SolutionsOut{Placements: []queens.Placement{p}}, SolutionsOut{Placements: []queens.Placement{}})
	if ok || !strings.Contains(note, "au lieu d'aucune") {
		t.Errorf("judged %v, %q", ok, note)
	}
}

func TestDec(t *testing.T) {
	for format, want := range map[string]string{"%8.3f": "   0,500", "%.0f": "0", "%-6.1f|": "0,5   |", "%v": "0,5", "%g": "0,5", "%+.1f": "+0,5"} {
		if got := fmt.Sprintf(format, Dec(0.5)); got != want {
			t.Errorf("%s of Dec(0.5) = %q; want %q", format, got, want)
		}
	}
	const nb = "\u00a0"
	for format, want := range map[string]string{"%.0f": "14" + nb + "200", "%10.2f": " 14" + nb + "200,25", "%g": "14" + nb + "200,25", "%.3g": "1,42e+04"} {
		if got := fmt.Sprintf(format, Dec(14200.25)); got != want {
			t.Errorf("%s of Dec(14200.25) = %q; want %q", format, got, want)
		}
	}
	if got, want := fmt.Sprintf("%.1f", Dec(-1234.5)), "-1"+nb+"234,5"; got != want {
		t.Errorf("Dec(-1234.5) = %q; want %q", got, want)
	}
}

func TestInt(t *testing.T) {
	const nb = "\u00a0"
	for _, c := range []struct {
		format string
		n      int64
		want   string
	}{
		{"%d", 0, "0"}, {"%d", 724, "724"}, {"%d", 2680, "2" + nb + "680"}, {"%d", 14200, "14" + nb + "200"},
		{"%d", 14772512, "14" + nb + "772" + nb + "512"}, {"%d", -1000, "-1" + nb + "000"}, {"%d", -999, "-999"},
		{"%v", 100000, "100" + nb + "000"}, {"%8d|", 14200, "  14" + nb + "200|"}, {"%-7d|", 2680, "2" + nb + "680  |"},
		{"%+d", 5, "+5"}, {"%3d", 12345, "12" + nb + "345"}, {"%x", 255, "ff"},
		{"%d", math.MinInt64, "-9" + nb + "223" + nb + "372" + nb + "036" + nb + "854" + nb + "775" + nb + "808"},
	} {
		if got := fmt.Sprintf(c.format, Int(c.n)); got != c.want {
			t.Errorf("%s of Int(%d) = %q; want %q", c.format, c.n, got, c.want)
		}
	}
	if got, want := Ints([]int{1979, 2021, 7}), "1"+nb+"979, 2"+nb+"021, 7"; got != want {
		t.Errorf("Ints = %q; want %q", got, want)
	}
	if got, want := Plural(14200, "solution"), "14"+nb+"200 solutions"; got != want {
		t.Errorf("Plural = %q; want %q", got, want)
	}
}

// An output far larger than the expected one is refused before it is read,
// and what a child says is kept short.
func TestHugeOutput(t *testing.T) {
	reg := NewRegistry()
	DefineIn(reg, toy("97/Q3", 0))
	huge := []byte("[" + strings.Repeat("1,", 1<<20) + "1]")
	if cr := reg.Judge("97/Q3", []byte("2"), ChildResult{Case: 1, Output: huge}); cr.Status != Failed || !strings.Contains(cr.Note, "trop grande") {
		t.Errorf("huge output judged: %+v", cr.Status)
	}
	if cr := reg.Judge("97/Q3", []byte("2"), ChildResult{Case: 1, Panic: strings.Repeat("é", 1<<20)}); len(cr.Note) > 5<<10 || !utf8.ValidString(cr.Note) {
		t.Errorf("panic note of %d bytes kept", len(cr.Note))
	}
}

// A child's result is accepted only with the MAC of its key: another key,
// another case number or another output does not verify.
func TestResultMAC(t *testing.T) {
	key := []byte("0123456789abcdef0123456789abcdef")
	res := ChildResult{Case: 3, Output: []byte(`{"N":92}`), Panic: "<é>"}
	res.MAC = ResultMAC(key, res)
	if !ValidMAC(key, res) {
		t.Fatalf("a result with its own MAC does not verify: %+v", res)
	}
	// As the parent reads it: from its JSON line.
	line, _ := json.Marshal(res)
	var back ChildResult
	if err := json.Unmarshal(line, &back); err != nil || !ValidMAC(key, back) {
		t.Errorf("the result read back from %s does not verify (%v)", line, err)
	}
	for name, forged := range map[string]ChildResult{
		"other key": func() ChildResult {
			r := res
			r.MAC = ResultMAC([]byte("another key of thirty-two bytes!"), r)
			return r
		}(),
		"other case":   func() ChildResult { r := res; r.Case = 4; return r }(),
		"other output": func() ChildResult { r := res; r.Output = []byte(`{"N":93}`); return r }(),
		"no MAC":       func() ChildResult { r := res; r.MAC = ""; return r }(),
	} {
		if ValidMAC(key, forged) {
			t.Errorf("%s: a forged result verifies: %+v", name, forged)
		}
	}
}

// In a grading child, a panic's trace keeps the frames of the student's
// cells, named by cell and line whatever folder the build put in front
// (a work folder, or the module-relative path of -trimpath), and none of
// the grader's own: no work path reaches the feedback.
func TestPanicFramesInCells(t *testing.T) {
	for _, dir := range []string{"/tmp/reines-grade-123/sub-456/build/q01_Q4/", "submission/q01_Q4/"} {
		stack := "goroutine 1 [running]:\nruntime/debug.Stack()\n\t/usr/lib/go/src/runtime/debug/stack.go:26 +0x5e\n" +
			"github.com/prepa-reines/reines/grading.serveCase.func1()\n\t/home/t/reines/grading/serve.go:400 +0x45\n" +
			"panic({0x5a1f20?, 0xc000012345?})\n\t/usr/lib/go/src/runtime/panic.go:792 +0x132\n" +
			"main.(*board).at(...)\n\t" + dir + "cellule 4:7 +0x1d\n" +
			"main.Count(0x4)\n\t" + dir + "cellule 3:12 +0x2b\n" +
			"main.reinesServe_()\n\t" + dir + "serve.go:8 +0x25\n" +
			"main.main()\n\t" + dir + "main.go:41 +0x17\n"
		got := framesOf([]byte(stack), true)
		if want := "main.(*board).at — cellule 4:7\nmain.Count — cellule 3:12"; got != want {
			t.Errorf("%s: frames\n%s\nwant\n%s", dir, got, want)
		}
	}
}

// In the notebook, a panic's frames in the program GoNB built name the
// function and quote the line of that program (the student's line).
func TestPanicFramesInNotebook(t *testing.T) {
	dir := t.TempDir()
	main := filepath.Join(dir, "main.go")
	if err := os.WriteFile(main, []byte("package main\n\nfunc IsSafe(p []int) bool {\n\treturn p[0] == 1\n}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	stack := "goroutine 1 [running]:\nmain.IsSafe({0xa00c00?, 0x0?, 0x0?})\n\t" + main + ":4 +0x35\nmain.main()\n\t" + main + ":99 +0x17\n"
	want := "main.IsSafe — ligne 4 de main.go : return p[0] == 1\nmain.main — " + main + ":99"
	if got := framesOf([]byte(stack), false); got != want {
		t.Errorf("frames\n%s\nwant\n%s", got, want)
	}
	// A //line directive of the student's names any file: only a regular
	// main.go is read.
	odd := "goroutine 1 [running]:\nmain.F()\n\t/dev/zero:1 +0x35\nmain.G()\n\t" + dir + "/other.go:1 +0x35\n"
	if got, want := framesOf([]byte(odd), false), "main.F — /dev/zero:1\nmain.G — "+dir+"/other.go:1"; got != want {
		t.Errorf("frames\n%s\nwant\n%s", got, want)
	}
}

// A hidden case never repeats a public one (whose expected value the
// student edition holds): a draw that does is drawn again, for every seed.
func TestHiddenNotPublic(t *testing.T) {
	e := toy("96/Q1", 0) // public cases 1, 2, 3
	e.Hidden = func(rng *rand.Rand) []int { return []int{10, 1 + rng.IntN(5)} }
	reg := NewRegistry()
	DefineIn(reg, e)
	redrawn := 0
	for seed := uint64(0); seed < 200; seed++ {
		if first := e.Hidden(HiddenRand(e.ID, seed)); first[1] <= 3 {
			redrawn++
		}
		all, public, err := reg.Inputs(e.ID, true, seed)
		if err != nil {
			t.Fatal(err)
		}
		if public != 3 || len(all) != 5 {
			t.Fatalf("seed %d: %d inputs, %d public; want 5 and 3", seed, len(all), public)
		}
		for _, in := range all[public:] {
			if s := string(in); s == "1" || s == "2" || s == "3" {
				t.Errorf("seed %d: hidden case %s is a public one", seed, s)
			}
		}
	}
	if redrawn == 0 {
		t.Fatal("no seed drew a public case first: the test tests nothing")
	}
}

// A case's kind says what kind of input it is, from the input and the
// expected output, without giving it.
func TestCaseKind(t *testing.T) {
	type out struct {
		Count int64
		Err   *Err
	}
	errored := out{Err: ErrOf(errors.New("n < 0"))}
	for _, c := range []struct {
		in, want any
		most     int
		kind     string
	}{
		{Sized{N: -2}, errored, 12, "cas d'erreur (entrée à refuser)"},
		{Sized{N: 0}, out{}, 12, "cas limite (n ≤ 1)"},
		{Sized{N: 1}, out{Count: 1}, 12, "cas limite (n ≤ 1)"},
		{Sized{N: 6}, out{Count: 4}, 12, "petit n"},
		{Sized{N: 10}, out{Count: 724}, 12, "grand n"},
		{Sized{N: 13}, out{Count: 73712}, 12, "grand n, au-delà des cas publics"},
		{struct{ Items []string }{}, out{}, 12, ""},
		{struct{ Items []string }{}, errored, 12, "cas d'erreur (entrée à refuser)"},
	} {
		if got := CaseKind(c.in, c.want, c.most); got != c.kind {
			t.Errorf("CaseKind(%+v, %+v, %d) = %q; want %q", c.in, c.want, c.most, got, c.kind)
		}
	}
}

// Every text of a report (a student's output, a note quoting it, the
// warning, the hint, the race detector's report) is escaped in its HTML:
// the report with hostile texts has exactly the elements of the same
// report with plain texts, and each hostile text reads back unchanged.
func TestReportHTMLEscapes(t *testing.T) {
	const hostile = `</pre><img src=x onerror=alert(1)>"'& <script>alert(2)</script>`
	report := func(s string) Report {
		r := Report{Question: &Question{ID: "99/Q2", Func: "F"}, Warning: s, Hint: s,
			Cases: []CaseResult{{Input: s, Want: s, Got: s, Note: s, Status: Failed}, {Input: s, Status: Passed}}}
		r.Race.Report = s
		return r
	}
	plain, bad := report("x").HTML(), report(hostile).HTML()
	if got, want := strings.Count(bad, "<"), strings.Count(plain, "<"); got != want {
		t.Errorf("%d tags with hostile texts, %d with plain ones:\n%s", got, want, bad)
	}
	if n := strings.Count(html.UnescapeString(bad), hostile); n < 8 {
		t.Errorf("the hostile text reads back %d times; want at least 8 (every field):\n%s", n, bad)
	}
	// A NUL, which a browser drops, shows as U+FFFD (as html/template
	// writes it): a byte slice left zeroed does not look like the answer.
	if nul := report("..\x00Q").HTML(); strings.Contains(nul, "\x00") || !strings.Contains(nul, "..\uFFFDQ") {
		t.Errorf("a NUL in a value:\n%q", nul)
	}
}

// The program index the checks read (GoNB's main.go, scanned): every
// top-level name, methods under their receiver's type, a function type
// in a declaration not taken for a function, and the dependencies and
// grading selectors followed through them (worked out by hand).
func TestProgramIndex(t *testing.T) {
	src := `package main

import (
	"fmt"
	g "github.com/prepa-reines/reines/grading"
	"github.com/prepa-reines/reines/grading/nb01"
)

var hook func(int) int = twice

var (
	a, b = 1, 2
	c    int
)

const limit = 3

type (
	Stack[T any] struct{ items []T }
	pair         struct{ x, y int }
)

func twice(n int) int { return 2 * n }

func (s *Stack[T]) Push(v T) { s.items = append(s.items, v); note() }

func (pair) sum() int { return limit }

func note() { fmt.Println(g.YesNo(true)) }

func Count(n int) int { var s Stack[int]; s.Push(n); return hook(n) + a }

func Clean(n int) int { return n + c }

func main() { nb01.Q1.Check(nil) }
`
	p := parseProgram([]byte(src))
	if p == nil {
		t.Fatal("no index")
	}
	var names []string
	for n := range p.decls {
		names = append(names, n)
	}
	slices.Sort(names)
	if want := []string{"Clean", "Count", "Stack", "a", "b", "c", "hook", "limit", "main", "note", "pair", "twice"}; !slices.Equal(names, want) {
		t.Errorf("names %v; want %v", names, want)
	}
	// A parenthesized group is one declaration: a brings b and c, Stack
	// brings pair, whose method brings limit.
	if got, want := p.dependencies("Count"), []string{"Stack", "hook", "a", "pair", "note", "twice", "b", "c", "limit"}; !slices.Equal(got, want) {
		t.Errorf("Count's dependencies %v; want %v", got, want)
	}
	if got := usesGrading([]byte(src), "Count"); got != "g.YesNo" {
		t.Errorf("Count uses %q; want g.YesNo (through Stack's method Push and note)", got)
	}
	if got := usesGrading([]byte(src), "Clean"); got != "" {
		t.Errorf("Clean uses %q; want nothing", got)
	}
}
