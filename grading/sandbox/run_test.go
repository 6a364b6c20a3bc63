package sandbox

import (
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/prepa-reines/reines/grading"
	"github.com/prepa-reines/reines/grading/submission"
)

// hostile programs: each serves 01/Q4 (Count) with a function that returns
// 2 except on n = 4, where it misbehaves (the sandbox must contain it and
// move on); want is a word of the expected trouble for that case, or of
// the result's output. In bodies, PROBE is replaced by the path of a file
// the child must not read and ADDR by a loopback address the test listens
// on; a probe that gets through answers 99.
var hostile = []struct {
	name, imports, body, want string
	result                    bool
	either                    bool // contained either way: a result or a trouble
	isolated                  bool // needs bubblewrap (skipped without it)
}{
	{"ok", "", `return 2, nil`, "", true, false, false},
	{"panic", "", `var m map[int]int; m[1] = 1; return 0, nil`, "", true, false, false},
	{"loop", "", `for { }`, "boucle infinie", false, false, false},
	{"exit", "", `os.Exit(3); return 0, nil`, "code de sortie 3", false, false, false},
	{"memory", "", `var s [][]byte; for { s = append(s, make([]byte, 1<<26)); s[len(s)-1][0] = 1 }`, "mémoire", false, false, false},
	// 16 MB of output, past the kept 10 MB, in 100 000 writes (a million
	// writes of one line each cost seconds of system time on a busy machine).
	{"output", "", `for i := 0; i < 1e5; i++ { fmt.Println("` + strings.Repeat("bla bla bla bla ", 10) + `") }; return 2, nil`, "", true, false, false},
	{"output-then-crash", "", `for i := 0; i < 1e5; i++ { fmt.Println("bla bla bla bla") }; var f func(int) int; f = func(k int) int { return f(k+1) + 1 }; return int64(f(0)), nil`, "pile", false, false, false},
	{"recursion", "", `var f func(int) int; f = func(k int) int { return f(k+1) + 1 }; return int64(f(0)), nil`, "pile", false, false, false},
	{"goroutine-panic", "", `done := make(chan bool); go func() { panic("boum") }(); <-done; return 0, nil`, "code de sortie 2", false, false, false},
	// Copies of itself that serve forever, in a session of their own.
	{"fork", "", `for i := 0; i < 100000; i++ { c := exec.Command(os.Args[0]); r, w, _ := os.Pipe(); c.Stdin, c.ExtraFiles = r, []*os.File{w}; c.Start() }; return 0, nil`, "", true, true, false},
	{"escape", "", `r, w, _ := os.Pipe(); c := exec.Command(os.Args[0]); c.Stdin, c.ExtraFiles = r, []*os.File{w}; c.SysProcAttr = &syscall.SysProcAttr{Setsid: true}; if err := c.Start(); err != nil { panic(err) }; os.NewFile(3, "r").Write([]byte("{\"case\":99}\n{\"case\":99}\n{\"case\":99}\n")); return 2, nil`, `"N":2,`, true, false, false},
	{"start-process", "", `r, w, _ := os.Pipe(); _, err := os.StartProcess(os.Args[0], []string{"x"}, &os.ProcAttr{Files: []*os.File{r, os.Stdout, os.Stderr, w}, Sys: &syscall.SysProcAttr{Setsid: true}}); if err != nil { panic(err) }; return 2, nil`, `"N":2,`, true, false, false},
	// A result with the case's number but without the MAC of the child's
	// key is not the harness's, even when the program read every case the
	// harness got (its standard input relayed, see stdinRelay) and the key's
	// descriptor.
	{"result-forgery", "", `os.NewFile(3, "r").Write([]byte("{\"case\":2,\"output\":{\"N\":2},\"mac\":\"00\"}\n")); os.Exit(0); return 0, nil`, "sans rendre de résultat", false, false, false},
	{"stdin-relay-forgery", "", `key := make([]byte, 32); k, _ := io.ReadFull(os.NewFile(4, "key"), key); os.NewFile(3, "r").WriteString(forge(key[:k], int(relayed.Load()))); return 2, nil`, `"N":2,`, true, false, false},
	{"fd3-garbage", "", `os.NewFile(3, "r").Write([]byte("{\"case\":7,\"output\":92}\nbla\n")); return 2, nil`, "", true, false, false},
	{"fd3-closed", "", `os.NewFile(3, "r").Close(); time.Sleep(time.Hour); return 0, nil`, "sans rendre de résultat", false, false, false},
	// What bubblewrap hides: the machine's files, by every route, the
	// network, and any room to fill a disk.
	{"read-file", "", `if _, err := os.ReadFile("PROBE"); err == nil { return 99, nil }; return 2, nil`, `"N":2,`, true, false, true},
	{"read-unix", "import \"golang.org/x/sys/unix\"\n", `if fd, err := unix.Open("PROBE", unix.O_RDONLY, 0); err == nil { unix.Close(fd); return 99, nil }; return 2, nil`, `"N":2,`, true, false, true},
	{"read-syscall-renamed", "import sys \"syscall\"\n", `if fd, err := sys.Open("PROBE", sys.O_RDONLY, 0); err == nil { sys.Close(fd); return 99, nil }; return 2, nil`, `"N":2,`, true, false, true},
	{"list-home", "", `for _, d := range []string{"/root", "/home", "/work", "/etc"} { if e, err := os.ReadDir(d); err == nil && len(e) > 0 { return 99, nil } }; return 2, nil`, `"N":2,`, true, false, true},
	{"network", "", `if c, err := net.DialTimeout("tcp", "ADDR", time.Second); err == nil { c.Write([]byte("leak")); c.Close(); return 99, nil }; return 2, nil`, `"N":2,`, true, false, true},
	{"fill-disk", "", `b := make([]byte, 1<<20); for _, d := range []string{"/tmp", "/dev/shm", "/var/tmp", os.Getenv("HOME"), "."} { for i := 0; i < 300; i++ { f, err := os.Create(fmt.Sprintf("%s/fill-%d", d, i)); if err != nil { break }; _, err = f.Write(b); f.Close(); if err != nil { break } } }; return 2, nil`, `"N":2,`, true, false, true},
}

