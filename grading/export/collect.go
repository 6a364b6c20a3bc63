// Package export reads what a teacher downloads from a course platform
// (Moodle, Canvas, Gradescope, nbgrader, or a folder made by hand; a zip
// or its folder) and lists each student's submitted notebooks, with the
// reason for anything it does not grade (an archive inside an archive, a
// link, a file too large). Every student the export names gets a
// Submission; reading a notebook refuses what is not a regular file.
package export

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"time"
)

// Submission is one notebook handed in by one student.
type Submission struct {
	Student     string // the student's ID: the file's name without .ipynb, the student's folder, or what the export identifies students by (see Export)
	Name        string // the student's name, when the export gives it
	Path        string
	Shown       string    // Path as it is inside the export ("name.zip:folder/file.ipynb", "rendu.zip:tp.ipynb" for an archive it held); "" when it is Path
	SubmittedAt time.Time // when the export records it (Gradescope, nbgrader); zero otherwise
	Late        bool      // the export marks it late (Canvas)
	Refused     string    // why it is not graded (see Folders), in French; "" if it is
	Note        string    // in French, what the teacher should check about it (a submission time that the file contradicts); "" if nothing
	file        string    // what a resubmission replaces (Canvas: the file's name; nbgrader: the assignment)
	ignored     bool      // a file that is not a notebook, refused: see foldIgnored
	Data        []byte    // the notebook's bytes, once read (see Cache.Grade); nil: Grade reads them
	Home        string    // the folder that holds Path and that reading it must not leave (a student's home: see Live); "" for none
}

// MaxPerStudent bounds the notebooks graded for one student: two per TP.
const MaxPerStudent = 10

// MaxNotebookBytes bounds a submitted notebook (outputs included).
const MaxNotebookBytes = 64 << 20

// Skipped reports whether a name in a submissions folder is not a
// student's: Jupyter's checkpoints, version control, and the folders and
// files that archivers add (__MACOSX, AppleDouble "._" files).
func Skipped(name string) bool {
	return name == ".ipynb_checkpoints" || name == ".git" || name == "__MACOSX" || strings.HasPrefix(name, "._") || name == ".DS_Store"
}

