package feedback

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/prepa-reines/reines/grading"
	"github.com/prepa-reines/reines/grading/fixtures"
	"github.com/prepa-reines/reines/grading/gradebook"
	"github.com/prepa-reines/reines/grading/internal/checktest"
)

// Two right answers of Solutions (01/Q2) written independently: a
// recursion over boolean arrays, and an iterative search with a helper.
// Both give 1, 0, 0, 2, 10, 4, 40, 92 solutions for n = 0 to 8.
const (
	solutionsRec = `func Solutions(n int) ([]queens.Placement, error) {
	if n < 0 {
		return nil, queens.ErrNegative
	}
	if n > queens.MaxListN {
		return nil, queens.ErrTooMany
	}
	out := []queens.Placement{}
	cols := make([]bool, n)
	up := make([]bool, 2*n)
	down := make([]bool, 2*n)
	p := make(queens.Placement, n)
	var place func(r int)
	place = func(r int) {
		if r == n {
			out = append(out, slices.Clone(p))
			return
		}
		for c := 0; c < n; c++ {
			if cols[c] || up[r+c] || down[r-c+n] {
				continue
			}
			cols[c], up[r+c], down[r-c+n] = true, true, true
			p[r] = c
			place(r + 1)
			cols[c], up[r+c], down[r-c+n] = false, false, false
		}
	}
	place(0)
	return out, nil
}`
)

// pairsOf are the pairs of kind, as "question A B".
func pairsOf(got []Similar, kind string) []string {
	var out []string
	for _, p := range got {
		if p.Kind == kind {
			out = append(out, p.Question+" "+p.A+" "+p.B)
		}
	}
	return out
}

// A copy with every name changed, its two functions swapped, comments and
// layout changed is found, and shares all its fingerprints: its
// declarations normalise to the same tokens. An answer written otherwise
// is paired with neither.
func TestSimilarRenamedReordered(t *testing.T) {
	rs := []gradebook.Result{
		{Student: "bob", Answers: map[string]string{"01/Q2": fixtures.SolutionsIterativeCopy}},
		{Student: "ana", Answers: map[string]string{"01/Q2": fixtures.SolutionsIterative}},
		{Student: "cid", Answers: map[string]string{"01/Q2": solutionsRec}},
	}
	got := Similarities(rs, gradebook.Given{})
	if len(got) != 1 || got[0].Kind != KindCopy || got[0].Question != "01/Q2" || got[0].A != "ana" || got[0].B != "bob" || got[0].Share != 1 {
		t.Errorf("similarities %+v; want ana and bob on 01/Q2 alone, sharing everything", got)
	}
}

// Two independent right answers of a long function are not reported (nor
// found short or common: two students are fewer than three).
func TestSimilarIndependent(t *testing.T) {
	rs := []gradebook.Result{
		{Student: "ana", Answers: map[string]string{"01/Q2": solutionsRec}},
		{Student: "bob", Answers: map[string]string{"01/Q2": fixtures.SolutionsIterative}},
	}
	if got := Similarities(rs, gradebook.Given{}); len(got) != 0 {
		t.Errorf("similarities %+v; want none", got)
	}
}

