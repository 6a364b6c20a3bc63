#!/bin/sh
# Starts the GoNB kernel for Jupyter (kernel.json's argv), with GoNB's log in
# a file of its own instead of the Jupyter terminal. The log holds each cell
# execution and whether it compiled (-vmodule=execcode=1): the workbook's
# checks read it (REINES_GONB_LOG, see grading.Freshness) to tell when the
# last version of an answer cell did not compile and GoNB kept an older one.
#
# Nothing of the kernel outlives it (on a JupyterHub of 40 students, leftover
# gopls servers of 65 MB each add up). Jupyter stops a kernel by signalling
# its process group (SIGTERM, then SIGKILL when it is slow), but GoNB starts
# gopls in a process group of its own, and kills it only when it stops
# cleanly; and a kernel whose server dies (SIGKILL, out of memory) would run
# on, orphaned, in a session of its own. On Linux (setpriv, util-linux):
#   - GoNB gets SIGTERM when the Jupyter server that started it dies, and
#     then stops as it does when Jupyter stops it (gopls and the running
#     cell with it);
#   - gopls is started through gopls-shim/gopls, which has it killed when
#     GoNB dies, however GoNB dies.
# Both rest on PR_SET_PDEATHSIG: the signal comes when the thread that
# started the process ends; Jupyter starts kernels from its main thread,
# and the Go runtime ends no thread of GoNB's (it locks none).
#
# Usage: gonb-kernel.sh GONB CONNECTION_FILE [GONB FLAGS...]
# Logs: ${XDG_STATE_HOME:-~/.local/state}/reines/kernels/<kernel id>.log,
# removed after a week.
gonb=$1 conn=$2
shift 2
# Cells link without DWARF debugging information: nothing in a notebook
# reads it (a panic names its functions and lines from the symbol table),
# and linking is most of a check cell's build; a fifth less CPU time per
# notebook run, measured on TP 1. A -ldflags of the user's is kept.
case " ${GOFLAGS:-} " in
  *" -ldflags="*) ;;
  *) GOFLAGS="${GOFLAGS:+$GOFLAGS }-ldflags=-w"; export GOFLAGS ;;
esac
with_parent=
if setpriv --pdeathsig TERM true 2>/dev/null; then
  with_parent="setpriv --pdeathsig TERM --"
  shim=$(cd "$(dirname "$0")" && pwd)/gopls-shim
  if REINES_GOPLS=$(command -v gopls) && [ -x "$shim/gopls" ]; then
    export REINES_GOPLS
    PATH=$shim:$PATH
  fi
fi
logs=${XDG_STATE_HOME:-$HOME/.local/state}/reines/kernels
if mkdir -p "$logs" 2>/dev/null && [ -w "$logs" ]; then
  find "$logs" -name '*.log' -mtime +7 -exec rm -f {} + 2>/dev/null
  REINES_GONB_LOG="$logs/$(basename "$conn" .json).log"
  export REINES_GONB_LOG
  exec $with_parent "$gonb" --kernel "$conn" "$@" -vmodule=execcode=1 -logtostderr=true 2>"$REINES_GONB_LOG"
fi
exec $with_parent "$gonb" --kernel "$conn" "$@"
