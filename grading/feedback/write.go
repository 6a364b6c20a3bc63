package feedback

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/prepa-reines/reines/grading/gradebook"
)

// Index says whose each feedback file of an output folder is
// (feedback/index.json: file name, without .md or .html, → its student
// and TP). A folder that already holds feedback is regraded, not replaced:
// the earlier files of the students graded now, for the TPs they are
// graded for now, are removed before theirs are written; the others' stay
// and keep their names (grading TP 02 into the folder of TP 01 leaves TP
// 01's feedback as it was).
type Index map[string]Owner

// Owner is whose a feedback file is.
type Owner struct {
	Student string `json:"student"` // the student's ID
	TP      string `json:"tp"`      // "01"; "" for a file of an index written before the TPs were (any TP)
}

// ReadIndex reads the index of the feedback files of out; empty if there
// is none (a new folder, or one from before the index). One that cannot be
// read is an error: nothing is to be written then.
func ReadIndex(out string) (Index, error) {
	return readFeedbackIndex(out)
}

// Write writes each result's feedback into out (feedback/<student>.md and
// .html with the chart library lib, gradescope/<student>/results.json;
// reveal shows the hidden cases), then the index, updated: see Index.
// A file that cannot be written costs its student's feedback only: it is
// in failed (and its name is left out of the index, so that a later run
// never removes what stood in its way); err is an error that stops the
// run. When ctx ends, it stops between two results: the index says whose
// the files written are, written is how many results have their
// feedback, and err is ctx's error.
func (ix Index) Write(ctx context.Context, out string, results []gradebook.Result, reveal bool, lib string) (failed FileErrors, written int, err error) {
	failed, written, err = writeFeedback(ctx, out, results, ix, reveal, lib)
	if err != nil && ctx.Err() == nil {
		return nil, written, err
	}
	if ierr := writeFeedbackIndex(out, ix); ierr != nil {
		return nil, written, ierr
	}
	return failed, written, err
}

// writeFeedback writes each result's feedback (Markdown, HTML with the
// chart library lib, Gradescope's results.json) into out, under a file
// name of its student's, and updates owners (feedback/index.json: file
// name → student): the earlier files of the students graded now are
// removed, the others' stay and keep their names. The files it could not
// write or remove are failed; err is an error that stops the run.
func writeFeedback(ctx context.Context, out string, results []gradebook.Result, owners Index, reveal bool, lib string) (failed FileErrors, written int, err error) {
	// The notebooks whose grade counts in the gradebook, by student: a
	// group's notebook is each member's.
	type handedIn struct{ student, file string }
	counted := map[handedIn]bool{}
	for _, st := range gradebook.Rows(results) {
		for _, r := range st.Counted {
			counted[handedIn{r.Student, r.File}] = true
		}
	}
	// The feedback files of earlier runs: those of the students graded now
	// for the TPs graded now go, each student's just before their new
	// ones are written (a notebook they no longer hand in leaves no
	// feedback behind; a run stopped half-way leaves the others' files and
	// index entries as they were); the others' stay and keep their names.
	// An earlier name is taken until its files go.
	graded, students := map[Owner]bool{}, gradebook.StudentsOf(results)
	for _, r := range results {
		graded[Owner{r.Student, r.TP}] = true
	}
	used := map[string]int{}
	earlier := map[string][]string{} // student → their earlier names to remove
	for _, name := range slices.Sorted(maps.Keys(owners)) {
		o := owners[name]
		used[name]++
		if graded[o] || o.TP == "" && students[o.Student] {
			earlier[o.Student] = append(earlier[o.Student], name)
		}
	}
	for i, r := range results {
		if ctx.Err() != nil {
			return failed, i, ctx.Err()
		}
		for _, name := range earlier[r.Student] {
			delete(owners, name)
			used[name]--
			for _, f := range feedbackFiles(out, name) {
				if err := os.RemoveAll(f); err != nil {
					failed = append(failed, FileError{Student: r.Student, File: f, Err: fmt.Errorf("earlier feedback not removed: %w", err)})
				}
			}
		}
		delete(earlier, r.Student)
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
			return nil, i, err
		}
		ok := true
		write := func(path string, content []byte) {
			err := os.MkdirAll(filepath.Dir(path), 0o755)
			if err == nil {
				err = os.WriteFile(path, content, 0o644)
			}
			if err != nil {
				ok = false
				failed = append(failed, FileError{Student: r.Student, File: path, Err: err})
			}
		}
		write(files[0], []byte(Markdown(r, reveal)))
		write(files[1], []byte(HTML(r, lib)))
		write(filepath.Join(files[2], "results.json"), data)
		if ok {
			owners[name] = Owner{r.Student, r.TP}
		}
	}
	return failed, len(results), nil
}

