package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// niceOf reads the nice level in a /proc/…/stat file (its 19th field).
func niceOf(t *testing.T, stat string) string {
	t.Helper()
	data, err := os.ReadFile(stat)
	if err != nil {
		t.Fatal(err)
	}
	s := string(data)
	f := strings.Fields(s[strings.LastIndexByte(s, ')')+1:]) // fields from the 3rd on
	return f[16]
}

// After lower, every thread of the process has the nice level, and so
// has a program it starts (the compiler, a sandboxed child).
func TestLower(t *testing.T) {
	if err := lower(7); err != nil {
		t.Fatal(err)
	}
	tasks, _ := filepath.Glob("/proc/self/task/*/stat")
	for _, st := range tasks {
		if n := niceOf(t, st); n != "7" {
			t.Errorf("%s: nice %s; want 7", st, n)
		}
	}
	out, err := exec.Command("sh", "-c", "cat /proc/$$/stat").Output()
	if err != nil {
		t.Fatal(err)
	}
	tmp := filepath.Join(t.TempDir(), "stat")
	if err := os.WriteFile(tmp, out, 0o644); err != nil {
		t.Fatal(err)
	}
	if n := niceOf(t, tmp); n != "7" {
		t.Errorf("a child: nice %s; want 7", n)
	}
}
