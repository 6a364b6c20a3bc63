package feedback

import (
	"fmt"
	"html/template"
	"maps"
	"math"
	"slices"
	"strings"

	"github.com/prepa-reines/reines/grading"
	"github.com/prepa-reines/reines/grading/gradebook"
)

// Markdown returns the student's feedback: per question, points, passed
// cases, failures (public ones shown; hidden ones counted, shown only when
// reveal), compiler messages and notes; with French typography.
func Markdown(r gradebook.Result, reveal bool) string {
	var b strings.Builder
	fmt.Fprintf(&b, "# Correction — %s (TP %s)\n\n**Total : %s / %s**%s\n\n", mdText(r.Student), r.TP, ptsFr(r.Points), ptsFr(r.Max), pendingNote(r))
	for _, p := range r.Problems {
		fmt.Fprintf(&b, "> ⚠ %s\n\n", mdText(p))
	}
	if r.LateDays > 0 {
		fmt.Fprintf(&b, "> Rendu le %s, avec %s de retard : %s %% du total en moins.\n\n",
			r.SubmittedAt.Format("02/01/2006 à 15:04"), grading.Plurals(r.LateDays, "jour", "jours"), ptsFr(math.Round(r.Penalty*1000)/10))
	}
	for _, q := range r.Questions {
		fmt.Fprintf(&b, "## %s — %s — %s\n\n%s", q.ID, q.Title, questionPoints(q), questionMarkdown(q, reveal))
		if q.Code != "" {
			fmt.Fprintf(&b, "<details><summary>Code noté</summary>\n\n%s\n\n</details>\n\n", mdFenced(q.Code))
		}
	}
	return mdTypography(b.String())
}

// pending is the points of r's written answers not marked yet (written,
// without points in manual.csv): they count 0 in r.Points until then.
func pending(r gradebook.Result) int {
	n := 0
	for _, q := range r.Questions {
		if q.Manual && !q.Marked && !q.Unwritten {
			n += q.Max
		}
	}
	return n
}

// pendingNote is what follows the total when written answers are not
// marked yet: « (en attente : 4 points de réponses rédigées pas encore
// notées, comptés 0 pour l'instant) »: the total counts them 0 until the teacher
// marks them, and its maximum holds them.
func pendingNote(r gradebook.Result) string {
	n := pending(r)
	if n == 0 {
		return ""
	}
	return fmt.Sprintf(" (en attente"+grading.NBSP+": %s de réponses rédigées pas encore notées, comptés 0 pour l'instant)", grading.Plurals(n, "point", "points"))
}

// questionPoints is a question's points in its heading: « 1,5 / 2 », or
// « pas encore notée (2 points) » for a written answer awaiting its mark.
func questionPoints(q gradebook.Question) string {
	if q.Manual && !q.Marked && !q.Unwritten {
		return fmt.Sprintf("pas encore notée (%s)", grading.Plurals(q.Max, "point", "points"))
	}
	return fmt.Sprintf("%s / %d", ptsFr(q.Points), q.Max)
}

// mdTypography is grading.Typography on Markdown, line by line: never on a
// line's leading spaces (a no-break space put before a value line's « : »
// would take it out of its list item and its fenced block) and never
// inside a fenced block (a value is shown as it is). A fence closes only on
// its own line: mdLines makes it longer than any run of backticks inside.
func mdTypography(s string) string {
	lines := strings.Split(s, "\n")
	fence := ""
	for i, l := range lines {
		body := strings.TrimLeft(l, " ")
		switch {
		case fence != "":
			if body == fence {
				fence = ""
			}
		case strings.HasPrefix(body, "```"):
			fence = body[:len(body)-len(strings.TrimLeft(body, "`"))]
		default:
			lines[i] = l[:len(l)-len(body)] + grading.Typography(body)
		}
	}
	return strings.Join(lines, "\n")
}

