package batch

import (
	"crypto/sha256"
	"encoding/csv"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	"io"
	"io/fs"
	"maps"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/prepa-reines/reines/grading"
	"github.com/prepa-reines/reines/tp/display"
)

// Manual holds the teacher's marks for written answers, by student, then
// notebook (the file's name: a student may hand in two notebooks of one
// TP), then question ID.
type Manual map[string]map[string]map[string]Mark

// Mark is the teacher's mark of one written answer.
type Mark struct {
	Points  float64
	Scored  bool   // Points was given (a comment may come alone)
	Comment string // for the student, shown in the feedback
	Answer  string // the answer the teacher marked, as manual.csv shows it
}

// ReadManual reads a manual.csv the teacher filled in (columns student,
// notebook, question, max, points, answer, and optionally comment; header
// first). Rows with neither points nor a comment are skipped; points
// outside [0, max] are errors naming the line.
func ReadManual(r io.Reader) (Manual, error) {
	rows, err := csv.NewReader(r).ReadAll()
	if err != nil {
		return nil, fmt.Errorf("manual.csv: %w", err)
	}
	return readManualRows(rows)
}

// readManualRows is ReadManual on the rows of the file.
func readManualRows(rows [][]string) (Manual, error) {
	if len(rows) > 0 && !slices.Equal(rows[0][:min(len(rows[0]), 5)], manualHeader[:5]) {
		return nil, fmt.Errorf("manual.csv: the header must be %s (the file the grader writes)", strings.Join(manualHeader, ","))
	}
	m := Manual{}
	for i, row := range rows {
		comment := ""
		if len(row) >= 7 {
			comment = strings.TrimSpace(uncell(row[6]))
		}
		if i == 0 || len(row) < 5 || (strings.TrimSpace(row[4]) == "" && comment == "") {
			continue
		}
		student, nb, id := uncell(row[0]), uncell(row[1]), row[2]
		// The maximum is the question's, whatever the file says.
		q := grading.Lookup(id)
		if q == nil || !q.Prose() {
			return nil, fmt.Errorf("manual.csv line %d: %q is not a written answer of the workbook", i+1, id)
		}
		mark := Mark{Comment: comment}
		if len(row) >= 6 {
			mark.Answer = uncell(row[5])
		}
		if p := strings.TrimSpace(row[4]); p != "" {
			pts, err := strconv.ParseFloat(strings.ReplaceAll(p, ",", "."), 64)
			if err != nil || math.IsNaN(pts) || pts < 0 || pts > float64(q.Points) {
				return nil, fmt.Errorf("manual.csv line %d: points %q must be a number between 0 and %d", i+1, row[4], q.Points)
			}
			mark.Points, mark.Scored = pts, true
		}
		if m[student] == nil {
			m[student] = map[string]map[string]Mark{}
		}
		if m[student][nb] == nil {
			m[student][nb] = map[string]Mark{}
		}
		m[student][nb][id] = mark
	}
	return m, nil
}

var manualHeader = []string{"student", "notebook", "question", "max", "points", "answer", "comment"}

// Apply adds the manual points to the results, each to the answer it was
// given to: a mark whose answer (manual.csv's column, when not empty) is
// not the one the notebook holds now, rewritten since, is left out, and
// returned ("alice a.ipynb 01/Q6"), so that the answer is marked again.
func (m Manual) Apply(results []Result) (stale []string) {
	for i := range results {
		r := &results[i]
		for j := range r.Questions {
			q := &r.Questions[j]
			if mark, ok := m[r.Student][filepath.Base(r.File)][q.ID]; ok && q.Manual {
				if mark.Answer != "" && !sameAnswer(mark.Answer, manualAnswer(*q)) {
					stale = append(stale, fmt.Sprintf("%s %s %s", r.Student, filepath.Base(r.File), q.ID))
					continue
				}
				if mark.Scored {
					q.Points, q.Marked = mark.Points, true
				}
				if mark.Comment != "" {
					q.Comment = mark.Comment
				}
			}
		}
		*r = r.finish(r.TP)
	}
	return stale
}

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
		m, err := readManualRows(oldManual)
		if err != nil {
			return fmt.Errorf("%s: %v: nothing written (move it away to start afresh)", filepath.Join(out, "manual.csv"), err)
		}
		results = slices.Clone(results)
		for i := range results {
			r := &results[i]
			r.Questions = slices.Clone(r.Questions)
			for j := range r.Questions {
				q := &r.Questions[j]
				// Only a mark of the same answer: a student who rewrote it
				// is marked again.
				if mark, ok := m[r.Student][filepath.Base(r.File)][q.ID]; ok && q.Manual && sameAnswer(mark.Answer, manualAnswer(*q)) {
					if mark.Scored && !q.Marked {
						q.Points, q.Marked = mark.Points, true
					}
					if q.Comment == "" {
						q.Comment = mark.Comment
					}
				}
			}
			*r = r.finish(r.TP)
		}
	}
	if err := keepPrevious(out); err != nil {
		return err
	}
	lib, _ := display.LibraryHTML() // without it, boards show their static SVG
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
	var failed FeedbackErrors
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
			return err
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