// Folders lists the submissions in dir: each *.ipynb directly in dir is a
// student (named after the file); each sub-folder is a student (named after
// the folder, even if it starts with a dot) and holds that student's
// notebooks, at any depth. What skipped names is left out. Symbolic links
// and other files that are not regular are listed too: Grade refuses them
// with a reason, so that the teacher sees them (a link could point to
// another student's notebook or to a device), and so are a student's
// notebooks beyond MaxPerStudent (Refused). Sorted by student, then path.
// dir may also be one notebook: one student, named after the file. The
// other files are listed, refused with the reason (an archive too: see
// Export, which opens them); a student's folder with nothing in it is one
// refused row. Archives are opened with o, unless nil (see Export).
func Folders(dir string, o *opener) ([]Submission, error) {
	if fi, err := os.Stat(dir); err == nil && !fi.IsDir() {
		// One notebook: one student, named after the file.
		if !IsNotebook(fi.Name()) {
			return nil, fmt.Errorf("%s: neither a folder nor a notebook (.ipynb)", dir)
		}
		return []Submission{{Student: notebookStem(fi.Name()), Path: dir}}, nil
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var subs []Submission
	for _, e := range entries {
		name := e.Name()
		if Skipped(name) {
			continue
		}
		path := filepath.Join(dir, name)
		switch {
		case e.IsDir():
			f, err := notebooksUnder(path, o)
			if err != nil {
				return nil, err
			}
			subs = append(subs, f.submissions(Submission{Student: name}, path, o)...)
		case IsNotebook(name):
			subs = append(subs, Submission{Student: notebookStem(name), Path: path, Shown: o.show(path)})
		case e.Type()&os.ModeSymlink != 0:
			// A link to a folder would be a student: refused like the others.
			if fi, err := os.Stat(path); err == nil && fi.IsDir() {
				subs = append(subs, Submission{Student: name, Path: path, Shown: o.show(path)})
				break
			}
			// A link to a file, or to nothing: its student's, refused.
			subs = append(subs, Submission{Student: stem(name), Path: path, Shown: o.show(path),
				Refused: name + " : lien symbolique refusé : un rendu doit être le fichier lui-même"})
		case e.Type().IsRegular():
			// Another file of the folder: an archive (alice.zip) holds the
			// notebooks of the student it is named after; any other file
			// is that student's too, refused with the reason.
			var f found
			f.add(path, o)
			subs = append(subs, f.submissions(Submission{Student: stem(name)}, path, o)...)
		default:
			// A named pipe, a device: its student's, refused.
			subs = append(subs, Submission{Student: stem(name), Path: path, Shown: o.show(path),
				Refused: fmt.Sprintf("%s : pas un fichier ordinaire (%v) : refusé", name, e.Type())})
		}
	}
	// A folder with many notebooks would cost the run its time: beyond
	// MaxPerStudent, they are listed but not graded. Files that are not
	// notebooks do not count: see foldIgnored.
	return limitPerStudent(foldIgnored(nfc(subs))), nil
}

// IsNotebook reports whether name is a notebook's: it ends in .ipynb,
// in any case (a Windows user's "TP1.IPYNB").
func IsNotebook(name string) bool {
	return len(name) > len(".ipynb") && strings.EqualFold(name[len(name)-len(".ipynb"):], ".ipynb")
}

// notebookStem is a notebook's name without its extension.
func notebookStem(name string) string {
	if IsNotebook(name) {
		return name[:len(name)-len(".ipynb")]
	}
	return name
}

// stem is the student a file of a folders export is named after: its name
// up to the first dot (alice.zip, alice.tar.gz: alice), or all of it.
func stem(name string) string {
	if i := strings.Index(name, "."); i > 0 {
		return name[:i]
	}
	return name
}

// ReadFile reads a submitted notebook, refusing with a French
// reason what is not a regular file (a symbolic link, a device, a folder)
// or is larger than MaxNotebookBytes.
func ReadFile(path string) ([]byte, error) {
	return readNotebook(nil, path)
}

// Read reads s's notebook as ReadFile does, within s.Home when it
// has one: a folder on the way that a student turns into a link once
// homeNotebooks has looked (to another's home, to the teacher's files)
// cannot lead out of it.
func (s Submission) Read() ([]byte, error) {
	if s.Home == "" {
		return ReadFile(s.Path)
	}
	rel, err := filepath.Rel(s.Home, s.Path)
	if err != nil {
		return nil, fmt.Errorf("fichier illisible : %v", err)
	}
	root, err := os.OpenRoot(s.Home)
	if err != nil {
		return nil, fmt.Errorf("fichier illisible : %v", err)
	}
	defer root.Close()
	return readNotebook(root, rel)
}

// readNotebook is ReadFile, through root when it is not nil (path
// is then relative to it).
func readNotebook(root *os.Root, path string) ([]byte, error) {
	lstat, open := os.Lstat, os.OpenFile
	if root != nil {
		lstat, open = root.Lstat, root.OpenFile
	}
	fi, err := lstat(path)
	if err != nil {
		return nil, fmt.Errorf("fichier illisible : %v", err)
	}
	switch {
	case fi.Mode()&os.ModeSymlink != 0:
		return nil, fmt.Errorf("lien symbolique refusé : un rendu doit être le fichier lui-même")
	case !fi.Mode().IsRegular():
		return nil, fmt.Errorf("pas un fichier ordinaire (%v) : refusé", fi.Mode().Type())
	case fi.Size() > MaxNotebookBytes:
		return nil, fmt.Errorf("fichier trop gros (%d Mio, au plus %d) : refusé", fi.Size()>>20, MaxNotebookBytes>>20)
	}
	f, err := open(path, os.O_RDONLY|syscall.O_NOFOLLOW|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, fmt.Errorf("fichier illisible : %v", err)
	}
	defer f.Close()
	if fi2, err := f.Stat(); err != nil || !fi2.Mode().IsRegular() {
		return nil, fmt.Errorf("pas un fichier ordinaire : refusé")
	}
	data, err := io.ReadAll(io.LimitReader(f, MaxNotebookBytes+1))
	if err != nil {
		return nil, fmt.Errorf("fichier illisible : %v", err)
	}
	if len(data) > MaxNotebookBytes {
		return nil, fmt.Errorf("fichier trop gros (au plus %d Mio) : refusé", MaxNotebookBytes>>20)
	}
	return data, nil
}
