#!/usr/bin/env bash
# Benchmark (not a test): latency of the cluster overview and health endpoints under 20 concurrent
# signed-in clients (10 per endpoint, closed loop, wrk) for 30 s after a 5 s warm-up, against the
# stack `make run` started. Writes docs/benchmarks/api-latency.{md,json}.
#   backend/bench/api-latency.sh [CLIENTS] [SECONDS]
# env: GRANARY_URL (default http://127.0.0.1:8080), GRANARY_ADMIN_PASSWORD (else the initial
#      password file), CLUSTER_ID (default 1)
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
HERE="$ROOT/backend/bench"
URL="${GRANARY_URL:-http://127.0.0.1:8080}"
CLIENTS="${1:-20}"
SECONDS_="${2:-30}"
CLUSTER="${CLUSTER_ID:-1}"
OUT="$ROOT/docs/benchmarks"
PASSWORD="${GRANARY_ADMIN_PASSWORD:-}"
[ -n "$PASSWORD" ] || PASSWORD="$(cat "$ROOT/var/control-plane/initial-admin-password" 2>/dev/null || true)"
[ -n "$PASSWORD" ] || { echo "set GRANARY_ADMIN_PASSWORD (no var/control-plane/initial-admin-password)" >&2; exit 1; }
command -v wrk >/dev/null || { echo "wrk missing: apt-get install wrk" >&2; exit 1; }
curl -sf -o /dev/null "$URL/api/v1/openapi.yaml" || { echo "no control plane at $URL: run make run first" >&2; exit 1; }

jar=$(mktemp)
trap 'rm -f "$jar"' EXIT
curl -sf -c "$jar" -o /dev/null -H 'Content-Type: application/json' \
  -d "{\"username\":\"admin\",\"password\":\"$PASSWORD\"}" "$URL/api/v1/auth/login"
session=$(awk '$6=="GRANARY_SESSION"{print $7}' "$jar")
[ -n "$session" ] || { echo "login failed" >&2; exit 1; }

per=$((CLIENTS / 2))
endpoints=("/api/v1/clusters/$CLUSTER/overview" "/api/v1/clusters/$CLUSTER/health")
run() { # seconds -> one RESULT line per endpoint, both endpoints loaded at the same time
  local pids=() i=0
  for ep in "${endpoints[@]}"; do
    wrk -t1 -c"$per" -d"$1s" -H "Cookie: GRANARY_SESSION=$session" -s "$HERE/percentiles.lua" "$URL$ep" \
      > "$OUT/.wrk-$i.txt" &
    pids+=($!); i=$((i + 1))
  done
  wait "${pids[@]}"
}
mkdir -p "$OUT"
run 5   # warm-up: JIT and caches
run "$SECONDS_"

cpu="$(sed -n 's/^model name\s*: //p' /proc/cpuinfo | head -n1)"
at="$(date -u +%FT%TZ)"
{
  echo "# Control-plane API latency"
  echo
  echo "$CLIENTS concurrent clients ($per per endpoint, closed loop, no think time, one signed-in session),"
  echo "both endpoints loaded at once for ${SECONDS_} s after a 5 s warm-up; load generator wrk on the same"
  echo "machine: $(nproc) cores ($cpu); the local engine cluster running. $at. Target: p99 <= 50 ms."
  echo "Produced by \`make bench-api\` (backend/bench/api-latency.sh)."
  echo
  echo "| endpoint | requests | req/s | p50 ms | p90 ms | p99 ms | p99.9 ms | max ms | errors |"
  echo "|---|---|---|---|---|---|---|---|---|"
} > "$OUT/api-latency.md"
json="{\"at\":\"$at\",\"clients\":$CLIENTS,\"seconds\":$SECONDS_,\"cores\":$(nproc),\"endpoints\":["
sep=""
for i in 0 1; do
  r=$(sed -n 's/^RESULT //p' "$OUT/.wrk-$i.txt")
  [ -n "$r" ] || { cat "$OUT/.wrk-$i.txt" >&2; exit 1; }
  json+="$sep{\"endpoint\":\"${endpoints[$i]}\",${r#\{}"
  sep=","
  python3 "$HERE/wrk-row.py" "$r" "${endpoints[$i]}" >> "$OUT/api-latency.md"
  rm -f "$OUT/.wrk-$i.txt"
done
echo "$json]}" > "$OUT/api-latency.json"
cat "$OUT/api-latency.md"
