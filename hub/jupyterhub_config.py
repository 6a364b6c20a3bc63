# JupyterHub configuration for a class working in the reines workbook, on
# Debian's JupyterHub 3.0 with local users (hub/README.md says how to set
# it up and run a TP with it; hub/install.sh installs what it refers to).
#
#   jupyterhub -f /opt/reines/hub/jupyterhub_config.py
#
# Each student is a user of this machine; their Jupyter server runs as them
# (LocalProcessSpawner), in their home, where their first login puts a copy
# of the student edition (hub/first-login.sh). Go, GoNB, the gonb kernel,
# ECharts and the Go modules are shared, read-only, in PREFIX.
#
# Settings, from the environment of the jupyterhub command (a systemd
# unit's Environment= lines; hub/README.md has one):
#   REINES_PREFIX       where hub/install.sh installed (default /opt/reines)
#   REINES_HUB_STATE    the hub's own files: database, cookie secret, the
#                       class list (default /var/lib/reines-hub)
#   REINES_HUB_URL      the address students open (default http://:8000,
#                       every interface; put TLS in front, or see
#                       JupyterHub's ssl_cert/ssl_key)
#   REINES_HUB_AUTH     "pam" (default): the machine's accounts and passwords;
#                       "shared": one password for the whole class, in
#                       STATE/class-password (a room's one-off session; any
#                       student can log in under another's name)
#   REINES_HUB_USERS    the class list: a file, one login per line, # starts
#                       a comment (default STATE/class.txt); only they log in
#   REINES_HUB_ADMINS   the teachers' logins, separated by spaces (they see
#                       the admin page and can start or stop any server)
#   REINES_HUB_API_PORT, REINES_HUB_PROXY_PORT  local ports of the hub and of
#                       its proxy's API (default 8081, 8001)
#   REINES_MAX_PROCS, REINES_MAX_MEMORY_MB, REINES_NICE  each student's limits
#                       (hub/singleuser.sh)
import asyncio
import os
import sys

c = get_config()  # noqa: F821 (JupyterHub's loader defines it)

hub_dir = os.path.dirname(os.path.abspath(__file__))
prefix = os.environ.get("REINES_PREFIX", "/opt/reines")
state = os.environ.get("REINES_HUB_STATE", "/var/lib/reines-hub")
os.makedirs(state, mode=0o700, exist_ok=True)


def fail(msg):
    print(f"reines hub configuration: {msg}", file=sys.stderr)
    sys.exit(1)


for need in ("student", "share/jupyter/kernels/gonb/kernel.json", "go/bin/go",
             "cache/reines/echarts-5.6.0/echarts.min.js"):
    if not os.path.exists(os.path.join(prefix, need)):
        fail(f"{prefix}/{need} is missing: run hub/install.sh --prefix {prefix} first")

# --- The hub, its proxy, its files ----------------------------------------------
# Debian's configurable-http-proxy finds its modules in /usr/share/nodejs,
# where Debian's Node.js looks; a Node.js from elsewhere (NodeSource) must
# be told.
if os.path.isdir("/usr/share/nodejs"):
    os.environ["NODE_PATH"] = os.pathsep.join(
        p for p in (os.environ.get("NODE_PATH"), "/usr/share/nodejs") if p)
c.JupyterHub.bind_url = os.environ.get("REINES_HUB_URL", "http://:8000")
c.JupyterHub.hub_ip = "127.0.0.1"
c.JupyterHub.hub_port = int(os.environ.get("REINES_HUB_API_PORT", "8081"))
c.ConfigurableHTTPProxy.api_url = "http://127.0.0.1:%s" % os.environ.get("REINES_HUB_PROXY_PORT", "8001")
c.ConfigurableHTTPProxy.pid_file = os.path.join(state, "jupyterhub-proxy.pid")
c.JupyterHub.db_url = "sqlite:///" + os.path.join(state, "jupyterhub.sqlite")
c.JupyterHub.cookie_secret_file = os.path.join(state, "jupyterhub_cookie_secret")
# Stopping the hub stops every student's server (and their kernels, see
# kernel-setup/gonb-kernel.sh): nothing of the class is left running.
c.JupyterHub.cleanup_servers = True
c.JupyterHub.cleanup_proxy = True

