package release

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/prepa-reines/reines/grading"
	"github.com/prepa-reines/reines/grading/notebook"
	"github.com/prepa-reines/reines/grading/submission"
	"github.com/prepa-reines/reines/grading/workbook"
	"golang.org/x/tools/txtar"
)

func build(t *testing.T, src string) (student, correction *notebook.Notebook, err error) {
	t.Helper()
	root, _ := filepath.Abs("../..")
	path := filepath.Join(t.TempDir(), "01-test.txtar")
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	return Build(root, path)
}

func TestAnswers(t *testing.T) {
	student, correction, err := build(t, `comment
-- md --
# Titre
-- answer Q1 --
// Indice : les diagonales.
-- answer Q2 --
-- check Q2 --
%%
nb01.Q2.Check(Solutions)
-- prose Q6 --
Quatre-vingt-douze.
`)
	if err != nil {
		t.Fatal(err)
	}
	if len(student.Cells) != 6 || len(correction.Cells) != 6 {
		t.Fatalf("%d and %d cells; want header + 5", len(student.Cells), len(correction.Cells))
	}
	// With French typography in the French strings and comments.
	if string(student.Cells[0].Source) != frenchCode(Header(workbook.Notebooks[1])) || student.Cells[0].Reines().Role != "header" {
		t.Error("the first cell must be the header")
	}
	safe := string(correction.Cells[2].Source)
	if !strings.HasPrefix(safe, "// Indice\u00a0: les diagonales.\nfunc IsSafe(p queens.Placement, row, col int) bool {\n") {
		t.Errorf("correction of Q1 must start with the hint then the reference function, qualified:\n%s", safe)
	}
	if strings.Contains(safe, "Answers notebook") {
		t.Error("the doc comment must not be copied")
	}
	sols := string(correction.Cells[3].Source)
	for _, want := range []string{"queens.ErrNegative", "queens.MaxListN", "[]queens.Placement", "if IsSafe(p, row, col)"} {
		if !strings.Contains(sols, want) {
			t.Errorf("correction of Q2 lacks %q:\n%s", want, sols)
		}
	}
	if strings.Contains(sols, "queens.IsSafe") {
		t.Errorf("IsSafe is the notebook's own function and must stay unqualified:\n%s", sols)
	}
	stub := string(student.Cells[3].Source)
	if want := "func Solutions(n int) ([]queens.Placement, error) {\n" + StudentStub + "}"; stub != want {
		t.Errorf("student stub:\n%s\nwant:\n%s", stub, want)
	}
	if m := student.Cells[3].Reines(); m.Role != "answer" || m.Question != "01/Q2" {
		t.Errorf("answer metadata %+v", m)
	}
	if string(student.Cells[5].Source) != frenchMarkdown(notebook.ProsePlaceholder) || string(correction.Cells[5].Source) != "Quatre-vingt-douze." {
		t.Error("prose cells: placeholder for the student, model answer in the correction")
	}
	if student.Cells[4].Source != correction.Cells[4].Source {
		t.Error("check cells must be the same in both versions")
	}
	// A check cell starts with the guard that says when the header has not
	// run; nothing is saved as run (no output, no execution count).
	if want := frenchCode(CheckGuard) + "\n%%\nnb01.Q2.Check(Solutions)"; string(student.Cells[4].Source) != want {
		t.Errorf("check cell:\n%s\nwant:\n%s", student.Cells[4].Source, want)
	}
	for _, nb := range []*notebook.Notebook{student, correction} {
		for i, c := range nb.Cells {
			if len(c.Outputs) != 0 || c.ExecutionCount != nil {
				t.Errorf("cell %d is saved as run: %d outputs, execution count %v", i, len(c.Outputs), c.ExecutionCount)
			}
		}
	}
}

