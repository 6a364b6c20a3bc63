// Command jupyter starts Jupyter's classic notebook server on a folder of
// the workbook, as both editions' « make jupyter » do, unless one already
// serves that folder: then it prints that server's address (token
// included) and exits, rather than start a second server on the next port
// over the same files.
//
// In the teacher's edition (-workspace) Jupyter serves a working copy,
// never the tracked notebooks (notebooks/*.ipynb and
// notebooks/corrections/*.ipynb are generated, and a test compares them
// with the generator's output: Jupyter's autosave would change them). Each
// notebook missing from the working copy is copied there; one already
// there is the teacher's and is never overwritten (one made from an older
// release of its notebook is named, to delete for the new one). The
// student edition serves notebooks/ itself: students answer in place.
//
// Usage, from the module root:
//
//	go run ./internal/jupyter -workspace DIR [-- JUPYTER-ARGS...]   # teacher's edition
//	go run ./internal/jupyter -fr DIR [-- JUPYTER-ARGS...]          # student edition, in French
//
// JUPYTER-ARGS go to « jupyter notebook » (--port, --no-browser…). The
// command runs Jupyter until it ends: Ctrl-C goes to Jupyter, which stops
// within 2 s (it gives a kernel 1.2 s to end, see stopFlags). Exit
// status: 0 when a server was found or Jupyter ran (and was stopped), 1
// on errors, 2 for bad usage.
package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"syscall"

	"github.com/prepa-reines/reines/grading/notebook"
)

// Server is a running Jupyter server, as it describes itself in its
// runtime file (nbserver-PID.json for the classic notebook 6,
// jpserver-PID.json for jupyter_server: Notebook 7, JupyterLab).
type Server struct {
	PID         int    `json:"pid"`
	URL         string `json:"url"`          // e.g. http://localhost:8888/
	Token       string `json:"token"`        // "" when none
	NotebookDir string `json:"notebook_dir"` // notebook 6
	RootDir     string `json:"root_dir"`     // jupyter_server
}

// Dir returns the folder the server serves.
func (s Server) Dir() string {
	if s.RootDir != "" {
		return s.RootDir
	}
	return s.NotebookDir
}

// Address returns the URL to open, with the token when there is one.
func (s Server) Address() string {
	if s.Token == "" {
		return s.URL
	}
	return s.URL + "?token=" + s.Token
}

// Running returns the live server, among those whose runtime files are in
// runtime, that serves dir (compared after resolving symbolic links), or
// ok false. A runtime file whose process is gone (a server killed with
// kill -9 leaves its file) or that does not parse is skipped. Cost: one
// read of each runtime file.
func Running(runtime, dir string) (s Server, ok bool) {
	want, err := realPath(dir)
	if err != nil {
		return Server{}, false
	}
	var files []string
	for _, pattern := range []string{"nbserver-*.json", "jpserver-*.json"} {
		m, _ := filepath.Glob(filepath.Join(runtime, pattern))
		files = append(files, m...)
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			continue
		}
		var s Server
		if json.Unmarshal(data, &s) != nil || s.PID <= 0 || s.URL == "" || !alive(s.PID) {
			continue
		}
		if got, err := realPath(s.Dir()); err == nil && got == want {
			return s, true
		}
	}
	return Server{}, false
}

func realPath(dir string) (string, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	return filepath.EvalSymlinks(abs)
}

// alive reports whether process pid exists (signal 0; EPERM: it exists
// but is another user's).
func alive(pid int) bool {
	err := syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}

// runtimeDir returns Jupyter's runtime folder: $JUPYTER_RUNTIME_DIR, else
// what « jupyter --runtime-dir » says.
func runtimeDir() (string, error) {
	if d := os.Getenv("JUPYTER_RUNTIME_DIR"); d != "" {
		return d, nil
	}
	out, err := exec.Command("jupyter", "--runtime-dir").Output()
	if err != nil {
		return "", fmt.Errorf("jupyter --runtime-dir: %v", err)
	}
	return strings.TrimSpace(string(out)), nil
}

// Copy is one folder of generated notebooks and where the working copy
// keeps them.
type Copy struct{ From, To string }

