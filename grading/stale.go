package grading

import (
	"bufio"
	"encoding/json"
	"go/ast"
	"go/parser"
	"go/scanner"
	"go/token"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// GoNB keeps the declarations of the last version of a cell that
// compiled: when a student breaks an answer cell that once compiled, a
// check run afterwards would test the old function. GoNB tracks which
// execution of a cell declared what, but exposes it only in its log, and
// Jupyter's cell ids do not reach it (GoNB v0.11.5). So the workbook's
// kernel (kernel-setup/gonb-kernel.sh) starts GoNB with the log of its
// cell executions (-vmodule=execcode=1) in a file named by
// $REINES_GONB_LOG, and a check reads it: if the most recent execution of
// a cell declaring the checked function failed to compile, the report says
// so instead of showing the old function's results.

// EnvGoNBLog names the environment variable that holds the path of the
// running GoNB kernel's log, set by kernel-setup/gonb-kernel.sh.
const EnvGoNBLog = "REINES_GONB_LOG"

// Stale returns a French warning when the last execution of a cell
// declaring function fn, or a function fn uses (read in the program GoNB
// compiled), did not compile: GoNB kept an older version, which a check
// would test. It returns "" otherwise, or when it cannot tell (outside the
// workbook's kernel).
func Stale(fn string) string {
	path := os.Getenv(EnvGoNBLog)
	if path == "" {
		return ""
	}
	execs, err := readExecutions(path)
	if err != nil || len(execs) < 2 {
		return ""
	}
	names := []string{fn}
	if dir := os.Getenv("GONB_TMP_DIR"); dir != "" {
		if src, err := os.ReadFile(filepath.Join(dir, "main.go")); err == nil {
			if _, decls := parseProgram(src); decls != nil {
				names = append(names, dependencies(decls, fn)...)
			}
		}
	}
	// The last execution is the running check cell itself.
	previous := newestFirst(execs[:len(execs)-1])
	for _, name := range names {
		for _, e := range previous {
			if !declares(e.lines, name) {
				continue
			}
			if e.failed {
				if name == fn {
					return "la dernière version de la cellule qui définit " + fn +
						" n'a pas compilé (voir son message d'erreur) : GoNB garde une version précédente " + De(fn) +
						", qui n'est pas vérifiée. Corrigez la cellule, exécutez-la, puis relancez la vérification."
				}
				return "la dernière version de la cellule qui définit " + name + ", dont " + fn +
					" se sert, n'a pas compilé (voir son message d'erreur) : GoNB garde une version précédente " + De(name) +
					", et " + fn + " n'est pas vérifiée. Corrigez cette cellule, exécutez-la, puis relancez la vérification."
			}
			break
		}
	}
	return ""
}

// outcomesFile, in GoNB's folder for the kernel's program, keeps the
// outcome of the last check of each question, for cascadeHint: every cell
// runs in a process of its own.
const outcomesFile = "reines-checks.json"

// rememberOutcome records the outcome of question id's check (see
// Report.Outcome) in the kernel's folder; outside the kernel it does
// nothing.
func rememberOutcome(id, outcome string) {
	dir := os.Getenv("GONB_TMP_DIR")
	if dir == "" {
		return
	}
	path := filepath.Join(dir, outcomesFile)
	all := readOutcomes(path)
	all[id] = outcome
	if b, err := json.Marshal(all); err == nil {
		_ = os.WriteFile(path, b, 0o644)
	}
}

func readOutcomes(path string) map[string]string {
	all := map[string]string{}
	if b, err := os.ReadFile(path); err == nil {
		_ = json.Unmarshal(b, &all)
	}
	return all
}

// cascadeHint returns CascadeNote for q's function and the answers of the
// earlier questions of its notebook that it uses (read in the program
// GoNB compiled) whose last check failed; "" when there are none, or
// outside the kernel.
func cascadeHint(q *Question) string {
	dir := os.Getenv("GONB_TMP_DIR")
	if dir == "" || q.Func == "" {
		return ""
	}
	src, err := os.ReadFile(filepath.Join(dir, "main.go"))
	if err != nil {
		return ""
	}
	_, decls := parseProgram(src)
	if decls == nil {
		return ""
	}
	uses := dependencies(decls, q.Func)
	outcomes := readOutcomes(filepath.Join(dir, outcomesFile))
	var failing []*Question
	for _, p := range Questions(q.Notebook()) {
		if p.ID == q.ID {
			break
		}
		if p.Func != "" && slices.Contains(uses, p.Func) && outcomes[p.ID] == "failed" {
			failing = append(failing, p)
		}
	}
	if len(failing) == 0 {
		return ""
	}
	return CascadeNote(q.Func, failing)
}

// maxLog is how much of the end of the log Freshness reads.
const maxLog = 4 << 20

// Freshness returns a French warning when the check of function fn, run
// now in the notebook, may not be about the student's current code: the
// last execution of a cell declaring fn did not compile (GoNB kept an
// older version), or fn, or a function it uses, refers to package grading
// (not available at grading time). It returns "" when nothing is wrong or
// when it cannot tell (outside the workbook's kernel).
func Freshness(fn string) string {
	if w := Stale(fn); w != "" {
		return w
	}
	if dir := os.Getenv("GONB_TMP_DIR"); dir != "" {
		if src, err := os.ReadFile(filepath.Join(dir, "main.go")); err == nil {
			if uses := usesGrading(src, fn); uses != "" {
				return fn + " utilise " + uses + " : les paquets grading servent aux vérifications du notebook et ne sont pas disponibles à la correction (la question y vaudrait 0). Écrivez " + fn + " sans eux."
			}
		}
	}
	return ""
}

// newestFirst returns execs from the most recent to the oldest.
func newestFirst(execs []execution) []execution {
	out := make([]execution, len(execs))
	for i, e := range execs {
		out[len(execs)-1-i] = e
	}
	return out
}

// execution is one cell execution in GoNB's log.
type execution struct {
	lines  []string // the cell's lines
	failed bool     // it did not parse, import or compile
}

var (
	// A line of GoNB's log: "I1201 09:30:31.573182 6047 execcode.go:81]",
	// the kernel's id in colour, then the message.
	execLine = regexp.MustCompile(`execcode\.go:\d+\].* ExecuteCell: (\[.*\])\s*$`)
	failLine = regexp.MustCompile(`execcode\.go:\d+\].* goexec\.ExecuteCell\(\) failed to `)
)

// readExecutions reads the cell executions from the log at path.
func readExecutions(path string) ([]execution, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if fi, err := f.Stat(); err == nil && fi.Size() > maxLog {
		if _, err := f.Seek(fi.Size()-maxLog, io.SeekStart); err != nil {
			return nil, err
		}
	}
	var execs []execution
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 16<<20)
	for sc.Scan() {
		line := sc.Text()
		if m := execLine.FindStringSubmatch(line); m != nil {
			execs = append(execs, execution{lines: quotedList(m[1])})
		} else if failLine.MatchString(line) && len(execs) > 0 {
			execs[len(execs)-1].failed = true
		}
	}
	return execs, sc.Err()
}

