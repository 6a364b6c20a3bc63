#!/bin/sh
# Starts the GoNB kernel for Jupyter (kernel.json's argv), with GoNB's log in
# a file of its own instead of the Jupyter terminal. The log holds each cell
# execution and whether it compiled (-vmodule=execcode=1): the workbook's
# checks read it (REINES_GONB_LOG, see grading.Freshness) to tell when the
# last version of an answer cell did not compile and GoNB kept an older one.
#
# Usage: gonb-kernel.sh GONB CONNECTION_FILE [GONB FLAGS...]
# Logs: ${XDG_STATE_HOME:-~/.local/state}/reines/kernels/<kernel id>.log,
# removed after a week.
gonb=$1 conn=$2
shift 2
logs=${XDG_STATE_HOME:-$HOME/.local/state}/reines/kernels
if mkdir -p "$logs" 2>/dev/null && [ -w "$logs" ]; then
  find "$logs" -name '*.log' -mtime +7 -exec rm -f {} + 2>/dev/null
  REINES_GONB_LOG="$logs/$(basename "$conn" .json).log"
  export REINES_GONB_LOG
  exec "$gonb" --kernel "$conn" "$@" -vmodule=execcode=1 -logtostderr=true 2>"$REINES_GONB_LOG"
fi
exec "$gonb" --kernel "$conn" "$@"
