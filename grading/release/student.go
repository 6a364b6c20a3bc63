package release

import (
	"context"
	"embed"
	"errors"
	"fmt"
	"go/format"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/prepa-reines/reines/grading"
	"github.com/prepa-reines/reines/grading/workbook"
)

// The student edition is a self-contained copy of what students need, and
// of nothing they must not see: the student notebooks, the SDK (see
// sdk.go), the check harness with the public cases and their expected
// values recorded (grading and grading/nbNN without hidden.go), the
// program builder of the self-check (grading/cmd/check), the kernel set-up,
// and a Makefile, a README and a go.mod of its own, with the same module
// path, so that the notebooks' imports are the same in both editions. It
// holds no correction, no hidden case, no reference answer, no test and no
// grader.

//go:embed student
var studentFiles embed.FS

// copied lists what the student edition takes from the teacher's tree as it
// is: directories (non-recursive, .go files that are not tests) or files.
var copied = []struct {
	dir     string
	files   []string // explicit file names; nil means every non-test .go file
	exclude []string
}{
	{dir: "grading", exclude: nil},
	{dir: "grading/workbook"},
	{dir: "grading/notebook"},
	{dir: "grading/internal/watch"},
	{dir: "grading/submission"},
	{dir: "grading/cmd/check"},
	{dir: "internal/jupyter"},
	{dir: "kernel-setup", files: []string{"setup.sh", "install-go.sh", "smoke.ipynb", "gonb-kernel.sh", "gopls-shim/gopls", "notebook-module.sh"}},
	{dir: ".", files: []string{"go.mod", "go.sum"}},
}

// TeacherOnly are the files of a notebook package that the student edition
// leaves out.
var TeacherOnly = []string{"hidden.go"}

// RecordedFile is the generated file of a notebook package in the student
// edition that holds its recorded data (see grading.LoadRecorded).
const RecordedFile = "recorded.go"

// RecordedData is the JSON file beside RecordedFile that it embeds.
const RecordedData = "recorded.json"

// WriteStudent writes the student edition of the workbook whose teacher's
// tree is at root into the folder out, which must not exist or be empty
// (a previous student edition is replaced). It returns the paths written,
// relative to out. Without record, the notebook packages' recorded data
// is left empty: that is the edition the grader builds submissions
// against (its checks cannot run, its children need none).
func WriteStudent(root, out string, record bool) ([]string, error) {
	return writeStudent(context.Background(), root, out, record)
}

// writeStudent is WriteStudent, whose loads of the packages stop when ctx
// is cancelled.
func writeStudent(ctx context.Context, root, out string, record bool) ([]string, error) {
	t := newTree(root)
	t.ctx = ctx
	if err := t.checkNotebookPackages(); err != nil {
		return nil, err
	}
	// The measurements of an earlier edition in out are kept (see
	// grading.Measured): releasing again changes nothing.
	previous := map[string][]byte{}
	for _, nb := range workbook.Notebooks {
		if data, err := os.ReadFile(filepath.Join(out, filepath.FromSlash(strings.TrimPrefix(nb.Package, Module+"/")), RecordedData)); err == nil {
			previous[nb.ID] = data
		}
	}
	if err := prepare(out); err != nil {
		return nil, err
	}
	e := &studentWriter{root: root, out: out}
	for _, step := range []func() error{
		e.copyTree,
		func() error { return e.notebookPackages(record, previous) },
		func() error { return e.sdk(t) },
		func() error { return e.notebooks(t) },
		e.studentFiles,
	} {
		if err := step(); err != nil {
			return nil, err
		}
	}
	slices.Sort(e.written)
	return e.written, nil
}

// studentWriter writes a student edition into out from the
// teacher's tree at root (see writeStudent).
type studentWriter struct {
	root, out string
	written   []string // the paths written, relative to out
}

// write writes data into the file rel of the edition.
func (e *studentWriter) write(rel string, data []byte, mode fs.FileMode) error {
	path := filepath.Join(e.out, rel)
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	e.written = append(e.written, rel)
	return os.WriteFile(path, data, mode)
}

// copyFile copies the file rel of the teacher's tree into the edition,
// executable if it is a script or was.
func (e *studentWriter) copyFile(rel string) error {
	path := filepath.Join(e.root, rel)
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	info, err := os.Stat(path)
	if err != nil {
		return err
	}
	mode := fs.FileMode(0o644)
	if strings.HasSuffix(rel, ".sh") || info.Mode()&0o111 != 0 {
		mode = 0o755
	}
	return e.write(rel, data, mode)
}

// copyTree copies what the edition takes as it is (see copied).
func (e *studentWriter) copyTree() error {
	for _, c := range copied {
		names := c.files
		if names == nil {
			var err error
			if names, err = goFiles(filepath.Join(e.root, c.dir)); err != nil {
				return err
			}
		}
		for _, name := range names {
			if err := e.copyFile(filepath.Join(c.dir, name)); err != nil {
				return err
			}
		}
	}
	return nil
}

