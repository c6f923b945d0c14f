#!/usr/bin/env bash
# `npm test` RUNS times in a row (5 by default) beside a CPU hog on every core (`stress`, Debian's package
# of that name), one line per run: how the README's loaded figures are measured. Exits 1 if any run failed.
set -u
runs=${RUNS:-5}
command -v stress > /dev/null || { echo 'needs stress: apt-get install stress' >&2; exit 2; }
failed=0
for i in $(seq 1 "$runs"); do
  stress --cpu "$(nproc)" > /dev/null 2>&1 &
  hog=$!
  start=$(date +%s)
  npm test > "test-under-load-$i.log" 2>&1
  rc=$?
  kill "$hog" 2> /dev/null
  pkill -f "stress --cpu" 2> /dev/null
  wait "$hog" 2> /dev/null
  echo "run $i: exit $rc after $(($(date +%s) - start)) s (log: test-under-load-$i.log)"
  [ "$rc" -eq 0 ] || failed=1
done
exit "$failed"
