#!/usr/bin/env bash
# Benchmark (not a test): table listing and region paging with 1,000 tables / 10,000 regions in
# the state cache (synthetic content from the test-scope SyntheticCluster, granary.bench.synthetic-*;
# needs `make build`, which compiles the test classes): three endpoints loaded at once by
# wrk (5 clients each, closed loop) for 30 s after a 5 s warm-up; then the region map of the
# 1,000-region table alone (5 clients), reported for information. Starts its own control plane on
# port 18180 with data in var/bench-tables and stops it by PID. Target: p99 <= 100 ms.
# Writes docs/benchmarks/tables-api.{md,json}.
#   backend/bench/tables-api.sh [SECONDS] [TABLES] [REGIONS]
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
HERE="$ROOT/backend/bench"
SECONDS_="${1:-30}"
TABLES="${2:-1000}"
REGIONS="${3:-10000}"
PORT=18180
URL="http://127.0.0.1:$PORT"
OUT="$ROOT/docs/benchmarks"
DATA="$ROOT/var/bench-tables"
PASSWORD="bench-admin-password"
command -v wrk >/dev/null || { echo "wrk missing: apt-get install wrk" >&2; exit 1; }

# The synthetic content is test scope (SyntheticCluster, its own entry point): the control plane
# runs it from a copy of its classes on top of the built jar, so a rebuild cannot change it mid-run.
CLASSES="$ROOT/backend/target/test-classes/io/granary/clusters"
[ -f "$CLASSES/SyntheticCluster.class" ] || { echo "backend test classes missing: run make build" >&2; exit 1; }
export GRANARY_DATA_DIR="$DATA" GRANARY_PORT="$PORT" GRANARY_LOCAL_DIR="$DATA/no-local-cluster" \
  GRANARY_ADMIN_PASSWORD="$PASSWORD" \
  GRANARY_MAIN="io.granary.clusters.SyntheticCluster" GRANARY_EXTRA_CLASSES="$DATA/bench-classes" \
  GRANARY_JAVA_OPTS="-Dgranary.bench.synthetic-tables=$TABLES -Dgranary.bench.synthetic-regions=$REGIONS"
rm -rf "$DATA"
mkdir -p "$GRANARY_EXTRA_CLASSES/io/granary/clusters"
find "$CLASSES" -maxdepth 1 \( -name 'SyntheticCluster.class' -o -name 'SyntheticCluster$*.class' \) \
  -exec cp {} "$GRANARY_EXTRA_CLASSES/io/granary/clusters/" \;
"$ROOT/tools/backend.sh" start >/dev/null
trap '"$ROOT/tools/backend.sh" stop >/dev/null' EXIT

jar=$(mktemp)
curl -sf -c "$jar" -o /dev/null -H 'Content-Type: application/json' \
  -d "{\"username\":\"admin\",\"password\":\"$PASSWORD\"}" "$URL/api/v1/auth/login"
session=$(awk '$6=="GRANARY_SESSION"{print $7}' "$jar")
rm -f "$jar"
[ -n "$session" ] || { echo "login failed" >&2; exit 1; }
cluster=""
for _ in $(seq 1 60); do
  cluster=$(curl -sf -H "Cookie: GRANARY_SESSION=$session" "$URL/api/v1/clusters" |
    python3 -c 'import json,sys; print(next((c["id"] for c in json.load(sys.stdin) if c["name"]=="synthetic"), ""))')
  [ -n "$cluster" ] && break
  sleep 1
done
[ -n "$cluster" ] || { echo "no synthetic cluster registered" >&2; exit 1; }
total=$(curl -sf -H "Cookie: GRANARY_SESSION=$session" "$URL/api/v1/clusters/$cluster/tables?size=1" |
  python3 -c 'import json,sys; print(json.load(sys.stdin)["total"])')
[ "$total" = "$TABLES" ] || { echo "expected $TABLES tables in the cache, the API lists $total" >&2; exit 1; }

B="/api/v1/clusters/$cluster"
endpoints=("$B/tables?size=50" "$B/tables?sort=writes&q=t0&size=50&page=1" "$B/tables/bench:big/regions?size=100&page=5"
  "$B/tables/bench:big/region-map")
run() { # seconds first last: endpoints first..last loaded at the same time
  local pids=() i
  for i in $(seq "$2" "$3"); do
    wrk -t1 -c5 -d"$1s" -H "Cookie: GRANARY_SESSION=$session" -s "$HERE/percentiles.lua" "$URL${endpoints[$i]}" \
      > "$OUT/.wrk-$i.txt" &
    pids+=($!)
  done
  wait "${pids[@]}"
}
mkdir -p "$OUT"
run 5 0 3
run "$SECONDS_" 0 2
run "$SECONDS_" 3 3

after=$(curl -sf -H "Cookie: GRANARY_SESSION=$session" "$URL/api/v1/clusters/$cluster/tables?size=1" |
  python3 -c 'import json,sys; print(json.load(sys.stdin)["total"])')
[ "$after" = "$TABLES" ] || { echo "the cache lost its synthetic content during the run ($after tables)" >&2; exit 1; }

cpu="$(sed -n 's/^model name\s*: //p' /proc/cpuinfo | head -n1)"
at="$(date -u +%FT%TZ)"
{
  echo "# Tables API latency with $TABLES tables / $REGIONS regions"
  echo
  echo "The state cache holds $TABLES tables and $REGIONS regions (synthetic content; \`bench:big\` has a tenth of"
  echo "the regions). The first three endpoints loaded at once, 5 closed-loop clients each (15 concurrent), for"
  echo "${SECONDS_} s after a 5 s warm-up; then the region map of \`bench:big\` (all 1,000 regions, ~300 kB of JSON) alone"
  echo "with 5 clients. wrk on the same machine: $(nproc) cores ($cpu). $at."
  echo "Target: p99 <= 100 ms for listing and region paging; the region map is reported for information."
  echo "Produced by \`make bench-tables\` (backend/bench/tables-api.sh)."
  echo
  echo "| endpoint | requests | req/s | p50 ms | p90 ms | p99 ms | p99.9 ms | max ms | errors |"
  echo "|---|---|---|---|---|---|---|---|---|"
} > "$OUT/tables-api.md"
json="{\"at\":\"$at\",\"tables\":$TABLES,\"regions\":$REGIONS,\"seconds\":$SECONDS_,\"cores\":$(nproc),\"endpoints\":["
sep=""
worst=0
for i in "${!endpoints[@]}"; do
  r=$(sed -n 's/^RESULT //p' "$OUT/.wrk-$i.txt")
  [ -n "$r" ] || { cat "$OUT/.wrk-$i.txt" >&2; exit 1; }
  json+="$sep{\"endpoint\":\"${endpoints[$i]}\",${r#\{}"
  sep=","
  python3 "$HERE/wrk-row.py" "$r" "${endpoints[$i]}" >> "$OUT/tables-api.md"
  rm -f "$OUT/.wrk-$i.txt"
done
echo "$json]}" > "$OUT/tables-api.json"
python3 - "$OUT/tables-api.json" >> "$OUT/tables-api.md" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
worst = max(e["p99_ms"] for e in d["endpoints"] if "region-map" not in e["endpoint"])
errors = sum(e["errors"] for e in d["endpoints"])
print(f"\nWorst p99 of listing and region paging: {worst:.2f} ms -> {'PASS' if worst <= 100 and errors == 0 else 'FAIL'} (target <= 100 ms, no errors).")
PY
cat "$OUT/tables-api.md"
grep -q "PASS" "$OUT/tables-api.md"