// A copy of the correction's answer, renamed, is found as such; two
// students who both copied it are not paired besides (each one's line
// says it); a student who wrote it otherwise is not.
func TestSimilarReference(t *testing.T) {
	renamed := strings.NewReplacer("sols", "toutes", "board", "pos", "row", "lig", "free", "ok").Replace(fixtures.SolutionsIterative)
	given := gradebook.Given{Reference: map[string]string{"01/Q2": fixtures.SolutionsIterative}}
	rs := []gradebook.Result{
		{Student: "ana", Answers: map[string]string{"01/Q2": renamed}},
		{Student: "bob", Answers: map[string]string{"01/Q2": fixtures.SolutionsIterativeCopy}},
		{Student: "cid", Answers: map[string]string{"01/Q2": solutionsRec}},
	}
	got := Similarities(rs, given)
	if want := []string{"01/Q2 ana " + ReferenceName, "01/Q2 bob " + ReferenceName}; !slices.Equal(pairsOf(got, KindReference), want) || len(got) != 2 {
		t.Errorf("similarities %+v; want %q alone", got, want)
	}
	// With the repository's own correction and stub: the correction of
	// 01/Q4, renamed, is found; an answer that is the stub is no answer.
	g, err := ReadGiven("../..")
	if err != nil {
		t.Fatal(err)
	}
	ref, stub := g.Reference["01/Q4"], g.Stub["01/Q4"]
	if !strings.Contains(ref, "func Count(") || strings.Contains(ref, "à compléter") || !strings.Contains(stub, "func Count(") || !strings.Contains(stub, "à compléter") {
		t.Fatalf("01/Q4: reference %q, stub %q; want the correction's Count and the edition's stub", ref, stub)
	}
	rs = []gradebook.Result{
		{Student: "dan", Answers: map[string]string{"01/Q4": strings.NewReplacer("total", "somme", "row", "ligne", "col", "colonne").Replace(ref)}},
		{Student: "eve", Answers: map[string]string{"01/Q4": stub + "\n// pas fini\n"}},
	}
	got = Similarities(rs, g)
	if len(got) != 1 || got[0].Kind != KindReference || got[0].A != "dan" || got[0].B != ReferenceName {
		t.Errorf("similarities %+v; want dan like the correction of 01/Q4 alone", got)
	}
}

// What most of the class writes alike, and what is too short to tell, is
// one line per question, not pairs; the stub as handed out is no answer.
func TestSimilarCommon(t *testing.T) {
	count := `func Count(n int) (int64, error) {
	if n < 0 {
		return 0, queens.ErrNegative
	}
	p := make(queens.Placement, n)
	var count func(row int) int64
	count = func(row int) int64 {
		if row == n {
			return 1
		}
		var total int64
		for col := 0; col < n; col++ {
			if IsSafe(p, row, col) {
				p[row] = col
				total += count(row + 1)
			}
		}
		return total
	}
	return count(0), nil
}`
	other := `func Count(n int) (int64, error) {
	switch {
	case n < 0:
		return 0, queens.ErrNegative
	case n == 0:
		return 1, nil
	}
	cols, d1, d2 := make([]bool, n), make([]bool, 2*n), make([]bool, 2*n)
	var found int64
	var place func(r int)
	place = func(r int) {
		if r == n {
			found++
			return
		}
		for c := range n {
			if !cols[c] && !d1[r+c] && !d2[r-c+n] {
				cols[c], d1[r+c], d2[r-c+n] = true, true, true
				place(r + 1)
				cols[c], d1[r+c], d2[r-c+n] = false, false, false
			}
		}
	}
	place(0)
	return found, nil
}`
	stub := "func Count(n int) (int64, error) {\n\t// À compléter.\n\tpanic(\"à compléter\")\n}"
	rename := func(names ...string) string { return strings.NewReplacer(names...).Replace(count) }
	rs := []gradebook.Result{
		{Student: "a", Answers: map[string]string{"01/Q4": count}},
		{Student: "b", Answers: map[string]string{"01/Q4": rename("total", "t", "row", "i")}},
		{Student: "c", Answers: map[string]string{"01/Q4": rename("col", "j")}},
		{Student: "d", Answers: map[string]string{"01/Q4": rename("count", "rec", "p ", "q ", "(p,", "(q,", "p[", "q[")}},
		{Student: "e", Answers: map[string]string{"01/Q4": "func Count(n int) (int64, error) { return 0, nil }"}}, // short
		{Student: "f", Answers: map[string]string{"01/Q4": other}},
		{Student: "g", Answers: map[string]string{"01/Q4": strings.ReplaceAll(stub, "\t", "    ")}}, // no answer
	}
	// Six Answers: a to d alike (at least 3 and half of 6), e short.
	got := Similarities(rs, gradebook.Given{Stub: map[string]string{"01/Q4": stub}})
	if len(got) != 1 || got[0].Kind != KindCommon || got[0].Question != "01/Q4" || got[0].Students != 5 || got[0].Note() != "réponse trop courte ou trop commune pour être comparée, chez 5 étudiants" {
		t.Errorf("similarities %+v; want one common line for 5 students", got)
	}
}

