#!/usr/bin/env bash
# Makes the pinned API tools venv (var/api-venv, rebuilt only when tools/api/requirements.txt changes)
# and checks that openapi.yaml documents every error response an operation can give
# (tools/api/responses.py). make test runs it before the Java build; fuzz.sh before fuzzing.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
VENV="$ROOT/var/api-venv"
REQ="$ROOT/tools/api/requirements.txt"
want="$(sha256sum "$REQ" | cut -d' ' -f1)"
if [ ! -x "$VENV/bin/st" ] || [ "$(cat "$VENV/.requirements.sha256" 2>/dev/null)" != "$want" ]; then
  rm -rf "$VENV"
  python3 -m venv "$VENV"
  "$VENV/bin/python" -m pip install -q --disable-pip-version-check -r "$REQ"
  echo "$want" > "$VENV/.requirements.sha256"
fi
"$VENV/bin/python" "$ROOT/tools/api/responses.py" --check "$ROOT/backend/openapi/openapi.yaml"
