package export

import (
	"archive/zip"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/prepa-reines/reines/grading/fixtures"
)

// Every student is found, a folder starting with a dot too; what archivers
// and Jupyter add is not; a symbolic link, to another student's notebook
// or to a device, is listed and refused with its reason.
func TestCollect(t *testing.T) {
	dir := t.TempDir()
	write := func(rel, data string) {
		os.MkdirAll(filepath.Join(dir, filepath.Dir(rel)), 0o755)
		if err := os.WriteFile(filepath.Join(dir, rel), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("alice.ipynb", "{}")
	write(".bob/01.ipynb", "{}")
	write(".bob/.ipynb_checkpoints/01-checkpoint.ipynb", "{}")
	write("__MACOSX/._alice.ipynb", "x")
	write("._alice.ipynb", "x")
	os.Symlink(filepath.Join(dir, "alice.ipynb"), filepath.Join(dir, "mallory.ipynb"))
	os.Mkdir(filepath.Join(dir, "trudy"), 0o755)
	os.Symlink("/dev/zero", filepath.Join(dir, "trudy", "01.ipynb"))
	for k := range MaxPerStudent + 2 {
		write(fmt.Sprintf("zoe/%02d.ipynb", k), "{}")
	}
	subs, err := Folders(dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	refused := 0
	for _, s := range subs {
		if s.Student == "zoe" && s.Refused != "" {
			refused++
		}
	}
	if refused != 2 {
		t.Errorf("%d of zoe's %d notebooks refused; want 2", refused, MaxPerStudent+2)
	}
	subs = slices.DeleteFunc(subs, func(s Submission) bool { return s.Student == "zoe" })
	var got []string
	for _, s := range subs {
		got = append(got, s.Student+":"+filepath.Base(s.Path))
	}
	if want := []string{".bob:01.ipynb", "alice:alice.ipynb", "mallory:mallory.ipynb", "trudy:01.ipynb"}; !reflect.DeepEqual(got, want) {
		t.Errorf("submissions %v; want %v", got, want)
	}
	for _, s := range subs {
		_, err := ReadFile(s.Path)
		switch s.Student {
		case "mallory":
			if err == nil || !strings.Contains(err.Error(), "lien symbolique") {
				t.Errorf("%s: %v", s.Path, err)
			}
		case "trudy":
			if err == nil {
				t.Errorf("%s: a link to /dev/zero read", s.Path)
			}
		default:
			if err != nil {
				t.Errorf("%s: %v", s.Path, err)
			}
		}
	}
}

// Each platform's export gives its students, by the ID the platform
// identifies them by, with their notebooks, resubmissions merged to the
// latest; its layout is detected, from a folder or from a zip.
func TestExport(t *testing.T) {
	type row struct{ student, file string }
	for _, tt := range []struct {
		dir, layout string
		want        []row
	}{
		// What is no notebook is a note on its student's notebook (48214's
		// notes), or the refused row of a student who handed in no
		// notebook (48215's online text).
		{"moodle", LayoutMoodle, []row{{"48213", "01-recursion.ipynb"}, {"48214", "01-recursion.ipynb"}, {"48215", "onlinetext.html"}, {"48216", "Ana María de la Cruz_48216_assignsubmission_file_01-recursion.ipynb"},
			// A file named to pass for another participant's is its own student's.
			{"48299", "Eve Adam_48299_assignsubmission_file_x_48213_assignsubmission_file_00.ipynb"}}},
		{"canvas", LayoutCanvas, []row{{"104490", "delacruzanamaría_late_104490_88121634_01-recursion.ipynb"}, {"104512", "martinléa_104512_88120538_01-recursion.ipynb"},
			// 104512's online text entry: a note on the notebook, not graded
			{"104513", "martinléa_LATE_104513_88120539_01-recursion.ipynb"}, // current Canvas writes LATE
			{"104514", "dupont_jean_104514_88120540_01-recursion.ipynb"},    // a sortable name with an underscore
			{"104520", "nguyễnjeanmarc_104520_88120777_01-recursion-1.ipynb"},
			{"anon_k3x9q", "anon_k3x9q_88120541_01-recursion.ipynb"}, // anonymous grading
			// A sortable name with an id in it ("eve_104512"): refused, under its file's name.
			{"eve_104512_104599_88120542_01-recursion.ipynb", "eve_104512_104599_88120542_01-recursion.ipynb"},
			// Not Canvas's form: refused, not dropped.
			{"notes-for-the-teacher.ipynb", "notes-for-the-teacher.ipynb"}}},
		{"gradescope", LayoutGradescope, []row{{"06758767", "01-recursion.ipynb"}, {"ana.delacruz@example.org", "01-recursion.ipynb"}}},
		{"nbgrader", LayoutNbgrader, []row{{"alice", "01-recursion.ipynb"}, {"bob", "01-recursion.ipynb"}}},
		{"nbgrader-inbound", LayoutNbgrader, []row{{"alice", "01-recursion.ipynb"}, {"bob", "01-recursion.ipynb"}}},
	} {
		subs, layout, err := Export(filepath.Join("testdata/exports", tt.dir), "", t.TempDir())
		var got []row
		for _, s := range subs {
			got = append(got, row{s.Student, filepath.Base(s.Path)})
		}
		if err != nil || layout != tt.layout || !slices.Equal(got, tt.want) {
			t.Errorf("%s: layout %q, %v (%v); want %q, %v", tt.dir, layout, got, err, tt.layout, tt.want)
		}
		for _, s := range subs {
			switch {
			case tt.dir == "nbgrader-inbound" && s.Student == "alice" && !strings.Contains(s.Path, "2026-03-13"):
				t.Errorf("alice's older inbound submission kept: %s", s.Path)
			case tt.dir == "gradescope" && s.Student == "06758767" && (s.Name != "Léa Martin" || s.SubmittedAt.Format(time.RFC3339) != "2026-12-02T02:52:07Z"):
				t.Errorf("Gradescope metadata: %+v", s)
			case tt.dir == "nbgrader" && s.Student == "alice" && s.SubmittedAt.Format(time.RFC3339) != "2026-03-12T16:42:10Z":
				t.Errorf("nbgrader timestamp: %+v", s)
			case tt.dir == "canvas" && (s.Student == "104490" || s.Student == "104513") && !s.Late:
				t.Errorf("Canvas late mark lost: %+v", s)
			case (s.Student == "48214" && !strings.Contains(s.Note, "fichiers ignorés, notes.txt : pas un notebook")) ||
				(s.Student == "104512" && !strings.Contains(s.Note, "martinléa_104512_text.html : pas un notebook")):
				t.Errorf("%s: a file beside the notebook not noted: %+v", tt.dir, s)
			case s.Student == "48215" && s.Refused != "aucun notebook (.ipynb) dans ce rendu, onlinetext.html : pas un notebook (.ipynb) : non corrigé":
				t.Errorf("%s: the online text alone: %+v", tt.dir, s)
			case tt.dir == "canvas" && strings.HasPrefix(s.Student, "eve_") && !strings.Contains(s.Refused, "104512 ou 104599"):
				t.Errorf("ambiguous Canvas name: %+v", s)
			}
		}
	}
	// From the zip Moodle hands out.
	zipPath := filepath.Join(t.TempDir(), "MP2-INFO-TP 01-73521.zip")
	writeZip(t, zipPath, "testdata/exports/moodle")
	subs, layout, err := Export(zipPath, "", t.TempDir())
	if err != nil || layout != LayoutMoodle || len(subs) != 5 {
		t.Errorf("Moodle zip: layout %q, %d submissions (%v); want moodle, 5", layout, len(subs), err)
	}
	for _, s := range subs {
		if !strings.HasPrefix(s.Shown, "MP2-INFO-TP 01-73521.zip:") {
			t.Errorf("Moodle zip: %s shown as %q; want its path inside the zip", s.Path, s.Shown)
		}
	}
	// A zip entry that would land outside the export's folder is refused.
	evil := filepath.Join(t.TempDir(), "evil.zip")
	f, _ := os.Create(evil)
	zw := zip.NewWriter(f)
	w, _ := zw.Create("../../escaped.ipynb")
	w.Write([]byte("{}"))
	zw.Close()
	f.Close()
	if _, _, err := Export(evil, "", t.TempDir()); err == nil || !strings.Contains(err.Error(), "outside") {
		t.Errorf("zip with ../: %v; want a refusal", err)
	}
}

// In nbgrader's exchange, a folder another user made in a student's name
// is refused, as nbgrader's collect does (check_owner).
func TestNbgraderOwner(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("needs root to give a folder to another user")
	}
	dir := t.TempDir()
	in := filepath.Join(dir, "inbound")
	forged := filepath.Join(in, "alice+ps1+2026-03-13 09:00:00.000000 UTC+eve")
	mine := filepath.Join(in, "alice+ps1+2026-03-12 16:42:10.381920 UTC")
	for _, d := range []string{forged, mine} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
		os.WriteFile(filepath.Join(d, "01-recursion.ipynb"), []byte("{}"), 0o644)
	}
	if err := os.Chown(forged, 65534, 65534); err != nil { // nobody
		t.Fatal(err)
	}
	subs, _, err := Export(dir, "", t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	var graded, refused []string
	for _, s := range subs {
		if s.Refused != "" {
			refused = append(refused, s.Student)
		} else {
			graded = append(graded, s.Path)
		}
	}
	if len(graded) != 1 || !strings.HasPrefix(graded[0], mine) || len(refused) != 1 {
		t.Errorf("graded %v, refused %v; want alice's own folder graded and the forged one refused", graded, refused)
	}
}

// A zip of one student's folder is that student; Gradescope metadata keys
// that no export writes read nothing outside it, and their submitters get
// a refused row.
func TestExportEdges(t *testing.T) {
	src := filepath.Join(t.TempDir(), "alice")
	os.MkdirAll(src, 0o755)
	os.WriteFile(filepath.Join(src, "01-recursion.ipynb"), []byte("{}"), 0o644)
	os.WriteFile(filepath.Join(src, "02-iterative.ipynb"), []byte("{}"), 0o644)
	zipPath := filepath.Join(t.TempDir(), "alice.zip")
	f, _ := os.Create(zipPath)
	zw := zip.NewWriter(f)
	for _, n := range []string{"alice/01-recursion.ipynb", "alice/02-iterative.ipynb"} {
		w, _ := zw.Create(n)
		w.Write([]byte("{}"))
	}
	zw.Close()
	f.Close()
	subs, _, err := Export(zipPath, "", t.TempDir())
	if err != nil || len(subs) != 2 || subs[0].Student != "alice" || subs[1].Student != "alice" {
		t.Errorf("zip of alice's folder: %+v (%v); want two notebooks of alice", subs, err)
	}
	dir := t.TempDir()
	export := filepath.Join(dir, "export")
	os.MkdirAll(export, 0o755)
	os.WriteFile(filepath.Join(dir, "outside.ipynb"), []byte("{}"), 0o644)
	os.WriteFile(filepath.Join(export, "submission_metadata.yml"), []byte("..:\n  :submitters:\n  - :sid: '1'\n"), 0o644)
	subs, layout, err := Export(export, "", t.TempDir())
	if err != nil || layout != LayoutGradescope || len(subs) != 1 || subs[0].Student != "1" || subs[0].Path != filepath.Join(export, "submission_metadata.yml") ||
		subs[0].Refused != "submission_metadata.yml donne comme dossier de soumission « .. », qui n'est pas un dossier de l'export : refusé, à vérifier" {
		t.Errorf("Gradescope key \"..\": %+v, %s (%v); want nothing read, student 1 refused with the reason", subs, layout, err)
	}
}

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
	put("hugo/.ipynb_checkpoints/01-recursion-checkpoint.ipynb", nb)
	zipPath := filepath.Join(tmp, "TP01.zip")
	writeZip(t, zipPath, filepath.Join(tmp, "export"))
	// An empty folder is not in a zip: frank is looked for in the folder.
	for _, src := range []string{zipPath, export} {
		subs, layout, err := Export(src, "", t.TempDir())
		if err != nil || layout != LayoutFolders {
			t.Fatalf("%s: layout %q, %v", src, layout, err)
		}
		type row struct{ student, shown, refused, note string }
		got := map[string][]row{}
		for _, s := range subs {
			got[s.Student] = append(got[s.Student], row{s.Student, s.Shown, s.Refused, s.Note})
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
		noted := func(student, why string) bool {
			return slices.ContainsFunc(got[student], func(r row) bool { return strings.Contains(r.note, why) })
		}
		if graded("dave") != 1 || len(got["dave"]) != 1 || !noted("dave", "c.zip : archive dans une archive") {
			t.Errorf("%s: dave: %v; want b.zip's notebook, c.zip refused", src, got["dave"])
		}
		if !refused("bob", "pas un notebook") || !refused("carol", "archive .tar.gz non ouverte") {
			t.Errorf("%s: bob, carol: %v, %v; want their files listed with the reason", src, got["bob"], got["carol"])
		}
		if src == export && !refused("frank", "aucun fichier") {
			t.Errorf("frank's empty folder: %v", got["frank"])
		}
		if graded("hugo") != 0 || !refused("hugo", "seulement les copies automatiques de Jupyter") {
			t.Errorf("%s: hugo, a checkpoint alone: %v; want refused, the checkpoint named", src, got["hugo"])
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

// writeZip zips the tree dir into path.
func writeZip(t *testing.T, path, dir string) {
	t.Helper()
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	zw := zip.NewWriter(f)
	err = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		w, err := zw.Create(filepath.ToSlash(rel))
		if err != nil {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		_, err = w.Write(data)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	f.Close()
}

// Two Moodle folders of one participant number under two names are one
// student, and the notes say so; the file and online-text folders of one
// name are not noted.
func TestMoodleOneNumberTwoNames(t *testing.T) {
	dir := t.TempDir()
	for _, f := range []string{
		"Léa Martin_48213_assignsubmission_file/01-recursion.ipynb",
		"Léa Martin_48213_assignsubmission_onlinetext/onlinetext.html",
		"Ana Cruz_48216_assignsubmission_file/01-recursion.ipynb",
		"Ana de la Cruz_48216_assignsubmission_file/tp.ipynb",
	} {
		os.MkdirAll(filepath.Join(dir, filepath.Dir(f)), 0o755)
		os.WriteFile(filepath.Join(dir, f), []byte("{}"), 0o644)
	}
	subs, _, err := Export(dir, LayoutMoodle, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range subs {
		noted := strings.Contains(s.Note, "porte plusieurs noms (« Ana Cruz », « Ana de la Cruz »)")
		if noted != (s.Student == "48216") {
			t.Errorf("%s (%s): note %q", s.Student, s.Name, s.Note)
		}
	}
}
