package handouts

import (
	"html"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/prepa-reines/reines/grading"
	"github.com/prepa-reines/reines/grading/release"
	"github.com/prepa-reines/reines/grading/workbook"
)

// French typography goes into the text, not into code.
func TestRenderTypography(t *testing.T) {
	got, err := render("Pourquoi ? « oui » : `a : b` et *c* !\n\n```\nx ; y\n```\n", "")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"Pourquoi" + grading.NBSP + "?", "«" + grading.NBSP + "oui" + grading.NBSP + "»" + grading.NBSP + ":",
		"<code>a : b</code>", "</em>" + grading.NBSP + "!", "x ; y"} {
		if !strings.Contains(got, want) {
			t.Errorf("render: no %q in\n%s", want, got)
		}
	}
}

// The guide has one table of points per notebook, and says so when one
// is missing.
func TestGuideMarkers(t *testing.T) {
	g, err := Guide("../..")
	if err != nil {
		t.Fatal(err)
	}
	if _, title, _ := strings.Cut(g.HTML, "<title>"); strings.Count(strings.ToLower(title[:strings.Index(title, "</title>")]), "guide de l&#39;enseignant") != 1 {
		t.Errorf("guide: title %.120q; want it to say once what it is", title)
	}
	for _, q := range grading.Questions("") {
		if !strings.Contains(g.HTML, "<td>"+strings.TrimPrefix(q.Number(), "Q")+"</td>") {
			t.Errorf("guide: no row for %s", q.ID)
		}
	}
	src, err := os.ReadFile(filepath.Join("../..", GuideSource))
	if err != nil {
		t.Fatal(err)
	}
	last := workbook.Notebooks[len(workbook.Notebooks)-1].ID
	root := t.TempDir()
	os.MkdirAll(filepath.Join(root, filepath.Dir(GuideSource)), 0o755)
	without := pointsMarker.ReplaceAllStringFunc(string(src), func(l string) string {
		if strings.Contains(l, "barème "+last) {
			return ""
		}
		return l
	})
	for _, nb := range workbook.Notebooks {
		m := release.SujetPath(nb.Source())
		data, err := os.ReadFile(filepath.Join("../..", m))
		if err != nil {
			continue // a TP without an original (TP 0)
		}
		os.MkdirAll(filepath.Join(root, filepath.Dir(m)), 0o755)
		os.WriteFile(filepath.Join(root, m), data, 0o644)
	}
	os.WriteFile(filepath.Join(root, GuideSource), []byte(without), 0o644)
	if _, err := Guide(root); err == nil || !strings.Contains(err.Error(), "barème "+last) {
		t.Errorf("Guide without the table of %s: error %v", last, err)
	}
	// The table of a TP's map of its original is there too, with its counts.
	if !strings.Contains(g.HTML, "questions ou tâches du sujet") || !strings.Contains(g.HTML, "choix_position") {
		t.Error("guide: no table of the maps of the originals")
	}
	noSujet := sujetMarker.ReplaceAllString(string(src), "")
	os.WriteFile(filepath.Join(root, GuideSource), []byte(noSujet), 0o644)
	if _, err := Guide(root); err == nil || !strings.Contains(err.Error(), "sujet ") {
		t.Errorf("Guide without the tables of the originals: error %v", err)
	}
}

// The correction's first page says it is the correction, above its title
// and in the page header; the statement's does not.
func TestCorrectionMark(t *testing.T) {
	statement, correction, err := Build("../..", workbook.Notebooks[0])
	if err != nil {
		t.Fatal(err)
	}
	main := func(d Doc) string { _, m, _ := strings.Cut(d.HTML, "<main>\n"); return m }
	if !strings.HasPrefix(main(correction), `<p class="mark">CORRIGÉ</p>`) || !strings.Contains(correction.HTML, `@top-right { content: "CORRIGÉ";`) {
		t.Errorf("the correction has no « CORRIGÉ » mark above its title and in its header:\n%.600s", correction.HTML)
	}
	if want := "<title>" + html.EscapeString(correction.Title) + " — Corrigé</title>"; !strings.Contains(correction.HTML, want) {
		t.Errorf("the correction's title is not %q", want)
	}
	if strings.Contains(statement.HTML, "CORRIGÉ") || strings.Contains(statement.HTML, `class="mark"`) {
		t.Error("the statement has the correction's mark")
	}
}
