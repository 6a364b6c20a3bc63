package batch

import (
	"archive/zip"
	"cmp"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/user"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"time"

	"go.yaml.in/yaml/v3"
)

// A layout is how an export lays out the students' notebooks. Each one
// follows the documentation (or the source) of the platform that writes
// it; testdata/exports/README.md cites them.
const (
	// LayoutFolders: one folder per student, or one .ipynb per student
	// (named after the file); see [Collect].
	LayoutFolders = "folders"
	// LayoutMoodle: Moodle's "Download all submissions", in folders
	// "Full Name_48213_assignsubmission_file[_]/" (4.1+, and 3.1–4.0 with
	// the trailing "_") or flat "Full Name_48213_assignsubmission_file_x.ipynb".
	// The student is the participant number.
	LayoutMoodle = "moodle"
	// LayoutCanvas: Canvas's submissions.zip, every file at the root,
	// "sortablename[_late]_<user id>_<attachment id>_<file name>"; a file
	// uploaded again under the same name is "name-1.ipynb", "-2"…: the
	// highest counts. The student is the Canvas user id.
	LayoutCanvas = "canvas"
	// LayoutGradescope: Gradescope's "Export Submissions": folders
	// "submission_<id>/" and submission_metadata.yml, which names the
	// submitters (a student is a submitter's SID, else their email; each
	// member of a group submission is graded on its notebooks) and the
	// submission time.
	LayoutGradescope = "gradescope"
	// LayoutNbgrader: nbgrader's course folder, submitted/<student>/
	// <assignment>/, or its exchange, inbound/<student>+<assignment>+
	// <timestamp>[+random]/ (the newest of a student's submissions of an
	// assignment counts); timestamp.txt gives the submission time.
	LayoutNbgrader = "nbgrader"
)

// Layouts lists the layouts -layout accepts.
var Layouts = []string{LayoutFolders, LayoutMoodle, LayoutCanvas, LayoutGradescope, LayoutNbgrader}

var (
	// Moodle writes the names without underscores (it turns them into
	// spaces): the first "_<digits>_" is the participant's, whatever the
	// file's own name holds.
	moodleFolder = regexp.MustCompile(`^([^_]*)_(\d+)_assignsubmission_file_?$`)
	moodleFlat   = regexp.MustCompile(`^([^_]*)_(\d+)_assignsubmission_file_(.+\.ipynb)$`)
	canvasResub  = regexp.MustCompile(`^(.*)-(\d+)\.ipynb$`)
	nbgraderIn   = regexp.MustCompile(`^([^+*]+)\+([^+]+)\+([^+]+)(\+[^+]+)?$`)
)

// Export lists the submissions of an export, a folder or a zip file (which
// it extracts into work, refusing entries that would land outside it,
// links and more than MaxExportBytes in all), in the layout given, or in
// the one it detects when layout is "". It returns the layout used.
func Export(path, layout, work string) ([]Submission, string, error) {
	dir := path
	if strings.HasSuffix(strings.ToLower(path), ".zip") {
		dir = filepath.Join(work, "export")
		if err := unzip(path, dir); err != nil {
			return nil, "", err
		}
		dir = singleRoot(dir)
	}
	if sub := singleRoot(dir); sub != dir {
		if _, err := os.Stat(filepath.Join(sub, "submission_metadata.yml")); err == nil {
			dir = sub // Gradescope's assignment_<id>_export/, unzipped by hand
		}
	}
	if fi, err := os.Stat(dir); err != nil {
		return nil, "", err
	} else if !fi.IsDir() {
		subs, err := Collect(dir)
		return subs, LayoutFolders, err
	}
	if layout == "" {
		layout = Detect(dir)
	}
	var subs []Submission
	var err error
	switch layout {
	case LayoutFolders:
		subs, err = Collect(dir)
	case LayoutMoodle:
		subs, err = collectMoodle(dir)
	case LayoutCanvas:
		subs, err = collectCanvas(dir)
	case LayoutGradescope:
		subs, err = collectGradescope(dir)
	case LayoutNbgrader:
		subs, err = collectNbgrader(dir)
	default:
		return nil, "", fmt.Errorf("unknown layout %q (%s)", layout, strings.Join(Layouts, ", "))
	}
	if err != nil {
		return nil, layout, err
	}
	return limitPerStudent(subs), layout, nil
}