// feedbackFiles are the paths, in out, of the feedback named name: its
// Markdown, its HTML and its Gradescope folder.
func feedbackFiles(out, name string) [3]string {
	return [3]string{filepath.Join(out, "feedback", name+".md"), filepath.Join(out, "feedback", name+".html"), filepath.Join(out, "gradescope", name)}
}

// FileError is a file of a student's feedback Index.Write could not
// write (or an earlier one it could not remove).
type FileError struct {
	Student string // the student's ID
	File    string // the file's path
	Err     error
}

func (e FileError) Error() string {
	return fmt.Sprintf("student %q: feedback file %s not written: %v", e.Student, e.File, e.Err)
}

func (e FileError) Unwrap() error { return e.Err }

// FileErrors is Index.Write's error (and so batch.WriteAll's) when
// only some students' feedback files could not be written: everything
// else was.
type FileErrors []FileError

func (es FileErrors) Error() string {
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
func readFeedbackIndex(out string) (Index, error) {
	owners := Index{}
	data, err := os.ReadFile(filepath.Join(out, feedbackIndex))
	if errors.Is(err, fs.ErrNotExist) {
		return owners, nil
	}
	var raw map[string]json.RawMessage
	if err == nil {
		err = json.Unmarshal(data, &raw)
	}
	for name, v := range raw {
		var o Owner
		if err = json.Unmarshal(v, &o); err != nil {
			// An index of an earlier version: file name → student ID, the
			// TP at the end of the name (see fileName).
			err = json.Unmarshal(v, &o.Student)
			if m := nameTP.FindStringSubmatch(name); m != nil {
				o.TP = m[1]
			}
		}
		if err != nil {
			break
		}
		owners[name] = o
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

// nameTP finds the TP at the end of a feedback file's name: "-01", or
// "-01-2" for a second notebook (see fileName).
var nameTP = regexp.MustCompile(`-([0-9]{2})(?:-[0-9]+)?$`)

func writeFeedbackIndex(out string, owners Index) error {
	data, err := json.MarshalIndent(owners, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(out, feedbackIndex), append(data, '\n'), 0o644)
}

// fileName is the student's name for files, with the TP. A character a
// file system may refuse becomes _, and the name then gets a short hash of
// the student's ID, so that "a:b" and "a_b" never share a name.
func fileName(r gradebook.Result) string {
	name := strings.Map(func(c rune) rune {
		if strings.ContainsRune(`/\:*?"<>|`, c) || c < ' ' {
			return '_'
		}
		return c
	}, r.Student)
	if name != r.Student {
		sum := sha256.Sum256([]byte(r.Student))
		name += "~" + hex.EncodeToString(sum[:3])
	}
	if r.TP != "" {
		name += "-" + r.TP
	}
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

// WriteReport writes the teacher's report on results into out:
// similarity.csv (see Similarities, on the Given the results carry),
// report.html (ReportHTML with the chart library lib, then
// SimilarityHTML) and report.md (ReportMarkdown).
func WriteReport(out string, results []gradebook.Result, lib string) error {
	similar := Similarities(results, gradebook.GivenOf(results))
	if err := writeSimilarity(filepath.Join(out, "similarity.csv"), similar); err != nil {
		return err
	}
	stats := Stats(results)
	if err := os.WriteFile(filepath.Join(out, "report.html"), []byte(withSimilarities(ReportHTML(stats, lib), similar)), 0o644); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(out, "report.md"), []byte(ReportMarkdown(stats)), 0o644)
}
