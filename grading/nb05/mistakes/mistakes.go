// Package mistakes holds the typical mistakes of notebook 05 (queen domination):
// its correction with a mistake written into it, and the points the grader
// must take for it, worked out by hand in grading/batch/testdata/README.md.
// The grader's tests grade them (grading/fixtures.Mistakes gathers every
// TP's); the student edition does not have them.
package mistakes

import "github.com/prepa-reines/reines/grading/fixtures/edit"

// Mistakes are notebook 05's typical mistakes. A mistake also costs the
// questions whose functions call the mistaken one.
var Mistakes = []edit.Mistake{
	{Name: "05-search-no-undo", TP: "05", Edits: []edit.Edit{edit.Replace("05/Q9b", "\t\t\t\t_ = Update(c, sq, -1) // ne peut pas échouer\u00a0: la reine y est\n", "")},
		Lost: map[string]float64{"05/Q9b": 0.75}, Total: 28.75},
	{Name: "05-count-prunes-ties", TP: "05", Edits: []edit.Edit{edit.Replace("05/Q13", "if r > best {", "if r >= best {")},
		Lost: map[string]float64{"05/Q13": 1}, Total: 28},
	{Name: "05-parallel-no-lock", TP: "05", Edits: []edit.Edit{
		// The lock taken in the wrong place: after the goroutines, not
		// around best.
		edit.Replace("05/Q24b", "\t\tmu.Lock()\n\t\tdefer mu.Unlock()\n\t\treturn best\n", "\t\treturn best\n"),
		edit.ReplaceAll("05/Q24b", "\t\t\t\t\tmu.Lock()\n", ""),
		edit.ReplaceAll("05/Q24b", "\t\t\t\t\tmu.Unlock()\n", ""),
		edit.Replace("05/Q24b", "\twg.Wait()\n", "\twg.Wait()\n\tmu.Lock()\n\tdefer mu.Unlock()\n"),
	}, Lost: map[string]float64{"05/Q24b": 0}, Total: 28, Flag: "course critique"},
}