// Detect returns the layout of the folder dir: the marks of each platform
// (submission_metadata.yml; submitted/ or inbound/; Moodle's and Canvas's
// names), else LayoutFolders.
func Detect(dir string) string {
	if _, err := os.Stat(filepath.Join(dir, "submission_metadata.yml")); err == nil {
		return LayoutGradescope
	}
	entries, _ := os.ReadDir(dir)
	moodle, canvas := 0, 0
	for _, e := range entries {
		n := e.Name()
		switch {
		case e.IsDir() && (n == "submitted" || n == "inbound"):
			return LayoutNbgrader
		case e.IsDir() && nbgraderIn.MatchString(n):
			return LayoutNbgrader // the inbound folder itself
		case e.IsDir() && moodleFolder.MatchString(n), !e.IsDir() && moodleFlat.MatchString(n):
			moodle++
		case !e.IsDir() && strings.HasSuffix(n, ".ipynb") && len(canvasReadings(n)) > 0:
			canvas++
		}
	}
	switch {
	case moodle > 0 && moodle >= canvas:
		return LayoutMoodle
	case canvas > 0:
		return LayoutCanvas
	}
	return LayoutFolders
}

// notebooksUnder lists the .ipynb files under dir, at any depth, leaving
// out what skipped names.
func notebooksUnder(dir string) ([]string, error) {
	var out []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if p != dir && skipped(d.Name()) {
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		if !d.IsDir() && strings.HasSuffix(d.Name(), ".ipynb") {
			out = append(out, p)
		}
		return nil
	})
	return out, err
}

func collectMoodle(dir string) ([]Submission, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var subs []Submission
	for _, e := range entries {
		if m := moodleFolder.FindStringSubmatch(e.Name()); m != nil && e.IsDir() {
			files, err := notebooksUnder(filepath.Join(dir, e.Name()))
			if err != nil {
				return nil, err
			}
			for _, f := range files {
				subs = append(subs, Submission{Student: m[2], Name: m[1], Path: f})
			}
		} else if m := moodleFlat.FindStringSubmatch(e.Name()); m != nil && !e.IsDir() {
			subs = append(subs, Submission{Student: m[2], Name: m[1], Path: filepath.Join(dir, e.Name())})
		}
	}
	return subs, nil
}

func collectCanvas(dir string) ([]Submission, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	type key struct{ user, file string }
	best := map[key]int{} // the highest resubmission number seen
	var subs []Submission
	for _, e := range entries {
		if e.IsDir() || !strings.HasSuffix(e.Name(), ".ipynb") || skipped(e.Name()) {
			continue
		}
		path := filepath.Join(dir, e.Name())
		rs := canvasReadings(e.Name())
		switch {
		case len(rs) == 0:
			// Not Canvas's form (nor anonymous grading's): said, not dropped.
			subs = append(subs, Submission{Student: e.Name(), Path: path,
				Refused: "nom de fichier qui n'est pas celui d'un export Canvas (nom_identifiant_pièce_fichier) : à vérifier"})
			continue
		case len(rs) > 1:
			// A sortable name keeps its underscores ([[:word:]]), so a name
			// such as "eve_104512" reads as another user's id: a file with
			// more than one reading is refused, not given to someone.
			var ids []string
			for _, r := range rs {
				ids = append(ids, r.user)
			}
			subs = append(subs, Submission{Student: e.Name(), Path: path,
				Refused: fmt.Sprintf("nom de fichier Canvas ambigu (utilisateur %s ?) : à vérifier, puis renommer", strings.Join(ids, " ou "))})
			continue
		}
		r := rs[0]
		file, rank := r.file, 0
		if m := canvasResub.FindStringSubmatch(file); m != nil {
			file = m[1] + ".ipynb"
			rank, _ = strconv.Atoi(m[2])
		}
		k := key{r.user, file}
		if prev, seen := best[k]; seen && prev >= rank {
			continue
		}
		best[k] = rank
		subs = slices.DeleteFunc(subs, func(s Submission) bool { return s.Student == k.user && s.file == k.file })
		subs = append(subs, Submission{Student: r.user, Name: r.name, Path: path, Late: r.late, file: file})
	}
	return subs, nil
}

// canvasReading is one way to read a Canvas file name.
type canvasReading struct {
	name, user, file string
	late             bool
}

// canvasReadings lists the ways a Canvas file name reads:
// "sortablename[_late|_LATE]_<user id>_<attachment id>_<file>", the name
// being one or more parts (Canvas keeps underscores in it), wherever two
// numbers stand between underscores; anonymous grading's
// "anon_<id>_<attachment id>_<file>" gives the student "anon_<id>".
func canvasReadings(name string) []canvasReading {
	parts := strings.Split(name, "_")
	if len(parts) >= 4 && parts[0] == "anon" && isDigits(parts[2]) {
		return []canvasReading{{user: "anon_" + parts[1], file: strings.Join(parts[3:], "_")}}
	}
	var out []canvasReading
	for k := 1; k+2 < len(parts); k++ {
		if !isDigits(parts[k]) || !isDigits(parts[k+1]) {
			continue
		}
		r := canvasReading{user: parts[k], file: strings.Join(parts[k+2:], "_")}
		who := parts[:k]
		if n := len(who); n > 1 && strings.EqualFold(who[n-1], "late") {
			r.late, who = true, who[:n-1]
		}
		r.name = strings.Join(who, "_")
		if r.name != "" && !slices.ContainsFunc(out, func(o canvasReading) bool { return o.user == r.user }) {
			out = append(out, r)
		}
	}
	return out
}

