// Command samples writes the grader's sample submissions (see package
// grading/fixtures), made from the teacher's notebooks, to try the grader
// on or to read: corpus/ (TP 1 notebooks as a class hands them in: good,
// wrong, broken and hostile), mistakes/ (a typical mistake in each TP) and
// adversarial/ (routes to points without computing the answer).
//
// Usage, from anywhere inside the teacher's repository:
//
//	go run ./grading/cmd/samples              # into build/samples
//	go run ./grading/cmd/samples -o DIR       # into DIR
//
// then, for instance: make grade SUBMISSIONS=build/samples/corpus GRADE_ARGS='-tp 01 -seed 1'.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"github.com/prepa-reines/reines/grading/fixtures"
	"github.com/prepa-reines/reines/grading/workbook"
)

func main() {
	out := flag.String("o", "", "output folder (default build/samples in the repository); its sets' folders are replaced")
	flag.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: samples [-o DIR]")
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() > 0 {
		flag.Usage()
		os.Exit(2)
	}
	root, ok := workbook.ModuleRoot()
	if !ok {
		fmt.Fprintln(os.Stderr, "samples: run it inside the workbook's repository")
		os.Exit(1)
	}
	dir := *out
	if dir == "" {
		dir = filepath.Join(root, "build", "samples")
	}
	if err := run(root, dir); err != nil {
		fmt.Fprintln(os.Stderr, "samples:", err)
		os.Exit(1)
	}
}

// run writes every set into its folder of dir, replacing what was there,
// and says how many notebooks each holds.
func run(root, dir string) error {
	for _, set := range fixtures.Sets {
		sub := filepath.Join(dir, set)
		if err := os.RemoveAll(sub); err != nil {
			return err
		}
		paths, err := fixtures.Write(root, sub, set)
		if err != nil {
			return err
		}
		fmt.Printf("%s: %d notebooks\n", sub, len(paths))
	}
	return nil
}
