#!/usr/bin/env bash
# `make test`: every stage in order, then how long each took (printed on failure too).
# A failed stage stops the run, as make would; its exit code is the run's.
set -uo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
cd "$ROOT"
STAGES=(deps lint-ansible test-java test-web e2e)
declare -a NAMES=() SECS=() RESULTS=()
rc=0
for s in "${STAGES[@]}"; do
  start=$(date +%s)
  make --no-print-directory "$s"
  rc=$?
  NAMES+=("$s"); SECS+=($(( $(date +%s) - start ))); RESULTS+=("$([ $rc -eq 0 ] && echo ok || echo "FAILED ($rc)")")
  [ $rc -eq 0 ] || break
done
total=0
echo
echo "make test: stage times"
for i in "${!NAMES[@]}"; do
  printf '  %-14s %6d s  %s\n' "${NAMES[$i]}" "${SECS[$i]}" "${RESULTS[$i]}"
  total=$(( total + SECS[i] ))
done
printf '  %-14s %6d s (%d min)\n' total "$total" $(( total / 60 ))
exit $rc
