package release

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/prepa-reines/reines/grading"
)

// place is somewhere in the student edition that holds numbers together:
// a JSON object or array of a data file, or a stretch of text.
type place struct {
	where string
	nums  map[float64]bool
}

// leakWindow is how far apart, in bytes of text, the numbers of one
// expected output may lie and still be read together (a table's row, a
// sentence).
const leakWindow = 160

// numberRe reads the numbers of a text: digits grouped by French spaces
// (joined first), an optional decimal part with a point or a comma; a run
// of digits inside a word ("h1:Xy92a", "x86") is no number.
var numberRe = regexp.MustCompile(`-?[0-9]+(?:[.,][0-9]+)?`)

// groupedDigits joins the groups of a French number ("1 234 567").
var groupedDigits = regexp.MustCompile(`([0-9])[\x{00A0}\x{202F}\x{2009}]([0-9]{3})`)

// textNumbers returns the numbers of text in order, each with its offset.
func textNumbers(text []byte) (pos []int, nums []float64) {
	for groupedDigits.Match(text) {
		text = groupedDigits.ReplaceAll(text, []byte("$1$2"))
	}
	inWord := func(r rune) bool { return unicode.IsLetter(r) || r == '_' }
	for _, m := range numberRe.FindAllIndex(text, -1) {
		before, _ := utf8.DecodeLastRune(text[:m[0]])
		after, _ := utf8.DecodeRune(text[m[1]:])
		if m[0] > 0 && (inWord(before) || unicode.IsDigit(before)) || m[1] < len(text) && inWord(after) {
			continue
		}
		s := strings.Replace(string(text[m[0]:m[1]]), ",", ".", 1)
		if v, err := strconv.ParseFloat(s, 64); err == nil {
			pos, nums = append(pos, m[0]), append(nums, v)
		}
	}
	return pos, nums
}

// textPlaces cuts text into overlapping windows of leakWindow bytes, each
// with its numbers; and returns the text's numbers in order.
func textPlaces(where string, text []byte) ([]place, []float64) {
	pos, nums := textNumbers(text)
	var out []place
	for start := 0; start < len(text); start += leakWindow / 2 {
		p := place{where: fmt.Sprintf("%s, byte %d", where, start), nums: map[float64]bool{}}
		for k, at := range pos {
			if at >= start && at < start+leakWindow {
				p.nums[nums[k]] = true
			}
		}
		if len(p.nums) > 0 {
			out = append(out, p)
		}
	}
	return out, nums
}

// jsonPlaces lists the objects of a JSON document, each with the numbers
// of its own fields (a record: a case, a row of a table).
func jsonPlaces(where string, data []byte) []place {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var v any
	if dec.Decode(&v) != nil {
		return nil
	}
	var out []place
	var walk func(v any, path string)
	walk = func(v any, path string) {
		switch x := v.(type) {
		case []any:
			for i, e := range x {
				walk(e, path+"/"+strconv.Itoa(i))
			}
		case map[string]any:
			p := place{where: where + " " + path, nums: map[float64]bool{}}
			for k, e := range x {
				if n, ok := e.(json.Number); ok {
					if f, err := n.Float64(); err == nil {
						p.nums[f] = true
					}
				}
				walk(e, path+"/"+k)
			}
			if len(p.nums) > 0 {
				out = append(out, p)
			}
		}
	}
	walk(v, "")
	return out
}

// bits is how much a set of numbers tells when found together: the sum of
// log₂ of the magnitudes of those from 10 up (numbers below are in every
// table and sentence).
func bits(nums map[float64]bool) float64 {
	total := 0.0
	for v := range nums {
		if math.Abs(v) >= 10 {
			total += math.Log2(math.Abs(v))
		}
	}
	return total
}

// run reports whether seq occurs in stream as a contiguous run.
func run(stream, seq []float64) bool {
	for i := 0; i+len(seq) <= len(stream); i++ {
		if slices.Equal(stream[i:i+len(seq)], seq) {
			return true
		}
	}
	return false
}