// Every hostile case is contained: the cases before it get their result
// from the same child, the one after from a fresh child (none after a
// time-out), and nothing of the sandbox survives: no process, no file in a
// place anyone may write, nothing read from the repository or from another
// submission's folder, nothing sent to a loopback listener; cgo does not
// build.
func TestSandbox(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles and runs hostile programs")
	}
	sb := Probe()
	t.Log(sb.Isolation())
	// The probes: a file in the repository, one in another submission's
	// folder, a loopback listener.
	probes := []string{filepath.Join(root(t), "grading", "submission", "testdata", "probe-"+fmt.Sprint(os.Getpid()))}
	work, err := os.MkdirTemp("", "sandbox-test")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(work) })
	os.Chmod(work, 0o755)
	probes = append(probes, filepath.Join(work, "other-student", "notebook.ipynb"))
	for _, p := range probes {
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte("secret"), 0o644); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { os.Remove(p) })
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	accepted := make(chan string, 100)
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			accepted <- c.RemoteAddr().String()
			c.Close()
		}
	}()

	var units []submission.Unit
	var cases []int
	for i, h := range hostile {
		for k, probe := range probes {
			if k > 0 && !strings.Contains(h.body, "PROBE") {
				break
			}
			body := strings.NewReplacer("PROBE", probe, "ADDR", ln.Addr().String()).Replace(h.body)
			units = append(units, submission.Unit{Name: fmt.Sprintf("%s-%d", h.name, k),
				Source:  "package main\n\n" + h.imports + "\nfunc count(n int) (int64, error) {\n\tif n != 4 {\n\t\treturn 2, nil\n\t}\n\t" + body + "\n}\n\nfunc main() { serve() }\n" + relayFor(h.name),
				Harness: "package main\n\nimport (\n\t\"github.com/prepa-reines/reines/grading\"\n\t_ \"github.com/prepa-reines/reines/grading/nb01\"\n)\n\nfunc serve() { grading.ServeMain(\"01/Q4\", count) }\n"})
			cases = append(cases, i)
		}
	}
	units = append(units, submission.Unit{Name: "cgo", Source: "package main\n\n// int answer(void) { return 2; }\nimport \"C\"\n\nfunc count(n int) (int64, error) { return int64(C.answer()), nil }\n\nfunc main() { serve() }\n",
		Harness: units[0].Harness})
	built, err := submission.Compile(context.Background(), submission.Toolchain{Root: root(t)}, filepath.Join(work, "build"), units)
	if err != nil {
		t.Fatal(err)
	}
	if b := built["cgo"]; b.Bin != "" {
		t.Errorf("a cgo program built: %s", b.Bin)
	}
	lim := DefaultLimits
	lim.Timeout, lim.MemoryMB = 3*time.Second, 512
	inputs := [][]byte{[]byte(`{"N":3}`), []byte(`{"N":4}`), []byte(`{"N":5}`)}
	for j, u := range units[:len(units)-1] {
		h := hostile[cases[j]]
		t.Run(u.Name, func(t *testing.T) {
			if h.isolated && !sb.Isolated() {
				t.Skip("needs bubblewrap: " + sb.Warning)
			}
			b := built[u.Name]
			if b.Bin == "" {
				t.Fatalf("does not compile: %s", b.Errors)
			}
			scratch, _ := os.MkdirTemp(work, "scratch")
			start := time.Now()
			outs := sb.RunCases(context.Background(), b.Bin, nil, inputs, scratch, lim)
			// A starved child's deadline moves by the time it waited for a
			// CPU (other tests run beside this one), up to maxStretch times
			// its limit: past that, the time-out did not stop it.
			if d := time.Since(start); d > maxStretch*lim.Timeout+5*time.Second {
				t.Errorf("took %v: the time-out did not stop it", d)
			}
			if len(outs) < 2 {
				t.Fatalf("%d outcomes for 3 cases", len(outs))
			}
			for _, k := range []int{0, 2} {
				if k == 2 && outs[1].TimedOut {
					if len(outs) != 2 {
						t.Errorf("a case ran after a time-out: %+v", outs[2])
					}
					continue
				}
				if o := outs[k]; o.Result == nil || !strings.Contains(string(o.Result.Output), `"N":2,`) {
					t.Errorf("case %d: outcome %+v; want the result 2", k+1, o)
				}
			}
			o := outs[1]
			text := o.Trouble // want is a word of the trouble, or of the output of a result
			if o.Result != nil {
				text = string(o.Result.Output) + o.Result.Panic
			}
			if !h.either && ((o.Result != nil) != h.result || (h.want != "" && !strings.Contains(text, h.want))) {
				t.Errorf("outcome %+v (%s); want result=%v, trouble containing %q", o, text, h.result, h.want)
			}
			if first, count := uidBase, uidSlots; sb.Unprivileged {
				// Zombies are not processes that run: the system's init
				// reaps them (see killUser); nor are those in their exit
				// (bubblewrap's init leaves its cgroup, then tears its
				// namespaces down, tens of milliseconds on a busy machine).
				out, _ := exec.Command("ps", "-e", "-o", "uid=,stat=,pid=,comm=").Output()
				for _, line := range strings.Split(string(out), "\n") {
					var uid, pid int
					var stat string
					if _, err := fmt.Sscan(line, &uid, &stat, &pid); err == nil && uid >= first && uid < first+count && !strings.HasPrefix(stat, "Z") && !exiting(pid) {
						t.Errorf("a process of the sandbox survived the case: %s", line)
					}
				}
				if sb.Isolated() {
					for _, d := range []string{"/tmp", "/dev/shm", "/var/tmp", scratch} {
						if f := ownedFile(d, first, count); f != "" {
							t.Errorf("a file of the sandbox survived the case: %s", f)
						}
					}
				}
			}
			select {
			case from := <-accepted:
				t.Errorf("the loopback listener received a connection from %s", from)
			default:
			}
			if len(o.Output) > lim.Output+tailSize+100 {
				t.Errorf("kept %d bytes of output; limit %d + %d", len(o.Output), lim.Output, tailSize)
			}
		})
	}
}

