package workbook_test

import (
	"bytes"
	"encoding/json"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/prepa-reines/reines/grading"
	"github.com/prepa-reines/reines/grading/workbook"
)

// Every notebook has questions numbered 1, 2, … as its original numbers
// them, a question of the original in several parts as 3a, 3b, … (never a
// lone 3a), with a title and points, and every question with a function is
// an exercise.
func TestRegistry(t *testing.T) {
	for _, nb := range workbook.Notebooks {
		qs := grading.Questions(nb.ID)
		if len(qs) == 0 {
			t.Errorf("notebook %s: no question", nb.ID)
		}
		// want lists the numbers that may come next: the next part of the
		// current question, or the next question, whole or as its part a.
		number, part := 0, byte(0)
		for k, q := range qs {
			next := strconv.Itoa(number + 1)
			want := []string{"Q" + next, "Q" + next + "a"}
			if part != 0 {
				want = append(want, "Q"+strconv.Itoa(number)+string(part+1))
			}
			got := q.Number()
			if !slices.Contains(want, got) {
				t.Errorf("notebook %s: question %d is %s, want one of %v", nb.ID, k+1, q.ID, want)
			}
			if part == 'a' && !strings.HasSuffix(got, "b") {
				t.Errorf("notebook %s: %s is a lone part a", nb.ID, qs[k-1].ID)
			}
			digits := strings.TrimRight(strings.TrimPrefix(got, "Q"), "abcdefghijklmnopqrstuvwxyz")
			number, _ = strconv.Atoi(digits)
			part = 0
			if len(got) > len(digits)+1 {
				part = got[len(got)-1]
			}
			if !q.Prose() && grading.Workbook.ExerciseOf(q.ID) == nil {
				t.Errorf("%s: a function but no exercise", q.ID)
			}
			if !q.Prose() && !strings.HasPrefix(q.RefName, workbook.Module+"/tp/") {
				t.Errorf("%s: reference %q is not in package tp", q.ID, q.RefName)
			}
		}
		if part == 'a' {
			t.Errorf("notebook %s: %s is a lone part a", nb.ID, qs[len(qs)-1].ID)
		}
	}
}

func exercises(t *testing.T) []grading.Checked {
	var out []grading.Checked
	for _, q := range grading.Questions("") {
		if e := grading.Workbook.ExerciseOf(q.ID); e != nil {
			out = append(out, e)
		}
	}
	if len(out) < 50 {
		t.Fatalf("only %d exercises registered", len(out))
	}
	return out
}

// The reference answer passes every public case of its question, and a
// stub (panic("à compléter")) is reported as not implemented.
func TestReferenceAndStub(t *testing.T) {
	for _, e := range exercises(t) {
		q := e.Info()
		r := e.RunFunc(e.Reference())
		if r.Outcome() != "passed" || len(r.Cases) == 0 {
			t.Errorf("%s: the reference gives %s\n%s", q.ID, r.Outcome(), r.Text())
		}
		typ := reflect.TypeOf(e.Reference())
		stub := reflect.MakeFunc(typ, func([]reflect.Value) []reflect.Value { panic(grading.ToDo) }).Interface()
		if r := e.RunFunc(stub); r.Outcome() != "not-implemented" {
			t.Errorf("%s: a stub gives %s", q.ID, r.Outcome())
		}
	}
}

// Every exercise is served to the bulk grader, and its cases survive the
// trip through JSON: the reference answer, run as a child runs it (Serve),
// judged as the parent does (Judge), passes every public and hidden case,
// for two seeds of the hidden cases, which are as many for both and never
// repeat a public case.
func TestChildRoundTrip(t *testing.T) {
	for _, e := range exercises(t) {
		q := e.Info()
		var counts []int
		for _, seed := range []uint64{1, 2} {
			ins, public, err := grading.Inputs(q.ID, true, seed)
			if err != nil {
				t.Fatalf("%s: %v", q.ID, err)
			}
			counts = append(counts, len(ins))
			seen := map[string]bool{}
			for _, in := range ins[:public] {
				seen[string(in)] = true
			}
			for _, in := range ins[public:] {
				if seen[string(in)] {
					t.Errorf("%s: hidden case %s is also public", q.ID, in)
				}
			}
			dec := serveReference(e, ins)
			for k, in := range ins {
				var start, res grading.ChildResult
				if err := dec.Decode(&start); err != nil || !start.Started || start.Case != k+1 {
					t.Fatalf("%s: no start line for case %d: %+v %v", q.ID, k+1, start, err)
				}
				if err := dec.Decode(&res); err != nil || res.Case != k+1 {
					t.Fatalf("%s: result of case %d: %+v %v", q.ID, k+1, res, err)
				}
				if cr := grading.Judge(q.ID, in, res); cr.Status != grading.Passed {
					t.Errorf("%s, seed %d, case %d %s: %s %s", q.ID, seed, k+1, in, cr.Status, cr.Note)
				}
			}
		}
		if counts[0] != counts[1] {
			t.Errorf("%s: %d and %d cases for two seeds", q.ID, counts[0], counts[1])
		}
	}
}

