package grading

import (
	"bufio"
	"cmp"
	"encoding/json"
	"go/scanner"
	"go/token"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
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
			if p := parseProgram(src); p != nil {
				names = append(names, p.dependencies(fn)...)
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
	p := parseProgram(src)
	if p == nil {
		return ""
	}
	uses := p.dependencies(q.Func)
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

// afterExeccode returns what follows "execcode.go:N]" in a line of GoNB's
// log (its first such mark), and whether it has one. A line of the log:
// "I1201 09:30:31.573182 6047 execcode.go:81]", the kernel's id in
// colour, then the message.
func afterExeccode(line string) (string, bool) {
	for rest := line; ; {
		_, after, ok := strings.Cut(rest, "execcode.go:")
		if !ok {
			return "", false
		}
		n, tail := digits(after)
		if n != "" && strings.HasPrefix(tail, "]") {
			return tail[1:], true
		}
		rest = after
	}
}

// executedCell returns the cell's lines listed in a line of GoNB's log
// that starts an execution ("… execcode.go:81] … ExecuteCell: ["a" "b"]"),
// as GoNB printed them (%q), and whether the line is one.
func executedCell(line string) (string, bool) {
	rest, ok := afterExeccode(line)
	if !ok {
		return "", false
	}
	const mark = " ExecuteCell: "
	i := strings.LastIndex(rest, mark+"[")
	if i < 0 {
		return "", false
	}
	list := strings.TrimRight(rest[i+len(mark):], " \t\n\f\r")
	return list, strings.HasSuffix(list, "]")
}

// failedCell reports whether a line of GoNB's log says the execution
// failed ("… execcode.go:116] … goexec.ExecuteCell() failed to …").
func failedCell(line string) bool {
	rest, ok := afterExeccode(line)
	return ok && strings.Contains(rest, " goexec.ExecuteCell() failed to ")
}

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
		if list, ok := executedCell(line); ok {
			execs = append(execs, execution{lines: quotedList(list)})
		} else if failedCell(line) && len(execs) > 0 {
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

// declaredFuncName is the name of the top-level function a line declares
// ("func Name(" or "func Name[", blanks allowed around the name), "" if
// it declares none (a method, or no declaration).
func declaredFuncName(l string) string {
	const blanks = " \t\n\f\r"
	rest, ok := strings.CutPrefix(l, "func")
	if !ok {
		return ""
	}
	name := strings.TrimLeft(rest, blanks)
	if len(name) == len(rest) {
		return ""
	}
	end := strings.IndexFunc(name, func(r rune) bool { return r != '_' && !unicode.IsLetter(r) && !unicode.IsNumber(r) })
	if end < 0 {
		return ""
	}
	if first, _ := utf8.DecodeRuneInString(name); end == 0 || unicode.IsNumber(first) {
		return ""
	}
	if after := strings.TrimLeft(name[end:], blanks); after == "" || after[0] != '(' && after[0] != '[' {
		return ""
	}
	return name[:end]
}

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
		if declaredFuncName(l) == fn {
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
	p := parseProgram(src)
	if p == nil {
		return ""
	}
	names := map[string]bool{} // local names of the grading imports
	for _, im := range p.imports {
		if im.path != gradingPath && !strings.HasPrefix(im.path, gradingPath+"/") {
			continue
		}
		names[cmp.Or(im.name, im.path[strings.LastIndex(im.path, "/")+1:])] = true
	}
	if len(names) == 0 {
		return ""
	}
	for _, name := range append([]string{fn}, p.dependencies(fn)...) {
		for _, d := range p.decls[name] {
			for _, sel := range d.selectors {
				if names[sel[0]] {
					return sel[0] + "." + sel[1]
				}
			}
		}
	}
	return ""
}

// program is the index of the program GoNB compiled that the checks read:
// its imports and its top-level declarations. It is read with the Go
// scanner, not parsed: a check cell links package grading, and go/parser
// with go/ast weighed on every check's link (internal/cellbench). The
// program compiled (the check runs in it), so its tokens are enough.
type program struct {
	imports []importSpec
	// decls indexes the top-level declarations by name (a type with its
	// methods): each is the identifiers of its tokens, in order, and the
	// selectors X.Sel among them.
	decls map[string][]declTokens
}

// importSpec is one import: its local name ("" for the path's last
// element) and its path.
type importSpec struct{ name, path string }

// declTokens is what one top-level declaration refers to.
type declTokens struct {
	idents    []string
	selectors [][2]string // X, Sel of each X.Sel
}

// progToken is one token of the program, as the scanner gives it.
type progToken struct {
	tok token.Token
	lit string
}

// parseProgram indexes the program GoNB compiled (see program); nil if it
// holds no top-level declaration.
func parseProgram(src []byte) *program {
	var sc scanner.Scanner
	fset := token.NewFileSet()
	sc.Init(fset.AddFile("main.go", fset.Base(), len(src)), src, nil, 0)
	var toks []progToken
	for {
		_, tok, lit := sc.Scan()
		if tok == token.EOF {
			break
		}
		toks = append(toks, progToken{tok, lit})
	}
	p := &program{decls: map[string][]declTokens{}}
	// Top-level declarations start with a keyword at depth 0 that starts
	// a statement (after a semicolon: not the func of a function type in
	// "var f func()") and end before the next one.
	depth, start := 0, -1
	flush := func(end int) {
		if start >= 0 {
			p.add(toks[start:end])
		}
	}
	for i, t := range toks {
		switch t.tok {
		case token.LPAREN, token.LBRACK, token.LBRACE:
			depth++
		case token.RPAREN, token.RBRACK, token.RBRACE:
			depth--
		case token.FUNC, token.VAR, token.CONST, token.TYPE, token.IMPORT:
			if depth == 0 && (i == 0 || toks[i-1].tok == token.SEMICOLON) {
				flush(i)
				start = i
			}
		}
	}
	flush(len(toks))
	if len(p.decls) == 0 && len(p.imports) == 0 {
		return nil
	}
	return p
}

// add indexes one top-level declaration, d[0] its keyword.
func (p *program) add(d []progToken) {
	var names []string
	switch d[0].tok {
	case token.IMPORT:
		for _, spec := range specs(d[1:]) {
			if n := len(spec); n > 0 && spec[n-1].tok == token.STRING {
				path, _ := strconv.Unquote(spec[n-1].lit)
				name := ""
				if n > 1 {
					name = spec[0].lit
				}
				p.imports = append(p.imports, importSpec{name, path})
			}
		}
		return
	case token.FUNC:
		names = []string{declaredFunc(d[1:])}
	default: // var, const, type: the names that start each spec
		for _, spec := range specs(d[1:]) {
			for k, t := range spec {
				if t.tok == token.IDENT && (k == 0 || spec[k-1].tok == token.COMMA) {
					names = append(names, t.lit)
				} else if t.tok != token.COMMA {
					break
				}
			}
		}
	}
	var dt declTokens
	for k, t := range d {
		if t.tok != token.IDENT {
			continue
		}
		dt.idents = append(dt.idents, t.lit)
		if k+2 < len(d) && d[k+1].tok == token.PERIOD && d[k+2].tok == token.IDENT {
			dt.selectors = append(dt.selectors, [2]string{t.lit, d[k+2].lit})
		}
	}
	for _, n := range names {
		if n != "" && n != "_" {
			p.decls[n] = append(p.decls[n], dt)
		}
	}
}

// specs splits what follows var, const, type or import into its specs:
// one, or those of a parenthesized group, separated by semicolons.
func specs(d []progToken) [][]progToken {
	if len(d) == 0 || d[0].tok != token.LPAREN {
		return [][]progToken{d}
	}
	var out [][]progToken
	depth, from := 0, 1
	for i := 1; i < len(d); i++ {
		switch d[i].tok {
		case token.LPAREN, token.LBRACK, token.LBRACE:
			depth++
		case token.RPAREN, token.RBRACK, token.RBRACE:
			if depth == 0 { // the group's closing parenthesis
				return append(out, d[from:i])
			}
			depth--
		case token.SEMICOLON:
			if depth == 0 {
				out = append(out, d[from:i])
				from = i + 1
			}
		}
	}
	return append(out, d[from:])
}

// declaredFunc is the name a function declaration is indexed under (what
// follows func): its name, or for a method its receiver's type T (of a
// receiver T, *T or T[P], named or not).
func declaredFunc(d []progToken) string {
	if len(d) == 0 {
		return ""
	}
	if d[0].tok != token.LPAREN {
		return d[0].lit
	}
	// The identifiers of the receiver outside brackets: "r T" or "T".
	var ids []string
	depth := 0
	for _, t := range d[1:] {
		switch t.tok {
		case token.LPAREN, token.LBRACK:
			depth++
		case token.RBRACK:
			depth--
		case token.RPAREN:
			if depth == 0 {
				if len(ids) == 0 {
					return ""
				}
				return ids[len(ids)-1]
			}
			depth--
		case token.IDENT:
			if depth == 0 {
				ids = append(ids, t.lit)
			}
		}
	}
	return ""
}

// dependencies lists the declarations fn uses, transitively (methods of
// its types included), in the order they are met, fn left out.
func (p *program) dependencies(fn string) []string {
	seen := map[string]bool{fn: true}
	var out []string
	queue := []string{fn}
	for len(queue) > 0 {
		name := queue[0]
		queue = queue[1:]
		for _, d := range p.decls[name] {
			for _, id := range d.idents {
				if _, ok := p.decls[id]; ok && !seen[id] {
					seen[id] = true
					out = append(out, id)
					queue = append(queue, id)
				}
			}
		}
	}
	return out
}
