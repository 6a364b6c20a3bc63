#!/usr/bin/env bash
# Sets up everything the workbook needs, idempotently: Jupyter, the GoNB Go
# kernel (pinned), goimports/gopls, Apache ECharts (pinned, hash-checked), and
# optionally Chromium for the browser tests. Re-running it changes nothing and
# takes a few seconds. It ends by running a one-cell smoke notebook.
#
# Usage: kernel-setup/setup.sh [--browser] [--grader] [--hub] [--no-smoke]
#   --browser     also install Chromium (needed by `make test`, not by students)
#   --grader      also install bubblewrap, the grader's sandbox (teachers, `make test`),
#                 and cmark, which its tests render the feedback with
#   --hub         also install Debian's JupyterHub (`make test` runs a class on it;
#                 a school's hub: see hub/README.md)
#   --no-smoke    skip the smoke notebook at the end
#   --fr          messages in French (the student edition's Makefile, Binder
#                 and Docker set-ups pass it)
#
# Root is not needed: without apt (or root, or sudo) it uses the Jupyter
# already on PATH, and everything else goes in the user's home (Go, if
# missing, in ~/.local/go; GoNB and the tools in Go's GOBIN; the kernel in
# Jupyter's data folder; ECharts in ~/.cache/reines). What it cannot install
# it names, and stops. Linux (Debian/Ubuntu) is tested, as root and as a user
# without sudo. On macOS: install Jupyter with pip or Homebrew first, then
# run this script (the Go and npm steps are the same).
set -euo pipefail

GONB_VERSION=v0.11.5
GOIMPORTS_VERSION=v0.52.0
GOPLS_VERSION=v0.23.0
ECHARTS_VERSION=5.6.0
# sha512 of echarts-5.6.0.tgz as published on the npm registry (dist.integrity).
ECHARTS_INTEGRITY=sha512-oTbVTsXfKuEhxftHqL5xprgLoc0k7uScAwtryCgWF6hPYFLRwOUHiFmHGCBKP5NPFNkDVopOieyUqYGH8Fa3kA==

browser=0 grader=0 hub=0 smoke=1 lang=en
case " $* " in *" --fr "*) lang=fr ;; esac
# The message in the set-up's language: say EN FR, die EN FR.
msg() { if [ "$lang" = fr ]; then printf '%s' "$2"; else printf '%s' "$1"; fi; }
for a in "$@"; do
  case "$a" in
    --browser) browser=1 ;;
    --grader) grader=1 ;;
    --hub) hub=1 ;;
    --no-smoke) smoke=0 ;;
    --fr) ;;
    -h|--help) sed -n '2,22p' "$0"; exit 0 ;;
    *) msg "setup: unknown option $a (see --help)" "installation : option inconnue $a (voir --help)" >&2; echo >&2; exit 2 ;;
  esac
done

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(dirname "$here")
installed=()
if [ -t 1 ]; then
    say() { printf '\033[1m%s\033[0m %s\n' "$(msg setup: "installation :")" "$(msg "$1" "$2")"; }
else
    say() { printf '%s %s\n' "$(msg setup: "installation :")" "$(msg "$1" "$2")"; }
fi
die() { printf '%s %s\n' "$(msg "setup: error:" "installation : erreur :")" "$(msg "$1" "$2")" >&2; exit 1; }
export REINES_SETUP_LANG=$lang # install-go.sh speaks it too
tmp=$(mktemp -d)
trap 'rm -rf "$tmp" "$root/notebooks/.smoke.ipynb"' EXIT