func TestBuildErrors(t *testing.T) {
	for name, src := range map[string]string{
		"unknown kind":          "-- tableau --\nx\n",
		"unregistered":          "-- check Q42 --\nx\n",
		"bad question":          "-- check 3 --\nx\n",
		"answer with a package": "-- answer Q1 tp/queens --\n",
		"prose has no func":     "-- answer Q6 --\n",
	} {
		if _, _, err := build(t, src); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}

func TestMarshalRoundTrip(t *testing.T) {
	student, _, err := build(t, "-- md --\nligne 1\nligne 2\n-- code --\nx := 1\n")
	if err != nil {
		t.Fatal(err)
	}
	data, err := student.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	back, err := notebook.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	if back.Cells[1].Source != "ligne 1\nligne 2" || back.Cells[2].Source != "x := 1" {
		t.Errorf("round trip changed the sources: %q %q", back.Cells[1].Source, back.Cells[2].Source)
	}
	s := string(data)
	if !strings.Contains(s, `"outputs": []`) || !strings.Contains(s, `"execution_count": null`) {
		t.Error("code cells need empty outputs and a null execution_count (nbformat 4)")
	}
	if strings.Count(s, `"outputs"`) != 2 {
		t.Error("only code cells may have outputs")
	}
}

// A question's heading takes its title from the question's definition,
// which the feedback shows too; a title written in the source is refused.
func TestHeadings(t *testing.T) {
	s := &source{nb: "01"}
	got, err := s.headings("## Question 4\nÉcrire Count.\n## Pour aller plus loin\n")
	if want := "## Question 4 — " + grading.Lookup("01/Q4").Title + " (3 points)\nÉcrire Count.\n## Pour aller plus loin\n"; err != nil || got != want || grading.Lookup("01/Q4").Points != 3 {
		t.Errorf("headings: %q, %v; want %q", got, err, want)
	}
	for _, bad := range []string{"## Question 4 — Compter\n", "## Question 99\n"} {
		if _, err := s.headings(bad); err == nil {
			t.Errorf("heading %q accepted", bad)
		}
	}
}

// A question's heading shows its title and points from the registry; a
// heading shared by several questions, the points of each; a heading
// naming a question the registry lacks is refused.
func TestHeadingPoints(t *testing.T) {
	s := &source{nb: "02"}
	q8 := grading.Lookup("02/Q8")
	out, err := s.headings("## Question 8\n\n## Questions 8, 9 et 10 — Où en est la recherche ?\n")
	if err != nil {
		t.Fatal(err)
	}
	if want := "## Question 8 — " + q8.Title + " (1 point)"; q8.Points != 1 || !strings.Contains(out, want) {
		t.Errorf("headings:\n%s\nwant %q (02/Q8 is worth %d)", out, want, q8.Points)
	}
	if !strings.Contains(out, "## Questions 8, 9 et 10 — Où en est la recherche ? (1 point chacune)") {
		t.Errorf("shared heading:\n%s", out)
	}
	if _, err := s.headings("## Questions 8 et 99 — x\n"); err == nil {
		t.Error("a shared heading naming an unregistered question is accepted")
	}
	if got := titleWithPoints(&grading.Question{Title: "Le principe (réponse rédigée)", Points: 1}); got != "Le principe (réponse rédigée, 1 point)" {
		t.Errorf("titleWithPoints of a written answer: %q", got)
	}
	if got, _ := PointsLabel("05", "24b et 25"); got != "2 + 1 points" {
		t.Errorf("PointsLabel(05, 24b et 25) = %q, want %q", got, "2 + 1 points")
	}
	// A part of a question of the sujet (05/Q3b), and an optional question.
	s = &source{nb: "05"}
	out, err = s.headings("## Question 3b\n\n## Question 30\n")
	if err != nil {
		t.Fatal(err)
	}
	q3b, q30 := grading.Lookup("05/Q3b"), grading.Lookup("05/Q30")
	if want := "## Question 3b — " + q3b.Title + " (1 point)"; !strings.Contains(out, want) {
		t.Errorf("headings:\n%s\nwant %q", out, want)
	}
	if !q30.Optional || !strings.Contains(out, "(réponse rédigée, 1 point, facultative)") {
		t.Errorf("an optional question's heading must say so:\n%s", out)
	}
}

// Every question answered in writing has its place in its notebook (one
// prose section, the model answer in the correction) and points; every
// prose section answers such a question.
func TestWrittenAnswersHaveCells(t *testing.T) {
	srcs, _ := filepath.Glob("../../grading/nb*/*.txtar")
	if len(srcs) < 6 {
		t.Fatalf("sources: %v", srcs)
	}
	for _, src := range srcs {
		ar, err := txtar.ParseFile(src)
		if err != nil {
			t.Fatal(err)
		}
		nb, _, _ := strings.Cut(filepath.Base(src), "-")
		sections := map[string]int{}
		for _, f := range ar.Files {
			if kind, q, _ := parseName(f.Name); kind == "prose" {
				sections[nb+"/"+q]++
				if strings.TrimSpace(string(f.Data)) == "" {
					t.Errorf("%s: %s has no model answer", src, q)
				}
			}
		}
		for _, q := range grading.Questions(nb) {
			switch {
			case q.Prose() && sections[q.ID] != 1:
				t.Errorf("%s: written question %s has %d prose sections, want 1", src, q.ID, sections[q.ID])
			case q.Prose() && q.Points <= 0:
				t.Errorf("%s: written question %s has no points", src, q.ID)
			case !q.Prose() && sections[q.ID] > 0:
				t.Errorf("%s: %s is answered with code, yet has a prose section", src, q.ID)
			}
		}
	}
}

// The header imports every standard package the corrections' declarations
// use without importing them (as goimports adds them, see
// submission.Program.CompleteImports): a cell after such an answer finds
// it without a search of the module.
func TestHeaderStandard(t *testing.T) {
	names, _ := filepath.Glob("../../notebooks/corrections/*.ipynb")
	if len(names) == 0 {
		t.Fatal("no correction notebook")
	}
	if !slices.IsSorted(HeaderStandard) {
		t.Errorf("HeaderStandard is not sorted: %q", HeaderStandard)
	}
	for _, name := range names {
		nb, err := notebook.Read(name)
		if err != nil {
			t.Fatal(err)
		}
		var code []submission.Cell
		for i, c := range nb.Cells {
			if c.CellType == "code" && c.Reines().Role != "header" {
				code = append(code, submission.Cell{Index: i, Source: string(c.Source)})
			}
		}
		prog := submission.Build(code)
		before := map[string]bool{}
		for _, im := range prog.Imports {
			before[im.Path] = true
		}
		prog.CompleteImports()
		for _, im := range prog.Imports {
			if first, _, _ := strings.Cut(im.Path, "/"); !before[im.Path] && !strings.Contains(first, ".") && !slices.Contains(HeaderStandard, im.Path) {
				t.Errorf("%s: the answers use %q, which the header does not import", filepath.Base(name), im.Path)
			}
		}
	}
}

// Every line of every code cell of the generated notebooks, both editions,
// takes at most maxCodeWidth columns, a tab counting 4: at 1280 pixels
// wide, Jupyter cuts longer lines, and the student does not see their end.
// The sources (grading/nbNN/*.txtar and the reference answers of tp/…) wrap
// theirs by hand, as gofmt'd Go is wrapped.
func TestCodeLinesFit(t *testing.T) {
	if w := codeWidth("\tγ := 1 // é"); w != 15 {
		t.Errorf("codeWidth counts %d columns; want 15 (a tab is 4, a rune 1)", w)
	}
	students, _ := filepath.Glob("../../notebooks/*.ipynb")
	corrections, _ := filepath.Glob("../../notebooks/corrections/*.ipynb")
	if len(students) < 6 || len(corrections) < 6 {
		t.Fatalf("notebooks: %v %v", students, corrections)
	}
	for _, path := range append(students, corrections...) {
		nb, err := notebook.Read(path)
		if err != nil {
			t.Fatal(err)
		}
		name := strings.TrimPrefix(filepath.ToSlash(path), "../../")
		for i, c := range nb.Cells {
			if c.CellType != "code" {
				continue
			}
			what := c.Reines().Role
			if q := c.Reines().Question; q != "" {
				what += " " + q
			}
			for j, l := range strings.Split(string(c.Source), "\n") {
				if w := codeWidth(l); w > maxCodeWidth {
					t.Errorf("%s, cell %d (%s), line %d: %d columns, more than %d (a tab counting 4); wrap it in its source:\n%s",
						name, i, what, j+1, w, maxCodeWidth, l)
				}
			}
		}
	}
}

// A demonstration's label that its questions would make too long for the
// line gets them on the next line, added to the label: Demo receives the
// same string.
func TestDemoLabelWrapped(t *testing.T) {
	student, _, err := build(t, `comment
-- code --
%%
grading.Demo("Count", func() { fmt.Println(Count(8)) })
for range 1 {
	grading.Demo("IsSafe, Solutions, Board, Count et First", func() { fmt.Println(Count(8)) })
}
`)
	if err != nil {
		t.Fatal(err)
	}
	want := "%%\n" +
		`grading.Demo("Count (question 4)", func() { fmt.Println(Count(8)) })` + "\n" +
		"for range 1 {\n" +
		`	grading.Demo("IsSafe, Solutions, Board, Count et First"+` + "\n" +
		`		" (questions 1, 2, 3, 4 et 5)", func() { fmt.Println(Count(8)) })` + "\n" +
		"}"
	if got := string(student.Cells[1].Source); got != want {
		t.Errorf("demonstration cell:\n%s\nwant:\n%s", got, want)
	}
}

// The messages of the header and check cells are echoed over short lines
// that GoNB joins (a line ending with a backslash continues on the next,
// the backslash made a space: specialcmd.joinLine in GoNB v0.11.5); the
// shell then prints each message whole, with its typography, on one line.
func TestShellEcho(t *testing.T) {
	for _, msg := range []string{HeaderNotRun, Misplaced} {
		src := frenchCode(shellEcho(msg, "  "))
		lines := strings.Split(src, "\n")
		if len(lines) < 2 {
			t.Errorf("%.30q…: echoed on %d line; want it cut", msg, len(lines))
		}
		joined := ""
		for i, l := range lines {
			if n := utf8.RuneCountInString(l); n > 84 {
				t.Errorf("line %d of %d characters: %q", i, n, l)
			}
			if i < len(lines)-1 {
				body, ok := strings.CutSuffix(l, `\`)
				if !ok {
					t.Errorf("line %d does not end with a backslash: %q", i, l)
				}
				l = body + " "
			}
			joined += l
		}
		out, err := exec.Command("/bin/sh", "-c", joined).Output()
		if err != nil {
			t.Fatalf("sh -c %q: %v", joined, err)
		}
		if got, want := strings.TrimSuffix(string(out), "\n"), grading.Typography(msg); got != want {
			t.Errorf("sh printed %q; want %q", got, want)
		}
	}
}
