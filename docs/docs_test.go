// Package docs holds the tests of the workbook's documentation: the
// README, a front door, and the pages of docs/ it leads to.
package docs

import (
	"bufio"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/prepa-reines/reines/grading"
	"github.com/prepa-reines/reines/grading/fixtures"
	"github.com/prepa-reines/reines/grading/workbook"
)

// pages are the documentation files the tests read, from the module root.
func pages(t *testing.T) []string {
	t.Helper()
	docs, err := filepath.Glob("*.md")
	if err != nil || len(docs) < 5 {
		t.Fatalf("docs/*.md: %v, %d pages", err, len(docs))
	}
	ps := []string{"../README.md", "../hub/README.md"}
	for _, d := range docs {
		ps = append(ps, d)
	}
	return ps
}

func read(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// The README stays a front door: what the workbook is, the two commands,
// the two editions, a term with the workbook, and where to read more.
func TestReadmeFrontDoor(t *testing.T) {
	readme := read(t, "../README.md")
	if n := strings.Count(readme, "\n"); n > 170 {
		t.Errorf("README.md has %d lines: keep it a front door (about 150), move the rest to docs/", n)
	}
	for _, want := range []string{"make jupyter", "make test", "make student", "make grade"} {
		if !strings.Contains(readme, want) {
			t.Errorf("README.md does not say %q", want)
		}
	}
}

var link = regexp.MustCompile(`\]\(([^)#\s]+)(#[^)]*)?\)`)

// Every relative link of the documentation leads to a file or folder
// that exists.
func TestLinks(t *testing.T) {
	for _, p := range pages(t) {
		for _, m := range link.FindAllStringSubmatch(read(t, p), -1) {
			target := m[1]
			if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
				continue
			}
			if _, err := os.Stat(filepath.Join(filepath.Dir(p), target)); err != nil {
				t.Errorf("%s links to %s, which does not exist", p, target)
			}
		}
	}
}

// The tables of notebooks of the README and of the student edition's
// README are the workbook's list, in order, and every notebook they name
// exists.
func TestReadmeNotebooks(t *testing.T) {
	row := regexp.MustCompile("(?m)^\\| `notebooks/([0-9]{2}-[a-z]+)\\.ipynb` \\|")
	var want []string
	for _, nb := range workbook.Notebooks {
		want = append(want, nb.Name)
	}
	for _, readme := range []string{"../README.md", "../grading/release/student/README.md"} {
		var got []string
		for _, m := range row.FindAllStringSubmatch(read(t, readme), -1) {
			got = append(got, m[1])
			if _, err := os.Stat(filepath.Join("..", "notebooks", m[1]+".ipynb")); err != nil {
				t.Error(err)
			}
		}
		if !slices.Equal(got, want) {
			t.Errorf("%s's table lists the notebooks %v; the workbook has %v", readme, got, want)
		}
	}
}

// Every make target the documentation names is one of the Makefile's, or
// of the student edition's (make rendu).
func TestMakeTargets(t *testing.T) {
	targets := map[string]bool{}
	rule := regexp.MustCompile(`^([a-z][a-z-]*):`)
	for _, mk := range []string{"../Makefile", "../grading/release/student/Makefile"} {
		f, err := os.Open(mk)
		if err != nil {
			t.Fatal(err)
		}
		for sc := bufio.NewScanner(f); sc.Scan(); {
			if m := rule.FindStringSubmatch(sc.Text()); m != nil {
				targets[m[1]] = true
			}
		}
		f.Close()
	}
	named := regexp.MustCompile("`make ([a-z][a-z-]*)")
	for _, p := range []string{"../README.md", "grading.md", "large-classes.md", "notebooks.md", "library.md", "testing.md", "contributing.md"} {
		for _, m := range named.FindAllStringSubmatch(read(t, p), -1) {
			if !targets[m[1]] {
				t.Errorf("%s names make %s, which the Makefile does not have", p, m[1])
			}
		}
	}
}

