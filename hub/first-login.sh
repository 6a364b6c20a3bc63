#!/usr/bin/env bash
# A student's first login on the hub (JupyterHub's pre-spawn hook runs it
# as root, before each start of the student's server; see
# jupyterhub_config.py): gives the student, once, what is theirs alone:
#   ~/reines            a copy of the student edition (PREFIX/student), theirs
#                       to work in; never touched again once there (a new
#                       release reaches only students without one)
#   ~/.cache/go-build   their Go build cache, started as hard links to the
#                       shared warm cache (PREFIX/gocache): their first cell
#                       compiles in seconds instead of half a minute. The
#                       links stay root's and read-only (the student cannot
#                       change what others link to); the folders are theirs,
#                       so Go adds and trims entries as in any cache. On
#                       another file system than PREFIX, a copy.
# Everything else (Go, GoNB, the kernel, ECharts, the modules) is shared,
# read-only, in PREFIX (hub/install.sh).
#
# Usage: first-login.sh USER    (as root; PREFIX from REINES_PREFIX, default /opt/reines)
set -euo pipefail
user=$1
prefix=${REINES_PREFIX:-/opt/reines}
die() { printf 'first-login: %s: %s\n' "$user" "$*" >&2; exit 1; }
entry=$(getent passwd "$user") || die "no such user on this machine"
home=$(printf '%s' "$entry" | cut -d: -f6)
group=$(id -gn "$user")
[ -d "$home" ] || die "no home folder ($home)"
[ -d "$prefix/student" ] || die "no student edition in $prefix (run hub/install.sh)"

# The edition: copied aside, then moved in place, so that a copy cut
# short is never taken for the student's.
if [ ! -e "$home/reines" ]; then
  tmp="$home/.reines-copy.$$"
  rm -rf "$tmp"
  cp -R "$prefix/student" "$tmp"
  chown -R "$user:$group" "$tmp"
  mv "$tmp" "$home/reines"
fi

# The build cache.
cache=$home/.cache/go-build
if [ ! -e "$cache" ] && [ -d "$prefix/gocache" ]; then
  install -d -o "$user" -g "$group" -m 700 "$home/.cache"
  tmp="$home/.cache/.go-build.$$"
  rm -rf "$tmp"
  if cp -al "$prefix/gocache" "$tmp" 2>/dev/null; then
    rm -f "$tmp/trim.txt" # Go rewrites it in place: the student's own
    find "$tmp" -type d -exec chown "$user:$group" {} +
  else
    rm -rf "$tmp"
    cp -R "$prefix/gocache" "$tmp"
    chown -R "$user:$group" "$tmp"
  fi
  mv "$tmp" "$cache"
fi
