#!/usr/bin/env bash
# `make test`: every stage in order, then how long each took (printed on failure too).
# A failed stage stops the run, as make would; its exit code is the run's.
set -uo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
cd "$ROOT"
STAGES=(deps lint-ansible test-monitoring test-vsphere test-java test-web test-docker e2e)
declare -a NAMES=() SECS=() RESULTS=()
rc=0
STAMP="$ROOT/var/test-stage.stamp"
mkdir -p "$ROOT/var"
touch "$ROOT/var/test-start.stamp"
for s in "${STAGES[@]}"; do
  start=$(date +%s)
  touch "$STAMP"
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
  # the e2e stage's parts (tools/e2e.sh writes them)
  if [ "${NAMES[$i]}" = e2e ] && [ -s var/e2e-stage-times.txt ]; then
    while read -r sub secs code; do
      printf '    %-12s %6d s  %s\n' "$sub" "$secs" "$([ "$code" = 0 ] && echo ok || echo "FAILED ($code)")"
    done < var/e2e-stage-times.txt
  fi
done
printf '  %-14s %6d s (%d min)\n' total "$total" $(( total / 60 ))
# which tests failed (JUnit reports the failed stage wrote), so the log's tail names them
[ $rc -eq 0 ] || python3 tools/failures.py "$STAMP" backend provisioning storage frontend/test-results || true
# and which passed only on a retry
[ ! -s frontend/test-results/e2e.json ] || [ frontend/test-results/e2e.json -ot "$ROOT/var/test-start.stamp" ] ||
  python3 tools/failures.py --flaky frontend/test-results/e2e.json || true
exit $rc
