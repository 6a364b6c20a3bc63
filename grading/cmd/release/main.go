// Command release writes the workbook's generated files from the teacher's
// edition (see package grading/release).
//
// Usage, from anywhere inside the teacher's repository:
//
//	go run ./grading/cmd/release                          # notebooks/*.ipynb and notebooks/corrections/
//	go run ./grading/cmd/release -student [-o DIR]        # the student edition (default build/student)
//
// The student edition is a folder ready to be pushed as a git repository
// of its own or zipped: an existing edition in DIR is replaced (its .git
// is kept); a non-empty folder that is not one is refused.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"github.com/prepa-reines/reines/grading/release"
	"github.com/prepa-reines/reines/grading/workbook"
)

func main() {
	student := flag.Bool("student", false, "write the student edition instead of the notebooks")
	out := flag.String("o", "", "folder of the student edition (default build/student in the repository)")
	flag.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: release [-student [-o DIR]]")
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() > 0 || *out != "" && !*student {
		flag.Usage()
		os.Exit(2)
	}
	root, ok := workbook.ModuleRoot()
	if !ok {
		fmt.Fprintln(os.Stderr, "release: run it inside the workbook's repository")
		os.Exit(1)
	}
	if *student {
		dir := *out
		if dir == "" {
			dir = filepath.Join(root, "build", "student")
		}
		written, err := release.WriteStudent(root, dir, true)
		if err != nil {
			fmt.Fprintln(os.Stderr, "release:", err)
			os.Exit(1)
		}
		fmt.Printf("wrote the student edition in %s (%d files)\n", dir, len(written))
		return
	}
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
