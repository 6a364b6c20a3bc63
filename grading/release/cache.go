package release

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync/atomic"
	"time"

	"github.com/prepa-reines/reines/grading/workbook"
)

// CacheDir returns the workbook's cache folder, <user cache dir>/reines
// ($XDG_CACHE_HOME/reines, else ~/.cache/reines on Linux), created if
// needed: the cached editions (see Edition), the grader's build cache and
// ECharts (kernel-setup) live there.
func CacheDir() (string, error) {
	dir, err := os.UserCacheDir()
	if err != nil {
		return "", err
	}
	dir = filepath.Join(dir, "reines")
	return dir, os.MkdirAll(dir, 0o755)
}

// editionFormat changes when what Edition stores changes shape.
const editionFormat = "edition-1"

// sources are what a student edition is made from, relative to the
// module root (a folder ending in "/..." with its sub-folders): the tp
// packages (its SDK), the check harness, the notebook packages (those of
// the workbook's list, with their hidden cases), the release itself and
// the student's files, what the edition copies (the program builder, the
// self-check, the Jupyter launcher, the kernel set-up, the module files),
// the notebooks' sources. Not the grader
// (grading/batch, grading/gradebook, grading/feedback, grading/cmd/grade…),
// whose changes do not change the edition; TestSourcesCoverEdition checks
// the list. Tests and testdata are not read by the release.
var sources = append([]string{
	"tp/...", "grading", "grading/workbook", "grading/notebook", "grading/internal/watch", "grading/release/...",
	"grading/submission", "grading/cmd/check", "internal/jupyter", "notebooks/src", "kernel-setup", "go.mod", "go.sum",
}, notebookPackages()...)

// notebookPackages are the folders of the notebook packages
// (workbook.Notebooks) and of their hidden cases, whose numbers the edition
// records (not their mistakes, which the grader's tests alone read).
func notebookPackages() []string {
	var dirs []string
	for _, n := range workbook.Notebooks {
		dirs = append(dirs, n.Dir(), strings.TrimPrefix(n.Hidden(), Module+"/"))
	}
	return dirs
}

// SourceKey returns a hash of everything the student edition of the tree
// at root is made from (see sources; tests and testdata aside), and of
// the Go release that builds it: two trees with the same key release the
// same edition. It reads every such file (about 2 MB; milliseconds).
func SourceKey(root string) (string, error) {
	h := sha256.New()
	fmt.Fprintf(h, "%s\x00%s\x00", editionFormat, runtime.Version())
	for _, src := range sources {
		top, recursive := strings.CutSuffix(src, "/...")
		start := filepath.Join(root, top)
		err := filepath.WalkDir(start, func(path string, d fs.DirEntry, err error) error {
			if errors.Is(err, fs.ErrNotExist) && path == start {
				return nil // a tree without it (a notebook fewer)
			}
			if err != nil {
				return err
			}
			name := d.Name()
			if d.IsDir() {
				if path != start && (!recursive || name == "testdata" || strings.HasPrefix(name, ".")) {
					return filepath.SkipDir
				}
				return nil
			}
			if strings.HasSuffix(name, "_test.go") || !d.Type().IsRegular() {
				return nil
			}
			rel, _ := filepath.Rel(root, path)
			f, err := os.Open(path)
			if err != nil {
				return err
			}
			defer f.Close()
			info, err := f.Stat()
			if err != nil {
				return err
			}
			fmt.Fprintf(h, "%s\x00%d\x00", filepath.ToSlash(rel), info.Size())
			_, err = io.Copy(h, f)
			return err
		})
		if err != nil {
			return "", fmt.Errorf("hashing the sources of the student edition: %w", err)
		}
	}
	return hex.EncodeToString(h.Sum(nil)[:12]), nil
}

// editionsWritten counts the editions Edition writes (for the tests).
var editionsWritten atomic.Int64

// keptEditions is how many cached editions Edition keeps (the most
// recently used): a few versions of the tree, with and without recorded
// data. Beyond them, an edition used in the last inUse is kept too: a
// grading run reads its edition for as long as it runs, and other trees
// (another checkout, a newer version being written) may write editions
// meanwhile. An edition is about 1.5 MB.
const (
	keptEditions = 6
	inUse        = 24 * time.Hour
)

// Edition returns the folder of the student edition of the tree at root
// (see WriteStudent; record says whether its notebook packages hold their
// recorded data), and whether this call wrote it: it is written once into
// the cache (CacheDir()/editions/<key>, the key from SourceKey) and
// reused as long as the sources do not
// change: by every grading run, every shard, every test. The folder is
// shared: read it, build against it, copy it (os.CopyFS), never write
// into it. Writing an edition takes seconds (one load of the packages,
// and with record the reference answers' values); finding one, the time
// of SourceKey. Concurrent callers are safe: each writes its own and the
// first rename wins. A cancelled ctx returns ctx.Err() at once.
func Edition(ctx context.Context, root string, record bool) (dir string, written bool, err error) {
	key, err := SourceKey(root)
	if err != nil {
		return "", false, err
	}
	cache, err := CacheDir()
	if err != nil {
		return "", false, err
	}
	parent := filepath.Join(cache, "editions")
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return "", false, err
	}
	kind := "sdk"
	if record {
		kind = "student"
	}
	dir = filepath.Join(parent, key+"-"+kind)
	if _, err := os.Stat(dir); err == nil {
		now := time.Now()
		_ = os.Chtimes(dir, now, now) // recently used: kept by trimEditions
		return dir, false, nil
	}
	tmp, err := os.MkdirTemp(parent, ".tmp-")
	if err != nil {
		return "", false, err
	}
	editionsWritten.Add(1)
	done := make(chan error, 1)
	go func() {
		_, err := writeStudent(ctx, root, tmp, record)
		if err == nil {
			if err = os.Rename(tmp, dir); err != nil {
				if _, statErr := os.Stat(dir); statErr == nil {
					err = nil // another process wrote the same edition first: use it
				}
			}
		}
		_ = os.RemoveAll(tmp) // gone if renamed
		done <- err
	}()
	select {
	case err := <-done:
		if err != nil {
			return "", false, err
		}
	case <-ctx.Done():
		// The writer's go list is interrupted with ctx: it stops, and
		// removes its folder. Wait a little for it, not to leave it
		// running behind a grader that exits.
		select {
		case <-done:
		case <-time.After(1500 * time.Millisecond):
		}
		return "", false, ctx.Err()
	}
	trimEditions(parent, dir)
	return dir, true, nil
}

// trimEditions removes the cached editions beyond the keptEditions most
// recently used that have not been used for inUse, and the temporary
// folders of writers that died more than an hour ago; never keep, the one
// just written.
func trimEditions(parent, keep string) {
	entries, err := os.ReadDir(parent)
	if err != nil {
		return
	}
	type ed struct {
		path string
		used time.Time
	}
	var eds []ed
	for _, e := range entries {
		info, err := e.Info()
		if err != nil || !e.IsDir() {
			continue
		}
		path := filepath.Join(parent, e.Name())
		if strings.HasPrefix(e.Name(), ".tmp-") {
			if time.Since(info.ModTime()) > time.Hour {
				_ = os.RemoveAll(path)
			}
			continue
		}
		if path != keep {
			eds = append(eds, ed{path, info.ModTime()})
		}
	}
	slices.SortFunc(eds, func(a, b ed) int { return b.used.Compare(a.used) })
	for i, e := range eds {
		if i >= keptEditions-1 && time.Since(e.used) > inUse {
			_ = os.RemoveAll(e.path)
		}
	}
}
