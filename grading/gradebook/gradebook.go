package gradebook

import (
	"encoding/csv"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/prepa-reines/reines/grading"
)

// Earlier is the gradebook an earlier run left in an output folder:
// the rows of grades.csv and manual.csv, header first, nil where there is
// none. A folder that holds one is regraded, not replaced (see Write).
type Earlier struct {
	grades, manual [][]string
}

// ReadEarlier reads the gradebook an earlier run left in out (an empty
// Earlier if none). One that cannot be read is an error: nothing is to be
// written then.
func ReadEarlier(out string) (Earlier, error) {
	grades, manual, err := previous(out)
	return Earlier{grades, manual}, err
}

// Write writes the gradebook of results into out, manual.csv then
// grades.csv, keeping the rows of e's students this run did not grade.
func (e Earlier) Write(out string, results []Result) error {
	if err := writeManual(filepath.Join(out, "manual.csv"), results, e.manual); err != nil {
		return err
	}
	return writeGrades(filepath.Join(out, "grades.csv"), results, e.grades)
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

// KeepPrevious moves the earlier grades.csv and manual.csv of out, if any,
// to out/previous/, named after the time they are replaced
// ("grades-20261202-054249.csv"); a second run within the same second gets
// "-2", and so on: no earlier gradebook is ever overwritten.
func KeepPrevious(out string) error {
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
func studentName(st Row) string {
	for _, r := range st.All {
		if r.Name != "" {
			return r.Name
		}
	}
	return ""
}

// StudentsOf is the set of students of results.
func StudentsOf(results []Result) map[string]bool {
	in := map[string]bool{}
	for _, r := range results {
		in[r.Student] = true
	}
	return in
}

// Cells protects a CSV row from spreadsheets: a cell a student wrote (a
// name, a file name, an answer) that starts like a formula (= + - @, a tab
// or a carriage return) gets a leading apostrophe, so that it reads as text.
// So does a cell that is apostrophes then such a start ("'=x" gets a
// second apostrophe): uncell then gives back every value exactly.
func Cells(row []string) []string {
	out := slices.Clone(row)
	for i, c := range out {
		if formulaStart(c) || quoted(c) {
			out[i] = "'" + c
		}
	}
	return out
}

// uncell undoes Cells for a value read back: a cell that is one or more
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
// start: the form Cells gives such a value.
func quoted(c string) bool {
	t := strings.TrimLeft(c, "'")
	return len(t) < len(c) && formulaStart(t)
}

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
	earlier := readEarlier(old)
	ids := slices.Clone(earlier.ids)
	seen := map[string]bool{}
	for _, id := range ids {
		seen[id] = true
	}
	var tps []string
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
	for _, st := range Rows(results) {
		_ = w.Write(Cells(gradesRow(st, ids, tps, earlier, named, timed)))
	}
	// The students this run did not grade keep their earlier row, as it
	// was (already protected from spreadsheets), column by column.
	now := StudentsOf(results)
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

// earlierGradebook is what writeGrades reads of the grades.csv an earlier
// run left: its question columns, the TPs they are of, and each student's
// row (column → value).
type earlierGradebook struct {
	ids, tps []string
	rows     map[string]map[string]string
}

// readEarlier reads the rows of an earlier grades.csv, header first (none:
// an empty gradebook).
func readEarlier(old [][]string) earlierGradebook {
	e := earlierGradebook{rows: map[string]map[string]string{}}
	if len(old) == 0 {
		return e
	}
	for _, h := range old[0] {
		if strings.Contains(h, "/Q") && !slices.Contains(e.ids, h) {
			e.ids = append(e.ids, h)
			if t, _, _ := strings.Cut(h, "/"); !slices.Contains(e.tps, t) {
				e.tps = append(e.tps, t)
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
		e.rows[uncell(row[0])] = m
	}
	return e
}

// gradesRow is the row of grades.csv of student st, in the columns ids of
// the run's TPs tps (see writeGrades): a TP st handed in no notebook of
// counts 0, unless the earlier gradebook has its points; named and timed
// add the name and lateness columns.
func gradesRow(st Row, ids, tps []string, earlier earlierGradebook, named, timed bool) []string {
	points := map[string]float64{}
	var total, maxPts float64
	var files, problems, flags []string
	handed := map[string]bool{}
	for _, r := range st.Counted {
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
		files = append(files, r.InExport())
		for _, p := range r.Problems {
			if base := filepath.Base(r.File) + " : "; len(st.All) > 1 && !strings.HasPrefix(p, base) {
				p = base + p
			}
			problems = append(problems, p)
		}
	}
	for _, r := range st.All {
		if !slices.ContainsFunc(st.Counted, func(c Result) bool { return c.File == r.File }) {
			problems = append(problems, fmt.Sprintf("%s : autre notebook du TP %s, moins bien noté (%s / %s), non retenu", filepath.Base(r.File), r.TP, ptsFr(r.Points), ptsFr(r.Max)))
		}
	}
	// A student graded again for some TPs keeps the points of the others
	// from the earlier gradebook.
	if prev := earlier.rows[st.Student]; prev != nil {
		for _, tp := range earlier.tps {
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
				maxPts += TPMax(tp)
				problems = append(problems, fmt.Sprintf("TP %s : notes reprises du carnet précédent", tp))
			}
		}
	}
	for _, tp := range tps {
		if !handed[tp] {
			maxPts += TPMax(tp)
			problems = append(problems, fmt.Sprintf("aucun notebook du TP %s : 0 / %s", tp, ptsFr(TPMax(tp))))
		}
	}
	row := []string{st.Student}
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
	row = append(row, pts(total), pts(maxPts), strings.Join(files, " ; "), listCell(problems), listCell(flags))
	if timed {
		var at, days, pen []string
		for _, r := range st.Counted {
			if r.SubmittedAt.IsZero() {
				continue
			}
			at = append(at, r.SubmittedAt.Format(time.RFC3339))
			days = append(days, strconv.Itoa(r.LateDays))
			pen = append(pen, pts(math.Round(r.Penalty*1000)/10)+"%")
		}
		row = append(row, strings.Join(at, " ; "), strings.Join(days, " ; "), strings.Join(pen, " ; "))
	}
	return row
}

// TPMax is the number of points of a TP.
func TPMax(tp string) float64 {
	total := 0
	for _, q := range grading.Questions(tp) {
		total += q.Points
	}
	return float64(total)
}

// Row is one row of the gradebook, one student: all the student's
// results, and the ones that count (the best graded per TP).
type Row struct {
	Student      string // the student's ID
	All, Counted []Result
}

// Rows groups results by student, in order of first appearance.
func Rows(results []Result) []Row {
	var out []Row
	index := map[string]int{}
	for _, r := range results {
		i, ok := index[r.Student]
		if !ok {
			i = len(out)
			index[r.Student] = i
			out = append(out, Row{Student: r.Student})
		}
		st := &out[i]
		st.All = append(st.All, r)
		j := slices.IndexFunc(st.Counted, func(c Result) bool { return c.TP == r.TP })
		switch {
		case j < 0:
			st.Counted = append(st.Counted, r)
		case r.Points > st.Counted[j].Points:
			st.Counted[j] = r
		}
	}
	return out
}

// maxCell is the most characters a spreadsheet keeps in a cell (32 767 in
// LibreOffice Calc and Excel), less room for what listCell adds.
const maxCell = 32000

// listCell joins the items of a list cell of grades.csv with « ; », in
// French typography; a list longer than a spreadsheet's cell (a notebook
// with thousands of flagged cells) keeps the items that fit and says how
// many it leaves out (the feedback has them all).
func listCell(items []string) string {
	full := grading.Typography(strings.Join(items, " ; "))
	if utf8.RuneCountInString(full) <= maxCell {
		return full
	}
	n := 0
	for i, it := range items {
		if n += utf8.RuneCountInString(it) + 3; n > maxCell {
			return grading.Typography(strings.Join(items[:i], " ; ") + " ; … et " + grading.Plural(len(items)-i, "autre") + " (voir le retour)")
		}
	}
	return full
}
