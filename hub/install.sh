#!/usr/bin/env bash
# Installs the workbook system-wide for a JupyterHub on this machine (see
# hub/README.md), idempotently: everything the students share goes in one
# folder, PREFIX (default /opt/reines), readable by all and writable by root
# only:
#   PREFIX/go             the Go toolchain (a link to a Go 1.26 readable by
#                         all, else one installed by kernel-setup/install-go.sh)
#   PREFIX/gopath/bin     GoNB, goimports, gopls
#   PREFIX/gopath/pkg/mod the module cache, shared read-only (GOMODCACHE)
#   PREFIX/share/jupyter  the gonb kernel (JUPYTER_PATH)
#   PREFIX/cache/reines   ECharts (REINES_ECHARTS_JS)
#   PREFIX/student        the student edition, copied to each student's home
#                         at first login (hub/first-login.sh)
#   PREFIX/gocache        a Go build cache warmed on the edition: each
#                         student's starts as hard links to it
#   PREFIX/hub            this folder's configuration, which the hub runs
# Debian's JupyterHub (apt) is installed if missing. Re-running it after a
# new release of the edition replaces PREFIX/student: students who already
# have their copy keep it (their work is in it).
#
# Usage (as root, from the teacher's tree): hub/install.sh [--prefix DIR] [--edition DIR]
#   --prefix DIR    where to install (default /opt/reines)
#   --edition DIR   a student edition already written (default: written here
#                   from this tree, go run ./grading/cmd/release -student)
set -euo pipefail

prefix=/opt/reines edition=
while [ $# -gt 0 ]; do
  case "$1" in
    --prefix) prefix=$2; shift 2 ;;
    --edition) edition=$2; shift 2 ;;
    -h|--help) sed -n '2,26p' "$0"; exit 0 ;;
    *) echo "install: unknown option $1 (see --help)" >&2; exit 2 ;;
  esac
done
say() { printf 'hub install [%ds]: %s\n' "$SECONDS" "$*"; } # seconds since the start
die() { printf 'hub install: error: %s\n' "$*" >&2; exit 1; }
[ "$(id -u)" = 0 ] || die "run it as root: it installs for every user of the machine."
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(dirname "$here")
umask 022
mkdir -p "$prefix"
prefix=$(cd "$prefix" && pwd)
chmod 755 "$prefix"

# --- JupyterHub -------------------------------------------------------------------
if command -v jupyterhub >/dev/null && command -v configurable-http-proxy >/dev/null; then
  say "JupyterHub present ($(jupyterhub --version))"
else
  say "installing JupyterHub (Debian's package)…"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends jupyterhub >/dev/null ||
    die "could not install JupyterHub (apt-get install jupyterhub)."
fi

# --- Go: one every student can run ---------------------------------------------------
# The go on PATH, if it is Go 1.26 or later and an unprivileged user (nobody)
# can run it; else a toolchain of our own in PREFIX/go.
minor() { "$1" env GOVERSION 2>/dev/null | sed -n 's/^go1\.\([0-9]*\).*/\1/p'; }
if [ -x "$prefix/go/bin/go" ] && [ "$(minor "$prefix/go/bin/go")" -ge 26 ] 2>/dev/null; then
  say "Go present ($prefix/go: $("$prefix/go/bin/go" env GOVERSION))"
else
  goroot=
  if command -v go >/dev/null && [ "$(minor go)" -ge 26 ] 2>/dev/null; then goroot=$(go env GOROOT); fi
  rm -rf "$prefix/go"
  if [ -n "$goroot" ] && runuser -u nobody -- "$goroot/bin/go" version >/dev/null 2>&1; then
    ln -s "$goroot" "$prefix/go"
    say "Go: $goroot ($(go env GOVERSION)), linked as $prefix/go"
  else
    bash "$root/kernel-setup/install-go.sh" "$prefix/go" || die "could not install Go in $prefix/go."
  fi
