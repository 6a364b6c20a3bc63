package handouts

import (
	"bytes"
	"regexp"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	gmhtml "github.com/yuin/goldmark/renderer/html"
	"github.com/yuin/goldmark/text"

	"github.com/prepa-reines/reines/grading"
)

// md is the workbook's Markdown as Jupyter shows it: CommonMark with the
// GitHub tables (the notebooks' tables of fields and of the solver's API)
// and raw HTML passed through (the statements write indices as <sub> and
// <sup>; every source is the teacher's own). No typographer extension:
// the sources already write « », — and ’ themselves.
var md = goldmark.New(
	goldmark.WithExtensions(extension.Table, extension.Strikethrough),
	goldmark.WithRendererOptions(gmhtml.WithUnsafe()),
)

// render returns the HTML of Markdown text src. nb is the notebook whose
// question headings ("## Question 4 — …", "## Questions 8, 9 et 10 — …")
// get the points of their questions from the registry (see
// [pointsLabel]); "" renders no points. French typography
// ([grading.ProseTypography]) is applied to the text, not to code spans or
// blocks, nor to raw HTML. Math written $…$ is left as it is: no
// notebook has any today, and the PDF must not need the network
// (MathJax would come from a CDN).
func render(src, nb string) (string, error) {
	source := []byte(src)
	doc := md.Parser().Parse(text.NewReader(source))
	// Collected first, changed after: replacing a node while ast.Walk
	// visits its siblings would end the visit.
	var headings []*ast.Heading
	var texts []*ast.Text
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.CodeSpan, *ast.CodeBlock, *ast.FencedCodeBlock, *ast.RawHTML, *ast.HTMLBlock:
			return ast.WalkSkipChildren, nil
		case *ast.Heading:
			headings = append(headings, n)
		case *ast.Text:
			texts = append(texts, n)
		}
		return ast.WalkContinue, nil
	})
	for _, h := range headings {
		if nb != "" && questionsHeading.MatchString(plainText(h, source)) {
			h.SetAttributeString("class", []byte("question")) // its points are in it (see release.PointsLabel)
		}
	}
	// The parser splits text at characters that may open an inline
	// ("!" of an image, "[" of a link): typography is applied to each run
	// of adjacent text nodes of a line at once.
	done := map[ast.Node]bool{}
	for _, n := range texts {
		parent := n.Parent()
		if parent == nil || done[parent] { // nil: replaced with its run
			continue
		}
		done[parent] = true
		var run []*ast.Text
		for c := parent.FirstChild(); c != nil; {
			next := c.NextSibling()
			if t, ok := c.(*ast.Text); ok {
				run = append(run, t)
				if !t.SoftLineBreak() && !t.HardLineBreak() && next != nil {
					c = next
					continue
				}
			}
			typeset(run, source)
			run = run[:0]
			c = next
		}
		typeset(run, source)
	}
	var out bytes.Buffer
	if err := md.Renderer().Render(&out, source, doc); err != nil {
		return "", err
	}
	return out.String(), nil
}

// typeset replaces a run of adjacent text nodes (only the last may end a
// line) by their text with French typography, if that changes it.
func typeset(run []*ast.Text, source []byte) {
	if len(run) == 0 {
		return
	}
	var b strings.Builder
	for _, t := range run {
		b.Write(t.Value(source))
	}
	text := grading.ProseTypography(b.String())
	if text == b.String() {
		return
	}
	last := run[len(run)-1]
	parent := last.Parent()
	parent.InsertBefore(parent, run[0], ast.NewString([]byte(text)))
	switch {
	case last.HardLineBreak():
		parent.InsertBefore(parent, run[0], rawHTML("<br>\n"))
	case last.SoftLineBreak():
		parent.InsertBefore(parent, run[0], rawHTML("\n"))
	}
	for _, t := range run {
		parent.RemoveChild(parent, t)
	}
}

// rawHTML is an inline node written as it is.
func rawHTML(s string) *ast.String {
	n := ast.NewString([]byte(s))
	n.SetCode(true)
	return n
}

// plainText is the text of an inline container, marks removed.
func plainText(n ast.Node, source []byte) string {
	var b strings.Builder
	_ = ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch c := c.(type) {
		case *ast.Text:
			b.Write(c.Value(source))
		case *ast.String:
			b.Write(c.Value)
		}
		return ast.WalkContinue, nil
	})
	return b.String()
}

// questionsHeading is the start of a heading that announces questions:
// "Question 4 — …" (written by the release from the registry) or
// "Questions 8, 9 et 10 — …" (written by hand for questions that share a
// statement).
var questionsHeading = regexp.MustCompile(`^Questions? (\d+(?:(?:, | et )\d+)*)(?:\s|$)`)
