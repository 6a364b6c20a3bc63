package main

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// writeServer writes a runtime file as a Jupyter server does.
func writeServer(t *testing.T, runtime, name string, fields map[string]any) {
	t.Helper()
	data, _ := json.Marshal(fields)
	if err := os.WriteFile(filepath.Join(runtime, name), data, 0o600); err != nil {
		t.Fatal(err)
	}
}

// deadPID returns the process ID of a process that has exited.
func deadPID(t *testing.T) int {
	t.Helper()
	cmd := exec.Command("true")
	if err := cmd.Run(); err != nil {
		t.Fatal(err)
	}
	return cmd.Process.Pid
}

// A live server of the folder is found, through a symbolic link, in either
// runtime file format; a dead one's file, another folder's server and a
// broken file are not taken for it.
func TestRunning(t *testing.T) {
	runtime, served, other := t.TempDir(), t.TempDir(), t.TempDir()
	link := filepath.Join(t.TempDir(), "link")
	if err := os.Symlink(served, link); err != nil {
		t.Fatal(err)
	}
	writeServer(t, runtime, "nbserver-1.json", map[string]any{"pid": deadPID(t), "url": "http://localhost:8888/", "token": "dead", "notebook_dir": served})
	writeServer(t, runtime, "nbserver-2.json", map[string]any{"pid": os.Getpid(), "url": "http://localhost:8889/", "token": "other", "notebook_dir": other})
	os.WriteFile(filepath.Join(runtime, "nbserver-3.json"), []byte("{"), 0o600)
	if s, ok := Running(runtime, served); ok {
		t.Fatalf("found %+v; want none (its server is dead)", s)
	}
	writeServer(t, runtime, "nbserver-4.json", map[string]any{"pid": os.Getpid(), "url": "http://localhost:8890/", "token": "abc", "notebook_dir": served})
	s, ok := Running(runtime, link)
	if !ok || s.Address() != "http://localhost:8890/?token=abc" {
		t.Errorf("notebook 6 server: %+v, %v; want http://localhost:8890/?token=abc", s, ok)
	}
	os.Remove(filepath.Join(runtime, "nbserver-4.json"))
	writeServer(t, runtime, "jpserver-5.json", map[string]any{"pid": os.Getpid(), "url": "http://127.0.0.1:8891/", "token": "", "root_dir": served})
	if s, ok := Running(runtime, served); !ok || s.Address() != "http://127.0.0.1:8891/" {
		t.Errorf("jupyter_server: %+v, %v; want http://127.0.0.1:8891/", s, ok)
	}
}

// notebookOf returns a notebook file of the given release.
func notebookOf(release, text string) []byte {
	return headedNotebook(release, "import \"fmt\"", text)
}

// headedNotebook is a notebook of that release whose header cell holds
// header.
func headedNotebook(release, header, text string) []byte {
	return []byte(fmt.Sprintf(`{"cells": [{"cell_type": "code", "metadata": {"reines": {"role": "header"}}, "source": [%q]}, {"cell_type": "markdown", "metadata": {}, "source": [%q]}], "metadata": {"reines": {"release": %q}}, "nbformat": 4, "nbformat_minor": 5}`, header, text, release))
}

// The working copy gets the notebooks it lacks, keeps the teacher's
// (edited or not), and names those of an older release.
func TestPrepare(t *testing.T) {
	root, ws := t.TempDir(), filepath.Join(t.TempDir(), "workspace")
	os.MkdirAll(filepath.Join(root, "notebooks", "corrections"), 0o755)
	write := func(path string, data []byte) {
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(filepath.Join(root, "notebooks", "01-a.ipynb"), notebookOf("r1", "student"))
	write(filepath.Join(root, "notebooks", "corrections", "01-a.ipynb"), notebookOf("r1", "correction"))
	copied, stale, err := Prepare(root, ws, Teacher)
	if err != nil || len(copied) != 2 || len(stale) != 0 {
		t.Fatalf("first run: copied %v, stale %v, %v; want both copied", copied, stale, err)
	}
	if b, _ := os.ReadFile(filepath.Join(ws, "corrections", "01-a.ipynb")); string(b) != string(notebookOf("r1", "correction")) {
		t.Errorf("corrections/01-a.ipynb: %s", b)
	}
	edited := notebookOf("r1", "the teacher's edits")
	write(filepath.Join(ws, "01-a.ipynb"), edited)
	write(filepath.Join(root, "notebooks", "01-a.ipynb"), notebookOf("r2", "student, new release"))
	os.Remove(filepath.Join(ws, "corrections", "01-a.ipynb"))
	copied, stale, err = Prepare(root, ws, Teacher)
	if err != nil || len(copied) != 1 || filepath.Base(filepath.Dir(copied[0])) != "corrections" {
		t.Errorf("second run: copied %v, %v; want corrections/01-a.ipynb only", copied, err)
	}
	if len(stale) != 1 || stale[0] != filepath.Join(ws, "01-a.ipynb") {
		t.Errorf("stale %v; want the student notebook of release r1", stale)
	}
	if b, _ := os.ReadFile(filepath.Join(ws, "01-a.ipynb")); string(b) != string(edited) {
		t.Error("the teacher's edited notebook was overwritten")
	}
	// A header of the workbook's own (the packages it imports) changes
	// the notebook too, its statement's release the same.
	os.Remove(filepath.Join(ws, "01-a.ipynb"))
	write(filepath.Join(root, "notebooks", "corrections", "01-a.ipynb"), headedNotebook("r1", "import \"fmt\"\nimport _ \"hidden\"", "correction"))
	if _, stale, err = Prepare(root, ws, Teacher); err != nil || len(stale) != 1 || stale[0] != filepath.Join(ws, "corrections", "01-a.ipynb") {
		t.Errorf("stale %v, %v; want the correction of the older header", stale, err)
	}
	if _, _, err := Prepare(t.TempDir(), ws, Teacher); err == nil || !strings.Contains(err.Error(), "no notebook") {
		t.Errorf("a tree without notebooks: %v", err)
	}
}

// Only notebooks without any output are trusted.
func TestUnrun(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"clean.ipynb":   `{"cells": [{"cell_type": "code", "outputs": [], "source": "x"}, {"cell_type": "markdown", "source": "y"}], "nbformat": 4}`,
		"run.ipynb":     `{"cells": [{"cell_type": "code", "outputs": [], "source": "x"}, {"cell_type": "code", "outputs": [{"output_type": "display_data", "data": {"text/html": "<script>"}}], "source": "x"}], "nbformat": 4}`,
		"broken.ipynb":  `{"cells": [`,
		"notes.txt":     "",
		"cleared.ipynb": `{"cells": [{"cell_type": "code", "execution_count": null, "outputs": [], "source": []}], "nbformat": 4}`,
	}
	for name, data := range files {
		os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644)
	}
	got := Unrun(dir, filepath.Join(dir, "absent"))
	want := []string{filepath.Join(dir, "clean.ipynb"), filepath.Join(dir, "cleared.ipynb")} // Glob sorts
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("Unrun: %v; want %v", got, want)
	}
}

