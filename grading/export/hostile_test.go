package export

import (
	"archive/zip"
	"fmt"
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
	if got, err := DetectLayout(build(t, map[string]string{"alice.ipynb": "{}", "bob/tp.ipynb": "{}"})); got != LayoutFolders || err != nil {
		t.Errorf("DetectLayout(plain folder) = %q, %v; want folders", got, err)
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
			note = "fichiers ignorés, capture-0.png, capture-1.png, capture-2.png, capture-3.png, capture-4.png et 5 autres : pas un notebook (.ipynb) : non corrigé"
		case "yann":
			note = "fichiers ignorés, compte-rendu.pdf : pas un notebook (.ipynb) : non corrigé"
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

// A file name too long for the system is extracted under a shortened
// name that still reads as its student's: the others are graded too.
func TestLongName(t *testing.T) {
	long := "mallory_104599_88120541_" + strings.Repeat("é", 120) + ".ipynb" // 24 + 240 + 6 bytes
	zipPath := makeZip(t, filepath.Join(t.TempDir(), "subs.zip"),
		zipEntry{name: "durandbob_104513_88120540_01.ipynb", data: "{}"},
		zipEntry{name: long, data: "{}"})
	subs, layout, err := Export(zipPath, "", t.TempDir())
	if err != nil || layout != LayoutCanvas {
		t.Fatal(layout, err)
	}
	if got, want := students(subs), map[string][]string{"104513": {"durandbob_104513_88120540_01.ipynb"}, "104599": {filepath.Base(subs[1].Path)}}; !reflect.DeepEqual(got, want) {
		t.Fatalf("%v; want %v", got, want)
	}
	// 200 bytes: the first 184 (24 + 80 "é"), "~", 8 hex digits, ".ipynb".
	name := filepath.Base(subs[1].Path)
	if len(name) != 24+160+1+8+6 || !strings.HasPrefix(name, "mallory_104599_88120541_"+strings.Repeat("é", 80)+"~") || !strings.HasSuffix(name, ".ipynb") {
		t.Errorf("long name extracted as %q (%d bytes)", name, len(name))
	}
	if _, err := subs[1].Read(); err != nil {
		t.Error(err)
	}
}

// The submission time comes from what the platform wrote: a notebook in a
// student's archive takes the archive's time in the export, not the one
// the student gave its entry; nbgrader's timestamp.txt set back does not
// hide the time in the folder's name.
func TestLateTimes(t *testing.T) {
	upload := time.Date(2026, 12, 20, 9, 0, 0, 0, time.UTC)
	inner := makeZip(t, filepath.Join(t.TempDir(), "rendu.zip"), zipEntry{name: "01.ipynb", data: "{}", at: time.Date(2026, 11, 1, 8, 0, 0, 0, time.UTC)})
	data, err := os.ReadFile(inner)
	if err != nil {
		t.Fatal(err)
	}
	zipPath := makeZip(t, filepath.Join(t.TempDir(), "subs.zip"),
		zipEntry{name: "Bob Honest_1002_assignsubmission_file/01.ipynb", data: "{}", at: upload},
		zipEntry{name: "Alice Late_1001_assignsubmission_file/rendu.zip", data: string(data), at: upload})
	subs, _, err := Export(zipPath, "", t.TempDir())
	if err != nil || len(subs) != 2 {
		t.Fatal(subs, err)
	}
	for _, s := range subs {
		fi, err := os.Stat(s.Path)
		if err != nil || !fi.ModTime().Equal(upload) {
			t.Errorf("%s: %s dated %v (%v); want the upload's time, %v", s.Student, s.Shown, fi.ModTime(), err, upload)
		}
	}

	dir := t.TempDir()
	for _, who := range []string{"alice", "bob"} {
		d := filepath.Join(dir, "inbound", who+"+ps1+2026-12-20 09:00:00.000000 UTC")
		os.MkdirAll(d, 0o755)
		os.WriteFile(filepath.Join(d, "01.ipynb"), []byte("{}"), 0o644)
		os.WriteFile(filepath.Join(d, "timestamp.txt"), []byte("2026-12-10 09:00:00.000000 UTC\n"), 0o644)
		os.Chtimes(filepath.Join(d, "01.ipynb"), time.Date(2026, 12, 10, 8, 59, 0, 0, time.UTC), time.Date(2026, 12, 10, 8, 59, 0, 0, time.UTC))
	}
	subs, _, err = Export(dir, "", t.TempDir())
	if err != nil || len(subs) != 2 {
		t.Fatal(subs, err)
	}
	for _, s := range subs {
		if !s.SubmittedAt.Equal(upload) || !strings.Contains(s.Note, "timestamp.txt (") || !strings.Contains(s.Note, "la plus tardive est prise") {
			t.Errorf("%s: submitted at %v, note %q; want %v and a note", s.Student, s.SubmittedAt, s.Note, upload)
		}
	}
}

// A student's archive may hold MaxStudentArchiveFiles entries in all,
// the archives inside it included: beyond, the archive is refused with
// the reason, and its student's other notebooks are graded.
func TestStudentArchiveCap(t *testing.T) {
	tmp := t.TempDir()
	var many []zipEntry
	for i := range 1000 {
		many = append(many, zipEntry{name: fmt.Sprintf("d/%d", i)})
	}
	p := makeZip(t, filepath.Join(tmp, "p.zip"), many...)
	data, _ := os.ReadFile(p)
	rendu := makeZip(t, filepath.Join(tmp, "rendu.zip"),
		zipEntry{name: "01.ipynb", data: "{}"}, zipEntry{name: "p0.zip", data: string(data)}, zipEntry{name: "p1.zip", data: string(data)}, zipEntry{name: "p2.zip", data: string(data)})
	rdata, _ := os.ReadFile(rendu)
	subs, _, err := Export(build(t, map[string]string{"mallory/rendu.zip": string(rdata), "ok.ipynb": "{}"}), "", t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	if got, want := students(subs), map[string][]string{"mallory": {"01.ipynb"}, "ok": {"ok.ipynb"}}; !reflect.DeepEqual(got, want) {
		t.Fatalf("%v; want %v", got, want)
	}
	// rendu.zip: 4 entries, 1996 left; p0.zip: 1000 files, extracted as
	// d/ and its 1000 files (in lexical order: 0, 1, 10, 100, 101…),
	// 995 left; p1.zip and p2.zip: 1000 each, refused.
	want := "fichiers ignorés, 0, 1, 10, 100, 101 et 995 autres : pas un notebook (.ipynb) : non corrigé ; p1.zip, p2.zip : archive refusée : 1000 fichiers, plus que les 995 qu'un rendu peut encore contenir (2000 en tout, archives comprises)"
	if m := subs[0]; m.Note != want {
		t.Errorf("mallory's note %q; want %q", m.Note, want)
	}
}

// A zip that cannot be extracted as it is says which entry, as the zip
// names it: the export's, in an English error; a student's, in a French
// reason. An empty zip is an empty export.
func TestZipEntriesClash(t *testing.T) {
	tmp := t.TempDir()
	dup := makeZip(t, filepath.Join(tmp, "dup.zip"), zipEntry{name: "alice/01.ipynb", data: "{}"}, zipEntry{name: "alice/01.ipynb", data: "{}"})
	_, _, err := Export(dup, "", t.TempDir())
	if want := `dup.zip: entry "alice/01.ipynb": another entry has its name (a duplicate, or a file and a folder of the same name): refused`; err == nil || err.Error() != want {
		t.Errorf("duplicate entry: %v; want %s", err, want)
	}
	fd := makeZip(t, filepath.Join(tmp, "filedir.zip"), zipEntry{name: "bob", data: "x"}, zipEntry{name: "bob/01.ipynb", data: "{}"})
	if _, _, err := Export(fd, "", t.TempDir()); err == nil || !strings.Contains(err.Error(), `entry "bob/01.ipynb": another entry has its name`) || strings.Contains(err.Error(), os.TempDir()) {
		t.Errorf("a file and a folder of one name: %v", err)
	}
	empty := makeZip(t, filepath.Join(tmp, "empty.zip"))
	if subs, _, err := Export(empty, "", t.TempDir()); err != nil || len(subs) != 0 {
		t.Errorf("empty zip: %v, %v; want no submission, no error", subs, err)
	}
	ddata, _ := os.ReadFile(dup)
	edata, _ := os.ReadFile(empty)
	subs, _, err := Export(build(t, map[string]string{"carol/rendu.zip": string(ddata), "dan/rendu.zip": string(edata)}), "", t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"carol": "aucun notebook (.ipynb) dans ce rendu, rendu.zip : archive refusée : le fichier « alice/01.ipynb » y figure deux fois (ou un fichier et un dossier de ce nom)",
		"dan":   "aucun notebook (.ipynb) dans ce rendu, rendu.zip : archive vide",
	}
	for _, s := range subs {
		if s.Refused != want[s.Student] {
			t.Errorf("%s refused %q; want %q", s.Student, s.Refused, want[s.Student])
		}
	}
}

// "José" decomposed (NFD, as a Mac's zip writes it) and composed (NFC, as
// typed) is one student, under the composed ID.
func TestNFCStudents(t *testing.T) {
	nfd, nfc := "Jose\u0301", "Jos\u00e9"
	zipPath := makeZip(t, filepath.Join(t.TempDir(), "subs.zip"), zipEntry{name: nfd + "/01.ipynb", data: "{}"}, zipEntry{name: nfc + ".ipynb", data: "{}"})
	subs, _, err := Export(zipPath, "", t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	if got, want := students(subs), map[string][]string{nfc: {"01.ipynb", nfc + ".ipynb"}}; !reflect.DeepEqual(got, want) {
		t.Errorf("%q; want %q", got, want)
	}
}

// A Canvas resubmission ("-1") replaces the earlier file: the one set
// aside is named in a note on the one kept.
func TestCanvasResubmissionSaid(t *testing.T) {
	dir := build(t, map[string]string{
		"martinalice_104512_88120538_01-recursion.ipynb":   "{}",
		"martinalice_104512_88120539_01-recursion-1.ipynb": "{}",
		"durandbob_104513_88120540_01-recursion.ipynb":     "{}",
	})
	subs, layout, err := Export(dir, "", t.TempDir())
	if err != nil || layout != LayoutCanvas {
		t.Fatal(layout, err)
	}
	if got, want := students(subs), map[string][]string{"104512": {"martinalice_104512_88120539_01-recursion-1.ipynb"}, "104513": {"durandbob_104513_88120540_01-recursion.ipynb"}}; !reflect.DeepEqual(got, want) {
		t.Fatalf("%v; want %v", got, want)
	}
	want := "remise la plus récente de 01-recursion.ipynb, selon les noms de Canvas (-1, -2…) : mis de côté, martinalice_104512_88120538_01-recursion.ipynb ; à vérifier"
	if subs[0].Note != want || subs[1].Note != "" {
		t.Errorf("notes %q, %q; want %q, none", subs[0].Note, subs[1].Note, want)
	}
}

// exportWithin runs Export and fails the test if it takes more than 20 s
// (a named pipe opened as an archive blocks forever).
func exportWithin(t *testing.T, path, layout string) ([]Submission, string, error) {
	t.Helper()
	type result struct {
		subs   []Submission
		layout string
		err    error
	}
	done := make(chan result, 1)
	work := t.TempDir()
	go func() {
		subs, l, err := Export(path, layout, work)
		done <- result{subs, l, err}
	}()
	select {
	case r := <-done:
		return r.subs, r.layout, r.err
	case <-time.After(20 * time.Second):
		t.Fatalf("Export(%s) still running after 20 s", filepath.Base(path))
	}
	return nil, "", nil
}

// refusal returns the reason of the first refused row of student.
func refusal(subs []Submission, student string) string {
	for _, s := range subs {
		if s.Student == student && s.Refused != "" {
			return s.Refused
		}
	}
	return ""
}

// A named pipe or a link named "*.zip" in a student's folder is not
// opened (a pipe would block the reading forever): its student gets a
// refused row that says why.
func TestArchiveNotRegular(t *testing.T) {
	dir := build(t, map[string]string{"alice/01.ipynb": "{}", "mallory/": "", "eve/": ""})
	if err := syscall.Mkfifo(filepath.Join(dir, "mallory", "rendu.zip"), 0o644); err != nil {
		t.Fatal(err)
	}
	real := makeZip(t, filepath.Join(t.TempDir(), "real.zip"), zipEntry{name: "01.ipynb", data: "{}"})
	if err := os.Symlink(real, filepath.Join(dir, "eve", "rendu.zip")); err != nil {
		t.Fatal(err)
	}
	subs, _, err := exportWithin(t, dir, LayoutFolders)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string][]string{"alice": {"01.ipynb"}, "mallory": {"rendu.zip:refused"}, "eve": {"rendu.zip:refused"}}
	if got := students(subs); !reflect.DeepEqual(got, want) {
		t.Errorf("pipe and link named rendu.zip: %v; want %v", got, want)
	}
	if r := refusal(subs, "mallory"); !strings.Contains(r, "rendu.zip : pas un fichier ordinaire") {
		t.Errorf("mallory's reason %q; want « pas un fichier ordinaire »", r)
	}
	if r := refusal(subs, "eve"); !strings.Contains(r, "rendu.zip : lien symbolique refusé") {
		t.Errorf("eve's reason %q; want « lien symbolique refusé »", r)
	}
	// The export itself, a pipe named subs.zip: an error, not a hang.
	pipe := filepath.Join(t.TempDir(), "subs.zip")
	if err := syscall.Mkfifo(pipe, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, _, err := exportWithin(t, pipe, ""); err == nil || !strings.Contains(err.Error(), "not a regular file") {
		t.Errorf("export that is a pipe: %v; want « not a regular file »", err)
	}
}

// Detection checks what a real export guarantees: Canvas gives one user
// id one name (dates in the students' own file names are not ids), and
// nbgrader's inbound folders end in nbgrader's timestamp (a group's
// "Dupont+Martin+Leroy" is a folder of the class).
func TestDetectChecksWhatExportsGuarantee(t *testing.T) {
	dates := build(t, map[string]string{
		"dupont_15_12_2026.ipynb": "{}", "martin_15_12_2026.ipynb": "{}",
		"leroy_15_12_2026.ipynb": "{}", "durand_14_12_2026.ipynb": "{}",
	})
	subs, layout, err := Export(dates, "", t.TempDir())
	want := map[string][]string{
		"dupont_15_12_2026": {"dupont_15_12_2026.ipynb"}, "martin_15_12_2026": {"martin_15_12_2026.ipynb"},
		"leroy_15_12_2026": {"leroy_15_12_2026.ipynb"}, "durand_14_12_2026": {"durand_14_12_2026.ipynb"},
	}
	if got := students(subs); err != nil || layout != LayoutFolders || !reflect.DeepEqual(got, want) {
		t.Errorf("dated notebooks: layout %q, %v, %v; want folders, %v", layout, got, err, want)
	}

	groups := build(t, map[string]string{
		"eleve01/01.ipynb": "{}", "eleve02/01.ipynb": "{}", "eleve03/01.ipynb": "{}", "eleve04/01.ipynb": "{}",
		"Dupont+Martin+Leroy/01.ipynb": "{}", "Petit+Roux+Blanc/01.ipynb": "{}",
	})
	subs, layout, err = Export(groups, "", t.TempDir())
	if err != nil || layout != LayoutFolders || len(subs) != 6 || students(subs)["Dupont+Martin+Leroy"] == nil {
		t.Errorf("class with two groups of three: layout %q, %v, %v; want folders, 6 students", layout, students(subs), err)
	}

	inbound := build(t, map[string]string{
		"alice+ps1+2026-03-12 16:42:10.381920 UTC/01.ipynb":    "{}",
		"bob+ps1+2026-03-12 17:00:00.000000 UTC+x9Yz/01.ipynb": "{}",
	})
	if got, _ := DetectLayout(inbound); got != LayoutNbgrader {
		t.Errorf("inbound folders at the root: %q; want nbgrader", got)
	}
}

// Canvas's numbers are the first two after the name: a date in the
// student's own file name does not make it ambiguous; more numbers right
// after them still do.
func TestCanvasFirstNumbers(t *testing.T) {
	rs := canvasReadings("martinléa_104512_88120538_TP1_15_12_2026.ipynb")
	if len(rs) != 1 || rs[0].user != "104512" || rs[0].name != "martinléa" || rs[0].file != "TP1_15_12_2026.ipynb" {
		t.Errorf("dated upload: %+v; want one reading, user 104512, file TP1_15_12_2026.ipynb", rs)
	}
	if rs := canvasReadings("eve_104512_104599_88120542_tp.ipynb"); len(rs) != 2 || rs[0].user != "104512" || rs[1].user != "104599" {
		t.Errorf("three numbers in a row: %+v; want 104512 or 104599", rs)
	}
	dir := build(t, map[string]string{
		"martinléa_104512_88120538_TP1_15_12_2026.ipynb": "{}",
		"dupontjean_104513_88120539_01-recursion.ipynb":  "{}",
		"leroyana_104514_88120540_01-recursion.ipynb":    "{}",
	})
	subs, layout, err := Export(dir, "", t.TempDir())
	want := map[string][]string{
		"104512": {"martinléa_104512_88120538_TP1_15_12_2026.ipynb"},
		"104513": {"dupontjean_104513_88120539_01-recursion.ipynb"},
		"104514": {"leroyana_104514_88120540_01-recursion.ipynb"},
	}
	if got := students(subs); err != nil || layout != LayoutCanvas || !reflect.DeepEqual(got, want) {
		t.Errorf("Canvas with a dated upload: layout %q, %v, %v; want canvas, %v", layout, got, err, want)
	}
}

// The entries the grader skips anyway (.git/, .ipynb_checkpoints/,
// __MACOSX/) do not count towards MaxStudentArchiveFiles: a project's
// zip with its .git is graded; a zip of checkpoints alone still says so.
func TestArchiveCapSkipsSkipped(t *testing.T) {
	tmp := t.TempDir()
	entries := []zipEntry{
		{name: "tp01/01.ipynb", data: "{}"},
		{name: "tp01/.ipynb_checkpoints/01-checkpoint.ipynb", data: "{}"},
		{name: "__MACOSX/tp01/._01.ipynb", data: "x"},
	}
	for i := range MaxStudentArchiveFiles + 500 {
		entries = append(entries, zipEntry{name: fmt.Sprintf("tp01/.git/objects/%02x/%038x", i%256, i), data: "x"})
	}
	project, _ := os.ReadFile(makeZip(t, filepath.Join(tmp, "tp01.zip"), entries...))
	checkpoints, _ := os.ReadFile(makeZip(t, filepath.Join(tmp, "cp.zip"), zipEntry{name: ".ipynb_checkpoints/01-checkpoint.ipynb", data: "{}"}))
	dir := build(t, map[string]string{"lea/tp01.zip": string(project), "jean/cp.zip": string(checkpoints)})
	subs, _, err := Export(dir, LayoutFolders, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	if got, want := students(subs), map[string][]string{"lea": {"01.ipynb"}, "jean": {"cp.zip:refused"}}; !reflect.DeepEqual(got, want) {
		t.Fatalf("%v; want %v", got, want)
	}
	if subs[1].Student != "lea" || subs[1].Note != "" {
		t.Errorf("lea's notebook: %+v; want graded, with no note", subs[1])
	}
	if r := refusal(subs, "jean"); !strings.Contains(r, "seulement les copies automatiques de Jupyter") {
		t.Errorf("jean's reason %q; want the checkpoints said", r)
	}
}

// When a student has several inbound submissions of one assignment, the
// newest counts and the others are named on it: a newer one made in her
// name by someone else is seen.
func TestNbgraderSetAsideSaid(t *testing.T) {
	const t1, t2 = "2099-12-10 10:00:00.000000 UTC", "2099-12-10 11:00:00.000000 UTC"
	dir := build(t, map[string]string{
		"inbound/alice+01+" + t1 + "+aaaa/01.ipynb":   "{}",
		"inbound/alice+01+" + t2 + "+mmmm/01.ipynb":   "{}",
		"inbound/mallory+01+" + t1 + "+bbbb/01.ipynb": "{}",
	})
	subs, layout, err := Export(dir, "", t.TempDir())
	if err != nil || layout != LayoutNbgrader || len(subs) != 2 {
		t.Fatalf("layout %q, %v, %v", layout, students(subs), err)
	}
	alice, mallory := subs[0], subs[1]
	if alice.Student != "alice" || filepath.Base(filepath.Dir(alice.Path)) != "alice+01+"+t2+"+mmmm" {
		t.Errorf("alice's row: %+v; want the newest, +mmmm", alice)
	}
	want := "remise la plus récente de 01, selon l'heure de remise : mis de côté, alice+01+" + t1 + "+aaaa ; à vérifier (qui a créé chaque dossier ne se vérifie pas dans une copie de l'échange)"
	if alice.Note != want {
		t.Errorf("alice's note %q; want %q", alice.Note, want)
	}
	if mallory.Note != "" {
		t.Errorf("mallory's note %q; want none", mallory.Note)
	}
}

// Canvas's LATE marker is said on the submission it marks: Canvas
// exports no time, and the file's may be the student's.
func TestCanvasLateSaid(t *testing.T) {
	dir := build(t, map[string]string{
		"martinléa_late_104512_88120538_01.ipynb": "{}",
		"dupontjean_104513_88120539_01.ipynb":     "{}",
	})
	subs, layout, err := Export(dir, "", t.TempDir())
	if err != nil || layout != LayoutCanvas || len(subs) != 2 {
		t.Fatalf("layout %q, %v, %v", layout, students(subs), err)
	}
	if s := subs[0]; s.Student != "104512" || !s.Late || s.Note != canvasLateNote {
		t.Errorf("léa's row: %+v; want Late and the note", s)
	}
	if s := subs[1]; s.Student != "104513" || s.Late || s.Note != "" {
		t.Errorf("jean's row: %+v; want no note", s)
	}
	if !strings.HasPrefix(canvasLateNote, "Canvas marque ce rendu en retard (« late » dans le nom du fichier) ;") {
		t.Errorf("note %q", canvasLateNote)
	}
}

// nbgrader's exchange folder given (exchange/<course>/inbound/…): its
// one course is stepped into, its students graded apart; an exchange
// of two courses is refused, not graded as two students.
func TestNbgraderExchangeRoot(t *testing.T) {
	const at = "2099-12-10 10:00:00.000000 UTC"
	files := map[string]string{}
	for _, s := range []string{"alice", "bob", "carol"} {
		files["exchange/tp/inbound/"+s+"+01+"+at+"+aaaa/01.ipynb"] = "{}"
	}
	dir := build(t, files)
	subs, layout, err := Export(filepath.Join(dir, "exchange"), "", t.TempDir())
	want := map[string][]string{"alice": {"01.ipynb"}, "bob": {"01.ipynb"}, "carol": {"01.ipynb"}}
	if got := students(subs); err != nil || layout != LayoutNbgrader || !reflect.DeepEqual(got, want) {
		t.Errorf("exchange folder: layout %q, %v, %v; want nbgrader, %v", layout, got, err, want)
	}
	files["exchange/tp2/inbound/dan+01+"+at+"+aaaa/01.ipynb"] = "{}"
	dir = build(t, files)
	_, _, err = Export(filepath.Join(dir, "exchange"), "", t.TempDir())
	if err == nil || !strings.Contains(err.Error(), "holds nbgrader's inbound/") {
		t.Errorf("exchange of two courses: %v; want an error", err)
	}
}

// A notebook's extension is read in any case: "TP1.IPYNB" is graded.
func TestNotebookExtensionCase(t *testing.T) {
	dir := build(t, map[string]string{"alice.IPYNB": "{}", "bob/TP1.Ipynb": "{}", "carol/notes.txt": "x"})
	subs, layout, err := Export(dir, "", t.TempDir())
	want := map[string][]string{"alice": {"alice.IPYNB"}, "bob": {"TP1.Ipynb"}, "carol": {"notes.txt:refused"}}
	if got := students(subs); err != nil || layout != LayoutFolders || !reflect.DeepEqual(got, want) {
		t.Errorf("upper-case extensions: layout %q, %v, %v; want folders, %v", layout, got, err, want)
	}
	canvas := build(t, map[string]string{"martinléa_104512_88120538_tp.IPYNB": "{}", "martinléa_104512_88120539_tp-1.IPYNB": "{}"})
	subs, layout, err = Export(canvas, "", t.TempDir())
	if got := students(subs); err != nil || layout != LayoutCanvas || !reflect.DeepEqual(got, map[string][]string{"104512": {"martinléa_104512_88120539_tp-1.IPYNB"}}) {
		t.Errorf("Canvas, upper case: layout %q, %v, %v; want the resubmission kept", layout, got, err)
	}
}
