package export

import (
	"archive/zip"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"syscall"
	"testing"
	"time"
)

// build writes files (path → content) under a new folder and returns it.
func build(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for rel, data := range files {
		p := filepath.Join(dir, rel)
		if strings.HasSuffix(rel, "/") {
			if err := os.MkdirAll(p, 0o755); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// students lists the students of subs with, for each, its rows
// "file[:refused]" in order.
func students(subs []Submission) map[string][]string {
	out := map[string][]string{}
	for _, s := range subs {
		row := filepath.Base(s.Path)
		if s.Refused != "" {
			row += ":refused"
		}
		out[s.Student] = append(out[s.Student], row)
	}
	return out
}

// A single entry named like another platform's does not decide the
// layout: a Moodle name with two "+" stays Moodle's; a plain folder with
// one "a_1_2_x.ipynb" is refused with an error that asks for -layout.
func TestDetectNotDecidedByOneEntry(t *testing.T) {
	moodle := build(t, map[string]string{
		"Ann+Marie+Lee_1001_assignsubmission_file/01.ipynb": "{}",
		"Bob Durand_1002_assignsubmission_file/01.ipynb":    "{}",
		"Carl Petit_1003_assignsubmission_file/01.ipynb":    "{}",
	})
	subs, layout, err := Export(moodle, "", t.TempDir())
	if err != nil || layout != LayoutMoodle || len(subs) != 3 {
		t.Fatalf("Moodle export with a \"+\" name: layout %q, %d submissions, %v; want moodle, 3", layout, len(subs), err)
	}
	flip := build(t, map[string]string{"alice.ipynb": "{}", "bob.ipynb": "{}", "mallory_1_2_tp.ipynb": "{}"})
	_, _, err = Export(flip, "", t.TempDir())
	if err == nil || !strings.Contains(err.Error(), "-layout") || !strings.Contains(err.Error(), "1 for canvas") {
		t.Errorf("plain folder with one Canvas-like name: %v; want an error asking for -layout", err)
	}
	// Three Canvas files of four: Canvas, the fourth listed, refused.
	canvas := build(t, map[string]string{
		"martinalice_104512_88120538_tp.ipynb": "{}", "durandbob_104513_88120540_tp.ipynb": "{}",
		"petitcarl_104514_88120541_tp.ipynb": "{}", "notes.ipynb": "{}",
	})
	subs, layout, err = Export(canvas, "", t.TempDir())
	if err != nil || layout != LayoutCanvas || len(subs) != 4 || students(subs)["notes.ipynb"][0] != "notes.ipynb:refused" {
		t.Errorf("Canvas export with one stray notebook: layout %q, %v, %v; want canvas, notes.ipynb refused", layout, students(subs), err)
	}
	// No platform's name: folders.
	if got := Detect(build(t, map[string]string{"alice.ipynb": "{}", "bob/tp.ipynb": "{}"})); got != LayoutFolders {
		t.Errorf("Detect(plain folder) = %q; want folders", got)
	}
}

// Files that are not notebooks do not count towards MaxPerStudent and are
// no results of their own: a note on the student's notebook names them.
func TestIgnoredFilesFolded(t *testing.T) {
	files := map[string]string{"zoe/tp01.ipynb": "{}", "bob/tp01.ipynb": "{}", "yann/compte-rendu.pdf": "%PDF", "yann/tp01.ipynb": "{}", "xavier/notes.txt": "x"}
	for i := range 10 {
		files[filepath.Join("zoe", "capture-"+string(rune('0'+i))+".png")] = "PNG"
	}
	subs, layout, err := Export(build(t, files), "", t.TempDir())
	if err != nil || layout != LayoutFolders {
		t.Fatal(layout, err)
	}
	got := students(subs)
	want := map[string][]string{"bob": {"tp01.ipynb"}, "xavier": {"notes.txt:refused"}, "yann": {"tp01.ipynb"}, "zoe": {"tp01.ipynb"}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("rows %v; want %v", got, want)
	}
	for _, s := range subs {
		var note string
		switch s.Student {
		case "zoe":
			note = "Fichiers ignorés, capture-0.png, capture-1.png, capture-2.png, capture-3.png, capture-4.png et 5 autres : pas un notebook (.ipynb) : non corrigé."
		case "yann":
			note = "Fichiers ignorés, compte-rendu.pdf : pas un notebook (.ipynb) : non corrigé."
		case "xavier":
			if want := "aucun notebook (.ipynb) dans ce rendu, notes.txt : pas un notebook (.ipynb) : non corrigé"; s.Refused != want {
				t.Errorf("xavier refused %q; want %q", s.Refused, want)
			}
		}
		if s.Note != note {
			t.Errorf("%s: note %q; want %q", s.Student, s.Note, note)
		}
	}
}

// zipEntry is one entry of a zip that makeZip writes: a file (mode 0), a
// folder (name ending in "/") or a link (mode os.ModeSymlink, data its
// target).
type zipEntry struct {
	name, data string
	mode       os.FileMode
	at         time.Time
}

// makeZip writes entries, in that order, to a zip at path.
func makeZip(t *testing.T, path string, entries ...zipEntry) string {
	t.Helper()
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	zw := zip.NewWriter(f)
	for _, e := range entries {
		h := &zip.FileHeader{Name: e.name, Method: zip.Store, Modified: e.at}
		switch {
		case e.mode != 0:
			h.SetMode(e.mode | 0o777)
		case strings.HasSuffix(e.name, "/"):
			h.SetMode(os.ModeDir | 0o755)
		default:
			h.SetMode(0o644)
		}
		w, err := zw.CreateHeader(h)
		if err != nil {
			t.Fatal(err)
		}
		w.Write([]byte(e.data))
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	f.Close()
	return path
}

// Every student an export names gets a row: links and devices in a zip
// (at its top, or in a folder that has no entry of its own), in a folder
// (a dangling link, a link to a file, a named pipe), a Gradescope folder
// the metadata does not name, nbgrader's notebooks outside an assignment
// folder and an empty student folder.
func TestNobodyDropped(t *testing.T) {
	zipPath := makeZip(t, filepath.Join(t.TempDir(), "subs.zip"),
		zipEntry{name: "ok.ipynb", data: "{}"},
		zipEntry{name: "bob.ipynb", data: "ok.ipynb", mode: os.ModeSymlink},
		zipEntry{name: "carol/01.ipynb", data: "../ok.ipynb", mode: os.ModeSymlink},
		zipEntry{name: "dan/"},
		zipEntry{name: "dan/01.ipynb", data: "../ok.ipynb", mode: os.ModeSymlink})
	subs, _, err := Export(zipPath, LayoutFolders, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	if got, want := students(subs), map[string][]string{"ok": {"ok.ipynb"}, "bob": {"bob.ipynb"}, "carol": {"01.ipynb"}, "dan": {"01.ipynb"}}; !reflect.DeepEqual(got, want) {
		t.Errorf("zip with links: %v; want %v", got, want)
	}
	for _, s := range subs {
		if _, err := s.Read(); (s.Student == "ok") != (err == nil) || (err != nil && !strings.Contains(err.Error(), "lien symbolique refusé")) {
			t.Errorf("%s: read %v; want only ok's read, the links refused", s.Student, err)
		}
	}

	dir := build(t, map[string]string{"ok.ipynb": "{}"})
	os.Symlink("/nonexistent/bob", filepath.Join(dir, "bob"))
	os.Symlink("/etc/hostname", filepath.Join(dir, "carol.pdf"))
	if err := syscall.Mkfifo(filepath.Join(dir, "dave"), 0o644); err != nil {
		t.Fatal(err)
	}
	subs, _, err = Export(dir, "", t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	if got, want := students(subs), map[string][]string{"ok": {"ok.ipynb"}, "bob": {"bob:refused"}, "carol": {"carol.pdf:refused"}, "dave": {"dave:refused"}}; !reflect.DeepEqual(got, want) {
		t.Errorf("folder with links and a pipe: %v; want %v", got, want)
	}

	gs := build(t, map[string]string{
		"submission_metadata.yml": "submission_1:\n  :submitters:\n  - :sid: 's1'\n\"../submission_3\":\n  :submitters:\n  - :sid: 's3'\n",
		"submission_1/01.ipynb":   "{}",
		"submission_2/01.ipynb":   "{}",
		"submission_3/01.ipynb":   "{}",
	})
	subs, layout, err := Export(gs, "", t.TempDir())
	if err != nil || layout != LayoutGradescope {
		t.Fatal(layout, err)
	}
	if got, want := students(subs), map[string][]string{"s1": {"01.ipynb"}, "s3": {"submission_metadata.yml:refused"}, "submission_2": {"submission_2:refused"}, "submission_3": {"submission_3:refused"}}; !reflect.DeepEqual(got, want) {
		t.Errorf("Gradescope: %v; want %v", got, want)
	}

	nbg := build(t, map[string]string{"submitted/bob/ps1/01.ipynb": "{}", "submitted/alice/01.ipynb": "{}", "submitted/carol/": ""})
	subs, layout, err = Export(nbg, "", t.TempDir())
	if err != nil || layout != LayoutNbgrader {
		t.Fatal(layout, err)
	}
	if got, want := students(subs), map[string][]string{"alice": {"01.ipynb"}, "bob": {"01.ipynb"}, "carol": {"carol:refused"}}; !reflect.DeepEqual(got, want) {
		t.Errorf("nbgrader: %v; want %v", got, want)
	}
}
