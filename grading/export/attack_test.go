package export

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// build writes files (path → content) under a new folder and returns it.
func build(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for rel, data := range files {
		p := filepath.Join(dir, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if strings.HasSuffix(rel, "/") {
			continue
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
