package submission

import (
	"context"
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/prepa-reines/reines/grading/notebook"
)

func cellsOf(t *testing.T, path string) []Cell {
	t.Helper()
	nb, err := notebook.Read(path)
	if err != nil {
		t.Fatal(err)
	}
	var cells []Cell
	for i, c := range nb.Cells {
		if c.CellType == "code" {
			cells = append(cells, Cell{Index: i, Source: string(c.Source)})
		}
	}
	return cells
}

func root(t *testing.T) string {
	r, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// The merged program of the declarations notebook, run with its last cell
// as main, prints what GoNB prints (stated in the notebook's first cell).
func TestGoNBDeclarations(t *testing.T) {
	cells := cellsOf(t, "testdata/notebook-gonb-declarations.ipynb")
	last := cells[len(cells)-1]
	p := Build(cells)
	if len(p.Errors) > 0 {
		t.Fatalf("cells did not parse: %+v", p.Errors)
	}
	body := last.Source[strings.Index(last.Source, "%%")+2:]
	decls, inits := p.WithInits(p.Decls)
	src := p.Source(decls, inits+body)
	built, err := Compile(context.Background(), Toolchain{Root: root(t)}, t.TempDir(), []Unit{{Name: "all", Source: src}})
	if err != nil {
		t.Fatal(err)
	}
	if built["all"].Bin == "" {
		t.Fatalf("does not compile:\n%s\n%s", built["all"].Errors, src)
	}
	out, err := exec.Command(built["all"].Bin).CombinedOutput()
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	want := "banner once\ntrue\ntrue\n5 8 5\nboard[1 3 0 2]\n"
	if string(out) != want {
		t.Errorf("output:\n%s\nwant:\n%s", out, want)
	}
}

func TestRedefinitionAndErrors(t *testing.T) {
	p := Build([]Cell{
		{0, "!*go mod edit -x\nimport \"github.com/prepa-reines/reines/tp/queens\"\n%%\nfmt.Println(1)"},
		{1, "func F(n int) int { return helper(n) }\nfunc helper(n int) int { return n }"},
		{2, "func F(n int) int { return 2 * helper(n) } // better"},
		{3, "func G( {"}, // does not parse: declares nothing
		{4, "type T struct{}\nfunc (T) M() int { return 1 }\nfunc Unrelated() {}"},
		{5, "func (t *T) M() int { return 2 }\nfunc H() int { var t T; return t.M() + F(1) }"},
	})
	if len(p.Errors) != 1 || p.Errors[0].Cell != 3 {
		t.Errorf("errors %+v; want cell 3 only", p.Errors)
	}
	cellOf := func(name string) int {
		if d := p.decl(name); d != nil {
			return d.Cell
		}
		return -1
	}
	if cellOf("F") != 2 || cellOf("G") != -1 || cellOf("T.M") != 5 {
		t.Errorf("F in cell %d, G in %d, T.M in %d", cellOf("F"), cellOf("G"), cellOf("T.M"))
	}
	if p.Imports["queens"].Path != "github.com/prepa-reines/reines/tp/queens" {
		t.Error("imports of the header must be kept")
	}
	var names []string
	for _, d := range p.Needed("H") {
		names = append(names, strings.Join(d.Names, ","))
	}
	if got := strings.Join(names, " "); got != "helper F T T.M H" {
		t.Errorf("H needs %q; want helper F T T.M H", got)
	}
}

// What GoNB keeps of a notebook, as its parser does (GoNB v0.11.5,
// internal/goexec/parser.go): every blank declaration, the last func init,
// and of two imports with one key (name, else last word of the path) the
// later.
func TestGoNBRules(t *testing.T) {
	p := Build([]Cell{
		{0, "import \"math/rand\"\nimport \"math/rand/v2\"\nvar table []int\nfunc init() { table = nil }"},
		{1, "var _ fmt.Stringer = T{}\nvar _ = fill()\ntype T struct{}\nfunc (T) String() string { return \"\" }\nfunc fill() int { return 0 }"},
		{2, "import rand \"math/rand/v2\"\nfunc init() { table = []int{1} }\nfunc Count() int { return table[0] + rand.IntN(1) }"},
	})
	if len(p.Imports) != 2 || p.Imports["rand"].Path != "math/rand/v2" || p.Imports["v2"].Path != "math/rand/v2" {
		t.Errorf("imports %v; want rand and v2, both math/rand/v2", p.Imports)
	}
	all, calls := p.WithInits(p.Needed("Count"))
	var texts []string
	for _, d := range all {
		texts = append(texts, d.Text[strings.Index(d.Text, "\n")+1:])
	}
	got := strings.Join(texts, "\n")
	for _, want := range []string{"var table []int", "var _ fmt.Stringer = T{}", "var _ = fill()", "func fill()", "func (T) String()", "func init() { table = []int{1} }"} {
		if !strings.Contains(got, want) {
			t.Errorf("program lacks %q:\n%s", want, got)
		}
	}
	if strings.Contains(got, "table = nil") || calls != "" {
		t.Errorf("the first func init is kept, or init called by hand (%q):\n%s", calls, got)
	}
}

// A local variable, a parameter, a field or a method named like a
// declaration of another cell is not a dependency on it: a broken cell
// declaring g does not cost an answer whose local variable is g.
func TestReferencesNotLocals(t *testing.T) {
	p := Build([]Cell{
		{0, "func g() int { return \"x\" }\nfunc h() {}\nvar size = 3"},
		{1, "type T struct{ g int }\nfunc (t T) h() int { return t.g }\nfunc Grid(h int) int {\n\tg := T{}\n\tfor size := range 2 {\n\t\t_ = size\n\t}\n\treturn g.h() + h\n}"},
		{2, "func Uses() int { return size }"},
	})
	for _, d := range p.Needed("Grid") {
		if d.Cell == 0 {
			t.Errorf("Grid needs %v of cell 0: only locals, fields and methods share its names", d.Names)
		}
	}
	if got := p.Needed("Uses"); len(got) != 2 || got[0].Names[0] != "size" {
		t.Errorf("Uses needs %v; want size (another cell's variable) and itself", got)
	}
}

// A method declared on a type alias is the aliased type's: a function
// that names only the type needs it (and the other way round).
func TestAliasMethods(t *testing.T) {
	p := Build([]Cell{
		{0, "type grille [][]bool\ntype Grille = grille\nfunc (g Grille) remplir(n int) Grille { return g }\nfunc (g grille) vider() {}"},
		{1, "func Grid(n int) [][]bool { return make(grille, n).remplir(n) }\nfunc Other(g Grille) { g.vider() }"},
		{2, "type counter struct{ n int }\ntype compteur = (counter)\nfunc (c compteur) total() int { return c.n }\nfunc Count() int { return counter{1}.total() }"},
	})
	for fn, want := range map[string]string{"Grid": "Grille.remplir", "Other": "grille.vider", "Count": "compteur.total"} {
		found := false
		for _, d := range p.Needed(fn) {
			found = found || slices.Contains(d.Names, want)
		}
		if !found {
			t.Errorf("%s does not need %s", fn, want)
		}
	}
}

// A unit of two functions holds what each needs, once, in program order,
// with the start-up calls before the call asked, and nothing else: the
// plan the grader's whole program and the self-check share.
func TestUnit(t *testing.T) {
	p := Build([]Cell{
		{0, "func helper() int { return 1 }\nfunc unused() int { return 2 }"},
		{1, "func A() int { return helper() }\nfunc init_x() {}"},
		{2, "func B() int { return helper() + 1 }"},
	})
	u := p.Unit("both", []string{"B", "A"}, "serve()", "package main\n", true)
	src := u.Source
	h, a, b := strings.Index(src, "func helper"), strings.Index(src, "func A"), strings.Index(src, "func B")
	if h < 0 || a < h || b < a || strings.Count(src, "func helper") != 1 || strings.Contains(src, "unused") {
		t.Errorf("unit source, want helper, A, B once each in program order and no unused:\n%s", src)
	}
	if !strings.Contains(src, "init_x()\nserve()") || u.Name != "both" || !u.Race || u.Harness != "package main\n" {
		t.Errorf("unit %+v; want the start-up call before serve(), its name, race and harness", u)
	}
}

// Empty declaration groups declare nothing: a cell that holds one builds
// (it made the builder panic, found by FuzzBuild and by a student's
// `const ()`).
func TestEmptyGroups(t *testing.T) {
	p := Build([]Cell{{0, "const ()\nvar A = 0"}, {1, "import ()\ntype ()\nvar ()\nfunc F() int { return A }"}})
	u := p.Unit("F", []string{"F"}, "", "package main\n", false)
	if len(p.Errors) > 0 || !strings.Contains(u.Source, "var A = 0") || !strings.Contains(u.Source, "func F()") {
		t.Errorf("errors %v, unit:\n%s", p.Errors, u.Source)
	}
}

// Which lines are GoNB's and which are Go, as GoNB v0.11.5 reads a cell
// (internal/specialcmd.Parse and joinLine, internal/goexec/composer.go):
// '!' and '%' only as a line's first character (after "//gonb:"), a
// trailing backslash continuing the command; "%%" alone or followed by a
// blank, or "%main", starting main's body.
func TestGoNBLines(t *testing.T) {
	p := Build([]Cell{
		{0, "!*r=$(pwd); \\\n  if [ -d x ]; then \\\n    echo y; fi\n%noautoget\nimport \"strings\""},
		{1, "func NotBoth(a, b bool) bool {\n\treturn a &&\n\t\t!b\n}"},
		{2, "func Upper(s string) string { return strings.ToUpper(s) }\n//gonb:!echo hidden\n//gonb:%% après\nfmt.Println(1)"},
		{3, "func Mod(a int) int {\n\treturn a %\n\t\t2\n}\n%% le corps de main\nfmt.Println(Mod(3))"},
		{4, "func Later() {}\n  %%\n"}, // an indented %% is Go: the cell does not parse
		{5, "%%writefile answer.go\nfunc Written() {}"},
		{6, "!true \\\n%%\nfunc InMain() {}"},
		{7, "package main\n\nfunc Packaged() string {\n\treturn `\npackage x\n`\n}"},
		{8, "%%writefile\tanswer.go\nfunc Tabbed() {}"},            // GoNB splits words on tabs too
		{9, "\"%%bash\"\necho 1\nfunc Quoted() {}"},                // and drops quotes
		{10, "func Mid() {}\n%%bash\necho 1"},                      // a cell magic not first: GoNB refuses the cell
		{11, "import \"sort\"\nfunc Gone() {}\nfunc Removed() {}"}, // then removed by cell 12's %rm
		{12, "%rm Removed sort\nfunc Kept() {}"},
	})
	for _, name := range []string{"NotBoth", "Upper", "Mod", "Packaged"} {
		if !p.Defines(name) {
			t.Errorf("%s not declared; errors %+v", name, p.Errors)
		}
	}
	if p.Imports["strings"].Path != "strings" {
		t.Errorf("imports %v; want strings, after a continued shell command", p.Imports)
	}
	if p.Defines("Later") || len(p.Errors) != 1 || p.Errors[0].Cell != 4 {
		t.Errorf("errors %+v; want cell 4's only (an indented %%%% is Go)", p.Errors)
	}
	for _, name := range []string{"Written", "InMain", "Tabbed", "Quoted", "Mid", "Removed"} {
		if p.Defines(name) {
			t.Errorf("%s declared: GoNB runs no such declaration (a cell magic, main's body, %%rm)", name)
		}
	}
	if !p.Defines("Gone") || !p.Defines("Kept") || p.Imports["sort"].Path != "" {
		t.Errorf("after %%rm Removed sort: Gone %v, Kept %v, imports %v", p.Defines("Gone"), p.Defines("Kept"), p.Imports)
	}
	p = Build([]Cell{{0, "import \"sort\"\nfunc Old() {}"}, {1, "%reset\nfunc New() {}"}})
	if p.Defines("Old") || !p.Defines("New") || len(p.Imports) != 0 {
		t.Errorf("after %%reset: Old %v, New %v, imports %v; want New only", p.Defines("Old"), p.Defines("New"), p.Imports)
	}
	for _, d := range p.Decls {
		if strings.Contains(d.Text, "package x") {
			t.Errorf("a line starting with package is kept: %q", d.Text)
		}
	}
}

// Only a function init_*() runs at start, as GoNB renames it to init; a
// variable, constant, type or function with parameters named init_* is a
// plain declaration (calling it would break every question's program).
func TestInitFunctions(t *testing.T) {
	p := Build([]Cell{{0, "var init_count = 0\nconst init_size = 8\ntype init_state struct{ n int }\nfunc init_plateau(n int) [][]bool { return nil }\nfunc init_ok() { init_count++ }\nfunc init_typed[T any]() {}"}})
	if _, calls := p.WithInits(nil); calls != "init_ok()\n" {
		t.Errorf("calls at start %q; want init_ok() only", calls)
	}
	// GoNB writes its functions sorted by name: init_a runs first.
	p = Build([]Cell{{0, "var s []int\nfunc init_b() { s = append(s, 2) }"}, {1, "func init_a() { s = append(s, 1) }"}})
	if _, calls := p.WithInits(nil); calls != "init_a()\ninit_b()\n" {
		t.Errorf("calls at start %q; want init_a then init_b", calls)
	}
}

// %rm removes what GoNB removes: a declaration by its first name (a later
// name of a tuple or of a const group is written again from the first),
// a method by GoNB's key T~m, nothing for a dotted key; the magics before
// a refused cell magic have run.
func TestRemoveAndReset(t *testing.T) {
	p := Build([]Cell{
		{0, "var q, err = f()\nfunc f() (int, error) { return 1, nil }\nconst (\n\tA = iota\n\tB\n\tC\n)\ntype Stack[T any] struct{ v []T }\nfunc (s *Stack[T]) Push(v T) { s.v = append(s.v, v) }\ntype U struct{}\nfunc (U) M() {}"},
		{1, "%rm err B U.M\n%rm Stack[T]~Push"},
	})
	for name, want := range map[string]bool{"q": true, "err": true, "C": true, "U.M": true, "Stack.Push": false} {
		if p.Defines(name) != want {
			t.Errorf("after %%rm: %s declared %v, want %v", name, !want, want)
		}
	}
	p = Build([]Cell{{0, "func Old() {}\nfunc Broken( {}"}, {1, "%reset\nfunc X() {}\n%%bash\necho"}, {2, "func New() {}"}})
	if p.Defines("Old") || p.Defines("X") || !p.Defines("New") || len(p.Errors) != 0 {
		t.Errorf("%%reset before a refused %%%%bash: Old %v, X %v, New %v, errors %v; want New only, no error", p.Defines("Old"), p.Defines("X"), p.Defines("New"), p.Errors)
	}
}

// A cell of hundreds of thousands of continued command lines, or of
// %reset lines, is read in linear time (a quadratic reading took minutes
// here for a few hundred kilobytes).
func TestLongCommands(t *testing.T) {
	p := Build([]Cell{
		{0, "%rm" + strings.Repeat(" \\\n", 200_000) + "x\nfunc After() {}"},
		{1, strings.Repeat("var _ = 0\n", 20_000)},
		{2, strings.Repeat("%reset\n", 20_000) + "func Last() {}"},
	})
	if p.Defines("After") || !p.Defines("Last") || len(p.Decls) != 1 {
		t.Errorf("want Last alone, after the resets; got %d declarations", len(p.Decls))
	}
}

// Each name of `var a, b = 1, 2` is a declaration of its own, as in GoNB:
// redefining one keeps the other, and each part keeps its position in the
// cell for the compiler's messages.
func TestVarNamesApart(t *testing.T) {
	p := Build([]Cell{{0, "var maxN, minN = 12, 1"}, {1, "var maxN = 10"}, {2, "var a, b int = 1,\n\t\"x\""}, {3, "func Use() int { return minN + maxN + a + b }"}})
	if !p.Defines("minN") {
		t.Fatal("minN dropped with maxN")
	}
	decls, inits := p.WithInits(p.Needed("Use"))
	src := p.Source(decls, inits)
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "main.go", src, parser.ParseComments)
	if err != nil {
		t.Fatalf("%v\n%s", err, src)
	}
	_, err = (&types.Config{}).Check("main", fset, []*ast.File{f}, nil)
	var te types.Error
	if !errors.As(err, &te) || fset.Position(te.Pos).String() != "cellule 3:2:2" {
		t.Errorf("type error %v; want one at cellule 3:2:2 (b's value)\n%s", err, src)
	}
	if strings.Count(src, "maxN =") != 1 || !strings.Contains(src, "= 10") {
		t.Errorf("maxN: want cell 1's only\n%s", src)
	}
}

