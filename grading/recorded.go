package grading

import (
	"encoding/json"
	"fmt"
	"slices"
	"sync"
)

// The student edition has no reference answers, so what its checks and
// demonstrations need from them is recorded when the edition is released:
// the public cases of every exercise with their expected outputs, the
// number of hidden cases, and the values declared with [Data]. The release
// writes them into each notebook package as a generated recorded.go that
// calls [LoadRecorded]; the teacher's edition has no such file and computes
// everything. The grader's child processes are built without it, so that a
// student's code can reach no expected value.

// Recording is what the student edition holds of one notebook.
type Recording struct {
	Exercises map[string]RecordedExercise `json:"exercises"`      // by question ID
	Data      map[string]json.RawMessage  `json:"data,omitempty"` // by Data name
}

// RecordedExercise is the recorded part of one exercise: its public inputs
// and their expected outputs (as JSON, same order), and how many hidden
// cases it has.
type RecordedExercise struct {
	Inputs []json.RawMessage `json:"inputs"`
	Wants  []json.RawMessage `json:"wants"`
	Hidden int               `json:"hidden"`
}

var (
	recordings = map[string]*Recording{} // by notebook ID
	data       = map[string]map[string]func() (any, error){}
	measured   = map[string]map[string]bool{} // the Data that are measurements (times)
)

// LoadRecorded installs the recording of notebook nb, the JSON of a
// [Recording]. Only the generated recorded.go of the student edition calls
// it; it panics on malformed data (a release bug).
func LoadRecorded(nb, jsonText string) {
	var r Recording
	if err := json.Unmarshal([]byte(jsonText), &r); err != nil {
		panic(fmt.Sprintf("grading: recorded data of notebook %s: %v", nb, err))
	}
	mu.Lock()
	defer mu.Unlock()
	recordings[nb] = &r
}

// recording returns the recording of notebook nb, nil in the teacher's
// edition (and in the grader's children).
func recording(nb string) *Recording {
	mu.Lock()
	defer mu.Unlock()
	return recordings[nb]
}

// Data declares a value that notebook nb shows and that only the reference
// answers can compute (a replay of the reference search, the results of a
// solver the student edition does not have): it returns a function giving
// that value, computed once by compute in the teacher's edition and read
// from the recording in the student edition. T must round-trip through
// encoding/json. name is unique within the notebook.
func Data[T any](nb, name string, compute func() T) func() T {
	mu.Lock()
	if data[nb] == nil {
		data[nb] = map[string]func() (any, error){}
	}
	if _, dup := data[nb][name]; dup {
		mu.Unlock()
		panic("grading: data declared twice: " + nb + "/" + name)
	}
	data[nb][name] = func() (v any, err error) {
		defer func() {
			if r := recover(); r != nil {
				err = fmt.Errorf("grading: computing %s/%s: %v", nb, name, r)
			}
		}()
		return compute(), nil
	}
	mu.Unlock()
	var (
		once  sync.Once
		value T
	)
	return func() T {
		once.Do(func() {
			rec := recording(nb)
			if rec == nil {
				value = compute()
				return
			}
			raw, ok := rec.Data[name]
			if !ok {
				panic("grading: nothing recorded for " + nb + "/" + name + ": release the student edition again")
			}
			mustDecode(nb+"/"+name, raw, &value)
		})
		return value
	}
}

// Measured is [Data] for a measurement, such as a time, that differs from
// one run to the next: [RecordNotebook] keeps the value an earlier
// recording holds, so that releasing the edition again changes nothing.
func Measured[T any](nb, name string, compute func() T) func() T {
	f := Data(nb, name, compute)
	mu.Lock()
	defer mu.Unlock()
	if measured[nb] == nil {
		measured[nb] = map[string]bool{}
	}
	measured[nb][name] = true
	return f
}

// RecordNotebook computes, with the reference answers of the teacher's edition,
// everything the student edition of notebook nb needs ([Recording]) and
// returns it as JSON. The [Measured] values that previous, an earlier
// recording's JSON (nil if none), holds are kept rather than measured
// again. Errors: a case or a value that cannot be computed or encoded.
func RecordNotebook(nb string, previous []byte) ([]byte, error) {
	return Workbook.RecordNotebook(nb, previous)
}

// RecordNotebook is [RecordNotebook] for the exercises of notebook nb in
// reg (the notebook's data, Data and Measured, are the process's).
func (reg *Registry) RecordNotebook(nb string, previous []byte) ([]byte, error) {
	var old Recording
	if previous != nil {
		_ = json.Unmarshal(previous, &old) // unreadable: everything is measured again
	}
	rec := Recording{Exercises: map[string]RecordedExercise{}, Data: map[string]json.RawMessage{}}
	for _, q := range reg.Questions(nb) {
		r := reg.runner(q.ID)
		if r == nil {
			continue // a written answer
		}
		re, err := r.record()
		if err != nil {
			return nil, err
		}
		if prev, ok := old.Exercises[q.ID]; ok && r.varies() && slices.EqualFunc(prev.Inputs, re.Inputs, func(a, b json.RawMessage) bool { return string(a) == string(b) }) {
			re.Wants = prev.Wants // the same inputs: the outputs recorded before are as right
		}
		rec.Exercises[q.ID] = re
	}
	mu.Lock()
	names := make([]string, 0, len(data[nb]))
	for name := range data[nb] {
		names = append(names, name)
	}
	mu.Unlock()
	slices.Sort(names)
	for _, name := range names {
		mu.Lock()
		compute, keep := data[nb][name], measured[nb][name]
		mu.Unlock()
		if raw, ok := old.Data[name]; keep && ok {
			rec.Data[name] = raw
			continue
		}
		v, err := compute()
		if err != nil {
			return nil, err
		}
		raw, err := json.Marshal(v)
		if err != nil {
			return nil, fmt.Errorf("grading: encoding %s/%s: %w", nb, name, err)
		}
		rec.Data[name] = raw
	}
	return json.Marshal(rec)
}

// record computes the recorded part of e.
func (e *core[F, In, Out]) record() (re RecordedExercise, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("grading: recording %s: %v", e.ID, r)
		}
	}()
	ins, wants := e.public()
	for k, in := range ins {
		bi, err := json.Marshal(in)
		if err != nil {
			return re, fmt.Errorf("grading: %s: case %d: %w", e.ID, k+1, err)
		}
		bw, err := json.Marshal(wants(k))
		if err != nil {
			return re, fmt.Errorf("grading: %s: case %d: expected output: %w", e.ID, k+1, err)
		}
		re.Inputs, re.Wants = append(re.Inputs, bi), append(re.Wants, bw)
	}
	re.Hidden = e.hiddenCount()
	return re, nil
}
