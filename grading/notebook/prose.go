package notebook

import (
	"strings"
	"unicode"
)

// ProsePlaceholder is the written answer's cell in the student notebooks.
const ProsePlaceholder = "**Votre réponse :** _(remplacez ce texte par votre réponse)_"

// ProseAnswer returns the written answer to question id in nb: the text of
// the last written-answer cell of id that is not the placeholder; else,
// when every such cell is (or there is none), the markdown cells of no
// question's that follow the last of them up to the next cell of the
// workbook's (a student who wrote below the placeholder rather than in
// it); else the placeholder's text, or "". Cost: one pass over the cells.
func (nb *Notebook) ProseAnswer(id string) string {
	text, last := "", -1
	for k, c := range nb.Cells {
		if m := c.Reines(); m.Role == "prose" && m.Question == id {
			last = k
			if t := strings.TrimSpace(string(c.Source)); !Unwritten(t) || text == "" {
				text = t
			}
		}
	}
	if last < 0 || !Unwritten(text) {
		return text
	}
	var below []string
	for _, c := range nb.Cells[last+1:] {
		if c.Reines().Role != "" {
			break
		}
		if t := strings.TrimSpace(string(c.Source)); c.CellType == "markdown" && t != "" {
			below = append(below, t)
		}
	}
	if len(below) > 0 {
		return strings.Join(below, "\n\n")
	}
	return text
}

// Unwritten reports whether a written answer's text is ProsePlaceholder,
// whatever its spaces (no-break ones included), or nothing: the student
// did not write it.
func Unwritten(answer string) bool {
	norm := func(s string) string {
		return strings.Join(strings.FieldsFunc(s, func(r rune) bool { return unicode.IsSpace(r) || r == '\u00a0' || r == '\u202f' }), " ")
	}
	a := norm(answer)
	return a == "" || a == norm(ProsePlaceholder)
}