// relayFor returns, for the stdin-relay-forgery program, a package
// variable whose initializer swaps os.Stdin for a pipe and relays the real
// standard input to it, keeping the number of the last case it saw in
// relayed: what a student's code could do before the harness reads its
// first case.
func relayFor(name string) string {
	if name != "stdin-relay-forgery" {
		return ""
	}
	return `
var relayed atomic.Int64

// forge writes the result {"N": 99} for case c as the harness would
// under key: the JSON of grading.ChildResult, HMAC-SHA256 in hex.
func forge(key []byte, c int) string {
	type result struct {
		Case     int             "json:\"case\""
		Started  bool            "json:\"started,omitempty\""
		Output   json.RawMessage "json:\"output,omitempty\""
		ToDo     bool            "json:\"todo,omitempty\""
		Panic    string          "json:\"panic,omitempty\""
		Problem  string          "json:\"problem,omitempty\""
		Reserved string          "json:\"reserved,omitempty\""
		AtStart  bool            "json:\"atStart,omitempty\""
		MAC      string          "json:\"mac\""
	}
	res := result{Case: c, Output: json.RawMessage("{\"N\":99}")}
	b, _ := json.Marshal(res)
	h := hmac.New(sha256.New, key)
	h.Write(b)
	res.MAC = hex.EncodeToString(h.Sum(nil))
	out, _ := json.Marshal(res)
	return string(out) + "\n"
}

var _ = func() int {
	real := os.Stdin
	r, w, _ := os.Pipe()
	os.Stdin = r
	go func() {
		in := bufio.NewReader(real)
		for {
			line, err := in.ReadBytes('\n')
			var c struct{ Case int64 }
			if json.Unmarshal(line, &c) == nil {
				relayed.Store(c.Case)
			}
			w.Write(line)
			if err != nil {
				w.Close()
				return
			}
		}
	}()
	return 0
}()
`
}

