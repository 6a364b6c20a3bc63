package export

import (
	"archive/zip"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"time"
	"unicode/utf8"
)

// MaxExportBytes bounds what an export's zip may extract to, the archives
// it holds included.
const MaxExportBytes = 4 << 30

// MaxArchiveEntries bounds the entries of one zip, the export's or one it
// holds: a million empty files would cost the machine its inodes.
const MaxArchiveEntries = 100000

// MaxStudentArchiveFiles bounds the entries of a student's archive and
// of the archives it holds, all together; maxPathDepth bounds how deep
// one entry's path goes. A student's zip of many empty files or folders
// would cost the machine its inodes and the run its time.
const (
	MaxStudentArchiveFiles = 2000
	maxPathDepth           = 32
	// maxNameBytes is the longest file name extracted as it is: a
	// longer one (the system allows 255 bytes) is shortened.
	maxNameBytes = 200
)

// unzipLimits is what one extraction may take: bytes, entries, and in
// which language to say why not (French for a student's archive, whose
// reason the teacher reads; English for the export's, a command-line
// error). modTime, when not zero, is the time the extracted files are
// given (the archive's own, which the platform wrote) instead of the
// entries' (which a student's archive sets as the student likes).
//
// With skip (a student's archive), the entries the grader skips anyway
// (under .git/, __MACOSX/, .ipynb_checkpoints/…: see Skipped) are not
// extracted, only the skipped folder itself, and do not count towards
// entries; all, when not zero, bounds every entry, those included.
type unzipLimits struct {
	bytes   int64
	entries int
	all     int
	skip    bool
	french  bool
	modTime time.Time
}

// skippedPart returns, when a part of the zip entry name is one Skipped
// names, the path up to that part, and whether it is a folder (a part
// before the last, or the entry is a folder); "" when none is.
func skippedPart(name string) (prefix string, dir bool) {
	parts := strings.Split(strings.TrimSuffix(name, "/"), "/")
	for i, p := range parts {
		if Skipped(p) {
			return strings.Join(parts[:i+1], "/"), i < len(parts)-1 || strings.HasSuffix(name, "/")
		}
	}
	return "", false
}

// unzipAt extracts the zip file at path into dir: regular files and
// folders, each inside dir (an entry named "../x" or "/x" is refused), a
// link or a device as a link to nothing (see below), within lim; a name
// too long for the system is shortened. It returns how many bytes it
// extracted. dir exists afterwards, even for an empty zip.
func unzipAt(path, dir string, lim unzipLimits) (total int64, err error) {
	base := filepath.Base(path)
	say := func(en, fr string, args ...any) error {
		if lim.french {
			return fmt.Errorf(fr, args...)
		}
		return fmt.Errorf("%s: "+en, append([]any{base}, args...)...)
	}
	// A named pipe or a device would block zip.OpenReader: only a
	// regular file (or a link to one, for the export given) is read.
	if fi, err := os.Stat(path); err != nil || !fi.Mode().IsRegular() {
		if lim.french {
			return 0, errors.New("pas un fichier ordinaire : refusé")
		}
		return 0, fmt.Errorf("%s: not a regular file: refused", base)
	}
	r, err := zip.OpenReader(path)
	if err != nil {
		if lim.french {
			return 0, errors.New("pas un zip lisible")
		}
		return 0, fmt.Errorf("%s: not a readable zip (%v)", base, err)
	}
	defer r.Close()
	counted := len(r.File)
	if lim.skip {
		counted = 0
		for _, f := range r.File {
			if p, _ := skippedPart(f.Name); p == "" {
				counted++
			}
		}
	}
	if lim.all > 0 && len(r.File) > lim.all {
		return 0, say("%d entries, at most %d: refused", "%d fichiers, plus que les %d que l'export peut encore contenir", len(r.File), lim.all)
	}
	if counted > lim.entries {
		if lim.french {
			return 0, fmt.Errorf("%d fichiers, plus que les %d qu'un rendu peut encore contenir (%d en tout, archives comprises)", counted, lim.entries, MaxStudentArchiveFiles)
		}
		return 0, fmt.Errorf("%s: %d entries, at most %d: refused", base, counted, lim.entries)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return 0, err
	}
	for _, f := range r.File {
		name := shortenName(filepath.FromSlash(f.Name))
		if !filepath.IsLocal(name) {
			return total, say("entry %q would land outside the export's folder: refused", "le fichier « %s » sortirait de l'archive", f.Name)
		}
		if strings.Count(name, string(filepath.Separator)) >= maxPathDepth {
			return total, say("entry %q is more than %d folders deep: refused", "le fichier « %s » est à plus de %d dossiers de profondeur", f.Name, maxPathDepth)
		}
		if p, isDir := skippedPart(f.Name); lim.skip && p != "" {
			// Skipped by the grader: only the folder stays, so that a
			// submission of checkpoints alone is told as such.
			if isDir {
				if err := os.MkdirAll(filepath.Join(dir, shortenName(filepath.FromSlash(p))), 0o755); err != nil {
					return total, entryError(base, f.Name, err, lim.french)
				}
			}
			continue
		}
		target := filepath.Join(dir, name)
		mode := f.Mode()
		if mode.IsDir() {
			if err := os.MkdirAll(target, 0o755); err != nil {
				return total, entryError(base, f.Name, err, lim.french)
			}
			continue
		}
		if err := os.MkdirAll(filepath.Dir(target), 0o755); err != nil {
			return total, entryError(base, f.Name, err, lim.french)
		}
		if !mode.IsRegular() {
			// A link or a device is no submission, but it names one: it
			// stands in the folder as a link to nothing a student could
			// give, which reading refuses with the reason.
			if err := os.Symlink(os.DevNull, target); err != nil {
				return total, entryError(base, f.Name, err, lim.french)
			}
			continue
		}
		n, err := extract(f, target, lim.bytes-total+1)
		total += n
		if err != nil {
			return total, entryError(base, f.Name, err, lim.french)
		}
		if total > lim.bytes {
			return total, say("more than the %d GiB an export may hold once extracted: refused", "plus des %d Gio qu'un export peut contenir une fois extrait", MaxExportBytes>>30)
		}
		at := f.Modified
		if !lim.modTime.IsZero() {
			at = lim.modTime
		}
		_ = os.Chtimes(target, at, at)
	}
	return total, nil
}

