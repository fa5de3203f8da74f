#!/usr/bin/env bash
# make compose-up / compose-down: docker/compose.yml with `docker compose` where a Docker engine
# runs, else with tools/docker/compose.py over podman (same file).
#   tools/docker/compose.sh up|down [-v]|ps
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$ROOT"
. tools/docker/lib.sh
cmd="${1:?usage: compose.sh up|down [-v]|ps}"
shift
if [ "$cmd" = up ] && [ "$ENGINE" = docker ]; then
  set -- -d --wait "$@"
fi
compose "$cmd" "$@"
if [ "$cmd" = up ]; then
  echo "console: http://${GRANARY_PUBLISH:-127.0.0.1}:${GRANARY_CONSOLE_PORT:-8080} (NameNode UI :${GRANARY_NAMENODE_WEB_PORT:-9870}, HMaster UI :${GRANARY_MASTER_WEB_PORT:-16010})"
  if [ -z "${GRANARY_ADMIN_PASSWORD:-}" ]; then
    echo "admin's first password: $ENGINE exec granary-control-plane-1 cat /var/lib/granary/initial-admin-password"
  fi
fi
