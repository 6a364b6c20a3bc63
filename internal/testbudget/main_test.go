package main

import (
	"bytes"
	"go/ast"
	"go/parser"
	"go/token"
	"io"
	"io/fs"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// A stream of go test -json: one package passing, one failing (its
// output shown), one without tests.
const events = `{"Action":"output","Package":"github.com/prepa-reines/reines/tp/queens","Output":"ok  \n"}
{"Action":"pass","Package":"github.com/prepa-reines/reines/tp/queens","Elapsed":1.5}
{"Action":"run","Package":"github.com/prepa-reines/reines/grading/batch","Test":"TestX"}
{"Action":"output","Package":"github.com/prepa-reines/reines/grading/batch","Test":"TestX","Output":"    x_test.go:3: got 1, want 2\n"}
{"Action":"fail","Package":"github.com/prepa-reines/reines/grading/batch","Test":"TestX","Elapsed":3}
{"Action":"fail","Package":"github.com/prepa-reines/reines/grading/batch","Elapsed":200.25}
{"Action":"skip","Package":"github.com/prepa-reines/reines/tp/board","Elapsed":0}
go: a line of the go command
`

func TestReadEvents(t *testing.T) {
	var out bytes.Buffer
	rows, err := readEvents(strings.NewReader(events), &out, "go test ", false)
	if err != nil {
		t.Fatal(err)
	}
	want := []row{{name: "go test tp/queens", seconds: 1.5, sub: true}, {name: "go test grading/batch", seconds: 200.25, failed: true, sub: true}}
	if len(rows) != len(want) {
		t.Fatalf("rows %+v; want %+v", rows, want)
	}
	for i := range want {
		if rows[i] != want[i] {
			t.Errorf("row %d: %+v; want %+v", i, rows[i], want[i])
		}
	}
	for _, s := range []string{"got 1, want 2", "FAIL\tgrading/batch\t200.2s", "ok\ttp/queens\t1.5s", "go: a line of the go command"} {
		if !strings.Contains(out.String(), s) {
			t.Errorf("output lacks %q:\n%s", s, out.String())
		}
	}
}

// Each kernel test is a row of its own; its logs are shown as they come.
func TestReadEventsVerbose(t *testing.T) {
	stream := `{"Action":"run","Package":"github.com/prepa-reines/reines/notebooks","Test":"TestLive"}
{"Action":"output","Package":"github.com/prepa-reines/reines/notebooks","Test":"TestLive","Output":"=== RUN   TestLive\n"}
{"Action":"output","Package":"github.com/prepa-reines/reines/notebooks","Test":"TestLive","Output":"    live_test.go:9: executed in 42 s\n"}
{"Action":"pass","Package":"github.com/prepa-reines/reines/notebooks","Test":"TestLive/01","Elapsed":40}
{"Action":"pass","Package":"github.com/prepa-reines/reines/notebooks","Test":"TestLive","Elapsed":42}
`
	var out bytes.Buffer
	rows, err := readEvents(strings.NewReader(stream), &out, "kernel ", true)
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 1 || rows[0] != (row{name: "kernel TestLive", seconds: 42, sub: true}) {
		t.Errorf("rows %+v; want one for TestLive, 42 s", rows)
	}
	if !strings.Contains(out.String(), "executed in 42 s") || strings.Contains(out.String(), "=== RUN") {
		t.Errorf("output:\n%s\nwant the test's log without the === lines", out.String())
	}
}

// A test whose subtests are parallel ends its function at once (Elapsed
// 1.1 s in go test -json) but lasts until its subtests are done: its row
// is the time from its run event to its pass event.
func TestReadEventsParallel(t *testing.T) {
	stream := `{"Time":"2026-12-02T14:00:00Z","Action":"run","Package":"github.com/prepa-reines/reines/notebooks","Test":"TestExecute"}
{"Time":"2026-12-02T14:00:01Z","Action":"run","Package":"github.com/prepa-reines/reines/notebooks","Test":"TestExecute/01"}
{"Time":"2026-12-02T14:04:00Z","Action":"pass","Package":"github.com/prepa-reines/reines/notebooks","Test":"TestExecute/01","Elapsed":239}
{"Time":"2026-12-02T14:04:00Z","Action":"pass","Package":"github.com/prepa-reines/reines/notebooks","Test":"TestExecute","Elapsed":1.1}
`
	rows, err := readEvents(strings.NewReader(stream), io.Discard, "kernel ", true)
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 1 || rows[0] != (row{name: "kernel TestExecute", seconds: 240, sub: true}) {
		t.Errorf("rows %+v; want one for TestExecute, 240 s", rows)
	}
}

// A phase over its share is warned about, with the machine's load; one
// within it is not.
func TestReport(t *testing.T) {
	var out bytes.Buffer
	report(&out, []row{{name: "lint", seconds: 61}, {name: "fuzz", seconds: 10}, {name: "go test tp/queens", seconds: 1, sub: true}}, 100)
	s := out.String()
	if !strings.Contains(s, "WARNING: lint took 61 s, over its 60 s") {
		t.Errorf("no warning for lint over its share:\n%s", s)
	}
	if strings.Contains(s, "fuzz took") || strings.Contains(s, "tp/queens") {
		t.Errorf("a warning or a row for what is within its share:\n%s", s)
	}
	out.Reset()
	report(&out, []row{{name: "lint", seconds: 1}}, 2000)
	if !strings.Contains(out.String(), "WARNING: the suite took 33.3 min, over its 20 min") {
		t.Errorf("no warning for the whole suite over its budget:\n%s", out.String())
	}
}

// Every test that starts busy loops (internal/busyloop) is one that the
// go test phase runs alone, after the others (busyTests, in
// busyPackages): beside the other packages, its loops would take the
// machine from them.
func TestBusyTestsNamed(t *testing.T) {
	named := regexp.MustCompile(busyTests)
	found := 0
	err := filepath.WalkDir("../..", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "build" || d.Name() == "workspace" || strings.HasPrefix(d.Name(), ".")) && path != "../.." {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, 0)
		if err != nil {
			return err
		}
		for _, decl := range f.Decls {
			fd, ok := decl.(*ast.FuncDecl)
			if !ok || fd.Body == nil || !strings.HasPrefix(fd.Name.Name, "Test") {
				continue
			}
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				sel, ok := n.(*ast.SelectorExpr)
				if !ok || sel.Sel.Name != "Start" {
					return true
				}
				if x, ok := sel.X.(*ast.Ident); !ok || x.Name != "busyloop" {
					return true
				}
				found++
				pkg := "./" + filepath.ToSlash(filepath.Dir(strings.TrimPrefix(path, "../../")))
				if !named.MatchString(fd.Name.Name) || !slices.Contains(busyPackages, pkg) {
					t.Errorf("%s (%s) starts busy loops, but the go test phase runs %q in %v alone", fd.Name.Name, path, busyTests, busyPackages)
				}
				return false
			})
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if found == 0 {
		t.Error("no test starts busy loops: busyTests names none")
	}
}
