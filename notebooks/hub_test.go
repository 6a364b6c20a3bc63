package notebooks_test

import (
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/prepa-reines/reines/grading"
	"github.com/prepa-reines/reines/grading/fixtures"
	"github.com/prepa-reines/reines/grading/notebook"
)

// hubUsers are the students of TestHub: local users it creates, and
// removes with their homes when it ends.
var hubUsers = []string{"reines-hub-1", "reines-hub-2", "reines-hub-3"}

// hubPlace is where TestHub installs the hub (hubPrefix).
const hubPlace = "/var/tmp/reines-test-hub"

// hubPrefix returns the prefix TestHub installs into, hubPlace/prefix,
// kept between runs and between clones of the workbook: a second
// install.sh there takes seconds (the edition rewritten only if it
// changed, the build cache warmed again only where it did), where a first
// one compiles the standard library and the edition into a fresh build
// cache (minutes, in every clean clone when the prefix was inside it).
// A new machine runs the first install; each later run, the install over
// an earlier one (the same as re-running it for a new release), as
// TestPerUserSetup reuses its user's home. Outside the clone, and outside
// root's home, which the students could not cross. It holds a lock for the
// rest of the test, so that two clones' TestHub (whose users have the
// same names anyway) run one after the other. hubPlace must be root's
// own folder, written by no one else: else the test stops and says so.
func hubPrefix(t *testing.T) string {
	t.Helper()
	if err := os.Mkdir(hubPlace, 0o755); err != nil && !os.IsExist(err) {
		t.Fatal(err)
	}
	info, err := os.Lstat(hubPlace)
	if err != nil {
		t.Fatal(err)
	}
	if st, ok := info.Sys().(*syscall.Stat_t); !info.IsDir() || !ok || st.Uid != 0 || info.Mode().Perm()&0o022 != 0 {
		t.Fatalf("%s is not a folder of root's that only root writes (%v): remove it", hubPlace, info.Mode())
	}
	if err := os.Chmod(hubPlace, 0o755); err != nil {
		t.Fatal(err)
	}
	lock, err := os.OpenFile(filepath.Join(hubPlace, "lock"), os.O_CREATE|os.O_RDWR|syscall.O_NOFOLLOW, 0o600)
	if err != nil {
		t.Fatal(err)
	}
	if err := syscall.Flock(int(lock.Fd()), syscall.LOCK_EX); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { lock.Close() })
	return filepath.Join(hubPlace, "prefix")
}

