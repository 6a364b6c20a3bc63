package release

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// binaryOps are the operators that join two operands into an expression.
var binaryOps = map[string]bool{"+": true, "-": true, "*": true, "/": true, "%": true, "<": true, ">": true, "<=": true, ">=": true,
	"==": true, "!=": true, "&&": true, "||": true, "<<": true, ">>": true, "&": true, "|": true, "^": true}

// mathOps are the way a doc comment writes operators, as Go writes them.
var mathOps = strings.NewReplacer("−", "-", "×", "*", "·", "*", "÷", "/", "≤", "<=", "≥", ">=", "≠", "!=")

// operand reports whether a token is an identifier or a literal.
func operand(tok string) bool {
	return tok != "" && !binaryOps[tok] && !strings.ContainsAny(tok[:1], "()[]{},;.:=!")
}

// guard reports whether an expression compares an operand with 0, as a
// function's contract says what it does at the edge ("n < 0 none").
func guard(e []string) bool {
	switch e[1] {
	case "<", ">", "<=", ">=", "==", "!=":
		return e[0] == "0" || e[2] == "0"
	}
	return false
}

// docExpressions returns the expressions of body (the tokens of a
// reference answer's body, see tokens) that doc (a doc comment, its
// mathematical signs read as Go's) writes: two operands joined by a
// binary operator, as in body ("best - placed"), a comparison with 0 (a
// contract's edge case) aside. An operand alone, even a name of the
// signature, gives nothing away; an expression may.
func docExpressions(doc string, body []string) []string {
	text := tokens([]byte(mathOps.Replace(doc)))
	var found []string
	for i := 0; i+3 <= len(body); i++ {
		e := body[i : i+3]
		if operand(e[0]) && binaryOps[e[1]] && operand(e[2]) && e[0] != e[2] && !guard(e) && contains(text, e) {
			found = append(found, strings.Join(e, " "))
		}
	}
	return found
}

// No doc comment of a stubbed function in the student edition (go doc
// shows them) writes an expression of its reference body: the stub's doc
// says what the function is, not how it computes it. The detector would
// have caught a doc giving 05 Q22b's formula.
func TestStubDocsGiveNothing(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the student edition")
	}
	root, dir := edition(t)
	tr := newTree(root)
	checked, caught := 0, false
	for _, sp := range sdkPackages {
		pkg, err := tr.pkg(sp.Dir)
		if err != nil {
			t.Fatal(err)
		}
		bodies := map[string][]string{}
		for _, fd := range funcDecls(pkg) {
			if !sp.stubs(fd) {
				continue
			}
			f := pkg.Fset.File(fd.Pos())
			data, _ := os.ReadFile(f.Name())
			body := tokens(data[int(fd.Body.Lbrace)-f.Base()+1 : int(fd.Body.Rbrace)-f.Base()])
			bodies[declKey(fd)] = body
			if sp.Dir == "tp/domination" && fd.Name.Name == "AdaptiveProbability" {
				// A doc that gives the formula, as the student edition's once did.
				if len(docExpressions("AdaptiveProbability returns (best − placed)/(n − row), between 0 and 1.", body)) > 0 {
					caught = true
				}
			}
		}
		fset := token.NewFileSet()
		pkgs, err := parser.ParseDir(fset, filepath.Join(dir, sp.Dir), func(fi os.FileInfo) bool { return !strings.HasSuffix(fi.Name(), "_test.go") }, parser.ParseComments)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range pkgs {
			for _, f := range p.Files {
				for _, d := range f.Decls {
					fd, ok := d.(*ast.FuncDecl)
					if !ok || fd.Doc == nil {
						continue
					}
					body, stubbed := bodies[declKey(fd)]
					if !stubbed {
						continue
					}
					checked++
					if found := docExpressions(fd.Doc.Text(), body); len(found) > 0 {
						t.Errorf("%s.%s: the student edition's doc comment writes %q, from the reference body:\n%s", sp.Dir, declKey(fd), found, fd.Doc.Text())
					}
				}
			}
		}
	}
	if !caught {
		t.Error("the detector misses a doc comment giving AdaptiveProbability's formula")
	}
	if checked < 60 {
		t.Errorf("only %d doc comments of stubbed functions checked", checked)
	}
}
