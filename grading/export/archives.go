package export

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// What an export holds besides notebooks: archives (a student's rendu.zip,
// a zip in a zip), which are opened within the export's limits, and other
// files (a PDF, a .go file, Moodle's online text), which are listed for
// their student with the reason they are not graded. Nobody an export
// names is dropped without a word.

// maxNesting bounds how deep archives are opened: an archive in the export
// (or in the export's zip), and one inside it.
const maxNesting = 2

// opener opens the archives of one export: it extracts each into a folder
// of its own under work, the bytes of all of them counted against what is
// left of MaxExportBytes, and remembers how to show the paths inside them
// (the archive's path as shown, ":", the path inside).
type opener struct {
	work     string
	left     int64
	seq      int
	depth    map[string]int    // extracted folder → nesting
	root     map[string]string // extracted folder → the folder of the student's archive it is in
	files    map[string]int    // a student's archive's folder → how many more entries it and what it holds may have
	allFiles int               // how many more entries all the archives opened may have
	shown    map[string]string // extracted folder → the archive as shown
	base     string            // the export's folder, for the paths shown
	zip      string            // the export's zip as shown, "" for a folder
}

func newOpener(work, base, zipShown string) *opener {
	return &opener{work: work, left: MaxExportBytes, depth: map[string]int{}, root: map[string]string{}, files: map[string]int{}, allFiles: MaxArchiveEntries, shown: map[string]string{}, base: base, zip: zipShown}
}

// show returns path as it is inside the export: for a file of the export's
// zip, "name.zip:inner/path"; inside an archive it opened, that archive as
// shown, ":", the path inside; for a folder's file, path as it is.
func (o *opener) show(path string) string {
	if o == nil {
		return path
	}
	if dir, rel := o.archiveOf(path); dir != "" {
		return o.shown[dir] + ":" + filepath.ToSlash(rel)
	}
	if o.zip != "" {
		if rel, err := filepath.Rel(o.base, path); err == nil && filepath.IsLocal(rel) {
			return o.zip + ":" + filepath.ToSlash(rel)
		}
	}
	return path
}

// archiveOf returns the folder of the archive opened that path is in, and
// path inside it; "" if none. The archives are extracted side by side
// under o.work ("archive-1"…): one look-up, however many were opened.
func (o *opener) archiveOf(path string) (dir, rel string) {
	r, err := filepath.Rel(o.work, path)
	if err != nil || !filepath.IsLocal(r) {
		return "", ""
	}
	first, inner, _ := strings.Cut(r, string(filepath.Separator))
	dir = filepath.Join(o.work, first)
	if _, ok := o.shown[dir]; !ok || inner == "" {
		return "", ""
	}
	return dir, inner
}

// open extracts the zip archive at path and returns the folder it is in,
// or why it was not opened, in French.
func (o *opener) open(path string) (string, error) {
	if o == nil {
		return "", fmt.Errorf("archive non ouverte")
	}
	depth, root, budget := 1, "", MaxStudentArchiveFiles
	if in, _ := o.archiveOf(path); in != "" {
		depth, root, budget = o.depth[in]+1, o.root[in], o.files[o.root[in]]
	}
	// Only a regular file is opened: a named pipe named "rendu.zip"
	// would block the reading forever, a link could lead anywhere.
	if fi, err := os.Lstat(path); err != nil {
		return "", fmt.Errorf("fichier illisible")
	} else if fi.Mode()&os.ModeSymlink != 0 {
		return "", fmt.Errorf("lien symbolique refusé : un rendu doit être le fichier lui-même")
	} else if !fi.Mode().IsRegular() {
		return "", fmt.Errorf("pas un fichier ordinaire (%v) : refusé", fi.Mode().Type())
	}
	if depth > maxNesting {
		return "", fmt.Errorf("archive dans une archive dans une archive : non ouverte (%d niveaux au plus)", maxNesting)
	}
	o.seq++
	dir := filepath.Join(o.work, fmt.Sprintf("archive-%d", o.seq))
	if root == "" {
		root = dir
	}
	// The archive's time is the platform's (its entry in the export):
	// the times of the entries inside, which its student set, are not.
	var at time.Time
	if fi, err := os.Lstat(path); err == nil {
		at = fi.ModTime()
	}
	n, err := unzipAt(path, dir, unzipLimits{bytes: o.left, entries: min(budget, o.allFiles), all: o.allFiles, skip: true, french: true, modTime: at})
	o.left -= n
	if err != nil {
		return "", fmt.Errorf("archive refusée : %v", err)
	}
	k := entries(dir)
	o.files[root] = budget - k
	o.allFiles -= k
	o.depth[dir], o.shown[dir], o.root[dir] = depth, o.show(path), root
	return dir, nil
}

