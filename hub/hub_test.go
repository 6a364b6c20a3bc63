// Tests of the hub's configuration that need no hub: the Kubernetes files
// (which cannot run here) parsed and checked against each other and
// against the single-server configuration, and jupyterhub_config.py loaded
// as JupyterHub loads it. TestHub (notebooks, -kernel) runs a class on the
// single-server configuration.
package hub_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

// dockerfile returns the instructions of a Dockerfile (continuations
// joined, comments dropped), each as its keyword and its arguments.
func dockerfile(t *testing.T, path string) [][2]string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var out [][2]string
	var cur string
	for _, line := range strings.Split(string(data), "\n") {
		trimmed := strings.TrimSpace(line)
		if strings.HasPrefix(trimmed, "#") || (trimmed == "" && cur == "") {
			continue
		}
		if strings.HasSuffix(trimmed, "\\") {
			cur += strings.TrimSuffix(trimmed, "\\") + " "
			continue
		}
		cur += trimmed
		kw, args, _ := strings.Cut(cur, " ")
		out = append(out, [2]string{strings.ToUpper(kw), strings.TrimSpace(args)})
		cur = ""
	}
	return out
}

// envOf returns the variables the ENV instructions set.
func envOf(instrs [][2]string) map[string]string {
	env := map[string]string{}
	for _, in := range instrs {
		if in[0] != "ENV" {
			continue
		}
		for _, kv := range strings.Fields(in[1]) {
			if k, v, ok := strings.Cut(kv, "="); ok {
				env[k] = v
			}
		}
	}
	return env
}

// lookup walks a parsed YAML document along keys.
func lookup(doc map[string]any, keys ...string) (any, bool) {
	var v any = doc
	for _, k := range keys {
		m, ok := v.(map[string]any)
		if !ok {
			return nil, false
		}
		if v, ok = m[k]; !ok {
			return nil, false
		}
	}
	return v, true
}

