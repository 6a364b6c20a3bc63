#!/bin/sh
# Run by the header cell of every notebook of the workbook, in GoNB's own Go
# module (GoNB's "!*" runs it in $GONB_TMP_DIR): it makes the workbook's
# module at ROOT importable there (a replace directive), pins GoNB's version
# (the Go module proxy refuses its list of versions), and resolves once the
# requirements of PACKAGE, the notebook's package, and of the workbook's
# packages the header imports (go get on a scratch package that imports
# them: tp/chart's go-echarts is not a requirement of PACKAGE), so that
# GoNB need not run "go get" before every cell (the header turns that off:
# %noautoget). Offline once the modules are
# in the module cache (kernel-setup puts them there). It prints nothing but
# errors.
#
# Usage: notebook-module.sh ROOT PACKAGE
set -e
root=$1 pkg=$2
go mod edit -replace=github.com/prepa-reines/reines="$root" \
	-require=github.com/prepa-reines/reines@v0.0.0 -require=github.com/janpfeifer/gonb@v0.11.5
scratch=reines-imports
mkdir -p "$scratch"
w=github.com/prepa-reines/reines
{
	printf 'package imports\n\n'
	for p in "$pkg" $w/grading $w/tp/board $w/tp/chart $w/tp/display $w/tp/queens; do
		printf 'import _ "%s"\n' "$p"
	done
} >"$scratch/imports.go"
status=0
out=$(go get "./$scratch" 2>&1) || status=$?
rm -rf "$scratch"
if [ "$status" != 0 ]; then
	printf '%s\n' "$out" >&2
	exit "$status"
fi