// fakeJupyter puts on PATH a « jupyter » that answers --runtime-dir with
// runtime and logs every other call (its folder, then its arguments) to
// the returned file; it returns the environment for make.
func fakeJupyter(t *testing.T, runtime string) (env []string, log string) {
	t.Helper()
	bin := t.TempDir()
	log = filepath.Join(t.TempDir(), "calls")
	script := "#!/bin/sh\nif [ \"$1\" = --runtime-dir ]; then echo " + runtime + "; exit 0; fi\necho \"$PWD $*\" >>" + log + "\n"
	if err := os.WriteFile(filepath.Join(bin, "jupyter"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	gopath, _ := exec.Command("go", "env", "GOPATH").Output()
	gocache, _ := exec.Command("go", "env", "GOCACHE").Output()
	// HOME elsewhere, so that a pip Jupyter in ~/.local/bin does not come
	// first; Go keeps its caches.
	env = append(os.Environ(), "PATH="+bin+":"+os.Getenv("PATH"), "HOME="+t.TempDir(),
		"GOPATH="+strings.TrimSpace(string(gopath)), "GOCACHE="+strings.TrimSpace(string(gocache)))
	return env, log
}

// The teacher's make jupyter serves a working copy (corrections included)
// and says so; run again while that server is up, it names the server and
// starts nothing.
func TestMakeJupyter(t *testing.T) {
	if testing.Short() {
		t.Skip("runs make")
	}
	root, _ := filepath.Abs("../..")
	runtime := t.TempDir()
	env, log := fakeJupyter(t, runtime)
	ws := filepath.Join(t.TempDir(), "ws")
	runMake := func() string {
		cmd := exec.Command("make", "-s", "-o", "build/.setup-done", "jupyter", "WORKSPACE="+ws, "PORT=8899")
		cmd.Dir, cmd.Env = root, env
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("make jupyter: %v\n%s", err, out)
		}
		return string(out)
	}
	out := runMake()
	calls, _ := os.ReadFile(log)
	lines := strings.Split(strings.TrimSpace(string(calls)), "\n")
	// The notebooks copied, all without outputs, are trusted, then
	// Jupyter serves the working copy.
	if len(lines) != 2 || !strings.HasPrefix(lines[1], ws+" notebook "+strings.Join(stopFlags, " ")+" --no-browser --port=8899") {
		t.Fatalf("jupyter called as %q; want trust, then notebook --no-browser --port=8899 in %s", calls, ws)
	}
	if !strings.Contains(lines[0], " trust ") || !strings.Contains(lines[0], filepath.Join(ws, "01-recursion.ipynb")) ||
		!strings.Contains(lines[0], filepath.Join(ws, "corrections", "01-recursion.ipynb")) {
		t.Errorf("trust call %q; want the working copy's notebooks and corrections", lines[0])
	}
	for _, f := range []string{"01-recursion.ipynb", "corrections/01-recursion.ipynb"} {
		if _, err := os.Stat(filepath.Join(ws, f)); err != nil {
			t.Errorf("working copy: %v", err)
		}
	}
	if !strings.Contains(out, "corrections/") || !strings.Contains(out, "copied from notebooks/") {
		t.Errorf("make jupyter does not say what it serves:\n%s", out)
	}
	writeServer(t, runtime, "nbserver-9.json", map[string]any{"pid": os.Getpid(), "url": "http://localhost:8899/", "token": "tok", "notebook_dir": ws})
	out = runMake()
	if calls2, _ := os.ReadFile(log); string(calls2) != string(calls) {
		t.Errorf("a second server was started: %q", calls2)
	}
	if !strings.Contains(out, "already running") || !strings.Contains(out, "http://localhost:8899/?token=tok") {
		t.Errorf("second make jupyter:\n%s\nwant it to name the running server", out)
	}
}