// The chart's values parse, use only the chart's top-level sections, set
// what a class needs, and refer only to what the user image holds; the
// image is built as the student edition's own (same base) and gives the
// kernels the environment the single-server hub gives them.
func TestKubernetes(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("k8s", "values.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	var values map[string]any
	if err := yaml.Unmarshal(data, &values); err != nil {
		t.Fatalf("values.yaml: %v", err)
	}
	// The chart's top-level sections (its values.schema.json), as far as
	// a class's configuration goes.
	sections := []string{"hub", "proxy", "singleuser", "cull", "prePuller", "scheduling", "ingress", "rbac", "imagePullSecret", "debug", "global"}
	for k := range values {
		if !slices.Contains(sections, k) {
			t.Errorf("values.yaml: %q is not a section of the chart", k)
		}
	}
	for _, path := range [][]string{
		{"singleuser", "image", "name"}, {"singleuser", "image", "tag"}, {"singleuser", "defaultUrl"},
		{"singleuser", "memory", "limit"}, {"singleuser", "cpu", "limit"}, {"singleuser", "storage", "capacity"},
		{"singleuser", "lifecycleHooks", "postStart", "exec", "command"},
		{"hub", "config", "JupyterHub", "authenticator_class"},
		{"hub", "config", "Authenticator", "allowed_users"}, {"hub", "config", "Authenticator", "admin_users"},
		{"cull", "enabled"}, {"cull", "timeout"},
	} {
		if _, ok := lookup(values, path...); !ok {
			t.Errorf("values.yaml sets no %s", strings.Join(path, "."))
		}
	}
	if tag, _ := lookup(values, "singleuser", "image", "tag"); tag != nil {
		if _, ok := tag.(string); !ok {
			t.Errorf("singleuser.image.tag is a %T: quote it (a tag like 2026.12 would become a number)", tag)
		}
	}
	if url, _ := lookup(values, "singleuser", "defaultUrl"); url != "/tree/reines/notebooks" {
		t.Errorf("singleuser.defaultUrl is %v, want the notebooks' folder of the copy the postStart hook makes", url)
	}

	image := dockerfile(t, filepath.Join("k8s", "Dockerfile"))
	edition := dockerfile(t, filepath.Join("..", "grading", "release", "student", "Dockerfile"))
	if len(image) == 0 || len(edition) == 0 || image[0][0] != "FROM" || image[0] != edition[0] {
		t.Errorf("the user image is not built from the student edition's base image: %v, the edition's %v", image[:1], edition[:1])
	}
	// Every /opt/reines path the values use, the image makes.
	var made strings.Builder
	for _, in := range image {
		made.WriteString(in[1] + "\n")
	}
	for _, p := range regexp.MustCompile(`/opt/reines[/\w.-]*`).FindAllString(string(data), -1) {
		if !strings.Contains(made.String(), p) {
			t.Errorf("values.yaml uses %s, which the image does not make", p)
		}
	}
	// The kernels' environment: the hub's, in the image.
	cfg, err := os.ReadFile("jupyterhub_config.py")
	if err != nil {
		t.Fatal(err)
	}
	env := envOf(image)
	block := regexp.MustCompile(`(?s)c\.Spawner\.environment = \{(.*?)\n\}`).FindSubmatch(cfg)
	if block == nil {
		t.Fatal("jupyterhub_config.py sets no c.Spawner.environment")
	}
	keys := regexp.MustCompile(`"([A-Z_]+)":`).FindAllSubmatch(block[1], -1)
	if len(keys) < 5 {
		t.Fatalf("c.Spawner.environment: %d variables found, want the toolchain's and the kernel's", len(keys))
	}
	for _, k := range keys {
		if _, ok := env[string(k[1])]; !ok {
			t.Errorf("the image's ENV lacks %s, which the hub's servers get", k[1])
		}
	}
	for _, k := range []string{"GOPROXY", "GOSUMDB"} {
		if env[k] != "off" {
			t.Errorf("the image's %s is %q, want off (the modules are in the image)", k, env[k])
		}
	}
}

// jupyterhub_config.py loads as JupyterHub loads it (a traitlets Config
// from get_config), with its settings from the environment: the class
// list and the teachers become the allowed and admin users, the hook and
// the limits are set; a missing class list or an unknown way of logging
// in stops it with a message.
func TestConfig(t *testing.T) {
	python := "/usr/bin/python3"
	if err := exec.Command(python, "-c", "import traitlets.config").Run(); err != nil {
		t.Skip("no traitlets for /usr/bin/python3 (Debian's jupyter packages)")
	}
	prefix := t.TempDir()
	for _, f := range []string{"student/README.md", "share/jupyter/kernels/gonb/kernel.json", "go/bin/go", "cache/reines/echarts-5.6.0/echarts.min.js"} {
		p := filepath.Join(prefix, f)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	state := t.TempDir()
	if err := os.WriteFile(filepath.Join(state, "class.txt"), []byte("# TP 1\nalice\nbob  # late\n\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	const load = `
import json, sys
from traitlets.config import Config
c = Config()
path = sys.argv[1]
exec(compile(open(path).read(), path, "exec"), {"get_config": lambda: c, "__file__": path})
print(json.dumps({
    "allowed": sorted(c.Authenticator.allowed_users), "admins": sorted(c.Authenticator.admin_users),
    "auth": c.JupyterHub.authenticator_class, "spawner": c.JupyterHub.spawner_class,
    "cmd": c.Spawner.cmd, "env": c.Spawner.environment, "hook": c.Spawner.pre_spawn_hook.__name__,
    "password": c.DummyAuthenticator.password if "DummyAuthenticator" in c else None}))
`
	run := func(env ...string) (string, error) {
		cmd := exec.Command(python, "-c", load, "jupyterhub_config.py")
		cmd.Env = append(os.Environ(), append([]string{"REINES_PREFIX=" + prefix, "REINES_HUB_STATE=" + state}, env...)...)
		out, err := cmd.CombinedOutput()
		return string(out), err
	}
	out, err := run("REINES_HUB_ADMINS=prof", "REINES_MAX_PROCS=300")
	if err != nil {
		t.Fatalf("loading the configuration: %v\n%s", err, out)
	}
	for _, want := range []string{`"allowed": ["alice", "bob", "prof"]`, `"admins": ["prof"]`, `"auth": "pam"`, `"spawner": "localprocess"`,
		`singleuser.sh", "jupyterhub-singleuser"]`, `"hook": "first_login"`, `"REINES_MAX_PROCS": "300"`,
		`"GOMODCACHE": "` + prefix + `/gopath/pkg/mod"`, `"password": null`} {
		if !strings.Contains(out, want) {
			t.Errorf("configuration lacks %s:\n%s", want, out)
		}
	}
	if out, err := run("REINES_HUB_AUTH=shared"); err == nil || !strings.Contains(out, "class-password") {
		t.Errorf("shared password without its file: %v\n%s", err, out)
	}
	if err := os.WriteFile(filepath.Join(state, "class-password"), []byte("tp1-salle-204\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if out, err := run("REINES_HUB_AUTH=shared"); err != nil || !strings.Contains(out, `"password": "tp1-salle-204"`) || !strings.Contains(out, `"auth": "dummy"`) {
		t.Errorf("shared password: %v\n%s", err, out)
	}
	if out, err := run("REINES_HUB_AUTH=ldap"); err == nil || !strings.Contains(out, "want pam or shared") {
		t.Errorf("unknown authentication: %v\n%s", err, out)
	}
	if out, err := run("REINES_HUB_USERS=" + filepath.Join(state, "none.txt")); err == nil || !strings.Contains(out, "no class list") {
		t.Errorf("missing class list: %v\n%s", err, out)
	}
	if out, err := run("REINES_PREFIX=" + t.TempDir()); err == nil || !strings.Contains(out, "run hub/install.sh") {
		t.Errorf("empty prefix: %v\n%s", err, out)
	}
}
