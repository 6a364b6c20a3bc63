package batch

import (
	"fmt"
	"slices"
	"strings"

	"github.com/prepa-reines/reines/grading"
	"github.com/prepa-reines/reines/grading/notebook"
	"github.com/prepa-reines/reines/grading/submission"
)

// Where the graded code comes from. GoNB runs every code cell, and so does
// the grader: a function declared in a check cell (before its %%), in a
// demonstration or in a cell the student added replaces the answer cell's,
// and is what gets graded. The teacher reads the answer cells; the flag
// below names any other cell the graded program takes code from, unless
// that code is the statement's own (the same declaration in a cell of the
// edition that is not an answer).

// declKey identifies a declaration by its names and its text, wherever its
// cell is (its //line directive, which names the cell, left out).
func declKey(d *submission.Decl) string {
	_, body, _ := strings.Cut(d.Text, "\n")
	return strings.Join(d.Names, " ") + "\x00" + body
}

// statementDecls adds to into the keys of the declarations of nb's code
// cells that are not answers: what the statement hands every student.
func statementDecls(nb *notebook.Notebook, into map[string]bool) {
	var cells []submission.Cell
	for i := range nb.Cells {
		c := &nb.Cells[i]
		if c.CellType == "code" && c.Reines().Role != "answer" {
			cells = append(cells, submission.Cell{Index: i, Source: string(c.Source)})
		}
	}
	for _, d := range submission.Build(cells).Decls {
		into[declKey(d)] = true
	}
}

// originFlag says which declarations q's function needs (decls, see
// Program.Needed; what runs at start is flagged as such, see flags) come
// from a cell the teacher would not read as the answer: q's function from anywhere but q's answer cell, and what
// it needs from anywhere but an answer cell, unless the statement declares
// it (given, see statementDecls). "" when there is none. For information:
// the grade is what that code earns.
func originFlag(q *grading.Question, nb *notebook.Notebook, decls []*submission.Decl, given map[string]bool) string {
	byCell := map[int][]string{}
	var cells []int
	for _, d := range decls {
		m := nb.Cells[d.Cell].Reines()
		own := slices.Contains(d.Names, q.Func)
		if own && m.Role == "answer" && m.Question == q.ID || !own && (m.Role == "answer" || given[declKey(d)]) {
			continue
		}
		if _, ok := byCell[d.Cell]; !ok {
			cells = append(cells, d.Cell)
		}
		byCell[d.Cell] = append(byCell[d.Cell], d.Names...)
	}
	if len(cells) == 0 {
		return ""
	}
	slices.Sort(cells)
	parts := make([]string, len(cells))
	for k, i := range cells {
		parts[k] = fmt.Sprintf("%s en %s (%s)", nameList(byCell[i], 4), submission.FileName(i), cellKind(nb.Cells[i].Reines()))
	}
	return "code noté pris hors des cellules de réponse, à lire dans le notebook : " + strings.Join(parts, " ; ")
}

// nameList joins names in French, at most max of them.
func nameList(names []string, max int) string {
	switch {
	case len(names) > max:
		return strings.Join(names[:max], ", ") + fmt.Sprintf(" et %d autres", len(names)-max)
	case len(names) == 1:
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " et " + names[len(names)-1]
}

// cellKind names a code cell by its role in the workbook.
func cellKind(m notebook.Meta) string {
	number := func() string {
		_, k, _ := strings.Cut(m.Question, "/")
		return strings.TrimPrefix(k, "Q")
	}
	switch m.Role {
	case "answer":
		return "cellule de réponse de la question " + number()
	case "check":
		return "cellule de vérification de la question " + number()
	case "header":
		return "cellule d'en-tête"
	case "code":
		return "cellule de code de l'énoncé"
	}
	return "cellule ajoutée"
}
