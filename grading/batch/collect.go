// Package batch grades a folder of submitted notebooks: it finds each
// student's notebooks, rebuilds and compiles their code (package
// submission: one program, or one per question when a cell does not
// compile), runs every public and hidden case in a sandboxed child process
// that answers one case at a time, judges the outputs against the
// reference answers (package grading), and writes the gradebook and the
// feedback.
package batch

import (
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// Submission is one notebook handed in by one student.
type Submission struct {
	Student string // the file's name without .ipynb, or the student's folder
	Path    string
}

// Collect lists the submissions in dir: each *.ipynb directly in dir is a
// student (named after the file); each sub-folder is a student (named after
// the folder) and holds that student's notebooks, at any depth. Jupyter's
// checkpoints and hidden files are skipped. Sorted by student, then path.
func Collect(dir string) ([]Submission, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var subs []Submission
	for _, e := range entries {
		name := e.Name()
		if strings.HasPrefix(name, ".") {
			continue
		}
		path := filepath.Join(dir, name)
		switch {
		case e.IsDir():
			err := filepath.WalkDir(path, func(p string, d os.DirEntry, err error) error {
				if err != nil {
					return err
				}
				if d.IsDir() && (strings.HasPrefix(d.Name(), ".") && p != path) {
					return filepath.SkipDir
				}
				if !d.IsDir() && strings.HasSuffix(d.Name(), ".ipynb") {
					subs = append(subs, Submission{Student: name, Path: p})
				}
				return nil
			})
			if err != nil {
				return nil, err
			}
		case strings.HasSuffix(name, ".ipynb"):
			subs = append(subs, Submission{Student: strings.TrimSuffix(name, ".ipynb"), Path: path})
		}
	}
	sort.Slice(subs, func(i, j int) bool {
		if subs[i].Student != subs[j].Student {
			return subs[i].Student < subs[j].Student
		}
		return subs[i].Path < subs[j].Path
	})
	return subs, nil
}
