package batch

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/prepa-reines/reines/grading/export"
	"github.com/prepa-reines/reines/grading/feedback"
	"github.com/prepa-reines/reines/grading/gradebook"
	"github.com/prepa-reines/reines/grading/notebook"
)

// snapshot hashes every file under dir, by path.
func snapshot(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		sum := sha256.Sum256(data)
		out[path] = hex.EncodeToString(sum[:])
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// A submission cannot change what another submission's build uses: its
// build (an object file of 64 MiB) and its program (writing into the
// grader's build cache, which its sandbox does not show) leave the warm
// cache as it was, byte for byte; the copy its builds used holds nothing
// but the warm cache's files again (it is reused); and
// the correction graded after it gets the same points as before.
func TestBuildCacheIsolation(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles two notebooks")
	}
	opt := options(t)
	opt.TP = "01"
	warm := filepath.Join(opt.SDK.Builds.root, "warm")
	before := snapshot(t, warm)
	correction := filepath.Join("..", "..", "notebooks", "corrections", "01-recursion.ipynb")
	first := Grade(context.Background(), export.Submission{Student: "ana", Path: correction}, opt)

	nb, err := notebook.Read(correction)
	if err != nil {
		t.Fatal(err)
	}
	planted := filepath.Join(warm, "planted")
	for i := range nb.Cells {
		if m := nb.Cells[i].Reines(); m.Role == "answer" && m.Question == "01/Q1" {
			// The right answer, with a huge initialised array beside it and
			// an attempt to plant files in the build cache; it uses a
			// package the SDK does not, so that the go command builds it,
			// in a copy of the cache.
			nb.Cells[i].Source = notebook.Source(string(nb.Cells[i].Source) + fmt.Sprintf(`

var big = [8 << 20]int64{1, 2, 3}

var _ heap.Interface

func init() {
	_ = os.WriteFile(%q, []byte("x"), 0o644)
	entries, _ := os.ReadDir(%q)
	for _, e := range entries {
		_ = os.WriteFile(filepath.Join(%q, e.Name(), "planted-d"), []byte("x"), 0o644)
	}
	_ = big[5]
}`, planted, warm, warm))
		}
	}
	data, err := nb.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	hostile := filepath.Join(t.TempDir(), "eve.ipynb")
	if err := os.WriteFile(hostile, data, 0o644); err != nil {
		t.Fatal(err)
	}
	r := Grade(context.Background(), export.Submission{Student: "eve", Path: hostile}, opt)
	if len(r.Problems) > 0 {
		t.Fatalf("the hostile notebook: problems %v", r.Problems)
	}
	for _, q := range r.Questions {
		if q.ID == "01/Q1" && q.Points == 0 {
			t.Fatalf("the hostile answer did not build and run (its cache entries were not made):\n%s", feedback.Markdown(gradebook.Result{Questions: []gradebook.Question{q}}, true))
		}
	}
	after := snapshot(t, warm)
	for path, sum := range after {
		if before[path] != sum {
			t.Errorf("%s changed or appeared in the warm cache", strings.TrimPrefix(path, warm))
		}
	}
	if len(after) != len(before) {
		t.Errorf("the warm cache had %d files, has %d", len(before), len(after))
	}
	// The copies this process built in, given back: nothing in them but
	// links to the warm cache's files (and the cache's own top-level
	// files); what the hostile build added is gone.
	runs, _ := filepath.Glob(filepath.Join(opt.SDK.Builds.root, "runs", strconv.Itoa(os.Getpid())+"-*"))
	runs = slices.DeleteFunc(runs, func(dir string) bool { return strings.Contains(filepath.Base(dir), "-imports-") })
	if len(runs) == 0 {
		t.Error("no copy of the build cache left to reuse")
	}
	for _, run := range runs {
		err := filepath.WalkDir(run, func(path string, d fs.DirEntry, err error) error {
			rel, _ := filepath.Rel(run, path)
			if err != nil || d.IsDir() || !strings.Contains(rel, string(filepath.Separator)) {
				return err
			}
			mine, err := os.Lstat(path)
			if err != nil {
				return err
			}
			if theirs, err := os.Lstat(filepath.Join(warm, rel)); err != nil || !os.SameFile(mine, theirs) {
				t.Errorf("%s in the copy %s is not the warm cache's file (%d bytes)", rel, filepath.Base(run), mine.Size())
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	again := Grade(context.Background(), export.Submission{Student: "ana", Path: correction}, opt)
	if again.Points != first.Points || first.Points == 0 {
		t.Errorf("the correction got %v points before the hostile notebook, %v after", first.Points, again.Points)
	}
}

// The warm cache's stamp holds for one configuration of the go command:
// other C flags (or another release, experiment, target) are another one.
func TestGoEnvKey(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("CGO_CFLAGS", "-O2 -g")
	a := goEnvKey(dir)
	t.Setenv("CGO_CFLAGS", "-O1")
	b := goEnvKey(dir)
	if a == "unknown" || b == "unknown" || a == b {
		t.Errorf("keys %q and %q: want two known, different keys", a, b)
	}
}

// A copy given back and reused is the warm cache's again: what a build
// added or replaced is removed, and what the warm cache gained since (the
// race detector's packages, compiled for a later notebook) is linked in.
func TestCopyDirReuse(t *testing.T) {
	root := t.TempDir()
	warm, dir := filepath.Join(root, "warm"), filepath.Join(root, "copy")
	write := func(path, data string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(data), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	write(filepath.Join(warm, "README"), "cache")
	write(filepath.Join(warm, "0a", "one-d"), "1")
	write(filepath.Join(warm, "0a", "two-a"), "2")
	if err := os.Mkdir(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	c := &copyDir{dir: dir, links: map[string]uint64{}}
	if err := c.sync(warm); err != nil {
		t.Fatal(err)
	}
	// A build adds an entry, replaces one, and makes a folder; the warm
	// cache gains one meanwhile.
	write(filepath.Join(dir, "0a", "added-d"), "student")
	if err := os.Remove(filepath.Join(dir, "0a", "one-d")); err != nil {
		t.Fatal(err)
	}
	write(filepath.Join(dir, "0a", "one-d"), "replaced")
	write(filepath.Join(dir, "0a", "sub", "x"), "x")
	write(filepath.Join(warm, "ff", "race-d"), "3")
	if err := c.prune(); err != nil {
		t.Fatal(err)
	}
	if err := c.sync(warm); err != nil {
		t.Fatal(err)
	}
	var got []string
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(dir, path)
		got = append(got, rel)
		mine, _ := os.Lstat(path)
		theirs, err := os.Lstat(filepath.Join(warm, rel))
		if err != nil {
			t.Errorf("%s: not in the warm cache", rel)
		} else if rel != "README" && !os.SameFile(mine, theirs) {
			t.Errorf("%s: not a link to the warm cache's file", rel)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if want := "0a/one-d 0a/two-a README ff/race-d"; strings.Join(got, " ") != want {
		t.Errorf("the copy holds %q, want %q", strings.Join(got, " "), want)
	}
}
