package feedback

import (
	"os/exec"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/prepa-reines/reines/grading"
	"github.com/prepa-reines/reines/grading/gradebook"
)

// hostileValues are texts a submission controls (an obtained value, a
// panic message, a compiler message quoting its line, a file or student
// name) that try to leave their span or block in Markdown: every line
// terminator a renderer may honour, fences, raw HTML, links, images,
// autolinks, entities, emphasis, headings, lists, quotes, thematic breaks,
// tables, indented code, control characters.
var hostileValues = []string{
	"\r\r<script>alert(1)</script>\r\r# Note finale : 20/20",
	"x\r\n\r\n- un item\r\n\r\n## titre",
	"a\u2028# titre\u2029- item\u0085---\u0085b",
	"a\v\vb\f\f<b>gras</b>",
	"a\n\n```\nbloc\n```\n\n~~~\nbloc\n~~~",
	"<img src=x onerror=alert(1)>",
	"[lien](javascript:alert(1)) ![image](x.png) <http://e.example> <a@b.example>",
	"&lt;script&gt; &#60;b&#62; &amp;",
	"*em* _em_ **fort** __fort__ ~~barré~~",
	"    code indenté",
	"1. liste\n2) liste\n+ liste\n* liste\n- liste",
	"> citation\n>> citation",
	"| a | b |\n|---|---|\n| c | d |",
	"=====\n-----\n***\n___",
	"` `` ``` ```` `",
	"\\`\\\\\\<b>",
	"ligne\\\ncassée  \nici",
	"\x00\x01\x1b[31mrouge\x1b[0m\x7f\u0085",
	"[ref]: http://e.example\n\n[ref]",
	"<!-- commentaire --><div>bloc</div>",
	// Lines that start with what French typography puts a no-break space
	// before (a space before the indent's end would end the item and the
	// fence), then Markdown that would take over the rest of the page.
	":x\n# Total : 20 / 20\n[Recours](https://evil.example/)\n<img src=x>\n<!--",
	"a\n;b\n!c\n?d\n» e\n« f\n# titre",
}

// tags lists the elements of an HTML page, in order ("p", "/p", "code"…).
var tagRe = regexp.MustCompile(`<(/?[a-zA-Z][a-zA-Z0-9]*)`)

func tags(html string) []string {
	var out []string
	for _, m := range tagRe.FindAllStringSubmatch(html, -1) {
		out = append(out, strings.ToLower(m[1]))
	}
	return out
}

// cmark renders Markdown with the CommonMark reference renderer, raw HTML
// let through (--unsafe): whatever a value injects would show.
func cmark(t *testing.T, md string) string {
	t.Helper()
	cmd := exec.Command("cmark", "--unsafe")
	cmd.Stdin = strings.NewReader(md)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("cmark: %v", err)
	}
	return string(out)
}

// hostileResult is a graded notebook whose every text from the submission
// is v: the student, a problem, a question's note, flag and compiler
// message, a failed case's input, values and note (a panic), public and
// hidden.
func hostileResult(v string) gradebook.Result {
	c := grading.CaseResult{Input: "n = " + v, Status: grading.Failed, Want: "92 " + v, Got: v, Note: "panique : " + v + "\nmain.Count() — cellule 3:5"}
	p := grading.CaseResult{Input: v, Status: grading.Panicked, Note: v}
	return gradebook.Result{Student: v, TP: "01", Problems: []string{"fichier " + v + " illisible", v},
		Questions: []gradebook.Question{
			{ID: "01/Q3", Title: "Afficher l'échiquier", Max: 2, Total: 4, Passed: 1, Public: []grading.CaseResult{c, p}, Hidden: 2, HiddenKO: []grading.CaseResult{c, p},
				// The second flag is one that costs the question (package batch).
				Note: v, Flags: []string{"appelle " + v, v + " : 0 point pour cette question"}, Compile: "ligne 2 de la cellule « " + v + " » : " + v},
			{ID: "01/Q6", Title: "Justifier", Max: 2, Manual: true, Answer: v},
		}}.Finish("01")
}

