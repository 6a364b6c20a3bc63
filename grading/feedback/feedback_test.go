package feedback

import (
	"context"
	"errors"
	"html"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	_ "github.com/prepa-reines/reines/grading/workbook" // registers the TPs' questions (Stats, Finish)

	"github.com/prepa-reines/reines/grading"
	"github.com/prepa-reines/reines/grading/gradebook"
	"github.com/prepa-reines/reines/tp/board"
)

// The feedback's French agrees in number, and Gradescope's output per
// question holds that question only.
func TestFeedbackWording(t *testing.T) {
	q := gradebook.Question{ID: "01/Q4", Title: "Compter", Max: 3, Passed: 1, Total: 2, Hidden: 1,
		Public: []grading.CaseResult{{Input: "n = 1", Status: grading.Passed}}}
	md := questionMarkdown(q, false)
	for _, want := range []string{"1 cas réussi sur 2 (dont 0/1 cas caché).", "- ✘ 1 cas caché échoué\n"} {
		if !strings.Contains(md, want) {
			t.Errorf("feedback %q lacks %q", md, want)
		}
	}
	q.Passed, q.Total, q.Hidden, q.HiddenOK = 5, 7, 3, 1
	if md := questionMarkdown(q, false); !strings.Contains(md, "5 cas réussis sur 7 (dont 1/3 cas cachés).") || !strings.Contains(md, "2 cas cachés échoués") {
		t.Errorf("feedback %q", md)
	}
	// The page says it too, when the failed hidden cases have no kind.
	if h := HTML(gradebook.Result{Student: "ana", TP: "01", Questions: []gradebook.Question{q}}, ""); !strings.Contains(h, `<p class="ko">✘ 2 cas cachés échoués</p>`) {
		t.Errorf("feedback page lacks the failed hidden cases:\n%s", h)
	}
	g := Gradescope(gradebook.Result{Student: "ana", TP: "01", Questions: []gradebook.Question{q}})
	if out := g.Tests[0].Output; strings.Contains(out, "Total") || strings.Contains(out, "#") {
		t.Errorf("Gradescope output repeats the page's header: %q", out)
	}
}

