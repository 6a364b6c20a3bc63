// Command autograder writes the workbook's Gradescope autograder: a zip to
// upload as a Gradescope programming assignment's autograder
// (gradescope-autograders.readthedocs.io, "Autograder Specifications").
//
// Usage:
//
//	go run ./grading/cmd/autograder [-tp NN|all] [-o FILE.zip] [-seed N] [-unsafe-no-sandbox]
//
// (make gradescope TP=01). The zip holds, at its root:
//
//   - setup.sh, which Gradescope runs once, as root, on its Ubuntu base
//     image: it installs bubblewrap (apt) and the Go toolchain this command
//     runs on (from the Go module proxy, golang.org/toolchain), builds the
//     grader and grades the correction notebook once;
//   - run_autograder, which grades each submission's notebooks as one
//     student's, in the grader's sandbox, and writes results.json;
//   - config.env (the TP, the Go version, whether to run without sandbox)
//     and seed, the teacher's seed of the hidden cases (-seed, else the
//     seed file grade uses);
//   - reines/, the teacher's repository (the files git tracks or would:
//     not those it ignores): the reference answers and hidden cases stay on
//     Gradescope's side.
//
// The score is what grade gives the same notebook without manual.csv; one
// test per question graded automatically; the details of the hidden cases
// failed are shown only once the grades are published; written answers
// are left to the assignment's manual questions. With -unsafe-no-sandbox,
// the submissions run without bubblewrap (for a platform whose containers
// refuse its namespaces; the student's code then sees the container).
package main

import (
	"archive/zip"
	_ "embed"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"

	"github.com/prepa-reines/reines/grading"
	"github.com/prepa-reines/reines/grading/batch"
)

//go:embed setup.sh
var setupScript string

//go:embed run_autograder
var runScript string

func main() {
	tp := flag.String("tp", "all", "TP graded (01, 02, … or all)")
	out := flag.String("o", "", "zip written (default build/gradescope-TP.zip)")
	seed := flag.String("seed", "", "seed of the hidden cases (default: the one in "+batch.SeedFileHelp+")")
	unsafe := flag.Bool("unsafe-no-sandbox", false, "run submissions without bubblewrap on Gradescope")
	flag.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: autograder [-tp NN|all] [-o FILE.zip] [-seed N] [-unsafe-no-sandbox]")
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() != 0 {
		flag.Usage()
		os.Exit(2)
	}
	if *tp != "all" {
		if len(*tp) == 1 {
			*tp = "0" + *tp
		}
		if len(grading.Questions(*tp)) == 0 {
			fmt.Fprintf(os.Stderr, "autograder: -tp %s: no such TP\n", *tp)
			os.Exit(2)
		}
	}
	if *out == "" {
		*out = filepath.Join("build", "gradescope-"+*tp+".zip")
	}
	s, from, err := batch.HiddenSeed(*seed)
	if err == nil {
		err = write(*out, *tp, s, *unsafe)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "autograder:", err)
		os.Exit(1)
	}
	fmt.Fprintf(os.Stderr, "autograder: %s written (TP %s, %s, hidden cases drawn with the seed %s): upload it as the assignment's autograder\n", *out, *tp, runtime.Version(), from)
}

// write writes the autograder's zip to path.
func write(path, tp string, seed uint64, unsafe bool) error {
	root, err := exec.Command("git", "rev-parse", "--show-toplevel").Output()
	if err != nil {
		return fmt.Errorf("run inside the workbook's git repository: %v", err)
	}
	dir := strings.TrimSpace(string(root))
	list, err := exec.Command("git", "-C", dir, "ls-files", "-z", "--cached", "--others", "--exclude-standard").Output()
	if err != nil {
		return err
	}
	files := strings.Split(strings.TrimRight(string(list), "\x00"), "\x00")
	slices.Sort(files)
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	zw := zip.NewWriter(f)
	add := func(name string, data []byte, mode os.FileMode) error {
		h := &zip.FileHeader{Name: name, Method: zip.Deflate}
		h.SetMode(mode)
		w, err := zw.CreateHeader(h)
		if err == nil {
			_, err = w.Write(data)
		}
		return err
	}
	unsafeFlag := "0"
	if unsafe {
		unsafeFlag = "1"
	}
	config := fmt.Sprintf("REINES_TP=%s\nREINES_GO=%s\nREINES_UNSAFE=%s\n", tp, runtime.Version(), unsafeFlag)
	err = add("setup.sh", []byte(setupScript), 0o755)
	if err == nil {
		err = add("run_autograder", []byte(runScript), 0o755)
	}
	if err == nil {
		err = add("config.env", []byte(config), 0o644)
	}
	if err == nil {
		err = add("seed", []byte(fmt.Sprintln(seed)), 0o600)
	}
	for _, name := range files {
		if err != nil {
			break
		}
		full := filepath.Join(dir, name)
		fi, serr := os.Lstat(full)
		if serr != nil || !fi.Mode().IsRegular() { // deleted in the work tree, or a link
			continue
		}
		var data []byte
		if data, err = os.ReadFile(full); err == nil {
			err = add("reines/"+name, data, fi.Mode().Perm())
		}
	}
	if cerr := zw.Close(); err == nil {
		err = cerr
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(path)
	}
	return err
}