# --- Go ---------------------------------------------------------------------
# Go 1.26 or later; without it (a JupyterHub or Binder image), the
# toolchain from the Go module proxy in ~/.local/go, no root needed.
go_minor() { go env GOVERSION 2>/dev/null | sed -n 's/^go1\.\([0-9]*\).*/\1/p'; }
if ! command -v go >/dev/null || [ "$(go_minor)" -lt 26 ] 2>/dev/null || [ -z "$(go_minor)" ]; then
  if [ -x "$HOME/.local/go/bin/go" ]; then export PATH="$HOME/.local/go/bin:$PATH"; fi
  if ! command -v go >/dev/null || [ -z "$(go_minor)" ] || [ "$(go_minor)" -lt 26 ]; then
    say "Go 1.26 or later is missing: installing it in ~/.local/go…" "Go 1.26 ou plus récent manque : installation dans ~/.local/go…"
    bash "$here/install-go.sh" "$HOME/.local/go" || die "could not install Go (https://go.dev/doc/install); Go 1.26 or later is needed." \
      "impossible d'installer Go (https://go.dev/doc/install) ; il faut Go 1.26 ou plus récent."
    export PATH="$HOME/.local/go/bin:$PATH"
    installed+=("$(msg "Go $(go env GOVERSION) in ~/.local/go (add ~/.local/go/bin to PATH)" "Go $(go env GOVERSION) dans ~/.local/go (ajoutez ~/.local/go/bin à PATH)")")
  fi
fi
gobin=$(go env GOPATH)/bin
export PATH="$gobin:$PATH"

# timeout(1) is GNU coreutils: absent on a stock macOS, where commands run unbounded.
limit() { local s=$1; shift; if command -v timeout >/dev/null; then timeout "$s" "$@"; else "$@"; fi; }
as_root() { if [ "$(id -u)" = 0 ]; then "$@"; elif command -v sudo >/dev/null; then sudo "$@"; else return 1; fi; }
apt_updated=0
apt_install() {
  command -v apt-get >/dev/null || return 1
  if [ $apt_updated = 0 ]; then as_root apt-get update -qq || return 1; apt_updated=1; fi
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq --no-install-recommends "$@" >/dev/null
}

# --- Jupyter --------------------------------------------------------------
jupyter_ok() {
  command -v jupyter >/dev/null && jupyter nbconvert --version >/dev/null 2>&1 &&
    jupyter kernelspec list >/dev/null 2>&1 && { jupyter notebook --version >/dev/null 2>&1 || jupyter lab --version >/dev/null 2>&1; }
}
if jupyter_ok; then
  say "Jupyter present ($(command -v jupyter))" "Jupyter présent ($(command -v jupyter))"
else
  say "installing Jupyter…" "installation de Jupyter…"
  # pip may be refused (no PyPI, or PEP 668's "externally managed" Python):
  # then the distribution's packages.
  if python3 -m pip --version >/dev/null 2>&1 &&
     limit 20 python3 -m pip download --no-deps -q -d "$(mktemp -d)" nbformat >/dev/null 2>&1 &&
     python3 -m pip install --user -q notebook nbconvert nbclient jupyter_client nbformat; then
    export PATH="$(python3 -m site --user-base)/bin:$PATH"
    installed+=("Jupyter (pip --user)")
  elif apt_install jupyter-notebook jupyter-nbconvert python3-nbclient jupyter-client jupyter-nbformat; then
    installed+=("$(msg "Jupyter (Debian packages)" "Jupyter (paquets Debian)")")
  else
    die "cannot install Jupyter: PyPI is unreachable and apt-get is unavailable (or needs root).