// Compiler and parser messages name the cell by its first line, give the
// line within the cell, and quote it.
func TestExplain(t *testing.T) {
	cells := []Cell{{2, "// Question 1\nfunc IsSafe() bool {\n\treturn \"oui\"\n}"}, {4, "func Count( {\n}"}}
	got := Explain("cellule 3:3:9: cannot use \"oui\" (untyped string constant) as bool value in return statement\nother", cells)
	want := "ligne 3 de la cellule « // Question 1 » : cannot use \"oui\" (untyped string constant) as bool value in return statement\n    return \"oui\"\nother\n"
	if got != want {
		t.Errorf("Explain:\n%q\nwant\n%q", got, want)
	}
	p := Build(cells)
	if len(p.Errors) != 1 {
		t.Fatalf("errors %+v", p.Errors)
	}
	if got := ExplainCellError(p.Errors[0], cells); !strings.HasPrefix(got, "ligne 1 de la cellule « func Count( { » : ") || !strings.Contains(got, "\n    func Count( {\n") {
		t.Errorf("ExplainCellError: %q", got)
	}
}

// The frames of a race report or a panic in the cells name the cell by its
// first line (cut at 28 characters), give the line within the cell and
// quote it, on one line; other lines are kept as they are.
func TestExplainFrames(t *testing.T) {
	cells := []Cell{{2, "func RandomCoverParallel(n, trials int) {\n\tgo func() { n++ }()\n\tn++\n}"}, {5, "var n int"}}
	report := "Écriture par la goroutine 8\u00a0:\n  main.RandomCoverParallel.func1() — cellule 3:2\nÉcriture précédente par la goroutine principale\u00a0:\n  main.RandomCoverParallel() — cellule 3:3\n  main.F() — cellule 9:1"
	want := "Écriture par la goroutine 8\u00a0:\n" +
		"  main.RandomCoverParallel.func1() — ligne 2 de la cellule « func RandomCoverParallel(n,… » : go func() { n++ }()\n" +
		"Écriture précédente par la goroutine principale\u00a0:\n" +
		"  main.RandomCoverParallel() — ligne 3 de la cellule « func RandomCoverParallel(n,… » : n++\n" +
		"  main.F() — cellule 9:1"
	if got := ExplainFrames(report, cells); got != want {
		t.Errorf("ExplainFrames:\n%s\nwant\n%s", got, want)
	}
	// A panic message the student's code wrote can fake any number of
	// frames pointing at a line of any length: at most 40 are rewritten,
	// each quoting at most 80 characters.
	long := []Cell{{0, "func F() {\n\t// " + strings.Repeat("x", 50000) + "\n}"}}
	bomb := strings.Repeat("\nx — cellule 1:2", 1000)
	if got := ExplainFrames(bomb, long); len(got) > len(bomb)+40*(80+60) || !strings.Contains(got, "x — ligne 2 de la cellule « func F() { » : // xxx") {
		t.Errorf("ExplainFrames of 1 000 fake frames: %d bytes from %d", len(got), len(bomb))
	}
	panicNote := "panique : index out of range\nmain.Count — cellule 6:1"
	if got, want := ExplainFrames(panicNote, cells), "panique : index out of range\nmain.Count — ligne 1 de la cellule « var n int » : var n int"; got != want {
		t.Errorf("ExplainFrames(panic note):\n%s\nwant\n%s", got, want)
	}
}