// exiting reports whether process pid is gone or in its exit (the kernel's
// PF_EXITING flag, in the ninth field of /proc/PID/stat): it runs no more
// code of its own.
func exiting(pid int) bool {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return true
	}
	_, rest, _ := strings.Cut(string(data), ") ") // after the command's name, which may hold spaces
	f := strings.Fields(rest)
	if len(f) < 7 {
		return false
	}
	flags, err := strconv.ParseUint(f[6], 10, 64)
	return err == nil && flags&0x4 != 0
}

// ownedFile returns a file under dir owned by a user ID in [first,
// first+count), "" if there is none.
func ownedFile(dir string, first, count int) string {
	found := ""
	_ = filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || found != "" {
			return nil
		}
		if info, err := d.Info(); err == nil {
			if st, ok := info.Sys().(*syscall.Stat_t); ok && int(st.Uid) >= first && int(st.Uid) < first+count {
				found = path
			}
		}
		return nil
	})
	return found
}

// Where the machine gives the grader control groups, each child's limits
// hold without the rlimits: memory (its pages touched one by one, which
// RLIMIT_DATA alone would not see as they are mapped lazily) is killed by
// the kernel and said to be memory, threads stop at the group's process
// limit; no group is left behind.
func TestCgroups(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles and runs hostile programs")
	}
	sb := Probe()
	if sb.Cgroups == nil {
		t.Skip("no cgroups here: " + sb.NoCgroups)
	}
	sb.Prlimit = "" // the groups alone
	harness := "package main\n\nimport (\n\t\"github.com/prepa-reines/reines/grading\"\n\t_ \"github.com/prepa-reines/reines/grading/nb01\"\n)\n\nfunc serve() { grading.ServeMain(\"01/Q4\", count) }\n"
	programs := []struct{ name, imports, body, want string }{
		{"memory", "", `var s [][]byte; for { b := make([]byte, 1<<24); for i := 0; i < len(b); i += 4096 { b[i] = 1 }; s = append(s, b) }`, "mémoire épuisée"},
		{"threads", "import \"runtime\"\n", `for i := 0; i < 200; i++ { go func() { runtime.LockOSThread(); time.Sleep(time.Hour) }() }; time.Sleep(5 * time.Second); return 2, nil`, "trop de processus"},
	}
	var units []submission.Unit
	for _, p := range programs {
		units = append(units, submission.Unit{Name: p.name, Harness: harness,
			Source: "package main\n\nimport \"time\"\n" + p.imports + "\nvar _ = time.Now\n\nfunc count(n int) (int64, error) {\n\t" + p.body + "\n}\n\nfunc main() { serve() }\n"})
	}
	work, err := os.MkdirTemp("", "cgroup-test") // open to the children's users, unlike t.TempDir
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(work) })
	os.Chmod(work, 0o755)
	built, err := submission.Compile(context.Background(), submission.Toolchain{Root: root(t)}, filepath.Join(work, "build"), units)
	if err != nil {
		t.Fatal(err)
	}
	lim := DefaultLimits
	lim.Timeout, lim.MemoryMB, lim.TmpMB, lim.Procs = 20*time.Second, 64, 8, 32
	for _, p := range programs {
		t.Run(p.name, func(t *testing.T) {
			b := built[p.name]
			if b.Bin == "" {
				t.Fatalf("does not compile: %s", b.Errors)
			}
			outs := sb.RunCases(context.Background(), b.Bin, nil, [][]byte{[]byte(`{"N":4}`)}, work, lim)
			if len(outs) != 1 || outs[0].Result != nil || !strings.Contains(outs[0].Trouble, p.want) {
				t.Errorf("outcomes %+v; want a trouble containing %q", outs, p.want)
			}
		})
	}
	// Each child gets its GOMAXPROCS cores of CPU, however many processes
	// it starts (the kernel enforces the quota the group is given).
	if sb.Cgroups.CPU != "" {
		for _, procs := range []int{1, 2} {
			l := DefaultLimits
			l.MaxProcs = procs
			cg, err := sb.Cgroups.group(l)
			if err != nil {
				t.Fatal(err)
			}
			file, want := filepath.Join(cg.dirs[len(cg.dirs)-1], "cpu.cfs_quota_us"), fmt.Sprint(procs*100000)
			if sb.Cgroups.V2 != "" {
				file, want = filepath.Join(cg.dirs[0], "cpu.max"), fmt.Sprintf("%d 100000", procs*100000)
			}
			b, err := os.ReadFile(file)
			if got := strings.TrimSpace(string(b)); err != nil || got != want {
				t.Errorf("GOMAXPROCS %d: %s = %q (%v); want %q", procs, file, got, err, want)
			}
			cg.remove()
		}
	}
	for _, d := range sb.Cgroups.dirs("") {
		if left, _ := filepath.Glob(filepath.Join(d, fmt.Sprintf("%s%d-*", cgroupPrefix, os.Getpid()))); len(left) > 0 {
			t.Errorf("groups left behind: %v", left)
		}
	}
}

