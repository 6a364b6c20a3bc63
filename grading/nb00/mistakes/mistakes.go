// Package mistakes holds the typical mistakes of notebook 00 (the Go primer):
// its correction with a mistake written into it, and the points the grader
// must take for it, worked out by hand in grading/batch/testdata/README.md.
// The grader's tests grade them (grading/fixtures.Mistakes gathers every
// TP's); the student edition does not have them.
package mistakes

import "github.com/prepa-reines/reines/grading/fixtures/edit"

// Mistakes are notebook 00's typical mistakes. A mistake also costs the
// questions whose functions call the mistaken one.
var Mistakes = []edit.Mistake{
	{Name: "00-no-copy-shared-sum", TP: "00", Edits: []edit.Edit{
		// Two mistakes in one notebook (one grading): Q3 keeps the
		// permutation itself; Q9's workers add to one shared sum without a
		// lock (each adds its last term just before its next call of f: a
		// check that synchronized the calls of f would order those writes
		// and hide the data race).
		edit.Replace("00/Q3", "perms = append(perms, slices.Clone(p))", "perms = append(perms, p)"),
		edit.SetAnswer("00/Q9", `func Workers(tasks []int, workers int, f func(int) int64) int64 {
	workers = max(workers, 1)
	todo := make(chan int, len(tasks))
	for _, t := range tasks {
		todo <- t
	}
	close(todo)
	var total int64 // every worker's, unprotected
	rest := make(chan int64, workers)
	for range workers {
		go func() {
			var last int64
			for t := range todo {
				if last != 0 {
					total += last
				}
				last = f(t)
			}
			rest <- last
		}()
	}
	var lasts int64
	for range workers {
		lasts += <-rest
	}
	return total + lasts
}`),
	}, Lost: map[string]float64{"00/Q3": 0.75, "00/Q9": 0}, Total: 20.75, Flag: "course critique"},
}
