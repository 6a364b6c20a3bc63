// Package handouts writes the workbook's printable documents, in French,
// for the teacher to print or to hand out: per TP, the statement alone
// (NN-name.html and .pdf: the markdown cells of the student notebook, each
// question's heading with its points, a blank box for each written answer,
// no code cell, no answer, no check) and its correction (NN-name-corrige:
// the same statement followed, question by question, by the correction's
// answer cells as code listings and the model answers of the written
// questions); and the teacher's guide (guide-enseignant), whose prose is
// notebooks/src/guide.md and whose tables of points are generated from the
// registry of questions (package grading, grading/nbNN).
//
// The documents are made from the same notebooks as the ones the release
// writes ([release.Build] on grading/nbNN/NN-name.txtar), so a handout
// never differs from its notebook. Markdown is rendered by goldmark
// (github.com/yuin/goldmark, CommonMark with GitHub tables); each page
// carries its own print style sheet (A4, a running header with the TP's
// title and the page number in CSS page-margin boxes, CSS Paged Media
// Level 3, §5) and needs no network. The PDFs are printed by headless
// Chromium through the DevTools protocol (Page.printToPDF, see [Printer]).
package handouts

import (
	_ "embed"
	"fmt"
	"html"
	"os"
	"path/filepath"
	"strings"

	"github.com/prepa-reines/reines/grading"
	"github.com/prepa-reines/reines/grading/notebook"
	"github.com/prepa-reines/reines/grading/release"
	"github.com/prepa-reines/reines/grading/workbook"
)

// Doc is one printable document.
type Doc struct {
	Name  string // file name without extension: "01-recursion", "01-recursion-corrige", "guide-enseignant"
	Title string // plain text of its first heading, in the page header: "TP 1 — Les n reines : retour sur trace récursif"
	Kind  string // what it is, in the page header: "Énoncé", "Corrigé", "Guide de l'enseignant"
	Mark  string // a mark that tells it at a glance, above the first page's title and in every page's header: CorrectionMark; "" for none
	HTML  string // the standalone page (style sheet included)
}

// CorrectionMark marks a correction, whose first page otherwise looks like
// the statement's.
const CorrectionMark = "CORRIGÉ"

// CorrectionSuffix ends the file name of a TP's correction.
const CorrectionSuffix = "-corrige"

// GuideName is the file name of the teacher's guide, without extension.
const GuideName = "guide-enseignant"

// Build returns the statement and the correction of notebook nb, made
// from its source nb.Source() under root (the module's
// root directory) by [release.Build]. Errors are the release's (an
// unregistered question, a missing reference answer) or a heading that
// names a question the registry does not hold.
func Build(root string, nb workbook.Notebook) (statement, correction Doc, err error) {
	student, corr, err := release.Build(root, filepath.Join(root, nb.Source()))
	if err != nil {
		return Doc{}, Doc{}, err
	}
	title := Title(student)
	if title == "" {
		return Doc{}, Doc{}, fmt.Errorf("%s: the first markdown cell has no title (a line \"# TP …\")", nb.Name)
	}
	statement = Doc{Name: nb.Name, Title: title, Kind: "Énoncé"}
	correction = Doc{Name: nb.Name + CorrectionSuffix, Title: title, Kind: "Corrigé", Mark: CorrectionMark}
	if statement.HTML, err = body(nb.ID, student, false); err != nil {
		return Doc{}, Doc{}, fmt.Errorf("%s: %w", nb.Name, err)
	}
	if correction.HTML, err = body(nb.ID, corr, true); err != nil {
		return Doc{}, Doc{}, fmt.Errorf("%s: %w", nb.Name, err)
	}
	statement.HTML = page(statement, statement.HTML)
	correction.HTML = page(correction, correction.HTML)
	return statement, correction, nil
}

// Title returns the plain text of the first "# " line of the notebook's
// first markdown cell, "" if there is none.
func Title(nb *notebook.Notebook) string {
	for _, c := range nb.Cells {
		if c.CellType != "markdown" {
			continue
		}
		for _, l := range strings.Split(string(c.Source), "\n") {
			if t, ok := strings.CutPrefix(l, "# "); ok {
				return grading.PlainText(strings.TrimSpace(t))
			}
		}
		return ""
	}
	return ""
}

// body returns the HTML of the cells of notebook nb (ID id) that a
// handout shows: every statement; for a written question, a blank box
// (answers false) or the model answer (answers true); with answers, each
// answer cell as a listing. Header, check and demonstration cells are
// left out. The table of points ends it.
func body(id string, nb *notebook.Notebook, answers bool) (string, error) {
	var b strings.Builder
	for _, c := range nb.Cells {
		m := c.Reines()
		src := string(c.Source)
		switch {
		case m.Role == "statement":
			h, err := render(paperOnly(src), id)
			if err != nil {
				return "", err
			}
			b.WriteString(h)
		case m.Role == "prose" && !answers:
			fmt.Fprintf(&b, "<div class=\"space\"><p class=\"label\">Votre réponse (question %s)</p></div>\n", number(m.Question))
		case m.Role == "prose":
			h, err := render(src, "")
			if err != nil {
				return "", err
			}
			fmt.Fprintf(&b, "<div class=\"answer\"><p class=\"label\">Corrigé de la question %s</p>\n%s</div>\n", number(m.Question), h)
		case m.Role == "answer" && answers:
			fmt.Fprintf(&b, "<div class=\"answer\"><p class=\"label\">Corrigé de la question %s</p>\n<pre><code class=\"language-go\">%s</code></pre></div>\n",
				number(m.Question), html.EscapeString(strings.ReplaceAll(src, "\t", "    ")))
		}
	}
	h, err := render("## Barème\n\n"+PointsTable(id, false), "")
	if err != nil {
		return "", err
	}
	b.WriteString("<section class=\"bareme\">\n" + h + "</section>\n")
	return b.String(), nil
}

