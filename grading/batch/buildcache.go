package batch

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/prepa-reines/reines/grading/release"
	"github.com/prepa-reines/reines/grading/submission"
)

// BuildCache is the grader's own go build cache, outside the user's
// GOCACHE and out of every submission's reach (the sandbox shows a child
// nothing but its scratch space):
//
//   - <cache>/gocache/warm is the cache proper. Only the grader builds
//     there (Warm): the SDK's packages and the standard library they use,
//     without and with the race detector, -trimpath, once per version of
//     the SDK (a stamp in <cache>/gocache/stamps says it is done), under an
//     exclusive lock. It is emptied when it grows over warmCapMB.
//   - Each notebook builds in a copy of it made of hard links
//     (<cache>/gocache/runs/<pid>-…, Session): the SDK is compiled there
//     already, so a submission's build compiles the student's code and
//     links, nothing else; what that build adds (an object file of a huge
//     array) is removed from the copy when the notebook is graded. Entries
//     are named by a hash of their inputs and the go command writes none of
//     the entries it finds, so a build in a copy never changes what another
//     notebook's build uses.
//   - A copy is reused by the grader's next notebook, made the warm cache's
//     again first (a link per file the warm cache has and the copy lacks,
//     what the copy has beyond it removed): its 256 folders are made once
//     per grader, not once per notebook (on ext4, making them cost more
//     than the links).
//
// Copies left by a grader that died are removed by the next one.
type BuildCache struct {
	root string // <cache>/gocache
	sdk  string // the SDK's folder
	key  string // the SDK's key (release.SourceKey)
	env  string // the go command's configuration (goEnvKey)
	mu   sync.Mutex
	// idle are the copies no notebook uses now (see Session).
	idleMu sync.Mutex
	idle   []*copyDir
	// imports are the warm cache's packages listed for direct builds
	// (see Imports), without and with the race detector, in their
	// folders (runs/<pid>-imports-…).
	importsMu sync.Mutex
	imports   [2]*submission.Imports
	importDir [2]string
}

// copyDir is one copy of the warm cache (see Session).
type copyDir struct {
	dir string
	// links are the entries linked from the warm cache, by path relative
	// to the cache, with the warm file's inode: anything else under dir
	// is what a build added (or replaced).
	links map[string]uint64
}

// goEnvKey is a short hash of the configuration of the go command the
// builds run in dir (its release, GOEXPERIMENT, the target, the C
// compiler): a stamp of the warm cache holds for that configuration only.
// Else, after the teacher updated Go or set GOEXPERIMENT, every notebook
// compiled the standard library again in its own copy, within its build
// limits (a correct notebook of TP 05 could run out of them), while the
// stamp said the cache was warm. "unknown" if the go command gives nothing.
func goEnvKey(dir string) string {
	out, err := submission.GoEnv(dir, "GOVERSION", "GOEXPERIMENT", "GOOS", "GOARCH", "GOAMD64", "GOARM64", "CC", "CXX", "CGO_CFLAGS", "CGO_CPPFLAGS", "CGO_CXXFLAGS", "CGO_LDFLAGS")
	if err != nil {
		return "unknown"
	}
	sum := sha256.Sum256(out)
	return hex.EncodeToString(sum[:6])
}

// warmCapMB is the size over which Warm empties the warm cache before
// compiling again (a few versions of the SDK, each about 300 MB with the
// race runtime).
const warmCapMB = 3072

// OpenBuildCache opens the grader's build cache for the SDK in sdkDir,
// whose key is key, and removes the copies of graders no longer running.
func OpenBuildCache(sdkDir, key string) (*BuildCache, error) {
	cache, err := release.CacheDir()
	if err != nil {
		return nil, err
	}
	b := &BuildCache{root: filepath.Join(cache, "gocache"), sdk: sdkDir, key: key, env: goEnvKey(sdkDir)}
	for _, d := range []string{"warm", "runs", "stamps"} {
		if err := os.MkdirAll(filepath.Join(b.root, d), 0o700); err != nil {
			return nil, err
		}
	}
	b.removeDeadCopies()
	return b, nil
}

