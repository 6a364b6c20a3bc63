package batch

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/prepa-reines/reines/tp/display"
)

// WriteAll writes the gradebook and the feedback into out: grades.csv,
// manual.csv, similarity.csv (see Similarities), report.html (see
// ReportHTML, then SimilarityHTML) and report.md (see ReportMarkdown),
// these three on the students of this run,
// feedback/<student>.md and .html, gradescope/<student>/results.json.
// reveal shows hidden cases in the feedback.
//
// A folder that already holds a gradebook is regraded, not replaced: the
// rows of the students this run did not grade are kept in grades.csv and
// manual.csv, and their feedback files stay (feedback/index.json says
// whose each file is); the earlier feedback of the students graded now is
// removed before theirs is written; the points the teacher
// entered in the earlier manual.csv are carried over to the written
// answers this run leaves without points, and the earlier files are kept
// in out/previous/ under the time they were replaced. An earlier gradebook
// that cannot be read stops the run before anything is written.
//
// A student's feedback file that cannot be written (a folder in its
// place, a name the file system refuses) costs that student's feedback
// only: the others', the gradebook and the report are written, and the
// error returned is a [FeedbackErrors] naming each student and file. A
// name with a file not written is left out of feedback/index.json, so a
// later run never removes what stood in its way.
func WriteAll(out string, results []Result, reveal bool) error {
	oldGrades, oldManual, err := previous(out)
	if err != nil {
		return err
	}
	owners, err := readFeedbackIndex(out)
	if err != nil {
		return err
	}
	for _, d := range []string{out, filepath.Join(out, "feedback"), filepath.Join(out, "gradescope")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			return err
		}
	}
	if oldManual != nil {
		if results, err = carryMarks(results, oldManual); err != nil {
			return fmt.Errorf("%s: %v: nothing written (move it away to start afresh)", filepath.Join(out, "manual.csv"), err)
		}
	}
	if err := keepPrevious(out); err != nil {
		return err
	}
	lib, _ := display.LibraryHTML() // without it, boards show their static SVG
	failed, err := writeFeedback(out, results, owners, reveal, lib)
	if err != nil {
		return err
	}
	if err := writeFeedbackIndex(out, owners); err != nil {
		return err
	}
	// The gradebook last: a run that fails half-way leaves no new
	// gradebook beside older feedback.
	similar := Similarities(results, givenOf(results))
	if err := writeSimilarity(filepath.Join(out, "similarity.csv"), similar); err != nil {
		return err
	}
	stats := Stats(results)
	if err := os.WriteFile(filepath.Join(out, "report.html"), []byte(withSimilarities(ReportHTML(stats, lib), similar)), 0o644); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(out, "report.md"), []byte(ReportMarkdown(stats)), 0o644); err != nil {
		return err
	}
	if err := writeManual(filepath.Join(out, "manual.csv"), results, oldManual); err != nil {
		return err
	}
	if err := writeGrades(filepath.Join(out, "grades.csv"), results, oldGrades); err != nil {
		return err
	}
	if len(failed) > 0 {
		return failed
	}
	return nil
}

// writeFeedback writes each result's feedback (Markdown, HTML with the
// chart library lib, Gradescope's results.json) into out, under a file
// name of its student's, and updates owners (feedback/index.json: file
// name → student): the earlier files of the students graded now are
// removed, the others' stay and keep their names. The files it could not
// write or remove are failed; err is an error that stops the run.
func writeFeedback(out string, results []Result, owners map[string]string, reveal bool, lib string) (failed FeedbackErrors, err error) {
	// The notebooks whose grade counts in the gradebook, by student: a
	// group's notebook is each member's.
	type handedIn struct{ student, file string }
	counted := map[handedIn]bool{}
	for _, st := range students(results) {
		for _, r := range st.counted {
			counted[handedIn{r.Student, r.File}] = true
		}
	}
	// The feedback files of earlier runs: those of the students graded now
	// go (a notebook they no longer hand in leaves no feedback behind),
	// the others' stay and keep their names.
	graded := studentsOf(results)
	used := map[string]int{}
	for _, name := range slices.Sorted(maps.Keys(owners)) {
		st := owners[name]
		if !graded[st] {
			used[name]++
			continue
		}
		delete(owners, name)
		for _, f := range feedbackFiles(out, name) {
			if err := os.RemoveAll(f); err != nil {
				failed = append(failed, FeedbackError{Student: st, File: f, Err: fmt.Errorf("earlier feedback not removed: %w", err)})
			}
		}
	}
	for _, r := range results {
		if !counted[handedIn{r.Student, r.File}] {
			r.Problems = append(slices.Clone(r.Problems), "ce notebook n'est pas retenu : un autre notebook du même TP, mieux noté, compte dans le carnet de notes")
		}
		name := fileName(r)
		for k := 2; used[name] > 0; k++ { // two notebooks of one TP, a student named like a second one, or one kept from an earlier run
			name = fileName(r) + "-" + strconv.Itoa(k)
		}
		used[name]++
		files := feedbackFiles(out, name)
		data, err := json.MarshalIndent(Gradescope(r), "", "  ")
		if err != nil {
			return nil, err
		}
		ok := true
		write := func(path string, content []byte) {
			err := os.MkdirAll(filepath.Dir(path), 0o755)
			if err == nil {
				err = os.WriteFile(path, content, 0o644)
			}
			if err != nil {
				ok = false
				failed = append(failed, FeedbackError{Student: r.Student, File: path, Err: err})
			}
		}
		write(files[0], []byte(Markdown(r, reveal)))
		write(files[1], []byte(HTML(r, lib)))
		write(filepath.Join(files[2], "results.json"), data)
		if ok {
			owners[name] = r.Student
		}
	}
	return failed, nil
}

