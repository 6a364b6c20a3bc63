package export

import (
	"cmp"
	"errors"
	"fmt"
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
	// (named after the file); see Folders.
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
	// Any file of a submission, flat, and the folders of Moodle's other
	// submission plugins (online text…): listed, with their student.
	moodleAny   = regexp.MustCompile(`^([^_]*)_(\d+)_assignsubmission_file_(.+)$`)
	moodleOther = regexp.MustCompile(`^([^_]*)_(\d+)_assignsubmission_[a-z]+_?$`)
	canvasResub = regexp.MustCompile(`^(.*)-(\d+)\.(?i:ipynb)$`)
	nbgraderIn  = regexp.MustCompile(`^([^+*]+)\+([^+]+)\+([^+]+)(\+[^+]+)?$`)
	// Canvas's file of an online text entry: "sortablename[_late]_<user id>_text.html".
	canvasText = regexp.MustCompile(`^(.*?)(?:_(?i:late))?_(\d+)_text\.html$`)
)

// Export lists the submissions of an export, a folder or a zip file (which
// it extracts into work, refusing entries that would land outside it and
// more than MaxExportBytes in all; see unzipAt), in the layout given, or in
// the one DetectLayout finds when layout is "". It returns the layout used. The
// archives in it are opened (zip, one more level inside: see
// notebooksUnder), within what is left of MaxExportBytes and
// MaxStudentArchiveFiles; every other file of a student's is named in a
// note on that student's notebook (see foldIgnored), and a student whose
// submission holds no notebook is one refused row: nobody it names is
// left out. Students' IDs and names are in NFC. Each submission's Shown
// is its path as it is inside the export.
func Export(path, layout, work string) ([]Submission, string, error) {
	dir := path
	o := newOpener(work, path, "")
	if strings.HasSuffix(strings.ToLower(path), ".zip") {
		dir = filepath.Join(work, "export")
		n, err := unzipAt(path, dir, unzipLimits{bytes: MaxExportBytes, entries: MaxArchiveEntries})
		if err != nil {
			return nil, "", err
		}
		o = newOpener(work, dir, filepath.Base(path))
		o.left -= n
		dir = singleRoot(dir)
	}
	if sub := singleRoot(dir); sub != dir {
		if _, err := os.Stat(filepath.Join(sub, "submission_metadata.yml")); err == nil {
			dir = sub // Gradescope's assignment_<id>_export/, unzipped by hand
		} else if nbgraderRoot(sub) != "" {
			dir = sub // nbgrader's exchange/<course>/ or course folder
		}
	}
	if fi, err := os.Stat(dir); err != nil {
		return nil, "", err
	} else if !fi.IsDir() {
		subs, err := Folders(dir, o)
		return subs, LayoutFolders, err
	}
	if layout == "" {
		detected, err := DetectLayout(dir)
		if err != nil {
			return nil, "", err
		}
		layout = detected
	}
	var subs []Submission
	var err error
	switch layout {
	case LayoutFolders:
		subs, err = Folders(dir, o)
	case LayoutMoodle:
		subs, err = collectMoodle(dir, o)
	case LayoutCanvas:
		subs, err = collectCanvas(dir, o)
	case LayoutGradescope:
		subs, err = collectGradescope(dir, o)
	case LayoutNbgrader:
		subs, err = collectNbgrader(dir, o)
	default:
		return nil, "", fmt.Errorf("unknown layout %q (%s)", layout, strings.Join(Layouts, ", "))
	}
	if err != nil {
		return nil, layout, err
	}
	return limitPerStudent(foldIgnored(nfc(subs))), layout, nil
}

func collectMoodle(dir string, o *opener) ([]Submission, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var subs []Submission
	for _, e := range entries {
		path := filepath.Join(dir, e.Name())
		m := moodleFolder.FindStringSubmatch(e.Name())
		if m == nil {
			m = moodleOther.FindStringSubmatch(e.Name()) // online text…: listed
		}
		switch {
		case m != nil && e.IsDir():
			f, err := notebooksUnder(path, o)
			if err != nil {
				return nil, err
			}
			subs = append(subs, f.submissions(Submission{Student: m[2], Name: m[1]}, path, o)...)
		case !e.IsDir() && moodleAny.MatchString(e.Name()):
			m := moodleAny.FindStringSubmatch(e.Name())
			var f found
			f.add(path, o)
			subs = append(subs, f.submissions(Submission{Student: m[2], Name: m[1]}, path, o)...)
		case !Skipped(e.Name()):
			subs = append(subs, unnamed(path, "pas au format d'un export Moodle (Nom_numéro_assignsubmission_…) : à vérifier", o))
		}
	}
	// One participant number under two names (Moodle writes one): graded
	// as one student, and said.
	names := map[string][]string{}
	for _, s := range subs {
		if s.Name != "" && !slices.Contains(names[s.Student], s.Name) {
			names[s.Student] = append(names[s.Student], s.Name)
		}
	}
	for i := range subs {
		if n := names[subs[i].Student]; len(n) > 1 {
			note := "le numéro de participant " + subs[i].Student + " porte plusieurs noms (« " + strings.Join(n, " », « ") + " ») : rendus regroupés, à vérifier"
			subs[i].Note = addNote(subs[i].Note, note)
		}
	}
	return subs, nil
}