// The class's statistics: per TP the totals' mean, median and range, per
// question the mean and the shares of full marks and zeros.
func TestStats(t *testing.T) {
	mk := func(student string, q1, q2 float64) gradebook.Result {
		return gradebook.Result{Student: student, TP: "01", File: student + ".ipynb", Questions: []gradebook.Question{
			{ID: "01/Q1", Max: 3, Points: q1}, {ID: "01/Q2", Max: 4, Points: q2}}}.Finish("01")
	}
	fail := func(input string, st grading.Status) grading.CaseResult {
		return grading.CaseResult{Input: input, Status: st, Board: &board.Board{N: 4}}
	}
	a, b, c := mk("a", 3, 4), mk("b", 3, 0), mk("c", 0, 2)
	// b and c fail n = 4 of Q2 (c twice over: one student, once), c a
	// hidden case by the time limit and n = 1 of Q1 with a compile error;
	// a stub left as it was is no failure.
	b.Questions[1].Public = []grading.CaseResult{fail("n = 4", grading.Failed), fail("n = 0", grading.NotImplemented)}
	c.Questions[1].Public = []grading.CaseResult{fail("n = 4", grading.Panicked), fail("n = 4", grading.Failed)}
	c.Questions[1].HiddenKO = []grading.CaseResult{fail("n = 9", grading.TimedOut)}
	c.Questions[0].Public = []grading.CaseResult{fail("n = 1", grading.Failed)}
	c.Questions[0].Compile = "cellule : erreur"
	b.Questions[0].Flags = []string{"os/exec"}
	st := Stats([]gradebook.Result{a, b, c, {Student: "d", Problems: []string{"non rendu"}}})
	if len(st) != 1 {
		t.Fatalf("stats %+v; want TP 01 alone", st)
	}
	s := st[0]
	if s.Students != 3 || s.Mean != 4 || s.Median != 3 || s.Least != 2 || s.Most != 7 { // totals 7, 3, 2
		t.Errorf("TP 01 totals: %+v; want 3 students, mean 4, median 3, from 2 to 7", s)
	}
	// The Markdown's table of totals: the totals reached, one row each.
	if md := ReportMarkdown(st); !strings.Contains(md, "| 2 | 1 |\n| 3 | 1 |\n| 7 | 1 |\n") || strings.Contains(md, "| 4 | 0 |") {
		t.Errorf("the table of totals is not 2, 3 and 7 once each:\n%s", md)
	}
	q1 := s.Questions[slices.IndexFunc(s.Questions, func(q QuestionStats) bool { return q.ID == "01/Q1" })]
	if q1.Mean != 2 || math.Abs(q1.Full-2.0/3) > 1e-9 || math.Abs(q1.Zero-1.0/3) > 1e-9 {
		t.Errorf("01/Q1: %+v; want mean 2, two thirds full, one third zero", q1)
	}
	q2 := s.Questions[slices.IndexFunc(s.Questions, func(q QuestionStats) bool { return q.ID == "01/Q2" })]
	if q2.Median != 2 || q1.Median != 3 { // Q2: 0, 2, 4; Q1: 0, 3, 3
		t.Errorf("medians: Q1 %v, Q2 %v; want 3 and 2", q1.Median, q2.Median)
	}
	if s.CompileErrors != 1 || s.TimeOuts != 1 || s.Flagged != 1 || s.Problems != 0 || s.Pending != 0 {
		t.Errorf("outcomes: %d compile errors, %d time-outs, %d flagged, %d problems, %d pending; want 1, 1, 1, 0, 0", s.CompileErrors, s.TimeOuts, s.Flagged, s.Problems, s.Pending)
	}
	type fc struct {
		q, in    string
		hidden   bool
		students int
	}
	var failed []fc
	for _, f := range s.Failed {
		failed = append(failed, fc{f.Question, f.Input, f.Hidden, f.Students})
		if f.Board == nil {
			t.Errorf("failed case %s %s without its board", f.Question, f.Input)
		}
	}
	if want := []fc{{"01/Q2", "n = 4", false, 2}, {"01/Q1", "n = 1", false, 1}, {"01/Q2", "n = 9", true, 1}}; !slices.Equal(failed, want) {
		t.Errorf("failed cases %v; want %v", failed, want)
	}
	html := ReportHTML(st, "")
	for _, want := range []string{"TP 01", "3 étudiants", "moyenne 4", "médiane 3", "reines-chart", "1 notebook avec une erreur de compilation", "n = 9 (caché)"} {
		if !strings.Contains(html, want) {
			t.Errorf("report.html lacks %q", want)
		}
	}
	if n := strings.Count(html, `class="reines-chart"`); n < 2+3 { // histogram, questions, 3 boards
		t.Errorf("report.html has %d charts; want 2 and the boards of 3 failed cases", n)
	}
	md := ReportMarkdown(st)
	for _, want := range []string{"## TP 01", "| Q2 |", "| 7 | 1 |", "| Q2 | n = 4 | 2 |", "1 notebook arrêté au délai"} {
		if !strings.Contains(md, want) {
			t.Errorf("report.md lacks %q:\n%s", want, md)
		}
	}
}

// A question without hidden cases says nothing of them, never « 0/0 ».
func TestNoHiddenSummary(t *testing.T) {
	if s := casesSummary(gradebook.Question{Passed: 1, Total: 2}); s != "1 cas réussi sur 2." {
		t.Errorf("summary %q; want « 1 cas réussi sur 2. »", s)
	}
}

// A mark of manual.csv goes to the answer it was given to: an answer
// rewritten since (a notebook handed in again) is left to mark again, and
// Apply names it; without the answer column, the mark goes to the answer.
func TestManualRewrittenAnswer(t *testing.T) {
	m, err := gradebook.ReadManual(strings.NewReader("student,notebook,question,max,points,answer\nana,a.ipynb,01/Q6,2,2,Les reines  se gênent.\nbob,b.ipynb,01/Q6,2,2,Une réponse juste.\ncarl,c.ipynb,01/Q6,2,1,\n"))
	if err != nil {
		t.Fatal(err)
	}
	rs := []gradebook.Result{
		gradebook.Result{Student: "ana", File: "s/a.ipynb", TP: "01", Questions: []gradebook.Question{{ID: "01/Q6", Max: 2, Manual: true, Answer: "Les reines\nse gênent."}}}.Finish("01"),
		gradebook.Result{Student: "bob", File: "s/b.ipynb", TP: "01", Questions: []gradebook.Question{{ID: "01/Q6", Max: 2, Manual: true, Answer: "Tout autre chose."}}}.Finish("01"),
		gradebook.Result{Student: "carl", File: "s/c.ipynb", TP: "01", Questions: []gradebook.Question{{ID: "01/Q6", Max: 2, Manual: true, Answer: "Quelque chose."}}}.Finish("01"),
	}
	stale := m.Apply(rs)
	if q := rs[0].Questions[0]; !q.Marked || q.Points != 2 {
		t.Errorf("ana, the answer marked (spaces aside): %+v", q)
	}
	if q := rs[1].Questions[0]; q.Marked || q.Points != 0 || !strings.Contains(Markdown(rs[1], false), "pas encore notée") {
		t.Errorf("bob, an answer rewritten since its mark: %+v", q)
	}
	if q := rs[2].Questions[0]; !q.Marked || q.Points != 1 {
		t.Errorf("carl, a mark without the answer column: %+v", q)
	}
	if want := []string{"bob b.ipynb 01/Q6"}; !slices.Equal(stale, want) {
		t.Errorf("Apply returned %q; want %q", stale, want)
	}
}

