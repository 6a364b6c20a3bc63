package submission

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A cell with a cgo preamble: C code in the comment before import "C",
// which would run a shell and read the teacher's files.
const cgoCell = `// #include <stdlib.h>
// #include "/etc/hostname"
import "C"

func Count(n int) (int64, error) {
	C.system(C.CString("touch /tmp/reines-cgo-ran"))
	return 0, nil
}`

// The merged program drops the comments of imports: the preamble of a
// student's import "C" is not in the source the grader builds.
func TestCgoPreambleDropped(t *testing.T) {
	p := Build([]Cell{{Index: 0, Source: cgoCell}})
	if len(p.Errors) > 0 {
		t.Fatalf("the cell does not parse: %+v", p.Errors)
	}
	src := p.Source(p.Needed("Count"), "")
	if strings.Contains(src, "#include") || strings.Contains(src, "/etc/hostname") {
		t.Errorf("the preamble is in the source built:\n%s", src)
	}
	if !importsC(src) {
		t.Errorf("importsC does not see the import \"C\" of:\n%s", src)
	}
}

// A unit importing "C" is refused before the go command sees it, with or
// without the race detector (whose builds enable cgo): no C compiler runs
// (the preamble's #error would say so), no binary is made, the student
// reads why in French; the other units of the build are built.
func TestCgoRefused(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the go command, with the race detector")
	}
	preamble := "package main\n\n/*\n#error reines: the C compiler ran\n#include <stdlib.h>\n*/\nimport \"C\"\n\nfunc main() { C.system(C.CString(\"true\")) }\n"
	merged := Build([]Cell{{Index: 0, Source: cgoCell}})
	fromCells := merged.Source(merged.Needed("Count"), "Count(1)")
	plain := "package main\n\nfunc main() {}\n"
	dir := t.TempDir()
	built, err := Compile(context.Background(), Toolchain{Root: root(t)}, dir, []Unit{
		{Name: "cgo", Source: preamble},
		{Name: "cgorace", Source: preamble, Race: true},
		{Name: "cells", Source: fromCells, Race: true},
		{Name: "harness", Source: plain, Harness: preamble[:strings.Index(preamble, "func main")] + "var _ = C.int(0)\n", Race: true},
		{Name: "plain", Source: plain},
		{Name: "plainrace", Source: plain, Race: true},
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"cgo", "cgorace", "cells", "harness"} {
		b := built[name]
		if b.Bin != "" || b.Errors != CgoRefused {
			t.Errorf("%s: built %+v; want no binary and the refusal %q", name, b, CgoRefused)
		}
		if _, err := os.Stat(filepath.Join(dir, name, "main.go")); err == nil {
			t.Errorf("%s: written for the go command", name)
		}
	}
	for _, name := range []string{"plain", "plainrace"} {
		if built[name].Bin == "" {
			t.Errorf("%s does not build beside the refused units: %s", name, built[name].Errors)
		}
	}
	if !strings.Contains(CgoRefused, "cgo") || !strings.Contains(CgoRefused, "en Go") {
		t.Errorf("the refusal does not tell the student what to do: %q", CgoRefused)
	}
}