// extract writes the zip entry f to target, a new file, at most limit
// bytes of it.
func extract(f *zip.File, target string, limit int64) (int64, error) {
	rc, err := f.Open()
	if err != nil {
		return 0, err
	}
	defer rc.Close()
	out, err := os.OpenFile(target, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return 0, err
	}
	n, err := io.Copy(out, io.LimitReader(rc, limit))
	if cerr := out.Close(); err == nil {
		err = cerr
	}
	return n, err
}

// shortenName shortens each part of name longer than maxNameBytes: its
// beginning (whole characters), "~", a hash of the whole part, and its
// extension, so that a Canvas or Moodle name still reads as its
// student's and two long names stay apart.
func shortenName(name string) string {
	parts := strings.Split(name, string(filepath.Separator))
	for i, p := range parts {
		if len(p) <= maxNameBytes {
			continue
		}
		ext := filepath.Ext(p)
		if len(ext) > 16 {
			ext = ""
		}
		h := fnv.New32a()
		h.Write([]byte(p))
		keep := p[:maxNameBytes-len(ext)-10]
		for !utf8.ValidString(keep) {
			keep = keep[:len(keep)-1]
		}
		parts[i] = fmt.Sprintf("%s~%08x%s", keep, h.Sum32(), ext)
	}
	return strings.Join(parts, string(filepath.Separator))
}

// entryError is why the entry name of the zip base could not be
// extracted, naming it as the zip does (never the folder it was
// extracted to), in French when french.
func entryError(base, name string, err error, french bool) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	var le *os.LinkError
	if errors.As(err, &le) {
		err = le.Err
	}
	clash := errors.Is(err, fs.ErrExist) || errors.Is(err, syscall.ENOTDIR) || errors.Is(err, syscall.EISDIR)
	switch {
	case clash && french:
		return fmt.Errorf("le fichier « %s » y figure deux fois (ou un fichier et un dossier de ce nom)", name)
	case clash:
		return fmt.Errorf("%s: entry %q: another entry has its name (a duplicate, or a file and a folder of the same name): refused", base, name)
	case french:
		return fmt.Errorf("le fichier « %s » ne peut pas être extrait", name)
	}
	return fmt.Errorf("%s: entry %q cannot be extracted: %v", base, name, err)
}

// singleRoot returns the one folder dir holds when it holds nothing else
// and no notebook of its own (Gradescope's assignment_<id>_export/, a
// "submissions/" folder), else dir: a zip of one student's folder stays
// that student's.
func singleRoot(dir string) string {
	entries, err := os.ReadDir(dir)
	if err != nil || len(entries) != 1 || !entries[0].IsDir() {
		return dir
	}
	sub := filepath.Join(dir, entries[0].Name())
	inner, _ := os.ReadDir(sub)
	for _, e := range inner {
		if !e.IsDir() && IsNotebook(e.Name()) {
			return dir
		}
	}
	return sub
}