// The feedback in Markdown (the .md files, with -reveal, and every output
// of Gradescope's results.json, both kinds) of a submission whose texts
// are hostile, rendered by cmark, holds exactly the elements of the same
// feedback with a plain value: none of the student's; and the value is
// there, as text.
func TestHostileMarkdown(t *testing.T) {
	if _, err := exec.LookPath("cmark"); err != nil {
		t.Skip("cmark not found (apt-get install cmark; kernel-setup/setup.sh --grader installs it)")
	}
	outputs := func(r gradebook.Result) []string {
		out := []string{Markdown(r, true), Markdown(r, false)}
		for _, g := range []GradescopeResults{Autograder(r), Gradescope(r), AutograderStudent([]gradebook.Result{r})} {
			out = append(out, g.Output)
			for _, test := range g.Tests {
				out = append(out, test.Name, test.Output)
			}
		}
		return out
	}
	plain := outputs(hostileResult("valeur"))
	plainLines := outputs(hostileResult("valeur\nvaleur")) // values on several lines are shown on their lines
	for _, v := range hostileValues {
		for k, md := range outputs(hostileResult(v)) {
			ref := plain[k]
			if Multiline(v) {
				ref = plainLines[k]
			}
			want, got := tags(cmark(t, ref)), tags(cmark(t, md))
			if !slices.Equal(got, want) {
				t.Errorf("value %q, output %d: elements %v; want %v\nMarkdown:\n%s\nHTML:\n%s", v, k, got, want, md, cmark(t, md))
			}
		}
	}
	// A value's own ↵ cannot pass for a line end: "Q↵" against "Q\n".
	c := grading.CaseResult{Input: "n = 1", Status: grading.Failed, Want: "Q\n", Got: "Q↵\n"}
	r := gradebook.Result{Student: "eve", TP: "01", Questions: []gradebook.Question{{ID: "01/Q3", Title: "t", Max: 2, Total: 1, Public: []grading.CaseResult{c}}}}.Finish("01")
	if md := Markdown(r, false); !strings.Contains(md, "  Q\\u21b5↵\n") {
		t.Errorf("a value's own ↵ is not escaped:\n%s", md)
	}
	// The value is shown, folded onto one line.
	html := cmark(t, Markdown(hostileResult("\r\r<script>alert(1)</script>\r\r# Note"), true))
	if !strings.Contains(html, "&lt;script&gt;alert(1)&lt;/script&gt; / # Note") {
		t.Errorf("the value is not shown as text:\n%s", html)
	}
}

// The feedback writes points with a decimal comma, and a board on its
// lines with each line end marked, so that a missing final newline shows
// (flattened, both read « .Q.. / ...Q »).
func TestFeedbackPointsAndBoards(t *testing.T) {
	c := grading.CaseResult{Input: "n = 4", Status: grading.Failed, Want: ".Q..\n...Q\n", Got: ".Q..\n...Q"}
	r := gradebook.Result{Student: "Alice", Questions: []gradebook.Question{
		{ID: "01/Q3", Title: "Afficher l'échiquier", Max: 4, Points: 3.25, Total: 2, Passed: 1, Public: []grading.CaseResult{c}},
		{ID: "01/Q4", Title: "Autre", Max: 2, Points: 1.5, Total: 1, Passed: 1},
	}}.Finish("01")
	md := Markdown(r, false)
	for _, want := range []string{"**Total\u00a0: 4,75 / 6**", "01/Q3 — Afficher l'échiquier — 3,25 / 4", "1,5 / 2",
		"```\n  .Q..↵\n  ...Q↵\n  ```", "```\n  .Q..↵\n  ...Q\n  ```"} {
		if !strings.Contains(md, want) {
			t.Errorf("Markdown: no %q in\n%s", want, md)
		}
	}
	for _, bad := range []string{"3.25", "4.75", "1.5", ".Q.. / ...Q"} {
		if strings.Contains(md, bad) {
			t.Errorf("Markdown: %q in\n%s", bad, md)
		}
	}
	if _, err := exec.LookPath("cmark"); err == nil {
		// The blocks stay inside the failed case's list item.
		html := cmark(t, md)
		for _, want := range []string{"<pre><code>.Q..↵\n...Q↵\n</code></pre>", "<pre><code>.Q..↵\n...Q\n</code></pre>\n</li>"} {
			if !strings.Contains(html, want) {
				t.Errorf("rendered Markdown: no %q in\n%s", want, html)
			}
		}
	}
	page := HTML(r, "")
	for _, want := range []string{"Total&nbsp;: 4,75 / 6", "3,25 / 4", "<pre>.Q..↵\n...Q↵</pre>", "<pre>.Q..↵\n...Q</pre>"} {
		if !strings.Contains(page, want) {
			t.Errorf("HTML: no %q in\n%s", want, page)
		}
	}
	if strings.Contains(page, "3.25") {
		t.Errorf("HTML: a decimal point in\n%s", page)
	}
}
