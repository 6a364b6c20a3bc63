package grading

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/prepa-reines/reines/tp/queens"
)

func TestRegistry(t *testing.T) {
	qs := Questions("01")
	var ids []string
	for _, q := range qs {
		ids = append(ids, q.ID)
		if q.Points <= 0 || q.Title == "" {
			t.Errorf("%s: points %d, title %q", q.ID, q.Points, q.Title)
		}
	}
	if got, want := strings.Join(ids, " "), "01/Q1 01/Q2 01/Q3 01/Q4 01/Q5 01/Q6"; got != want {
		t.Errorf("Questions(01) = %s; want %s", got, want)
	}
	if !Lookup("01/Q6").Prose() || Lookup("01/Q1").Prose() {
		t.Error("Q6 is the written answer, Q1 is not")
	}
	if Lookup("99/Q1") != nil {
		t.Error("Lookup of an unknown question must give nil")
	}
}

func TestReferencePasses(t *testing.T) {
	reports := []Report{
		Recursion.Q1.Run(queens.IsSafe),
		Recursion.Q2.Run(queens.Solutions),
		Recursion.Q3.Run(queens.Board),
		Recursion.Q4.Run(queens.Count),
		Recursion.Q5.Run(queens.First),
	}
	for _, r := range reports {
		if r.Outcome() != "passed" || len(r.Cases) == 0 {
			t.Errorf("%s: reference answer gives %s\n%s", r.Question.ID, r.Outcome(), r.Text())
		}
		if strings.Contains(r.Summary(), "tous") {
			t.Errorf("%s: the summary must not claim that everything passed: %s", r.Question.ID, r.Summary())
		}
	}
}

func TestStubIsNotImplemented(t *testing.T) {
	r := Recursion.Q1.Run(func(queens.Placement, int, int) bool { panic(ToDo) })
	if r.Outcome() != "not-implemented" || !strings.Contains(r.Summary(), "pas encore implémenté") {
		t.Errorf("stub: outcome %s, summary %q", r.Outcome(), r.Summary())
	}
	r = Recursion.Q2.Run(nil)
	if r.Outcome() != "not-implemented" {
		t.Errorf("nil function: outcome %s", r.Outcome())
	}
}

// Classic mistakes of the safety test must each fail at least one public case.
func TestSafetyMistakes(t *testing.T) {
	mistakes := map[string]func(queens.Placement, int, int) bool{
		"previous row only": func(p queens.Placement, row, col int) bool {
			if row == 0 {
				return true
			}
			c := p[row-1]
			return c != col && c != col-1 && c != col+1
		},
		"one diagonal only": func(p queens.Placement, row, col int) bool {
			for r := 0; r < row; r++ {
				if p[r] == col || row-r == col-p[r] {
					return false
				}
			}
			return true
		},
		"columns only": func(p queens.Placement, row, col int) bool {
			for r := 0; r < row; r++ {
				if p[r] == col {
					return false
				}
			}
			return true
		},
		"reads p[row]": func(p queens.Placement, row, col int) bool {
			for r := 0; r < len(p); r++ {
				if r != row && (p[r] == col || row-r == col-p[r] || row-r == p[r]-col) {
					return false
				}
			}
			return true
		},
	}
	for name, f := range mistakes {
		r := Recursion.Q1.Run(f)
		if r.Outcome() != "failed" {
			t.Errorf("%s: outcome %s; want failed", name, r.Outcome())
		}
		if !strings.Contains(r.HTML(), "reines-chart") {
			t.Errorf("%s: the report draws no board of the failing case", name)
		}
	}
}

