// Package mistakes holds the typical mistakes of notebook 02 (iterative backtracking):
// its correction with a mistake written into it, and the points the grader
// must take for it, worked out by hand in grading/batch/testdata/README.md.
// The grader's tests grade them (grading/fixtures.Mistakes gathers every
// TP's); the student edition does not have them.
package mistakes

import "github.com/prepa-reines/reines/grading/fixtures/edit"

// Mistakes are notebook 02's typical mistakes. A mistake also costs the
// questions whose functions call the mistaken one.
var Mistakes = []edit.Mistake{
	{Name: "02-antidiagonal-off-by-one", TP: "02", Edits: []edit.Edit{edit.Replace("02/Q2", "l+c == s.I+s.J", "l+c == s.I+s.J+1")},
		Lost: map[string]float64{"02/Q2": 1.5, "02/Q3": 1.75, "02/Q12": 0.75}, Total: 21},
}
