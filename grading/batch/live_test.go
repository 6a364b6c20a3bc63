package batch

import (
	"context"
	"html"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/prepa-reines/reines/grading"
	"github.com/prepa-reines/reines/grading/fixtures"
	"github.com/prepa-reines/reines/grading/gradebook"
	"github.com/prepa-reines/reines/grading/notebook"
)

// classFile copies src to dir/student/name, or writes data there when src
// is "".
func classFile(t *testing.T, dir, student, name, src string, data []byte) string {
	t.Helper()
	if src != "" {
		var err error
		if data, err = os.ReadFile(src); err != nil {
			t.Fatal(err)
		}
	}
	path := filepath.Join(dir, student, name)
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// withAnswers is the notebook at src with the answer cells of the
// questions of answers replaced by their code.
func withAnswers(t *testing.T, src string, answers map[string]string) []byte {
	t.Helper()
	nb, err := notebook.Read(src)
	if err != nil {
		t.Fatal(err)
	}
	for i, c := range nb.Cells {
		if m := c.Reines(); m.Role == "answer" && answers[m.Question] != "" {
			nb.Cells[i].Source = notebook.Source(answers[m.Question])
		}
	}
	data, err := nb.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// publicInputs is how the checks of the teacher's build, run in this
// process on the reference answer, show question id's public cases: the
// cases of the student's check cell.
func publicInputs(t *testing.T, id string) []string {
	t.Helper()
	ex := grading.Workbook.ExerciseOf(id)
	if ex == nil {
		t.Fatalf("no exercise %s", id)
	}
	var ins []string
	for _, c := range ex.RunFunc(ex.Reference()).Cases {
		ins = append(ins, c.Input)
	}
	return ins
}

// hiddenInputs is how question id's hidden cases drawn with seed show,
// those that are not also shown as a public case.
func hiddenInputs(t *testing.T, id string, seed uint64) []string {
	t.Helper()
	all, public, err := grading.Inputs(id, true, seed)
	if err != nil {
		t.Fatal(err)
	}
	pub := publicInputs(t, id)
	var ins []string
	for _, in := range all[public:] {
		if d := grading.Judge(id, in, grading.ChildResult{Problem: "x"}).Input; !slices.Contains(pub, d) {
			ins = append(ins, d)
		}
	}
	return ins
}

// The live view runs the public cases only, those of the student
// edition's check cells, even with the teacher's seed in its options: no
// question's result counts a hidden case, every case it shows is a public
// one, and no hidden case (drawn with the test's seed, or with 0) is on
// the page. A look after nothing changed checks nothing; a notebook saved
// unchanged, or with only new outputs, keeps its result; a changed one is
// checked.
func TestLivePublicOnly(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles and runs four notebooks")
	}
	opt := options(t) // with the tests' seed: the live view must not use it
	root, _ := filepath.Abs("../..")
	dir := t.TempDir()
	alice := classFile(t, dir, "alice", "01-recursion.ipynb", filepath.Join(root, "notebooks", "corrections", "01-recursion.ipynb"), nil)
	bob := classFile(t, dir, "bob", "01-recursion.ipynb", fixtures.Path(t, fixtures.MistakesSet, "01-count-mirror-twice.ipynb"), nil)
	classFile(t, dir, "carol", "01-recursion.ipynb", filepath.Join(opt.SDK.Dir, "notebooks", "01-recursion.ipynb"), nil)
	dave := classFile(t, dir, "dave", "01-recursion.ipynb", fixtures.Path(t, fixtures.CorpusSet, "board-no-final-newline.ipynb"), nil)
	classFile(t, dir, "dave", "02-iterative.ipynb", filepath.Join(root, "notebooks", "corrections", "02-iterative.ipynb"), nil) // another TP's: not looked at
	l := &Live{Dir: dir, TP: "01", Out: t.TempDir(), Opt: opt}
	rows, st, err := l.Refresh(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 4 || st.Changed != 4 || st.Graded != 4 {
		t.Fatalf("%d rows, %d changed, %d checked; want 4, 4, 4", len(rows), st.Changed, st.Graded)
	}
	for _, r := range rows {
		if r.Result == nil {
			t.Fatalf("%s: no result", r.Student)
		}
		if filepath.Base(r.Path) != "01-recursion.ipynb" {
			t.Errorf("%s: looked at %s", r.Student, r.Path)
		}
		for _, q := range r.Result.Questions {
			if q.Manual {
				continue
			}
			pub := publicInputs(t, q.ID)
			if q.Hidden != 0 || len(q.HiddenKO) != 0 || q.HiddenOK != 0 {
				t.Errorf("%s %s: %d hidden cases run", r.Student, q.ID, q.Hidden)
			}
			if q.Total+q.Unjudged != len(pub) || len(q.Public) != len(pub) {
				t.Errorf("%s %s: %d cases judged, %d shown; the student edition has %d public ones", r.Student, q.ID, q.Total+q.Unjudged, len(q.Public), len(pub))
			}
			for _, c := range q.Public {
				if !slices.Contains(pub, c.Input) {
					t.Errorf("%s %s: case %q is not a public one", r.Student, q.ID, c.Input)
				}
			}
		}
	}
	v := NewLiveView("01", rows, st, time.Now(), 30*time.Second, 10*time.Minute)
	page := LiveHTML(v)
	marks := map[string]string{}
	for _, s := range v.Students {
		for _, m := range s.Marks {
			marks[s.ID] += m.Sym
		}
	}
	// alice: the correction; bob: Count doubles (fixtures.Mistakes);
	// carol: the untouched edition; dave: Board without the final newline
	// (corpus-expected.csv).
	for student, want := range map[string]string{"alice": "✔✔✔✔✔", "bob": "✔✔✔✘✔", "carol": "·····", "dave": "✔✔✘✔✔"} {
		if marks[student] != want {
			t.Errorf("%s: marks %s; want %s", student, marks[student], want)
		}
	}
	for _, q := range v.Questions {
		pass := map[string]int{"01/Q3": 2, "01/Q4": 2}[q.ID]
		if pass == 0 {
			pass = 3
		}
		if q.Pass != pass || q.Of != 4 {
			t.Errorf("%s: passed by %d of %d; want %d of 4", q.ID, q.Pass, q.Of, pass)
		}
		if (q.Common != nil) != (q.ID == "01/Q3" || q.ID == "01/Q4") {
			t.Errorf("%s: most frequent failure %+v", q.ID, q.Common)
		}
		if c := q.Common; c != nil {
			if !slices.Contains(publicInputs(t, q.ID), c.Input) || c.Students != 1 {
				t.Errorf("%s: most frequent failure %q by %d; want a public case, by 1", q.ID, c.Input, c.Students)
			}
			if !strings.Contains(page, "<code>"+html.EscapeString(c.Input)+"</code>") {
				t.Errorf("%s: %q not on the page", q.ID, c.Input)
			}
		}
		for _, seed := range []uint64{0, 1} {
			for _, d := range hiddenInputs(t, q.ID, seed) {
				if strings.Contains(page, "<code>"+html.EscapeString(d)+"</code>") {
					t.Errorf("%s: the hidden case %q (seed %d) is on the page", q.ID, d, seed)
				}
			}
		}
	}
	for _, word := range []string{"point", "caché", "/ 15", "note :"} {
		if strings.Contains(page, word) {
			t.Errorf("the page says %q: nothing is graded, no hidden case is run", word)
		}
	}
	if !strings.Contains(page, `<meta http-equiv="refresh" content="30">`) {
		t.Error("the page does not reload itself every 30 s")
	}

	// Nothing saved: nothing checked.
	if _, st, err = l.Refresh(context.Background()); err != nil || st.Changed != 0 || st.Graded != 0 {
		t.Errorf("look with nothing saved: %d changed, %d checked, %v; want 0, 0", st.Changed, st.Graded, err)
	}
	// bob saves without a change, alice after running a cell (its output
	// and count change): their results stay; dave fixes his Board:
	// checked again.
	nb, err := notebook.Read(alice)
	if err != nil {
		t.Fatal(err)
	}
	for i, c := range nb.Cells {
		if c.CellType == "code" {
			count := 99
			nb.Cells[i].ExecutionCount = &count
			nb.Cells[i].Outputs = append(nb.Cells[i].Outputs, []byte(`{"output_type":"stream","name":"stdout","text":["ok\n"]}`))
			break
		}
	}
	ran, err := nb.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(alice, ran, 0o644); err != nil {
		t.Fatal(err)
	}
	later := time.Now().Add(time.Minute)
	if err := os.Chtimes(bob, later, later); err != nil {
		t.Fatal(err)
	}
	fixed := withAnswers(t, dave, map[string]string{"01/Q3": "func Board(p queens.Placement) string {\n\tvar b strings.Builder\n\tfor _, c := range p {\n\t\tfor col := range len(p) {\n\t\t\tif col == c {\n\t\t\t\tb.WriteByte('Q')\n\t\t\t} else {\n\t\t\t\tb.WriteByte('.')\n\t\t\t}\n\t\t}\n\t\tb.WriteByte('\\n')\n\t}\n\treturn b.String()\n}"})
	if err := os.WriteFile(dave, fixed, 0o644); err != nil {
		t.Fatal(err)
	}
	rows, st, err = l.Refresh(context.Background())
	if err != nil || st.Changed != 3 || st.Graded != 1 {
		t.Fatalf("look after three saves: %d changed, %d checked, %v; want 3, 1", st.Changed, st.Graded, err)
	}
	v = NewLiveView("01", rows, st, time.Now(), 30*time.Second, 10*time.Minute)
	if got := v.Students[3].Marks[2].Sym; v.Students[3].ID != "dave" || got != "✔" {
		t.Errorf("%s Q3 after the fix: %s; want dave ✔", v.Students[3].ID, got)
	}
}

// A hostile notebook in one student's folder cannot change the page, nor
// another student's row: the code that writes into another's folder runs
// in the sandbox (it sees nothing of the class), what it prints or panics
// with, its name and its folder's name are shown as text; a notebook that
// is a link to another's, or a pipe, is refused without being read.
func TestLiveHostile(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles and runs notebooks")
	}
	opt := options(t)
	root, _ := filepath.Abs("../..")
	correction := filepath.Join(root, "notebooks", "corrections", "01-recursion.ipynb")
	dir := t.TempDir()
	alice := classFile(t, dir, "alice", "01-recursion.ipynb", correction, nil)
	before, _ := os.ReadFile(alice)
	const script = `<script>alert(1)</script>`
	hostile := withAnswers(t, correction, map[string]string{
		"01/Q1": "func IsSafe(p queens.Placement, row, col int) bool {\n\t_ = os.WriteFile(" + `"` + alice + `"` + ", []byte(\"pwned\"), 0o644)\n\tfmt.Println(\"</td></tr></table>" + strings.ReplaceAll(script, `"`, `\"`) + "\")\n\tpanic(\"</td>" + script + "\")\n}",
		"01/Q3": "func Board(p queens.Placement) string {\n\treturn \"</pre>" + script + "\\n<img src=x onerror=alert(2)>\\n\"\n}",
	})
	classFile(t, dir, "mallory", "01-recursion.ipynb", "", hostile)
	classFile(t, dir, `<img src=x onerror=alert(3)>`, "01-recursion.ipynb", "", hostile)
	if err := os.MkdirAll(filepath.Join(dir, "eve"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(alice, filepath.Join(dir, "eve", "01-recursion.ipynb")); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(dir, "fred"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(filepath.Join(dir, "fred", "01-recursion.ipynb"), 0o644); err != nil {
		t.Fatal(err)
	}
	l := &Live{Dir: dir, TP: "01", Out: t.TempDir(), Opt: opt, Jobs: 2}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	rows, st, err := l.Refresh(ctx)
	if err != nil {
		t.Fatal(err)
	}
	v := NewLiveView("01", rows, st, time.Now(), 30*time.Second, 10*time.Minute)
	page := LiveHTML(v)
	if after, _ := os.ReadFile(alice); string(after) != string(before) {
		t.Error("alice's notebook changed")
	}
	byID := map[string]LiveStudent{}
	for _, s := range v.Students {
		byID[s.ID] = s
	}
	var marks string
	for _, m := range byID["alice"].Marks {
		marks += m.Sym
	}
	if marks != "✔✔✔✔✔" || byID["alice"].Problem != "" {
		t.Errorf("alice: %s, %q; want ✔✔✔✔✔ and no problem", marks, byID["alice"].Problem)
	}
	for _, id := range []string{"mallory", `<img src=x onerror=alert(3)>`} {
		if s := byID[id]; len(s.Marks) != 5 || s.Marks[0].Sym != "✘" || s.Marks[2].Sym != "✘" {
			t.Errorf("%s: %+v; want Q1 and Q3 ✘", id, s.Marks)
		}
	}
	for _, id := range []string{"eve", "fred"} {
		s := byID[id]
		if !strings.Contains(s.Problem, "refusé") || slices.ContainsFunc(s.Marks, func(m LiveMark) bool { return m.Sym == "✔" }) {
			t.Errorf("%s: %q, %+v; want refused, no ✔", id, s.Problem, s.Marks)
		}
	}
	for _, bad := range []string{"<script", "<img", "</table><"} {
		if strings.Contains(page, bad) {
			t.Errorf("the page holds %q", bad)
		}
	}
	if !strings.Contains(page, "&lt;img src=x onerror=alert(3)&gt;") {
		t.Error("the student named <img …> is not shown as text")
	}
}

// The view of hand-made results: each mark says what its question's
// result says; the most frequent failing case is the one most students
// fail, shown with the answer most of them give; idle students are
// pointed out; what the students provide is text on the page.
func TestLiveView(t *testing.T) {
	now := time.Date(2026, 12, 2, 10, 30, 0, 0, time.Local)
	cs := func(in, got string, st grading.Status) grading.CaseResult {
		return grading.CaseResult{Input: in, Want: "2", Got: got, Status: st}
	}
	ok, ko := grading.Passed, grading.Failed
	res := func(qs ...gradebook.Question) *gradebook.Result {
		r := gradebook.Result{Questions: qs}.Finish("01")
		return &r
	}
	q := func(id string, cases ...grading.CaseResult) gradebook.Question {
		g := gradebook.Question{ID: id, Public: cases}
		for _, c := range cases {
			g.Total++
			if c.Status == ok {
				g.Passed++
			}
		}
		return g
	}
	rows := []LiveRow{
		{Student: "a", Path: "a.ipynb", Saved: now.Add(-time.Minute), Result: res(q("01/Q4", cs("n = 1", "2", ok), cs("n = 5", "2", ok)))},
		{Student: "b", Path: "b.ipynb", Saved: now.Add(-20 * time.Minute), Result: res(q("01/Q4", cs("n = 1", "4", ko), cs("n = 5", "3", ko)))},
		{Student: "<i>c</i>", Path: "c.ipynb", Saved: now.Add(-2 * time.Minute), Result: res(q("01/Q4", cs("n = 1", "2", ok), cs("n = 5", "</code><script>x()</script>", ko)))},
		{Student: "d", Path: "d.ipynb", Saved: now.Add(-3 * time.Minute), Result: res(q("01/Q4", cs("n = 1", "2", ok), cs("n = 5", "</code><script>x()</script>", ko)),
			gradebook.Question{ID: "01/Q3", Compile: "erreur"}, q("01/Q1", cs("n = 1", "", grading.NotImplemented)))},
		{Student: "e"},
	}
	v := NewLiveView("01", rows, RefreshStats{Students: 5, Changed: 1, Graded: 1, Took: 1500 * time.Millisecond}, now, 30*time.Second, 10*time.Minute)
	marks := map[string]string{}
	idle := ""
	for _, s := range v.Students {
		for _, m := range s.Marks {
			marks[s.ID] += m.Sym
		}
		if s.Idle {
			idle += s.ID
		}
	}
	// Questions 01/Q1 … Q5: only Q4 has results, and d's Q3 and Q1.
	for student, want := range map[string]string{"a": "–––✔–", "b": "–––✘–", "<i>c</i>": "–––✘–", "d": "·–⚠✘–", "e": "–––––"} {
		if marks[student] != want {
			t.Errorf("%s: %s; want %s", student, marks[student], want)
		}
	}
	if idle != "b" {
		t.Errorf("idle: %q; want b", idle)
	}
	q4 := v.Questions[3]
	if q4.Pass != 1 || q4.Of != 4 || q4.Common == nil || q4.Common.Input != "n = 5" || q4.Common.Students != 3 || q4.Common.Got != "</code><script>x()</script>" || q4.Common.Example != "<i>c</i>" {
		t.Errorf("Q4: %d of %d, %+v; want 1 of 4, n = 5 failed by 3, as <i>c</i> does", q4.Pass, q4.Of, q4.Common)
	}
	page := LiveHTML(v)
	for _, bad := range []string{"<script", "<i>"} {
		if strings.Contains(page, bad) {
			t.Errorf("the page holds %q", bad)
		}
	}
	for _, want := range []string{"&lt;i&gt;c&lt;/i&gt;", "1 / 4", "échoué chez 3 élèves", "il y a 20 min", "1 notebook sur 5 lu de nouveau en 1,5 s", "toutes les 30 s", "La case est-elle sûre" + grading.NBSP + "?"} {
		if !strings.Contains(page, want) {
			t.Errorf("the page does not say %q", want)
		}
	}
}

// In a folder of homes, each student's notebook of the TP is the one in
// the folder given, named as in the edition; a home or a folder on the way
// that is a link is refused (it could lead to another student's work);
// hidden folders, lost+found and files are no students.
func TestHomeNotebooks(t *testing.T) {
	dir := t.TempDir()
	nb := filepath.Join("reines", "notebooks", "01-recursion.ipynb")
	alice := classFile(t, dir, "alice", nb, "", []byte("{}"))
	classFile(t, dir, "alice", filepath.Join("reines", "notebooks", "01-recursion-Copy1.ipynb"), "", []byte("{}"))
	classFile(t, dir, ".snapshot", nb, "", []byte("{}"))
	classFile(t, dir, "lost+found", "x", "", nil)
	classFile(t, dir, "dave", filepath.Join("reines", "notebooks", "02-iterative.ipynb"), "", []byte("{}"))
	if err := os.WriteFile(filepath.Join(dir, "notes.txt"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, d := range []string{"bob", "carol"} {
		if err := os.MkdirAll(filepath.Join(dir, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink(filepath.Join(dir, "alice", "reines"), filepath.Join(dir, "bob", "reines")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(dir, "alice"), filepath.Join(dir, "eve")); err != nil {
		t.Fatal(err)
	}
	subs, err := homeNotebooks(dir, filepath.Join("reines", "notebooks"), "01")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, s := range subs {
		got = append(got, s.Student)
		switch s.Student {
		case "alice":
			if s.Path != alice || s.Refused != "" {
				t.Errorf("alice: %q, %q; want %s", s.Path, s.Refused, alice)
			}
		case "bob", "eve":
			if !strings.Contains(s.Refused, "lien symbolique") {
				t.Errorf("%s: not refused (%q)", s.Student, s.Path)
			}
		case "carol", "dave":
			if s.Path != "" || s.Refused != "" {
				t.Errorf("%s: %q, %q; want no notebook", s.Student, s.Path, s.Refused)
			}
		}
	}
	if want := []string{"alice", "bob", "carol", "dave", "eve"}; !slices.Equal(got, want) {
		t.Errorf("students %v; want %v", got, want)
	}
}