func isDigits(s string) bool { return s != "" && strings.Trim(s, "0123456789") == "" }

func collectGradescope(dir string) ([]Submission, error) {
	data, err := os.ReadFile(filepath.Join(dir, "submission_metadata.yml"))
	if err != nil {
		return nil, err
	}
	var meta map[string]struct {
		Submitters []struct {
			Name  string `yaml:":name"`
			SID   string `yaml:":sid"`
			Email string `yaml:":email"`
		} `yaml:":submitters"`
		CreatedAt string `yaml:":created_at"`
	}
	if err := yaml.Unmarshal(data, &meta); err != nil {
		return nil, fmt.Errorf("submission_metadata.yml: %v", err)
	}
	var subs []Submission
	for folder, m := range meta {
		// A group submission has several submitters: each is graded on
		// the group's notebooks (graded once, see Cache), with a row and
		// feedback of their own.
		type member struct{ student, name string }
		var members []member
		for _, s := range m.Submitters {
			id := cmp.Or(s.SID, s.Email, folder)
			if !slices.ContainsFunc(members, func(o member) bool { return o.student == id }) {
				members = append(members, member{id, s.Name})
			}
		}
		if len(members) == 0 {
			members = []member{{folder, ""}}
		}
		at, _ := time.Parse("2006-01-02 15:04:05.999999999 Z", m.CreatedAt)
		if !filepath.IsLocal(folder) || strings.ContainsAny(folder, `/\`) {
			continue // a key no export writes ("..", "a/b"): nothing outside the export is read
		}
		files, err := notebooksUnder(filepath.Join(dir, folder))
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			return nil, err
		}
		for _, f := range files {
			for _, who := range members {
				subs = append(subs, Submission{Student: who.student, Name: who.name, Path: f, SubmittedAt: at})
			}
		}
	}
	return subs, nil
}

func collectNbgrader(dir string) ([]Submission, error) {
	var subs []Submission
	if _, err := os.Stat(filepath.Join(dir, "submitted")); err == nil {
		dir = filepath.Join(dir, "submitted")
	} else if _, err := os.Stat(filepath.Join(dir, "inbound")); err == nil {
		dir = filepath.Join(dir, "inbound")
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	type key struct{ student, assignment string }
	newest := map[key]time.Time{}
	for _, e := range entries {
		if !e.IsDir() || skipped(e.Name()) {
			continue
		}
		if m := nbgraderIn.FindStringSubmatch(e.Name()); m != nil { // inbound
			// The exchange lets every student create folders there: as
			// nbgrader's collect (check_owner), a folder some other user
			// made is not that student's. (A folder the teacher copied is
			// the teacher's: nothing to check.)
			if owner := folderOwner(filepath.Join(dir, e.Name())); owner != "" && owner != m[1] {
				subs = append(subs, Submission{Student: e.Name(), Path: filepath.Join(dir, e.Name()),
					Refused: fmt.Sprintf("dossier au nom de %s créé par l'utilisateur %s : refusé, comme nbgrader (check_owner)", m[1], owner)})
				continue
			}
			at := nbgraderTime(filepath.Join(dir, e.Name()), m[3])
			k := key{m[1], m[2]}
			if prev, seen := newest[k]; seen && !at.After(prev) {
				continue
			}
			newest[k] = at
			subs = slices.DeleteFunc(subs, func(s Submission) bool { return s.Student == k.student && s.file == k.assignment })
			files, err := notebooksUnder(filepath.Join(dir, e.Name()))
			if err != nil {
				return nil, err
			}
			for _, f := range files {
				subs = append(subs, Submission{Student: m[1], Path: f, SubmittedAt: at, file: m[2], Note: timeNote(f, at)})
			}
			continue
		}
		// submitted/<student>/<assignment>/
		assignments, err := os.ReadDir(filepath.Join(dir, e.Name()))
		if err != nil {
			return nil, err
		}
		for _, a := range assignments {
			if !a.IsDir() {
				continue
			}
			where := filepath.Join(dir, e.Name(), a.Name())
			at := nbgraderTime(where, "")
			files, err := notebooksUnder(where)
			if err != nil {
				return nil, err
			}
			for _, f := range files {
				subs = append(subs, Submission{Student: e.Name(), Path: f, SubmittedAt: at, Note: timeNote(f, at)})
			}
		}
	}
	return subs, nil
}

// timeNote says that the notebook at path was modified after the time its
// submission gives (nbgrader's timestamp.txt, which the student's side
// writes): that time may be false, and with it the lateness. "" when the
// file is older, or cannot be read.
func timeNote(path string, at time.Time) string {
	fi, err := os.Lstat(path)
	if err != nil || at.IsZero() || !fi.ModTime().After(at.Add(time.Minute)) {
		return ""
	}
	return fmt.Sprintf("le notebook a été modifié le %s, après l'heure de remise que donne son dossier (%s) : heure de remise et retard à vérifier",
		fi.ModTime().Format("02/01/2006 à 15:04"), at.Local().Format("02/01/2006 à 15:04"))
}

// folderOwner returns the name of the user who owns dir when that is not
// the user running the grader, "" otherwise (or when it cannot tell).
func folderOwner(dir string) string {
	fi, err := os.Stat(dir)
	if err != nil {
		return ""
	}
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok || int(st.Uid) == os.Geteuid() {
		return ""
	}
	if u, err := user.LookupId(strconv.Itoa(int(st.Uid))); err == nil {
		return u.Username
	}
	return "uid " + strconv.Itoa(int(st.Uid))
}

// nbgraderTime reads the submission time of an nbgrader submission: its
// timestamp.txt ("2026-03-12 16:42:10.381920 UTC"), else the time in its
// folder's name, else the zero time.
func nbgraderTime(dir, fromName string) time.Time {
	const layout = "2006-01-02 15:04:05.999999 MST"
	if b, err := os.ReadFile(filepath.Join(dir, "timestamp.txt")); err == nil {
		if t, err := time.Parse(layout, strings.TrimSpace(string(b))); err == nil {
			return t
		}
	}
	t, _ := time.Parse(layout, fromName)
	return t
}

// limitPerStudent sorts subs by student then path and refuses the
// notebooks of a student beyond MaxPerStudent.
func limitPerStudent(subs []Submission) []Submission {
	sort.Slice(subs, func(i, j int) bool {
		if subs[i].Student != subs[j].Student {
			return subs[i].Student < subs[j].Student
		}
		return subs[i].Path < subs[j].Path
	})
	for i, k := 0, 0; i < len(subs); i++ {
		if i == 0 || subs[i].Student != subs[i-1].Student {
			k = 0
		}
		if subs[i].Refused != "" {
			continue // refused already: not one of the student's graded notebooks
		}
		k++
		if k > MaxPerStudent {
			subs[i].Refused = fmt.Sprintf("plus de %d notebooks pour cet étudiant : celui-ci n'est pas corrigé", MaxPerStudent)
		}
	}
	return subs
}

// MaxExportBytes bounds what an export's zip may extract to.
const MaxExportBytes = 4 << 30

// unzip extracts the zip file at path into dir: regular files and folders
// only, each inside dir (an entry named "../x" or "/x" is refused), at
// most MaxExportBytes in all.
func unzip(path, dir string) error {
	r, err := zip.OpenReader(path)
	if err != nil {
		return fmt.Errorf("%s: %v", path, err)
	}
	defer r.Close()
	var total int64
	for _, f := range r.File {
		name := filepath.FromSlash(f.Name)
		if !filepath.IsLocal(name) {
			return fmt.Errorf("%s: entry %q would land outside the export's folder: refused", path, f.Name)
		}
		target := filepath.Join(dir, name)
		mode := f.Mode()
		switch {
		case mode.IsDir():
			if err := os.MkdirAll(target, 0o755); err != nil {
				return err
			}
			continue
		case !mode.IsRegular():
			continue // links and devices are not submissions
		}
		if err := os.MkdirAll(filepath.Dir(target), 0o755); err != nil {
			return err
		}
		rc, err := f.Open()
		if err != nil {
			return fmt.Errorf("%s: %s: %v", path, f.Name, err)
		}
		out, err := os.OpenFile(target, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
		if err != nil {
			rc.Close()
			return err
		}
		n, err := io.Copy(out, io.LimitReader(rc, MaxExportBytes-total+1))
		rc.Close()
		out.Close()
		total += n
		if err != nil {
			return fmt.Errorf("%s: %s: %v", path, f.Name, err)
		}
		if total > MaxExportBytes {
			return fmt.Errorf("%s: more than %d GiB once extracted: refused", path, MaxExportBytes>>30)
		}
		_ = os.Chtimes(target, f.Modified, f.Modified)
	}
	return nil
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
		if !e.IsDir() && strings.HasSuffix(e.Name(), ".ipynb") {
			return dir
		}
	}
	return sub
}
