package release

import (
	"context"
	"fmt"
	"os"
	"strings"
	"sync"

	"golang.org/x/tools/go/packages"

	"github.com/prepa-reines/reines/grading/workbook"
)

// tree is the tp and notebook packages of the teacher's tree at root,
// parsed and type-checked by one packages.Load on first use (one go list,
// one type-check of each package), for every function of a release that
// reads them: the SDK, the notebooks' answers, the notebook packages'
// rules. Loading them one at a time cost about a second each.
type tree struct {
	root string
	ctx  context.Context // stops the load; nil: never
	once sync.Once
	pkgs map[string]*packages.Package // by directory relative to root, "tp/queens"
	err  error
}

func newTree(root string) *tree { return &tree{root: root} }

// loadMode is what the release reads of a package: its syntax with types.
const loadMode = packages.NeedName | packages.NeedSyntax | packages.NeedTypes | packages.NeedTypesInfo | packages.NeedFiles

// pkg returns the package in directory dir (relative to root, "tp/queens"),
// or an error naming it if it does not load or does not type-check.
func (t *tree) pkg(dir string) (*packages.Package, error) {
	t.once.Do(t.load)
	if t.err != nil {
		return nil, t.err
	}
	p, ok := t.pkgs[dir]
	if !ok {
		return nil, fmt.Errorf("cannot load package %s: not among the tp and notebook packages", dir)
	}
	if len(p.Errors) > 0 {
		return nil, fmt.Errorf("cannot load package %s: %v", dir, p.Errors)
	}
	return p, nil
}

func (t *tree) load() {
	patterns := []string{"./tp/..."}
	for _, nb := range workbook.Notebooks {
		patterns = append(patterns, "./"+strings.TrimPrefix(nb.Package, Module+"/"))
	}
	// The go command's temporary files in a folder of ours, removed
	// even when it is interrupted (it leaves them then).
	tmp, err := os.MkdirTemp("", "reines-load-")
	if err != nil {
		t.err = err
		return
	}
	defer os.RemoveAll(tmp)
	cfg := &packages.Config{Mode: loadMode, Dir: t.root, Context: t.ctx, Env: append(os.Environ(), "GOTMPDIR="+tmp)}
	pkgs, err := packages.Load(cfg, patterns...)
	if err != nil {
		t.err = err
		return
	}
	t.pkgs = map[string]*packages.Package{}
	for _, p := range pkgs {
		if rel, ok := strings.CutPrefix(p.PkgPath, Module+"/"); ok {
			t.pkgs[rel] = p
		}
	}
}
