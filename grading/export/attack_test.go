package export

import (
	"os"
	"path/filepath"
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
