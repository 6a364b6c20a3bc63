package batch

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/prepa-reines/reines/grading/fixtures"
)

// Nobody an export names is dropped without a word: a student's zip is
// opened (and a zip inside it, not a third level), its notebooks graded
// as the student's; another archive, a PDF, an empty folder give that
// student a row with the reason; a Gradescope submitter whose folder
// holds nothing too; every path is shown as it is inside the export,
// never as the extracted temporary file.
func TestNothingDropped(t *testing.T) {
	nb, err := os.ReadFile(fixtures.Path(t, fixtures.CorpusSet, "full.ipynb"))
	if err != nil {
		t.Fatal(err)
	}
	tmp := t.TempDir()
	zipOf := func(name string, files map[string][]byte) string {
		dir := filepath.Join(tmp, "src-"+filepath.Base(name))
		for f, data := range files {
			os.MkdirAll(filepath.Join(dir, filepath.Dir(f)), 0o755)
			os.WriteFile(filepath.Join(dir, f), data, 0o644)
		}
		writeZip(t, name, dir)
		data, _ := os.ReadFile(name)
		return string(data)
	}
	export := filepath.Join(tmp, "export")
	put := func(rel string, data []byte) {
		os.MkdirAll(filepath.Join(export, filepath.Dir(rel)), 0o755)
		if err := os.WriteFile(filepath.Join(export, rel), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	put("alice/rendu.zip", []byte(zipOf(filepath.Join(tmp, "rendu.zip"), map[string][]byte{"tp/01-recursion.ipynb": nb})))
	put("bob/rapport.pdf", []byte("%PDF-1.4"))
	put("carol/tp.tar.gz", []byte("gz"))
	c := zipOf(filepath.Join(tmp, "c.zip"), map[string][]byte{"deep.ipynb": nb})
	b := zipOf(filepath.Join(tmp, "b.zip"), map[string][]byte{"c.zip": []byte(c), "01-recursion.ipynb": nb})
	put("dave/a.zip", []byte(zipOf(filepath.Join(tmp, "a.zip"), map[string][]byte{"b.zip": []byte(b)})))
	put("erin.zip", []byte(zipOf(filepath.Join(tmp, "erin.zip"), map[string][]byte{"01-recursion.ipynb": nb})))
	os.MkdirAll(filepath.Join(export, "frank"), 0o755)
	put("gina.ipynb", nb)
	zipPath := filepath.Join(tmp, "TP01.zip")
	writeZip(t, zipPath, filepath.Join(tmp, "export"))
	// An empty folder is not in a zip: frank is looked for in the folder.
	for _, src := range []string{zipPath, export} {
		subs, layout, err := Export(src, "", t.TempDir())
		if err != nil || layout != LayoutFolders {
			t.Fatalf("%s: layout %q, %v", src, layout, err)
		}
		type row struct{ student, shown, refused string }
		got := map[string][]row{}
		for _, s := range subs {
			got[s.Student] = append(got[s.Student], row{s.Student, s.Shown, s.Refused})
			if strings.Contains(s.Shown, os.TempDir()) && src == zipPath {
				t.Errorf("%s shown as a temporary path: %s", s.Student, s.Shown)
			}
		}
		graded := func(student string) int {
			return len(slices.DeleteFunc(slices.Clone(got[student]), func(r row) bool { return r.refused != "" }))
		}
		refused := func(student, why string) bool {
			return slices.ContainsFunc(got[student], func(r row) bool { return strings.Contains(r.refused, why) })
		}
		if graded("alice") != 1 || graded("erin") != 1 || graded("gina") != 1 {
			t.Errorf("%s: alice, erin, gina: %v, %v, %v; want one notebook each", src, got["alice"], got["erin"], got["gina"])
		}
		if graded("dave") != 1 || !refused("dave", "archive dans une archive") {
			t.Errorf("%s: dave: %v; want b.zip's notebook, c.zip refused", src, got["dave"])
		}
		if !refused("bob", "pas un notebook") || !refused("carol", "archive .tar.gz non ouverte") {
			t.Errorf("%s: bob, carol: %v, %v; want their files listed with the reason", src, got["bob"], got["carol"])
		}
		if src == export && !refused("frank", "aucun fichier") {
			t.Errorf("frank's empty folder: %v", got["frank"])
		}
		if src == zipPath {
			want := "TP01.zip:alice/rendu.zip:tp/01-recursion.ipynb"
			if got["alice"][0].shown != want {
				t.Errorf("alice's notebook shown as %q; want %q", got["alice"][0].shown, want)
			}
		}
	}
	// A Gradescope submitter whose folder holds nothing gets a row.
	gs := filepath.Join(tmp, "gradescope")
	os.MkdirAll(filepath.Join(gs, "submission_1"), 0o755)
	os.WriteFile(filepath.Join(gs, "submission_1", "01-recursion.ipynb"), nb, 0o644)
	os.WriteFile(filepath.Join(gs, "submission_metadata.yml"), []byte("submission_1:\n  :submitters:\n  - :sid: '1'\nsubmission_2:\n  :submitters:\n  - :sid: '2'\n"), 0o644)
	subs, _, err := Export(gs, "", t.TempDir())
	if err != nil || len(subs) != 2 || subs[1].Student != "2" || subs[1].Refused == "" {
		t.Errorf("Gradescope: %+v (%v); want student 2 refused: nothing handed in", subs, err)
	}
}

// A -tp that matches no notebook is an error, not a gradebook of zeros;
// one that matches, or a notebook that names no TP, is not.
func TestCheckTP(t *testing.T) {
	subs, err := collectFolders(fixtures.Dir(t, fixtures.CorpusSet), nil)
	if err != nil {
		t.Fatal(err)
	}
	subs = slices.DeleteFunc(subs, func(s Submission) bool {
		return s.Student != "full" && s.Student != "other-tp" // a TP 01 and a TP 02 notebook
	})
	if err := CheckTP(subs, "01"); err != nil {
		t.Errorf("-tp 01: %v", err)
	}
	if err := CheckTP(subs, "03"); err == nil || !strings.Contains(err.Error(), "1 of TP 01, 1 of TP 02") {
		t.Errorf("-tp 03: %v; want an error naming what is there", err)
	}
}
