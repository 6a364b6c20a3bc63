package batch

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/prepa-reines/reines/grading"
	"github.com/prepa-reines/reines/grading/feedback"
	"github.com/prepa-reines/reines/grading/gradebook"
	"github.com/prepa-reines/reines/grading/notebook"
	"github.com/prepa-reines/reines/grading/release"
	"github.com/prepa-reines/reines/grading/submission"
)

// SDK is the student edition the grader builds every submission against,
// released without its recorded data: the tp packages without their
// reference answers and the check harness without expected values, so that
// a submission can reach neither. It is a build product, made once per
// version of the teacher's sources and kept in the user's cache (see
// release.Edition), with the grader's own build cache (see BuildCache):
// opening it reads the sources' hash only; the edition is written, and the
// standard library and the SDK compiled, when the first notebook that needs
// them is graded (Prepare), never inside a student's build limits.
type SDK struct {
	// Key is a hash of the sources the edition is made from
	// (release.SourceKey): the same key, the same edition.
	Key  string
	root string // the teacher's tree
	// Stubbed are the functions and methods the SDK reserves for grading
	// (see release.Stubbed), for the teacher's flags.
	Stubbed map[string]bool
	// Given are the correction's answers and the edition's stubs, for
	// feedback.Similarities; in memory only, never in Dir.
	Given gradebook.Given

	mu  sync.Mutex // held by Prepare
	err error      // Prepare's error, unless the run was interrupted
	// Dir is the edition's root, shared by every run (never written
	// into); set by Prepare.
	Dir string
	// Checks are the check cells of the student edition's notebooks, by
	// question ID, to note those a submission deleted or edited; set by
	// Prepare.
	Checks map[string]string
	// Statement are the declarations of the edition's code cells that
	// are not answers (see statementDecls), to flag graded code taken
	// from other cells; Roles the workbook's metadata of the edition's
	// answer and check cells, by cell ID (see metadataFlag); set by
	// Prepare.
	Statement map[string]bool
	Roles     map[string]notebook.Meta
	// Releases are the releases of the TPs (see release.ReleaseOf), to
	// note a notebook handed in from an older one; set by Prepare.
	Releases map[string]string
	// Builds is the grader's build cache (see BuildCache), nil until
	// Prepare; then each notebook's builds use a session of it.
	Builds *BuildCache
	// Log, if not nil, is told what Prepare made and what it found made
	// ("student edition 7c77…: reused").
	Log func(string)
}

// NewSDK returns the SDK of the teacher's tree at root. It hashes the
// sources and reads the stubs and the corrections' answers (milliseconds);
// nothing is written or compiled until Prepare.
func NewSDK(root string) (*SDK, error) {
	key, err := release.SourceKey(root)
	if err != nil {
		return nil, err
	}
	stubbed, err := release.Stubbed(root)
	if err != nil {
		return nil, err
	}
	given, err := feedback.ReadGiven(root)
	if err != nil {
		return nil, err
	}
	return &SDK{Key: key, root: root, Stubbed: stubbed, Given: given}, nil
}

// Prepare makes the SDK ready to build submissions, once: the edition
// from the cache (written there first if its sources are new, a few
// seconds), its check cells and releases, and the grader's build cache
// with the edition's packages compiled (see BuildCache.Warm; race: with
// the race detector too, for the questions that need it). Safe for
// concurrent use: the others wait. It stops at once when ctx is
// cancelled (and is tried again by the next call); another error is
// returned to every later call.
func (sdk *SDK) Prepare(ctx context.Context, race bool) error {
	sdk.mu.Lock()
	defer sdk.mu.Unlock()
	if sdk.err != nil {
		return sdk.err
	}
	if sdk.Builds == nil {
		if err := sdk.prepare(ctx); err != nil {
			if ctx.Err() == nil {
				sdk.err = err // the next notebook would fail the same way
			}
			return err
		}
	}
	if race {
		return sdk.warm(ctx, true)
	}
	return nil
}

// Close removes the copies of the build cache the SDK's notebooks were
// built in (see BuildCache.Session); the SDK stays usable.
func (sdk *SDK) Close() {
	sdk.mu.Lock()
	defer sdk.mu.Unlock()
	if sdk.Builds != nil {
		sdk.Builds.Close()
	}
}