// notebookOnly starts the paragraphs of a statement that speak of the
// notebook itself (how to run its cells, GoNB's syntax), which a printed
// handout leaves out.
var notebookOnly = []string{"**Mode d'emploi.**", "Rappel GoNB"}

// paperOnly returns markdown src without its notebook-only paragraphs
// (see notebookOnly).
func paperOnly(src string) string {
	paras := strings.Split(src, "\n\n")
	kept := paras[:0]
	for _, p := range paras {
		drop := false
		for _, start := range notebookOnly {
			drop = drop || strings.HasPrefix(strings.TrimSpace(p), start)
		}
		if !drop {
			kept = append(kept, p)
		}
	}
	return strings.Join(kept, "\n\n")
}

// number is the question number of ID "01/Q4": "4".
func number(id string) string {
	_, k, _ := strings.Cut(id, "/Q")
	return k
}

// PointsTable returns, in Markdown, the table of the points of notebook
// nb's questions as the registry holds them (number, title, kind of
// answer, points), with their total. With guide set (the teacher's guide),
// a column says which questions are optional (grading.Question.Optional,
// which the notebook's headings say too) and a line after the table gives
// the total of the others.
func PointsTable(nb string, guide bool) string {
	var b strings.Builder
	b.WriteString("| Question | Intitulé | Réponse | Points |")
	if guide {
		b.WriteString(" Facultative |")
	}
	b.WriteString("\n|---|---|---|---|")
	if guide {
		b.WriteString("---|")
	}
	b.WriteString("\n")
	total, core := 0, 0
	for _, q := range grading.Questions(nb) {
		kind := "code (`" + q.Func + "`)"
		if q.Prose() {
			kind = "rédigée"
		}
		fmt.Fprintf(&b, "| %s | %s | %s | %d |", number(q.ID), strings.ReplaceAll(q.Title, "|", `\|`), kind, q.Points)
		if guide {
			if q.Optional {
				b.WriteString(" oui |")
			} else {
				b.WriteString(" |")
				core += q.Points
			}
		}
		b.WriteString("\n")
		total += q.Points
	}
	fmt.Fprintf(&b, "| | **Total** | | **%d** |", total)
	if guide {
		b.WriteString(" |")
	}
	b.WriteString("\n")
	switch {
	case guide && core != total:
		fmt.Fprintf(&b, "\nTotal du TP : %s, dont %s pour les questions qui ne sont pas facultatives.\n", grading.Plural(total, "point"), grading.Plural(core, "point"))
	case guide:
		fmt.Fprintf(&b, "\nTotal du TP : %s, aucune question n'est facultative.\n", grading.Plural(total, "point"))
	}
	return b.String()
}

// Write writes the statement and the correction of each notebook of nbs
// (all of them if nbs is empty), and the teacher's guide, to folder out
// under root: NAME.html for each document and, with p not nil, NAME.pdf
// printed by p. It returns the paths written, in order.
func Write(root, out string, nbs []workbook.Notebook, p *Printer) ([]string, error) {
	if len(nbs) == 0 {
		nbs = workbook.Notebooks
	}
	var docs []Doc
	for _, nb := range nbs {
		s, c, err := Build(root, nb)
		if err != nil {
			return nil, err
		}
		docs = append(docs, s, c)
	}
	g, err := Guide(root)
	if err != nil {
		return nil, err
	}
	docs = append(docs, g)
	if err := os.MkdirAll(out, 0o755); err != nil {
		return nil, err
	}
	var written []string
	for _, d := range docs {
		path := filepath.Join(out, d.Name+".html")
		if err := os.WriteFile(path, []byte(d.HTML), 0o644); err != nil {
			return written, err
		}
		written = append(written, path)
		if p == nil {
			continue
		}
		pdf, err := p.Print(path)
		if err != nil {
			return written, fmt.Errorf("printing %s: %w", path, err)
		}
		path = filepath.Join(out, d.Name+".pdf")
		if err := os.WriteFile(path, pdf, 0o644); err != nil {
			return written, err
		}
		written = append(written, path)
	}
	return written, nil
}

//go:embed print.css
var css string

// page returns the standalone HTML page of d around the HTML body, with
// d's mark, if any, above it and in every page's header.
func page(d Doc, body string) string {
	header := d.Title + " — " + d.Kind // every handout's title: what it is, then its kind
	if strings.Contains(strings.ToLower(d.Title), strings.ToLower(d.Kind)) {
		header = d.Title // the guide's title says it
	}
	kind := `@top-right { content: ` + cssString(d.Kind) + `; }`
	if d.Mark != "" {
		kind = `@top-right { content: ` + cssString(d.Mark) + `; font: bold 11pt "DejaVu Sans", sans-serif; color: #b00000; }`
		body = `<p class="mark">` + html.EscapeString(d.Mark) + "</p>\n" + body
	}
	return `<!DOCTYPE html>
<html lang="fr">
<head>
<meta charset="utf-8">
<title>` + html.EscapeString(header) + `</title>
<style>
` + css + `
@page { @top-left { content: ` + cssString(d.Title) + `; } ` + kind + ` }
</style>
</head>
<body>
<main>
` + body + `</main>
</body>
</html>
`
}

// cssString quotes s as a CSS string.
func cssString(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\A `, "<", `\3C `)
	return `"` + r.Replace(s) + `"`
}
