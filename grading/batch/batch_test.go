package batch

import (
	"context"
	"fmt"
	"html"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/prepa-reines/reines/grading"
	"github.com/prepa-reines/reines/grading/export"
	"github.com/prepa-reines/reines/grading/feedback"
	"github.com/prepa-reines/reines/grading/fixtures"
	"github.com/prepa-reines/reines/grading/gradebook"
	"github.com/prepa-reines/reines/grading/internal/checktest"
	"github.com/prepa-reines/reines/grading/notebook"
	"github.com/prepa-reines/reines/grading/submission"
)

// The corpus is graded exactly as corpus-expected.csv says (worked out by
// hand: see testdata/README.md), and the outputs are written.
func TestCorpus(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles and runs the corpus")
	}
	subs, err := export.Folders(fixtures.Dir(t, fixtures.CorpusSet), nil)
	if err != nil {
		t.Fatal(err)
	}
	opt := options(t)
	opt.TP = "01"
	opt.Limits.Timeout = 10 * time.Second // generous: the machine may be loaded
	results := make([]gradebook.Result, len(subs))
	var wg sync.WaitGroup
	next := make(chan int)
	for range 2 { // as grade -j 2 does
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				results[i] = Grade(context.Background(), subs[i], opt)
			}
		}()
	}
	for i := range subs {
		next <- i
	}
	close(next)
	wg.Wait()
	rows := checktest.ReadCSV(t, "testdata/corpus-expected.csv")
	header := rows[0]
	byStudent := map[string]gradebook.Result{}
	for _, r := range results {
		byStudent[r.Student] = r
	}
	if len(byStudent) != len(rows)-1 {
		t.Errorf("%d students graded, %d expected", len(byStudent), len(rows)-1)
	}
	for _, row := range rows[1:] {
		r, ok := byStudent[row[0]]
		if !ok {
			t.Errorf("%s: not graded", row[0])
			continue
		}
		got := map[string]float64{}
		for _, q := range r.Questions {
			got[q.ID] = q.Points
		}
		for j := 1; j < len(header)-3; j++ {
			want, _ := strconv.ParseFloat(row[j], 64)
			if got[header[j]] != want {
				t.Errorf("%s %s: %v points; want %v\n%s", row[0], header[j], got[header[j]], want, feedback.Markdown(r, true))
			}
		}
		if want, _ := strconv.ParseFloat(row[len(header)-3], 64); r.Points != want {
			t.Errorf("%s: total %v; want %v", row[0], r.Points, want)
		}
		problems := strings.Join(r.Problems, "; ")
		if want := row[len(header)-2]; (want == "") != (problems == "") || !strings.Contains(problems, want) {
			t.Errorf("%s: problems %q; want one mentioning %q", row[0], problems, want)
		}
		var flags []string
		for _, q := range r.Questions {
			flags = append(flags, q.Flags...)
		}
		if want := row[len(header)-1]; (want == "") != (len(flags) == 0) || !strings.Contains(strings.Join(flags, "; "), want) {
			t.Errorf("%s: flags %q; want one mentioning %q", row[0], flags, want)
		}
	}
	// Specific feedback: the compiler's message names the student's cell,
	// a duplicate answer cell is noted, hidden cases are not revealed.
	if c := byStudent["board-type-error"].Questions[2].Compile; !strings.Contains(c, "de la cellule « ") {
		t.Errorf("compile error not mapped to a cell: %q", c)
	}
	if n := byStudent["duplicate-answer-cell"].Questions[0].Note; !strings.Contains(n, "2 cellules") {
		t.Errorf("duplicate answer cells not noted: %q", n)
	}
	// A function in a cell that does not parse is not « absente ».
	for _, q := range byStudent["count-syntax-error"].Questions {
		if q.Compile != "" && !strings.Contains(q.Note, "une cellule ne se compile pas") {
			t.Errorf("count-syntax-error %s: note %q; want it to say that a cell does not compile", q.ID, q.Note)
		}
	}
	// A panic in the function is a panic; a program that stops without a
	// result (its memory exhausted, os.Exit) is not said to panic.
	for _, c := range []struct {
		student, note string
		want          grading.Status
	}{
		{"count-panics", "panique", grading.Panicked},
		{"board-memory-bomb", "mémoire épuisée", grading.Crashed},
		{"first-os-exit", "s'est arrêté", grading.Crashed},
	} {
		var got []string
		for _, q := range byStudent[c.student].Questions {
			for _, cr := range append(q.Public, q.HiddenKO...) {
				if cr.Status != grading.Passed {
					got = append(got, cr.Status.String()+" : "+cr.Note)
				}
				if strings.Contains(cr.Note, c.note) && cr.Status != c.want {
					t.Errorf("%s: %q is « %s »; want « %s »", c.student, cr.Note, cr.Status, c.want)
				}
			}
		}
		if !strings.Contains(strings.Join(got, "\n"), c.note) {
			t.Errorf("%s: no case says %q: %q", c.student, c.note, got)
		}
	}

	out := t.TempDir()
	if err := WriteAll(context.Background(), out, results, false); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{"grades.csv", "manual.csv", "feedback/full-01.md", "feedback/full-01.html", "gradescope/full-01/results.json"} {
		if _, err := os.Stat(filepath.Join(out, p)); err != nil {
			t.Error(err)
		}
	}
	// The teacher fills in manual.csv; merging it adds the written answer's points.
	m, err := gradebook.ReadManual(strings.NewReader("student,notebook,question,max,points,answer\nfull,full.ipynb,01/Q6,2,\"1,5\",\nfull,other.ipynb,01/Q6,2,0.5,\n"))
	if err != nil {
		t.Fatal(err)
	}
	m.Apply(results)
	if r := results[indexOf(results, "full")]; r.Points != 16.5 {
		t.Errorf("full after manual points: %v; want 16.5", r.Points)
	}
	for _, bad := range []string{"student,notebook,question,max,points,answer\nfull,full.ipynb,01/Q6,2,3,…\n", "student,question,max,points,answer\nfull,01/Q6,2,1,…\n",
		"student,notebook,question,max,points,answer\nfull,full.ipynb,01/Q6,100,50,…\n", // the maximum is the question's
		"student,notebook,question,max,points,answer\nfull,full.ipynb,01/Q4,3,3,…\n",    // not a written answer
		"student,notebook,question,max,points,answer\nfull,full.ipynb,01/Q6,2,NaN,…\n"} {
		if _, err := gradebook.ReadManual(strings.NewReader(bad)); err == nil {
			t.Errorf("manual.csv accepted:\n%s", bad)
		}
	}
}

func indexOf(rs []gradebook.Result, student string) int {
	for i, r := range rs {
		if r.Student == student {
			return i
		}
	}
	return -1
}