// similarity.csv has its header, a row per pair and per common line, its
// cells protected from spreadsheets.
func TestSimilarCSV(t *testing.T) {
	pairs := []Similar{
		{Question: "01/Q2", Kind: KindCopy, A: "=HYPERLINK(\"x\")", B: "bob", Share: 0.875},
		{Question: "01/Q2", Kind: KindReference, A: "ana", B: ReferenceName, Share: 1},
		{Question: "01/Q1", Kind: KindCommon, Students: 12},
	}
	path := filepath.Join(t.TempDir(), "similarity.csv")
	if err := writeSimilarity(path, pairs); err != nil {
		t.Fatal(err)
	}
	want := [][]string{
		{"question", "student_a", "student_b", "share", "kind", "note"},
		{"01/Q2", "'=HYPERLINK(\"x\")", "bob", "0.88", "copy", ""},
		{"01/Q2", "ana", "(corrigé)", "1.00", "reference", ""},
		{"01/Q1", "", "", "", "common", "réponse trop courte ou trop commune pour être comparée, chez 12 étudiants"},
	}
	if got := checktest.ReadCSV(t, path); !slices.EqualFunc(got, want, slices.Equal) {
		t.Errorf("similarity.csv %q; want %q", got, want)
	}
}

// A suspect pair changes no grade: grades.csv is the same with and without
// it, and the report shows the pair side by side.
func TestSimilarNeverGrades(t *testing.T) {
	mk := func(student, code string) gradebook.Result {
		return gradebook.Result{Student: student, File: student + ".ipynb", TP: "01", Answers: map[string]string{"01/Q2": code},
			Questions: []gradebook.Question{{ID: "01/Q2", Max: 4, Points: 4, Passed: 3, Total: 3}}}.Finish("01")
	}
	run := func(bob string) (grades, similarity, report string) {
		out := t.TempDir()
		results := []gradebook.Result{mk("ana", fixtures.SolutionsIterative), mk("bob", bob)}
		if err := WriteReport(out, results, ""); err != nil {
			t.Fatal(err)
		}
		if err := (gradebook.Earlier{}).Write(out, results); err != nil {
			t.Fatal(err)
		}
		read := func(name string) string {
			data, err := os.ReadFile(filepath.Join(out, name))
			if err != nil {
				t.Fatal(err)
			}
			return string(data)
		}
		return read("grades.csv"), read("similarity.csv"), read("report.html")
	}
	g1, s1, r1 := run(fixtures.SolutionsIterativeCopy)
	g2, s2, r2 := run(solutionsRec)
	if g1 != g2 {
		t.Errorf("grades.csv with a suspect pair:\n%s\nwithout:\n%s", g1, g2)
	}
	if !strings.Contains(s1, "01/Q2,ana,bob,1.00,copy") || strings.Contains(s2, "copy") {
		t.Errorf("similarity.csv with the copy:\n%s\nwithout:\n%s", s1, s2)
	}
	section := strings.Index(r1, "<h2>Réponses semblables</h2>")
	if section < 0 || section > strings.LastIndex(r1, "</body>") || !strings.Contains(r1, "func libre(") || !strings.Contains(r2, "Aucune paire de réponses semblables") {
		t.Errorf("report.html lacks the section of similar answers before </body>, or its pair:\n%s", r1[max(section, 0):])
	}
}

