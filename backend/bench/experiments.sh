#!/usr/bin/env bash
# Benchmark (not a test): Experiments I at full size through the experiments API, as an operator would
# launch them from the console. Starts its own local cluster (port base 26000, data in
# var/bench-experiments) and control plane (port 18283); both are stopped by PID at the end.
# Every experiment runs with its catalog defaults (GET /experiments), REPS repetitions (default 2,
# interleaved), so each figure's ratios come from one run on this machine.
# Writes docs/benchmarks/experiments.{md,json}: for each experiment the figure's numbers and our
# findings beside the seed's, with the seed's hardware named.
#   backend/bench/experiments.sh [REPS]     (EXPERIMENTS="reconstruction native-checksums" for a subset)
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
REPS="${1:-2}"
PORT=18283
OUT="$ROOT/docs/benchmarks"
DATA="$ROOT/var/bench-experiments"
CLUSTER="$DATA/cluster"
NODE="$ROOT/storage/runtime/target/granary-node/bin/granary-node"
PASSWORD="bench-admin-password"

# shellcheck source=backend/bench/stack.sh
. "$ROOT/backend/bench/stack.sh"

RESULTS="$DATA/results"
mkdir -p "$RESULTS"
for kind in ${EXPERIMENTS:-ec-coder dfsio small-files reconstruction native-checksums}; do
  case "$kind" in ec-coder) i=1 ;; dfsio) i=2 ;; small-files) i=3 ;; reconstruction) i=4 ;; *) i=5 ;; esac
  started=$(date +%s)
  launched=$(api POST "$C/experiments" "{\"experiment\":\"$kind\",\"repetitions\":$REPS}")
  op=$(echo "$launched" | json 'd["operationId"]')
  series=$(echo "$launched" | json 'd["seriesId"]')
  await "experiment $kind" 7200 "/operations/$op" 'd["state"] not in ("PENDING","RUNNING")'
  api GET "/operations/$op" | json 'd["state"]' | grep -qx SUCCEEDED ||
    { echo "experiment $kind failed: $(api GET "/operations/$op")" >&2; exit 1; }
  # files, not variables: a profiled experiment's JSON is past the kernel's limit for one argument
  api GET "$C/experiments/$series" > "$RESULTS/$i-$kind.json"
  echo "$(( $(date +%s) - started ))" > "$RESULTS/$i-$kind.seconds"
done

python3 "$ROOT/backend/bench/experiments-report.py" "$RESULTS" "$REPS" "$OUT"
