package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/prepa-reines/reines/grading/fixtures"
)

// Each set gets its folder, a second run replaces it (a file left there
// by hand is gone), and the corpus keeps its student's folder.
func TestRun(t *testing.T) {
	dir := t.TempDir()
	stale := filepath.Join(dir, fixtures.CorpusSet, "stale.ipynb")
	os.MkdirAll(filepath.Dir(stale), 0o755)
	os.WriteFile(stale, []byte("{}"), 0o644)
	if err := run(fixtures.Root(), dir); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(stale); !os.IsNotExist(err) {
		t.Errorf("a file of an earlier run is left: %v", err)
	}
	if _, err := os.Stat(filepath.Join(dir, fixtures.CorpusSet, "carol", "01-recursion.ipynb")); err != nil {
		t.Error(err)
	}
	for set, want := range map[string]int{fixtures.MistakesSet: len(fixtures.Mistakes), fixtures.AdversarialSet: len(fixtures.Adversarial)} {
		if files, _ := filepath.Glob(filepath.Join(dir, set, "*.ipynb")); len(files) != want {
			t.Errorf("%s: %d notebooks; want %d", set, len(files), want)
		}
	}
}