// freePort returns a loopback port free at the time of the call.
func freePort(t *testing.T) int {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

// userPIDs lists the processes of a user.
func userPIDs(user string) []int {
	out, _ := exec.Command("pgrep", "-u", user).Output()
	var pids []int
	for _, f := range strings.Fields(string(out)) {
		if pid, err := strconv.Atoi(f); err == nil {
			pids = append(pids, pid)
		}
	}
	return pids
}

// processList describes pids, a line each ("pid command line").
func processList(pids []int) string {
	var lines []string
	for _, pid := range pids {
		cmdline, _ := os.ReadFile(fmt.Sprintf("/proc/%d/cmdline", pid))
		lines = append(lines, fmt.Sprintf("%d %s", pid, strings.ReplaceAll(strings.TrimRight(string(cmdline), "\x00"), "\x00", " ")))
	}
	return strings.Join(lines, "\n")
}

// removeHubUser stops what a user runs (the processes TestHub made it
// start, by their ids) and removes the user and its home.
func removeHubUser(user string) {
	if _, err := exec.Command("id", user).Output(); err != nil {
		return
	}
	for _, pid := range userPIDs(user) {
		_ = syscall.Kill(pid, syscall.SIGKILL)
	}
	for deadline := time.Now().Add(10 * time.Second); len(userPIDs(user)) > 0 && time.Now().Before(deadline); {
		time.Sleep(100 * time.Millisecond)
	}
	_ = exec.Command("userdel", "--remove", user).Run()
}

// TestHub runs a class of three on Debian's JupyterHub configured by hub/
// (hub/install.sh into hubPrefix, then jupyterhub -f
// hub/jupyterhub_config.py on free loopback ports, PAM against the local
// users it creates). Each student logs in through the hub's REST API (a
// token asked for with their password; a wrong password is refused) and
// starts their server, which their first login gives the student edition
// and a build cache; in one of them, the notebook of TP 1 runs through the
// server's kernel API, behind the hub's proxy, as the student: its header,
// the answer to question 1 and its check (passed), the untouched question
// 2's check (not implemented), and a look at another student's home
// (refused). Then one server is stopped through the API and the hub is
// stopped: no process of any student is left. Bounded waits throughout;
// whatever a failure leaves is stopped and removed.
func TestHub(t *testing.T) {
	if !*kernel {
		t.Skip("needs -kernel (make test): runs a class on JupyterHub")
	}
	if os.Getuid() != 0 {
		t.Skip("needs root: creates local users, and the hub runs their servers as them")
	}
	for _, cmd := range []string{"jupyterhub", "configurable-http-proxy", "useradd", "chpasswd"} {
		if _, err := exec.LookPath(cmd); err != nil {
			t.Fatalf("%s is missing: run kernel-setup/setup.sh --hub", cmd)
		}
	}
	// Beside the notebook runs (see mu): the class runs as users of its
	// own, from its own prefix, on ports of its own, and its waits are
	// long; the cores, a third idle while the hub starts, are then busy.
	t.Parallel()
	r := root(t)
	mu.RLock()
	defer mu.RUnlock()
	out := filepath.Join(r, "build", "hub")
	if err := os.MkdirAll(out, 0o755); err != nil {
		t.Fatal(err)
	}
	prefix := hubPrefix(t)
	start := time.Now()
	if o, err := exec.Command("bash", filepath.Join(r, "hub", "install.sh"), "--prefix", prefix).CombinedOutput(); err != nil {
		t.Fatalf("hub/install.sh: %v\n%s", err, tail(o, 40))
	} else {
		var steps []string
		for _, line := range strings.Split(string(o), "\n") {
			if strings.HasPrefix(line, "hub install") {
				steps = append(steps, line)
			}
		}
		t.Logf("hub/install.sh in %.0f s:\n%s", time.Since(start).Seconds(), strings.Join(steps, "\n"))
	}

	// The class: fresh users, with passwords.
	passwords := map[string]string{}
	for _, u := range hubUsers {
		removeHubUser(u)
		if o, err := exec.Command("useradd", "--create-home", "--shell", "/bin/bash", u).CombinedOutput(); err != nil {
			t.Fatalf("useradd %s: %v\n%s", u, err, o)
		}
		passwords[u] = randomID()
		cmd := exec.Command("chpasswd")
		cmd.Stdin = strings.NewReader(u + ":" + passwords[u] + "\n")
		if o, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("chpasswd: %v\n%s", err, o)
		}
		// Homes private, as on a school's server.
		if err := os.Chmod("/home/"+u, 0o700); err != nil {
			t.Fatal(err)
		}
	}
	t.Cleanup(func() {
		for _, u := range hubUsers {
			removeHubUser(u)
		}
	})

	// The hub.
	state := t.TempDir()
	if err := os.WriteFile(filepath.Join(state, "class.txt"), []byte("# TestHub\n"+strings.Join(hubUsers, "\n")+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	port := freePort(t)
	url := fmt.Sprintf("http://127.0.0.1:%d", port)
	cmd := exec.Command("jupyterhub", "-f", filepath.Join(r, "hub", "jupyterhub_config.py"))
	cmd.Dir = state
	cmd.Env = append(os.Environ(), "REINES_PREFIX="+prefix, "REINES_HUB_STATE="+state, "REINES_HUB_URL="+url+"/",
		fmt.Sprintf("REINES_HUB_API_PORT=%d", freePort(t)), fmt.Sprintf("REINES_HUB_PROXY_PORT=%d", freePort(t)))
	logPath := filepath.Join(out, "jupyterhub.log")
	log, err := os.Create(logPath)
	if err != nil {
		t.Fatal(err)
	}
	defer log.Close()
	cmd.Stdout, cmd.Stderr = log, log
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan struct{})
	go func() { _ = cmd.Wait(); close(exited) }()
	stopHub := func(t *testing.T) {
		_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGTERM)
		select {
		case <-exited:
		case <-time.After(60 * time.Second):
			t.Errorf("the hub did not stop 60 s after SIGTERM: killed (log %s)", logPath)
			_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
			<-exited
		}
	}
	t.Cleanup(func() { stopHub(t) })
	hub := kernelAPI{base: url + "/hub/"}
	for deadline := time.Now().Add(90 * time.Second); ; {
		var v struct{ Version string }
		if err := hub.call(http.MethodGet, "api/", nil, http.StatusOK, &v); err == nil {
			t.Logf("JupyterHub %s on %s", v.Version, url)
			break
		}
		select {
		case <-exited:
			t.Fatalf("the hub exited; log %s:\n%s", logPath, tailFile(logPath, 30))
		default:
		}
		if time.Now().After(deadline) {
			t.Fatalf("the hub is not answering 90 s after its start; log %s:\n%s", logPath, tailFile(logPath, 30))
		}
		time.Sleep(300 * time.Millisecond)
	}

	// Each student logs in (a token for their password) and starts their
	// server.
	tokens := map[string]string{}
	for _, u := range hubUsers {
		body := map[string]any{"auth": map[string]string{"username": u, "password": passwords[u]}, "note": "TestHub"}
		var tok struct{ Token string }
		if err := hub.call(http.MethodPost, "api/users/"+u+"/tokens", body, http.StatusCreated, &tok); err != nil {
			t.Fatalf("%s logging in: %v", u, err)
		}
		tokens[u] = tok.Token
		wrong := map[string]any{"auth": map[string]string{"username": u, "password": passwords[u] + "x"}}
		if err := hub.call(http.MethodPost, "api/users/"+u+"/tokens", wrong, http.StatusForbidden, nil); err != nil {
			t.Errorf("%s with a wrong password: %v", u, err)
		}
	}
	stranger := map[string]any{"auth": map[string]string{"username": "root", "password": "x"}}
	if err := hub.call(http.MethodPost, "api/users/root/tokens", stranger, http.StatusForbidden, nil); err != nil {
		t.Errorf("root, not in the class: %v", err)
	}
	spawn := time.Now()
	for _, u := range hubUsers {
		as := kernelAPI{base: hub.base, token: tokens[u]}
		req, _ := http.NewRequest(http.MethodPost, as.base+"api/users/"+u+"/server", nil)
		req.Header.Set("Authorization", "token "+as.token)
		resp, err := (&http.Client{Timeout: 60 * time.Second}).Do(req)
		if err != nil {
			t.Fatalf("%s starting the server: %v", u, err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusCreated && resp.StatusCode != http.StatusAccepted {
			t.Fatalf("%s starting the server: %s; log %s:\n%s", u, resp.Status, logPath, tailFile(logPath, 30))
		}
	}
	for _, u := range hubUsers {
		as := kernelAPI{base: hub.base, token: tokens[u]}
		for deadline := time.Now().Add(4 * time.Minute); ; {
			var m struct {
				Servers map[string]struct{ Ready bool }
			}
			if err := as.call(http.MethodGet, "api/users/"+u, nil, http.StatusOK, &m); err != nil {
				t.Fatal(err)
			}
			if m.Servers[""].Ready {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("%s: server not ready 4 min after its start; log %s:\n%s", u, logPath, tailFile(logPath, 30))
			}
			time.Sleep(500 * time.Millisecond)
		}
	}
	t.Logf("3 servers ready in %.0f s", time.Since(spawn).Seconds())

	// Their homes: the edition, theirs; the build cache's folders theirs,
	// its files the shared ones, read-only.
	for _, u := range hubUsers {
		home := "/home/" + u
		info, err := os.Stat(filepath.Join(home, "reines", "notebooks", "01-recursion.ipynb"))
		if err != nil {
			t.Errorf("%s: no edition after the first login: %v", u, err)
			continue
		}
		if uid := info.Sys().(*syscall.Stat_t).Uid; uid != uint32(uidOf(t, u)) {
			t.Errorf("%s: the notebook belongs to uid %d", u, uid)
		}
		if src, err := os.ReadFile(filepath.Join(home, "reines", "grading", "nb01", "hidden", "hidden.go")); err != nil || strings.Contains(string(src), "Hidden =") {
			t.Errorf("%s: the edition in the home holds the hidden cases, or no package of them (%v)", u, err)
		}
		if info, err := os.Stat(filepath.Join(home, ".cache", "go-build")); err != nil || info.Sys().(*syscall.Stat_t).Uid != uint32(uidOf(t, u)) {
			t.Errorf("%s: no build cache of their own (%v)", u, err)
		}
	}

	// The first student's TP 1, through the kernel API behind the proxy.
	u := hubUsers[0]
	api := kernelAPI{base: url + "/user/" + u + "/", token: tokens[u]}
	var content struct{ Content json.RawMessage }
	if err := api.call(http.MethodGet, "api/contents/reines/notebooks/01-recursion.ipynb", nil, http.StatusOK, &content); err != nil {
		t.Fatal(err)
	}
	student, err := notebook.Parse(content.Content)
	if err != nil {
		t.Fatal(err)
	}
	correction, err := notebook.Read(filepath.Join(r, "notebooks", "corrections", "01-recursion.ipynb"))
	if err != nil {
		t.Fatal(err)
	}
	pasted := fixtures.PasteAnswers(student, correction)
	cell := func(nb *notebook.Notebook, role, question string) string {
		for _, c := range nb.Cells {
			if m := c.Reines(); m.Role == role && m.Question == question {
				return string(c.Source)
			}
		}
		t.Fatalf("no %s cell for %q", role, question)
		return ""
	}
	id, err := api.openNotebook("reines/notebooks/01-recursion.ipynb", "gonb")
	if err != nil {
		t.Fatalf("opening the notebook: %v", err)
	}
	conn := api.connect(t, id)
	steps := []struct {
		what, code string
		check      string // the check's outcome, or "" for a cell that checks nothing
		output     string // what its printed output must contain
	}{
		{"the header", cell(student, "header", ""), "", ""},
		{"the answer to Q1", cell(pasted, "answer", "01/Q1"), "", ""},
		{"the check of Q1", cell(student, "check", "01/Q1"), "passed", ""},
		{"the stub of Q2", cell(student, "answer", "01/Q2"), "", ""},
		{"the check of Q2", cell(student, "check", "01/Q2"), "not-implemented", ""},
		{"who runs the kernel", "!id -un; cat /home/" + hubUsers[1] + "/reines/README.md 2>&1 | head -1", "", u + "\n"},
	}
	for _, s := range steps {
		begin := time.Now()
		ex, err := conn.execute(s.code, 5*time.Minute, nil)
		if err != nil {
			t.Fatalf("%s: %v", s.what, err)
		}
		t.Logf("%s: %s in %.1f s", s.what, ex.Status, time.Since(begin).Seconds())
		if ex.Status != "ok" || len(ex.Errors) > 0 {
			t.Errorf("%s: status %q, errors %q, output %q", s.what, ex.Status, ex.Errors, ex.Stdout)
		}
		if s.check != "" {
			if len(ex.Checks) != 1 {
				t.Errorf("%s: %d check records, want 1; output %q", s.what, len(ex.Checks), ex.Stdout)
				continue
			}
			var rec grading.Record
			if err := json.Unmarshal([]byte(ex.Checks[0]), &rec); err != nil || rec.Outcome != s.check {
				t.Errorf("%s: record %s (%v), want outcome %q", s.what, ex.Checks[0], err, s.check)
			}
		}
		if !strings.Contains(ex.Stdout, s.output) {
			t.Errorf("%s: output %q, want it to contain %q", s.what, ex.Stdout, s.output)
		}
		if s.what == "who runs the kernel" && !strings.Contains(ex.Stdout, "Permission denied") {
			t.Errorf("%s read another student's home: %q", u, ex.Stdout)
		}
	}

	// One server stopped through the API, then the hub: nothing of the
	// class is left running.
	as := kernelAPI{base: hub.base, token: tokens[hubUsers[1]]}
	if err := as.call(http.MethodDelete, "api/users/"+hubUsers[1]+"/server", nil, http.StatusNoContent, nil); err != nil {
		// 202: stopping; the hub's stop below ends it anyway.
		t.Logf("stopping %s's server: %v", hubUsers[1], err)
	}
	stop := time.Now()
	stopHub(t)
	for _, u := range hubUsers {
		var left []int
		for deadline := time.Now().Add(30 * time.Second); ; {
			if left = userPIDs(u); len(left) == 0 || time.Now().After(deadline) {
				break
			}
			time.Sleep(200 * time.Millisecond)
		}
		if len(left) > 0 {
			t.Errorf("%s: %d processes left after the hub stopped:\n%s", u, len(left), processList(left))
		}
	}
	t.Logf("hub stopped, nothing of the class left, in %.1f s", time.Since(stop).Seconds())
}

// uidOf returns a user's uid.
func uidOf(t *testing.T, user string) int {
	out, err := exec.Command("id", "-u", user).Output()
	if err != nil {
		t.Fatalf("id -u %s: %v", user, err)
	}
	uid, _ := strconv.Atoi(strings.TrimSpace(string(out)))
	return uid
}

// tailFile returns the last n lines of a file.
func tailFile(path string, n int) string {
	data, _ := os.ReadFile(path)
	return tail(data, n)
}
