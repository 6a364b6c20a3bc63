package batch

import (
	"fmt"
	"go/types"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

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

// originPrefix starts the flag of originFlag.
const originPrefix = "code noté pris hors de la cellule de réponse de la question, à lire dans le notebook : "

// originFlag says which declarations of q's program (decls: what q's
// function needs and what runs as the program starts, see
// submission.Program.Unit) come from a cell the teacher would not read as
// q's answer: q's function from anywhere but q's answer cell; what it
// needs from anywhere but an answer cell, unless the statement declares
// it (given, see statementDecls), or from another question's answer cell
// when it replaced a declaration of q's. "" when there is none. For
// information: the grade is what that code earns.
func originFlag(q *grading.Question, nb *notebook.Notebook, decls []*submission.Decl, given map[string]bool) string {
	byCell := map[int][]string{}
	var cells, replacing []int // cells, and those replacing a declaration of q's answer cell
	for _, d := range decls {
		m := nb.Cells[d.Cell].Reines()
		own := slices.Contains(d.Names, q.Func)
		if own && m.Role == "answer" && m.Question == q.ID || !own && (m.Role == "answer" && !replacesAnswer(nb, d, q) || given[declKey(d)]) {
			continue
		}
		if _, ok := byCell[d.Cell]; !ok {
			cells = append(cells, d.Cell)
		}
		if replacesAnswer(nb, d, q) && !slices.Contains(replacing, d.Cell) {
			replacing = append(replacing, d.Cell)
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
		if slices.Contains(replacing, i) {
			parts[k] += ", qui remplace la déclaration de même nom de la cellule de réponse de la question"
		}
	}
	return originPrefix + strings.Join(parts, " ; ")
}

// replacesAnswer reports whether d, from a cell that is not q's answer,
// replaced a declaration of q's answer cell: what the teacher reads there
// is not what is graded.
func replacesAnswer(nb *notebook.Notebook, d *submission.Decl, q *grading.Question) bool {
	if m := nb.Cells[d.Cell].Reines(); m.Role == "answer" && m.Question == q.ID {
		return false
	}
	return slices.ContainsFunc(d.Replaced, func(i int) bool {
		m := nb.Cells[i].Reines()
		return m.Role == "answer" && m.Question == q.ID
	})
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

// metadataFlag says which of the edition's answer and check cells of q
// (roles: their metadata, by cell ID) nb holds under other metadata: the
// cell the grader takes for q's answer is then not the one handed out
// (Jupyter keeps a cell's ID; its metadata can be edited). "" when none.
func metadataFlag(q *grading.Question, nb *notebook.Notebook, roles map[string]notebook.Meta) string {
	var parts []string
	for i := range nb.Cells {
		c := &nb.Cells[i]
		was, ok := roles[c.ID]
		if !ok || was.Question != q.ID {
			continue
		}
		now := c.Reines()
		var change string
		switch {
		case c.CellType != "code" && was.Role == "check":
			continue // see checkNote
		case c.CellType != "code":
			change = "a été transformée en texte"
		case now == was:
			continue
		case now.Role == "":
			change = "n'est plus marquée comme telle"
		default:
			change = "est marquée comme " + cellKind(now)
		}
		parts = append(parts, fmt.Sprintf("la %s distribuée (%s) %s", cellKind(was), submission.FileName(i), change))
	}
	// The answer cell handed out, gone while the notebook keeps the
	// edition's other IDs (a notebook whose every ID changed, or that has
	// none, cannot be compared: see the graded code in the feedback).
	kept, ids := false, map[string]bool{}
	for i := range nb.Cells {
		ids[nb.Cells[i].ID] = true
		if m, ok := roles[nb.Cells[i].ID]; ok && m.Question != "" && strings.HasPrefix(m.Question, q.Notebook()+"/") {
			kept = true
		}
	}
	for id, m := range roles {
		if kept && m.Question == q.ID && m.Role == "answer" && !ids[id] {
			parts = append(parts, "la cellule de réponse distribuée est absente (supprimée, ou son identifiant a changé)")
		}
	}
	if len(parts) == 0 {
		return ""
	}
	return "métadonnées du notebook modifiées : " + strings.Join(parts, " ; ") + " ; le code noté est celui des cellules marquées comme réponses"
}

// maxCode bounds the source a question's feedback shows (bytes), and
// maxDecl each declaration in it.
const (
	maxCode = 32 << 10
	maxDecl = 4 << 10
)

// gradedCode is the source of decls as the grader compiles them: the
// question's function fn first, then the others in program order, each
// run of declarations of one cell under a comment naming the cell (by
// Decl.Cell, which no directive of the student's changes), each cut at
// maxDecl bytes and the whole at maxCode; line ends Go and an editor do
// not read alike, and the invisible characters that reorder or hide text,
// shown as symbols (see shownCode). What the teacher
// reads to know what was graded, wherever it comes from.
func gradedCode(nb *notebook.Notebook, decls []*submission.Decl, fn string) string {
	ordered := slices.Clone(decls)
	slices.SortStableFunc(ordered, func(a, b *submission.Decl) int {
		switch {
		case slices.Contains(a.Names, fn) == slices.Contains(b.Names, fn):
			return 0
		case slices.Contains(a.Names, fn):
			return -1
		}
		return 1
	})
	var b strings.Builder
	last := -1
	for _, d := range ordered {
		if d.Cell != last {
			fmt.Fprintf(&b, "// %s (%s)\n", submission.FileName(d.Cell), cellKind(nb.Cells[d.Cell].Reines()))
			last = d.Cell
		}
		_, body, _ := strings.Cut(d.Text, "\n") // its //line directive
		b.WriteString(cut(shownCode(body), maxDecl) + "\n\n")
	}
	return cut(strings.TrimSpace(b.String()), maxCode)
}

// cut is s cut at max bytes (at a character's start), with a comment
// saying so.
func cut(s string, max int) string {
	if len(s) <= max {
		return s
	}
	for max > 0 && !utf8.RuneStart(s[max]) {
		max--
	}
	return s[:max] + "\n// … (coupé)"
}

// shownCode shows what the reader of a program would not see as the
// compiler reads it: the line ends Go does not read as such (a carriage
// return alone, vertical tab, form feed, U+0085, U+2028, U+2029), which an
// editor may (what looks like the end of a comment there is not one for
// the compiler), and the invisible characters (see invisible) by which a
// comment, a string or a name can show code other than the compiler's
// ("Trojan Source", CVE-2021-42574), as ⟨U+202E⟩.
func shownCode(s string) string {
	s = shownLineEnds.Replace(s)
	if !strings.ContainsFunc(s, invisible) {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		if invisible(r) {
			fmt.Fprintf(&b, "⟨U+%04X⟩", r)
		} else {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// shownLineEnds shows the line ends of shownCode.
var shownLineEnds = strings.NewReplacer("\r\n", "\n", "\r", "␍", "\v", "␋", "\f", "␌", "\u0085", "␤", "\u2028", "␤", "\u2029", "␤")

// invisible reports whether r is drawn as nothing, or changes how the text
// around it is drawn: the bidirectional controls (Unicode's Bidi_Control),
// the zero-width and invisible format characters (Unicode's Cf: soft
// hyphen, zero-width space and joiners, word joiner, invisible operators,
// byte-order mark, tags), the variation selectors, and the Hangul fillers,
// which Go takes as letters of a name. Not the zero-width joiner and the
// emoji presentation selectors (U+200D, U+FE0E, U+FE0F), which every
// emoji such as ✔️ holds.
func invisible(r rune) bool {
	switch {
	case r == '\u200d' || r == '\ufe0e' || r == '\ufe0f':
		return false
	case unicode.Is(unicode.Bidi_Control, r), unicode.Is(unicode.Cf, r), unicode.Is(unicode.Variation_Selector, r):
		return true
	}
	return r == '\u115f' || r == '\u1160' || r == '\u3164' || r == '\uffa0'
}

// oddLineEnds reports whether s holds a line end Go and an editor do not
// read alike (see shownCode).
func oddLineEnds(s string) bool {
	return strings.ContainsAny(s, "\v\f\u0085\u2028\u2029") || strings.Contains(strings.ReplaceAll(s, "\r\n", "\n"), "\r")
}

// codeFlags are what the teacher should know of the declarations of a
// question's program (decls, see submission.Program.Unit), each named with
// its cell: a function run as the program starts (func init, GoNB's
// init_*), a predeclared name declared again (append, len, error…), a
// //line directive (it changes the lines and cells the messages name),
// line ends that Go and the notebook's editor read differently, and
// invisible characters that change the order in which code is shown.
func codeFlags(nb *notebook.Notebook, decls []*submission.Decl) []string {
	var out []string
	add := func(f string) {
		if !slices.Contains(out, f) {
			out = append(out, f)
		}
	}
	for _, d := range decls {
		cell := submission.FileName(d.Cell)
		if d.Startup() {
			add(fmt.Sprintf("déclare une fonction %s, exécutée au démarrage du programme (%s)", d.Names[0], cell))
		}
		for _, n := range d.Names {
			if n != "_" && types.Universe.Lookup(n) != nil {
				add(fmt.Sprintf("déclare à nouveau le nom prédéclaré %s (%s), que le reste du notebook utilise alors", n, cell))
			}
		}
		src := string(nb.Cells[d.Cell].Source)
		if strings.Contains(src, "//line ") || strings.Contains(src, "/*line ") {
			add(fmt.Sprintf("directive //line (%s) : elle change les lignes et les cellules que nomment les messages", cell))
		}
		if strings.ContainsFunc(src, invisible) {
			add(fmt.Sprintf("caractères invisibles qui changent l'ordre d'affichage du texte (contrôles bidirectionnels, largeur nulle) (%s) : le code affiché n'est pas lu comme Go le lit ; le code noté, ci-dessous, les montre", cell))
		}
		if oddLineEnds(src) {
			add(fmt.Sprintf("fins de ligne que Go et l'éditeur ne lisent pas de la même façon (retour chariot seul…) (%s) : le code noté, ci-dessous, les montre", cell))
		}
	}
	return out
}
