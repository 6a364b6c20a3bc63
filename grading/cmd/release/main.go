// Command release writes the student and correction notebooks from their
// sources in notebooks/src (see package grading/release).
//
// Usage, from anywhere inside the repository:
//
//	go run ./grading/cmd/release
package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/prepa-reines/reines/grading/release"
)

func main() {
	out, err := exec.Command("go", "env", "GOMOD").Output()
	if err != nil || strings.TrimSpace(string(out)) == "" {
		fmt.Fprintln(os.Stderr, "release: run it inside the workbook's repository")
		os.Exit(1)
	}
	root := filepath.Dir(strings.TrimSpace(string(out)))
	written, err := release.Write(root)
	if err != nil {
		fmt.Fprintln(os.Stderr, "release:", err)
		os.Exit(1)
	}
	for _, p := range written {
		rel, _ := filepath.Rel(root, p)
		fmt.Println("wrote", rel)
	}
}
