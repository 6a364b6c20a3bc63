package export

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"syscall"
	"testing"
	"time"
)

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
	if got := Detect(inbound); got != LayoutNbgrader {
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