// unnamed is a file or folder of an export that names no student it can
// read: refused under its own name, with why, so that the teacher sees it.
func unnamed(path, why string, o *opener) Submission {
	return Submission{Student: filepath.Base(path), Path: path, Shown: o.show(path), Refused: why}
}

func collectCanvas(dir string, o *opener) ([]Submission, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	type key struct{ user, file string }
	best := map[key]int{}       // the highest resubmission number seen
	aside := map[key][]string{} // the files a higher number replaces
	kept := map[key]int{}       // the index in subs of the file kept
	var subs []Submission
	for _, e := range entries {
		if Skipped(e.Name()) {
			continue
		}
		path := filepath.Join(dir, e.Name())
		rs := canvasReadings(e.Name())
		if e.IsDir() || !IsNotebook(e.Name()) {
			// Canvas writes files only: a folder, or a file of another
			// kind (an archive is opened), is its student's if its name
			// says whose.
			if m := canvasText.FindStringSubmatch(e.Name()); m != nil && len(rs) == 0 {
				rs = []canvasReading{{name: m[1], user: m[2], file: "text.html"}} // an online text entry
			}
			if len(rs) != 1 {
				subs = append(subs, unnamed(path, "pas au format d'un export Canvas (nom_identifiant_pièce_fichier) : à vérifier", o))
				continue
			}
			var f found
			if e.IsDir() {
				if f, err = notebooksUnder(path, o); err != nil {
					return nil, err
				}
			} else {
				f.add(path, o)
			}
			subs = append(subs, f.submissions(Submission{Student: rs[0].user, Name: rs[0].name, Late: rs[0].late, file: rs[0].file}, path, o)...)
			continue
		}
		switch {
		case len(rs) == 0:
			// Not Canvas's form (nor anonymous grading's): said, not dropped.
			subs = append(subs, unnamed(path, "nom de fichier qui n'est pas celui d'un export Canvas (nom_identifiant_pièce_fichier) : à vérifier", o))
			continue
		case len(rs) > 1:
			// A sortable name keeps its underscores ([[:word:]]), so a name
			// such as "eve_104512" reads as another user's id: a file with
			// more than one reading is refused, not given to someone.
			var ids []string
			for _, r := range rs {
				ids = append(ids, r.user)
			}
			subs = append(subs, unnamed(path, fmt.Sprintf("nom de fichier Canvas ambigu (utilisateur %s ?) : à vérifier, puis renommer", strings.Join(ids, " ou ")), o))
			continue
		}
		r := rs[0]
		file, rank := r.file, 0
		if m := canvasResub.FindStringSubmatch(file); m != nil {
			file = m[1] + file[len(file)-len(".ipynb"):]
			rank, _ = strconv.Atoi(m[2])
		}
		k := key{r.user, file}
		s := Submission{Student: r.user, Name: r.name, Path: path, Shown: o.show(path), Late: r.late, file: file}
		at, seen := kept[k]
		switch {
		case !seen:
			kept[k] = len(subs)
			subs = append(subs, s)
		case best[k] >= rank:
			aside[k] = append(aside[k], e.Name())
			continue
		default: // replaces the one kept, in its place
			aside[k] = append(aside[k], filepath.Base(subs[at].Path))
			subs[at] = s
		}
		best[k] = rank
	}
	// The files a resubmission replaced are said, on the one kept: Canvas
	// names a file uploaded again "-1", but so could a student name hers.
	// Canvas's LATE marker is said too: Canvas exports no submission
	// time, so the grader has none but the file's (which a student's
	// upload may carry), and Canvas's marker knows the student's own due
	// date; it is not turned into a penalty, whose days it does not give.
	for i, s := range subs {
		if s.Late && s.Refused == "" && !s.ignored {
			subs[i].Note = addNote(subs[i].Note, canvasLateNote)
		}
		if names := aside[key{s.Student, s.file}]; len(names) > 0 && s.Refused == "" && !s.ignored {
			slices.Sort(names)
			subs[i].Note = addNote(subs[i].Note, fmt.Sprintf("remise la plus récente de %s, selon les noms de Canvas (-1, -2…) : mis de côté, %s ; à vérifier",
				s.file, listNames(names)))
		}
	}
	return subs, nil
}