fi
# The tools are built with root's build cache and fed from root's module
# cache (a file:// proxy), the network's proxy after it: a second install
# downloads nothing.
own_cache=$(go env GOCACHE 2>/dev/null || true)
own_mods=$(go env GOMODCACHE 2>/dev/null || true)
own_bin=$(go env GOPATH 2>/dev/null || true)/bin
export PATH="$prefix/go/bin:$prefix/gopath/bin:$PATH" GOPATH="$prefix/gopath" GOTOOLCHAIN=local
proxy=$(go env GOPROXY)
[ -n "$own_mods" ] && [ -d "$own_mods/cache/download" ] && proxy="file://$own_mods/cache/download,$proxy"
[ -n "$own_cache" ] && export GOCACHE="$own_cache"

# --- The student edition ---------------------------------------------------------------
new=$(mktemp -d "$prefix/.student.XXXXXX")
trap 'rm -rf "$new"' EXIT
if [ -n "$edition" ]; then
  [ -f "$edition/kernel-setup/setup.sh" ] || die "$edition is not a student edition (no kernel-setup/setup.sh)."
  cp -a "$edition/." "$new/"
  rm -rf "$new/.git" "$new/build"
else
  # Written over a copy of the current one, whose measurements it keeps
  # (grading.Measured): an unchanged tree gives an unchanged edition.
  [ -d "$prefix/student" ] && cp -a "$prefix/student/." "$new/"
  (cd "$root" && GOPROXY=$proxy go run ./grading/cmd/release -student -o "$new" >/dev/null) || die "could not write the student edition."
fi
chmod -R a+rX "$new"
if [ -d "$prefix/student" ] && diff -rq "$prefix/student" "$new" >/dev/null 2>&1; then
  say "student edition unchanged ($prefix/student)"
else
  rm -rf "$prefix/student" && mv "$new" "$prefix/student"
  say "student edition written in $prefix/student"
fi

# --- GoNB, the kernel, ECharts, the modules: kernel-setup/setup.sh with PREFIX as home ------
# Root's own GoNB, goimports and gopls, if it has them, are copied first:
# setup.sh keeps them if their versions are its own, and builds them
# otherwise (gopls alone takes minutes: the module cache's new place is a
# new build).
mkdir -p "$prefix/gopath/bin"
for t in gonb goimports gopls; do
  if [ ! -x "$prefix/gopath/bin/$t" ] && [ -x "$own_bin/$t" ]; then cp "$own_bin/$t" "$prefix/gopath/bin/$t"; fi
done
# Root's own ECharts, which setup.sh checked against its pinned hash when
# it fetched it, is copied the same way: setup.sh keeps it if its hash is
# the pinned one, and nothing is downloaded again.
own_echarts=${XDG_CACHE_HOME:-$HOME/.cache}/reines
for d in "$own_echarts"/echarts-*; do
  [ -s "$d/integrity" ] && [ ! -e "$prefix/cache/reines/${d##*/}" ] && mkdir -p "$prefix/cache/reines" && cp -a "$d" "$prefix/cache/reines/"
done
# (JUPYTER_DATA_DIR: the kernel in PREFIX/share/jupyter; XDG_CACHE_HOME: ECharts in PREFIX/cache.)
mkdir -p "$prefix/home"
HOME="$prefix/home" XDG_CACHE_HOME="$prefix/cache" JUPYTER_DATA_DIR="$prefix/share/jupyter" GOPROXY=$proxy \
  bash "$prefix/student/kernel-setup/setup.sh" --no-smoke | sed 's/^/  /' || die "kernel-setup/setup.sh failed."
chmod -R a+rX "$prefix/share" "$prefix/cache" "$prefix/gopath/bin"

# --- The build cache students start from ----------------------------------------------------
# The edition's packages and their modules, built as a kernel builds them
# (go build, the shared module cache): a student's first cell then compiles
# only its own notebook's code.
say "warming the shared build cache ($prefix/gocache)…"
(cd "$prefix/student" && GOCACHE="$prefix/gocache" GOFLAGS=-mod=mod GOPROXY=off go build ./...) ||
  die "could not build the student edition."
chmod -R a+rX "$prefix/gocache"

# --- The hub's configuration --------------------------------------------------------------
mkdir -p "$prefix/hub"
for f in jupyterhub_config.py first-login.sh singleuser.sh README.md; do
  install -m "$( [ "${f##*.}" = sh ] && echo 755 || echo 644 )" "$here/$f" "$prefix/hub/$f"
done
say "done: run the hub with  jupyterhub -f $prefix/hub/jupyterhub_config.py  (see $prefix/hub/README.md)"
