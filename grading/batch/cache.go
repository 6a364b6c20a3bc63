package batch

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/prepa-reines/reines/grading/export"
	"github.com/prepa-reines/reines/grading/gradebook"
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
//
// Within one run, notebooks with the same key (two students handing in
// the same file) are graded once: the others wait for that result and
// take it, and are counted apart (see Duplicates), not as reused from an
// earlier run (unless that result was an earlier run's).
type Cache struct {
	dir        string // out/cache/<version>
	Force      bool   // grade every notebook again, the identical ones of this run once (and keep the new results)
	reused     atomic.Int64
	duplicates atomic.Int64
	mu         sync.Mutex
	run        map[string]*graded // this run's results, by key
}

// graded is one key's result in this run: done is closed once r is set;
// ok is false when r is not to be shared (the machine decided it, or the
// run was interrupted); earlier when r is an earlier run's.
type graded struct {
	done        chan struct{}
	r           gradebook.Result
	ok, earlier bool
}

// OpenCache opens the cache of results in out for the given version (see
// Version), removing the entries of other versions.
func OpenCache(out, version string) (*Cache, error) {
	root := filepath.Join(out, "cache")
	dir := filepath.Join(root, version)
	// The teacher's alone: a result holds the hidden cases' inputs and the
	// student's answers, and an output folder may sit where students read.
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, err
	}
	if err := os.Chmod(root, 0o700); err != nil {
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
	return &Cache{dir: dir, run: map[string]*graded{}}, nil
}

// Reused is the number of results Grade took from an earlier run's.
func (c *Cache) Reused() int { return int(c.reused.Load()) }

// Duplicates is the number of notebooks Grade did not grade because
// another notebook of this run, the same (same bytes, file name and
// note), was graded in this run: they took its result.
func (c *Cache) Duplicates() int { return int(c.duplicates.Load()) }

// Version hashes what a grade depends on besides the notebook: the
// executable running (the grader, its checks and reference answers), the
// student edition (sdk.Key, a hash of its sources), and opt's TP, seed,
// limits and Public. Cost: reading the executable, about 30 MB.
func Version(sdk *SDK, opt Options) (string, error) {
	h := sha256.New()
	exe, err := os.Executable()
	if err != nil {
		return "", err
	}
	if err := hashFile(h, exe); err != nil {
		return "", err
	}
	fmt.Fprintf(h, "sdk=%s tp=%s seed=%d limits=%+v public=%v", sdk.Key, opt.TP, opt.Seed, opt.Limits, opt.Public)
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

// ToGrade counts the submissions of subs that Grade would grade rather
// than take from an earlier run: the run needs the SDK and its builds
// only if there is one. Refused or unreadable submissions do not count
// (Grade only says why); identical ones count once.
func (c *Cache) ToGrade(subs []export.Submission) int {
	seen := map[string]bool{}
	n := 0
	for _, sub := range subs {
		key, _, err := c.key(sub)
		if err != nil || seen[key] {
			continue
		}
		seen[key] = true
		if _, err := os.Stat(filepath.Join(c.dir, key+".json")); c.Force || err != nil {
			n++
		}
	}
	return n
}

// cached is a Result as the cache keeps it, with the answers' code the
// similarity report reads.
type cached struct {
	Result  gradebook.Result
	Answers map[string]string
}

// GradeEach grades subs[i] for each i of which with Grade, jobs at a
// time (at least one), and hands each result to done, from the worker
// that graded it (done must be safe for concurrent use on distinct i). A cancelled ctx stops the feeding: the
// submissions not begun are left out, and GradeEach returns ctx.Err()
// once the workers have stopped.
func (c *Cache) GradeEach(ctx context.Context, subs []export.Submission, which []int, jobs int, opt Options, done func(i int, r gradebook.Result)) error {
	var wg sync.WaitGroup
	next := make(chan int)
	for range max(jobs, 1) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				done(i, c.Grade(ctx, subs[i], opt))
			}
		}()
	}
feed:
	for _, i := range which {
		select {
		case next <- i:
		case <-ctx.Done():
			break feed
		}
	}
	close(next)
	wg.Wait()
	return ctx.Err()
}

// Grade returns the result of sub: that of the same notebook earlier in
// this run (waiting for it if it is being graded), else the one an
// earlier run kept (unless Force), else it grades sub with [Grade] and
// keeps the result. A nil Cache grades. Safe for concurrent use.
func (c *Cache) Grade(ctx context.Context, sub export.Submission, opt Options) gradebook.Result {
	if c == nil {
		return Grade(ctx, sub, opt)
	}
	key, data, err := c.key(sub)
	if err != nil { // refused or unreadable: Grade says why, and nothing is kept
		return Grade(ctx, sub, opt)
	}
	sub.Data = data // read once
	// own is a result under the submission handing it in now, with its
	// own questions to change (see gradebook.Manual.Apply).
	own := func(r gradebook.Result) gradebook.Result {
		r.Student, r.Name, r.File, r.Shown = sub.Student, sub.Name, sub.Path, sub.Shown
		r.Questions, r.Problems = slices.Clone(r.Questions), slices.Clone(r.Problems)
		return r
	}
	c.mu.Lock()
	if c.run == nil {
		c.run = map[string]*graded{}
	}
	if g, ok := c.run[key]; ok {
		c.mu.Unlock()
		select {
		case <-g.done:
		case <-ctx.Done():
			return Grade(ctx, sub, opt) // interrupted: says so at once
		}
		if g.ok && g.earlier {
			c.reused.Add(1)
			return own(g.r)
		}
		if g.ok {
			c.duplicates.Add(1)
			return own(g.r)
		}
		return Grade(ctx, sub, opt)
	}
	g := &graded{done: make(chan struct{})}
	c.run[key] = g
	c.mu.Unlock()
	defer close(g.done)
	path := filepath.Join(c.dir, key+".json")
	if !c.Force {
		if data, err := os.ReadFile(path); err == nil {
			var e cached
			if json.Unmarshal(data, &e) == nil {
				r := e.Result
				r.Answers = e.Answers
				if opt.SDK != nil {
					r.Given = &opt.SDK.Given
				}
				c.reused.Add(1)
				g.r, g.ok, g.earlier = r, true, true
				return own(r)
			}
		}
	}
	r := Grade(ctx, sub, opt)
	if r.Transient && ctx.Err() == nil {
		// The machine decided it (too busy to build in time, an internal
		// error): once more; if it stays, the teacher sees its problem,
		// and it is not kept.
		r = Grade(ctx, sub, opt)
	}
	if ctx.Err() != nil || r.Transient {
		return r
	}
	g.r, g.ok = r, true
	if data, err := json.Marshal(cached{r, r.Answers}); err == nil {
		tmp := path + ".tmp"
		if os.WriteFile(tmp, data, 0o600) == nil {
			_ = os.Rename(tmp, path)
		}
	}
	return own(r)
}

// key hashes the submission's notebook, as Grade reads it (a link, a
// pipe, a file too big are refused there, and the refusal is not kept),
// its file name and its note; it returns the notebook's bytes too.
func (c *Cache) key(sub export.Submission) (string, []byte, error) {
	if sub.Refused != "" {
		return "", nil, fmt.Errorf("refused")
	}
	data, err := sub.Read()
	if err != nil {
		return "", nil, err
	}
	h := sha256.New()
	fmt.Fprintf(h, "%s\x00%s\x00", filepath.Base(sub.Path), sub.Note) // the note is in the result
	h.Write(data)
	return hex.EncodeToString(h.Sum(nil))[:32], data, nil
}
