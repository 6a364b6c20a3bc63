#!/usr/bin/env bash
# Installs a Go toolchain without root, from the Go module proxy (the
# module golang.org/toolchain, which the go command itself downloads when a
# module asks for a newer Go), into a folder of the user's.
#
# Usage: kernel-setup/install-go.sh [DIR [VERSION]]
#   DIR       where the toolchain goes (default ~/.local/go): DIR/bin/go
#   VERSION   e.g. go1.26.8 (default: the one below)
# Linux and macOS, amd64 and arm64. GOPROXY's first URL is used (default
# https://proxy.golang.org). The default version's zips are checked against
# the SHA-256 below (measured on the proxy's zips on 2026-12-01); another
# version is checked only by TLS, and the script says so. Re-running it with
# the same version changes nothing. REINES_SETUP_LANG=fr (setup.sh --fr)
# gives its messages in French.
set -euo pipefail
dir=${1:-$HOME/.local/go}
version=${2:-go1.26.8}
# sha256 of golang.org/toolchain@v0.0.1-go1.26.8.<os>-<arch>.zip.
pinned=go1.26.8
sha256_for() {
  case "$1" in
    linux-amd64) echo 30c2b1bf7dcc88d3eb0a1364e47ddd9128edb3110a30e8a0ef61cd5856b31de7 ;;
    linux-arm64) echo 02b36b6787b3ac767668f630e2998df45a3b1f9ffee08d1bf3ef6487cd658d99 ;;
    darwin-amd64) echo fe99a2009e5bb51e06d7784f1a486478673512041c2671157bd382806e2aedcf ;;
    darwin-arm64) echo 0aad5fb52b88498885290178adc0bcfe429bc63012621af9f83282eb640bd9c7 ;;
  esac
}
# The message in the set-up's language: say EN FR, die EN FR.
msg() { if [ "${REINES_SETUP_LANG:-}" = fr ]; then printf '%s' "$2"; else printf '%s' "$1"; fi; }
say() { printf '%s %s\n' "$(msg install-go: "install-go :")" "$(msg "$1" "$2")"; }
die() { printf '%s %s\n' "$(msg "install-go: error:" "install-go : erreur :")" "$(msg "$1" "$2")" >&2; exit 1; }

if [ -x "$dir/bin/go" ] && [ "$("$dir/bin/go" env GOVERSION 2>/dev/null)" = "$version" ]; then
  say "$version present ($dir)" "$version présent ($dir)"
  exit 0
fi
case "$(uname -s)" in Linux) os=linux ;; Darwin) os=darwin ;; *) die "unsupported system $(uname -s)" "système non pris en charge : $(uname -s)" ;; esac
case "$(uname -m)" in x86_64|amd64) arch=amd64 ;; aarch64|arm64) arch=arm64 ;; *) die "unsupported machine $(uname -m)" "processeur non pris en charge : $(uname -m)" ;; esac
proxy=${GOPROXY:-https://proxy.golang.org}
proxy=${proxy%%[,|]*}
case "$proxy" in http*) ;; *) proxy=https://proxy.golang.org ;; esac
mod="v0.0.1-$version.$os-$arch"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
say "downloading $version ($os-$arch) from $proxy…" "téléchargement de $version ($os-$arch) depuis $proxy…"
if command -v curl >/dev/null; then
  curl -fsSL -o "$tmp/go.zip" "$proxy/golang.org/toolchain/@v/$mod.zip" || die "could not download $proxy/golang.org/toolchain/@v/$mod.zip" "impossible de télécharger $proxy/golang.org/toolchain/@v/$mod.zip"
else
  python3 -c 'import sys, urllib.request; urllib.request.urlretrieve(sys.argv[1], sys.argv[2])' "$proxy/golang.org/toolchain/@v/$mod.zip" "$tmp/go.zip" ||
    die "could not download $proxy/golang.org/toolchain/@v/$mod.zip (no curl, and Python failed)" \
      "impossible de télécharger $proxy/golang.org/toolchain/@v/$mod.zip (pas de curl, et Python a échoué)"
fi
if [ "$version" = "$pinned" ]; then
  want=$(sha256_for "$os-$arch")
  if command -v sha256sum >/dev/null; then got=$(sha256sum "$tmp/go.zip" | cut -d' ' -f1); else got=$(shasum -a 256 "$tmp/go.zip" | cut -d' ' -f1); fi
  [ "$got" = "$want" ] || die "the toolchain zip's SHA-256 is $got, want $want" "l'archive de Go n'a pas le SHA-256 attendu : $got au lieu de $want"
else
  say "$version is not the pinned $pinned: its zip is checked by TLS only" "$version n'est pas la version épinglée $pinned : son archive n'est vérifiée que par TLS"
fi
if command -v unzip >/dev/null; then
  unzip -q "$tmp/go.zip" -d "$tmp/x"
else
  python3 -c 'import sys, zipfile; zipfile.ZipFile(sys.argv[1]).extractall(sys.argv[2])' "$tmp/go.zip" "$tmp/x"
fi
src="$tmp/x/golang.org/toolchain@$mod"
[ -x "$src/bin/go" ] || [ -f "$src/bin/go" ] || die "the toolchain zip holds no bin/go" "l'archive de Go ne contient pas bin/go"
chmod -R a+rX "$src" && chmod a+x "$src"/bin/* "$src"/pkg/tool/*/*   # module zips keep no modes
rm -rf "$dir" && mkdir -p "$(dirname "$dir")" && mv "$src" "$dir"
[ "$("$dir/bin/go" env GOVERSION)" = "$version" ] || die "$dir/bin/go does not run" "$dir/bin/go ne fonctionne pas"
say "$version installed in $dir (add $dir/bin to PATH)" "$version installé dans $dir (ajoutez $dir/bin à PATH)"
