#!/usr/bin/env bash
# setup.sh of the workbook's Gradescope autograder (written by
# grading/cmd/autograder). Gradescope runs it once, as root, on its Ubuntu
# base image, when it builds the autograder's image; the zip is unpacked in
# /autograder/source. It installs what grading needs: bubblewrap (apt), the
# Go toolchain (from the Go module proxy, golang.org/toolchain, with the
# workbook's kernel-setup/install-go.sh), builds the
# grader from the teacher's repository in reines/, and grades the
# correction notebook once (which also writes the student edition and
# compiles its packages in the grader's build cache, ~/.cache/reines).
#
# REINES_AUTOGRADER_ROOT stands for /autograder (tests); with
# REINES_SETUP_OFFLINE=1 the steps that need the network are skipped and
# the go command on PATH is used.
set -euo pipefail
root="${REINES_AUTOGRADER_ROOT:-/autograder}"
src="$root/source"
# shellcheck source=/dev/null
. "$src/config.env"

if [ "${REINES_SETUP_OFFLINE:-0}" != 1 ]; then
	export DEBIAN_FRONTEND=noninteractive
	apt-get update -qq
	apt-get install -y -qq bubblewrap ca-certificates curl unzip util-linux >/dev/null
	# The toolchain this zip was built with, from the Go module proxy.
	bash "$src/reines/kernel-setup/install-go.sh" "$src/go" "$REINES_GO"
fi
if [ -x "$src/go/bin/go" ]; then export PATH="$src/go/bin:$PATH"; fi
export GOTOOLCHAIN=local
command -v go >/dev/null || { echo "setup.sh: no go command" >&2; exit 1; }
command -v bwrap >/dev/null || [ "$REINES_UNSAFE" = 1 ] || { echo "setup.sh: no bubblewrap (the zip was built without -unsafe-no-sandbox)" >&2; exit 1; }

cd "$src/reines"
go build -o "$src/grade" ./grading/cmd/grade

# The correction notebook of each TP graded once, as a student's: the
# install works, and Go's build cache holds the standard library and the
# student edition before the first student submits.
check=$(mktemp -d)
trap 'rm -rf "$check"' EXIT
mkdir -p "$check/submission"
for nb in notebooks/corrections/*.ipynb; do
	case "$REINES_TP" in all) ;; *) case "$(basename "$nb")" in "$REINES_TP"-*) ;; *) continue ;; esac ;; esac
	cp "$nb" "$check/submission/"
done
REINES_AUTOGRADER_ROOT="$root" REINES_SUBMISSION="$check/submission" REINES_RESULTS="$check/results" bash "$src/run_autograder"
echo "setup.sh: the correction's results: $(head -c 300 "$check/results/results.json")"
