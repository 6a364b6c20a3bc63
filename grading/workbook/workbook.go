// Package workbook lists the workbook's notebooks and loads the packages
// that declare their questions and their hidden cases, so that importing
// it registers every question of every notebook, with its hidden cases in
// the teacher's edition, with package grading.
package workbook

import (
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"slices"
	"strings"

	// Each imports the package of its notebook's questions.
	_ "github.com/prepa-reines/reines/grading/nb00/hidden"
	_ "github.com/prepa-reines/reines/grading/nb01/hidden"
	_ "github.com/prepa-reines/reines/grading/nb02/hidden"
	_ "github.com/prepa-reines/reines/grading/nb03/hidden"
	_ "github.com/prepa-reines/reines/grading/nb04/hidden"
	_ "github.com/prepa-reines/reines/grading/nb05/hidden"
)

// Notebook is one TP notebook of the workbook.
type Notebook struct {
	ID      string // "01", the prefix of its question IDs
	Name    string // file name without extension, e.g. "01-recursion"
	TP      string // the original TP, in French, e.g. "TP 1"; "TP 0" is the primer of Go
	Package string // import path of the package that declares its questions
}

// Module is the Go module path of the workbook, the same in both editions.
const Module = "github.com/prepa-reines/reines"

// Notebooks are the workbook's notebooks, in order.
var Notebooks = []Notebook{
	{"00", "00-go", "TP 0", Module + "/grading/nb00"},
	{"01", "01-recursion", "TP 1", Module + "/grading/nb01"},
	{"02", "02-iterative", "TP 2", Module + "/grading/nb02"},
	{"03", "03-cp", "TP 3", Module + "/grading/nb03"},
	{"04", "04-exactcover", "TP 4", Module + "/grading/nb04"},
	{"05", "05-domination", "TP 17", Module + "/grading/nb05"},
}

// Dir is the notebook's folder, relative to the module's root: the
// package that declares its questions, beside its statement's source and
// its sujet map, with its hidden cases in the subfolder hidden.
func (n Notebook) Dir() string { return strings.TrimPrefix(n.Package, Module+"/") }

// Hidden is the import path of the package that sets the notebook's
// hidden cases (Package + "/hidden"), the teacher's part of the TP: the
// student edition has it empty.
func (n Notebook) Hidden() string { return n.Package + "/hidden" }

// Source is the path of the notebook's statement source relative to the
// module's root, NN-name.txtar in its folder (see grading/release); the
// map of its original, NN-name.sujet, sits beside it.
func (n Notebook) Source() string { return path.Join(n.Dir(), n.Name+".txtar") }

// Lookup returns the notebook with that ID, and whether there is one.
func Lookup(id string) (Notebook, bool) {
	i := slices.IndexFunc(Notebooks, func(n Notebook) bool { return n.ID == id })
	if i < 0 {
		return Notebook{}, false
	}
	return Notebooks[i], true
}

// ModuleRoot returns the root of the Go module the current directory is
// in (`go env GOMOD`: the workbook's repository, either edition); ok is
// false outside a module, or without a go command.
func ModuleRoot() (root string, ok bool) {
	out, err := exec.Command("go", "env", "GOMOD").Output()
	gomod := strings.TrimSpace(string(out))
	if err != nil || gomod == "" || gomod == os.DevNull {
		return "", false
	}
	return filepath.Dir(gomod), true
}