// Any cell text: the program is rebuilt without a panic, and every name it
// declares can be cut out, with what runs at start, into a source.
func FuzzBuild(f *testing.F) {
	f.Add("import \"fmt\"\nfunc F() { fmt.Println(1) }", "%%\nF()")
	f.Add("var _ fmt.Stringer = T{}\ntype T struct{}\nfunc (T) String() string { return \"\" }", "func init() {}\nfunc init_x() {}")
	f.Add("!go get x\n%main\nfunc", "const (\n\ta = iota\n\tb\n)\nvar x, y = 1, 2")
	f.Add("func (t *T[K]) M() {}\ntype T[K any] struct{}", "import . \"strings\"\nimport _ \"embed\"\n//go:embed x\nvar s string")
	f.Add("const()\nvar A=0", "type ()\nvar ()\nfunc F() int { return A }") // empty groups (found by the fuzzer: a panic)
	f.Fuzz(func(t *testing.T, a, b string) {
		cells := []Cell{{0, a}, {1, b}, {2, a}}
		p := Build(cells)
		for _, d := range p.Decls {
			for _, name := range d.Names {
				decls, inits := p.WithInits(p.Needed(name))
				_ = p.Source(decls, inits)
			}
		}
		for _, e := range p.Errors {
			_ = ExplainCellError(e, cells)
		}
		_ = Explain("cellule 2:1:1: x\ncellule 9:99: y\ncellule 1:0:0: z", cells)
	})
}