// notebookPackages copies the notebook packages, without their hidden
// cases, with their recorded data (see RecordedFile): none unless record,
// else computed by the reference answers, the measurements of previous
// (the earlier edition's data, by notebook) kept.
func (e *studentWriter) notebookPackages(record bool, previous map[string][]byte) error {
	for _, nb := range workbook.Notebooks {
		dir := strings.TrimPrefix(nb.Package, Module+"/")
		names, err := goFiles(filepath.Join(e.root, dir))
		if err != nil {
			return err
		}
		for _, name := range names {
			if slices.Contains(TeacherOnly, name) || name == RecordedFile || name == RecordedData {
				continue
			}
			if err := e.copyFile(filepath.Join(dir, name)); err != nil {
				return err
			}
		}
		pkgName := filepath.Base(dir)
		if !record {
			src := fmt.Sprintf("// Code generated by grading/release for the grader; DO NOT EDIT.\n\n"+
				"// No recorded data: this is the edition the grader builds submissions against.\n\npackage %s\n", pkgName)
			if err := e.write(filepath.Join(dir, RecordedFile), []byte(src), 0o644); err != nil {
				return err
			}
			continue
		}
		rec, err := grading.RecordNotebook(nb.ID, previous[nb.ID])
		if err != nil {
			return err
		}
		src, err := format.Source([]byte(fmt.Sprintf("// Code generated by grading/release for the student edition; DO NOT EDIT.\n\n"+
			"package %s\n\nimport (\n\t_ \"embed\"\n\n\t\"%s/grading\"\n)\n\n"+
			"// recorded holds the public cases of notebook %s with their expected\n"+
			"// values, and the values its demonstrations show, computed by the\n"+
			"// reference answers when this edition was released.\n"+
			"//\n//go:embed %s\nvar recorded string\n\n"+
			"func init() { grading.LoadRecorded(%q, recorded) }\n", pkgName, Module, nb.ID, RecordedData, nb.ID)))
		if err != nil {
			return err
		}
		if err := e.write(filepath.Join(dir, RecordedFile), src, 0o644); err != nil {
			return err
		}
		if err := e.write(filepath.Join(dir, RecordedData), append(rec, '\n'), 0o644); err != nil {
			return err
		}
	}
	return nil
}

// sdk writes the SDK: the tp packages as the student edition has them
// (see sdkPackages).
func (e *studentWriter) sdk(t *tree) error {
	for _, sp := range sdkPackages {
		files, err := t.sdkFiles(sp)
		if err != nil {
			return fmt.Errorf("SDK of %s: %w", sp.Dir, err)
		}
		for name, src := range files {
			if err := e.write(filepath.Join(sp.Dir, name), src, 0o644); err != nil {
				return err
			}
		}
	}
	return nil
}

// notebooks writes the student notebooks, built from their sources.
func (e *studentWriter) notebooks(t *tree) error {
	for _, book := range workbook.Notebooks {
		student, _, err := t.build(filepath.Join(e.root, book.Source()))
		if err != nil {
			return err
		}
		data, err := student.Marshal()
		if err != nil {
			return err
		}
		name := book.Name + ".ipynb"
		if err := e.write(filepath.Join("notebooks", name), data, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// studentFiles writes the student's Makefile, README, .gitignore, and the
// Binder and Docker set-ups (binder/, Dockerfile) around
// kernel-setup/setup.sh.
func (e *studentWriter) studentFiles() error {
	return fs.WalkDir(studentFiles, "student", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := studentFiles.ReadFile(path)
		if err != nil {
			return err
		}
		rel := strings.TrimPrefix(path, "student/")
		switch rel {
		case "gitignore":
			rel = ".gitignore"
		case "README.md":
			data = []byte(frenchMarkdown(string(data)))
		}
		mode := fs.FileMode(0o644)
		if rel == "binder/postBuild" || rel == "binder/start" {
			mode = 0o755 // repo2docker runs them
		}
		return e.write(rel, data, mode)
	})
}

// prepare empties out, or creates it. It refuses a non-empty folder that
// does not look like a student edition, so that a wrong -o loses nothing.
func prepare(out string) error {
	entries, err := os.ReadDir(out)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return os.MkdirAll(out, 0o755)
	case err != nil:
		return err
	case len(entries) == 0:
		return nil
	}
	if _, err := os.Stat(filepath.Join(out, "grading", "cmd", "check")); err != nil {
		return fmt.Errorf("%s is not empty and does not hold a student edition: choose another folder", out)
	}
	for _, e := range entries {
		if e.Name() == ".git" {
			continue // a clone of an earlier edition: keep its history
		}
		if err := os.RemoveAll(filepath.Join(out, e.Name())); err != nil {
			return err
		}
	}
	return nil
}

// goFiles lists the non-test .go files of dir.
func goFiles(dir string) ([]string, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var names []string
	for _, e := range entries {
		if n := e.Name(); !e.IsDir() && strings.HasSuffix(n, ".go") && !strings.HasSuffix(n, "_test.go") {
			names = append(names, n)
		}
	}
	return names, nil
}