// The gradebook has one row per student, whatever the number of notebooks;
// of two notebooks of one TP the better graded counts, and both get their
// feedback.
func TestGradebookRows(t *testing.T) {
	q := func(id string, p float64, max int) gradebook.Question {
		return gradebook.Question{ID: id, Points: p, Max: max}
	}
	results := []gradebook.Result{
		{Student: "ana", TP: "01", File: "s/ana/01.ipynb", Questions: []gradebook.Question{q("01/Q1", 3, 3), q("01/Q2", 1, 4)}},
		{Student: "ana", TP: "02", File: "s/ana/02.ipynb", Questions: []gradebook.Question{q("02/Q1", 1, 1)}, Problems: []string{"notebook vide"}},
		{Student: "bob", TP: "01", File: "s/bob/a.ipynb", Questions: []gradebook.Question{q("01/Q1", 0, 3), q("01/Q2", 2, 4)}},
		{Student: "bob", TP: "01", File: "s/bob/b.ipynb", Questions: []gradebook.Question{q("01/Q1", 3, 3), q("01/Q2", 4, 4)}},
	}
	for i := range results {
		results[i] = results[i].Finish(results[i].TP)
	}
	results[0].Questions[1].Flags = []string{`importe "os/exec"`}
	out := t.TempDir()
	if err := WriteAll(context.Background(), out, results, false); err != nil {
		t.Fatal(err)
	}
	rows := checktest.ReadCSV(t, filepath.Join(out, "grades.csv"))
	const nb = "\u00a0" // French typography in the French columns
	want := [][]string{
		{"student", "01/Q1", "01/Q2", "02/Q1", "total", "max", "notebooks", "problems", "flags"},
		{"ana", "3", "1", "1", "5", "8", "s/ana/01.ipynb ; s/ana/02.ipynb", "02.ipynb" + nb + ": notebook vide", "01/Q2" + nb + ": importe \"os/exec\""},
		// Notebook 02 has 25 points (README).
		{"bob", "3", "4", "", "7", "32", "s/bob/b.ipynb", "a.ipynb" + nb + ": autre notebook du TP 01, moins bien noté (2 / 7), non retenu" + nb + "; aucun notebook du TP 02" + nb + ": 0 / 25", ""},
	}
	if !reflect.DeepEqual(rows, want) {
		t.Errorf("grades.csv:\n%q\nwant\n%q", rows, want)
	}
	for _, p := range []string{"feedback/bob-01.md", "feedback/bob-01-2.md", "feedback/ana-02.html"} {
		if _, err := os.Stat(filepath.Join(out, p)); err != nil {
			t.Error(err)
		}
	}
	if md, _ := os.ReadFile(filepath.Join(out, "feedback/bob-01.md")); !strings.Contains(string(md), "pas retenu") {
		t.Errorf("the feedback of the notebook that does not count does not say so:\n%s", md)
	}

	// A student named like a second notebook's feedback does not overwrite
	// it, and a name that a spreadsheet would read as a formula stays text,
	// in grades.csv and in manual.csv, which reads back the same.
	results = append(results, gradebook.Result{Student: "bob-01-2", File: "s/bob-01-2.ipynb"}.Finish(""),
		gradebook.Result{Student: "=1+2", TP: "01", File: "s/=1+2.ipynb", Questions: []gradebook.Question{{ID: "01/Q6", Max: 2, Manual: true, Answer: "=HYPERLINK(\"x\")"}}}.Finish("01"))
	out = t.TempDir()
	if err := WriteAll(context.Background(), out, results, false); err != nil {
		t.Fatal(err)
	}
	files, _ := filepath.Glob(filepath.Join(out, "feedback", "bob-01*.md"))
	if len(files) != 3 {
		t.Errorf("feedback files %v; want one per notebook of bob and bob-01-2", files)
	}
	for _, name := range []string{"grades.csv", "manual.csv"} {
		for _, row := range checktest.ReadCSV(t, filepath.Join(out, name)) {
			for _, cell := range row {
				if cell != "" && strings.ContainsRune("=+-@", rune(cell[0])) {
					t.Errorf("%s: cell %q starts like a formula", name, cell)
				}
			}
		}
	}
	m, err := os.ReadFile(filepath.Join(out, "manual.csv"))
	if err != nil {
		t.Fatal(err)
	}
	manual, err := gradebook.ReadManual(strings.NewReader(strings.Replace(string(m), "'=1+2,'=1+2.ipynb,01/Q6,2,,", "'=1+2,'=1+2.ipynb,01/Q6,2,1,", 1)))
	if err != nil {
		t.Fatal(err)
	}
	manual.Apply(results)
	if r := results[len(results)-1]; r.Points != 1 {
		t.Errorf("manual points of =1+2 not merged back: %v\n%s", r.Points, m)
	}
}

// Typical mistakes in every TP cost exactly the points their Lost says
// (derived in testdata/README.md): the questions listed there, and the
// questions whose functions call them; every other automatically graded
// question keeps full marks, written answers 0; Flag is a word of the
// teacher's flag, if any.
func TestMistakes(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles and runs a notebook of every TP")
	}
	opt := options(t)
	dir := fixtures.Dir(t, fixtures.MistakesSet)
	for _, m := range fixtures.Mistakes {
		if m.Lost == nil {
			continue // TestCascade's
		}
		t.Run(m.Name, func(t *testing.T) {
			t.Parallel() // as grade -j does
			r := Grade(context.Background(), export.Submission{Student: m.Name, Path: filepath.Join(dir, m.Name+".ipynb")}, opt)
			if r.TP != m.TP || len(r.Problems) > 0 {
				t.Fatalf("TP %s, problems %v; want TP %s and none", r.TP, r.Problems, m.TP)
			}
			for _, q := range r.Questions {
				w, ok := m.Lost[q.ID]
				switch {
				case !ok && q.Manual:
					w = 0
				case !ok:
					w = float64(q.Max)
				}
				if q.Points != w {
					t.Errorf("%s: %v points; want %v\n%s", q.ID, q.Points, w, feedback.Markdown(gradebook.Result{Questions: []gradebook.Question{q}}, true))
				}
			}
			if r.Points != m.Total {
				t.Errorf("total %v; want %v", r.Points, m.Total)
			}
			var flags []string
			for _, q := range r.Questions {
				flags = append(flags, q.Flags...)
			}
			if (m.Flag == "") != (len(flags) == 0) || !strings.Contains(strings.Join(flags, "; "), m.Flag) {
				t.Errorf("flags %q; want one mentioning %q", flags, m.Flag)
			}
		})
	}
}

// An answer without what its statement asks for (goroutines, a lock, a
// channel) costs the question.
func TestRequirements(t *testing.T) {
	src := "package main\n\nimport \"sync\"\n\nfunc F() { var mu sync.Mutex; go func() { mu.Lock() }() }\n"
	if f := requirementFlags(src, []string{"go", "sync.Mutex|sync.RWMutex"}); len(f) != 0 {
		t.Errorf("flags %q for an answer with both", f)
	}
	// sync.WaitGroup.Go starts goroutines too (Go 1.25): a correct answer
	// written with it once got 0 on 05 Q29 (second attack review).
	wg := "package main\n\nimport \"sync\"\n\nfunc F() { var wg sync.WaitGroup; wg.Go(func() {}); wg.Wait() }\n"
	if f := requirementFlags(wg, []string{"go"}); len(f) != 0 {
		t.Errorf("flags %q for an answer that starts its goroutine with wg.Go", f)
	}
	seq := "package main\n\nfunc F() int { return 1 }\n"
	f := requirementFlags(seq, []string{"go", "chan"})
	if len(f) != 2 || !strings.Contains(f[0], "goroutines") || !strings.Contains(f[1], "canal") || !strings.HasSuffix(f[0], costsFlag) {
		t.Errorf("flags %q for a sequential answer", f)
	}
}

// A table of the expected values is pointed out to the teacher, however
// its constants are written: integers, floats, hexadecimal, runes,
// arithmetic, digits in a string.
func TestTableFlag(t *testing.T) {
	wants := map[int64]bool{92: true, 352: true, 724: true, 2680: true}
	root, _ := filepath.Abs("../..")
	check := func(src string) string {
		t.Helper()
		typed, err := submission.TypeCheck(root, src, "")
		if err != nil {
			t.Fatal(err)
		}
		return tableFlag(typed, wants)
	}
	for _, c := range []struct{ src, want string }{
		{"var q = []int64{1, 1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680}", "4 des valeurs attendues (92, 352, 724, 2680"},
		{"var counts = \"1 1 0 0 2 10 4 40 92 352 724\" // read with strconv", "3 des valeurs attendues (92, 352, 724"},
		{"var q = []float64{40.0, 92.0, 352.0, 724.0}", "3 des valeurs attendues (92, 352, 724"},
		{"var q = []int{0x28, 0x5c, 0x160, 0x2d4}", "3 des valeurs attendues (92, 352, 724"},
		{"var q = []rune{'\\\\', '\\u0160', '\\u02d4', '\\u0a78'}", "4 des valeurs attendues (92, 352, 724, 2680"},
		{"var q = []int{46 * 2, 700 + 24, 352}", "3 des valeurs attendues (92, 352, 724"},
		{"const ninety = \"9\" + \"2\"\n\nvar q = []string{ninety, \"3\" + \"52\", \"7\" + \"24\"}", "3 des valeurs attendues (92, 352, 724"},
		{"func count(n int) int64 { return int64(n) * 92 }", ""},
	} {
		got := check("package main\n\n" + c.src + "\n\nfunc main() {}\n")
		if (c.want == "") != (got == "") || !strings.Contains(got, c.want) {
			t.Errorf("%s: flag %q; want one with %q", c.src, got, c.want)
		}
	}
}

