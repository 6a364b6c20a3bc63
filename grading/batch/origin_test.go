package batch

import (
	"strings"
	"testing"

	"github.com/prepa-reines/reines/grading/notebook"
	"github.com/prepa-reines/reines/grading/submission"
)

// What a question's program holds that the teacher should know, named
// with the cell it comes from (its index, whatever a //line directive
// says): start-up functions, predeclared names declared again, //line
// directives, line ends Go and the editor read differently; and the
// graded code shows the question's function first, each declaration cut
// on its own, odd line ends as symbols.
func TestCodeFlags(t *testing.T) {
	cells := []string{
		"func init() {}\nfunc init_x() {}",
		"func append(s []int, x int) []int { return s }",
		"//line cellule 1:1\nfunc helper() {\n\t// premier essai\r/* ancienne version */\n}",
		"var big = \"" + strings.Repeat("x", 2*maxDecl) + "\"",
		"func F() int { helper(); _ = big; _ = check(1); return len(append(nil, 1)) }",
		// Trojan Source: the comment shows the return inside an if.
		"func check(x int) bool {\n\t/*\u202e } \u2066if x > 0 {\u2069 \u2066*/\n\treturn true\n}",
	}
	nb := &notebook.Notebook{}
	var sub []submission.Cell
	for i, c := range cells {
		nb.Cells = append(nb.Cells, notebook.Cell{CellType: "code", Source: notebook.Source(c)})
		sub = append(sub, submission.Cell{Index: i, Source: c})
	}
	prog := submission.Build(sub)
	decls := prog.Unit("F", []string{"F"}, "", "", false).Decls
	got := strings.Join(codeFlags(nb, decls), "\n")
	for _, want := range []string{
		"fonction init, exécutée au démarrage du programme (cellule 1)",
		"fonction init_x, exécutée au démarrage du programme (cellule 1)",
		"le nom prédéclaré append (cellule 2)",
		"directive //line (cellule 3)",
		"retour chariot seul…) (cellule 3)",
		"caractères invisibles qui changent l'ordre d'affichage du texte (contrôles bidirectionnels, largeur nulle) (cellule 6)",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("flags:\n%s\nwant one saying %q", got, want)
		}
	}
	code := gradedCode(nb, decls, "F")
	if !strings.HasPrefix(code, "// cellule 5 (cellule ajoutée)\nfunc F()") || !strings.Contains(code, "␍") || !strings.Contains(code, "(coupé)") || len(code) > maxCode+100 {
		t.Errorf("graded code (%d bytes) does not start with F, show the carriage return, or cut big:\n%.600s", len(code), code)
	}
	for r, want := range map[rune]bool{'\u202e': true, '\u00ad': true, '\u3164': true, '\U000e0041': true, '\ufe0f': false, 'é': false, '\u200d': false} {
		if invisible(r) != want {
			t.Errorf("invisible(%U) = %v", r, !want)
		}
	}
	if !strings.Contains(code, "/*⟨U+202E⟩ } ⟨U+2066⟩if x > 0 {⟨U+2069⟩ ⟨U+2066⟩*/") {
		t.Errorf("graded code does not show the bidirectional controls:\n%.600s", code)
	}
	if !strings.Contains(code, "func helper") {
		t.Errorf("graded code lacks helper, after the cut of big:\n%.600s", code)
	}
}
