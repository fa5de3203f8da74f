#!/usr/bin/env bash
# Benchmark (not a test): p50/p99 of the cluster overview and health endpoints under 20 concurrent
# clients for 30 s, against the stack `make run` started. Writes docs/benchmarks/api-latency.{md,json}.
#   backend/bench/api-latency.sh [CLIENTS] [SECONDS]
# env: GRANARY_URL (default http://127.0.0.1:8080), GRANARY_ADMIN_PASSWORD (else the initial password file)
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
URL="${GRANARY_URL:-http://127.0.0.1:8080}"
PASSWORD="${GRANARY_ADMIN_PASSWORD:-}"
[ -n "$PASSWORD" ] || PASSWORD="$(cat "$ROOT/var/control-plane/initial-admin-password" 2>/dev/null || true)"
[ -n "$PASSWORD" ] || { echo "set GRANARY_ADMIN_PASSWORD (no var/control-plane/initial-admin-password)" >&2; exit 1; }
curl -sf -o /dev/null "$URL/api/v1/openapi.yaml" || { echo "no control plane at $URL: run make run first" >&2; exit 1; }
java -Xmx512m "$ROOT/backend/bench/ApiLatency.java" "$URL" admin "$PASSWORD" "${CLUSTER_ID:-1}" \
  "${1:-20}" "${2:-30}" "$ROOT/docs/benchmarks"