// The map of the packages in contributing.md names every package of the
// module (every folder that go's ./... would list), and nothing else that
// looks like one.
func TestPackageMap(t *testing.T) {
	var pkgs []string
	err := filepath.WalkDir("..", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() {
			if path != ".." && (strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") || name == "testdata" || name == "build" || name == "workspace" || name == "node_modules") {
				return filepath.SkipDir
			}
			return nil
		}
		if strings.HasSuffix(name, ".go") {
			dir := filepath.ToSlash(filepath.Dir(strings.TrimPrefix(path, "../")))
			if dir != "." && !slices.Contains(pkgs, dir) {
				pkgs = append(pkgs, dir)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	doc := read(t, "contributing.md")
	start := strings.Index(doc, "## The map of the packages")
	end := strings.Index(doc, "## Adding a question")
	if start < 0 || end < start {
		t.Fatal("contributing.md has no section « The map of the packages » before « Adding a question »")
	}
	table := doc[start:end]
	for _, p := range pkgs {
		if !strings.Contains(table, "`"+p+"`") {
			t.Errorf("the map of the packages does not name %s", p)
		}
	}
	named := regexp.MustCompile("`((?:tp|grading|internal|notebooks|hub|docs)(?:/[a-z0-9]+)*)`")
	for _, m := range named.FindAllStringSubmatch(table, -1) {
		if !slices.Contains(pkgs, m[1]) {
			t.Errorf("the map of the packages names %s, which is not a package", m[1])
		}
	}
	if len(pkgs) < 40 {
		t.Errorf("only %d packages found: %v", len(pkgs), pkgs)
	}
}

// The counts of sample submissions the documentation gives are those of
// the fixtures (« 26 sample notebooks », « 26 synthetic submissions »).
func TestSampleCounts(t *testing.T) {
	count := regexp.MustCompile(`(\d+) (?:sample notebooks|synthetic submissions)`)
	found := 0
	for _, p := range pages(t) {
		for _, m := range count.FindAllStringSubmatch(read(t, p), -1) {
			found++
			if m[1] != strconv.Itoa(len(fixtures.Corpus)) {
				t.Errorf("%s: %q; the corpus holds %d notebooks (grading/fixtures)", p, m[0], len(fixtures.Corpus))
			}
		}
	}
	if found == 0 {
		t.Error("no count of the sample notebooks found: the README's try says how many")
	}
}

// The versions and limits the documentation gives are the ones the set-up
// installs and the checks use: GoNB's and ECharts's (kernel-setup/setup.sh),
// Go's (go.mod), the time a check gives a case (grading.DefaultTimeout).
func TestDocumentedFigures(t *testing.T) {
	setup := read(t, "../kernel-setup/setup.sh")
	pinned := func(name string) string {
		m := regexp.MustCompile(`(?m)^` + name + `=(\S+)$`).FindStringSubmatch(setup)
		if m == nil {
			t.Fatalf("kernel-setup/setup.sh sets no %s", name)
		}
		return m[1]
	}
	gomod := regexp.MustCompile(`(?m)^go (1\.\d+)`).FindStringSubmatch(read(t, "../go.mod"))
	if gomod == nil {
		t.Fatal("go.mod has no go line")
	}
	figures := []struct {
		re   *regexp.Regexp
		want string
	}{
		{regexp.MustCompile(`GoNB (v\d+\.\d+\.\d+)`), pinned("GONB_VERSION")},
		{regexp.MustCompile(`ECharts (\d+\.\d+\.\d+)`), pinned("ECHARTS_VERSION")},
		{regexp.MustCompile(`\bGo (?:≥ )?(1\.\d+)`), gomod[1]},
		{regexp.MustCompile("(?:checks stop a case after|arrêtent une fonction après|`-timeout`, default) (\\d+)[ \u00a0]s\\b"), strconv.Itoa(int(grading.DefaultTimeout.Seconds()))},
	}
	ps := append(pages(t), "../grading/release/student/README.md")
	for _, f := range figures {
		found := 0
		for _, p := range ps {
			for _, m := range f.re.FindAllStringSubmatch(read(t, p), -1) {
				found++
				if m[1] != f.want {
					t.Errorf("%s: %q; the workbook's is %s", p, m[0], f.want)
				}
			}
		}
		if found == 0 {
			t.Errorf("no documentation page matches %v", f.re)
		}
	}
}

// The house rule on sizes (contributing.md): no Go file over maxFileLines
// lines but the data tables of grading/fixtures, no function over
// maxFuncLines lines; tests aside.
func TestSizes(t *testing.T) {
	const maxFileLines, maxFuncLines = 700, 120
	fset := token.NewFileSet()
	files := 0
	err := filepath.WalkDir("..", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if name := d.Name(); path != ".." && (name == "build" || name == "testdata" || strings.HasPrefix(name, ".")) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			return err
		}
		files++
		rel := filepath.ToSlash(strings.TrimPrefix(path, "../"))
		if n := fset.File(f.Pos()).LineCount(); n > maxFileLines && !strings.HasPrefix(rel, "grading/fixtures/") {
			t.Errorf("%s: %d lines; split it by concern (at most %d)", rel, n, maxFileLines)
		}
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
				if n := fset.Position(fd.End()).Line - fset.Position(fd.Pos()).Line + 1; n > maxFuncLines {
					t.Errorf("%s: %s has %d lines (at most %d)", rel, fd.Name.Name, n, maxFuncLines)
				}
			}
		}
		return nil
	})
	if err != nil || files < 100 {
		t.Fatalf("%d Go files read: %v", files, err)
	}
}
