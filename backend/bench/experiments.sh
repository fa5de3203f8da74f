#!/usr/bin/env bash
# Benchmark (not a test): Experiments I and II at full size through the experiments API, as an operator would
# launch them from the console. Starts its own local cluster (port base 26000, data in
# var/bench-experiments) and control plane (port 18283); both are stopped by PID at the end.
# Every experiment runs with its catalog defaults (GET /experiments), REPS repetitions (default 2,
# interleaved), so each figure's ratios come from one run on this machine. The factor sweep is the
# exception: its default full factorial is 216 variants (hours here); the bench runs the seed's
# factors at two levels each as a resolution-V half fraction (16 points × 3 operations), SWEEP_PARAMS
# to change it.
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
DEFAULT_SWEEP='{"design":["fractional"],"blockCache":["on","off"],"blockSize":[16384,65536],"regions":[1,5],"valueSize":[100,1000],"keysPerRequest":[1,10],"compression":["GZ"],"threads":10,"ops":2000,"rows":50000}'
SWEEP_PARAMS="${SWEEP_PARAMS:-$DEFAULT_SWEEP}"
ALL="ec-coder dfsio small-files reconstruction native-checksums factor-sweep mslab-batch hfile-formats pe-bigtable"
for kind in ${EXPERIMENTS:-$ALL}; do
  case "$kind" in
    ec-coder) i=1 ;; dfsio) i=2 ;; small-files) i=3 ;; reconstruction) i=4 ;; native-checksums) i=5 ;;
    factor-sweep) i=6 ;; mslab-batch) i=7 ;; hfile-formats) i=8 ;; pe-bigtable) i=9 ;;
    *) echo "unknown experiment $kind (one of: $ALL)" >&2; exit 2 ;;
  esac
  params="{}"
  if [ "$kind" = factor-sweep ]; then params="$SWEEP_PARAMS"; fi
  started=$(date +%s)
  launched=$(api POST "$C/experiments" "{\"experiment\":\"$kind\",\"repetitions\":$REPS,\"params\":$params}")
  op=$(echo "$launched" | json 'd["operationId"]')
  series=$(echo "$launched" | json 'd["seriesId"]')
  await "experiment $kind" 7200 "/operations/$op" 'd["state"] not in ("PENDING","RUNNING")'
  api GET "/operations/$op" | json 'd["state"]' | grep -qx SUCCEEDED ||
    { echo "experiment $kind failed: $(api GET "/operations/$op")" >&2; exit 1; }
  # files, not variables: a profiled experiment's JSON is past the kernel's limit for one argument
  api GET "$C/experiments/$series" > "$RESULTS/$i-$kind.json"
  echo "$(( $(date +%s) - started ))" > "$RESULTS/$i-$kind.seconds"
done

python3 "$ROOT/backend/bench/experiments-report.py" "$RESULTS" "$REPS" "$OUT" "$ALL"