// A student ID that names no file (a file "..ipynb", ".ipynb") still gets a
// feedback file of its own, inside the feedback folder.
func TestOddNames(t *testing.T) {
	long := strings.Repeat("é", 127) // 254 bytes: a legal file name, too long with "-01-2.html"
	if a, b := fileName(gradebook.Result{Student: long, TP: "01"}), fileName(gradebook.Result{Student: long + "x", TP: "01"}); len(a) > 240 || a == b || !utf8.ValidString(a) {
		t.Errorf("fileName of long IDs: %q (%d bytes), %q", a, len(a), b)
	}
	for _, id := range []string{"", ".", "..", "a\nb"} {
		name := fileName(gradebook.Result{Student: id})
		if name == "" || strings.Trim(name, ".") == "" || filepath.Base(name) != name || strings.ContainsAny(name, "\n/") {
			t.Errorf("fileName(%q) = %q", id, name)
		}
	}
	// Names that differ by a character a file system refuses differ still.
	if a, b := fileName(gradebook.Result{Student: "a:b", TP: "01"}), fileName(gradebook.Result{Student: "a_b", TP: "01"}); a == b || b != "a_b-01" || !strings.HasPrefix(a, "a_b~") || !strings.HasSuffix(a, "-01") {
		t.Errorf("fileName of a:b and a_b: %q, %q", a, b)
	}
}

// A value or a name a student controls cannot close its code span or
// become markup in the Markdown feedback (the .md files, Gradescope).
func TestMarkdownEscapes(t *testing.T) {
	for v, want := range map[string]string{"x": "`x`", "a`b": "``a`b``", "`<img>`": "`` `<img>` ``", "``": "``` `` ```"} {
		if got := mdCode(v); got != want {
			t.Errorf("mdCode(%q) = %q; want %q", v, got, want)
		}
	}
	r := gradebook.Result{Student: "<img src=x onerror=alert(1)>", TP: "01", Questions: []gradebook.Question{{ID: "01/Q3", Max: 2, Total: 1,
		Public:  []grading.CaseResult{{Input: "p = [0]", Status: grading.Failed, Want: "Q", Got: "` <script>alert(1)</script> `", Note: "[lien](javascript:alert(1))"}},
		Compile: "ligne 1 : ```\n<b>"}}}.Finish("01")
	r.Problems = []string{"notebook d'une autre version (version x\n\n<img src=x onerror=alert(1)> [Cliquez](https://e.example))"}
	md := Markdown(r, false)
	for _, bad := range []string{"— <img", "[lien](", "\n```\n<b>", "> <img", "[Cliquez](", " <img src"} {
		if strings.Contains(md, bad) {
			t.Errorf("feedback holds %q unescaped:\n%s", bad, md)
		}
	}
	if !strings.Contains(md, `\<img`) || !strings.Contains(md, "`` ` <script>alert(1)</script> ` ``") {
		t.Errorf("the value is not in a code span it cannot close:\n%s", md)
	}
}