// Teacher is the teacher's working copy, relative to the workspace: the
// student notebooks at its top, the corrections in corrections/.
var Teacher = []Copy{{From: "notebooks", To: "."}, {From: "notebooks/corrections", To: "corrections"}}

// Prepare makes the working copy ws of the generated notebooks that
// copies name (From relative to root, To to ws): it copies each notebook
// missing from ws and returns the paths copied and the paths kept that
// were made from another release than their notebook's (its metadata's
// reines.release). It never writes over a file of ws. Errors: a folder
// that cannot be read or written.
func Prepare(root, ws string, copies []Copy) (copied, stale []string, err error) {
	for _, c := range copies {
		srcs, err := filepath.Glob(filepath.Join(root, c.From, "*.ipynb"))
		if err != nil {
			return nil, nil, err
		}
		if len(srcs) == 0 {
			return nil, nil, fmt.Errorf("no notebook in %s", filepath.Join(root, c.From))
		}
		dir := filepath.Join(ws, c.To)
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return nil, nil, err
		}
		for _, src := range srcs {
			data, err := os.ReadFile(src)
			if err != nil {
				return nil, nil, err
			}
			dst := filepath.Join(dir, filepath.Base(src))
			mine, err := os.ReadFile(dst)
			switch {
			case errors.Is(err, fs.ErrNotExist):
				// O_EXCL: a file made meanwhile is not overwritten.
				f, err := os.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
				if err != nil {
					return nil, nil, err
				}
				if _, err := f.Write(data); err != nil {
					f.Close()
					return nil, nil, err
				}
				if err := f.Close(); err != nil {
					return nil, nil, err
				}
				copied = append(copied, dst)
			case err != nil:
				return nil, nil, err
			case release(mine) != release(data):
				stale = append(stale, dst)
			}
		}
	}
	return copied, stale, nil
}

// Unrun returns the notebooks (*.ipynb) of dirs that hold no output at all:
// the generated notebooks as they are, and any that was cleared. Trusting
// them (« jupyter trust ») trusts nothing but their text, and spares the
// « Not Trusted » that classic Jupyter shows on a notebook its user never
// signed. A notebook that is not JSON is left out.
func Unrun(dirs ...string) []string {
	var out []string
	for _, dir := range dirs {
		paths, _ := filepath.Glob(filepath.Join(dir, "*.ipynb"))
		for _, p := range paths {
			data, err := os.ReadFile(p)
			if err != nil {
				continue
			}
			var nb struct {
				Cells []struct {
					Outputs []json.RawMessage `json:"outputs"`
				} `json:"cells"`
			}
			if json.Unmarshal(data, &nb) != nil {
				continue
			}
			clean := true
			for _, c := range nb.Cells {
				clean = clean && len(c.Outputs) == 0
			}
			if clean {
				out = append(out, p)
			}
		}
	}
	return out
}

// release returns what tells two releases of a notebook apart: its
// metadata's reines.release (a hash of its statement's sources) and the
// source of its header cell, which the workbook's own changes alter (the
// packages it imports); "" for a notebook that cannot be read.
func release(data []byte) string {
	var nb struct {
		Cells []struct {
			Metadata struct {
				Reines struct {
					Role string `json:"role"`
				} `json:"reines"`
			} `json:"metadata"`
			Source notebook.Source `json:"source"`
		} `json:"cells"`
		Metadata struct {
			Reines struct {
				Release string `json:"release"`
			} `json:"reines"`
		} `json:"metadata"`
	}
	if json.Unmarshal(data, &nb) != nil {
		return ""
	}
	for _, c := range nb.Cells {
		if c.Metadata.Reines.Role == "header" {
			return nb.Metadata.Reines.Release + "\x00" + string(c.Source)
		}
	}
	return nb.Metadata.Reines.Release
}