// questionMarkdown is the feedback on one question, without its title.
func questionMarkdown(q gradebook.Question, reveal bool) string {
	var b strings.Builder
	switch {
	case q.Manual && q.Unwritten && q.Comment != "":
		fmt.Fprintf(&b, "Réponse non rédigée (cellule de réponse restée telle quelle, ou absente), notée par l'enseignant : %s\n\n", q.Comment)
	case q.Manual && q.Unwritten:
		b.WriteString("Réponse non rédigée : cellule de réponse restée telle quelle, ou absente.\n\n")
	case q.Manual && !q.Marked && q.Comment != "":
		fmt.Fprintf(&b, "Réponse rédigée, pas encore notée par l'enseignant : %s\n\n", q.Comment)
	case q.Manual && !q.Marked:
		b.WriteString("Réponse rédigée, pas encore notée par l'enseignant.\n\n")
	case q.Manual && q.Comment != "":
		fmt.Fprintf(&b, "Réponse rédigée, notée par l'enseignant : %s\n\n", q.Comment)
	case q.Manual:
		b.WriteString("Réponse rédigée, notée par l'enseignant.\n\n")
	case q.Total > 0:
		b.WriteString(casesSummary(q) + "\n\n")
	}
	if q.Note != "" {
		fmt.Fprintf(&b, "%s\n\n", mdText(q.Note))
	}
	for _, f := range q.Flags {
		fmt.Fprintf(&b, "- ⚑ %s\n", mdText(f))
	}
	if q.Compile != "" {
		fmt.Fprintf(&b, "Erreur de compilation :\n\n%s\n\n", mdFenced(q.Compile))
	}
	if NotImplemented(q) {
		b.WriteString("Pas encore implémenté.\n\n")
		return b.String()
	}
	shown := q.Public
	if reveal {
		shown = append(append([]grading.CaseResult(nil), shown...), q.HiddenKO...)
	}
	for _, c := range shown {
		if c.Status != grading.Passed {
			b.WriteString(failedLine(c))
		}
	}
	if q.Hidden > q.HiddenOK && !reveal {
		n := q.Hidden - q.HiddenOK
		fmt.Fprintf(&b, "- ✘ %d %s\n", n, grading.Agree(n, "cas caché échoué", "cas cachés échoués"))
		b.WriteString(hiddenKinds(q.HiddenKO))
	}
	b.WriteString("\n")
	return b.String()
}

// hiddenKinds says, as a nested list, which kinds of input the failed
// hidden cases are (grading.CaseKind), with how many of each, without
// giving the cases; "" when no case has a kind.
func hiddenKinds(failed []grading.CaseResult) string {
	var b strings.Builder
	for _, k := range kindCounts(failed) {
		fmt.Fprintf(&b, "  - %s\n", k)
	}
	return b.String()
}

// kindCounts is the kinds of the failed hidden cases with their counts,
// « petit n : 2 cas », in the order of the kinds' names: neither the
// cases' order nor how each failed (a status the student's code chooses,
// which would tell the cases apart) is shown.
func kindCounts(failed []grading.CaseResult) []string {
	count := map[string]int{}
	for _, c := range failed {
		if c.Kind != "" {
			count[c.Kind]++
		}
	}
	var out []string
	for _, k := range slices.Sorted(maps.Keys(count)) {
		out = append(out, fmt.Sprintf("%s : %d cas", k, count[k]))
	}
	return out
}

// failedLine is a failed case as a Markdown list item, in French: its
// input, status, the expected and obtained values of a wrong answer, and
// the note.
func failedLine(c grading.CaseResult) string {
	mark := "✘"
	if c.Status == grading.Unjudged {
		mark = "…" // no verdict: the machine was too busy
	}
	line := fmt.Sprintf("- %s %s : %s", mark, mdText(c.Input), c.Status)
	lines := c.Status == grading.Failed && (Multiline(c.Want) || Multiline(c.Got))
	if c.Status == grading.Failed && !lines {
		line += fmt.Sprintf(" — attendu %s, obtenu %s", mdCode(grading.Shown(c.Want)), mdCode(grading.Shown(c.Got)))
	}
	if c.Note != "" {
		line += " — " + mdText(grading.OneLine(c.Note))
	}
	if lines { // a board: on its lines, in code blocks inside the item
		line += fmt.Sprintf("\n\n  attendu (%s marque chaque fin de ligne) :\n\n%s\n\n  obtenu :\n\n%s\n",
			lineEndMark, indent(mdLines(c.Want), "  "), indent(mdLines(c.Got), "  "))
	}
	return line + "\n"
}