// feedbackFiles are the paths, in out, of the feedback named name: its
// Markdown, its HTML and its Gradescope folder.
func feedbackFiles(out, name string) [3]string {
	return [3]string{filepath.Join(out, "feedback", name+".md"), filepath.Join(out, "feedback", name+".html"), filepath.Join(out, "gradescope", name)}
}

// FeedbackError is a file of a student's feedback WriteAll could not
// write (or an earlier one it could not remove).
type FeedbackError struct {
	Student string // the student's ID
	File    string // the file's path
	Err     error
}

func (e FeedbackError) Error() string {
	return fmt.Sprintf("student %q: feedback file %s not written: %v", e.Student, e.File, e.Err)
}

func (e FeedbackError) Unwrap() error { return e.Err }

// FeedbackErrors is WriteAll's error when only some students' feedback
// files could not be written: everything else was.
type FeedbackErrors []FeedbackError

func (es FeedbackErrors) Error() string {
	var students []string
	lines := make([]string, len(es))
	for i, e := range es {
		if !slices.Contains(students, e.Student) {
			students = append(students, e.Student)
		}
		lines[i] = e.Error()
	}
	who := "1 student"
	if len(students) > 1 {
		who = strconv.Itoa(len(students)) + " students"
	}
	return fmt.Sprintf("the feedback of %s is incomplete (the gradebook, the report and the other students' feedback are written):\n\t%s",
		who, strings.Join(lines, "\n\t"))
}

// feedbackIndex is the file, in out, that says whose each feedback file
// is: a JSON object from the file's name (without .md or .html, also the
// name of its gradescope/ folder) to the student's ID.
const feedbackIndex = "feedback/index.json"

// readFeedbackIndex reads the index of the feedback files of out; empty
// if there is none (a new folder, or one from before the index).
func readFeedbackIndex(out string) (map[string]string, error) {
	owners := map[string]string{}
	data, err := os.ReadFile(filepath.Join(out, feedbackIndex))
	if errors.Is(err, fs.ErrNotExist) {
		return owners, nil
	}
	if err == nil {
		err = json.Unmarshal(data, &owners)
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %v: nothing written (move it away to start afresh)", filepath.Join(out, feedbackIndex), err)
	}
	for name := range owners { // written by this package: plain names only
		if name == "" || name != filepath.Base(name) || name == "." || name == ".." {
			return nil, fmt.Errorf("%s: %q is not a feedback file's name: nothing written", filepath.Join(out, feedbackIndex), name)
		}
	}
	return owners, nil
}

func writeFeedbackIndex(out string, owners map[string]string) error {
	data, err := json.MarshalIndent(owners, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(out, feedbackIndex), append(data, '\n'), 0o644)
}

// fileName is the student's name for files, with the TP.
func fileName(r Result) string {
	name := r.Student
	if r.TP != "" {
		name += "-" + r.TP
	}
	name = strings.Map(func(c rune) rune {
		if strings.ContainsRune(`/\:*?"<>|`, c) || c < ' ' {
			return '_'
		}
		return c
	}, name)
	if strings.Trim(name, ".") == "" { // "", "." and "..": no file or folder of their own
		name = "_" + name
	}
	// A file name has at most 255 bytes, and the feedback adds "-2" and
	// ".html": a long ID keeps its start and a hash of the rest.
	if len(name) > maxFileName {
		sum := sha256.Sum256([]byte(name))
		cut := maxFileName - 17
		for cut > 0 && !utf8.RuneStart(name[cut]) {
			cut--
		}
		name = name[:cut] + "-" + hex.EncodeToString(sum[:8])
	}
	return name
}

// maxFileName bounds the names fileName returns, in bytes: room is left
// for a "-k" suffix and ".html" within a file system's 255.
const maxFileName = 200
