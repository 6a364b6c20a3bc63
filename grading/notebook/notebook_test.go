package notebook

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The reasons a handed-in file is refused, in French.
func TestParseHandedIn(t *testing.T) {
	for data, want := range map[string]string{
		"":                                  "fichier vide",
		"{\"cells\": [":                     "JSON invalide ou tronqué",
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
