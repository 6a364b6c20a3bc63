// Package mistakes holds the typical mistakes of notebook 04 (exact cover):
// its correction with a mistake written into it, and the points the grader
// must take for it, worked out by hand in grading/batch/testdata/README.md.
// The grader's tests grade them (grading/fixtures.Mistakes gathers every
// TP's); the student edition does not have them.
package mistakes

import "github.com/prepa-reines/reines/grading/fixtures/edit"

// Mistakes are notebook 04's typical mistakes. A mistake also costs the
// questions whose functions call the mistaken one.
var Mistakes = []edit.Mistake{
	{Name: "04-diagonals-primary", TP: "04", Edits: []edit.Edit{edit.Replace("04/Q12", "p, err := New(primary, secondary)", "p, err := New(append(primary, secondary...), nil)")},
		Lost: map[string]float64{"04/Q12": 0.5}, Total: 31.5},
	{Name: "04-insert-calls-method", TP: "04", Edits: []edit.Edit{edit.SetAnswer("04/Q4", `func InsertOption(p *exactcover.Problem, items ...string) error {
	return p.AddOption(items...) // the package's method, which calls the reference answer
}`)},
		Lost: map[string]float64{"04/Q4": 0, "04/Q12": 0, "04/Q13": 0}, Total: 25, Flag: "exactcover.Problem.AddOption"},
	// Mistakes whose feedback must point at the right place (TestCascade):
	// HideOption forgets LEN, which CoverItem and Dance then inherit; Dance
	// returns at once when visit says stop, without uncovering.
	{Name: "04-hide-option-no-len", TP: "04", Edits: []edit.Edit{edit.Replace("04/Q5", "\t\tp.Len[j]--\n", "")}},
	{Name: "04-dance-stop-no-uncover", TP: "04", Edits: []edit.Edit{edit.Replace("04/Q11", "\t\t\tgoing = dance()\n", "\t\t\tif going = dance(); !going {\n\t\t\t\treturn false\n\t\t\t}\n")}},
}
