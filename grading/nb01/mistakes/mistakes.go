// Package mistakes holds the typical mistakes of notebook 01 (recursive backtracking):
// its correction with a mistake written into it, and the points the grader
// must take for it, worked out by hand in grading/batch/testdata/README.md.
// The grader's tests grade them (grading/fixtures.Mistakes gathers every
// TP's); the student edition does not have them.
package mistakes

import "github.com/prepa-reines/reines/grading/fixtures/edit"

// Mistakes are notebook 01's typical mistakes. A mistake also costs the
// questions whose functions call the mistaken one.
var Mistakes = []edit.Mistake{
	{Name: "01-count-mirror-twice", TP: "01", Edits: []edit.Edit{edit.Replace("01/Q4", "\treturn count(0), nil\n", `	if n == 0 {
		return 1, nil
	}
	// By symmetry, count the first queen in the left half only, twice:
	// but the middle column of an odd n is its own mirror.
	var total int64
	for col := 0; col < (n+1)/2; col++ {
		p[0] = col
		total += 2 * count(1)
	}
	return total, nil
`)}, Lost: map[string]float64{"01/Q4": 1.75}, Total: 13.75},
}
