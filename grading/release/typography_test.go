package release

import (
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/prepa-reines/reines/grading"
	"github.com/prepa-reines/reines/grading/notebook"
	"github.com/prepa-reines/reines/internal/typotest"
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
	// A reference answer's literals are its package's: only its comments.
	in := "return fmt.Errorf(\"%w: n = %d\", err, n) // n trop grand : erreur\n/* bloc ! */ s := `a : b`"
	if got, want := frenchComments(in), "return fmt.Errorf(\"%w: n = %d\", err, n) // n trop grand"+nb+": erreur\n/* bloc"+nb+"! */ s := `a : b`"; got != want {
		t.Errorf("frenchComments(%q) =\n%q; want\n%q", in, got, want)
	}
}

// Numbers of the prose get no-break spaces between their groups of digits;
// identifiers, decimals, years and bit rows are not numbers to group.
func TestNumbers(t *testing.T) {
	const nb = "\u00a0"
	for in, want := range map[string]string{
		"14 772 512 solutions, 2 680 et 724": "14" + nb + "772" + nb + "512 solutions, 2" + nb + "680 et 724",
		"1, 4, 1, 16, 120 et 8":              "1, 4, 1, 16, 120 et 8",
		"entre 0,5 000 et 12345 678":         "entre 0,5 000 et 12345 678",
		"pour n = 4 … 32, T = 2 000.":        "pour n = 4 … 32, T = 2" + nb + "000.",
	} {
		if got := grading.ProseTypography(in); got != want {
			t.Errorf("ProseTypography(%q) = %q; want %q", in, got, want)
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
				want = frenchComments(src) // the reference's literals are its package's
			default:
				want = frenchCode(src)
			}
			if want != src {
				t.Errorf("%s cell %d: plain spaces where French typography wants no-break ones:\n%s", path, i, src)
			}
			if c.CellType == "markdown" {
				if bad := typotest.UngroupedNumbers(proseOnly(src)); len(bad) > 0 {
					t.Errorf("%s cell %d: numbers without grouped digits (write 2 680, lists with commas): %q", path, i, bad)
				}
			}
		}
	}
}

var codeSpan = regexp.MustCompile("`[^`]*`|\\$[^$]*\\$")

// proseOnly returns markdown md without its code: fenced and indented
// blocks, code spans and $math$.
func proseOnly(md string) string {
	return mapProse(md, func(l string) string { return codeSpan.ReplaceAllString(l, " ") }, false)
}

// graderWords are words of the grader, the editions or the build, which a
// statement has no reason to use: it speaks to students about the problem.
var graderWords = []string{"édition", "correcteur", "grader", "à la correction", "machine du projet", "machines de ce projet",
	"`make ", "make bench", "make test", "make check", "bench", "publication", "la vérification passe", "la vérification appelle", "la vérification attend", "cas cachés"}

// The markdown of the student notebooks speaks about the problem, not
// about the grader or the build.
func TestStudentMarkdownSpeaksOfTheProblem(t *testing.T) {
	paths, _ := filepath.Glob("../../notebooks/*.ipynb")
	if len(paths) < 6 {
		t.Fatalf("notebooks: %v", paths)
	}
	for _, path := range paths {
		nb, err := notebook.Read(path)
		if err != nil {
			t.Fatal(err)
		}
		for i, c := range nb.Cells {
			if c.CellType != "markdown" {
				continue
			}
			text := strings.ToLower(string(c.Source))
			for _, w := range graderWords {
				if strings.Contains(text, w) {
					t.Errorf("%s cell %d speaks of the grader or the build (%q):\n%s", filepath.Base(path), i, w, c.Source)
				}
			}
		}
	}
}
