package export

import (
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