// A descriptor the grader inherited (a shell's `9>>file`) does not reach
// the children.
func TestInheritedDescriptors(t *testing.T) {
	f, err := os.CreateTemp(t.TempDir(), "inherited")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	// Go opens files close-on-exec: clear it, as a shell's redirection is.
	if _, _, e := syscall.Syscall(syscall.SYS_FCNTL, f.Fd(), syscall.F_SETFD, 0); e != 0 {
		t.Fatal(e)
	}
	closeInherited()
	flags, _, e := syscall.Syscall(syscall.SYS_FCNTL, f.Fd(), syscall.F_GETFD, 0)
	if e != 0 || flags&syscall.FD_CLOEXEC == 0 {
		t.Errorf("descriptor %d still inherited by the children (flags %d)", f.Fd(), flags)
	}
}

// keyProbe is a child program serving 01/Q4 whose answer, on n = 4, tries
// every route a process has to its own memory, where the harness keeps its
// key, and to its result descriptor by another way than os.NewFile (which
// the grader costs the question): the procfs entries, and a copy of itself
// (a program of the same user, as a native helper a student wrote into
// /tmp would be) that attaches to it with ptrace. It answers 2 when every
// route is closed, 1000 + the routes open (bits of keyRoutes), or 3 when a
// probe could not even be tried.
const keyProbe = `package main

import (
	"errors"
	"io/fs"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
)

// The copy's work: attach to the process named by REINES_PROBE_PARENT.
var _ = func() int {
	pid, err := strconv.Atoi(os.Getenv("REINES_PROBE_PARENT"))
	if err != nil {
		return 0
	}
	if err := syscall.PtraceAttach(pid); err != nil {
		if errors.Is(err, syscall.EPERM) {
			os.Exit(10)
		}
		os.Exit(12)
	}
	syscall.PtraceDetach(pid)
	os.Exit(11)
	return 0
}()

func count(n int) (int64, error) {
	if n != 4 {
		return 2, nil
	}
	open := 0
	for k, path := range []string{"/proc/self/mem", "/proc/self/maps", "/proc/self/fd/3", "/dev/fd/3", "/proc/self/exe", "/proc/1/mem"} {
		f, err := os.OpenFile(path, os.O_RDONLY, 0)
		if err == nil {
			f.Close()
			open |= 1 << k
		} else if !errors.Is(err, fs.ErrNotExist) && !errors.Is(err, fs.ErrPermission) {
			return 3, nil
		}
	}
	if env, err := os.ReadFile("/proc/self/environ"); err == nil && strings.Trim(string(env), "\x00") != "GORACE=` + raceOptions + `" {
		open |= 1 << 6
	}
	cmd := exec.Command(os.Args[0])
	cmd.Env = []string{"REINES_PROBE_PARENT=" + strconv.Itoa(os.Getpid())}
	err := cmd.Run()
	var exit *exec.ExitError
	switch {
	case errors.As(err, &exit) && exit.ExitCode() == 11:
		open |= 1 << 7
	case !errors.As(err, &exit) || exit.ExitCode() != 10:
		return 3, nil
	}
	if open != 0 {
		return int64(1000 + open), nil
	}
	return 2, nil
}

func main() { serve() }
`

