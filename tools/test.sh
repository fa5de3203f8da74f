#!/usr/bin/env bash
# `make test`: every stage, then how long each took (printed on failure too).
# The stages that need neither an engine cluster, the lab nor Maven's build tree (lint-ansible,
# test-monitoring, test-vsphere, test-web) run beside test-java, at a lower priority: its cluster
# integration tests leave the box mostly idle while they wait on the engine. Measured once: ~9 min of
# side stages hidden, test-java a few minutes slower; their own timeouts allow for the slower pace. Its output goes to var/test-logs/<stage>.log and is
# printed when a stage fails. test-docker and e2e follow, in order; a failed stage stops the run.
set -uo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
cd "$ROOT"
SIDE=(lint-ansible test-monitoring test-vsphere test-web)
AFTER=(test-docker e2e)
LOGS="$ROOT/var/test-logs"
declare -a NAMES=() SECS=() RESULTS=()
rc=0
mkdir -p "$ROOT/var"
rm -rf "$LOGS"
mkdir -p "$LOGS"
touch "$ROOT/var/test-start.stamp"
t0=$(date +%s)

record() {   # name seconds code [note]
  NAMES+=("$1${4:+ $4}"); SECS+=("$2"); RESULTS+=("$([ "$3" -eq 0 ] && echo ok || echo "FAILED ($3)")")
}
stage() {    # runs one stage here, output to the console
  local start code
  start=$(date +%s)
  make --no-print-directory "$1"
  code=$?
  record "$1" $(( $(date +%s) - start )) "$code"
  return "$code"
}
side_lane() {   # in the background: each stage in order, its output in its log, "name secs code" lines
  local s start code
  for s in "${SIDE[@]}"; do
    start=$(date +%s)
    nice -n 10 make --no-print-directory "$s" > "$LOGS/$s.log" 2>&1
    code=$?
    echo "$s $(( $(date +%s) - start )) $code" >> "$LOGS/side-times.txt"
    [ "$code" -eq 0 ] || return "$code"
  done
}

stage deps || rc=$?
if [ $rc -eq 0 ]; then
  side_lane &
  SIDE_PID=$!
  echo "make test: ${SIDE[*]} run beside test-java (logs in var/test-logs/)"
  stage test-java || rc=$?
  wait "$SIDE_PID"
  side_rc=$?
  while read -r s secs code; do
    record "$s" "$secs" "$code" "(beside test-java)"
    if [ "$code" -ne 0 ]; then
      echo; echo "==== $s failed; its log (var/test-logs/$s.log), last 200 lines:"
      tail -n 200 "$LOGS/$s.log"
    fi
  done < "$LOGS/side-times.txt"
  [ $rc -ne 0 ] || rc=$side_rc
fi
if [ $rc -eq 0 ]; then
  for s in "${AFTER[@]}"; do
    stage "$s" || { rc=$?; break; }
  done
fi

echo
echo "make test: stage times"
for i in "${!NAMES[@]}"; do
  printf '  %-34s %6d s  %s\n' "${NAMES[$i]}" "${SECS[$i]}" "${RESULTS[$i]}"
  # the e2e stage's parts (tools/e2e.sh writes them)
  if [ "${NAMES[$i]}" = e2e ] && [ -s var/e2e-stage-times.txt ]; then
    while read -r sub secs code; do
      printf '    %-32s %6d s  %s\n' "$sub" "$secs" "$([ "$code" = 0 ] && echo ok || echo "FAILED ($code)")"
    done < var/e2e-stage-times.txt
  fi
done
total=$(( $(date +%s) - t0 ))
printf '  %-34s %6d s (%d min, wall clock)\n' total "$total" $(( total / 60 ))
# which tests failed (JUnit reports written during this run), so the log's tail names them
[ $rc -eq 0 ] || python3 tools/failures.py "$ROOT/var/test-start.stamp" backend provisioning storage frontend/test-results || true
# and which passed only on a retry
[ ! -s frontend/test-results/e2e.json ] || [ frontend/test-results/e2e.json -ot "$ROOT/var/test-start.stamp" ] ||
  python3 tools/failures.py --flaky frontend/test-results/e2e.json || true
exit $rc