// A program whose constants ask the compiler for gigabytes does not build,
// and says why in a line, instead of exhausting the grader's machine.
func TestCompileLimits(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the compiler until it runs out of memory")
	}
	if _, err := exec.LookPath("prlimit"); err != nil {
		t.Skip("prlimit(1) not found: no memory limit on the compiler")
	}
	old := BuildLimits
	t.Cleanup(func() { BuildLimits = old })
	BuildLimits.MemoryMB = 512
	var src strings.Builder
	src.WriteString("package main\n\nconst s0 = \"xxxxxxxxxxxxxxxx\"\n")
	for k := 1; k <= 30; k++ {
		fmt.Fprintf(&src, "const s%d = s%d + s%d\n", k, k-1, k-1)
	}
	src.WriteString("\nvar _ = len(s30)\n\nfunc main() {}\n")
	for how, tc := range toolchains(t) {
		built, err := Compile(context.Background(), tc, t.TempDir(), []Unit{{Name: "bomb", Source: src.String()}})
		if err != nil {
			t.Fatal(err)
		}
		if b := built["bomb"]; b.Bin != "" || !strings.Contains(b.Errors, "manqué de mémoire (limite 512 Mio)") {
			t.Errorf("%s: built %+v; want no binary and the compiler's lack of memory, in a line", how, b)
		}
	}
}

