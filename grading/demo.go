package grading

import (
	"fmt"

	"github.com/prepa-reines/reines/tp/chart"
)

// Demo runs a notebook's demonstration code (drawings, tables, timings that
// call the student's functions) so that an unfinished answer does not stop
// the notebook: the stub's panic(ToDo) shows a French note saying which
// question to complete first, and any other panic is reported instead of
// crashing the cell. needs names the function(s) the demonstration uses.
func Demo(needs string, run func()) {
	defer func() {
		v := recover()
		if v == nil {
			return
		}
		msg := fmt.Sprintf("Cette démonstration utilise %s : complétez d'abord cette réponse, puis relancez la cellule.", needs)
		if s, ok := v.(string); !ok || s != ToDo {
			msg = fmt.Sprintf("La démonstration s'est arrêtée : votre code a paniqué (%v).", v)
		}
		chart.Display(`<p style="color:#a33;font-family:sans-serif">`+msg+`</p>`, msg, nil)
	}()
	run()
}