func TestSolutionsMistakes(t *testing.T) {
	// Forgetting to copy p: every stored placement is the same slice.
	noCopy := func(n int) ([]queens.Placement, error) {
		var sols []queens.Placement
		p := make(queens.Placement, n)
		var place func(int)
		place = func(row int) {
			if row == n {
				sols = append(sols, p)
				return
			}
			for c := 0; c < n; c++ {
				if queens.IsSafe(p, row, c) {
					p[row] = c
					place(row + 1)
				}
			}
		}
		place(0)
		return sols, nil
	}
	r := Recursion.Q2.Run(noCopy)
	if r.Outcome() != "failed" {
		t.Fatalf("no copy: outcome %s", r.Outcome())
	}
	// Reversed order: right solutions, wrong order.
	reversed := func(n int) ([]queens.Placement, error) {
		s, err := queens.Solutions(n)
		for i, j := 0, len(s)-1; i < j; i, j = i+1, j-1 {
			s[i], s[j] = s[j], s[i]
		}
		return s, err
	}
	r = Recursion.Q2.Run(reversed)
	if !strings.Contains(r.Text(), "ordre lexicographique") {
		t.Errorf("reversed order not explained:\n%s", r.Text())
	}
}

func TestPanicAndTimeout(t *testing.T) {
	e := &Exercise[func(int) int, int, int]{
		Question: &Question{ID: "99/Q1", Func: "F"},
		Cases:    []int{1, 2, 3},
		Call:     func(f func(int) int, in int) int { return f(in) },
		Want:     func(in int) int { return in },
		Timeout:  50 * time.Millisecond,
	}
	r := e.Run(func(n int) int {
		if n == 2 {
			var m map[int]int
			m[0] = 1 // nil map: a real panic
		}
		return n
	})
	if got := []Status{r.Cases[0].Status, r.Cases[1].Status, r.Cases[2].Status}; got[0] != Passed || got[1] != Panicked || got[2] != Passed {
		t.Errorf("statuses %v; want passed, panic, passed", got)
	}
	if !strings.Contains(r.Cases[1].Note, "panique") {
		t.Errorf("panic note %q", r.Cases[1].Note)
	}
	r = e.Run(func(n int) int {
		for n > 0 {
		}
		return n
	})
	if r.Cases[0].Status != TimedOut || r.Cases[1].Status != Skipped || r.Cases[2].Status != Skipped {
		t.Errorf("infinite loop: %v", r.Text())
	}
}

func TestRecord(t *testing.T) {
	r := Recursion.Q4.Run(func(n int) (int64, error) { return 0, nil })
	rec := r.Record()
	if rec.Question != "01/Q4" || rec.Outcome != "failed" || rec.Total != len(Recursion.Q4.Cases) || rec.Passed >= rec.Total || rec.Hidden == 0 {
		t.Errorf("record %+v", rec)
	}
}

// references holds the reference answer of every question with a
// function, by question ID; each TP's test file adds its own.
var references = map[string]any{
	"01/Q1": queens.IsSafe, "01/Q2": queens.Solutions, "01/Q3": queens.Board,
	"01/Q4": queens.Count, "01/Q5": queens.First,
}

// addReferences adds a TP's reference answers to references.
func addReferences(refs map[string]any) bool {
	for id, f := range refs {
		references[id] = f
	}
	return true
}