// canvasLateNote is the note on a submission Canvas marks late.
const canvasLateNote = "Canvas marque ce rendu en retard (« late » dans le nom du fichier) ; Canvas n'exporte pas l'heure de remise, et celle du fichier, que prend le calcul du retard, peut venir de l'élève : retard à vérifier dans Canvas"

// canvasReading is one way to read a Canvas file name.
type canvasReading struct {
	name, user, file string
	late             bool
}

// canvasReadings lists the ways a Canvas file name reads:
// "sortablename[_late|_LATE]_<user id>_<attachment id>_<file>", the name
// being one or more parts (Canvas keeps underscores in it). Canvas's
// numbers are the first two that stand between underscores: numbers
// further on are the student's file name's ("TP1_15_12_2026.ipynb").
// Only when more numbers follow them at once ("eve_104512_104599_
// 88120542_tp.ipynb": a name that ends in a number, or a file name that
// starts with one) is there more than one reading. Anonymous grading's
// "anon_<id>_<attachment id>_<file>" gives the student "anon_<id>".
func canvasReadings(name string) []canvasReading {
	parts := strings.Split(name, "_")
	if len(parts) >= 4 && parts[0] == "anon" && isDigits(parts[2]) {
		return []canvasReading{{user: "anon_" + parts[1], file: strings.Join(parts[3:], "_")}}
	}
	var out []canvasReading
	for k := 1; k+2 < len(parts); k++ {
		if !isDigits(parts[k]) || !isDigits(parts[k+1]) {
			if len(out) > 0 {
				break // past the first run of numbers
			}
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

func collectGradescope(dir string, o *opener) ([]Submission, error) {
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
			// A key no export writes ("..", "a/b"): nothing outside the
			// export is read, and its submitters are told why.
			where := filepath.Join(dir, "submission_metadata.yml")
			for _, who := range members {
				subs = append(subs, Submission{Student: who.student, Name: who.name, Path: where, Shown: o.show(where),
					Refused: fmt.Sprintf("submission_metadata.yml donne comme dossier de soumission « %s », qui n'est pas un dossier de l'export : refusé, à vérifier", folder)})
			}
			continue
		}
		where := filepath.Join(dir, folder)
		f, err := notebooksUnder(where, o)
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			return nil, err
		}
		for _, who := range members {
			subs = append(subs, f.submissions(Submission{Student: who.student, Name: who.name, SubmittedAt: at}, where, o)...)
		}
	}
	// A folder the metadata does not name has no submitter to give it
	// to: listed, refused, so that the teacher sees it.
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	for _, e := range entries {
		if _, named := meta[e.Name()]; !named && !Skipped(e.Name()) && !metadata(e.Name()) {
			subs = append(subs, unnamed(filepath.Join(dir, e.Name()), "absent de submission_metadata.yml : rendu de qui ? À vérifier", o))
		}
	}
	return subs, nil
}