var (
	directOnce    sync.Once
	directDir     string
	directImports *Imports
	directErr     error
)

func TestMain(m *testing.M) {
	code := m.Run()
	if directDir != "" {
		os.RemoveAll(directDir)
	}
	os.Exit(code)
}

// toolchains returns the two ways Compile builds a unit: by the go command,
// and directly (Imports of the packages fmt needs, from the user's build
// cache, listed once per test process).
func toolchains(t *testing.T) map[string]Toolchain {
	t.Helper()
	directOnce.Do(func() {
		directDir, directErr = os.MkdirTemp("", "imports-")
		if directErr == nil {
			directImports, directErr = ListImports(context.Background(), Toolchain{Root: root(t)}, directDir, false, []string{"fmt"})
		}
	})
	if directErr != nil {
		t.Fatal(directErr)
	}
	return map[string]Toolchain{"go build": {Root: root(t)}, "direct": {Root: root(t), Imports: directImports}}
}

// cpuHeavy is a program whose compilation takes a few seconds of CPU time
// and little memory (3,000 functions of loops and switches), salted so
// that no build cache holds it.
func cpuHeavy() string {
	var src strings.Builder
	fmt.Fprintf(&src, "package main\n\n// salt %d\n\nimport \"fmt\"\n\n", time.Now().UnixNano())
	for i := range 3000 {
		fmt.Fprintf(&src, "func f%d(x int) int {\n\ts := 0\n\tfor j := 0; j < x; j++ {\n\t\tswitch j %% 7 {\n\t\tcase 0:\n\t\t\ts += j * %d\n\t\tcase 1:\n\t\t\ts -= j\n\t\tcase 2:\n\t\t\ts ^= j\n\t\tdefault:\n\t\t\ts--\n\t\t}\n\t}\n\treturn s\n}\n\n", i, i)
	}
	src.WriteString("func main() { fmt.Println(f0(3)) }\n")
	return src.String()
}