// Every question with a function is served to the bulk grader, and its
// cases survive the trip through JSON: the reference answer, run as a child
// would run it (Serve), judged as the parent does (Judge), passes every
// public and hidden case.
func TestChildRoundTrip(t *testing.T) {
	for _, q := range Questions("") {
		if q.Prose() {
			continue
		}
		f, ok := references[q.ID]
		if !ok {
			t.Errorf("%s: no reference answer in the tests' references", q.ID)
			continue
		}
		ins, err := Inputs(q.ID, true)
		if err != nil {
			t.Errorf("%s: %v", q.ID, err)
			continue
		}
		// One child answers every case of the question, a line each.
		var input, buf bytes.Buffer
		for k, in := range ins {
			line, _ := json.Marshal(ChildCase{Case: k + 1, Input: in})
			input.Write(append(line, '\n'))
		}
		Serve(q.ID, f, &input, &buf)
		dec := json.NewDecoder(&buf)
		for k, in := range ins {
			var start, res ChildResult
			if err := dec.Decode(&start); err != nil || !start.Started || start.Case != k+1 {
				t.Fatalf("%s: no start line for case %d: %+v %v", q.ID, k+1, start, err)
			}
			if err := dec.Decode(&res); err != nil {
				t.Fatalf("%s: child result for %s: %v", q.ID, in, err)
			}
			if res.Case != k+1 {
				t.Errorf("%s: result for case %d carries number %d", q.ID, k+1, res.Case)
			}
			if cr := Judge(q.ID, in, res); cr.Status != Passed {
				t.Errorf("%s on %s: %s %s", q.ID, in, cr.Status, cr.Note)
			}
		}
		if dec.More() {
			t.Errorf("%s: more results than cases", q.ID)
		}
	}
	// A panic costs only its own case; the last input needs no newline.
	var buf bytes.Buffer
	calls := 0
	Serve("01/Q4", func(n int) (int64, error) {
		calls++
		if calls == 1 {
			panic(ToDo)
		}
		if calls == 2 {
			var m map[int]int
			m[n] = n
		}
		return 2, nil
	}, strings.NewReader(`{"case":1,"input":{"N":3}}`+"\n\n"+`{"case":2,"input":{"N":4}}`+"\n"+`{"case":3,"input":{"N":4}}`+"\n{\n"+`{"case":5,"input":{"N":4}}`), &buf)
	var got []string
	for _, line := range strings.Split(strings.TrimSpace(buf.String()), "\n") {
		if !strings.Contains(line, `"started":true`) {
			got = append(got, line)
		}
	}
	if len(got) != 5 || got[0] != `{"case":1,"todo":true}` ||
		!strings.Contains(got[1], "nil map") || !strings.HasPrefix(got[2], `{"case":3,"output":`) ||
		!strings.Contains(got[3], "cas illisible") || !strings.HasPrefix(got[4], `{"case":5,"output":`) {
		t.Errorf("stub, panic, result, unreadable case, result: %q", got)
	}
	buf.Reset()
	Serve("01/Q4", func(int) int { return 0 }, strings.NewReader(`{"case":1,"input":{"N":3}}`), &buf)
	if !strings.Contains(buf.String(), "wrong signature") {
		t.Errorf("wrong signature in a child: %s", buf.String())
	}
}

// Where any valid answer passes, the expected output is shown as an
// example; an expected error is not.
func TestExampleWant(t *testing.T) {
	r := Domination.Q2.Run(func(n int) ([]queens.Square, error) { return nil, nil })
	var example, exact bool
	for _, c := range r.Cases {
		example = example || strings.HasPrefix(c.Want, "par exemple ")
		exact = exact || strings.HasPrefix(c.Want, "erreur")
	}
	if !example || !exact {
		t.Errorf("want an example placement and an exact error among %+v", r.Cases)
	}
}

// A demonstration stopped by a stub at once drops the header it printed and
// says which answer to complete; one that runs prints everything.
func TestDemoOutput(t *testing.T) {
	capture := func(f func()) string {
		out := os.Stdout
		r, w, _ := os.Pipe()
		os.Stdout = w
		f()
		os.Stdout = out
		w.Close()
		b, _ := io.ReadAll(r)
		return string(b)
	}
	got := capture(func() {
		Demo("Count (question 4)", func() {
			fmt.Println(" n  solutions")
			panic(ToDo)
		})
	})
	if strings.Contains(got, "solutions") || !strings.Contains(got, "complétez d'abord cette réponse") {
		t.Errorf("stub: printed %q", got)
	}
	got = capture(func() {
		Demo("Count et First (questions 4 et 5)", func() {
			fmt.Println(" n  solutions")
			fmt.Println(" 4  2")
		})
	})
	if got != " n  solutions\n 4  2\n" {
		t.Errorf("demonstration: printed %q", got)
	}
	got = capture(func() { Demo("Count et First (questions 4 et 5)", func() { panic(ToDo) }) })
	if !strings.Contains(got, "complétez d'abord ces réponses") {
		t.Errorf("two answers: %q", got)
	}
}
