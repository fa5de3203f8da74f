#!/usr/bin/env bash
# Fuzzes the live API with Schemathesis from backend/openapi/openapi.yaml: every operation, every check,
# a fixed seed and a bounded number of examples. Fails on any failure: a 5xx, a 4xx that is not
# problem+json, a response off its schema, an undocumented status code, a refused valid input.
#   GRANARY_URL=http://127.0.0.1:18080 GRANARY_ADMIN_PASSWORD=… tools/api/fuzz.sh [extra st options]
# Env: GRANARY_FUZZ_EXAMPLES (default 8 per operation), GRANARY_FUZZ_SEED (default 16), GRANARY_FUZZ_DIR.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
URL="${GRANARY_URL:?GRANARY_URL is the control plane, e.g. http://127.0.0.1:18080}"
PASSWORD="${GRANARY_ADMIN_PASSWORD:?GRANARY_ADMIN_PASSWORD is the admin password}"
USER_NAME="${GRANARY_ADMIN_USER:-admin}"
OUT="${GRANARY_FUZZ_DIR:-$ROOT/var/fuzz}"
VENV="$ROOT/var/api-venv"

"$ROOT/tools/api/check.sh"

# an API token of the admin: sign in (session + CSRF cookie), create the token, keep only its secret
jar="$(mktemp)"
trap 'rm -f "$jar"' EXIT
curl -fsS -c "$jar" -H 'Content-Type: application/json' \
  -d "{\"username\":\"$USER_NAME\",\"password\":\"$PASSWORD\"}" "$URL/api/v1/auth/login" >/dev/null
xsrf="$(awk '$6 == "XSRF-TOKEN" {print $7}' "$jar")"
GRANARY_FUZZ_TOKEN="$(curl -fsS -b "$jar" -H "X-XSRF-TOKEN: $xsrf" -H 'Content-Type: application/json' \
  -d '{"name":"api-fuzz"}' "$URL/api/v1/tokens" | "$VENV/bin/python" -c 'import json,sys; print(json.load(sys.stdin)["secret"])')"
export GRANARY_FUZZ_TOKEN

rm -rf "$OUT"
mkdir -p "$OUT/reads"
# One Schemathesis run: its config, its report folder, then extra options. Seed, examples, timeouts and
# reports are the same for both passes.
fuzz() {
  local config="$1" dir="$2"
  shift 2
  "$VENV/bin/st" --config-file "$ROOT/tools/api/$config" run "$ROOT/backend/openapi/openapi.yaml" \
    --url "$URL/api/v1" \
    --max-examples "${GRANARY_FUZZ_EXAMPLES:-8}" \
    --seed "${GRANARY_FUZZ_SEED:-16}" \
    --workers 1 \
    --request-timeout 40 \
    --max-response-time 30 \
    --generation-database none \
    --report junit,ndjson --report-dir "$dir" \
    --no-color "$@" 2>&1 | tee "$dir/summary.txt"
  return "${PIPESTATUS[0]}"
}

set +e
# Pass 1: every operation, every check. deleteToken would revoke the fuzzer's own token midway and
# logout ends no token's session: both are covered by the API's integration tests instead.
fuzz schemathesis.toml "$OUT" --exclude-operation-id deleteToken --exclude-operation-id logout "$@"
rc=$?
# Pass 2: the reads again with valid data against the registered local cluster (id 1 on the fresh
# database of `make test`) and its probe table, so responses built from real engine state are checked
# against the schema too; pass 1's generated ids mostly stop at 404 cluster-not-found.
fuzz schemathesis-reads.toml "$OUT/reads" --include-method GET --mode positive
reads=$?
set -e
echo "api fuzz: all operations exit $rc, reads of the local cluster exit $reads; reports in $OUT"
[ "$rc" -eq 0 ] && [ "$reads" -eq 0 ]