// The limit that blames a program is its compiler's CPU time: over it, the
// unit does not build and says why in a line.
func TestCompileCPULimit(t *testing.T) {
	if _, err := exec.LookPath("prlimit"); err != nil {
		t.Skip("prlimit(1) not found: no CPU limit on the compiler")
	}
	old := BuildLimits
	t.Cleanup(func() { BuildLimits = old })
	BuildLimits.CPU = time.Second
	for how, tc := range toolchains(t) {
		built, err := Compile(context.Background(), tc, t.TempDir(), []Unit{{Name: "heavy", Source: cpuHeavy()}})
		if err != nil {
			t.Fatal(err)
		}
		if b := built["heavy"]; b.Bin != "" || !strings.Contains(b.Errors, "compilation abandonnée après 1\u00a0s de calcul") {
			t.Errorf("%s: built %+v; want no binary and the CPU limit, in a line", how, b)
		}
	}
}

// A build that outlives the wall clock within its CPU time blames the
// machine, not the program: ErrMachineBusy, no unit's error.
func TestCompileMachineBusy(t *testing.T) {
	old := BuildLimits
	t.Cleanup(func() { BuildLimits = old })
	tcs := toolchains(t)
	BuildLimits.Timeout = 50 * time.Millisecond
	for how, tc := range tcs {
		built, err := Compile(context.Background(), tc, t.TempDir(), []Unit{{Name: "heavy", Source: cpuHeavy()}})
		if !errors.Is(err, ErrMachineBusy) {
			t.Errorf("%s: Compile = %+v, %v; want ErrMachineBusy", how, built, err)
		}
	}
}