// What the student edition records of each notebook can be computed and
// encoded.
func TestRecordNotebook(t *testing.T) {
	for _, nb := range workbook.Notebooks {
		data, err := grading.RecordNotebook(nb.ID, nil)
		if err != nil {
			t.Fatalf("notebook %s: %v", nb.ID, err)
		}
		var rec grading.Recording
		if err := json.Unmarshal(data, &rec); err != nil {
			t.Fatal(err)
		}
		for _, q := range grading.Questions(nb.ID) {
			if r, ok := rec.Exercises[q.ID]; !q.Prose() && (!ok || len(r.Inputs) == 0 || len(r.Inputs) != len(r.Wants)) {
				t.Errorf("%s: recorded %d inputs, %d wants", q.ID, len(r.Inputs), len(r.Wants))
			}
		}
	}
}

// A result of a shape no function of the question's type returns (only a
// forged one) is judged without stopping the parent, and a failed case
// says why: for every exercise and public input, the reference's own
// output with each of its lists one element longer (an index past what
// the input allows), and JSON of other shapes.
func TestJudgeForgedShapes(t *testing.T) {
	for _, e := range exercises(t) {
		q := e.Info()
		ins, _, err := grading.Inputs(q.ID, false, 1)
		if err != nil {
			t.Fatal(err)
		}
		dec := serveReference(e, ins)
		for _, in := range ins {
			var start, res grading.ChildResult
			if dec.Decode(&start) != nil || dec.Decode(&res) != nil {
				t.Fatalf("%s: the reference's results cannot be read", q.ID)
			}
			var v any
			if err := json.Unmarshal(res.Output, &v); err != nil {
				t.Fatalf("%s: %v", q.ID, err)
			}
			longer, _ := json.Marshal(lengthen(v))
			for _, o := range []string{string(longer), `null`, `{}`, `[]`, `[[]]`, `"x"`, `-1`, `1e308`, `true`} {
				cr := grading.Judge(q.ID, in, grading.ChildResult{Output: json.RawMessage(o)})
				if cr.Status != grading.Passed && cr.Note == "" && cr.Got == "" {
					t.Errorf("%s, input %s, output %s: %s without a word", q.ID, in, o, cr.Status)
				}
			}
		}
	}
}

// serveReference runs e's reference answer on ins as a child runs it
// (grading.Serve) and returns a decoder of its lines: for each case, its
// start line then its result.
func serveReference(e grading.Checked, ins []json.RawMessage) *json.Decoder {
	var input, buf bytes.Buffer
	for k, in := range ins {
		line, _ := json.Marshal(grading.ChildCase{Case: k + 1, Input: in})
		input.Write(append(line, '\n'))
	}
	grading.Workbook.Serve(e.Info().ID, e.Reference(), &input, &buf)
	return json.NewDecoder(&buf)
}

// lengthen returns v (decoded JSON) with each of its lists, at every depth,
// one element longer: its last element again.
func lengthen(v any) any {
	switch v := v.(type) {
	case []any:
		out := make([]any, 0, len(v)+1)
		for _, x := range v {
			out = append(out, lengthen(x))
		}
		if len(v) > 0 {
			out = append(out, lengthen(v[len(v)-1]))
		}
		return out
	case map[string]any:
		out := map[string]any{}
		for k, x := range v {
			out[k] = lengthen(x)
		}
		return out
	}
	return v
}
