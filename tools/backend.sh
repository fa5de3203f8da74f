#!/usr/bin/env bash
# Starts/stops the Granary control plane (backend + console) in the background, by PID.
#   tools/backend.sh start|stop|status
# env: GRANARY_DATA_DIR (default var/control-plane), GRANARY_LOCAL_DIR (default var/local-cluster),
#      GRANARY_PORT (default 8080), GRANARY_ADMIN_PASSWORD (first start only), GRANARY_TLS and
#      GRANARY_TLS_PORT (HTTPS, docs/operations/control-plane.md),
#      GRANARY_JAVA_OPTS (extra JVM options, e.g. -Dgranary.tables.sample-interval=5s),
#      GRANARY_MAIN + GRANARY_EXTRA_CLASSES (a benchmark's test-scope entry point: start class
#      GRANARY_MAIN from the classes directory GRANARY_EXTRA_CLASSES on top of the jar)
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
DATA="${GRANARY_DATA_DIR:-$ROOT/var/control-plane}"
LOCAL="${GRANARY_LOCAL_DIR:-$ROOT/var/local-cluster}"
PORT="${GRANARY_PORT:-8080}"
JAR_BUILT="$ROOT/backend/target/granary-backend-0.1.0-SNAPSHOT.jar"
# run from a copy: a rebuild must never replace classes under the running JVM
JAR="$DATA/granary-backend.jar"
PID_FILE="$DATA/backend.pid"
LOG="$DATA/backend.log"
URL="http://127.0.0.1:$PORT"

running() {
  [ -f "$PID_FILE" ] || return 1
  local pid; pid=$(cat "$PID_FILE")
  [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null && tr '\0' ' ' < "/proc/$pid/cmdline" | grep -q -- "$JAR"
}

credentials() {
  if [ -f "$DATA/initial-admin-password" ]; then
    echo "  sign in as admin / $(cat "$DATA/initial-admin-password")   (from $DATA/initial-admin-password)"
  elif [ -n "${GRANARY_ADMIN_PASSWORD:-}" ]; then
    echo "  sign in as admin with GRANARY_ADMIN_PASSWORD"
  else
    echo "  sign in as admin with the password set at first start"
  fi
}

start() {
  if running; then
    echo "control plane already running (pid $(cat "$PID_FILE")): $URL"
    credentials
    return 0
  fi
  [ -f "$JAR_BUILT" ] || { echo "backend not built: run make build" >&2; exit 1; }
  mkdir -p "$DATA"
  cp "$JAR_BUILT" "$JAR.tmp" && mv "$JAR.tmp" "$JAR"
  local web="$ROOT/frontend/dist"
  [ -f "$web/index.html" ] || echo "note: $web/index.html missing; the API runs, the console page will not" >&2
  export GRANARY_DATA_DIR="$DATA" GRANARY_LOCAL_DIR="$LOCAL" GRANARY_PORT="$PORT" GRANARY_WEB_DIR="file:$web/"
  export GRANARY_BENCH_HOME="${GRANARY_BENCH_HOME:-$ROOT/storage/bench/target/granary-bench}"
  export GRANARY_ANSIBLE_PLAYBOOK="${GRANARY_ANSIBLE_PLAYBOOK:-$ROOT/var/ansible-venv/bin/ansible-playbook}" \
    GRANARY_ANSIBLE_DIR="${GRANARY_ANSIBLE_DIR:-$ROOT/ansible}" \
    GRANARY_DIST_SOURCE="${GRANARY_DIST_SOURCE:-$ROOT/storage/runtime/target/granary-node}"
  local launch=(-jar "$JAR")
  if [ -n "${GRANARY_MAIN:-}" ]; then
    # the same jar and libraries, plus the extra classes (Spring Boot's PropertiesLauncher)
    launch=(-Dloader.path="${GRANARY_EXTRA_CLASSES:?GRANARY_EXTRA_CLASSES must name the classes of GRANARY_MAIN}"
      -Dloader.main="$GRANARY_MAIN" -cp "$JAR" org.springframework.boot.loader.launch.PropertiesLauncher)
  fi
  # shellcheck disable=SC2016
  # libhadoop from the engine's distribution: EC conversions encode with its ISA-L coder, checksums natively
  local native="$GRANARY_DIST_SOURCE/native"
  [ -d "$native" ] && launch=("-Djava.library.path=$native" "${launch[@]}")
  setsid bash -c 'echo $$ > "$0"; opts=$1; shift; exec java --add-opens java.base/java.nio=ALL-UNNAMED --add-exports java.security.jgss/sun.security.krb5=ALL-UNNAMED -Xmx512m $opts "$@"' \
    "$PID_FILE" "${GRANARY_JAVA_OPTS:-}" "${launch[@]}" >> "$LOG" 2>&1 < /dev/null &
  local i=0
  until curl -sf -o /dev/null "$URL/api/v1/openapi.yaml"; do
    if ! running && [ $i -gt 10 ]; then
      echo "control plane failed to start; last lines of $LOG:" >&2
      tail -n 20 "$LOG" >&2
      exit 1
    fi
    [ $i -ge 240 ] && { echo "control plane did not answer within 120 s; see $LOG" >&2; stop; exit 1; }
    sleep 0.5; i=$((i + 1))
  done
  # with TLS on (GRANARY_TLS) the plain port redirects: name the HTTPS address
  local to; to="$(curl -s -o /dev/null -w '%{redirect_url}' "$URL/" || true)"
  if [[ "$to" == https://* ]]; then
    echo "control plane up: ${to%/}  (HTTPS; $URL redirects there; log $LOG)"
  else
    echo "control plane up: $URL  (log $LOG)"
  fi
  credentials
}

stop() {
  if ! running; then
    echo "control plane is not running"
    rm -f "$PID_FILE"
    return 0
  fi
  local pid; pid=$(cat "$PID_FILE")
  kill -TERM "$pid"
  for _ in $(seq 1 60); do kill -0 "$pid" 2>/dev/null || break; sleep 0.5; done
  if kill -0 "$pid" 2>/dev/null; then echo "control plane pid $pid did not stop in 30 s; SIGKILL"; kill -KILL "$pid"; fi
  rm -f "$PID_FILE"
  echo "control plane stopped"
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  status) if running; then echo "running (pid $(cat "$PID_FILE")): $URL"; else echo "not running"; exit 3; fi ;;
  *) sed -n '2,8p' "$0"; exit 2 ;;
esac