// The report shows the two answers side by side, HTML-escaped, the lines
// they share marked and the others not.
func TestSimilarHTML(t *testing.T) {
	a := fixtures.SolutionsIterative + "\n\nfunc extra() { go func() { select {} }() } // <b>\n"
	rs := []gradebook.Result{
		{Student: "ana", Answers: map[string]string{"01/Q2": a}},
		{Student: "bob", Answers: map[string]string{"01/Q2": fixtures.SolutionsIterativeCopy}},
	}
	got := Similarities(rs, gradebook.Given{})
	html := string(SimilarityHTML(got))
	for _, want := range []string{
		"<h3>01/Q2" + grading.NBSP + ": ana et bob (100" + grading.NBSP + "% des empreintes en commun)</h3>",
		"<mark>\t\tfor board[row] &lt; n &amp;&amp; !free(board, row) {</mark>",
		"<mark>        for grille[ligne] &lt; taille &amp;&amp; !libre(grille, ligne) {</mark>",
		"\nfunc extra() { go func() { select {} }() } // &lt;b&gt;\n", // only ana's: not marked
	} {
		if !strings.Contains(html, want) {
			t.Errorf("the report lacks %q:\n%s", want, html)
		}
	}
	if n := strings.Count(html, "<pre>"); n != 2 {
		t.Errorf("%d <pre>; want the two answers", n)
	}
	if strings.Contains(html, "<b>") {
		t.Errorf("the code is not escaped:\n%s", html)
	}
	if html := string(SimilarityHTML([]Similar{{Question: "01/Q1", Kind: KindCommon, Students: 2}})); !strings.Contains(html, "01/Q1"+grading.NBSP+": réponse trop courte ou trop commune pour être comparée, chez 2 étudiants.") {
		t.Errorf("common line missing:\n%s", html)
	}
}

// Winnowing as in Schleimer, Wilkerson and Aiken's figure 2: the hashes
// 77 74 42 17 98 50 17 98 8 88 67 39 77 74 42 17 98, windows of 4, give
// the fingerprints 17 17 8 39 17.
func TestSimilarWinnow(t *testing.T) {
	hs := []uint64{77, 74, 42, 17, 98, 50, 17, 98, 8, 88, 67, 39, 77, 74, 42, 17, 98}
	if got, want := winnow(hs), []uint64{17, 17, 8, 39, 17}; !slices.Equal(got, want) {
		t.Errorf("winnow %v; want %v", got, want)
	}
	if got := winnow([]uint64{5, 3}); !slices.Equal(got, []uint64{3}) {
		t.Errorf("winnow of fewer hashes than a window: %v; want the least", got)
	}
}

// synthetic is a random answer of about 400 tokens: a function of 30
// statements over a few names.
func synthetic(r *rand.Rand) string {
	names := []string{"a", "b", "c", "i", "n", "s", "t", "u"}
	ops := []string{"+", "-", "*", "/", "%", "&", "|", "^", "<<"}
	cmps := []string{"<", ">", "==", "!=", "<=", ">="}
	v := func() string { return names[r.IntN(len(names))] }
	var b strings.Builder
	fmt.Fprintf(&b, "func F(a, b, n int) int {\n\tc, i, s, t, u := 0, 0, 0, 0, 0\n")
	for range 30 {
		switch r.IntN(4) {
		case 0:
			fmt.Fprintf(&b, "\t%s = %s %s %s %s %d\n", v(), v(), ops[r.IntN(len(ops))], v(), ops[r.IntN(len(ops))], r.IntN(10))
		case 1:
			fmt.Fprintf(&b, "\tif %s %s %s {\n\t\t%s++\n\t}\n", v(), cmps[r.IntN(len(cmps))], v(), v())
		case 2:
			fmt.Fprintf(&b, "\tfor %s := 0; %s < %s; %s++ {\n\t\t%s += %s\n\t}\n", "k", "k", v(), "k", v(), "k")
		default:
			fmt.Fprintf(&b, "\t%s = append([]int{%s}, %s)[0]\n", v(), v(), v())
		}
	}
	b.WriteString("\treturn a + b + c + i + n + s + t + u\n}\n")
	return b.String()
}

// A class of 100 students and 30 questions, every answer its own, one in
// ten copied from another student.
func BenchmarkSimilarities(b *testing.B) {
	r := rand.New(rand.NewPCG(1, 2))
	rs := make([]gradebook.Result, 100)
	for i := range rs {
		rs[i] = gradebook.Result{Student: fmt.Sprintf("s%03d", i), TP: "01", Answers: map[string]string{}}
		for q := range 30 {
			id := fmt.Sprintf("01/Q%d", q+1)
			if i > 0 && r.IntN(10) == 0 {
				rs[i].Answers[id] = rs[r.IntN(i)].Answers[id]
			} else {
				rs[i].Answers[id] = synthetic(r)
			}
		}
	}
	for b.Loop() {
		Similarities(rs, gradebook.Given{})
	}
}