// lineEndMark marks the end of each line of a value shown on its lines,
// so that a missing or extra final newline shows.
const lineEndMark = "↵"

// Multiline reports whether v spans several lines (a board) or ends with a
// line end.
func Multiline(v string) bool { return strings.ContainsAny(lineEnds.Replace(v), "\n") }

// ShownLines is v on its lines, each line end marked with lineEndMark (a
// value without a final line end has an unmarked last line), every line
// one line (grading.Flatten); "(vide)" when v is empty.
func ShownLines(v string) string {
	if v == "" {
		return "(vide)"
	}
	// A value's own ↵ shows escaped: it cannot pass for a line end.
	lines := strings.Split(strings.ReplaceAll(lineEnds.Replace(v), lineEndMark, `\u21b5`), "\n")
	for i, l := range lines {
		lines[i] = grading.Flatten(l)
		if i < len(lines)-1 {
			lines[i] += lineEndMark
		}
	}
	if lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	return strings.Join(lines, "\n")
}

// mdLines is v as a fenced code block that shows its lines (shownLines),
// fenced longer than any run of backticks in it.
func mdLines(v string) string {
	text := ShownLines(v)
	fence := "```"
	for strings.Contains(text, fence) {
		fence += "`"
	}
	return fence + "\n" + text + "\n" + fence
}

// indent prefixes every line of s with prefix.
func indent(s, prefix string) string {
	return prefix + strings.ReplaceAll(s, "\n", "\n"+prefix)
}

// mdCode is v as a Markdown code span that v cannot close: on one line
// (grading.Flatten: a blank line would end the paragraph, and the span
// with it), delimited by one backtick more than its longest run of them
// (CommonMark 6.1).
func mdCode(v string) string {
	v = grading.Flatten(v)
	longest, run := 0, 0
	for _, c := range v {
		if c == '`' {
			run++
			longest = max(longest, run)
		} else {
			run = 0
		}
	}
	fence := strings.Repeat("`", longest+1)
	if strings.HasPrefix(v, "`") || strings.HasSuffix(v, "`") {
		v = " " + v + " "
	}
	return fence + v + fence
}

// mdFenced is text as a fenced code block that it cannot close: its
// fence is longer than any run of backticks in it (the compiler's messages
// quote the student's lines), its lines end as Markdown sees them (\r,
// U+2028… become \n), its other control characters are U+FFFD.
func mdFenced(text string) string {
	var lines []string
	for _, l := range strings.Split(strings.TrimSpace(lineEnds.Replace(text)), "\n") {
		lines = append(lines, grading.Flatten(l))
	}
	text = strings.Join(lines, "\n")
	fence := "```"
	for strings.Contains(text, fence) {
		fence += "`"
	}
	return fence + "\n" + text + "\n" + fence
}

// lineEnds turns every line terminator into \n.
var lineEnds = strings.NewReplacer("\r\n", "\n", "\r", "\n", "\v", "\n", "\f", "\n", "\u0085", "\n", "\u2028", "\n", "\u2029", "\n")