// What the teacher is told: unsafe and cgo (under any name) and compiler
// directives (not a comment that mentions one) cost the question; other
// imports, init functions and calls of what the SDK reserves for grading
// are noted only.
func TestFlags(t *testing.T) {
	stubbed := map[string]bool{submission.Module + "/tp/queens.Solutions": true, submission.Module + "/tp/exactcover.Problem.Dance": true}
	for _, c := range []struct {
		src, want string
		costs     bool
	}{
		{"func F() []int { s, _ := queens.Solutions(4); return s[0] }", "appelle queens.Solutions, réservée", false},
		{"func F(p *exactcover.Problem) { p.Dance(nil) }", "appelle exactcover.Problem.Dance", false},
		{"var f = queens.Solutions\nfunc F() {}", "appelle queens.Solutions", false},
		{"func F() uintptr { return unsafe.Sizeof(0) }", "utilise le paquet \"unsafe\" : 0 point", true},
		{"//go:linkname f runtime.nanotime\nfunc f() int64", "//go:linkname", true},
		{"func F() { exec.Command(\"sh\").Run() }", "utilise le paquet \"os/exec\" : 0 point", true},
		{"func F() { os.StartProcess(\"/prog\", nil, nil) }", "lance des processus (os.StartProcess) : 0 point", true},
		{"func F() { (&cgi.Handler{Path: \"/prog\"}).ServeHTTP(nil, nil) }", "utilise le paquet \"net/http/cgi\" : 0 point", true},
		{"//go:norace\nfunc F() {}", "//go:norace", true},
		{"// pas de //go:linkname ici\nfunc F() int { return 1 }", "", false},
		{"func F() uintptr { return Sizeof(0) }", "utilise le paquet \"unsafe\"", true},
		{"func F() int { return 1 }", "", false},
	} {
		// The imports goimports would leave: those the code uses.
		imports := "\t\"net/http/cgi\"\n\t\"os\"\n\t\"os/exec\"\n\t\"github.com/prepa-reines/reines/tp/exactcover\"\n\t\"github.com/prepa-reines/reines/tp/queens\"\n"
		switch {
		case strings.Contains(c.src, "unsafe."):
			imports += "\t\"unsafe\"\n"
		case strings.Contains(c.src, "Sizeof"):
			imports += "\t. \"unsafe\"\n" // a dot import hides the package's name
		}
		src := "package main\n\nimport (\n" + imports + ")\n\n" + c.src + "\n"
		got := strings.Join(flags(src, stubbed), "; ")
		if (c.want == "") != (got == "") || !strings.Contains(got, c.want) || strings.Contains(got, costsFlag) != c.costs {
			t.Errorf("%q: flags %q; want one naming %q (costs the question: %v)", c.src, got, c.want, c.costs)
		}
	}
}

// What only the type-checked program shows costs the question too: an
// unsafe.Pointer from any package (reflect reads and writes memory with
// one, without importing unsafe), a descriptor opened by its number, a
// heap dump, a plugin, /proc and /dev/fd, however they are named (a dot
// import, a function value, a constant built by concatenation); what does
// none of it costs nothing.
func TestTypedFlags(t *testing.T) {
	root, _ := filepath.Abs("../..")
	for _, c := range []struct{ imports, src, want string }{
		{`"reflect"`, "func F(x *int) any { return reflect.ValueOf(x).UnsafePointer() }", "unsafe.Pointer (reflect.Value.UnsafePointer)"},
		{`"reflect"`, "func F(x []byte) []byte { p := reflect.ValueOf(&x[0]).UnsafePointer(); return reflect.SliceAt(reflect.TypeOf(byte(0)), p, 1<<20).Bytes() }", "unsafe.Pointer (reflect.SliceAt)"},
		{`"reflect"`, "func F(t reflect.Type) reflect.Value { return reflect.NewAt(t, nil) }", "unsafe.Pointer (reflect.NewAt)"},
		{`"sync/atomic"`, "var p = atomic.LoadPointer", "unsafe.Pointer (sync/atomic.LoadPointer)"},
		{`. "os"`, "func F() { NewFile(3, \"r\").WriteString(\"{}\") }", "os.NewFile"},
		{`"os"`, "var open = os.NewFile\n\nfunc F() { open(3, \"r\").Close() }", "os.NewFile"},
		{`"os"; "runtime/debug"`, "func F() { f, _ := os.Create(\"d\"); debug.WriteHeapDump(f.Fd()) }", "WriteHeapDump"},
		{`"plugin"`, "func F() { plugin.Open(\"/tmp/x.so\") }", "\"plugin\""},
		{`"os"`, "const self = \"/pr\" + \"oc/self\"\n\nfunc F() { os.ReadFile(self + \"/mem\") }", "/proc"},
		{`"os"`, "func F() { os.OpenFile(\"/dev/fd/3\", os.O_WRONLY, 0) }", "/dev/fd"},
		{`"os"; "reflect"; "sync/atomic"`, "var p atomic.Pointer[int]\n\nfunc F() int64 { b, _ := os.ReadFile(\"data\"); return reflect.ValueOf(len(b)).Int() + int64(*p.Load()) }", ""},
	} {
		src := "package main\n\nimport (" + c.imports + ")\n\n" + c.src + "\n\nfunc main() {}\n"
		typed, err := submission.TypeCheck(root, src, "")
		if err != nil {
			t.Errorf("%s: %v", c.src, err)
			continue
		}
		got := strings.Join(typedFlags(typed), "; ")
		if (c.want == "") != (got == "") || !strings.Contains(got, c.want) || (got != "" && !strings.HasSuffix(got, costsFlag)) {
			t.Errorf("%s: flags %q; want one naming %q, costing the question", c.src, got, c.want)
		}
	}
}

// A submission earns a question's points only by computing the answer:
// every route to a reference answer a determined student tried (a stubbed
// SDK function called directly, through a variable, a closure, a table
// built at start-up, a method value, an alias or an embedding; another
// package's solver; the grading packages; //go:linkname; unsafe) costs the
// question, with a flag naming the route; right answers written differently
// from the reference get full marks. fixtures.Adversarial gives, per
// notebook, the question, its points, a word of the flag and the questions
// whose answers call it, which get 0 too. Every other question keeps full
// marks, even when the route runs as the program starts.
func TestAdversarial(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles 61 submissions")
	}
	opt := options(t)
	dir := fixtures.Dir(t, fixtures.AdversarialSet)
	for _, a := range fixtures.Adversarial {
		t.Run(a.Name, func(t *testing.T) {
			t.Parallel() // as grade -j does
			r := Grade(context.Background(), export.Submission{Student: a.Name, Path: filepath.Join(dir, a.Name+".ipynb")}, opt)
			if len(r.Problems) > 0 {
				t.Fatalf("problems %v", r.Problems)
			}
			var found bool
			for _, q := range r.Questions {
				if q.ID != a.Question {
					// The answers calling the replaced one take its route
					// too; every other is the correction's, and a route
					// taken in one answer costs it nothing.
					want := float64(q.Max)
					if slices.Contains(a.Also, q.ID) {
						want = 0
					}
					if !q.Manual && q.Points != want {
						t.Errorf("%s: %v points; want %v\n%s", q.ID, q.Points, want, feedback.Markdown(gradebook.Result{Questions: []gradebook.Question{q}}, true))
					}
					continue
				}
				found = true
				if q.Points != a.Points {
					t.Errorf("%s: %v points; want %v\n%s", q.ID, q.Points, a.Points, feedback.Markdown(gradebook.Result{Questions: []gradebook.Question{q}}, true))
				}
				if got := strings.Join(q.Flags, "; "); (a.Flag == "") != (got == "") || !strings.Contains(got, a.Flag) {
					t.Errorf("%s: flags %q; want one mentioning %q", q.ID, got, a.Flag)
				}
			}
			if !found {
				t.Errorf("%s not graded", a.Question)
			}
		})
	}
}

