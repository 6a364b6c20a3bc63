package notebook

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The reasons a handed-in file is refused, in French.
func TestParseHandedIn(t *testing.T) {
	for data, want := range map[string]string{
		"":                                  "fichier vide",
		"{\"cells\": [":                     "JSON invalide ou tronqué : le fichier s'arrête avant la fin",
		"{\"cells\" 1}":                     "caractère inattendu à l'octet 10",
		`{"nbformat": 4, "cells": 7}`:       "le champ « cells » n'a pas le type attendu",
		`{"nbformat": 3, "worksheets": []}`: "format ancien",
		`{"nbformat": 5, "cells": []}`:      "nbformat 5",
		`{"nbformat": 4, "cells": [{"source": "x"}]}`: "la cellule 1 n'a pas de type",
		`{"nbformat": 4, "cells": []}`:                "notebook vide",
	} {
		if _, err := ParseHandedIn([]byte(data)); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: error %v; want one saying %q", data, err, want)
		}
	}
	data, err := os.ReadFile("../../notebooks/01-recursion.ipynb")
	if err != nil {
		t.Fatal(err)
	}
	nb, err := ParseHandedIn(data)
	if err != nil || len(nb.Cells) < 10 || nb.Cells[0].Reines().Role != "header" {
		t.Fatalf("the student notebook: %v", err)
	}
	out, err := nb.Marshal()
	if err != nil || string(out) != string(data) {
		t.Errorf("the notebook does not round-trip: %v", err)
	}
}

// Any bytes: a notebook or a reason, never a panic; what is read writes
// back and reads again the same.
func FuzzParseHandedIn(f *testing.F) {
	seeds, _ := filepath.Glob("../batch/testdata/cases/*.ipynb")
	seeds = append(seeds, "../../notebooks/01-recursion.ipynb")
	for _, p := range seeds {
		if data, err := os.ReadFile(p); err == nil {
			f.Add(data)
		}
	}
	f.Add([]byte(`{"nbformat": 4, "cells": [{"cell_type": "code", "source": ["%%\n", "x"], "metadata": {"reines": {"role": "answer"}}}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		nb, err := ParseHandedIn(data)
		if err != nil {
			if err.Error() == "" {
				t.Error("empty reason")
			}
			return
		}
		for i := range nb.Cells {
			_ = nb.Cells[i].Reines()
		}
		out, err := nb.Marshal()
		if err != nil {
			t.Fatalf("a notebook read does not write back: %v", err)
		}
		again, err := ParseHandedIn(out)
		if err != nil || len(again.Cells) != len(nb.Cells) {
			t.Fatalf("written back, it does not read again: %v", err)
		}
	})
}

// Clearing the outputs of a notebook that has none changes nothing, byte
// for byte; clearing a run notebook's empties its outputs and counts and
// keeps every source, attachment and unknown field as it was.
func TestClearOutputs(t *testing.T) {
	clean, err := os.ReadFile("../../notebooks/corrections/01-recursion.ipynb")
	if err != nil {
		t.Fatal(err)
	}
	if got, err := ClearOutputs(clean); err != nil || string(got) != string(clean) {
		t.Fatalf("a notebook without outputs is changed (%v)", err)
	}
	var run map[string]any
	if err := json.Unmarshal(clean, &run); err != nil {
		t.Fatal(err)
	}
	big := strings.Repeat("<script>/* chart library */</script>", 40000)
	for i, c := range run["cells"].([]any) {
		cell := c.(map[string]any)
		switch cell["cell_type"] {
		case "code":
			cell["execution_count"] = i
			cell["outputs"] = []any{
				map[string]any{"output_type": "stream", "name": "stdout", "text": []any{"ECharts chargé\n"}},
				map[string]any{"output_type": "display_data", "data": map[string]any{"text/html": big}, "metadata": map[string]any{}},
			}
			cell["metadata"].(map[string]any)["scrolled"] = true
		case "markdown":
			cell["attachments"] = map[string]any{"board.png": map[string]any{"image/png": "iVBORw0KGgo="}}
		}
	}
	run["cells"].([]any)[1].(map[string]any)["source"] = "one string, not a list\nof lines"
	run["x-unknown"] = map[string]any{"kept": 1.5}
	data, err := json.Marshal(run)
	if err != nil {
		t.Fatal(err)
	}
	got, err := ClearOutputs(data)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) >= len(clean)+len(clean)/2 {
		t.Errorf("cleared: %d bytes; the notebook without outputs has %d", len(got), len(clean))
	}
	before, _ := Parse(data)
	after, err := Parse(got)
	if err != nil || len(after.Cells) != len(before.Cells) {
		t.Fatalf("cleared notebook: %v", err)
	}
	for i, c := range after.Cells {
		if c.Source != before.Cells[i].Source || c.CellType != before.Cells[i].CellType {
			t.Errorf("cell %d: source or type changed", i)
		}
		if len(c.Outputs) != 0 || c.ExecutionCount != nil {
			t.Errorf("cell %d: %d outputs, execution count %v; want none", i, len(c.Outputs), c.ExecutionCount)
		}
	}
	for _, want := range []string{`"scrolled": true`, `"image/png": "iVBORw0KGgo="`, `"x-unknown": {`, `"kept": 1.5`, `"source": "one string, not a list\nof lines"`} {
		if !strings.Contains(string(got), want) {
			t.Errorf("cleared notebook lacks %s", want)
		}
	}
	for _, bad := range []string{"", "[]", `{"cells": 3}`, `{"cells": [`} {
		if _, err := ClearOutputs([]byte(bad)); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}