// entries counts the files and folders under dir.
func entries(dir string) int {
	n := 0
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if p != dir {
			n++
		}
		return nil
	})
	return n
}

// archiveKinds are the suffixes of archives: zip, which the grader opens,
// then the others, which it lists.
var archiveKinds = []string{".zip", ".tar.gz", ".tar.bz2", ".tar.xz", ".tgz", ".tar", ".7z", ".rar", ".gz"}

// archive returns the kind of archive name is ("" if none), and whether
// the grader opens it (zip only).
func archive(name string) (kind string, opened bool) {
	n := strings.ToLower(name)
	for _, ext := range archiveKinds {
		if strings.HasSuffix(n, ext) {
			return ext, ext == ".zip"
		}
	}
	return "", false
}

// metadata reports whether name is a file an export writes for the grader
// to read, not a student's (nbgrader's timestamp.txt, Gradescope's
// submission_metadata.yml).
func metadata(name string) bool {
	return name == "timestamp.txt" || name == "submission_metadata.yml"
}

// notGraded is why a file of a student's submission is not graded.
func notGraded(name string) string {
	if kind, _ := archive(name); kind != "" {
		return "archive " + kind + " non ouverte : seules les archives .zip le sont ; à ouvrir à la main"
	}
	return "pas un notebook (.ipynb) : non corrigé"
}

// found is what a student's submission holds: the notebooks to grade
// (some extracted from archives), and the files not graded, each with its
// reason.
type found struct {
	notebooks   []string
	others      []other
	checkpoints bool // Jupyter's automatic copies were left out (.ipynb_checkpoints)
}

type other struct{ path, why string }

// notebooksUnder lists what is under dir, at any depth, leaving out what
// Skipped names and the export's metadata: the notebooks, those of the
// archives it opens (o may be nil: archives are then listed), and the
// other files.
func notebooksUnder(dir string, o *opener) (found, error) {
	var f found
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if p != dir && (Skipped(d.Name()) || metadata(d.Name())) {
			f.checkpoints = f.checkpoints || d.Name() == ".ipynb_checkpoints"
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		if d.IsDir() {
			return nil
		}
		f.add(p, o)
		return nil
	})
	return f, err
}

// add takes one file of a submission: a notebook, an archive (opened, its
// contents taken in turn), or another file.
func (f *found) add(p string, o *opener) {
	name := filepath.Base(p)
	switch _, opens := archive(name); {
	case IsNotebook(name):
		f.notebooks = append(f.notebooks, p)
	case opens && o != nil:
		dir, err := o.open(p)
		if err != nil {
			f.others = append(f.others, other{p, err.Error()})
			return
		}
		inner, err := notebooksUnder(dir, o)
		if err != nil {
			f.others = append(f.others, other{p, "archive illisible"})
			return
		}
		switch {
		case len(inner.notebooks)+len(inner.others) > 0:
		case inner.checkpoints:
			f.others = append(f.others, other{p, "archive sans notebook, seulement les copies automatiques de Jupyter (.ipynb_checkpoints) : le notebook lui-même n'a pas été rendu"})
		default:
			f.others = append(f.others, other{p, "archive vide"})
		}
		f.notebooks = append(f.notebooks, inner.notebooks...)
		f.others = append(f.others, inner.others...)
	default:
		f.others = append(f.others, other{p, notGraded(name)})
	}
}

// submissions turns what a student's submission holds into submissions of
// that student (t gives the fields they share: student, name, time); a
// submission with nothing in it is one refused row, so that its student
// is not dropped.
func (f found) submissions(t Submission, where string, o *opener) []Submission {
	var subs []Submission
	for _, p := range f.notebooks {
		s := t
		s.Path, s.Shown = p, o.show(p)
		subs = append(subs, s)
	}
	for _, x := range f.others {
		s := t
		s.Path, s.Shown = x.path, o.show(x.path)
		s.Refused = filepath.Base(x.path) + " : " + x.why
		s.ignored = true
		subs = append(subs, s)
	}
	if len(subs) == 0 {
		s := t
		s.Path, s.Shown = where, o.show(where)
		s.Refused = "aucun fichier dans ce rendu"
		if f.checkpoints {
			s.Refused = "aucun notebook dans ce rendu, seulement les copies automatiques de Jupyter (.ipynb_checkpoints) : le notebook lui-même n'a pas été rendu"
		}
		subs = append(subs, s)
	}
	return subs
}