// The builds of one notebook share a CPU budget: once spent, the next
// build is not started and its units say why.
func TestCompileBudget(t *testing.T) {
	for how, tc := range toolchains(t) {
		tc.Budget = &Budget{CPU: time.Millisecond}
		src := "package main\n\nfunc main() {}\n"
		first, err := Compile(context.Background(), tc, t.TempDir(), []Unit{{Name: "a", Source: src}})
		if err != nil {
			t.Fatal(err)
		}
		if first["a"].Bin == "" {
			t.Fatalf("%s: the first build, within the budget, failed: %s", how, first["a"].Errors)
		}
		second, err := Compile(context.Background(), tc, t.TempDir(), []Unit{{Name: "b", Source: src}})
		if err != nil {
			t.Fatal(err)
		}
		if b := second["b"]; b.Bin != "" || !strings.Contains(b.Errors, "déjà pris") {
			t.Errorf("%s: after the budget was spent: %+v; want no binary and the budget's message", how, b)
		}
	}
}

// A source goimports cannot print (a comment before the closing parenthesis
// of a call spread over lines, golang/go#27574), valid Go that compiles, is
// the source's matter, not the grading machine's: Fix's error is not
// ErrGoCommand, so its unit alone is built as it is.
func TestFixPrinterFailure(t *testing.T) {
	src := "package main\n\nfunc f(n int) {\n\tif n < -5 {\n\t\tprintln(\"a\", n,\n\t\t\t/* b */)\n\t}\n}\n\nfunc main() { f(1) }\n"
	out, err := Fix(src)
	if err == nil {
		t.Skipf("goimports printed it (golang/go#27574 fixed?):\n%s", out)
	}
	if errors.Is(err, ErrGoCommand) {
		t.Errorf("Fix: %v; want an error of the source, not ErrGoCommand", err)
	}
	if out != src {
		t.Errorf("Fix changed the source it could not handle:\n%s", out)
	}
}

// After Warm with the race detector, a race build of a program compiles
// the program's own package and nothing else: the race runtime (C, built
// by cgo) is in the cache too, though the go command compiles it only as a
// dependency of a program.
func TestWarmRaceRuntime(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles the runtime with the race detector")
	}
	tc := Toolchain{Root: root(t), Cache: t.TempDir()}
	if err := Warm(context.Background(), tc, t.TempDir(), true, []string{"errors"}); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := writeModule(dir, tc.Root); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(dir, "p"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "p", "main.go"), []byte("package main\n\nfunc main() {}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out, _, err := goRun(context.Background(), tc, dir, true, []string{"build", "-x", "-o", filepath.Join(dir, "bin"), "./p"}, BuildLimits.CPU, 0)
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	compiled := regexp.MustCompile(`/compile .* -p (\S+)`).FindAllStringSubmatch(string(out), -1)
	for _, c := range compiled {
		if c[1] != "main" {
			t.Errorf("the race build compiled %s, which Warm should have compiled", c[1])
		}
	}
	if len(compiled) != 1 {
		t.Errorf("the race build ran %d compilations, want the program's alone:\n%s", len(compiled), out)
	}
}

