package release

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/prepa-reines/reines/grading/workbook"
)

// covered reports whether the folder dir (relative to the module root) is
// hashed by SourceKey (see sources).
func covered(dir string) bool {
	for _, src := range sources {
		top, recursive := strings.CutSuffix(src, "/...")
		if dir == top || recursive && strings.HasPrefix(dir, top+"/") {
			return true
		}
	}
	return false
}

// Every folder the edition is made from is hashed: the module packages the
// release imports (it runs them to record the notebooks' data), the
// folders it copies, the notebook and SDK packages.
func TestSourcesCoverEdition(t *testing.T) {
	root, _ := filepath.Abs("../..")
	cmd := exec.Command("go", "list", "-deps", "-f", "{{if .Module}}{{if .Module.Main}}{{.Dir}}{{end}}{{end}}", "./grading/release")
	cmd.Dir = root
	out, err := cmd.Output()
	if err != nil {
		t.Fatal(err)
	}
	dirs := strings.Fields(string(out))
	if len(dirs) < 10 {
		t.Fatalf("go list found %d packages of the module under grading/release; want its dependencies", len(dirs))
	}
	for i, d := range dirs {
		rel, _ := filepath.Rel(root, d)
		dirs[i] = filepath.ToSlash(rel)
	}
	for _, c := range copied {
		dirs = append(dirs, c.dir)
	}
	for _, nb := range workbook.Notebooks {
		dirs = append(dirs, nb.Dir())
	}
	for _, sp := range sdkPackages {
		dirs = append(dirs, sp.Dir)
	}
	dirs = append(dirs, "notebooks/src")
	for _, d := range dirs {
		if d != "." && !covered(d) {
			t.Errorf("%s makes the student edition, but SourceKey does not hash it: add it to sources", d)
		}
	}
	for _, f := range []string{"go.mod", "go.sum"} {
		if !covered(f) {
			t.Errorf("%s is not hashed by SourceKey", f)
		}
	}
}

// writeTree writes files (path → content) under a new folder.
func writeTree(t *testing.T, files map[string]string) string {
	dir := t.TempDir()
	for path, data := range files {
		p := filepath.Join(dir, filepath.FromSlash(path))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// The key follows what the edition is made from, and nothing else.
func TestSourceKey(t *testing.T) {
	base := map[string]string{
		"go.mod":                     "module m\n",
		"tp/queens/queens.go":        "package queens\n",
		"grading/question.go":        "package grading\n",
		"grading/nb01/nb01.go":       "package nb01\n",
		"grading/nb01/01.txtar":      "-- md --\n",
		"grading/nb01/hidden/h.go":   "package hidden\n",
		"grading/nb01/mistakes/m.go": "package mistakes\n",
		"grading/batch/grade.go":     "package batch\n",
		"tp/queens/queens_test.go":   "package queens\n",
		"tp/queens/testdata/x.txt":   "x\n",
		"grading/cmd/grade/main.go":  "package main\n",
		"grading/release/student/RE": "readme\n",
	}
	key := func(changes map[string]string) string {
		files := map[string]string{}
		for k, v := range base {
			files[k] = v
		}
		for k, v := range changes {
			files[k] = v
		}
		k, err := SourceKey(writeTree(t, files))
		if err != nil {
			t.Fatal(err)
		}
		return k
	}
	k0 := key(nil)
	if k := key(nil); k != k0 {
		t.Fatalf("the same tree gives two keys: %s, %s", k0, k)
	}
	for path, data := range map[string]string{
		"tp/queens/queens.go":        "package queens // changed\n",
		"tp/board/board.go":          "package board\n",
		"grading/nb01/nb01.go":       "package nb01 // changed\n",
		"grading/nb01/01.txtar":      "-- md --\nchanged\n",
		"grading/nb01/hidden/h.go":   "package hidden // changed\n",
		"grading/release/student/RE": "changed\n",
		"go.mod":                     "module m\n\ngo 1.26\n",
	} {
		if k := key(map[string]string{path: data}); k == k0 {
			t.Errorf("changing %s leaves the key as it was", path)
		}
	}
	for path, data := range map[string]string{
		"grading/batch/grade.go":     "package batch // changed\n",
		"grading/cmd/grade/main.go":  "package main // changed\n",
		"grading/nb01/mistakes/m.go": "package mistakes // changed\n",
		"tp/queens/queens_test.go":   "package queens // changed\n",
		"tp/queens/testdata/x.txt":   "changed\n",
		"README.md":                  "new\n",
	} {
		if k := key(map[string]string{path: data}); k != k0 {
			t.Errorf("changing %s changes the key: the edition does not depend on it", path)
		}
	}
}

// Edition writes an edition once per version of the sources (named by
// its key, which TestSourceKey shows follows the sources): asked again, it
// gives the same folder without writing.
func TestEditionReused(t *testing.T) {
	root, _ := filepath.Abs("../..")
	ctx := context.Background()
	first, _, err := Edition(ctx, root, false)
	if err != nil {
		t.Fatal(err)
	}
	key, err := SourceKey(root)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(filepath.Base(first), key+"-") {
		t.Errorf("the edition %s is not named by the sources' key %s", first, key)
	}
	if _, err := os.Stat(filepath.Join(first, "tp", "queens", "queens.go")); err != nil {
		t.Fatalf("the edition lacks its SDK: %v", err)
	}
	before := editionsWritten.Load()
	again, written, err := Edition(ctx, root, false)
	if err != nil {
		t.Fatal(err)
	}
	if again != first || written || editionsWritten.Load() != before {
		t.Errorf("asked again for the same sources, Edition wrote %d editions (%s, then %s); want none", editionsWritten.Load()-before, first, again)
	}
}

// A cancelled context stops Edition at once.
func TestEditionCancelled(t *testing.T) {
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	root, _ := filepath.Abs("../..")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, _, err := Edition(ctx, root, false); err == nil {
		t.Fatal("Edition with a cancelled context: no error")
	}
}

// An edition in use by a long run is never removed by the editions that
// other trees write meanwhile; old unused ones beyond the few kept are.
func TestTrimEditionsKeepsInUse(t *testing.T) {
	parent := t.TempDir()
	old := time.Now().Add(-2 * inUse)
	var names []string
	for i := range 2 * keptEditions {
		name := filepath.Join(parent, fmt.Sprintf("e%02d-sdk", i))
		if err := os.Mkdir(name, 0o755); err != nil {
			t.Fatal(err)
		}
		if i < 2 { // unused for two days
			at := old.Add(time.Duration(i) * time.Minute)
			if err := os.Chtimes(name, at, at); err != nil {
				t.Fatal(err)
			}
		}
		names = append(names, name)
	}
	trimEditions(parent, names[len(names)-1])
	for i, name := range names {
		_, err := os.Stat(name)
		if gone := err != nil; gone != (i < 2) {
			t.Errorf("edition %d of %d (used %s): removed = %v; want the old unused ones removed, the recent ones kept", i, len(names), map[bool]string{true: "two days ago", false: "today"}[i < 2], gone)
		}
	}
}
