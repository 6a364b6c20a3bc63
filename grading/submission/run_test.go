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

// hostile programs: each serves 01/Q4 (Count) with a function that returns
// 2 except on n = 4, where it misbehaves (the sandbox must contain it and
// move on); want is a word of the expected trouble for that case, or of
// the result's output.
var hostile = []struct {
	name, body, want string
	result           bool
	either           bool // contained either way: a result or a trouble
}{
	{"ok", `return 2, nil`, "", true, false},
	{"panic", `var m map[int]int; m[1] = 1; return 0, nil`, "", true, false},
	{"loop", `for { }`, "boucle infinie", false, false},
	{"exit", `os.Exit(3); return 0, nil`, "code 3", false, false},
	{"memory", `var s [][]byte; for { s = append(s, make([]byte, 1<<26)); s[len(s)-1][0] = 1 }`, "mémoire", false, false},
	{"output", `for i := 0; i < 1e6; i++ { fmt.Println("bla bla bla bla") }; return 2, nil`, "", true, false},
	{"output-then-crash", `for i := 0; i < 1e5; i++ { fmt.Println("bla bla bla bla") }; var f func(int) int; f = func(k int) int { return f(k+1) + 1 }; return int64(f(0)), nil`, "pile", false, false},
	{"recursion", `var f func(int) int; f = func(k int) int { return f(k+1) + 1 }; return int64(f(0)), nil`, "pile", false, false},
	{"goroutine-panic", `done := make(chan bool); go func() { panic("boum") }(); <-done; return 0, nil`, "code 2", false, false},
	{"fork", `for i := 0; i < 100000; i++ { exec.Command("/bin/sleep", "30").Start() }; return 0, nil`, "", true, true},
	{"escape", `if err := exec.Command("/usr/bin/setsid", "/bin/sleep", "30").Start(); err != nil { panic(err) }; os.NewFile(3, "r").Write([]byte("{\"case\":99}\n{\"case\":99}\n{\"case\":99}\n")); return 2, nil`, `"N":2,`, true, false},
	{"result-forgery", `os.NewFile(3, "r").Write([]byte("{\"case\":2,\"output\":92}\n")); os.Exit(0); return 0, nil`, "", true, false},
	{"fd3-garbage", `os.NewFile(3, "r").Write([]byte("{\"case\":7,\"output\":92}\nbla\n")); return 2, nil`, "", true, false},
	{"fd3-closed", `os.NewFile(3, "r").Close(); select {}`, "descripteur 3", false, false},
}

// Every hostile case is contained: the cases before it get their result
// from the same child, the one after from a fresh child (none after a
// time-out), and nothing of the sandbox survives.
func TestSandbox(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles and runs hostile programs")
	}
	var units []Unit
	for _, h := range hostile {
		units = append(units, Unit{Name: h.name,
			Source:  "package main\n\nfunc count(n int) (int64, error) {\n\tif n != 4 {\n\t\treturn 2, nil\n\t}\n\t" + h.body + "\n}\n\nfunc main() { serve() }\n",
			Harness: "package main\n\nimport (\n\t\"github.com/prepa-reines/reines/grading\"\n\t_ \"github.com/prepa-reines/reines/grading/nb01\"\n)\n\nfunc serve() { grading.ServeMain(\"01/Q4\", count) }\n"})
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
	inputs := [][]byte{[]byte(`{"N":3}`), []byte(`{"N":4}`), []byte(`{"N":5}`)}
	for _, h := range hostile {
		t.Run(h.name, func(t *testing.T) {
			b := built[h.name]
			if b.Bin == "" {
				t.Fatalf("does not compile: %s", b.Errors)
			}
			scratch, _ := os.MkdirTemp(work, "scratch")
			start := time.Now()
			outs := sb.RunCases(context.Background(), b.Bin, nil, inputs, scratch, lim)
			if d := time.Since(start); d > lim.Timeout+5*time.Second {
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
				text = string(o.Result.Output)
			}
			if !h.either && ((o.Result != nil) != h.result || (h.want != "" && !strings.Contains(text, h.want))) {
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
			if len(o.Output) > lim.Output+tailSize+100 {
				t.Errorf("kept %d bytes of output; limit %d + %d", len(o.Output), lim.Output, tailSize)
			}
		})
	}
}