// manualAnswer is a written answer as manual.csv shows it.
func manualAnswer(q Question) string {
	if q.Unwritten {
		return UnwrittenAnswer
	}
	return q.Answer
}

// sameAnswer reports whether two written answers are the same text, line
// ends and runs of spaces aside (a spreadsheet may change them).
func sameAnswer(a, b string) bool {
	return strings.Join(strings.Fields(a), " ") == strings.Join(strings.Fields(b), " ")
}

// previous reads the gradebook an earlier run left in out: the rows of
// grades.csv and manual.csv, header first, nil where there is none.
func previous(out string) (grades, manual [][]string, err error) {
	read := func(name string, header []string) ([][]string, error) {
		path := filepath.Join(out, name)
		f, err := os.Open(path)
		if errors.Is(err, fs.ErrNotExist) {
			return nil, nil
		}
		if err != nil {
			return nil, err
		}
		defer f.Close()
		r := csv.NewReader(f)
		r.FieldsPerRecord = -1
		rows, err := r.ReadAll()
		if err == nil && (len(rows) == 0 || len(rows[0]) < len(header) || !slices.Equal(rows[0][:len(header)], header)) {
			err = fmt.Errorf("not a gradebook this grader wrote (header %v)", header)
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %v: nothing written (move it away to start afresh)", path, err)
		}
		return rows, nil
	}
	if grades, err = read("grades.csv", []string{"student"}); err != nil {
		return nil, nil, err
	}
	if manual, err = read("manual.csv", manualHeader); err != nil {
		return nil, nil, err
	}
	return grades, manual, nil
}