// messages are what the command says, in English for the teacher and in
// French (-fr) for students.
var messages = map[bool]map[string]string{
	false: {
		"running": "Jupyter is already running on %s (process %d): open\n    %s\nor stop it (Ctrl-C in its terminal, or kill %d) before starting another.\n",
		"serving": "Jupyter serves %s, your working copy of the generated notebooks (Jupyter never changes notebooks/):\n    the student notebooks at its top, the finished TPs in corrections/ (open corrections/01-recursion.ipynb and Run All).\n",
		"copied":  "    copied from notebooks/: %s\n",
		"stale":   "    %s was made from an older release of its notebook: kept (it may hold your edits); delete it to get the new one.\n",
	},
	true: {
		"running": "Jupyter tourne déjà sur %s (processus %d)\u00a0: ouvrez\n    %s\nou arrêtez-le (Ctrl+C dans son terminal, ou kill %d) avant d'en lancer un autre.\n",
	},
}

func main() {
	workspace := flag.Bool("workspace", false, "serve a working copy of notebooks/ and notebooks/corrections/, made in DIR")
	french := flag.Bool("fr", false, "speak French (the student edition)")
	flag.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: jupyter [-workspace] [-fr] DIR [-- JUPYTER-ARGS...]")
		flag.PrintDefaults()
	}
	flag.Parse()
	args := flag.Args()
	if len(args) == 0 || args[0] == "--" {
		flag.Usage()
		os.Exit(2)
	}
	dir, args := args[0], args[1:]
	if len(args) > 0 && args[0] == "--" {
		args = args[1:]
	}
	if err := run(os.Stdout, dir, *workspace, *french, args); err != nil {
		fmt.Fprintln(os.Stderr, "jupyter:", err)
		os.Exit(1)
	}
}

// run does the command's work on dir; it returns only when a server was
// found or on an error, else it becomes Jupyter.
func run(w io.Writer, dir string, workspace, french bool, args []string) error {
	msg := messages[french]
	if runtime, err := runtimeDir(); err == nil {
		if s, ok := Running(runtime, dir); ok {
			fmt.Fprintf(w, msg["running"], dir, s.PID, s.Address(), s.PID)
			return nil
		}
	}
	if workspace {
		copied, stale, err := Prepare(".", dir, Teacher)
		if err != nil {
			return err
		}
		fmt.Fprintf(w, msg["serving"], dir)
		if len(copied) > 0 {
			var names []string
			for _, c := range copied {
				rel, _ := filepath.Rel(dir, c)
				names = append(names, rel)
			}
			fmt.Fprintf(w, msg["copied"], strings.Join(names, ", "))
		}
		for _, s := range stale {
			fmt.Fprintf(w, msg["stale"], s)
		}
	}
	jupyter, err := exec.LookPath("jupyter")
	if err != nil {
		return err
	}
	// Best effort: without nbformat's « jupyter trust », only the label.
	if unrun := Unrun(dir, filepath.Join(dir, "corrections")); len(unrun) > 0 {
		_ = exec.Command(jupyter, append([]string{"trust"}, unrun...)...).Run()
	}
	if err := os.Chdir(dir); err != nil {
		return err
	}
	if f, ok := w.(*os.File); ok {
		f.Sync()
	}
	return serve(jupyter, args)
}

// stopFlags make one Ctrl-C stop Jupyter within 2 s: -y, because in a
// terminal Jupyter otherwise asks « Shutdown this notebook server? » and
// goes on after 5 s without an answer (-y answers yes: JupyterApp's
// answer_yes, in the classic notebook and in jupyter_server); and how long
// it waits for a kernel to end before it kills it, since GoNB takes 2 to
// 3 s to end by itself.
var stopFlags = []string{"-y", "--KernelManager.shutdown_wait_time=1.2"}

// serve runs « jupyter notebook » with args until it ends. Ctrl-C (SIGINT)
// reaches Jupyter from the terminal with this process: Jupyter stops, and
// serve returns nil, so that « make jupyter » reports an interruption,
// not an error. SIGTERM is passed on to Jupyter.
func serve(jupyter string, args []string) error {
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	defer signal.Stop(sigs)
	cmd := exec.Command(jupyter, slices.Concat([]string{"notebook"}, stopFlags, args)...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	if err := cmd.Start(); err != nil {
		return err
	}
	var stopped atomic.Bool
	go func() {
		for s := range sigs {
			stopped.Store(true)
			if s == syscall.SIGTERM {
				_ = cmd.Process.Signal(s)
			}
		}
	}()
	err := cmd.Wait()
	if stopped.Load() {
		return nil
	}
	return err
}