// Warm compiles the SDK's packages (and the standard library they use)
// into the warm cache, with the race detector if race, unless a stamp
// says it was done for this SDK; it reports whether it compiled. Other graders wait meanwhile (a file
// lock). It is the grader's own work, before and outside any submission's
// build limits; the first time it takes about half a minute without the
// race detector, a minute with it, on two cores; then nothing.
func (b *BuildCache) Warm(ctx context.Context, race bool) (compiled bool, err error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	mode := "plain"
	if race {
		mode = "race"
	}
	stamp := filepath.Join(b.root, "stamps", b.key+"-"+b.env+"-"+mode)
	if _, err := os.Stat(stamp); err == nil {
		return false, nil
	}
	unlock, err := b.lock(ctx, syscall.LOCK_EX)
	if err != nil {
		return false, err
	}
	defer unlock()
	if _, err := os.Stat(stamp); err == nil { // another grader did it meanwhile
		return false, nil
	}
	warm := filepath.Join(b.root, "warm")
	if size, _ := dirSize(warm); size > warmCapMB<<20 {
		if err := os.RemoveAll(warm); err != nil {
			return false, err
		}
		if err := os.RemoveAll(filepath.Join(b.root, "stamps")); err != nil {
			return false, err
		}
		if err := os.MkdirAll(filepath.Join(b.root, "stamps"), 0o700); err != nil {
			return false, err
		}
	}
	work, err := os.MkdirTemp(b.root, "warm-")
	if err != nil {
		return false, err
	}
	defer os.RemoveAll(work)
	tc := submission.Toolchain{Root: b.sdk, Cache: warm}
	if err := submission.Warm(ctx, tc, work, race, release.SDKImports()); err != nil {
		return false, fmt.Errorf("compiling the student edition (%s): %w", b.sdk, err)
	}
	return true, os.WriteFile(stamp, []byte(time.Now().Format(time.RFC3339)+"\n"), 0o600)
}

// Session returns a go build cache for one notebook's builds, a copy of
// the warm cache made of hard links, and the function that gives it back
// (what the builds added removed). A copy given back is reused by the
// next call, after it is made the warm cache's again (sync): a few
// milliseconds, against a fifth of a second for a new one. Close removes
// the copies given back.
func (b *BuildCache) Session(ctx context.Context) (dir string, done func(), err error) {
	unlock, err := b.lock(ctx, syscall.LOCK_SH)
	if err != nil {
		return "", nil, err
	}
	defer unlock()
	b.idleMu.Lock()
	var c *copyDir
	if n := len(b.idle); n > 0 {
		c, b.idle = b.idle[n-1], b.idle[:n-1]
	}
	b.idleMu.Unlock()
	if c == nil {
		dir, err := os.MkdirTemp(filepath.Join(b.root, "runs"), strconv.Itoa(os.Getpid())+"-")
		if err != nil {
			return "", nil, err
		}
		c = &copyDir{dir: dir, links: map[string]uint64{}}
	}
	if err := c.sync(filepath.Join(b.root, "warm")); err != nil {
		_ = os.RemoveAll(c.dir)
		return "", nil, fmt.Errorf("copying the grader's build cache: %w", err)
	}
	done = func() {
		if c.prune() != nil {
			_ = os.RemoveAll(c.dir)
			return
		}
		b.idleMu.Lock()
		b.idle = append(b.idle, c)
		b.idleMu.Unlock()
	}
	return c.dir, done, nil
}

// Close removes the copies of the cache no notebook uses (see Session)
// and the folders of Imports. The cache stays usable: the next Session
// makes a new copy, the next Imports lists again.
func (b *BuildCache) Close() {
	b.idleMu.Lock()
	idle := b.idle
	b.idle = nil
	b.idleMu.Unlock()
	for _, c := range idle {
		_ = os.RemoveAll(c.dir)
	}
	b.importsMu.Lock()
	defer b.importsMu.Unlock()
	for i, dir := range b.importDir {
		if dir != "" {
			_ = os.RemoveAll(dir)
		}
		b.imports[i], b.importDir[i] = nil, ""
	}
}

// Imports returns the warm cache's compiled packages for builds without
// the go command (see submission.Imports), with the race detector if race
// (Warm must have compiled them), listed once per grader: a go list of a
// second or two, and a hard link per package (about 190) into a folder
// of this grader's, so that another grader emptying the warm cache
// meanwhile changes nothing.
func (b *BuildCache) Imports(ctx context.Context, race bool) (*submission.Imports, error) {
	b.importsMu.Lock()
	defer b.importsMu.Unlock()
	i := 0
	if race {
		i = 1
	}
	if b.imports[i] != nil {
		return b.imports[i], nil
	}
	unlock, err := b.lock(ctx, syscall.LOCK_SH)
	if err != nil {
		return nil, err
	}
	defer unlock()
	dir, err := os.MkdirTemp(filepath.Join(b.root, "runs"), strconv.Itoa(os.Getpid())+"-imports-")
	if err != nil {
		return nil, err
	}
	tc := submission.Toolchain{Root: b.sdk, Cache: filepath.Join(b.root, "warm")}
	im, err := submission.ListImports(ctx, tc, dir, race, release.SDKImports())
	if err != nil {
		_ = os.RemoveAll(dir)
		return nil, fmt.Errorf("listing the student edition's compiled packages: %w", err)
	}
	b.imports[i], b.importDir[i] = im, dir
	return im, nil
}