// keepPrevious moves the earlier grades.csv and manual.csv of out, if any,
// to out/previous/, named after the time they are replaced
// ("grades-20261202-054249.csv"); a second run within the same second gets
// "-2", and so on: no earlier gradebook is ever overwritten.
func keepPrevious(out string) error {
	stamp := time.Now().Format("20060102-150405")
	dir := filepath.Join(out, "previous")
	name := func(base, suffix string) string { return filepath.Join(dir, base+"-"+stamp+suffix+".csv") }
	suffix := ""
	for k := 2; ; k++ {
		_, errG := os.Lstat(name("grades", suffix))
		_, errM := os.Lstat(name("manual", suffix))
		if errors.Is(errG, fs.ErrNotExist) && errors.Is(errM, fs.ErrNotExist) {
			break
		}
		suffix = "-" + strconv.Itoa(k)
	}
	for _, base := range []string{"grades", "manual"} {
		data, err := os.ReadFile(filepath.Join(out, base+".csv"))
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return err
		}
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(name(base, suffix), data, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// studentName is the name a student's results give, "" if none does.
func studentName(st student) string {
	for _, r := range st.all {
		if r.Name != "" {
			return r.Name
		}
	}
	return ""
}

// studentsOf is the set of students of results.
func studentsOf(results []Result) map[string]bool {
	in := map[string]bool{}
	for _, r := range results {
		in[r.Student] = true
	}
	return in
}

// cells protects a CSV row from spreadsheets: a cell a student wrote (a
// name, a file name, an answer) that starts like a formula (= + - @, a tab
// or a carriage return) gets a leading apostrophe, so that it reads as text.
// So does a cell that is apostrophes then such a start ("'=x" gets a
// second apostrophe): uncell then gives back every value exactly.
func cells(row []string) []string {
	out := slices.Clone(row)
	for i, c := range out {
		if formulaStart(c) || quoted(c) {
			out[i] = "'" + c
		}
	}
	return out
}

// uncell undoes cells for a value read back: a cell that is one or more
// apostrophes then a formula's start loses one apostrophe; any other cell
// is the value. A spreadsheet that reads the grader's "'=x" as the text =x
// and saves it so gives "=x", which reads as =x too; what it cannot give
// back is the apostrophe of a value that starts with one before a
// formula's start (the value "'=x", written with two apostrophes, saved
// by the spreadsheet with one, reads =x): a value no export or notebook
// name is known to hold. A cell the teacher types as "'=x" reads =x.
func uncell(c string) string {
	if quoted(c) {
		return c[1:]
	}
	return c
}

// formulaStart reports whether c starts like a spreadsheet formula.
func formulaStart(c string) bool { return c != "" && strings.ContainsRune("=+-@\t\r", rune(c[0])) }

// quoted reports whether c is one or more apostrophes then a formula's
// start: the form cells gives such a value.
func quoted(c string) bool {
	t := strings.TrimLeft(c, "'")
	return len(t) < len(c) && formulaStart(t)
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

func pts(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }

// ptsFr is points as a student reads them: with a decimal comma (« 3,25 »).
func ptsFr(f float64) string { return fmt.Sprint(grading.Dec(f)) }

// writeGrades writes one row per student: student, one column per question
// of every TP present in results (points), total, max, the notebooks
// graded, the problems (prefixed by the notebook's file when the student
// handed in several) and the flags raised on the student's code. A TP that
// other students handed in and this one did not counts 0 out of its points,
// and the row says so. When a student handed in two notebooks of the same
// TP, the better graded one counts and the row says so.
func writeGrades(path string, results []Result, old [][]string) error {
	var ids, tps []string
	seen := map[string]bool{}
	oldRows := map[string]map[string]string{} // student → column → value, of the earlier gradebook
	var oldTPs []string
	if len(old) > 0 { // the questions of the rows kept
		for _, h := range old[0] {
			if strings.Contains(h, "/Q") && !seen[h] {
				seen[h] = true
				ids = append(ids, h)
				if t, _, _ := strings.Cut(h, "/"); !slices.Contains(oldTPs, t) {
					oldTPs = append(oldTPs, t)
				}
			}
		}
		for _, row := range old[1:] {
			if len(row) == 0 {
				continue
			}
			m := map[string]string{}
			for k, h := range old[0] {
				if k < len(row) {
					m[h] = row[k]
				}
			}
			oldRows[uncell(row[0])] = m
		}
	}
	for _, r := range results {
		for _, q := range r.Questions {
			if !seen[q.ID] {
				seen[q.ID] = true
				ids = append(ids, q.ID)
			}
		}
		if r.TP != "" && !slices.Contains(tps, r.TP) {
			tps = append(tps, r.TP)
		}
	}
	slices.Sort(tps)
	slices.SortStableFunc(ids, grading.CompareIDs) // TP by TP, questions in order
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	w := csv.NewWriter(f)
	named := slices.ContainsFunc(results, func(r Result) bool { return r.Name != "" })
	header := append(append([]string{"student"}, ids...), "total", "max", "notebooks", "problems", "flags")
	if named || (len(old) > 0 && slices.Contains(old[0], "name")) {
		header = slices.Insert(header, 1, "name") // the export or the roster gives names
		named = true
	}
	timed := slices.ContainsFunc(results, func(r Result) bool { return !r.SubmittedAt.IsZero() })
	if timed { // a late policy: when, how late, what it cost (one per TP counted)
		header = append(header, "submitted_at", "late_days", "penalty")
	}
	_ = w.Write(header)
	for _, st := range students(results) {
		points := map[string]float64{}
		var total, maxPts float64
		var files, problems, flags []string
		handed := map[string]bool{}
		for _, r := range st.counted {
			handed[r.TP] = true
			for _, q := range r.Questions {
				if q.Manual && !q.Marked && !q.Unwritten {
					points[q.ID] = math.NaN() // written, not marked yet: an empty cell
				} else {
					points[q.ID] = q.Points
				}
				for _, fl := range q.Flags {
					flags = append(flags, q.ID+" : "+fl)
				}
			}
			total += r.Points
			maxPts += r.Max
			files = append(files, r.shown())
			for _, p := range r.Problems {
				if base := filepath.Base(r.File) + " : "; len(st.all) > 1 && !strings.HasPrefix(p, base) {
					p = base + p
				}
				problems = append(problems, p)
			}
		}
		for _, r := range st.all {
			if !slices.ContainsFunc(st.counted, func(c Result) bool { return c.File == r.File }) {
				problems = append(problems, fmt.Sprintf("%s : autre notebook du TP %s, moins bien noté (%s / %s), non retenu", filepath.Base(r.File), r.TP, ptsFr(r.Points), ptsFr(r.Max)))
			}
		}
		// A student graded again for some TPs keeps the points of the others
		// from the earlier gradebook.
		if prev := oldRows[st.name]; prev != nil {
			for _, tp := range oldTPs {
				if handed[tp] {
					continue
				}
				found := false
				for id, v := range prev {
					if t, _, _ := strings.Cut(id, "/"); t == tp && strings.Contains(id, "/Q") && v != "" {
						p, err := strconv.ParseFloat(v, 64)
						if err == nil {
							points[id], total, found = p, total+p, true
						}
					}
				}
				if found {
					handed[tp] = true
					maxPts += tpMax(tp)
					problems = append(problems, fmt.Sprintf("TP %s : notes reprises du carnet précédent", tp))
				}
			}
		}
		for _, tp := range tps {
			if !handed[tp] {
				maxPts += tpMax(tp)
				problems = append(problems, fmt.Sprintf("aucun notebook du TP %s : 0 / %s", tp, ptsFr(tpMax(tp))))
			}
		}
		row := []string{st.name}
		if named {
			row = append(row, studentName(st))
		}
		for _, id := range ids {
			if p, ok := points[id]; ok && !math.IsNaN(p) {
				row = append(row, pts(p))
			} else {
				row = append(row, "")
			}
		}
		row = append(row, pts(total), pts(maxPts), strings.Join(files, " ; "), grading.Typography(strings.Join(problems, " ; ")), grading.Typography(strings.Join(flags, " ; ")))
		if timed {
			var at, days, pen []string
			for _, r := range st.counted {
				if r.SubmittedAt.IsZero() {
					continue
				}
				at = append(at, r.SubmittedAt.Format(time.RFC3339))
				days = append(days, strconv.Itoa(r.LateDays))
				pen = append(pen, pts(math.Round(r.Penalty*1000)/10)+"%")
			}
			row = append(row, strings.Join(at, " ; "), strings.Join(days, " ; "), strings.Join(pen, " ; "))
		}
		_ = w.Write(cells(row))
	}
	// The students this run did not grade keep their earlier row, as it
	// was (already protected from spreadsheets), column by column.
	now := studentsOf(results)
	for _, oldRow := range old[min(len(old), 1):] {
		if len(oldRow) == 0 || now[uncell(oldRow[0])] {
			continue
		}
		row := make([]string, len(header))
		for k, h := range old[0] {
			if j := slices.Index(header, h); j >= 0 && k < len(oldRow) {
				row[j] = oldRow[k]
			}
		}
		_ = w.Write(row)
	}
	w.Flush()
	if err := w.Error(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// tpMax is the number of points of a TP.
func tpMax(tp string) float64 {
	total := 0
	for _, q := range grading.Questions(tp) {
		total += q.Points
	}
	return float64(total)
}

// student is one row of the gradebook: all the student's results, and the
// ones that count (the best graded per TP).
type student struct {
	name         string
	all, counted []Result
}

// students groups results by student, in order of first appearance.
func students(results []Result) []student {
	var out []student
	index := map[string]int{}
	for _, r := range results {
		i, ok := index[r.Student]
		if !ok {
			i = len(out)
			index[r.Student] = i
			out = append(out, student{name: r.Student})
		}
		st := &out[i]
		st.all = append(st.all, r)
		j := slices.IndexFunc(st.counted, func(c Result) bool { return c.TP == r.TP })
		switch {
		case j < 0:
			st.counted = append(st.counted, r)
		case r.Points > st.counted[j].Points:
			st.counted[j] = r
		}
	}
	return out
}

// UnwrittenAnswer is the answer column of manual.csv for a written answer
// the student left as the placeholder (see Question.Unwritten).
const UnwrittenAnswer = "(non rédigée)"

// writeManual lists the written answers for the teacher to grade, with the
// points already given.
func writeManual(path string, results []Result, old [][]string) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	w := csv.NewWriter(f)
	_ = w.Write(manualHeader)
	for _, r := range results {
		for _, q := range r.Questions {
			if q.Manual {
				p := ""
				if q.Marked { // a mark of 0 too
					p = pts(q.Points)
				}
				_ = w.Write(cells([]string{r.Student, filepath.Base(r.File), q.ID, strconv.Itoa(q.Max), p, manualAnswer(q), q.Comment}))
			}
		}
	}
	now := studentsOf(results)
	for _, row := range old[min(len(old), 1):] {
		if len(row) > 0 && !now[uncell(row[0])] {
			_ = w.Write(row) // as it was: already protected from spreadsheets
		}
	}
	w.Flush()
	if err := w.Error(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// Markdown returns the student's feedback: per question, points, passed
// cases, failures (public ones shown; hidden ones counted, shown only when
// reveal), compiler messages and notes; with French typography.
func Markdown(r Result, reveal bool) string {
	var b strings.Builder
	fmt.Fprintf(&b, "# Correction — %s (TP %s)\n\n**Total : %s / %s**%s\n\n", mdText(r.Student), r.TP, ptsFr(r.Points), ptsFr(r.Max), pendingNote(r))
	for _, p := range r.Problems {
		fmt.Fprintf(&b, "> ⚠ %s\n\n", mdText(p))
	}
	if r.LateDays > 0 {
		fmt.Fprintf(&b, "> Rendu le %s, avec %s de retard : %s %% du total en moins.\n\n",
			r.SubmittedAt.Format("02/01/2006 à 15:04"), grading.Plurals(r.LateDays, "jour", "jours"), ptsFr(math.Round(r.Penalty*1000)/10))
	}
	for _, q := range r.Questions {
		fmt.Fprintf(&b, "## %s — %s : %s\n\n%s", q.ID, q.Title, questionPoints(q), questionMarkdown(q, reveal))
	}
	return mdTypography(b.String())
}

// pending is the points of r's written answers not marked yet (written,
// without points in manual.csv): they count 0 in r.Points until then.
func pending(r Result) int {
	n := 0
	for _, q := range r.Questions {
		if q.Manual && !q.Marked && !q.Unwritten {
			n += q.Max
		}
	}
	return n
}

// pendingNote is what follows the total when written answers are not
// marked yet: « (dont 4 points de réponses rédigées pas encore notées,
// comptées 0 pour l'instant) »: the total counts them 0 until the teacher
// marks them, and its maximum holds them.
func pendingNote(r Result) string {
	n := pending(r)
	if n == 0 {
		return ""
	}
	return fmt.Sprintf(" (dont %s de réponses rédigées pas encore notées, comptées 0 pour l'instant)", grading.Plurals(n, "point", "points"))
}

// questionPoints is a question's points in its heading: « 1,5 / 2 », or
// « pas encore notée (2 points) » for a written answer awaiting its mark.
func questionPoints(q Question) string {
	if q.Manual && !q.Marked && !q.Unwritten {
		return fmt.Sprintf("pas encore notée (%s)", grading.Plurals(q.Max, "point", "points"))
	}
	return fmt.Sprintf("%s / %d", ptsFr(q.Points), q.Max)
}

// mdTypography is grading.Typography on Markdown, line by line: never on a
// line's leading spaces (a no-break space put before a value line's « : »
// would take it out of its list item and its fenced block) and never
// inside a fenced block (a value is shown as it is). A fence closes only on
// its own line: mdLines makes it longer than any run of backticks inside.
func mdTypography(s string) string {
	lines := strings.Split(s, "\n")
	fence := ""
	for i, l := range lines {
		body := strings.TrimLeft(l, " ")
		switch {
		case fence != "":
			if body == fence {
				fence = ""
			}
		case strings.HasPrefix(body, "```"):
			fence = body[:len(body)-len(strings.TrimLeft(body, "`"))]
		default:
			lines[i] = l[:len(l)-len(body)] + grading.Typography(body)
		}
	}
	return strings.Join(lines, "\n")
}

// questionMarkdown is the feedback on one question, without its title.
func questionMarkdown(q Question, reveal bool) string {
	var b strings.Builder
	switch {
	case q.Manual && q.Unwritten && q.Comment != "":
		fmt.Fprintf(&b, "Réponse non rédigée (la cellule de réponse est restée telle quelle), notée par l'enseignant : %s\n\n", q.Comment)
	case q.Manual && q.Unwritten:
		b.WriteString("Réponse non rédigée : la cellule de réponse est restée telle quelle.\n\n")
	case q.Manual && !q.Marked && q.Comment != "":
		fmt.Fprintf(&b, "Réponse rédigée, pas encore notée par l'enseignant : %s\n\n", q.Comment)
	case q.Manual && !q.Marked:
		b.WriteString("Réponse rédigée, pas encore notée par l'enseignant.\n\n")
	case q.Manual && q.Comment != "":
		fmt.Fprintf(&b, "Réponse rédigée, notée par l'enseignant : %s\n\n", q.Comment)
	case q.Manual:
		b.WriteString("Réponse rédigée, notée par l'enseignant.\n\n")
	case q.Total > 0:
		b.WriteString(casesSummary(q) + "\n\n")
	}
	if q.Note != "" {
		fmt.Fprintf(&b, "%s\n\n", mdText(q.Note))
	}
	for _, f := range q.Flags {
		fmt.Fprintf(&b, "- 🚩 %s\n", mdText(f))
	}
	if q.Compile != "" {
		fmt.Fprintf(&b, "Erreur de compilation :\n\n%s\n\n", mdFenced(q.Compile))
	}
	if notImplemented(q) {
		b.WriteString("Pas encore implémenté.\n\n")
		return b.String()
	}
	shown := q.Public
	if reveal {
		shown = append(append([]grading.CaseResult(nil), shown...), q.HiddenKO...)
	}
	for _, c := range shown {
		if c.Status != grading.Passed {
			b.WriteString(failedLine(c))
		}
	}
	if q.Hidden > q.HiddenOK && !reveal {
		n := q.Hidden - q.HiddenOK
		fmt.Fprintf(&b, "- ✘ %d %s\n", n, agree(n, "cas caché échoué", "cas cachés échoués"))
		b.WriteString(hiddenKinds(q.HiddenKO))
	}
	b.WriteString("\n")
	return b.String()
}

// hiddenKinds says, as a nested list, which kinds of input the failed
// hidden cases are (grading.CaseKind), with how many of each, without
// giving the cases; "" when no case has a kind.
func hiddenKinds(failed []grading.CaseResult) string {
	var b strings.Builder
	for _, k := range kindCounts(failed) {
		fmt.Fprintf(&b, "  - %s\n", k)
	}
	return b.String()
}

// kindCounts is the kinds of the failed hidden cases with their counts,
// « petit n : 2 cas », in the order of the kinds' names: neither the
// cases' order nor how each failed (a status the student's code chooses,
// which would tell the cases apart) is shown.
func kindCounts(failed []grading.CaseResult) []string {
	count := map[string]int{}
	for _, c := range failed {
		if c.Kind != "" {
			count[c.Kind]++
		}
	}
	var out []string
	for _, k := range slices.Sorted(maps.Keys(count)) {
		out = append(out, fmt.Sprintf("%s : %d cas", k, count[k]))
	}
	return out
}

// failedLine is a failed case as a Markdown list item, in French: its
// input, status, the expected and obtained values of a wrong answer, and
// the note.
func failedLine(c grading.CaseResult) string {
	mark := "✘"
	if c.Status == grading.Unjudged {
		mark = "…" // no verdict: the machine was too busy
	}
	line := fmt.Sprintf("- %s %s : %s", mark, mdText(c.Input), c.Status)
	lines := c.Status == grading.Failed && (multiline(c.Want) || multiline(c.Got))
	if c.Status == grading.Failed && !lines {
		line += fmt.Sprintf(" — attendu %s, obtenu %s", mdCode(grading.Shown(c.Want)), mdCode(grading.Shown(c.Got)))
	}
	if c.Note != "" {
		line += " — " + mdText(grading.OneLine(c.Note))
	}
	if lines { // a board: on its lines, in code blocks inside the item
		line += fmt.Sprintf("\n\n  attendu (%s marque chaque fin de ligne) :\n\n%s\n\n  obtenu :\n\n%s\n",
			lineEndMark, indent(mdLines(c.Want), "  "), indent(mdLines(c.Got), "  "))
	}
	return line + "\n"
}

// lineEndMark marks the end of each line of a value shown on its lines,
// so that a missing or extra final newline shows.
const lineEndMark = "↵"

// multiline reports whether v spans several lines (a board) or ends with a
// line end.
func multiline(v string) bool { return strings.ContainsAny(lineEnds.Replace(v), "\n") }

// shownLines is v on its lines, each line end marked with lineEndMark (a
// value without a final line end has an unmarked last line), every line
// one line (grading.Flatten); "(vide)" when v is empty.
func shownLines(v string) string {
	if v == "" {
		return "(vide)"
	}
	// A value's own ↵ shows escaped: it cannot pass for a line end.
	lines := strings.Split(strings.ReplaceAll(lineEnds.Replace(v), lineEndMark, `\u21b5`), "\n")
	for i, l := range lines {
		lines[i] = grading.Flatten(l)
		if i < len(lines)-1 {
			lines[i] += lineEndMark
		}
	}
	if lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	return strings.Join(lines, "\n")
}

// mdLines is v as a fenced code block that shows its lines (shownLines),
// fenced longer than any run of backticks in it.
func mdLines(v string) string {
	text := shownLines(v)
	fence := "```"
	for strings.Contains(text, fence) {
		fence += "`"
	}
	return fence + "\n" + text + "\n" + fence
}

// indent prefixes every line of s with prefix.
func indent(s, prefix string) string {
	return prefix + strings.ReplaceAll(s, "\n", "\n"+prefix)
}

// mdCode is v as a Markdown code span that v cannot close: on one line
// (grading.Flatten: a blank line would end the paragraph, and the span
// with it), delimited by one backtick more than its longest run of them
// (CommonMark 6.1).
func mdCode(v string) string {
	v = grading.Flatten(v)
	longest, run := 0, 0
	for _, c := range v {
		if c == '`' {
			run++
			longest = max(longest, run)
		} else {
			run = 0
		}
	}
	fence := strings.Repeat("`", longest+1)
	if strings.HasPrefix(v, "`") || strings.HasSuffix(v, "`") {
		v = " " + v + " "
	}
	return fence + v + fence
}

// mdFenced is text as a fenced code block that it cannot close: its
// fence is longer than any run of backticks in it (the compiler's messages
// quote the student's lines), its lines end as Markdown sees them (\r,
// U+2028… become \n), its other control characters are U+FFFD.
func mdFenced(text string) string {
	var lines []string
	for _, l := range strings.Split(strings.TrimSpace(lineEnds.Replace(text)), "\n") {
		lines = append(lines, grading.Flatten(l))
	}
	text = strings.Join(lines, "\n")
	fence := "```"
	for strings.Contains(text, fence) {
		fence += "`"
	}
	return fence + "\n" + text + "\n" + fence
}

// lineEnds turns every line terminator into \n.
var lineEnds = strings.NewReplacer("\r\n", "\n", "\r", "\n", "\v", "\n", "\f", "\n", "\u0085", "\n", "\u2028", "\n", "\u2029", "\n")

// mdText is s as Markdown text that shows it as it is, wherever a line
// holds it: on one line (grading.Flatten), the characters Markdown would
// read as markup, raw HTML or an entity backslash-escaped, and, at its
// start, what would open a block (a list item, a heading, a quote, a
// thematic break, a fence, indented code) made plain text. A student's
// name, value or message is shown as text.
func mdText(s string) string {
	s = mdEscapes.Replace(strings.TrimLeft(grading.Flatten(s), " "))
	// At a line's start: "-", "+" and "=" open a list, a thematic break
	// or a heading underline; "1." and "1)" an ordered list.
	if s != "" && strings.ContainsRune("-+=", rune(s[0])) {
		s = `\` + s
	}
	if digits := len(s) - len(strings.TrimLeft(s, "0123456789")); digits > 0 && digits < len(s) && (s[digits] == '.' || s[digits] == ')') {
		s = s[:digits] + `\` + s[digits:]
	}
	return s
}

// mdEscapes escapes the characters that make inline Markdown (code spans,
// emphasis, links, images, raw HTML, autolinks, entities, strikethrough)
// or a block at a line's start (headings, quotes, fences), and the table
// cells' pipes.
var mdEscapes = strings.NewReplacer(`\`, `\\`, "`", "\\`", "*", `\*`, "_", `\_`, "[", `\[`, "]", `\]`, "<", `\<`, ">", `\>`, "#", `\#`, "|", `\|`, "&", `\&`, "~", `\~`, "!", `\!`)

// casesSummary says how many cases passed, in French.
func casesSummary(q Question) string {
	if q.Hidden == 0 { // no hidden case: nothing to say of them (never « 0/0 »)
		return fmt.Sprintf("%d %s sur %d.", q.Passed, agree(q.Passed, "cas réussi", "cas réussis"), q.Total)
	}
	return fmt.Sprintf("%d %s sur %d (dont %d/%d %s).", q.Passed, agree(q.Passed, "cas réussi", "cas réussis"), q.Total, q.HiddenOK, q.Hidden, agree(q.Hidden, "cas caché", "cas cachés"))
}

// agree returns the French noun phrase agreeing with n: singular for 0
// and 1, plural above.
func agree(n int, one, many string) string {
	if n <= 1 {
		return one
	}
	return many
}

// notImplemented reports whether every public case hit the stub.
func notImplemented(q Question) bool {
	for _, c := range q.Public {
		if c.Status != grading.NotImplemented {
			return false
		}
	}
	return len(q.Public) > 0
}

var feedbackHTML = template.Must(template.New("feedback").Funcs(template.FuncMap{"fr": grading.Typography}).Parse(`<!DOCTYPE html>
<html lang="fr"><head><meta charset="utf-8"><title>Correction — {{.R.Student}}</title>
<style>body{font-family:sans-serif;max-width:60em;margin:2em auto}pre{background:#f6f6f6;padding:.5em;white-space:pre-wrap}code,pre{font-family:"DejaVu Sans Mono",monospace}pre{font-size:.9em}.ko{color:#d62728}.ok{color:#2ca02c}</style>
</head><body>
<h1>Correction — {{.R.Student}} (TP {{.R.TP}})</h1>
<p><strong>Total&nbsp;: {{.Total}}</strong></p>
{{range .R.Problems}}<p class="ko">⚠ {{fr .}}</p>{{end}}
{{range .Questions}}<h2>{{.Q.ID}} — {{fr .Title}}&nbsp;: {{.Points}}</h2>
{{if and .Q.Manual .Q.Unwritten}}<p>Réponse non rédigée{{if .Q.Comment}} (la cellule de réponse est restée telle quelle), notée par l'enseignant{{fr " : "}}{{.Q.Comment}}{{else}}{{fr " : "}}la cellule de réponse est restée telle quelle.{{end}}</p>{{else if .Q.Manual}}<p>Réponse rédigée, {{if not .Q.Marked}}pas encore {{end}}notée par l'enseignant{{if .Q.Comment}}{{fr " : "}}{{.Q.Comment}}{{else}}.{{end}}</p>{{else if .Q.Total}}<p>{{fr .Summary}}</p>{{end}}{{if .NotImplemented}}<p>Pas encore implémenté.</p>{{end}}
{{with .Q.Note}}<p>{{fr .}}</p>{{end}}
{{range .Q.Flags}}<p class="ko">🚩 {{fr .}}</p>{{end}}
{{with .Q.Compile}}<p>Erreur de compilation&nbsp;:</p><pre>{{.}}</pre>{{end}}
{{range .Failed}}<p class="ko">✘ {{fr .Input}}&nbsp;: {{fr .Status}}{{if and .Want (not .Lines)}} — attendu <code>{{fr .Want}}</code>, obtenu <code>{{fr .Got}}</code>{{end}}{{with .Note}} — {{fr .}}{{end}}</p>{{if .Lines}}<p>attendu (↵ marque chaque fin de ligne)&nbsp;:</p><pre>{{.Want}}</pre><p>obtenu&nbsp;:</p><pre>{{.Got}}</pre>{{end}}{{with .Board}}{{.}}{{end}}{{end}}
{{if .HiddenFailed}}<p class="ko">✘ {{.HiddenFailed}}{{if .HiddenKinds}}&nbsp;:{{end}}</p>{{end}}{{if .HiddenKinds}}<ul>{{range .HiddenKinds}}<li>{{fr .}}</li>{{end}}</ul>{{end}}
{{end}}
{{.Lib}}
</body></html>
`))

// HTML returns the feedback page: the same content as Markdown, with the
// board of each failing public case drawn, when its question draws one
// (with ECharts when lib, the library's script, is given: it is inlined
// only in pages that draw a board; a static SVG otherwise). Hidden cases
// are counted only.
func HTML(r Result, lib string) string {
	type failed struct {
		Input, Status, Want, Got, Note string
		Lines                          bool // Want and Got on their lines (boards)
		Board                          template.HTML
	}
	type question struct {
		Q              Question
		Title          string // plain text
		Points         string
		Summary        string
		NotImplemented bool
		Failed         []failed
		HiddenKinds    []string // the kinds of the failed hidden cases, counted (see kindCounts)
		HiddenFailed   string   // « 3 cas cachés échoués »
	}
	data := struct {
		R         Result
		Total     string
		Questions []question
		Lib       template.HTML
	}{R: r, Total: ptsFr(r.Points) + " / " + ptsFr(r.Max) + pendingNote(r)}
	for _, q := range r.Questions {
		qq := question{Q: q, Title: grading.PlainText(q.Title), Points: questionPoints(q), Summary: casesSummary(q), NotImplemented: notImplemented(q)}
		if n := q.Hidden - q.HiddenOK; n > 0 && !notImplemented(q) {
			qq.HiddenKinds = kindCounts(q.HiddenKO)
			qq.HiddenFailed = fmt.Sprintf("%d %s", n, agree(n, "cas caché échoué", "cas cachés échoués"))
		}
		for _, c := range q.Public {
			if c.Status == grading.Passed || notImplemented(q) {
				continue
			}
			f := failed{Input: c.Input, Status: c.Status.String(), Note: c.Note}
			if c.Status == grading.Failed && (multiline(c.Want) || multiline(c.Got)) {
				f.Want, f.Got, f.Lines = shownLines(c.Want), shownLines(c.Got), true
			} else if c.Status == grading.Failed {
				f.Want, f.Got = grading.OneLine(c.Want), grading.OneLine(c.Got)
			}
			if c.Board != nil {
				f.Board = template.HTML(c.Board.HTML())
				data.Lib = template.HTML(lib) // inlined only where a board is drawn
			}
			qq.Failed = append(qq.Failed, f)
		}
		data.Questions = append(data.Questions, qq)
	}
	var b strings.Builder
	if err := feedbackHTML.Execute(&b, data); err != nil {
		return "<p>" + template.HTMLEscapeString(err.Error()) + "</p>"
	}
	return b.String()
}

// GradescopeResults is Gradescope's results.json.
type GradescopeResults struct {
	Score            float64          `json:"score"`
	ExecutionTime    int              `json:"execution_time,omitempty"` // seconds
	Output           string           `json:"output,omitempty"`
	OutputFormat     string           `json:"output_format"`
	TestOutputFormat string           `json:"test_output_format"`
	Tests            []GradescopeTest `json:"tests"`
}

// GradescopeTest is one entry of results.json.
type GradescopeTest struct {
	Name     string  `json:"name"`
	Score    float64 `json:"score"`
	MaxScore float64 `json:"max_score"`
	Status   string  `json:"status,omitempty"` // "passed" or "failed"; none for written answers
	Output   string  `json:"output,omitempty"`
	// Visibility is when students see the test (Gradescope's "visible",
	// "after_published"…); "" is Gradescope's default, visible.
	Visibility string `json:"visibility,omitempty"`
}

// Autograder returns r as a Gradescope autograder's results.json
// (gradescope-autograders.readthedocs.io, "Autograder Specifications"):
// the score is the points of the questions graded automatically, as grade
// gives them without manual.csv; one visible test per such question with
// its public cases; for a question with hidden cases failed, a test of
// their details worth nothing, shown only once the teacher publishes the
// grades ("after_published"). Written answers are no test: the teacher
// grades them as manual questions of the Gradescope assignment, and the
// output says so.
func Autograder(r Result) GradescopeResults {
	g := GradescopeResults{Score: r.Points, OutputFormat: "md", TestOutputFormat: "md", Tests: []GradescopeTest{}}
	for _, p := range r.Problems {
		g.Output += "⚠ " + grading.Typography(mdText(p)) + "\n\n"
	}
	var written []string
	for _, q := range r.Questions {
		name := q.ID + " " + grading.Typography(grading.PlainText(q.Title))
		if q.Manual {
			_, n, _ := strings.Cut(q.ID, "/Q")
			written = append(written, n)
			continue
		}
		t := GradescopeTest{Name: name, Score: q.Points, MaxScore: float64(q.Max), Output: mdTypography(questionMarkdown(q, false)), Status: "failed"}
		if q.Points == float64(q.Max) {
			t.Status = "passed"
		}
		g.Tests = append(g.Tests, t)
		if len(q.HiddenKO) > 0 {
			var b strings.Builder
			for _, c := range q.HiddenKO {
				b.WriteString(failedLine(c))
			}
			g.Tests = append(g.Tests, GradescopeTest{Name: name + " — cas cachés échoués", Status: "failed", Output: mdTypography(b.String()), Visibility: "after_published"})
		}
	}
	if len(written) > 0 {
		g.Output += grading.Typography(fmt.Sprintf("Les réponses rédigées (%s %s) sont notées à la main par l'enseignant, en plus de cette note.\n",
			agree(len(written), "question", "questions"), joinFrench(written)))
	}
	return g
}

// joinFrench joins "6", "9", "12" as « 6, 9 et 12 ».
func joinFrench(xs []string) string {
	if len(xs) <= 1 {
		return strings.Join(xs, "")
	}
	return strings.Join(xs[:len(xs)-1], ", ") + " et " + xs[len(xs)-1]
}

// AutograderStudent is Autograder for the notebooks of the one student of
// results that count in the gradebook (one per TP), their tests one after
// the other and their scores added.
func AutograderStudent(results []Result) GradescopeResults {
	g := GradescopeResults{OutputFormat: "md", TestOutputFormat: "md", Tests: []GradescopeTest{}}
	for _, st := range students(results) {
		for _, r := range st.counted {
			a := Autograder(r)
			g.Score += a.Score
			g.Output += a.Output
			g.Tests = append(g.Tests, a.Tests...)
		}
	}
	return g
}

// Gradescope returns r in Gradescope's format, one test per question.
func Gradescope(r Result) GradescopeResults {
	g := GradescopeResults{Score: r.Points, OutputFormat: "md", TestOutputFormat: "md", Tests: []GradescopeTest{}}
	for _, p := range r.Problems {
		g.Output += "⚠ " + grading.Typography(mdText(p)) + "\n\n"
	}
	for _, q := range r.Questions {
		t := GradescopeTest{Name: q.ID + " " + grading.Typography(grading.PlainText(q.Title)), Score: q.Points, MaxScore: float64(q.Max), Output: mdTypography(questionMarkdown(q, false))}
		if !q.Manual {
			t.Status = "failed"
			if q.Points == float64(q.Max) {
				t.Status = "passed"
			}
		}
		g.Tests = append(g.Tests, t)
	}
	return g
}
