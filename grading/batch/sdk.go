package batch

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/prepa-reines/reines/grading/notebook"
	"github.com/prepa-reines/reines/grading/release"
)

// SDK is the student edition the grader builds every submission against,
// released without its recorded data: the tp packages without their
// reference answers and the check harness without expected values, so that
// a submission can reach neither.
type SDK struct {
	Dir string // the edition's root
	// Stubbed are the functions and methods the SDK reserves for grading
	// (see release.Stubbed), for the teacher's flags.
	Stubbed map[string]bool
	// Checks are the check cells of the student edition's notebooks, by
	// question ID, to note those a submission deleted or edited.
	Checks map[string]string
	// Releases are the releases of the TPs (see release.ReleaseOf), to
	// note a notebook handed in from an older one.
	Releases map[string]string
	// Given are the correction's answers and the edition's stubs, for
	// Similarities; in memory only, never in Dir.
	Given Given
}

// NewSDK writes the student edition of the teacher's tree at root into
// dir, without recorded data (see release.WriteStudent), and returns it.
func NewSDK(root, dir string) (*SDK, error) {
	if _, err := release.WriteStudent(root, dir, false); err != nil {
		return nil, err
	}
	stubbed, err := release.Stubbed(root)
	if err != nil {
		return nil, err
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	checks, releases := map[string]string{}, map[string]string{}
	paths, _ := filepath.Glob(filepath.Join(abs, "notebooks", "*.ipynb"))
	for _, path := range paths {
		nb, err := notebook.Read(path)
		if err != nil {
			return nil, err
		}
		if tp, r := release.ReleaseOf(nb); tp != "" {
			releases[tp] = r
		}
		for i := range nb.Cells {
			if m := nb.Cells[i].Reines(); m.Role == "check" {
				checks[m.Question] = string(nb.Cells[i].Source)
			}
		}
	}
	given, err := readGiven(root)
	if err != nil {
		return nil, err
	}
	return &SDK{Dir: abs, Stubbed: stubbed, Checks: checks, Releases: releases, Given: given}, nil
}

// releaseNote says that nb comes from another release of TP tp than the
// edition's; "" if it is the same, or if nb names none (a notebook from
// before releases were named, or not the workbook's).
func (sdk *SDK) releaseNote(nb *notebook.Notebook, tp string) string {
	ntp, r := release.ReleaseOf(nb)
	if r == "" || ntp != tp || sdk.Releases[tp] == "" || r == sdk.Releases[tp] {
		return ""
	}
	return fmt.Sprintf("notebook d'une autre version du TP %s (version %s, celle de la correction : %s) : des énoncés ou des vérifications ont pu changer depuis", tp, r, sdk.Releases[tp])
}

// checkNote says, for the teacher and the student, that the check cell of
// question id was deleted, turned into text or edited in nb; "" if it is
// the edition's. The grade does not depend on it: the grader runs its own
// checks.
func (sdk *SDK) checkNote(nb *notebook.Notebook, id string) string {
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
		case strings.TrimSpace(string(c.Source)) != strings.TrimSpace(want):
			return "la cellule de vérification a été modifiée (la note n'en dépend pas)"
		}
		return ""
	}
	return "la cellule de vérification a été supprimée (la note n'en dépend pas)"
}