// The failed hidden cases say which kinds of input they are (an error
// case, an edge case, a large n), counted, from the cases, and neither the
// cases nor how each failed (a status the student's code chooses would
// tell the cases apart: a panic on one, a wrong answer on another).
func TestHiddenKinds(t *testing.T) {
	late := grading.Judge("01/Q5", []byte(`{"N":23}`), grading.ChildResult{Problem: "délai"})
	refused := grading.Judge("01/Q2", []byte(`{"N":-7}`), grading.ChildResult{Problem: "panique"})
	edge := grading.Judge("01/Q5", []byte(`{"N":0}`), grading.ChildResult{Problem: "panique"})
	late2 := grading.Judge("01/Q5", []byte(`{"N":25}`), grading.ChildResult{Problem: "panique"})
	late.Status = grading.TimedOut
	q := gradebook.Question{ID: "01/Q5", Title: "Première solution", Max: 2, Passed: 0, Total: 4, Hidden: 4,
		HiddenKO: []grading.CaseResult{late, refused, edge, late2}}
	md := questionMarkdown(q, false)
	for _, want := range []string{"- ✘ 4 cas cachés échoués\n", "  - grand n, au-delà des cas publics : 2 cas\n",
		"  - cas d'erreur (entrée à refuser) : 1 cas\n", "  - cas limite (n ≤ 1) : 1 cas\n"} {
		if !strings.Contains(md, want) {
			t.Errorf("feedback lacks %q:\n%s", want, md)
		}
	}
	for _, secret := range []string{"23", "25", "-7", late.Want, refused.Want, "délai", "panique"} {
		if strings.Contains(md, secret) {
			t.Errorf("feedback gives the hidden case away (%q):\n%s", secret, md)
		}
	}
	page := HTML(gradebook.Result{Student: "ana", TP: "01", Questions: []gradebook.Question{q}}.Finish("01"), "")
	for _, want := range []string{"4 cas cachés échoués", "<li>grand n, au-delà des cas publics\u00a0: 2 cas</li>", "<li>cas d&#39;erreur (entrée à refuser)\u00a0: 1 cas</li>"} {
		if !strings.Contains(page, want) {
			t.Errorf("HTML feedback lacks %q:\n%s", want, page)
		}
	}
	if strings.Contains(page, "n = 23") || strings.Contains(page, "délai") {
		t.Errorf("HTML feedback gives the hidden case away:\n%s", page)
	}
	if typo := grading.Typography(md); !strings.Contains(typo, "publics\u00a0: 2 cas") {
		t.Errorf("no French typography in the hint:\n%s", typo)
	}
}

// A written answer the teacher has marked for some students only: its
// row in the report says for how many its figures stand, so that the
// students still waiting do not read as a class of zeros.
func TestStatsWrittenPending(t *testing.T) {
	mk := func(student string, q6 gradebook.Question) gradebook.Result {
		q6.ID, q6.Max, q6.Manual = "01/Q6", 2, true
		return gradebook.Result{Student: student, TP: "01", File: student + ".ipynb", Questions: []gradebook.Question{q6}}.Finish("01")
	}
	rs := []gradebook.Result{mk("a", gradebook.Question{Marked: true, Points: 1.5}), mk("b", gradebook.Question{Unwritten: true}), mk("c", gradebook.Question{})}
	st := Stats(rs)
	q6 := st[0].Questions[slices.IndexFunc(st[0].Questions, func(q QuestionStats) bool { return q.ID == "01/Q6" })]
	if q6.Counted != 2 || q6.Mean != 0.75 || q6.Zero != 0.5 { // a's 1,5 and b's 0; c awaits its mark
		t.Errorf("01/Q6: %+v; want 2 counted, mean 0,75, half zero", q6)
	}
	for name, text := range map[string]string{"report.md": ReportMarkdown(st), "report.html": ReportHTML(st, "")} {
		if !strings.Contains(html.UnescapeString(text), "1 réponse notée et 1 non rédigée sur 3") {
			t.Errorf("%s does not say that of the 3 written answers 1 is marked and 1 not written:\n%s", name, text)
		}
	}
	marked := Stats(rs[:2])
	for _, q := range marked[0].Questions {
		if strings.Contains(q.label(marked[0].Students), "notée") {
			t.Errorf("every answer marked or not written, yet %s is labelled %q", q.ID, q.label(marked[0].Students))
		}
	}
}