// keyRoutes names the bits of keyProbe's answer.
var keyRoutes = []string{"/proc/self/mem", "/proc/self/maps", "/proc/self/fd/3", "/dev/fd/3", "/proc/self/exe", "/proc/1/mem", "/proc/self/environ beyond GORACE", "ptrace by a process of the same user"}

// A child, built with the race detector or without, has no route to its
// own memory (where the harness keeps its key) nor to its result
// descriptor by path: no procfs but the race runtime's options, and no
// other process of its user may attach to it.
func TestNoRouteToTheKey(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles a race-detector build")
	}
	sb := Probe()
	if !sb.Isolated() {
		t.Skip("needs bubblewrap: " + sb.Warning)
	}
	work, err := os.MkdirTemp("", "key-test")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(work) })
	os.Chmod(work, 0o755)
	harness := "package main\n\nimport (\n\t\"github.com/prepa-reines/reines/grading\"\n\t_ \"github.com/prepa-reines/reines/grading/nb01\"\n)\n\nfunc serve() { grading.ServeMain(\"01/Q4\", count) }\n"
	units := []submission.Unit{{Name: "plain", Source: keyProbe, Harness: harness}, {Name: "race", Source: keyProbe, Harness: harness, Race: true}}
	built, err := submission.Compile(context.Background(), submission.Toolchain{Root: root(t)}, filepath.Join(work, "build"), units)
	if err != nil {
		t.Fatal(err)
	}
	for _, u := range units {
		t.Run(u.Name, func(t *testing.T) {
			b := built[u.Name]
			if b.Bin == "" {
				t.Fatalf("does not compile: %s", b.Errors)
			}
			lim := DefaultLimits
			lim.Timeout, lim.Race = 20*time.Second, u.Race
			if u.Race {
				lim.MaxProcs = 2
			}
			outs := sb.RunCases(context.Background(), b.Bin, nil, [][]byte{[]byte(`{"N":4}`)}, work, lim)
			if len(outs) != 1 || outs[0].Result == nil {
				t.Fatalf("outcomes %+v", outs)
			}
			var got struct{ N int }
			if err := json.Unmarshal(outs[0].Result.Output, &got); err != nil {
				t.Fatalf("output %s: %v", outs[0].Result.Output, err)
			}
			switch {
			case got.N == 3:
				t.Errorf("a probe could not be tried: %s", outs[0].Output)
			case got.N >= 1000:
				for k, route := range keyRoutes {
					if (got.N-1000)&(1<<k) != 0 {
						t.Errorf("open route: %s", route)
					}
				}
			case got.N != 2:
				t.Errorf("answer %d", got.N)
			}
		})
	}
}

