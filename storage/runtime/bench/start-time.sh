#!/usr/bin/env bash
# Measures `granary-node local up` on this machine: cold (fresh data dir, includes NameNode format)
# and warm (restart on existing data), RUNS times each, plus total RSS of the 10 processes after
# each start. Not a test: it prints a table and writes results as JSON + text.
#
#   storage/runtime/bench/start-time.sh [RUNS]      (default 3)
#   env: BENCH_DIR (default var/bench-start-time), BENCH_PORT_BASE (default 21000)
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../../.." && pwd)"
NODE="$ROOT/storage/runtime/target/granary-node/bin/granary-node"
RUNS="${1:-3}"
DIR="${BENCH_DIR:-$ROOT/var/bench-start-time}"
BASE="${BENCH_PORT_BASE:-21000}"
OUT="$ROOT/storage/runtime/target/bench"
[ -x "$NODE" ] || { echo "build first: make build" >&2; exit 1; }
mkdir -p "$OUT"

node() { "$NODE" local "$1" --dir "$DIR" --port-base "$BASE" "${@:2}"; }
cleanup() { node down >/dev/null 2>&1 || true; }
trap cleanup EXIT

now() { date +%s.%N; }
rss_mb() { node status | sed -n 's/.*total RSS: \([0-9]*\) MB.*/\1/p'; }

results=()
measure() { # kind run
  local t0 t1 up_s rss
  t0=$(now); node up > "$OUT/up-$1-$2.log"; t1=$(now)
  up_s=$(awk -v a="$t0" -v b="$t1" 'BEGIN{printf "%.1f", b-a}')
  rss=$(rss_mb)
  echo "  $1 run $2: up ${up_s} s, total RSS ${rss} MB" >&2
  results+=("$1 $2 $up_s $rss")
}

node down >/dev/null 2>&1 || true
for r in $(seq 1 "$RUNS"); do
  node wipe --yes >/dev/null
  measure cold "$r"
  node down >/dev/null
done
for r in $(seq 1 "$RUNS"); do
  measure warm "$r"
  node down >/dev/null
done
node wipe --yes >/dev/null

cpu="$(sed -n 's/^model name\s*: //p' /proc/cpuinfo | head -n1)"
{
  echo "local cluster start time ($(nproc) cores, $cpu, $(date -u +%F))"
  printf '%-6s %-4s %10s %14s\n' kind run "up (s)" "RSS (MB)"
  for line in "${results[@]}"; do
    # shellcheck disable=SC2086
    printf '%-6s %-4s %10s %14s\n' $line
  done
  for kind in cold warm; do
    printf '%s' "${results[*]}" | tr ' ' '\n' | paste - - - - | awk -v k=$kind '$1==k{s+=$3; if($3>m)m=$3; r+=$4; if($4>mr)mr=$4; n++}
      END{printf "%-6s mean %.1f s, max %.1f s; RSS mean %d MB, max %d MB\n", k, s/n, m, r/n, mr}'
  done
} | tee "$OUT/start-time.txt"
{
  echo '{"cores":'"$(nproc)"',"cpu":"'"$cpu"'","runs":['
  first=1
  for line in "${results[@]}"; do
    set -- $line
    [ $first -eq 1 ] || echo ','
    first=0
    printf '{"kind":"%s","run":%s,"up_seconds":%s,"rss_mb":%s}' "$1" "$2" "$3" "$4"
  done
  echo ']}'
} > "$OUT/start-time.json"
echo "results: $OUT/start-time.txt, $OUT/start-time.json"
