#!/usr/bin/env bash
# The compose appliance for real (make test's test-docker stage; make bench-docker writes its numbers to
# docs/benchmarks/): a missing variable stops each image with one line naming it; `up` of
# docker/compose.yml (project granary-smoke, ports 34443/34080/34870/34010 on 127.0.0.1) turns every
# service healthy; the console serves HTTPS with its generated certificate (the one GET /tls names, the
# same after down/up) and plain HTTP redirects; through its API the registered cluster is HEALTHY with 5 DataNodes and
# 2 RegionServers, a table gets 100 rows, RS-3-2 is enabled; `down` then `up` keeps all of it;
# `down -v` leaves no container, volume or network. Every container stops on SIGTERM (no SIGKILL).
#   tools/docker/smoke.sh [--bench]
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$ROOT"
. tools/docker/lib.sh
BENCH=0
[ "${1:-}" = --bench ] && BENCH=1

export GRANARY_CONSOLE_PORT=34443 GRANARY_CONSOLE_HTTP_PORT=34080 GRANARY_NAMENODE_WEB_PORT=34870 GRANARY_MASTER_WEB_PORT=34010
export GRANARY_PUBLISH=127.0.0.1
GRANARY_ADMIN_PASSWORD="smoke-$(head -c 9 /dev/urandom | base64 | tr -dc 'A-Za-z0-9')"
export GRANARY_ADMIN_PASSWORD
export GRANARY_URL="https://127.0.0.1:$GRANARY_CONSOLE_PORT" GRANARY_HTTP_URL="http://127.0.0.1:$GRANARY_CONSOLE_HTTP_PORT"
export GRANARY_NAMENODE_WEB="http://127.0.0.1:$GRANARY_NAMENODE_WEB_PORT"
export GRANARY_MASTER_WEB="http://127.0.0.1:$GRANARY_MASTER_WEB_PORT"
PROJECT=granary-smoke
PY="$ROOT/var/docker-venv/bin/python"
OUT=var/docker
mkdir -p "$OUT"
drive() { compose -p "$PROJECT" "$@"; }
secs() { local d=$(( $(date +%s%N) - $1 )); printf '%d.%d' $(( d / 1000000000 )) $(( d / 100000000 % 10 )); }
run() { $ENGINE ${GRANARY_OCI_RUNTIME:+--runtime "$GRANARY_OCI_RUNTIME"} run --rm --no-healthcheck \
  --ulimit nofile=20000:20000 --ulimit nproc=32768:32768 "$@"; }

# a run that failed halfway leaves nothing behind for the next one
cleanup() { drive down -v >/dev/null 2>&1 || true; }
trap cleanup EXIT
cleanup

# ---- bad input: one clear line naming the variable, exit code 2
expect_one_line() {  # expect_one_line WORD -- podman run args
  local word="$1"; shift 2
  local err rc=0
  err="$(run "$@" 2>&1 >/dev/null)" || rc=$?
  [ "$rc" = 2 ] || { echo "smoke: FAILED: '$*' exited $rc, not 2: $err" >&2; exit 1; }
  [ "$(printf '%s\n' "$err" | grep -c .)" = 1 ] || { echo "smoke: FAILED: '$*' printed more than one line: $err" >&2; exit 1; }
  grep -q "$word" <<<"$err" || { echo "smoke: FAILED: '$*' did not name $word: $err" >&2; exit 1; }
  echo "  refused: $err"
}
expect_one_line GRANARY_NAMENODE -- granary/node:latest datanode
expect_one_line GRANARY_ZOOKEEPER -- -e GRANARY_NAMENODE=namenode granary/node:latest regionserver
expect_one_line GRANARY_REPLICATION -- -e GRANARY_NAMENODE=namenode -e GRANARY_REPLICATION=three granary/node:latest datanode
expect_one_line GRANARY_DB_URL -- granary/control-plane:latest
expect_one_line GRANARY_TLS -- -e GRANARY_DB_URL=jdbc:postgresql://postgres/granary -e GRANARY_TLS=sometimes granary/control-plane:latest
expect_one_line GRANARY_TLS_CERT -- -e GRANARY_DB_URL=jdbc:postgresql://postgres/granary -e GRANARY_TLS=files granary/control-plane:latest

# ---- first start
t0=$(date +%s%N)
drive up --timeout 600
up1=$(secs "$t0")
first="$("$PY" tools/docker/smoke_api.py first)"
echo "  $first"
rss="$($ENGINE stats --no-stream --format '{{.Name}} {{.MemUsage}}' 2>/dev/null | grep "^$PROJECT-" || true)"

# ---- down (data kept), up again
t0=$(date +%s%N)
drive down | tee "$OUT/down.log"
down1=$(secs "$t0")
if grep -q "exit 137" "$OUT/down.log"; then
  echo "smoke: FAILED: a container did not stop on SIGTERM within its grace period" >&2; exit 1
fi
t0=$(date +%s%N)
drive up --timeout 600
up2=$(secs "$t0")
again="$("$PY" tools/docker/smoke_api.py again)"
echo "  $again"

# ---- down -v: nothing left
drive down -v
left="$($ENGINE ps -a --filter "label=com.docker.compose.project=$PROJECT" --format '{{.Names}}')"
vols="$($ENGINE volume ls --filter "label=com.docker.compose.project=$PROJECT" --format '{{.Name}}')"
nets="$($ENGINE network ls --filter "name=${PROJECT}_default" --format '{{.Name}}')"
[ -z "$left$vols$nets" ] || { echo "smoke: FAILED: left behind: $left $vols $nets" >&2; exit 1; }
trap - EXIT

cat > "$OUT/compose.json" <<EOF
{"firstUpSeconds": $up1, "downSeconds": $down1, "secondUpSeconds": $up2,
 "first": $first, "again": $again,
 "images": $(cat "$OUT/images.json")}
EOF
printf 'compose: first up %.0f s, down %.0f s, up again %.0f s; nothing left after down -v\n' "$up1" "$down1" "$up2"
printf '%s\n' "$rss" > "$OUT/rss.txt"
if [ $BENCH = 1 ]; then
  "$PY" tools/docker/report.py "$OUT/compose.json" "$OUT/rss.txt" docs/benchmarks/docker
fi
echo "compose smoke: ok"
