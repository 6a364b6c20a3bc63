package submission

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"
)

// hostile programs: each serves 01/Q4 (Count) with a function that
// misbehaves; want is a word of the expected trouble (or "" for a result).
var hostile = []struct {
	name, body, want string
	result           bool
	either           bool // contained either way: a result or a trouble
}{
	{"ok", `func(n int) (int64, error) { return 2, nil }`, "", true, false},
	{"panic", `func(n int) (int64, error) { var m map[int]int; m[1] = 1; return 0, nil }`, "", true, false},
	{"loop", `func(n int) (int64, error) { for { } }`, "délai dépassé", false, false},
	{"exit", `func(n int) (int64, error) { os.Exit(3); return 0, nil }`, "code 3", false, false},
	{"memory", `func(n int) (int64, error) { var s [][]byte; for { s = append(s, make([]byte, 1<<26)); s[len(s)-1][0] = 1 } }`, "mémoire", false, false},
	{"output", `func(n int) (int64, error) { for i := 0; i < 1e6; i++ { fmt.Println("bla bla bla bla") }; return 2, nil }`, "", true, false},
	{"recursion", `func(n int) (int64, error) { var f func(int) int; f = func(k int) int { return f(k+1) + 1 }; return int64(f(0)), nil }`, "pile", false, false},
	{"fork", `func(n int) (int64, error) { for i := 0; i < 100000; i++ { exec.Command("/bin/sleep", "30").Start() }; return 0, nil }`, "", true, true},
	{"result-forgery", `func(n int) (int64, error) { os.NewFile(3, "r").Write([]byte("{\"output\":92}")); os.Exit(0); return 0, nil }`, "", true, false},
}

func TestSandbox(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles and runs hostile programs")
	}
	var units []Unit
	for _, h := range hostile {
		units = append(units, Unit{h.name, "package main\n\nimport \"github.com/prepa-reines/reines/grading\"\n\nfunc main() {\n\tgrading.ServeMain(\"01/Q4\", " + h.body + ")\n}\n"})
	}
	// The sandbox user must reach the binaries and the scratch folders.
	work, err := os.MkdirTemp("", "sandbox-test")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(work) })
	os.Chmod(work, 0o755)
	dir := work + "/build"
	built, err := Compile(context.Background(), root(t), dir, units)
	if err != nil {
		t.Fatal(err)
	}
	sb := Probe()
	t.Logf("sandbox: %+v", sb)
	lim := DefaultLimits
	lim.Timeout, lim.MemoryMB = 3*time.Second, 512
	for _, h := range hostile {
		t.Run(h.name, func(t *testing.T) {
			b := built[h.name]
			if b.Bin == "" {
				t.Fatalf("does not compile: %s", b.Errors)
			}
			scratch, _ := os.MkdirTemp(work, "scratch")
			start := time.Now()
			o := sb.Run(context.Background(), b.Bin, nil, []byte(`{"N":4}`), scratch, lim)
			if d := time.Since(start); d > lim.Timeout+3*time.Second {
				t.Errorf("took %v: the time-out did not stop it", d)
			}
			if !h.either && ((o.Result != nil) != h.result || (h.want != "" && !strings.Contains(o.Trouble, h.want))) {
				t.Errorf("outcome %+v; want result=%v, trouble containing %q", o, h.result, h.want)
			}
			if first, count := UIDRange(); sb.Unprivileged {
				out, _ := exec.Command("ps", "-e", "-o", "uid=,pid=,comm=").Output()
				for _, line := range strings.Split(string(out), "\n") {
					var uid int
					if _, err := fmt.Sscan(line, &uid); err == nil && uid >= first && uid < first+count {
						t.Errorf("a process of the sandbox survived the case: %s", line)
					}
				}
			}
			if len(o.Output) > lim.Output+100 {
				t.Errorf("kept %d bytes of output; limit %d", len(o.Output), lim.Output)
			}
		})
	}
}