// Built without the go command, a unit compiles and runs as go build makes
// it, and its errors read the same; a unit that imports a package the
// Imports do not list, or embeds a file, is built by the go command; one
// that imports a package internal to the standard library is refused, as
// the go command refuses it.
func TestCompileDirect(t *testing.T) {
	tc := toolchains(t)["direct"]
	units := []Unit{
		{Name: "ok", Source: "package main\n\nimport \"fmt\"\n\nfunc main() { fmt.Println(\"bonjour\", f()) }\n", Harness: "package main\n\nfunc f() int { return 42 }\n"},
		{Name: "broken", Source: "package main\n\nfunc main() {\n//line cellule 3:1\n\tx := 1\n\ty()\n}\n", Harness: "package main\n\nfunc z() { w() }\n"},
		{Name: "heap", Source: "package main\n\nimport (\n\t\"container/heap\"\n\t\"fmt\"\n)\n\nvar _ heap.Interface\n\nfunc main() { fmt.Println(\"tas\") }\n"},
		{Name: "embed", Source: "package main\n\nimport (\n\t_ \"embed\"\n\t\"fmt\"\n)\n\n//go:embed main.go\nvar self string\n\nfunc main() { fmt.Println(len(self) > 0) }\n"},
		{Name: "internal", Source: "package main\n\nimport \"internal/abi\"\n\nvar _ = abi.FuncPCABI0\n\nfunc main() {}\n"},
	}
	built := map[string]Built{}
	for _, u := range units {
		// One at a time: the go command builds none of its packages
		// when one of them imports what it refuses.
		u.Fixed = true
		dir := t.TempDir()
		b, err := Compile(context.Background(), tc, dir, []Unit{u})
		if err != nil {
			t.Fatal(err)
		}
		built[u.Name] = b[u.Name]
		// The compiler run directly leaves its archive in the unit's
		// folder; the go command, in its own work folder.
		_, err = os.Stat(filepath.Join(dir, u.Name, "_pkg_.a"))
		if direct := err == nil; direct != (u.Name == "ok") {
			t.Errorf("%s built directly: %v", u.Name, direct)
		}
	}
	run := func(name string) string {
		t.Helper()
		if built[name].Bin == "" {
			t.Fatalf("%s did not build: %s", name, built[name].Errors)
		}
		out, err := exec.Command(built[name].Bin).CombinedOutput()
		if err != nil {
			t.Fatalf("%s: %v\n%s", name, err, out)
		}
		return string(out)
	}
	if got := run("ok"); got != "bonjour 42\n" {
		t.Errorf("ok printed %q", got)
	}
	want := "cellule 3:1: declared and not used: x\ncellule 3:2: undefined: y\nserve.go:3:12: undefined: w\n"
	if got := built["broken"].Errors; got != want {
		t.Errorf("broken: errors\n%s\nwant (as go build gives them)\n%s", got, want)
	}
	if got := run("heap"); got != "tas\n" {
		t.Errorf("heap printed %q", got)
	}
	if got := run("embed"); got != "true\n" {
		t.Errorf("embed printed %q", got)
	}
	if b := built["internal"]; b.Bin != "" || !strings.Contains(b.Errors, "use of internal package internal/abi not allowed") {
		t.Errorf("internal: %+v; want the go command's refusal", b)
	}
}

// TestOutsideNotebook: a program Compile builds prints the text of what
// package display shows, as outside a notebook (the sandbox has no GoNB
// pipe).
func TestOutsideNotebook(t *testing.T) {
	src := "package main\n\nimport \"github.com/prepa-reines/reines/tp/display\"\n\nfunc main() { display.Show(\"<b>plateau</b>\", \"plateau\", nil) }\n"
	dir := t.TempDir()
	b, err := Compile(context.Background(), Toolchain{Root: root(t)}, dir, []Unit{{Name: "display", Source: src, Fixed: true}})
	if err != nil {
		t.Fatal(err)
	}
	bin := b["display"].Bin
	if bin == "" {
		t.Fatalf("did not build: %s", b["display"].Errors)
	}
	if out, err := exec.Command(bin).CombinedOutput(); err != nil || string(out) != "plateau\n" {
		t.Errorf("printed %q (%v); want the text", out, err)
	}
}