// mdText is s as Markdown text that shows it as it is, wherever a line
// holds it: on one line (grading.Flatten), the characters Markdown would
// read as markup, raw HTML or an entity backslash-escaped, and, at its
// start, what would open a block (a list item, a heading, a quote, a
// thematic break, a fence, indented code) made plain text. A student's
// name, value or message is shown as text.
func mdText(s string) string {
	s = mdEscapes.Replace(strings.TrimLeft(grading.Flatten(s), " "))
	// At a line's start: "-", "+" and "=" open a list, a thematic break
	// or a heading underline; "1." and "1)" an ordered list.
	if s != "" && strings.ContainsRune("-+=", rune(s[0])) {
		s = `\` + s
	}
	if digits := len(s) - len(strings.TrimLeft(s, "0123456789")); digits > 0 && digits < len(s) && (s[digits] == '.' || s[digits] == ')') {
		s = s[:digits] + `\` + s[digits:]
	}
	return s
}

// mdEscapes escapes the characters that make inline Markdown (code spans,
// emphasis, links, images, raw HTML, autolinks, entities, strikethrough)
// or a block at a line's start (headings, quotes, fences), and the table
// cells' pipes.
var mdEscapes = strings.NewReplacer(`\`, `\\`, "`", "\\`", "*", `\*`, "_", `\_`, "[", `\[`, "]", `\]`, "<", `\<`, ">", `\>`, "#", `\#`, "|", `\|`, "&", `\&`, "~", `\~`, "!", `\!`)

// casesSummary says how many cases passed, in French.
func casesSummary(q gradebook.Question) string {
	if q.Hidden == 0 { // no hidden case: nothing to say of them (never « 0/0 »)
		return fmt.Sprintf("%d %s sur %d.", q.Passed, grading.Agree(q.Passed, "cas réussi", "cas réussis"), q.Total)
	}
	return fmt.Sprintf("%d %s sur %d (dont %d/%d %s).", q.Passed, grading.Agree(q.Passed, "cas réussi", "cas réussis"), q.Total, q.HiddenOK, q.Hidden, grading.Agree(q.Hidden, "cas caché", "cas cachés"))
}

// NotImplemented reports whether every public case hit the stub.
func NotImplemented(q gradebook.Question) bool {
	for _, c := range q.Public {
		if c.Status != grading.NotImplemented {
			return false
		}
	}
	return len(q.Public) > 0
}

var feedbackHTML = template.Must(template.New("feedback").Funcs(template.FuncMap{"fr": grading.Typography}).Parse(`<!DOCTYPE html>
<html lang="fr"><head><meta charset="utf-8"><title>Correction — {{.R.Student}}</title>
<style>body{font-family:sans-serif;max-width:60em;margin:2em auto}pre{background:#f6f6f6;padding:.5em;white-space:pre-wrap;tab-size:4}code,pre{font-family:"DejaVu Sans Mono",monospace}pre{font-size:.9em}.ko{color:#d62728}.ok{color:#2ca02c}</style>
</head><body>
<h1>Correction — {{.R.Student}} (TP {{.R.TP}})</h1>
<p><strong>Total&nbsp;: {{.Total}}</strong></p>
{{range .R.Problems}}<p class="ko">⚠ {{fr .}}</p>{{end}}
{{range .Questions}}<h2>{{.Q.ID}} — {{fr .Title}} — {{.Points}}</h2>
{{if and .Q.Manual .Q.Unwritten}}<p>Réponse non rédigée{{if .Q.Comment}} (cellule de réponse restée telle quelle, ou absente), notée par l'enseignant{{fr " : "}}{{.Q.Comment}}{{else}}{{fr " : "}}cellule de réponse restée telle quelle, ou absente.{{end}}</p>{{else if .Q.Manual}}<p>Réponse rédigée, {{if not .Q.Marked}}pas encore {{end}}notée par l'enseignant{{if .Q.Comment}}{{fr " : "}}{{.Q.Comment}}{{else}}.{{end}}</p>{{else if .Q.Total}}<p>{{fr .Summary}}</p>{{end}}{{if .NotImplemented}}<p>Pas encore implémenté.</p>{{end}}
{{with .Q.Note}}<p>{{fr .}}</p>{{end}}
{{range .Q.Flags}}<p class="ko">⚑ {{fr .}}</p>{{end}}
{{with .Q.Compile}}<p>Erreur de compilation&nbsp;:</p><pre>{{.}}</pre>{{end}}
{{with .Q.Code}}<details><summary>Code noté</summary><pre>{{.}}</pre></details>{{end}}
{{range .Failed}}<p class="ko">✘ {{fr .Input}}&nbsp;: {{fr .Status}}{{if and .Want (not .Lines)}} — attendu <code>{{fr .Want}}</code>, obtenu <code>{{fr .Got}}</code>{{end}}{{with .Note}} — {{fr .}}{{end}}</p>{{if .Lines}}<p>attendu (↵ marque chaque fin de ligne)&nbsp;:</p><pre>{{.Want}}</pre><p>obtenu&nbsp;:</p><pre>{{.Got}}</pre>{{end}}{{with .Board}}{{.}}{{end}}{{end}}
{{if .HiddenFailed}}<p class="ko">✘ {{.HiddenFailed}}{{if .HiddenKinds}}&nbsp;:{{end}}</p>{{end}}{{if .HiddenKinds}}<ul>{{range .HiddenKinds}}<li>{{fr .}}</li>{{end}}</ul>{{end}}
{{end}}
{{.Lib}}
</body></html>
`))

// HTML returns the feedback page: the same content as Markdown, with the
// board of each failing public case drawn, when its question draws one
// (with ECharts when lib, the library's script, is given: it is inlined
// only in pages that draw a board; a static SVG otherwise). Hidden cases
// are counted only.
func HTML(r gradebook.Result, lib string) string {
	type failed struct {
		Input, Status, Want, Got, Note string
		Lines                          bool // Want and Got on their lines (boards)
		Board                          template.HTML
	}
	type question struct {
		Q              gradebook.Question
		Title          string // plain text
		Points         string
		Summary        string
		NotImplemented bool
		Failed         []failed
		HiddenKinds    []string // the kinds of the failed hidden cases, counted (see kindCounts)
		HiddenFailed   string   // « 3 cas cachés échoués »
	}
	data := struct {
		R         gradebook.Result
		Total     string
		Questions []question
		Lib       template.HTML
	}{R: r, Total: ptsFr(r.Points) + " / " + ptsFr(r.Max) + pendingNote(r)}
	for _, q := range r.Questions {
		qq := question{Q: q, Title: grading.PlainText(q.Title), Points: questionPoints(q), Summary: casesSummary(q), NotImplemented: NotImplemented(q)}
		if n := q.Hidden - q.HiddenOK; n > 0 && !NotImplemented(q) {
			qq.HiddenKinds = kindCounts(q.HiddenKO)
			qq.HiddenFailed = fmt.Sprintf("%d %s", n, grading.Agree(n, "cas caché échoué", "cas cachés échoués"))
		}
		for _, c := range q.Public {
			if c.Status == grading.Passed || NotImplemented(q) {
				continue
			}
			f := failed{Input: c.Input, Status: c.Status.String(), Note: c.Note}
			if c.Status == grading.Failed && (Multiline(c.Want) || Multiline(c.Got)) {
				f.Want, f.Got, f.Lines = ShownLines(c.Want), ShownLines(c.Got), true
			} else if c.Status == grading.Failed {
				f.Want, f.Got = grading.OneLine(c.Want), grading.OneLine(c.Got)
			}
			if c.Board != nil {
				f.Board = template.HTML(c.Board.HTML())
				data.Lib = template.HTML(lib) // inlined only where a board is drawn
			}
			qq.Failed = append(qq.Failed, f)
		}
		data.Questions = append(data.Questions, qq)
	}
	var b strings.Builder
	if err := feedbackHTML.Execute(&b, data); err != nil {
		return "<p>" + template.HTMLEscapeString(err.Error()) + "</p>"
	}
	return b.String()
}

// ptsFr is points as a student reads them: with a decimal comma (« 3,25 »).
func ptsFr(f float64) string { return fmt.Sprint(grading.Dec(f)) }
