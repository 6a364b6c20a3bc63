package batch

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sync/atomic"
)

// Cache keeps the results of earlier runs in an output folder
// (out/cache/<version>/<key>.json), so that regrading a class does not run
// again a notebook that has not changed: the key is a hash of the
// notebook's bytes and file name, and the version a hash of everything
// else a grade depends on (the grader's executable, the student edition
// the submissions are built against, the TP option, the seed of the hidden
// cases and the limits). A new version makes every entry stale: the cache
// removes the folders of other versions when it opens.
//
// What a submission's export records (its student, name, time) is not
// part of the result kept: a cached result takes the submission's.
// Results the machine rather than the notebook decided (an internal error
// of the grader, an unusable work folder) are not kept.
type Cache struct {
	dir    string // out/cache/<version>
	Force  bool   // grade every notebook again (and keep the new results)
	reused atomic.Int64
}

// OpenCache opens the cache of results in out for the given version (see
// Version), removing the entries of other versions.
func OpenCache(out, version string) (*Cache, error) {
	root := filepath.Join(out, "cache")
	dir := filepath.Join(root, version)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	entries, err := os.ReadDir(root)
	if err != nil {
		return nil, err
	}
	for _, e := range entries {
		if e.Name() != version {
			_ = os.RemoveAll(filepath.Join(root, e.Name()))
		}
	}
	return &Cache{dir: dir}, nil
}

// Reused is the number of results Grade took from the cache.
func (c *Cache) Reused() int { return int(c.reused.Load()) }

// Version hashes what a grade depends on besides the notebook: the
// executable running (the grader, its checks and reference answers), the
// student edition in sdk, and opt's TP, seed and limits. Cost: reading
// the executable and the edition, about 30 MB.
func Version(sdk *SDK, opt Options) (string, error) {
	h := sha256.New()
	exe, err := os.Executable()
	if err != nil {
		return "", err
	}
	if err := hashFile(h, exe); err != nil {
		return "", err
	}
	var files []string
	err = filepath.WalkDir(sdk.Dir, func(path string, d fs.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() {
			files = append(files, path)
		}
		return err
	})
	if err != nil {
		return "", err
	}
	slices.Sort(files)
	for _, f := range files {
		rel, _ := filepath.Rel(sdk.Dir, f)
		fmt.Fprintf(h, "%s\x00", rel)
		if err := hashFile(h, f); err != nil {
			return "", err
		}
	}
	fmt.Fprintf(h, "tp=%s seed=%d limits=%+v", opt.TP, opt.Seed, opt.Limits)
	return hex.EncodeToString(h.Sum(nil))[:20], nil
}

func hashFile(w io.Writer, path string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	_, err = io.Copy(w, f)
	return err
}

// cached is a Result as the cache keeps it, with the answers' code the
// similarity report reads.
type cached struct {
	Result  Result
	Answers map[string]string
}

// Grade returns the cached result of sub if there is one (and not Force),
// else grades it with [Grade] and keeps the result. A nil Cache grades.
func (c *Cache) Grade(ctx context.Context, sub Submission, opt Options) Result {
	if c == nil {
		return Grade(ctx, sub, opt)
	}
	key, data, err := c.key(sub)
	if err != nil { // refused or unreadable: Grade says why, and nothing is kept
		return Grade(ctx, sub, opt)
	}
	sub.data = data // read once
	path := filepath.Join(c.dir, key+".json")
	if !c.Force {
		if data, err := os.ReadFile(path); err == nil {
			var e cached
			if json.Unmarshal(data, &e) == nil {
				r := e.Result
				r.answers = e.Answers
				r.Student, r.Name, r.File = sub.Student, sub.Name, sub.Path
				if opt.SDK != nil {
					r.given = &opt.SDK.Given
				}
				c.reused.Add(1)
				return r
			}
		}
	}
	r := Grade(ctx, sub, opt)
	if ctx.Err() != nil || r.transient {
		return r
	}
	if data, err := json.Marshal(cached{r, r.answers}); err == nil {
		tmp := path + ".tmp"
		if os.WriteFile(tmp, data, 0o644) == nil {
			_ = os.Rename(tmp, path)
		}
	}
	return r
}

// key hashes the submission's notebook, as Grade reads it (a link, a
// pipe, a file too big are refused there, and the refusal is not kept),
// its file name and its note; it returns the notebook's bytes too.
func (c *Cache) key(sub Submission) (string, []byte, error) {
	if sub.Refused != "" {
		return "", nil, fmt.Errorf("refused")
	}
	data, err := readSubmission(sub.Path)
	if err != nil {
		return "", nil, err
	}
	h := sha256.New()
	fmt.Fprintf(h, "%s\x00%s\x00", filepath.Base(sub.Path), sub.Note) // the note is in the result
	h.Write(data)
	return hex.EncodeToString(h.Sum(nil))[:32], data, nil
}