// No hidden case's expected output is in the student edition in any form:
// for every hidden case of every question (drawn with six test seeds, and
// the fixed ones), the numbers of its input and those of its expected output
// that its judge reads are nowhere found together in the edition: not in
// the fields of one object of a data file (recorded.json and every other
// JSON file), nor within leakWindow bytes of any other file's text (Go
// sources, the notebooks, their outputs, READMEs), among not many more
// numbers; an expected list, not as it is written in any file. Only the cases whose numbers say
// enough to be recognised (12 bits: 9 → 5 and 92 does, 9 → 5 alone does
// not, and is anyway the OEIS's value every student may look up) are
// looked for.
func TestNoHiddenExpectedValue(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the student edition")
	}
	_, dir := edition(t)
	var places []place
	streams := map[string][]float64{} // each file's numbers, in order
	err := filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			if d != nil && d.IsDir() && d.Name() == ".git" {
				return filepath.SkipDir
			}
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if !utf8.Valid(data) {
			return nil // a binary file: no text, no data
		}
		rel, _ := filepath.Rel(dir, path)
		ps, nums := textPlaces(rel, data)
		streams[rel] = nums
		if strings.HasSuffix(path, ".json") {
			places = append(places, jsonPlaces(rel, data)...)
		} else {
			places = append(places, ps...)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(places) < 1000 {
		t.Fatalf("only %d places with numbers in the edition", len(places))
	}
	// The questions whose expected values are public terms the workbook
	// itself shows: the number of solutions of the n-queens problem (OEIS
	// A000170), which TP 02's fast counter prints up to n = 15, beyond the
	// reach of TP 01's search; a table of them gets the teacher's flag
	// (01-count-table in grading/fixtures' Adversarial).
	public := map[string]string{"01/Q4": "A000170"}
	looked := 0
	for _, q := range grading.Questions("") {
		if q.Prose() {
			continue
		}
		// Test seeds: a teacher's draws other random cases, the same fixed
		// ones; a few seeds draw most of what the random ones may be.
		var cases []grading.ExpectedCase
		seen := map[string]bool{}
		for seed := uint64(1); seed <= 6; seed++ {
			cs, err := grading.Workbook.Expected(q.ID, seed)
			if err != nil {
				t.Fatal(err)
			}
			for _, c := range cs {
				if !seen[string(c.Input)] {
					seen[string(c.Input)] = true
					cases = append(cases, c)
				}
			}
		}
		for _, c := range cases {
			want := map[float64]bool{}
			for _, v := range append(slices.Clone(c.In), c.Judged...) {
				want[v] = true
			}
			distinct, copied := map[float64]bool{}, true
			for _, v := range c.Judged {
				distinct[v] = true
				copied = copied && slices.Contains(c.In, v)
			}
			switch {
			case len(c.Judged) == 0 || public[q.ID] != "" || copied:
				// Nothing to look for, a public term, or an output
				// made of its input (a solution of the list it is given).
				continue
			case len(distinct) > 6:
				// A list (solutions, a placement, options) is looked for
				// as it is written, in order, anywhere in a file: as a set
				// of small numbers it would be anywhere.
				looked++
				for where, stream := range streams {
					if run(stream, c.Judged) {
						t.Errorf("%s: the hidden case %s (expected values %v) is in the student edition: %s", q.ID, c.Input, c.Judged, where)
					}
				}
			case bits(distinct) >= 6:
				// A few numbers that say enough (92 does, 5 does not) are
				// looked for together with the input's, in any order, in
				// a place that holds not many more numbers.
				looked++
				for _, p := range places {
					all := len(p.nums) <= 2*len(want)+4
					for v := range want {
						all = all && p.nums[v]
					}
					if all {
						t.Errorf("%s: the hidden case %s (expected values %v) is in the student edition: %s", q.ID, c.Input, c.Judged, p.where)
						break
					}
				}
			}
		}
	}
	if looked < 50 {
		t.Errorf("only %d hidden cases looked for", looked)
	}
}