// A question that fails because an earlier answer it uses fails says so,
// and an early stop of Dance that leaves the links covered gets its own
// hint (issue: misleading cascades in notebook 04).
func TestCascade(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles and runs notebooks")
	}
	opt := options(t)
	note := func(r gradebook.Result, id string) (gradebook.Question, string) {
		for _, q := range r.Questions {
			if q.ID == id {
				return q, feedback.Markdown(gradebook.Result{Questions: []gradebook.Question{q}}, true)
			}
		}
		t.Fatalf("no %s in %+v", id, r)
		return gradebook.Question{}, ""
	}
	r := Grade(context.Background(), export.Submission{Student: "hide", Path: fixtures.Path(t, fixtures.MistakesSet, "04-hide-option-no-len.ipynb")}, opt)
	if q, md := note(r, "04/Q5"); q.Points == float64(q.Max) || strings.Contains(md, "corrigez d'abord") {
		t.Errorf("04/Q5, the mistake itself: %v points, feedback\n%s\nwant points lost and no cascade note", q.Points, md)
	}
	if q, _ := note(r, "04/Q6"); q.Points == float64(q.Max) {
		t.Errorf("04/Q6 passes on a HideOption that forgets LEN")
	}
	for _, id := range []string{"04/Q6", "04/Q11"} {
		if q, md := note(r, id); q.Points < float64(q.Max) && !strings.Contains(md, "HideOption (question 5)") {
			t.Errorf("%s fails on a HideOption that forgets LEN; feedback\n%s\nwant it to point at HideOption (question 5)", id, md)
		}
	}
	r = Grade(context.Background(), export.Submission{Student: "dance", Path: fixtures.Path(t, fixtures.MistakesSet, "04-dance-stop-no-uncover.ipynb")}, opt)
	if q, md := note(r, "04/Q11"); q.Points == float64(q.Max) || !strings.Contains(md, "quand visit renvoie false") || strings.Contains(md, "corrigez d'abord") {
		t.Errorf("04/Q11 with an early stop that does not uncover: %v points, feedback\n%s\nwant the early-stop hint", q.Points, md)
	}
}

