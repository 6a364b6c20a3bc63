package release

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/prepa-reines/reines/grading/notebook"
)

func TestFrenchTypography(t *testing.T) {
	const nb = "\u00a0"
	for _, c := range []struct{ in, want string }{
		{"Que vaut *n* ? Deux cas : « oui » ; `a : b` et $x : y$.", "Que vaut *n*" + nb + "? Deux cas" + nb + ": «" + nb + "oui" + nb + "»" + nb + "; `a : b` et $x : y$."},
		{"    code : indenté\n```\nfenced : too\n```\nfin !", "    code : indenté\n```\nfenced : too\n```\nfin" + nb + "!"},
		{"http://localhost:8888 et a:b", "http://localhost:8888 et a:b"},
	} {
		if got := frenchMarkdown(c.in); got != c.want {
			t.Errorf("frenchMarkdown(%q) =\n%q; want\n%q", c.in, got, c.want)
		}
	}
	for _, c := range []struct{ in, want string }{
		{`x := f(a ? b) // vrai ?` + "\n" + `fmt.Println("erreur :", err, 'a', "\" :")`,
			`x := f(a ? b) // vrai` + nb + "?\n" + `fmt.Println("erreur` + nb + `:", err, 'a', "\"` + nb + `:")`},
		{"s := `raw : text` /* bloc ! */ y := z ? w", "s := `raw" + nb + ": text` /* bloc" + nb + "! */ y := z ? w"},
	} {
		if got := frenchCode(c.in); got != c.want {
			t.Errorf("frenchCode(%q) =\n%q; want\n%q", c.in, got, c.want)
		}
	}
}

// Every notebook the release wrote has French typography in its markdown
// and in the strings and comments of its code cells (the reference code
// of the corrections' answers aside).
func TestNotebooksTypography(t *testing.T) {
	paths, _ := filepath.Glob("../../notebooks/*.ipynb")
	more, _ := filepath.Glob("../../notebooks/corrections/*.ipynb")
	if len(paths) < 5 || len(more) < 5 {
		t.Fatalf("notebooks: %v %v", paths, more)
	}
	for _, path := range append(paths, more...) {
		nb, err := notebook.Read(path)
		if err != nil {
			t.Fatal(err)
		}
		for i := range nb.Cells {
			c := &nb.Cells[i]
			src := string(c.Source)
			var want string
			switch {
			case c.CellType == "markdown":
				want = frenchMarkdown(src)
			case c.Reines().Role == "answer" && strings.Contains(path, "corrections"):
				continue
			default:
				want = frenchCode(src)
			}
			if want != src {
				t.Errorf("%s cell %d: plain spaces where French typography wants no-break ones:\n%s", path, i, src)
			}
		}
	}
}