// A child sees the checks' limit of Limits.Checks (grading.TimeoutEnv),
// which scales its waits for goroutines; without one, none (its default);
// with DefaultLimits, the grader's own: 10 s.
func TestChecksLimitReachesChild(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles a program")
	}
	work, err := os.MkdirTemp("", "checks-limit") // the sandbox user reaches it (not t.TempDir's 0700 parent)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(work) })
	os.Chmod(work, 0o755)
	unit := submission.Unit{Name: "limit",
		Source: "package main\n\nimport (\n\t\"os\"\n\t\"time\"\n)\n\n" +
			"func count(n int) (int64, error) {\n\td, err := time.ParseDuration(os.Getenv(\"" + grading.TimeoutEnv + "\"))\n\tif err != nil {\n\t\treturn -1, nil\n\t}\n\treturn int64(d / time.Millisecond), nil\n}\n\nfunc main() { serve() }\n",
		Harness: "package main\n\nimport (\n\t\"github.com/prepa-reines/reines/grading\"\n\t_ \"github.com/prepa-reines/reines/grading/nb01\"\n)\n\nfunc serve() { grading.ServeMain(\"01/Q4\", count) }\n"}
	built, err := submission.Compile(context.Background(), submission.Toolchain{Root: root(t)}, filepath.Join(work, "build"), []submission.Unit{unit})
	if err != nil {
		t.Fatal(err)
	}
	b := built[unit.Name]
	if b.Bin == "" {
		t.Fatalf("does not compile: %s", b.Errors)
	}
	sb := Probe()
	for _, c := range []struct {
		checks time.Duration
		want   string
	}{{0, `"N":-1,`}, {1500 * time.Millisecond, `"N":1500,`}, {DefaultLimits.Checks, `"N":10000,`}} {
		lim := DefaultLimits
		lim.Checks = c.checks
		scratch, _ := os.MkdirTemp(work, "scratch")
		os.Chmod(scratch, 0o755)
		outs := sb.RunCases(context.Background(), b.Bin, nil, [][]byte{[]byte(`{"N":4}`)}, scratch, lim)
		if len(outs) != 1 || outs[0].Result == nil || !strings.Contains(string(outs[0].Result.Output), c.want) {
			t.Errorf("Checks %v: outcomes %+v; want the result %s", c.checks, outs, c.want)
		}
	}
}

// root is the workbook's module root.
func root(t *testing.T) string {
	t.Helper()
	r, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	return r
}
