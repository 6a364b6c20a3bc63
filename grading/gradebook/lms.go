package gradebook

import (
	"cmp"
	"encoding/csv"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// WriteLMS writes, beside grades.csv, the gradebook in the forms two
// platforms import, one column per TP (its points, or rescaled to scale
// when scale > 0, to 0.01):
//
//   - moodle-grades.csv: "Email address", "Full name", "ID", then the TPs.
//     Moodle's Gradebook → Import → CSV maps a column to a user field
//     (MoodleDocs "Grade import": "Email address" → useremail, which needs a
//     roster with emails) and each TP column to a grade item.
//   - canvas-gradebook.csv: "Student", "ID", "SIS User ID", "SIS Login ID",
//     "Section", then one column per TP, which Canvas's import turns into a
//     new assignment (a column name without an assignment id), and a second
//     row "Points Possible" (Canvas's gradebook export and import notes).
//     "ID" is the student's ID as the export gave it: Canvas's user id for
//     a Canvas export.
//
// The roster, if any, gives emails and sections (its group). As with
// grades.csv, the rows of the students this run did not grade are kept
// from the files already there.
func WriteLMS(out string, results []Result, roster *Roster, scale float64) error {
	var tps []string
	for _, r := range results {
		if r.TP != "" && !slices.Contains(tps, r.TP) {
			tps = append(tps, r.TP)
		}
	}
	slices.Sort(tps)
	value := func(points, max float64) string {
		if scale > 0 && max > 0 {
			points = math.Round(points*scale/max*100) / 100
		}
		return pts(points)
	}
	possible := func(tp string) string {
		if scale > 0 {
			return pts(scale)
		}
		return pts(TPMax(tp))
	}
	var moodle, canvas [][]string
	moodle = append(moodle, append([]string{"Email address", "Full name", "ID"}, tpColumns(tps)...))
	canvas = append(canvas, append([]string{"Student", "ID", "SIS User ID", "SIS Login ID", "Section"}, tpColumns(tps)...))
	row := []string{"    Points Possible", "", "", "", ""}
	for _, tp := range tps {
		row = append(row, possible(tp))
	}
	canvas = append(canvas, row)
	for _, st := range Rows(results) {
		info, _ := roster.Lookup(st.Student)
		name := cmp.Or(info.Name, studentName(st))
		var cols []string
		for _, tp := range tps {
			k := slices.IndexFunc(st.Counted, func(r Result) bool { return r.TP == tp })
			if k < 0 {
				cols = append(cols, value(0, TPMax(tp))) // not handed in: 0
				continue
			}
			cols = append(cols, value(st.Counted[k].Points, TPMax(tp)))
		}
		moodle = append(moodle, Cells(append([]string{info.Email, name, st.Student}, cols...)))
		canvas = append(canvas, Cells(append([]string{canvasName(name), st.Student, "", "", info.Group}, cols...)))
	}
	now := StudentsOf(results)
	for name, rows := range map[string][][]string{"moodle-grades.csv": moodle, "canvas-gradebook.csv": canvas} {
		rows = append(rows, keptRows(filepath.Join(out, name), rows[0], now)...)
		f, err := os.Create(filepath.Join(out, name))
		if err != nil {
			return err
		}
		w := csv.NewWriter(f)
		_ = w.WriteAll(rows)
		if err := w.Error(); err != nil {
			f.Close()
			return err
		}
		if err := f.Close(); err != nil {
			return err
		}
	}
	return nil
}

func tpColumns(tps []string) []string {
	cols := make([]string, len(tps))
	for k, tp := range tps {
		cols[k] = "TP " + tp
	}
	return cols
}

// canvasName writes "First Last" as Canvas's "Last, First" (the last
// word as the last name), "" as "".
func canvasName(name string) string {
	words := strings.Fields(name)
	if len(words) < 2 {
		return name
	}
	return words[len(words)-1] + ", " + strings.Join(words[:len(words)-1], " ")
}

// keptRows returns the rows of the file at path (a gradebook an earlier
// run wrote) whose student, in its "ID" column, is not in now, laid out
// under header; none if the file is absent or unreadable.
func keptRows(path string, header []string, now map[string]bool) [][]string {
	f, err := os.Open(path)
	if err != nil {
		return nil
	}
	defer f.Close()
	r := csv.NewReader(f)
	r.FieldsPerRecord = -1
	old, err := r.ReadAll()
	if err != nil || len(old) == 0 {
		return nil
	}
	id := slices.Index(old[0], "ID")
	if id < 0 {
		return nil
	}
	var out [][]string
	for _, o := range old[1:] {
		if id >= len(o) || o[id] == "" || now[uncell(o[id])] {
			continue // the points possible row, or a student graded again
		}
		row := make([]string, len(header))
		for k, h := range old[0] {
			if j := slices.Index(header, h); j >= 0 && k < len(o) {
				row[j] = o[k]
			}
		}
		out = append(out, row)
	}
	return out
}
