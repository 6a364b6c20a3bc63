package exactcover

import (
	"math/rand/v2"
	"reflect"
	"testing"
)

// TraceX replays AlgorithmX: same solutions in the same order, and on the
// first example of TAOCP 7.2.2.1 the steps worked out by hand.
func TestTraceX(t *testing.T) {
	knuth := Matrix{ // items a..g; options c e, a d g, b c f, a d f, b g, d e g
		{0, 0, 1, 0, 1, 0, 0},
		{1, 0, 0, 1, 0, 0, 1},
		{0, 1, 1, 0, 0, 1, 0},
		{1, 0, 0, 1, 0, 1, 0},
		{0, 1, 0, 0, 0, 0, 1},
		{0, 0, 0, 1, 1, 0, 1},
	}
	type short struct {
		Kind        StepKind
		Column, Row int
	}
	var got []short
	steps := TraceX(knuth)
	for _, s := range steps {
		got = append(got, short{s.Kind, s.Column, s.Row})
	}
	want := []short{
		{ChooseColumn, 0, -1}, {TryRow, 0, 1}, {ChooseColumn, 1, -1}, {TryRow, 1, 2}, {DeadEnd, 4, -1},
		{TryRow, 0, 3}, {ChooseColumn, 1, -1}, {TryRow, 1, 4}, {ChooseColumn, 2, -1}, {TryRow, 2, 0}, {Solution, -1, -1},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("steps %v\nwant %v", got, want)
	}
	last := steps[len(steps)-1]
	if !reflect.DeepEqual(last.Partial, []int{3, 4, 0}) || last.Depth != 3 || steps[1].Depth != 0 || steps[2].Depth != 1 {
		t.Errorf("solution step %+v, depths %d %d", last, steps[1].Depth, steps[2].Depth)
	}
	if !reflect.DeepEqual(steps[2].Rows, []bool{true, false, true, false, false, false}) ||
		!reflect.DeepEqual(steps[2].Cols, []bool{false, true, true, false, true, true, false}) {
		t.Errorf("after choosing row 1: rows %v, cols %v", steps[2].Rows, steps[2].Cols)
	}

	rng := rand.New(rand.NewPCG(4, 4))
	for k := range 200 {
		m := randomMatrix(rng, 1+rng.IntN(12), 1+rng.IntN(7), 0, 0.3)
		var sols [][]int
		for _, s := range TraceX(m) {
			if s.Kind == Solution {
				sols = append(sols, s.Partial)
			}
		}
		if want := AlgorithmX(m); !reflect.DeepEqual(sols, want) && (len(sols) > 0 || len(want) > 0) {
			t.Fatalf("matrix %d %v: TraceX solutions %v, AlgorithmX %v", k, m, sols, want)
		}
	}
}
