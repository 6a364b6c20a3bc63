package grading_test

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/prepa-reines/reines/grading"
	"github.com/prepa-reines/reines/grading/nb04"
	"github.com/prepa-reines/reines/tp/exactcover"
)

// In the kernel, a failing check of a function that uses an earlier
// answer whose last check failed points at that answer; once that check
// passes, the hint goes away.
func TestCascadeHint(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("GONB_TMP_DIR", dir)
	t.Setenv(grading.EnvGoNBLog, "")
	// GoNB's program: the student's CoverItem uses their HideOption.
	src := `package main

import "github.com/prepa-reines/reines/tp/exactcover"

func HideOption(p *exactcover.Problem, x int) {}

func CoverItem(p *exactcover.Problem, i int) {
	HideOption(p, i)
}

func main() {}
`
	if err := os.WriteFile(filepath.Join(dir, "main.go"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	hide := func(p *exactcover.Problem, x int) {}
	cover := func(p *exactcover.Problem, i int) { hide(p, i) }
	capture := func(f func()) string {
		r, w, _ := os.Pipe()
		old := os.Stdout
		os.Stdout = w
		f()
		w.Close()
		os.Stdout = old
		b, _ := io.ReadAll(r)
		return string(b)
	}
	if out := capture(func() { nb04.Q5.Check(hide) }); !strings.Contains(out, "✘") {
		t.Fatalf("a HideOption that does nothing passes:\n%s", out)
	}
	out := capture(func() { nb04.Q6.Check(cover) })
	if !strings.Contains(out, "CoverItem se sert de HideOption (question 5)") {
		t.Errorf("CoverItem's report after a failing HideOption:\n%s\nwant it to point at HideOption (question 5)", out)
	}
	if err := os.WriteFile(filepath.Join(dir, "reines-checks.json"), []byte(`{"04/Q5":"passed"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	if out := capture(func() { nb04.Q6.Check(cover) }); strings.Contains(out, "se sert de") {
		t.Errorf("CoverItem's report once HideOption passes:\n%s\nwant no hint", out)
	}
}