// Grading some students into a folder that holds an earlier gradebook
// keeps the others' rows, carries the teacher's points over, keeps the
// earlier files in previous/, and a gradebook it cannot read stops the
// run before anything is written.
func TestRegrade(t *testing.T) {
	out := t.TempDir()
	result := func(student string) gradebook.Result {
		return gradebook.Result{Student: student, File: "subs/" + student + "/01-recursion.ipynb", TP: "01",
			Questions: []gradebook.Question{{ID: "01/Q6", Title: "Combien de solutions", Max: 2, Manual: true, Answer: "92"}}}.Finish("01")
	}
	if err := WriteAll(context.Background(), out, []gradebook.Result{result("alice"), result("bob")}, false); err != nil {
		t.Fatal(err)
	}
	manual := filepath.Join(out, "manual.csv")
	data, _ := os.ReadFile(manual)
	filled := strings.Replace(strings.Replace(string(data), "01/Q6,2,,", "01/Q6,2,1.5,", 1), "01/Q6,2,,", "01/Q6,2,2,", 1)
	if err := os.WriteFile(manual, []byte(filled), 0o644); err != nil {
		t.Fatal(err)
	}
	// Bob had handed in a second notebook of TP 01, which he withdraws.
	second := result("bob")
	second.File = "subs/bob/copie.ipynb"
	if err := WriteAll(context.Background(), out, []gradebook.Result{result("alice"), result("bob"), second}, false); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(out, "feedback", "bob-01-2.md")); err != nil {
		t.Fatalf("bob's second notebook has no feedback: %v", err)
	}
	if err := WriteAll(context.Background(), out, []gradebook.Result{result("bob")}, false); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"feedback/bob-01-2.md", "feedback/bob-01-2.html", "gradescope/bob-01-2"} {
		if _, err := os.Stat(filepath.Join(out, f)); err == nil {
			t.Errorf("%s, from bob's earlier run, is still there", f)
		}
	}
	for _, f := range []string{"feedback/bob-01.md", "feedback/alice-01.md", "feedback/alice-01.html", "gradescope/alice-01/results.json"} {
		if _, err := os.Stat(filepath.Join(out, f)); err != nil {
			t.Errorf("after regrading bob: %v", err)
		}
	}
	// A student whose ID reads like alice's second file gets a name of
	// his own: alice's files are not overwritten.
	other := gradebook.Result{Student: "alice-01", File: "subs/x/01-recursion.ipynb", TP: ""}.Finish("")
	if err := WriteAll(context.Background(), out, []gradebook.Result{other}, false); err != nil {
		t.Fatal(err)
	}
	if md, _ := os.ReadFile(filepath.Join(out, "feedback", "alice-01.md")); !strings.Contains(string(md), "01/Q6") {
		t.Errorf("alice-01.md was overwritten by student alice-01's feedback:\n%s", md)
	}
	rows := checktest.ReadCSV(t, filepath.Join(out, "grades.csv"))
	rows = slices.DeleteFunc(rows, func(r []string) bool { return r[0] == "alice-01" })
	if len(rows) != 3 || rows[1][0] != "bob" || rows[2][0] != "alice" {
		t.Fatalf("grades.csv after regrading bob: %v; want bob's new row and alice's kept", rows)
	}
	mrows := checktest.ReadCSV(t, manual)
	got := map[string]string{}
	for _, r := range mrows[1:] {
		got[r[0]] = r[4]
	}
	if got["alice"] != "1.5" || got["bob"] != "2" {
		t.Errorf("manual.csv points after regrading bob: %v; want alice 1.5 (kept) and bob 2 (carried over)", got)
	}
	if rows[1][slices.Index(rows[0], "01/Q6")] != "2" {
		t.Errorf("bob's 01/Q6 in grades.csv: %v; want the 2 points the teacher gave", rows[1])
	}
	// Three runs replaced a gradebook, within a second or not: three
	// grades.csv and three manual.csv kept.
	if prev, _ := filepath.Glob(filepath.Join(out, "previous", "*.csv")); len(prev) != 6 {
		t.Errorf("previous/: %v; want the three earlier grades.csv and manual.csv", prev)
	}
	// A gradebook this grader did not write: nothing is touched.
	if err := os.WriteFile(filepath.Join(out, "grades.csv"), []byte("nom;note\nalice;12\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	before, _ := os.ReadFile(manual)
	if err := WriteAll(context.Background(), out, []gradebook.Result{result("bob")}, false); err == nil || !strings.Contains(err.Error(), "nothing written") {
		t.Errorf("WriteAll over a foreign grades.csv: %v; want an error saying nothing was written", err)
	}
	if after, _ := os.ReadFile(manual); string(after) != string(before) {
		t.Error("manual.csv changed although the run stopped")
	}
}

// The teacher's points and comment are carried over to a written answer
// only if it is the answer they marked: a student who rewrote it is marked
// again.
func TestRegradeChangedAnswer(t *testing.T) {
	out := t.TempDir()
	result := func(answer string) []gradebook.Result {
		return []gradebook.Result{gradebook.Result{Student: "bob", File: "subs/bob/01-recursion.ipynb", TP: "01",
			Questions: []gradebook.Question{{ID: "01/Q6", Title: "Combien de solutions", Max: 2, Manual: true, Answer: answer}}}.Finish("01")}
	}
	if err := WriteAll(context.Background(), out, result("Il y en a 92."), false); err != nil {
		t.Fatal(err)
	}
	manual := filepath.Join(out, "manual.csv")
	data, _ := os.ReadFile(manual)
	if err := os.WriteFile(manual, []byte(strings.Replace(string(data), "01/Q6,2,,Il y en a 92.,", "01/Q6,2,1.5,Il y en a 92.,à détailler", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	points := func() (string, string) {
		rows := checktest.ReadCSV(t, manual)
		return rows[1][4], rows[1][6]
	}
	if err := WriteAll(context.Background(), out, result("Il y en a\n92."), false); err != nil {
		t.Fatal(err)
	}
	if p, c := points(); p != "1.5" || c != "à détailler" {
		t.Errorf("the same answer (a line end for a space): points %q, comment %q; want 1.5 and the comment carried over", p, c)
	}
	if err := WriteAll(context.Background(), out, result("Il y en a 92 : la recherche les compte toutes."), false); err != nil {
		t.Fatal(err)
	}
	if p, c := points(); p != "" || c != "" {
		t.Errorf("a rewritten answer: points %q, comment %q; want none (to mark again)", p, c)
	}
}

// The solver of another TP answering a question is pointed out, and so is
// a package that computes part of a question's answer (01 Q3's board as
// text, which board.Board.Text writes with wider squares).
func TestToolFlags(t *testing.T) {
	q1, q3 := grading.Lookup("01/Q1"), grading.Lookup("01/Q3")
	src := "package main\n\nimport \"github.com/prepa-reines/reines/tp/cp\"\n\nvar _ = cp.NewModel\n"
	if f := toolFlags(src, "01", q1); len(f) != 1 || !strings.Contains(f[0], "tp/cp, l'outil du TP 03") {
		t.Errorf("TP 01 with tp/cp: flags %q", f)
	}
	if f := toolFlags(src, "03", grading.Lookup("03/Q2")); len(f) != 0 {
		t.Errorf("TP 03 with its own solver: flags %q", f)
	}
	src = "package main\n\nimport \"github.com/prepa-reines/reines/tp/board\"\n\nvar _ = board.Board.Text\n"
	if f := toolFlags(src, "01", q3); len(f) != 1 || !strings.Contains(f[0], "utilise tp/board (board.Board.Text") {
		t.Errorf("01 Q3 with tp/board: flags %q", f)
	}
	if f := toolFlags(src, "01", q1); len(f) != 0 {
		t.Errorf("01 Q1 with tp/board (drawing only): flags %q", f)
	}
}

// What an answer has no need of, and code that runs at start, are noted.
func TestSensitiveFlags(t *testing.T) {
	src := "package main\n\nimport \"os\"\n\nvar _ = swap()\n\nfunc swap() int { r, _, _ := os.Pipe(); os.Stdin = r; return 0 }\n\nvar _ = 3\n"
	f := strings.Join(flags(src, nil), "; ")
	for _, want := range []string{"os.Stdin", "au démarrage du programme"} {
		if !strings.Contains(f, want) {
			t.Errorf("flags %q lack %q", f, want)
		}
	}
	if f := flags("package main\n\nvar _ = 3\n\nfunc Count(n int) int { return n }\n", nil); len(f) != 0 {
		t.Errorf("flags %q for a constant blank variable", f)
	}
}

// A roster names the students, gives a row to those who handed nothing
// in, and points at submissions it does not know; a malformed roster is
// refused with its line.
func TestRoster(t *testing.T) {
	ro, err := gradebook.ReadRoster(strings.NewReader("\ufeffid,name,email,group,extension\n48213,Léa Martin,lea@example.org,A,\n48214,Jean Marc Nguyễn,jm@example.org,B,\"1,5\"\n48299,Sans Rendu,sr@example.org,A,2\n"))
	if err != nil {
		t.Fatal(err)
	}
	if s, _ := ro.Lookup("48214"); s.Extension != 1.5 || s.Group != "B" {
		t.Errorf("roster row 48214: %+v", s)
	}
	results := []gradebook.Result{
		gradebook.Result{Student: "48213", TP: "01", File: "a.ipynb", Questions: []gradebook.Question{{ID: "01/Q1", Max: 3, Points: 3, Passed: 1, Total: 1}}}.Finish("01"),
		gradebook.Result{Student: "48214", TP: "01", File: "b.ipynb"}.Finish("01"),
		gradebook.Result{Student: "99999", TP: "01", File: "c.ipynb"}.Finish("01"),
	}
	all, unknown := ro.Apply(results)
	if !slices.Equal(unknown, []string{"99999"}) {
		t.Errorf("unknown %v; want 99999", unknown)
	}
	out := t.TempDir()
	if err := WriteAll(context.Background(), out, all, false); err != nil {
		t.Fatal(err)
	}
	rows := checktest.ReadCSV(t, filepath.Join(out, "grades.csv"))
	byID := map[string][]string{}
	for _, r := range rows[1:] {
		byID[r[0]] = r
	}
	name, problems := slices.Index(rows[0], "name"), slices.Index(rows[0], "problems")
	if name != 1 || byID["48213"][name] != "Léa Martin" {
		t.Errorf("grades.csv header %v, row %v; want the roster's names in column 2", rows[0], byID["48213"])
	}
	if r := byID["48299"]; r == nil || !strings.Contains(r[problems], "non rendu") || r[slices.Index(rows[0], "total")] != "0" {
		t.Errorf("the student who handed nothing in: %v; want a row « non rendu » worth 0", r)
	}
	if r := byID["99999"]; r == nil || !strings.Contains(r[problems], "absent de la liste") {
		t.Errorf("the submission the roster lacks: %v; want it said", r)
	}
	for _, bad := range []string{"name\nx\n", "id,extension\n1,-2\n", "id\n1\n1\n"} {
		if _, err := gradebook.ReadRoster(strings.NewReader(bad)); err == nil {
			t.Errorf("roster %q accepted", bad)
		}
	}
}

// A late policy: every day started after the deadline (and the roster's
// extension) costs its share of the total, up to the cap; the gradebook
// says when, how late and what it cost; without a time from the export,
// the file's is taken and the result says so.
func TestLate(t *testing.T) {
	loc := time.FixedZone("CET", 3600)
	deadline, err := gradebook.ParseDeadline("2026-12-15 23:59", loc)
	if err != nil {
		t.Fatal(err)
	}
	perDay, _ := gradebook.ParsePercent("10%/day")
	capShare, _ := gradebook.ParsePercent("25 %")
	p := &gradebook.LatePolicy{Deadline: deadline, PerDay: perDay, Cap: capShare}
	ro, _ := gradebook.ReadRoster(strings.NewReader("id,extension\next,2\n"))
	on := deadline.Add(-time.Hour)
	late := deadline.Add(3*time.Hour + 15*time.Minute) // 3 h 15 late: one day started
	veryLate := deadline.Add(100 * time.Hour)          // 5 days started: capped at 25 %
	extended := deadline.Add(28 * time.Hour)           // 1 day 4 h late, with 2 days granted: on time
	subs := []export.Submission{{Path: "on.ipynb", SubmittedAt: on}, {Path: "late.ipynb", SubmittedAt: late}, {Path: "very.ipynb", SubmittedAt: veryLate}, {Path: "ext.ipynb", SubmittedAt: extended}}
	var results []gradebook.Result
	for _, s := range []struct{ id, file string }{{"on", "on.ipynb"}, {"late", "late.ipynb"}, {"very", "very.ipynb"}, {"ext", "ext.ipynb"}} {
		results = append(results, gradebook.Result{Student: s.id, File: s.file, TP: "01", Questions: []gradebook.Question{{ID: "01/Q1", Max: 10, Points: 10, Passed: 1, Total: 1}}}.Finish("01"))
	}
	p.Late(results, subs, ro)
	for k, want := range []struct {
		days   int
		points float64
	}{{0, 10}, {1, 9}, {5, 7.5}, {0, 10}} {
		if r := results[k]; r.LateDays != want.days || r.Points != want.points {
			t.Errorf("%s: %d days late, %v points; want %d, %v", r.Student, r.LateDays, r.Points, want.days, want.points)
		}
	}
	out := t.TempDir()
	if err := WriteAll(context.Background(), out, results, false); err != nil {
		t.Fatal(err)
	}
	rows := checktest.ReadCSV(t, filepath.Join(out, "grades.csv"))
	n := len(rows[0])
	if !slices.Equal(rows[0][n-3:], []string{"submitted_at", "late_days", "penalty"}) || !slices.Equal(rows[2][n-3:], []string{late.Format(time.RFC3339), "1", "10%"}) {
		t.Errorf("grades.csv %q; want the lateness columns", rows)
	}
	if md, _ := os.ReadFile(filepath.Join(out, "feedback", "late-01.md")); !strings.Contains(string(md), "1 jour de retard") {
		t.Errorf("feedback of the late submission:\n%s", md)
	}
	// No time from the export: the file's, said so.
	file := filepath.Join(t.TempDir(), "x.ipynb")
	os.WriteFile(file, []byte("{}"), 0o644)
	old := deadline.Add(-48 * time.Hour)
	os.Chtimes(file, old, old)
	r := []gradebook.Result{gradebook.Result{Student: "x", File: file, TP: "01"}.Finish("01")}
	p.Late(r, []export.Submission{{Path: file}}, nil)
	if !r[0].SubmittedAt.Equal(old) || !strings.Contains(strings.Join(r[0].Problems, " "), "celle du fichier") {
		t.Errorf("fallback to the file's time: %+v", r[0])
	}
	for _, bad := range []string{"150%", "-1%", "x"} {
		if _, err := gradebook.ParsePercent(bad); err == nil {
			t.Errorf("ParsePercent(%q) accepted", bad)
		}
	}
}

// A notebook from another release of its TP is pointed out; one from the
// current release, or naming none, is not.
func TestReleaseNote(t *testing.T) {
	sdk := &SDK{Releases: map[string]string{"01": "9292f6872f3f"}}
	nb := func(meta map[string]any) *notebook.Notebook { return &notebook.Notebook{Metadata: meta} }
	if n := sdk.releaseNote(nb(map[string]any{"reines": map[string]any{"tp": "01", "release": "000000000000"}}), "01"); !strings.Contains(n, "autre version du TP 01") {
		t.Errorf("older release: note %q", n)
	}
	// Whatever the metadata says is shown on one short line.
	forged := strings.Repeat("ab\ncd", 8000)
	if n := sdk.releaseNote(nb(map[string]any{"reines": map[string]any{"tp": "01", "release": forged}}), "01"); strings.ContainsAny(n, "\n\r") || len(n) > 300 || !strings.Contains(n, "version ab") {
		t.Errorf("forged release: note of %d bytes %.200q; want one short line", len(n), n)
	}
	for _, meta := range []map[string]any{{"reines": map[string]any{"tp": "01", "release": "9292f6872f3f"}}, {}} {
		if n := sdk.releaseNote(nb(meta), "01"); n != "" {
			t.Errorf("metadata %v: note %q; want none", meta, n)
		}
	}
}

// The teacher's comment on a written answer, in manual.csv's last column,
// reaches the feedback, alone or with points, and is written back.
func TestManualComment(t *testing.T) {
	m, err := gradebook.ReadManual(strings.NewReader("student,notebook,question,max,points,answer,comment\nana,a.ipynb,01/Q6,2,1.5,,Bien vu pour la symétrie.\nbob,b.ipynb,01/Q6,2,,,À développer.\n"))
	if err != nil {
		t.Fatal(err)
	}
	rs := []gradebook.Result{
		gradebook.Result{Student: "ana", File: "s/a.ipynb", TP: "01", Questions: []gradebook.Question{{ID: "01/Q6", Max: 2, Manual: true}}}.Finish("01"),
		gradebook.Result{Student: "bob", File: "s/b.ipynb", TP: "01", Questions: []gradebook.Question{{ID: "01/Q6", Max: 2, Manual: true}}}.Finish("01"),
	}
	m.Apply(rs)
	if q := rs[0].Questions[0]; q.Points != 1.5 || !strings.Contains(feedback.Markdown(rs[0], false), "Bien vu pour la symétrie.") {
		t.Errorf("ana: %+v\n%s", q, feedback.Markdown(rs[0], false))
	}
	if q := rs[1].Questions[0]; q.Points != 0 || q.Comment != "À développer." {
		t.Errorf("bob, a comment without points: %+v", q)
	}
	out := t.TempDir()
	if err := WriteAll(context.Background(), out, rs, false); err != nil {
		t.Fatal(err)
	}
	rows := checktest.ReadCSV(t, filepath.Join(out, "manual.csv"))
	if len(rows[0]) != 7 || rows[0][6] != "comment" || rows[1][6] != "Bien vu pour la symétrie." {
		t.Errorf("manual.csv %q; want the comments written back", rows)
	}
}

// A written answer the teacher has not marked yet says so everywhere
// (feedback, gradebook cell, report), instead of « 0 / 2 »; once marked,
// its points show.
func TestUnmarkedWrittenAnswer(t *testing.T) {
	r := gradebook.Result{Student: "ana", File: "s/a.ipynb", TP: "01", Questions: []gradebook.Question{
		{ID: "01/Q1", Title: "Sûreté", Max: 3, Points: 3},
		{ID: "01/Q6", Title: "Justifier", Max: 2, Manual: true, Answer: "Les reines se gênent."},
	}}.Finish("01")
	md, page := feedback.Markdown(r, false), feedback.HTML(r, "")
	for name, text := range map[string]string{"Markdown": md, "HTML": page} {
		for _, want := range []string{"pas encore notée (2 points)", "(en attente\u00a0: 2 points de réponses rédigées pas encore notées, comptés 0 pour l'instant)", "Réponse rédigée, pas encore notée par l'enseignant"} {
			if !strings.Contains(html.UnescapeString(text), want) {
				t.Errorf("%s feedback lacks %q:\n%s", name, want, text)
			}
		}
		if strings.Contains(text, "0 / 2") {
			t.Errorf("%s feedback gives 0 / 2 to an answer not marked yet:\n%s", name, text)
		}
	}
	out := t.TempDir()
	if err := WriteAll(context.Background(), out, []gradebook.Result{r}, false); err != nil {
		t.Fatal(err)
	}
	rows := checktest.ReadCSV(t, filepath.Join(out, "grades.csv"))
	if col := slices.Index(rows[0], "01/Q6"); col < 0 || rows[1][col] != "" {
		t.Errorf("grades.csv %q; want an empty 01/Q6 cell until it is marked", rows)
	}
	s := feedback.Stats([]gradebook.Result{r})
	if len(s) != 1 || s[0].Questions[5].ID != "01/Q6" || s[0].Questions[5].Zero != 0 {
		t.Errorf("the report counts an answer not marked yet as a zero: %+v", s)
	}
	if report := html.UnescapeString(feedback.ReportMarkdown(s)); s[0].Pending != 1 || !strings.Contains(report, "1 notebook dont des réponses rédigées ne sont pas encore notées") {
		t.Errorf("the report does not say that 1 notebook has written answers to mark (%d):\n%s", s[0].Pending, report)
	}
	m, err := gradebook.ReadManual(strings.NewReader("student,notebook,question,max,points,answer\nana,a.ipynb,01/Q6,2,1.5,Les reines se gênent.\n"))
	if err != nil {
		t.Fatal(err)
	}
	rs := []gradebook.Result{r}
	m.Apply(rs)
	if md := feedback.Markdown(rs[0], false); !strings.Contains(md, "1,5 / 2") || strings.Contains(md, "pas encore") || !strings.Contains(md, "4,5 / 5") {
		t.Errorf("once marked, the feedback shows the points:\n%s", md)
	}
}

// A written answer the teacher marked 0 stays marked 0: manual.csv writes
// the 0 back, and a regrade, which carries the marks over, keeps it
// (it was written back empty, and the answer was « pas encore notée » again).
func TestManualZeroKept(t *testing.T) {
	graded := func() gradebook.Result {
		return gradebook.Result{Student: "ana", File: "s/a.ipynb", TP: "01", Questions: []gradebook.Question{
			{ID: "01/Q6", Title: "Justifier", Max: 2, Manual: true, Answer: "Parce que."},
		}}.Finish("01")
	}
	m, err := gradebook.ReadManual(strings.NewReader("student,notebook,question,max,points,answer\nana,a.ipynb,01/Q6,2,0,Parce que.\n"))
	if err != nil {
		t.Fatal(err)
	}
	marked := []gradebook.Result{graded()}
	m.Apply(marked)
	out := t.TempDir()
	if err := WriteAll(context.Background(), out, marked, false); err != nil {
		t.Fatal(err)
	}
	if rows := checktest.ReadCSV(t, filepath.Join(out, "manual.csv")); len(rows) != 2 || rows[1][4] != "0" {
		t.Errorf("manual.csv %q; want the 0 written back", rows)
	}
	if err := WriteAll(context.Background(), out, []gradebook.Result{graded()}, false); err != nil { // regraded, as the notebook was
		t.Fatal(err)
	}
	rows := checktest.ReadCSV(t, filepath.Join(out, "grades.csv"))
	if col := slices.Index(rows[0], "01/Q6"); col < 0 || rows[1][col] != "0" {
		t.Errorf("grades.csv after a regrade %q; want the teacher's 0 kept", rows)
	}
	md, err := os.ReadFile(filepath.Join(out, "feedback", "ana-01.md"))
	if err != nil || strings.Contains(string(md), "pas encore notée") {
		t.Errorf("feedback after a regrade (%v): the 0 is lost:\n%s", err, md)
	}
}

// A student graded again for one TP keeps the points of the other TPs.
func TestRegradeOneTP(t *testing.T) {
	out := t.TempDir()
	r01 := gradebook.Result{Student: "alice", File: "a/01.ipynb", TP: "01", Questions: []gradebook.Question{{ID: "01/Q1", Max: 3, Points: 3, Passed: 1, Total: 1}}}.Finish("01")
	r02 := gradebook.Result{Student: "alice", File: "a/02.ipynb", TP: "02", Questions: []gradebook.Question{{ID: "02/Q1", Max: 1, Points: 1, Passed: 1, Total: 1}}}.Finish("02")
	if err := WriteAll(context.Background(), out, []gradebook.Result{r01, r02}, false); err != nil {
		t.Fatal(err)
	}
	r01.Questions[0].Points = 2
	if err := WriteAll(context.Background(), out, []gradebook.Result{r01.Finish("01")}, false); err != nil {
		t.Fatal(err)
	}
	rows := checktest.ReadCSV(t, filepath.Join(out, "grades.csv"))
	col := func(name string) string { return rows[1][slices.Index(rows[0], name)] }
	if len(rows) != 2 || col("01/Q1") != "2" || col("02/Q1") != "1" || col("total") != "3" || !strings.Contains(col("problems"), "TP 02\u00a0: notes reprises") {
		t.Errorf("grades.csv after regrading alice's TP 01: %q; want her TP 02 kept", rows)
	}
}

// Raw system calls, which can read the program's own memory, cost the
// question, under any name.
func TestSyscallCosts(t *testing.T) {
	for _, src := range []string{
		"package main\n\nimport \"syscall\"\n\nfunc Count(n int) int { return syscall.Getpid() }\n",
		"package main\n\nimport sys \"golang.org/x/sys/unix\"\n\nfunc Count(n int) int { return sys.Getpid() }\n",
	} {
		if f := strings.Join(flags(src, nil), "; "); !strings.Contains(f, costsFlag) {
			t.Errorf("flags %q for\n%s\nwant the question's cost", f, src)
		}
	}
}

// A notebook graded before, unchanged, is not graded again: its result
// comes from the cache, under the student who hands it in now; a changed
// notebook, -force, or another version of the grader grade it again.
func TestCache(t *testing.T) {
	out, subs := t.TempDir(), t.TempDir()
	path := filepath.Join(subs, "01-recursion.ipynb")
	if err := os.WriteFile(path, []byte(`{"cells": [`), 0o644); err != nil { // truncated: graded without a sandbox
		t.Fatal(err)
	}
	c, err := OpenCache(out, "v1")
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	first := c.Grade(ctx, export.Submission{Student: "ana", Path: path}, Options{TP: "01"})
	if c.Reused() != 0 || len(first.Problems) == 0 {
		t.Fatalf("first run: reused %d, problems %q; want 0 and the truncated notebook reported", c.Reused(), first.Problems)
	}
	// A second run (a cache opened again) reuses the result.
	if c, err = OpenCache(out, "v1"); err != nil {
		t.Fatal(err)
	}
	again := c.Grade(ctx, export.Submission{Student: "bob", Name: "Bob B.", Path: path}, Options{TP: "01"})
	if c.Reused() != 1 || again.Student != "bob" || again.Name != "Bob B." || !slices.Equal(again.Problems, first.Problems) {
		t.Errorf("same notebook again: reused %d, result %+v; want 1, bob's, the same problems", c.Reused(), again)
	}
	if err := os.WriteFile(path, []byte(`{"cells": [], "nbformat": 4}`), 0o644); err != nil {
		t.Fatal(err)
	}
	if c, err = OpenCache(out, "v1"); err != nil {
		t.Fatal(err)
	}
	if changed := c.Grade(ctx, export.Submission{Student: "ana", Path: path}, Options{TP: "01"}); c.Reused() != 0 || slices.Equal(changed.Problems, first.Problems) {
		t.Errorf("changed notebook: reused %d, problems %q; want it graded again", c.Reused(), changed.Problems)
	}
	if c, err = OpenCache(out, "v1"); err != nil {
		t.Fatal(err)
	}
	c.Force = true
	c.Grade(ctx, export.Submission{Student: "ana", Path: path}, Options{TP: "01"})
	if c.Reused() != 0 {
		t.Errorf("with Force: reused %d; want none", c.Reused())
	}
	c2, err := OpenCache(out, "v2")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(out, "cache", "v1")); err == nil {
		t.Error("another version's entries are kept")
	}
	c2.Grade(ctx, export.Submission{Student: "ana", Path: path}, Options{TP: "01"})
	if c2.Reused() != 0 {
		t.Errorf("another version: reused %d; want none", c2.Reused())
	}

	// The version follows the student edition and the options.
	sdk := &SDK{Key: "a"}
	v1, err := Version(sdk, Options{TP: "01", Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	if v, _ := Version(sdk, Options{TP: "01", Seed: 2}); v == v1 {
		t.Error("the version does not depend on the seed")
	}
	if v, _ := Version(&SDK{Key: "b"}, Options{TP: "01", Seed: 1}); v == v1 {
		t.Error("the version does not depend on the student edition")
	}
}

// The statistics report and the gradebook written beside it agree: the
// mean and median of the totals in grades.csv, and each question's mean,
// are the report's (report.md; report.html shows the same figures).
func TestReportMatchesGradebook(t *testing.T) {
	out := t.TempDir()
	var results []gradebook.Result
	for k, student := range []string{"ana", "bob", "cid", "dan", "eve"} {
		r := gradebook.Result{Student: student, TP: "01", File: student + ".ipynb"}.Finish("01")
		for j := range r.Questions {
			if q := &r.Questions[j]; !q.Manual {
				q.Points = float64((k*7 + j*3) % (q.Max + 1)) // some points, 0 to max
				if q.Points > 0 && j == k {
					q.Points -= 0.25 // totals with a decimal part
				}
			}
		}
		results = append(results, r.Finish("01"))
	}
	if err := WriteAll(context.Background(), out, results, false); err != nil {
		t.Fatal(err)
	}
	rows := checktest.ReadCSV(t, filepath.Join(out, "grades.csv"))
	col := func(name string) int { return slices.Index(rows[0], name) }
	var totals []float64
	for _, r := range rows[1:] {
		v, err := strconv.ParseFloat(r[col("total")], 64)
		if err != nil {
			t.Fatalf("total %q: %v", r[col("total")], err)
		}
		totals = append(totals, v)
	}
	slices.Sort(totals)
	sum := 0.0
	for _, v := range totals {
		sum += v
	}
	fr := func(x float64) string {
		return strings.ReplaceAll(strconv.FormatFloat(math.Round(x*100)/100, 'f', -1, 64), ".", ",")
	}
	md, err := os.ReadFile(filepath.Join(out, "report.md"))
	if err != nil {
		t.Fatal(err)
	}
	want := "moyenne " + fr(sum/float64(len(totals))) + ", médiane " + fr(totals[len(totals)/2]) +
		", de " + fr(totals[0]) + " à " + fr(totals[len(totals)-1])
	if !strings.Contains(string(md), want) {
		t.Errorf("report.md does not say %q, the figures of grades.csv %v:\n%s", want, totals, md)
	}
	html, _ := os.ReadFile(filepath.Join(out, "report.html"))
	if !strings.Contains(string(html), want) {
		t.Errorf("report.html does not say %q", want)
	}
	// Each automatic question's mean, from its column of grades.csv.
	for _, q := range grading.Questions("01") {
		if q.Prose() {
			continue
		}
		s := 0.0
		for _, r := range rows[1:] {
			v, _ := strconv.ParseFloat(r[col(q.ID)], 64)
			s += v
		}
		row := fmt.Sprintf("| %s | %s | %s / %d |", strings.TrimPrefix(q.ID, "01/"), grading.PlainText(q.Title), fr(s/float64(len(rows)-1)), q.Points)
		if !strings.Contains(string(md), grading.Typography(row)) {
			t.Errorf("report.md lacks the row %q of grades.csv's column %s", row, q.ID)
		}
	}
}

// A link to another student's notebook, or a named pipe, gets neither that
// student's cached result nor gives its refusal to them, and does not
// block; every result is graded under its own student.
func TestCacheRefusesLinksAndPipes(t *testing.T) {
	out, subs := t.TempDir(), t.TempDir()
	alice := filepath.Join(subs, "alice.ipynb")
	if err := os.WriteFile(alice, []byte(`{"cells": [`), 0o644); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(subs, "mallory.ipynb")
	if err := os.Symlink(alice, link); err != nil {
		t.Fatal(err)
	}
	pipe := filepath.Join(subs, "bob.ipynb")
	if err := syscall.Mkfifo(pipe, 0o644); err != nil {
		t.Fatal(err)
	}
	c, err := OpenCache(out, "v1")
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	refusedFirst := c.Grade(ctx, export.Submission{Student: "mallory", Path: link}, Options{TP: "01"})
	a := c.Grade(ctx, export.Submission{Student: "alice", Path: alice}, Options{TP: "01"})
	refusedAfter := c.Grade(ctx, export.Submission{Student: "mallory", Path: link}, Options{TP: "01"})
	for _, r := range []gradebook.Result{refusedFirst, refusedAfter} {
		if !strings.Contains(strings.Join(r.Problems, " "), "lien symbolique") {
			t.Errorf("the link: problems %q; want it refused", r.Problems)
		}
	}
	if strings.Contains(strings.Join(a.Problems, " "), "lien symbolique") || c.Reused() != 0 {
		t.Errorf("alice: problems %q, %d reused; want her own result, not the link's refusal", a.Problems, c.Reused())
	}
	done := make(chan gradebook.Result, 1)
	go func() { done <- c.Grade(ctx, export.Submission{Student: "bob", Path: pipe}, Options{TP: "01"}) }()
	select {
	case r := <-done:
		if !strings.Contains(strings.Join(r.Problems, " "), "pas un fichier ordinaire") {
			t.Errorf("the pipe: problems %q", r.Problems)
		}
	case <-time.After(10 * time.Second): // a blocked open never returns
		t.Fatal("grading a named pipe blocks")
	}
}

// A TP that cell metadata makes up is no TP.
func TestMadeUpTP(t *testing.T) {
	nb := &notebook.Notebook{Cells: []notebook.Cell{{CellType: "code", Metadata: map[string]any{"reines": map[string]any{"role": "answer", "question": "<svg>/Q1"}}}}}
	if tp := detectTP(nb, "99-x.ipynb"); tp != "" {
		t.Errorf("detectTP of a made-up TP: %q", tp)
	}
}

// A written answer left as the student edition's placeholder is « non
// rédigée » in manual.csv and in the feedback; a written one is not.
func TestUnwrittenAnswer(t *testing.T) {
	for _, c := range []struct {
		path      string
		unwritten bool
	}{
		{filepath.Join("..", "..", "notebooks", "05-domination.ipynb"), true},
		{filepath.Join("..", "..", "notebooks", "corrections", "05-domination.ipynb"), false},
	} {
		nb, err := notebook.Read(c.path)
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for _, q := range grading.Questions("05") {
			if q.Prose() {
				n++
				if got := notebook.Unwritten(nb.ProseAnswer(q.ID)); got != c.unwritten {
					t.Errorf("%s, %s: unwritten = %v; want %v", c.path, q.ID, got, c.unwritten)
				}
			}
		}
		if n == 0 {
			t.Fatal("no written question in TP 05")
		}
	}
	// Two honest layouts: the answer written in a new cell below the
	// placeholder, and the answer cell duplicated with the answer in the
	// first copy.
	student, err := notebook.Read(filepath.Join("..", "..", "notebooks", "05-domination.ipynb"))
	if err != nil {
		t.Fatal(err)
	}
	q := grading.Questions("05")[slices.IndexFunc(grading.Questions("05"), (*grading.Question).Prose)]
	at := slices.IndexFunc(student.Cells, func(c notebook.Cell) bool { m := c.Reines(); return m.Role == "prose" && m.Question == q.ID })
	below := *student
	below.Cells = slices.Insert(slices.Clone(student.Cells), at+1, notebook.Cell{CellType: "markdown", Source: notebook.Source("Une reine contrôle au plus 4n − 3 cases."), Metadata: map[string]any{}})
	twice := *student
	twice.Cells = slices.Insert(slices.Clone(student.Cells), at, student.Cells[at])
	twice.Cells[at].Source = notebook.Source("Une reine contrôle au plus 4n − 3 cases.")
	for name, nb := range map[string]*notebook.Notebook{"below": &below, "twice": &twice} {
		if got := nb.ProseAnswer(q.ID); got != "Une reine contrôle au plus 4n − 3 cases." {
			t.Errorf("%s the placeholder: answer %q", name, got)
		}
	}
	if !notebook.Unwritten("  \n") || !notebook.Unwritten("**Votre réponse :**   _(remplacez ce texte par votre réponse)_\n") || notebook.Unwritten(notebook.ProsePlaceholder+"\nLes reines se gênent.") {
		t.Error("unwritten: the placeholder, whatever its spaces, or nothing; not a placeholder followed by an answer")
	}
	rs := []gradebook.Result{gradebook.Result{Student: "ana", File: "s/a.ipynb", TP: "01", Questions: []gradebook.Question{
		{ID: "01/Q6", Max: 2, Manual: true, Answer: notebook.ProsePlaceholder, Unwritten: true},
		{ID: "01/Q7", Max: 2, Manual: true, Answer: "Les reines se gênent."},
	}}.Finish("01")}
	out := t.TempDir()
	if err := WriteAll(context.Background(), out, rs, false); err != nil {
		t.Fatal(err)
	}
	rows := checktest.ReadCSV(t, filepath.Join(out, "manual.csv"))
	if len(rows) != 3 || rows[1][5] != "(non rédigée)" || rows[2][5] != "Les reines se gênent." {
		t.Errorf("manual.csv %q; want « (non rédigée) » for the placeholder, the text of the other", rows)
	}
	md, page := feedback.Markdown(rs[0], false), feedback.HTML(rs[0], "")
	if strings.Count(md, "Réponse non rédigée") != 1 || strings.Count(page, "Réponse non rédigée") != 1 {
		t.Errorf("the feedback must say once that the answer is not written:\n%s\n%s", md, page)
	}
}