// Two short answers written independently (IsSafe in 7 and 10 lines, one
// test or two) share much of what little they have: they are not
// reported, while a renamed copy of one is; and a longer pair written from
// one another (the correction's HideOption and UnhideOption, 04 Q5 and
// Q7) still is.
func TestSimilarShortIndependent(t *testing.T) {
	oneTest := `func IsSafe(p queens.Placement, row, col int) bool {
	for i := 0; i < row; i++ {
		if p[i] == col || row-i == col-p[i] || row-i == p[i]-col {
			return false
		}
	}
	return true
}`
	twoTests := `func IsSafe(p queens.Placement, row, col int) bool {
	for k := 0; k < row; k++ {
		if p[k] == col {
			return false
		}
		if row-k == col-p[k] || row-k == p[k]-col {
			return false
		}
	}
	return true
}`
	stub := "func IsSafe(p queens.Placement, row, col int) bool {\n\t// À compléter.\n\tpanic(\"à compléter\")\n}"
	given := gradebook.Given{Stub: map[string]string{"01/Q1": stub}}
	sb := kgrams(stub)
	a, b := fingerprints(oneTest, sb), fingerprints(twoTests, sb)
	if s := share(a, b); s < similarShare || min(len(a), len(b)) < minFingerprints {
		t.Fatalf("the two answers share %.2f of %d and %d fingerprints: the test needs a share the bar of long answers would report", s, len(a), len(b))
	}
	rs := []gradebook.Result{
		{Student: "ana", Answers: map[string]string{"01/Q1": oneTest}},
		{Student: "bob", Answers: map[string]string{"01/Q1": twoTests}},
	}
	if got := Similarities(rs, given); len(got) != 0 {
		t.Errorf("two independent short Answers: similarities %+v; want none", got)
	}
	rs[1].Answers["01/Q1"] = regexp.MustCompile(`\bp\b`).ReplaceAllString(regexp.MustCompile(`\bi\b`).ReplaceAllString(oneTest, "r"), "q")
	if got := Similarities(rs, given); len(got) != 1 || got[0].Kind != KindCopy {
		t.Errorf("a short answer and its renamed copy: similarities %+v; want one pair", got)
	}
	g, err := ReadGiven("../..")
	if err != nil {
		t.Fatal(err)
	}
	hide, unhide := g.Reference["04/Q5"], g.Reference["04/Q7"]
	if !strings.Contains(hide, "func HideOption(") || !strings.Contains(unhide, "func UnhideOption(") {
		t.Fatalf("04/Q5 and 04/Q7 are no longer HideOption and UnhideOption")
	}
	rs = []gradebook.Result{
		{Student: "ana", Answers: map[string]string{"04/Q5": hide}},
		{Student: "bob", Answers: map[string]string{"04/Q5": strings.Replace(unhide, "UnhideOption", "HideOption", 1)}},
	}
	if got := Similarities(rs, gradebook.Given{Stub: map[string]string{"04/Q5": g.Stub["04/Q5"]}}); len(got) != 1 || got[0].Kind != KindCopy {
		t.Errorf("HideOption and UnhideOption: similarities %+v; want one pair", got)
	}
}

// The report shows at most maxLinesShown lines of an answer, each of at
// most maxLineShown bytes: a huge answer keeps the page small.
func TestSimilarHugeAnswerShownCut(t *testing.T) {
	huge := strings.Repeat("x := \""+strings.Repeat("é", 400)+"\"\n", 1000)
	lines := sharedLines(huge, nil, nil)
	if len(lines) != maxLinesShown+1 || lines[maxLinesShown].Text != "… (600 lignes de plus)" {
		t.Fatalf("%d lines shown, the last %q", len(lines), lines[len(lines)-1].Text)
	}
	for _, l := range lines {
		if len(l.Text) > maxLineShown+4 || !utf8.ValidString(l.Text) {
			t.Fatalf("a line of %d bytes shown (valid UTF-8: %v)", len(l.Text), utf8.ValidString(l.Text))
		}
	}
}
