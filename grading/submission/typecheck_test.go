package submission

import (
	"go/ast"
	"go/constant"
	"go/token"
	"testing"
)

// A program using the standard library (cgo-backed packages included), the
// workbook's packages and a dot import type-checks; its constants have
// their values, its dot-imported names their package.
func TestTypeCheck(t *testing.T) {
	src := `package main

import (
	"fmt"
	"net"
	"os/user"
	"reflect"
	"sync"
	. "os"

	"github.com/prepa-reines/reines/tp/domination"
	"github.com/prepa-reines/reines/tp/queens"
)

const big = 700 + 28

var f = NewFile

func main() {
	var mu sync.Mutex
	mu.Lock()
	p := reflect.ValueOf(&mu).UnsafePointer()
	fmt.Println(p, net.IPv4len, user.Current, domination.ErrTrials, queens.Placement{}, big*1.0, 'x', f)
}
`
	typed, err := TypeCheck(root(t), src, "")
	if err != nil {
		t.Fatal(err)
	}
	var sawBig, sawNewFile bool
	ast.Inspect(typed.File, func(n ast.Node) bool {
		if e, ok := n.(ast.Expr); ok {
			if tv := typed.Info.Types[e]; tv.Value != nil && tv.Value.Kind() == constant.Int && constant.Compare(tv.Value, token.EQL, constant.MakeInt64(728)) {
				sawBig = true
			}
		}
		if id, ok := n.(*ast.Ident); ok {
			if obj := typed.Info.Uses[id]; obj != nil && obj.Pkg() != nil && obj.Pkg().Path() == "os" && obj.Name() == "NewFile" {
				sawNewFile = true
			}
		}
		return true
	})
	if !sawBig || !sawNewFile {
		t.Errorf("constant 728 seen: %v; os.NewFile seen through the dot import: %v", sawBig, sawNewFile)
	}
	if _, err := TypeCheck(root(t), "package main\n\nfunc main() { var x int = \"s\" }\n", ""); err == nil {
		t.Error("a type error passed")
	}
}