// sync makes c the warm cache's copy: every file of warm linked at the
// same path, nothing else but the cache's own top-level files (README,
// trim.txt), which the go command writes in place and so are copies.
func (c *copyDir) sync(warm string) error {
	if err := c.prune(); err != nil {
		return err
	}
	return filepath.WalkDir(warm, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(warm, path)
		target := filepath.Join(c.dir, rel)
		switch {
		case d.IsDir():
			if _, err := os.Lstat(target); err == nil {
				return nil
			}
			return os.MkdirAll(target, 0o700)
		case !strings.Contains(rel, string(filepath.Separator)):
			data, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			return os.WriteFile(target, data, 0o600)
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		ino := inode(info)
		if c.links[rel] == ino {
			return nil
		}
		_ = os.Remove(target) // an older warm file's link
		if err := os.Link(path, target); err != nil {
			return err
		}
		c.links[rel] = ino
		return nil
	})
}

// prune removes from c what is not a link made by sync: the files a build
// added or replaced. Links whose file the warm cache no longer has stay
// (sync replaces them if the warm cache has a new file at that path).
func (c *copyDir) prune() error {
	return filepath.WalkDir(c.dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(c.dir, path)
		if d.IsDir() {
			if rel != "." && strings.Contains(rel, string(filepath.Separator)) {
				// The go command makes no folders below the first level.
				if err := os.RemoveAll(path); err != nil {
					return err
				}
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.Contains(rel, string(filepath.Separator)) {
			return nil // the cache's own files, rewritten by sync
		}
		if ino, ok := c.links[rel]; ok {
			if info, err := d.Info(); err == nil && inode(info) == ino {
				return nil
			}
		}
		delete(c.links, rel)
		return os.RemoveAll(path)
	})
}

// inode is the inode number of the file info describes (0 if unknown).
func inode(info fs.FileInfo) uint64 {
	if st, ok := info.Sys().(*syscall.Stat_t); ok {
		return uint64(st.Ino)
	}
	return 0
}

// lock takes the warm cache's file lock (how: LOCK_EX to write it,
// LOCK_SH to copy it), waiting while ctx allows; unlock releases it.
func (b *BuildCache) lock(ctx context.Context, how int) (unlock func(), err error) {
	f, err := os.OpenFile(filepath.Join(b.root, "lock"), os.O_CREATE|os.O_RDWR, 0o600)
	if err != nil {
		return nil, err
	}
	for {
		err := syscall.Flock(int(f.Fd()), how|syscall.LOCK_NB)
		if err == nil {
			return func() { f.Close() }, nil
		}
		if !errors.Is(err, syscall.EWOULDBLOCK) {
			f.Close()
			return nil, err
		}
		select {
		case <-ctx.Done():
			f.Close()
			return nil, ctx.Err()
		case <-time.After(50 * time.Millisecond):
		}
	}
}

// removeDeadCopies removes the copies (Session) of graders that are no
// longer running.
func (b *BuildCache) removeDeadCopies() {
	entries, _ := os.ReadDir(filepath.Join(b.root, "runs"))
	for _, e := range entries {
		pid, err := strconv.Atoi(strings.SplitN(e.Name(), "-", 2)[0])
		if err != nil || pid <= 0 || syscall.Kill(pid, 0) == syscall.ESRCH {
			_ = os.RemoveAll(filepath.Join(b.root, "runs", e.Name()))
		}
	}
	entries, _ = os.ReadDir(b.root)
	for _, e := range entries {
		if info, err := e.Info(); err == nil && strings.HasPrefix(e.Name(), "warm-") && time.Since(info.ModTime()) > time.Hour {
			_ = os.RemoveAll(filepath.Join(b.root, e.Name()))
		}
	}
}

// dirSize is the size of the regular files under dir, in bytes.
func dirSize(dir string) (int64, error) {
	var n int64
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.Type().IsRegular() {
			if info, err := d.Info(); err == nil {
				n += info.Size()
			}
		}
		return nil
	})
	return n, err
}
