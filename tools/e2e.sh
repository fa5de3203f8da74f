#!/usr/bin/env bash
# Runs the console's Playwright suite against a real stack made for it: its own local cluster (HA),
# its own control plane (fresh database, known admin password) and Debian's Chromium.
# Everything it starts is stopped by PID on exit, pass or fail. Arguments go to Playwright
# (e.g. tools/e2e.sh specs/07-compactions.spec.ts).
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
NODE="$ROOT/storage/runtime/target/granary-node/bin/granary-node"
E2E="${GRANARY_E2E_DIR:-$ROOT/var/e2e}"
CLUSTER="$E2E/cluster"
DATA="$E2E/control-plane"
PORT="${GRANARY_E2E_PORT:-18080}"
PORT_BASE="${GRANARY_E2E_PORT_BASE:-24000}"
PASSWORD="e2e-$(head -c 12 /dev/urandom | od -An -tx1 | tr -d ' \n')"

backend() { GRANARY_DATA_DIR="$DATA" GRANARY_LOCAL_DIR="$CLUSTER" GRANARY_PORT="$PORT" "$ROOT/tools/backend.sh" "$@"; }
LAB_UP=""
cleanup() {
  backend stop >/dev/null 2>&1 || true
  "$NODE" local down --dir "$CLUSTER" >/dev/null 2>&1 || true
  if [ -n "$LAB_UP" ]; then "$ROOT/tools/lab/lab.sh" down >/dev/null 2>&1 || true; fi
}
trap cleanup EXIT
mkdir -p "$ROOT/var"
TIMES="$ROOT/var/e2e-stage-times.txt"
: > "$TIMES"

cleanup
rm -rf "$E2E"   # fresh database: the admin password applies at first start only
# highly available, so every spec runs through the nameservice and the quorum, and the HA spec can fail over
"$NODE" local up --ha --dir "$CLUSTER" --port-base "$PORT_BASE"
# heatmap samples every 5 s instead of every minute, so the tables spec sees cells within seconds
GRANARY_ADMIN_PASSWORD="$PASSWORD" GRANARY_REGION_SAMPLE_INTERVAL=5s backend start

# lab hosts (network namespaces; needs root): spec 10 installs onto the first 3, spec 14 scales
# out to the 4th and back in (a scale-in from 3 DataNodes is refused by replication 3)
if [ -z "${GRANARY_LAB_HOSTS:-}" ] && [ "$(id -u)" -eq 0 ]; then
  LAB_UP=1
  "$ROOT/tools/lab/lab.sh" up 4 >/dev/null
  export GRANARY_LAB_HOSTS="$ROOT/var/lab/hosts.json"
fi

# sub-stage times for tools/test.sh's summary
stage() {
  local name="$1" start rc
  shift
  start=$(date +%s)
  "$@"
  rc=$?
  echo "$name $(( $(date +%s) - start )) $rc" >> "$TIMES"
  return $rc
}

cd "$ROOT/frontend"
set +e
stage playwright env GRANARY_URL="http://127.0.0.1:$PORT" GRANARY_ADMIN_PASSWORD="$PASSWORD" \
  GRANARY_LOCAL_DIR="$CLUSTER" GRANARY_NODE="$NODE" CI=true npm run e2e -- "$@"
ui=$?
# the API fuzzer runs last, on the same stack: it registers clusters and users the specs must not see.
# Running one spec (arguments given) skips it; GRANARY_E2E_FUZZ=0 skips it too.
api=0
if [ $# -eq 0 ] && [ "${GRANARY_E2E_FUZZ:-1}" != 0 ]; then
  stage api-fuzz env GRANARY_URL="http://127.0.0.1:$PORT" GRANARY_ADMIN_PASSWORD="$PASSWORD" \
    GRANARY_FUZZ_DIR="$ROOT/var/fuzz" "$ROOT/tools/api/fuzz.sh"
  api=$?
fi
set -e
[ $ui -eq 0 ] && [ $api -eq 0 ]
