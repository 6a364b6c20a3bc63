#!/usr/bin/env bash
# Starts a student's Jupyter server (JupyterHub's Spawner.cmd, as the
# student) within limits of its own, which the student cannot raise. On
# LocalProcessSpawner they are per process, not per student (the spawner
# has no cgroup: mem_limit and cpu_limit are only advice there): they stop
# one runaway program, not the sum of a student's. See hub/README.md.
#   REINES_MAX_PROCS      processes and threads of the student, all together
#                         (RLIMIT_NPROC: a fork bomb stops there; default 1024)
#   REINES_MAX_MEMORY_MB  address space of each process, in MiB (RLIMIT_AS;
#                         default 8192: a search that fills memory fails alone
#                         instead of the machine swapping for everyone)
#   REINES_NICE           niceness of the student's processes (default 5: the
#                         hub itself and the proxy stay responsive)
# Usage: singleuser.sh COMMAND [ARGS...]
set -eu
ulimit -c 0
ulimit -u "${REINES_MAX_PROCS:-1024}"
ulimit -v "$(( ${REINES_MAX_MEMORY_MB:-8192} * 1024 ))"
exec nice -n "${REINES_NICE:-5}" "$@"