func collectNbgrader(dir string, o *opener) ([]Submission, error) {
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
	newest, aside := nbgraderNewest(dir, entries)
	for _, e := range entries {
		if Skipped(e.Name()) || metadata(e.Name()) {
			continue
		}
		if !e.IsDir() {
			subs = append(subs, unnamed(filepath.Join(dir, e.Name()), "fichier hors du dossier d'un étudiant : à vérifier", o))
			continue
		}
		if m := nbgraderIn.FindStringSubmatch(e.Name()); m != nil { // inbound
			// The exchange lets every student create folders there: as
			// nbgrader's collect (check_owner), a folder some other user
			// made is not that student's. (A folder the teacher copied is
			// the teacher's: nothing to check.)
			if owner := folderOwner(filepath.Join(dir, e.Name())); owner != "" && owner != m[1] {
				where := filepath.Join(dir, e.Name())
				subs = append(subs, Submission{Student: e.Name(), Path: where, Shown: o.show(where),
					Refused: fmt.Sprintf("dossier au nom de %s créé par l'utilisateur %s : refusé, comme nbgrader (check_owner)", m[1], owner)})
				continue
			}
			if newest[[2]string{m[1], m[2]}] != e.Name() {
				continue // an older submission of that assignment
			}
			at, atNote := nbgraderTime(filepath.Join(dir, e.Name()), m[3])
			where := filepath.Join(dir, e.Name())
			f, err := notebooksUnder(where, o)
			if err != nil {
				return nil, err
			}
			// The others are said: in a copied or zipped exchange, who
			// made a folder cannot be checked, and a newer one may be
			// another student's, made in this one's name.
			var asideNote string
			if names := aside[[2]string{m[1], m[2]}]; len(names) > 0 {
				asideNote = fmt.Sprintf("remise la plus récente de %s, selon l'heure de remise : mis de côté, %s ; à vérifier (qui a créé chaque dossier ne se vérifie pas dans une copie de l'échange)",
					m[2], listNames(names))
			}
			for _, s := range f.submissions(Submission{Student: m[1], SubmittedAt: at, file: m[2]}, where, o) {
				if s.Refused == "" {
					s.Note = addNote(addNote(atNote, timeNote(s.Path, at)), asideNote)
				}
				subs = append(subs, s)
			}
			continue
		}
		// submitted/<student>/<assignment>/
		student := filepath.Join(dir, e.Name())
		assignments, err := os.ReadDir(student)
		if err != nil {
			return nil, err
		}
		// A notebook directly in the student's folder (no assignment
		// folder) is the student's, with no time; a folder with nothing
		// is a refused row.
		var loose found
		some := false
		for _, a := range assignments {
			if !a.IsDir() {
				if !Skipped(a.Name()) && !metadata(a.Name()) {
					loose.add(filepath.Join(student, a.Name()), o)
				}
				continue
			}
			if Skipped(a.Name()) {
				continue
			}
			some = true
			where := filepath.Join(dir, e.Name(), a.Name())
			at, _ := nbgraderTime(where, "")
			f, err := notebooksUnder(where, o)
			if err != nil {
				return nil, err
			}
			for _, s := range f.submissions(Submission{Student: e.Name(), SubmittedAt: at}, where, o) {
				if s.Refused == "" {
					s.Note = timeNote(s.Path, at)
				}
				subs = append(subs, s)
			}
		}
		if !some || len(loose.notebooks)+len(loose.others) > 0 {
			subs = append(subs, loose.submissions(Submission{Student: e.Name()}, student, o)...)
		}
	}
	return subs, nil
}

// nbgraderNewest returns, for each student and assignment of the inbound
// folder dir (entries), the name of the newest submission's folder
// (the first of those of the same time), leaving out the folders another
// user made (see collectNbgrader): as nbgrader's collect; and the names
// of the others, set aside, sorted.
func nbgraderNewest(dir string, entries []os.DirEntry) (newest map[[2]string]string, aside map[[2]string][]string) {
	newest, aside = map[[2]string]string{}, map[[2]string][]string{}
	all := map[[2]string][]string{}
	times := map[[2]string]time.Time{}
	defer func() {
		for k, names := range all {
			for _, n := range names {
				if n != newest[k] {
					aside[k] = append(aside[k], n)
				}
			}
			slices.Sort(aside[k])
		}
	}()
	for _, e := range entries {
		m := nbgraderIn.FindStringSubmatch(e.Name())
		if !e.IsDir() || Skipped(e.Name()) || m == nil {
			continue
		}
		if owner := folderOwner(filepath.Join(dir, e.Name())); owner != "" && owner != m[1] {
			continue
		}
		at, _ := nbgraderTime(filepath.Join(dir, e.Name()), m[3])
		k := [2]string{m[1], m[2]}
		all[k] = append(all[k], e.Name())
		if prev, seen := times[k]; seen && !at.After(prev) {
			continue
		}
		newest[k], times[k] = e.Name(), at
	}
	return newest, aside
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

// nbgraderStamp is the layout of nbgrader's submission times, in
// timestamp.txt and in inbound folders' names ("%Y-%m-%d %H:%M:%S.%f %Z").
const nbgraderStamp = "2006-01-02 15:04:05.999999 MST"

// nbgraderTime reads the submission time of an nbgrader submission: its
// timestamp.txt ("2026-03-12 16:42:10.381920 UTC") and the time in its
// folder's name (fromName, inbound's), the later of the two when both are
// there (both are written on the student's side: the later cannot have
// been set back alone), with a note when they disagree; else the zero
// time.
func nbgraderTime(dir, fromName string) (time.Time, string) {
	var stamp time.Time
	if b, err := os.ReadFile(filepath.Join(dir, "timestamp.txt")); err == nil {
		stamp, _ = time.Parse(nbgraderStamp, strings.TrimSpace(string(b)))
	}
	named, _ := time.Parse(nbgraderStamp, fromName)
	switch {
	case stamp.IsZero():
		return named, ""
	case named.IsZero():
		return stamp, ""
	}
	at := stamp
	if named.After(stamp) {
		at = named
	}
	if d := stamp.Sub(named); d > time.Minute || d < -time.Minute {
		return at, fmt.Sprintf("timestamp.txt (%s) et le nom du dossier (%s) ne donnent pas la même heure de remise : la plus tardive est prise, à vérifier",
			stamp.Local().Format("02/01/2006 à 15:04"), named.Local().Format("02/01/2006 à 15:04"))
	}
	return at, ""
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