// quotedList reads `["a" "b"]`, a []string printed with %q.
func quotedList(s string) []string {
	var sc scanner.Scanner
	fset := token.NewFileSet()
	file := fset.AddFile("", fset.Base(), len(s))
	sc.Init(file, []byte(s), nil, 0)
	var out []string
	for {
		_, tok, lit := sc.Scan()
		if tok == token.EOF {
			return out
		}
		if tok == token.STRING {
			if v, err := strconv.Unquote(lit); err == nil {
				out = append(out, v)
			}
		}
	}
}

var funcDecl = regexp.MustCompile(`^func\s+([\p{L}_][\p{L}\p{N}_]*)\s*[\[(]`)

// StartsMain reports whether GoNB (v0.11.5, its composer) reads line as
// the start of main's body: "%%" alone or followed by a blank, or "%main",
// in the first column, after an optional "//gonb:" prefix.
func StartsMain(line string) bool {
	l := strings.TrimPrefix(line, GoNBPrefix)
	return strings.HasPrefix(l, "%main") || strings.HasPrefix(l, "%%") && (len(l) == 2 || l[2] == ' ' || l[2] == '\t')
}

// GoNBPrefix starts a line GoNB reads as if the prefix were not there
// ("//gonb:%%", "//gonb:!ls"): Go tools see a comment.
const GoNBPrefix = "//gonb:"