Install Jupyter Notebook yourself (pip install notebook, or your distribution's package) and re-run." \
      "impossible d'installer Jupyter : PyPI est injoignable, et apt-get absent (ou réservé à root).
Installez Jupyter Notebook vous-même (pip install notebook, ou le paquet de votre distribution), puis relancez."
  fi
  jupyter_ok || die "Jupyter was installed but 'jupyter nbconvert' or 'jupyter notebook' does not run." \
    "Jupyter est installé, mais « jupyter nbconvert » ou « jupyter notebook » ne fonctionne pas."
fi

# --- Chromium (tests only) --------------------------------------------------
if [ $browser = 1 ]; then
  if command -v chromium >/dev/null || command -v chromium-browser >/dev/null; then
    say "Chromium present" "Chromium présent"
  else
    say "installing Chromium…" "installation de Chromium…"
    apt_install chromium || die "cannot install Chromium (apt-get install chromium); the browser tests need it." "impossible d'installer Chromium (apt-get install chromium) ; les tests dans le navigateur en ont besoin."
    installed+=("$(msg "Chromium (Debian package)" "Chromium (paquet Debian)")")
  fi
fi

# --- bubblewrap (the grader's sandbox) ------------------------------------------
if [ $grader = 1 ]; then
  if command -v bwrap >/dev/null; then
    say "bubblewrap present" "bubblewrap présent"
  else
    say "installing bubblewrap…" "installation de bubblewrap…"
    apt_install bubblewrap || die "cannot install bubblewrap (apt-get install bubblewrap); the grader runs student code in it." "impossible d'installer bubblewrap (apt-get install bubblewrap) ; le correcteur y exécute le code des étudiants."
    installed+=("$(msg "bubblewrap (Debian package)" "bubblewrap (paquet Debian)")")
  fi
  # cmark, the CommonMark reference renderer: the tests render the
  # feedback of hostile submissions with it (the grader does not need it).
  if command -v cmark >/dev/null; then
    say "cmark present" "cmark présent"
  else
    say "installing cmark…" "installation de cmark…"
    apt_install cmark || die "cannot install cmark (apt-get install cmark); the grader's tests render its Markdown with it." "impossible d'installer cmark (apt-get install cmark) ; les tests du correcteur rendent son Markdown avec."
    installed+=("$(msg "cmark (Debian package)" "cmark (paquet Debian)")")
  fi
fi

# --- JupyterHub (tests, schools) ------------------------------------------------
# Debian's package (3.0, with configurable-http-proxy); hub/ configures it.
if [ $hub = 1 ]; then
  if command -v jupyterhub >/dev/null && command -v configurable-http-proxy >/dev/null; then
    say "JupyterHub present ($(jupyterhub --version 2>/dev/null))" "JupyterHub présent ($(jupyterhub --version 2>/dev/null))"
  else
    say "installing JupyterHub…" "installation de JupyterHub…"
    apt_install jupyterhub || die "cannot install JupyterHub (apt-get install jupyterhub); the hub's test needs it." \
      "impossible d'installer JupyterHub (apt-get install jupyterhub) ; le test du hub en a besoin."
    installed+=("$(msg "JupyterHub $(jupyterhub --version 2>/dev/null) (Debian package)" "JupyterHub $(jupyterhub --version 2>/dev/null) (paquet Debian)")")
  fi
fi

# --- Go tools: GoNB, goimports, gopls -----------------------------------------
gonb_version() { "$gobin/gonb" -V 2>&1 | grep -o 'v[0-9][0-9.]*' | head -1; }
if [ -x "$gobin/gonb" ] && [ "$(gonb_version)" = "$GONB_VERSION" ]; then
  say "GoNB $GONB_VERSION present" "GoNB $GONB_VERSION présent"
else
  say "building GoNB $GONB_VERSION…" "compilation de GoNB $GONB_VERSION…"
  # 'go install …@version' asks the proxy for the version list, which some
  # proxies refuse; downloading the exact version and building it does not.
  dir=$(go mod download -json "github.com/janpfeifer/gonb@$GONB_VERSION" | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p')
  [ -n "$dir" ] || die "could not download GoNB $GONB_VERSION from the Go module proxy." "impossible de télécharger GoNB $GONB_VERSION depuis le proxy de modules Go."
  (cd "$dir" && GOFLAGS=-mod=mod go build -o "$gobin/gonb" .) || die "could not build GoNB." "impossible de compiler GoNB."
  installed+=("GoNB $GONB_VERSION")
fi
tool_version() { go version -m "$1" 2>/dev/null | awk '$1=="mod"{print $3; exit}'; }
for t in "goimports golang.org/x/tools/cmd/goimports $GOIMPORTS_VERSION" "gopls golang.org/x/tools/gopls $GOPLS_VERSION"; do
  set -- $t
  if [ -x "$gobin/$1" ] && [ "$(tool_version "$gobin/$1")" = "$3" ]; then
    say "$1 $3 present" "$1 $3 présent"
  else
    say "installing $1 $3…" "installation de $1 $3…"
    go install "$2@$3" || die "could not install $1 ($2@$3)." "impossible d'installer $1 ($2@$3)."
    installed+=("$1 $3")
  fi
done

# --- Kernel spec --------------------------------------------------------------
# GoNB's own kernel spec (gonb --install) for its logo, then our argv: GoNB
# started through gonb-kernel.sh, which keeps GoNB's log out of the Jupyter
# terminal, in a file the checks read (see that script).
kdir=$(jupyter --data-dir)/kernels/gonb
json_escape() { printf '%s' "$1" | sed 's/\\/\\\\/g; s/"/\\"/g'; }
# The kernel's PATH starts with the go command's folder and GOBIN (GoNB
# runs go, goimports and gopls): a JupyterHub or a desktop launcher starts
# Jupyter with a PATH that may have neither.
kernel_path="$(dirname "$(command -v go)"):$gobin:/usr/local/bin:/usr/bin:/bin"
kernel_json() {
  printf '{"argv":["/bin/sh","%s","%s","{connection_file}"],"display_name":"Go (gonb)","language":"go","interrupt_mode":"message","env":{"PATH":"%s"}}\n' \
    "$(json_escape "$kdir/gonb-kernel.sh")" "$(json_escape "$gobin/gonb")" "$(json_escape "$kernel_path")"
}
# gonb-kernel.sh starts gopls through gopls-shim/gopls (see there).
if [ -f "$kdir/kernel.json" ] && [ "$(cat "$kdir/kernel.json")" = "$(kernel_json)" ] && cmp -s "$here/gonb-kernel.sh" "$kdir/gonb-kernel.sh" &&
   cmp -s "$here/gopls-shim/gopls" "$kdir/gopls-shim/gopls" && [ -x "$kdir/gopls-shim/gopls" ]; then
  say "Go kernel registered ($kdir)" "noyau Go enregistré ($kdir)"
else
  "$gobin/gonb" --install >/dev/null 2>&1 || true
  [ -d "$kdir" ] || die "gonb --install did not register the kernel in $kdir." "gonb --install n'a pas enregistré le noyau dans $kdir."
  cp "$here/gonb-kernel.sh" "$kdir/gonb-kernel.sh"
  mkdir -p "$kdir/gopls-shim" && cp "$here/gopls-shim/gopls" "$kdir/gopls-shim/gopls" && chmod 755 "$kdir/gopls-shim/gopls"
  kernel_json > "$kdir/kernel.json"
  installed+=("$(msg "Jupyter kernel 'gonb' in $kdir" "noyau Jupyter « gonb » dans $kdir")")
fi

# --- ECharts --------------------------------------------------------------------
cache=${XDG_CACHE_HOME:-$HOME/.cache}
[ "$(uname)" = Darwin ] && cache="$HOME/Library/Caches"
edir="$cache/reines/echarts-$ECHARTS_VERSION"
if [ -s "$edir/echarts.min.js" ] && [ "$(cat "$edir/integrity" 2>/dev/null)" = "$ECHARTS_INTEGRITY" ]; then
  say "ECharts $ECHARTS_VERSION present ($edir)" "ECharts $ECHARTS_VERSION présent ($edir)"
else
  say "fetching ECharts $ECHARTS_VERSION from the npm registry…" "téléchargement d'ECharts $ECHARTS_VERSION depuis le registre npm…"
  if command -v npm >/dev/null; then
    # Three tries (a registry's hiccup is not a broken set-up); npm's own
    # words are shown if the last one fails.
    for try in 1 2 3; do
      (cd "$tmp" && npm pack --silent "echarts@$ECHARTS_VERSION" >/dev/null 2>"$tmp/npm.err") && break
      [ $try = 3 ] && { tail -n 20 "$tmp/npm.err" >&2; die "npm pack echarts@$ECHARTS_VERSION failed (npm's messages above)." "échec de npm pack echarts@$ECHARTS_VERSION (messages de npm ci-dessus)."; }
      sleep $((try * 5))
    done
  else # the registry's tarball, as npm pack gets it (a JupyterHub image without Node.js)
    url="https://registry.npmjs.org/echarts/-/echarts-$ECHARTS_VERSION.tgz"
    if command -v curl >/dev/null; then
      curl -fsSL -o "$tmp/echarts-$ECHARTS_VERSION.tgz" "$url" || die "could not download $url." "impossible de télécharger $url."
    else
      python3 -c 'import sys, urllib.request; urllib.request.urlretrieve(sys.argv[1], sys.argv[2])' "$url" "$tmp/echarts-$ECHARTS_VERSION.tgz" || die "could not download $url." "impossible de télécharger $url."
    fi
  fi
  got="sha512-$(openssl dgst -sha512 -binary "$tmp/echarts-$ECHARTS_VERSION.tgz" | base64 | tr -d '\n')"
  [ "$got" = "$ECHARTS_INTEGRITY" ] || die "ECharts tarball hash mismatch: got $got, want $ECHARTS_INTEGRITY." \
    "l'archive d'ECharts n'a pas l'empreinte attendue : $got au lieu de $ECHARTS_INTEGRITY."
  tar -xzf "$tmp/echarts-$ECHARTS_VERSION.tgz" -C "$tmp" package/dist/echarts.min.js package/LICENSE
  mkdir -p "$edir"
  cp "$tmp/package/dist/echarts.min.js" "$tmp/package/LICENSE" "$edir/"
  echo "$ECHARTS_INTEGRITY" > "$edir/integrity"
  installed+=("$(msg "ECharts $ECHARTS_VERSION in $edir" "ECharts $ECHARTS_VERSION dans $edir")")
fi

# --- Go modules of the workbook -------------------------------------------------
(cd "$root" && go mod download) || die "could not download the workbook's Go modules." "impossible de télécharger les modules Go du cahier."

# --- The race detector's build of the notebooks' packages ------------------------
# The check cells of the questions on goroutines (TP 0 and TP 5) build the
# notebook's program again with -race: its packages are compiled for it
# here, once (a minute or two the first time, seconds after), not during
# a student's first such check. It needs cgo and a C compiler.
if command -v gcc >/dev/null 2>&1 || command -v cc >/dev/null 2>&1; then
  (cd "$root" && CGO_ENABLED=1 go build -race ./grading/nb00 ./grading/nb05 >/dev/null 2>&1) ||
    say "note: the race detector's build failed here; the checks of TP 0 and TP 5 will say so" \
      "remarque : la compilation pour le détecteur de courses a échoué ici ; les vérifications des TP 0 et 5 le diront"
fi

# --- Smoke notebook --------------------------------------------------------------
if [ $smoke = 1 ]; then
  say "running the smoke notebook…" "exécution du notebook de test…"
  out="$tmp/smoke"; mkdir -p "$out"
  cp "$here/smoke.ipynb" "$root/notebooks/.smoke.ipynb"
  if ! (cd "$root/notebooks" && limit 300 jupyter nbconvert --to notebook --execute \
        --ExecutePreprocessor.kernel_name=gonb --ExecutePreprocessor.timeout=240 \
        --output-dir "$out" .smoke.ipynb >"$out/log" 2>&1); then
    tail -20 "$out/log" >&2; die "the smoke notebook failed (log above)." "le notebook de test a échoué (journal ci-dessus)."
  fi
  grep -q 'reines: ok' "$out/.smoke.ipynb" || die "the smoke notebook ran but did not print 'reines: ok'." "le notebook de test s'est exécuté sans afficher « reines: ok »."
  say "smoke notebook ok" "notebook de test réussi"
fi

if [ ${#installed[@]} = 0 ]; then
  say "nothing to install: everything was already set up." "rien à installer : tout était déjà en place."
else
  say "installed:" "installé :"; printf '  - %s\n' "${installed[@]}"
fi
