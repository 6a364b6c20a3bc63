// Command handouts writes the workbook's printable documents (see package
// grading/handouts): per TP, the statement (NN-name.pdf) and its
// correction (NN-name-corrige.pdf), and the teacher's guide
// (guide-enseignant.pdf), each with its HTML beside it.
//
// Usage, from anywhere inside the teacher's repository:
//
//	go run ./grading/cmd/handouts                 # every TP, in build/handouts
//	go run ./grading/cmd/handouts -o DIR 01 3     # TPs 01 and 03 (and the guide), in DIR
//	go run ./grading/cmd/handouts -html           # the HTML only, no browser needed
//
// A TP is named by its notebook's number ("01", "1") or name
// ("01-recursion"). The PDFs are printed by headless Chromium
// (chromium, chromium-browser or google-chrome on PATH;
// kernel-setup/setup.sh --browser installs it).
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strconv"

	"github.com/prepa-reines/reines/grading/handouts"
	"github.com/prepa-reines/reines/grading/workbook"
)

func main() {
	out := flag.String("o", "", "output folder (default build/handouts in the repository)")
	htmlOnly := flag.Bool("html", false, "write the HTML only, print no PDF")
	flag.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: handouts [-o DIR] [-html] [TP…]")
		flag.PrintDefaults()
	}
	flag.Parse()
	nbs, err := notebooks(flag.Args())
	if err != nil {
		fmt.Fprintln(os.Stderr, "handouts:", err)
		flag.Usage()
		os.Exit(2)
	}
	root, ok := workbook.ModuleRoot()
	if !ok {
		fmt.Fprintln(os.Stderr, "handouts: run it inside the workbook's repository")
		os.Exit(1)
	}
	dir := *out
	if dir == "" {
		dir = filepath.Join(root, "build", "handouts")
	}
	written, err := run(root, dir, nbs, !*htmlOnly)
	for _, p := range written {
		fmt.Println("wrote", p)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "handouts:", err)
		os.Exit(1)
	}
}

// run writes the documents of nbs (every TP if empty) to dir, with their
// PDFs if pdf.
func run(root, dir string, nbs []workbook.Notebook, pdf bool) ([]string, error) {
	var p *handouts.Printer
	if pdf {
		var err error
		if p, err = handouts.NewPrinter(""); err != nil {
			return nil, err
		}
		defer p.Close()
	}
	return handouts.Write(root, dir, nbs, p)
}

// notebooks returns the notebooks args name: "01", "1" or "01-recursion".
func notebooks(args []string) ([]workbook.Notebook, error) {
	var nbs []workbook.Notebook
	for _, a := range args {
		id := a
		if k, err := strconv.Atoi(a); err == nil {
			id = fmt.Sprintf("%02d", k)
		}
		found := false
		for _, nb := range workbook.Notebooks {
			if nb.ID == id || nb.Name == a {
				nbs, found = append(nbs, nb), true
			}
		}
		if !found {
			return nil, fmt.Errorf("no TP %q (want a notebook's number or name: 01 … %s)", a, workbook.Notebooks[len(workbook.Notebooks)-1].ID)
		}
	}
	return nbs, nil
}