# --- Who logs in ------------------------------------------------------------------
users_file = os.environ.get("REINES_HUB_USERS", os.path.join(state, "class.txt"))
try:
    with open(users_file, encoding="utf-8") as f:
        logins = {line.split("#")[0].strip() for line in f}
except FileNotFoundError:
    fail(f"no class list at {users_file}: one login per line (REINES_HUB_USERS)")
logins.discard("")
admins = set(os.environ.get("REINES_HUB_ADMINS", "").split())
c.Authenticator.allowed_users = logins | admins
c.Authenticator.admin_users = admins
auth = os.environ.get("REINES_HUB_AUTH", "pam")
if auth == "pam":
    c.JupyterHub.authenticator_class = "pam"
    # No PAM session per login: the servers run under the hub, not a login
    # shell (and pam_systemd sessions fail outside one).
    c.PAMAuthenticator.open_sessions = False
elif auth == "shared":
    c.JupyterHub.authenticator_class = "dummy"
    password_file = os.path.join(state, "class-password")
    try:
        with open(password_file, encoding="utf-8") as f:
            c.DummyAuthenticator.password = f.read().strip()
    except FileNotFoundError:
        fail(f"REINES_HUB_AUTH=shared needs the class's password in {password_file}")
    if not c.DummyAuthenticator.password:
        fail(f"{password_file} is empty")
else:
    fail(f"REINES_HUB_AUTH={auth!r}: want pam or shared")

# --- Each student's server ----------------------------------------------------------
c.JupyterHub.spawner_class = "localprocess"
c.Spawner.cmd = [os.path.join(hub_dir, "singleuser.sh"), "jupyterhub-singleuser"]
c.Spawner.notebook_dir = "~"
c.Spawner.default_url = "/tree/reines/notebooks"
# A class logs in at once: the first starts may wait for the CPU.
c.Spawner.start_timeout = 180
c.Spawner.http_timeout = 120
# What the students' servers, terminals and kernels share: the toolchain,
# the kernel, the modules, ECharts. The modules are read-only and nothing
# is downloaded (GOPROXY=off); they were checked against the checksum
# database when install.sh downloaded them, so the kernels' scratch modules
# (whose go.sum starts empty) need not ask it again (GOSUMDB=off; it is
# not reachable without a proxy).
c.Spawner.environment = {
    "PATH": f"{prefix}/go/bin:{prefix}/gopath/bin:/usr/local/bin:/usr/bin:/bin",
    "JUPYTER_PATH": f"{prefix}/share/jupyter",
    "GOMODCACHE": f"{prefix}/gopath/pkg/mod",
    "GOPROXY": "off",
    "GOSUMDB": "off",
    "GOTOOLCHAIN": "local",
    "REINES_ECHARTS_JS": f"{prefix}/cache/reines/echarts-5.6.0/echarts.min.js",
}
for key in ("REINES_MAX_PROCS", "REINES_MAX_MEMORY_MB", "REINES_NICE"):
    if key in os.environ:
        c.Spawner.environment[key] = os.environ[key]


async def first_login(spawner):
    """Gives a student their copy of the edition and their build cache,
    once (hub/first-login.sh); a failure stops the start with its message."""
    proc = await asyncio.create_subprocess_exec(
        os.path.join(hub_dir, "first-login.sh"), spawner.user.name,
        env={**os.environ, "REINES_PREFIX": prefix},
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT)
    try:
        out, _ = await asyncio.wait_for(proc.communicate(), timeout=300)
    except asyncio.TimeoutError:
        proc.kill()
        raise RuntimeError(f"first-login.sh {spawner.user.name}: no end after 300 s")
    if proc.returncode != 0:
        raise RuntimeError(out.decode(errors="replace").strip() or f"first-login.sh failed ({proc.returncode})")


c.Spawner.pre_spawn_hook = first_login