// declares reports whether a cell's lines declare the top-level function
// fn (not a method), before the line that starts main ("%%" or "%main" in
// the first column, as GoNB reads it). It reads the lines themselves, so
// that it also works on a cell that does not compile.
func declares(lines []string, fn string) bool {
	for _, l := range lines {
		if StartsMain(l) {
			return false
		}
		if m := funcDecl.FindStringSubmatch(l); m != nil && m[1] == fn {
			return true
		}
	}
	return false
}

// gradingPath is the import path under which a student's function may
// use nothing.
const gradingPath = "github.com/prepa-reines/reines/grading"

// usesGrading reads the program GoNB compiled (src) and returns the
// grading identifier that fn, or a declaration it uses (transitively,
// methods of its types included), refers to ("grading.YesNo", "nb01.Q1");
// "" if none.
func usesGrading(src []byte, fn string) string {
	f, decls := parseProgram(src)
	if f == nil {
		return ""
	}
	names := map[string]bool{} // local names of the grading imports
	for _, im := range f.Imports {
		path, _ := strconv.Unquote(im.Path.Value)
		if path != gradingPath && !strings.HasPrefix(path, gradingPath+"/") {
			continue
		}
		name := path[strings.LastIndex(path, "/")+1:]
		if im.Name != nil {
			name = im.Name.Name
		}
		names[name] = true
	}
	if len(names) == 0 {
		return ""
	}
	for _, name := range append([]string{fn}, dependencies(decls, fn)...) {
		for _, d := range decls[name] {
			found := ""
			ast.Inspect(d, func(n ast.Node) bool {
				if s, ok := n.(*ast.SelectorExpr); ok {
					if x, ok := s.X.(*ast.Ident); ok && names[x.Name] && found == "" {
						found = x.Name + "." + s.Sel.Name
					}
				}
				return found == ""
			})
			if found != "" {
				return found
			}
		}
	}
	return ""
}

// parseProgram parses the program GoNB compiled and indexes its top-level
// declarations by name (a type with its methods); nil if it does not parse.
func parseProgram(src []byte) (*ast.File, map[string][]ast.Decl) {
	f, err := parser.ParseFile(token.NewFileSet(), "main.go", src, parser.SkipObjectResolution)
	if err != nil {
		return nil, nil
	}
	decls := map[string][]ast.Decl{}
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			name := d.Name.Name
			if d.Recv != nil && len(d.Recv.List) == 1 {
				name = receiverName(d.Recv.List[0].Type)
			}
			decls[name] = append(decls[name], d)
		case *ast.GenDecl:
			for _, s := range d.Specs {
				switch s := s.(type) {
				case *ast.ValueSpec:
					for _, n := range s.Names {
						decls[n.Name] = append(decls[n.Name], d)
					}
				case *ast.TypeSpec:
					decls[s.Name.Name] = append(decls[s.Name.Name], d)
				}
			}
		}
	}
	return f, decls
}

// dependencies lists the declarations fn uses, transitively (methods of
// its types included), in the order they are met, fn left out.
func dependencies(decls map[string][]ast.Decl, fn string) []string {
	seen := map[string]bool{fn: true}
	var out []string
	queue := []string{fn}
	for len(queue) > 0 {
		name := queue[0]
		queue = queue[1:]
		for _, d := range decls[name] {
			ast.Inspect(d, func(n ast.Node) bool {
				if id, ok := n.(*ast.Ident); ok {
					if _, ok := decls[id.Name]; ok && !seen[id.Name] {
						seen[id.Name] = true
						out = append(out, id.Name)
						queue = append(queue, id.Name)
					}
				}
				return true
			})
		}
	}
	return out
}

// receiverName is T for a receiver of type T, *T or T[P].
func receiverName(t ast.Expr) string {
	for {
		switch x := t.(type) {
		case *ast.StarExpr:
			t = x.X
		case *ast.IndexExpr:
			t = x.X
		case *ast.IndexListExpr:
			t = x.X
		case *ast.Ident:
			return x.Name
		default:
			return ""
		}
	}
}
