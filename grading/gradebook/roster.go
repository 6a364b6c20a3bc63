package gradebook

import (
	"encoding/csv"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/text/unicode/norm"
)

// Student is one row of a class roster.
type Student struct {
	ID, Name, Email, Group string
	Extension              float64 // days granted beyond the deadline
}

// Roster is a class list, by ID in the order of the file.
type Roster struct {
	Students []Student
	byID     map[string]int
}

// Lookup returns the roster's student with that ID.
func (r *Roster) Lookup(id string) (Student, bool) {
	if r == nil {
		return Student{}, false
	}
	k, ok := r.byID[id]
	if !ok {
		return Student{}, false
	}
	return r.Students[k], true
}

// ReadRoster reads a class list: a CSV file with a header naming its
// columns, id (required: what the submissions identify students by, see
// Export), and optionally name, email, group and extension (days, e.g. 2
// or 1,5). Errors name the line: a missing id, an ID given twice, an
// extension that is not a number of days from 0 to 365.
func ReadRoster(r io.Reader) (*Roster, error) {
	cr := csv.NewReader(r)
	cr.FieldsPerRecord = -1
	rows, err := cr.ReadAll()
	if err != nil {
		return nil, fmt.Errorf("roster: %w", err)
	}
	if len(rows) == 0 {
		return nil, fmt.Errorf("roster: empty file")
	}
	col := map[string]int{}
	for k, h := range rows[0] {
		col[strings.ToLower(strings.TrimSpace(strings.TrimPrefix(h, "\ufeff")))] = k
	}
	if _, ok := col["id"]; !ok {
		return nil, fmt.Errorf("roster: the header must name an id column (and optionally name, email, group, extension), got %q", strings.Join(rows[0], ","))
	}
	get := func(row []string, name string) string {
		if k, ok := col[name]; ok && k < len(row) {
			return norm.NFC.String(strings.TrimSpace(row[k])) // as export.Export reads IDs: "José" typed or from a Mac's zip is one student
		}
		return ""
	}
	ro := &Roster{byID: map[string]int{}}
	for i, row := range rows[1:] {
		line := i + 2
		if len(row) == 1 && strings.TrimSpace(row[0]) == "" {
			continue // a blank line
		}
		s := Student{ID: get(row, "id"), Name: get(row, "name"), Email: get(row, "email"), Group: get(row, "group")}
		switch {
		case s.ID == "":
			return nil, fmt.Errorf("roster line %d: no id", line)
		case slices.ContainsFunc(ro.Students, func(o Student) bool { return o.ID == s.ID }):
			return nil, fmt.Errorf("roster line %d: id %q given twice", line, s.ID)
		}
		if e := get(row, "extension"); e != "" {
			d, err := strconv.ParseFloat(strings.ReplaceAll(e, ",", "."), 64)
			if err != nil || math.IsNaN(d) || d < 0 || d > 365 {
				return nil, fmt.Errorf("roster line %d: extension %q must be a number of days from 0 to 365", line, e)
			}
			s.Extension = d
		}
		ro.byID[s.ID] = len(ro.Students)
		ro.Students = append(ro.Students, s)
	}
	return ro, nil
}

// Apply matches the results to the roster: each result of a roster
// student gets its name; each roster student without a result gets one,
// « non rendu », worth 0 for every TP the others handed in; a result whose
// student the roster lacks gets a problem saying so. It returns the
// results and the IDs the roster lacks.
func (r *Roster) Apply(results []Result) ([]Result, []string) {
	if r == nil {
		return results, nil
	}
	out := slices.Clone(results)
	seen := map[string]bool{}
	var unknown []string
	for i := range out {
		res := &out[i]
		seen[res.Student] = true
		if s, ok := r.Lookup(res.Student); ok {
			if s.Name != "" {
				res.Name = s.Name
			}
			continue
		}
		res.Problems = append(slices.Clone(res.Problems), "étudiant absent de la liste de la classe (-roster) : identifiant à vérifier")
		if !slices.Contains(unknown, res.Student) {
			unknown = append(unknown, res.Student)
		}
	}
	for _, s := range r.Students {
		if !seen[s.ID] {
			out = append(out, Result{Student: s.ID, Name: s.Name, Problems: []string{"non rendu"}})
		}
	}
	return out, unknown
}
