// Package mistakes holds the typical mistakes of notebook 03 (constraint programming):
// its correction with a mistake written into it, and the points the grader
// must take for it, worked out by hand in grading/batch/testdata/README.md.
// The grader's tests grade them (grading/fixtures.Mistakes gathers every
// TP's); the student edition does not have them.
package mistakes

import "github.com/prepa-reines/reines/grading/fixtures/edit"

// Mistakes are notebook 03's typical mistakes. A mistake also costs the
// questions whose functions call the mistaken one.
var Mistakes = []edit.Mistake{
	{Name: "03-model1-no-antidiagonal", TP: "03", Edits: []edit.Edit{edit.Replace("03/Q2", "\t\t\tmodel.Post(cp.NotEqualOffset(x[i], x[j], -k))\n", "")},
		Lost: map[string]float64{"03/Q2": 0.75}, Total: 17.75},
}