// warm makes the build cache hold the SDK compiled, with the race detector
// if race (see BuildCache.Warm), and says so.
func (sdk *SDK) warm(ctx context.Context, race bool) error {
	start := time.Now()
	compiled, err := sdk.Builds.Warm(ctx, race)
	what := "the SDK's packages"
	if race {
		what += " with the race detector"
	}
	switch {
	case err != nil:
	case compiled:
		sdk.log(fmt.Sprintf("build cache: %s compiled (%.1f s)", what, time.Since(start).Seconds()))
	default:
		sdk.log(fmt.Sprintf("build cache: %s already compiled", what))
	}
	return err
}

func (sdk *SDK) log(s string) {
	if sdk.Log != nil {
		sdk.Log(s)
	}
}

func (sdk *SDK) prepare(ctx context.Context) error {
	start := time.Now()
	dir, written, err := release.Edition(ctx, sdk.root, false)
	if err != nil {
		return err
	}
	if written {
		sdk.log(fmt.Sprintf("student edition %s: written into the cache (%.1f s)", sdk.Key, time.Since(start).Seconds()))
	} else {
		sdk.log(fmt.Sprintf("student edition %s: reused from the cache", sdk.Key))
	}
	checks, releases, statement, roles := map[string]string{}, map[string]string{}, map[string]bool{}, map[string]notebook.Meta{}
	paths, _ := filepath.Glob(filepath.Join(dir, "notebooks", "*.ipynb"))
	for _, path := range paths {
		nb, err := notebook.Read(path)
		if err != nil {
			return err
		}
		if tp, r := release.ReleaseOf(nb); tp != "" {
			releases[tp] = r
		}
		for i := range nb.Cells {
			m := nb.Cells[i].Reines()
			if m.Role == "check" {
				checks[m.Question] = string(nb.Cells[i].Source)
			}
			if (m.Role == "check" || m.Role == "answer") && nb.Cells[i].ID != "" {
				roles[nb.Cells[i].ID] = m
			}
		}
		statementDecls(nb, statement)
	}
	builds, err := OpenBuildCache(dir, sdk.Key)
	if err != nil {
		return err
	}
	sdk.Builds = builds
	if err := sdk.warm(ctx, false); err != nil {
		sdk.Builds = nil
		return err
	}
	sdk.Dir, sdk.Checks, sdk.Releases, sdk.Statement, sdk.Roles = dir, checks, releases, statement, roles
	return nil
}

// releaseNote says that nb comes from another release of TP tp than the
// edition's; "" if it is the same, or if nb names none (a notebook from
// before releases were named, or not the workbook's).
func (sdk *SDK) releaseNote(nb *notebook.Notebook, tp string) string {
	ntp, r := release.ReleaseOf(nb)
	if r == "" || ntp != tp || sdk.Releases[tp] == "" || r == sdk.Releases[tp] {
		return ""
	}
	return fmt.Sprintf("notebook d'une autre version du TP %s (version %s, celle de la correction : %s) : des énoncés ou des vérifications ont pu changer depuis", tp, shortRelease(r), sdk.Releases[tp])
}

// shortRelease is a notebook's release as the notes show it: the workbook
// writes a short hash, but the metadata may say anything (one line, at
// most 24 characters).
func shortRelease(r string) string {
	r = grading.Flatten(r)
	if rs := []rune(r); len(rs) > 24 {
		r = string(rs[:23]) + "…"
	}
	return r
}

// checkNote says, for the teacher and the student, that the check cell of
// question id was deleted, turned into text or edited in nb; "" if it is
// the edition's. The grader runs its own checks: the grade does not depend
// on the cell, unless it declares code (GoNB runs it, and so does the
// grader: see originFlag), which the note then names.
func (sdk *SDK) checkNote(nb *notebook.Notebook, prog *submission.Program, id string) string {
	want, ok := sdk.Checks[id]
	if !ok {
		return ""
	}
	for i := range nb.Cells {
		c := &nb.Cells[i]
		if m := c.Reines(); m.Role != "check" || m.Question != id {
			continue
		}
		switch {
		case c.CellType != "code":
			return "la cellule de vérification a été transformée en texte (la note n'en dépend pas)"
		case strings.TrimSpace(string(c.Source)) == strings.TrimSpace(want):
			return ""
		}
		var names []string
		for _, d := range prog.Decls {
			if d.Cell == i {
				names = append(names, d.Names...)
			}
		}
		if len(names) > 0 {
			return "la cellule de vérification a été modifiée et déclare du code, exécuté avec le reste du notebook : " + nameList(names, 4)
		}
		return "la cellule de vérification a été modifiée (la note n'en dépend pas)"
	}
	return "la cellule de vérification a été supprimée (la note n'en dépend pas)"
}