// Grading a TP into the folder of another keeps the other's feedback: the
// files of a student graded now go for the TP graded now only. An index
// of an earlier version (file name → student) is read with the TP at the
// end of each name.
func TestFeedbackOtherTPKept(t *testing.T) {
	out := t.TempDir()
	result := func(tp string) gradebook.Result {
		return gradebook.Result{Student: "alice", TP: tp, File: "alice/" + tp + ".ipynb"}
	}
	write := func(rs ...gradebook.Result) Index {
		t.Helper()
		ix, err := ReadIndex(out)
		if err != nil {
			t.Fatal(err)
		}
		if failed, _, err := ix.Write(context.Background(), out, rs, false, ""); err != nil || failed != nil {
			t.Fatal(failed, err)
		}
		return ix
	}
	exists := func(name string) bool {
		_, err := os.Stat(filepath.Join(out, "feedback", name+".md"))
		return err == nil
	}
	write(result("01"))
	ix := write(result("02"))
	if !exists("alice-01") || !exists("alice-02") || ix["alice-01"] != (Owner{"alice", "01"}) || ix["alice-02"] != (Owner{"alice", "02"}) {
		t.Errorf("after TP 01 then TP 02: alice-01 %v, alice-02 %v, index %v; want both kept", exists("alice-01"), exists("alice-02"), ix)
	}
	// Regrading TP 02 replaces alice-02 (same name), keeps alice-01.
	if ix := write(result("02")); !exists("alice-01") || len(ix) != 2 || exists("alice-02-2") {
		t.Errorf("TP 02 again: index %v", ix)
	}
	// An index of the earlier format.
	if err := os.WriteFile(filepath.Join(out, "feedback", "index.json"), []byte(`{"alice-01": "alice", "alice-02": "alice"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	if ix := write(result("02")); !exists("alice-01") || ix["alice-01"] != (Owner{"alice", "01"}) || ix["alice-02"] != (Owner{"alice", "02"}) {
		t.Errorf("with an index of the earlier format: index %v, alice-01 kept: %v", ix, exists("alice-01"))
	}
}

// A notebook that could not be read (an empty file, another TP's) has no
// written answer: its feedback and the report say none was written, not
// that one awaits its mark.
func TestUnreadWrittenAnswers(t *testing.T) {
	r := gradebook.Result{Student: "ana", File: "ana.ipynb", Problems: []string{"fichier vide"}}.Finish("01")
	md := Markdown(r, false)
	if strings.Contains(md, "pas encore notée") || !strings.Contains(md, "Réponse non rédigée") {
		t.Errorf("feedback of an empty file:\n%s", md)
	}
	if s := Stats([]gradebook.Result{r}); len(s) != 1 || s[0].Pending != 0 {
		t.Errorf("stats %+v; want no answer pending", s)
	}
}

// A written answer marked for no one yet shows no figures in the report
// (they would count only the answers not written, 0 each: « 0 / 2 »,
// « zéro 100 % »); once one is marked, or all are counted, it shows them.
func TestWrittenFiguresWaitForMarks(t *testing.T) {
	waiting := QuestionStats{Manual: true, Max: 2, Counted: 1, Unwritten: 1}
	if m, md, f, z := waiting.figures(26); m != "—" || md != "—" || f != "—" || z != "—" {
		t.Errorf("figures before any mark: %q %q %q %q", m, md, f, z)
	}
	marked := QuestionStats{Manual: true, Max: 2, Mean: 1, Median: 1, Full: 0.5, Zero: 0.5, Counted: 3, Unwritten: 1}
	if m, _, _, z := marked.figures(26); m != "1 / 2" || z != "50 %" {
		t.Errorf("figures once marked: %q, zéro %q", m, z)
	}
}

// A regrade stopped before a student's turn leaves that student's earlier
// feedback and its index entry as they were.
func TestFeedbackInterruptedKeepsEarlier(t *testing.T) {
	out := t.TempDir()
	rs := []gradebook.Result{{Student: "ana", TP: "01", File: "ana.ipynb"}, {Student: "bob", TP: "01", File: "bob.ipynb"}}
	if failed, _, err := (Index{}).Write(context.Background(), out, rs, false, ""); err != nil || failed != nil {
		t.Fatal(failed, err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	ix, err := ReadIndex(out)
	if err != nil {
		t.Fatal(err)
	}
	if _, written, err := ix.Write(ctx, out, rs, false, ""); written != 0 || !errors.Is(err, context.Canceled) {
		t.Fatalf("interrupted regrade: %d written, %v", written, err)
	}
	ix, err = ReadIndex(out)
	for _, name := range []string{"ana-01", "bob-01"} {
		if _, serr := os.Stat(filepath.Join(out, "feedback", name+".md")); serr != nil || ix[name].Student == "" {
			t.Errorf("%s after an interrupted regrade: %v, index %v (%v)", name, serr, ix, err)
		}
	}
}
