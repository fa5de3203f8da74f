#!/usr/bin/env bash
# Creates var/ansible-venv (Python 3.12) with ansible/requirements.txt and prints its path.
# Idempotent: when the venv already holds exactly these requirements, it touches nothing.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
VENV="${GRANARY_ANSIBLE_VENV:-$ROOT/var/ansible-venv}"
REQ="$ROOT/ansible/requirements.txt"
STAMP="$VENV/.requirements.sha256"

want="$(sha256sum "$REQ" | cut -d' ' -f1)"
if [ -x "$VENV/bin/ansible-playbook" ] && [ "$(cat "$STAMP" 2>/dev/null)" = "$want" ]; then
  echo "$VENV"
  exit 0
fi

# ansible-core 2.21 needs Python >= 3.12; pyenv's is preferred, then one on PATH.
find_python() {
  local p
  if command -v pyenv >/dev/null 2>&1 || [ -x "${PYENV_ROOT:-$HOME/.pyenv}/bin/pyenv" ]; then
    for p in "${PYENV_ROOT:-$HOME/.pyenv}"/versions/3.12*/bin/python3.12; do
      [ -x "$p" ] && { echo "$p"; return; }
    done
  fi
  for p in python3.12 python3.13 python3; do
    if command -v "$p" >/dev/null 2>&1 &&
      "$p" -c 'import sys; sys.exit(0 if sys.version_info >= (3, 12) else 1)' 2>/dev/null; then
      command -v "$p"; return
    fi
  done
  return 1
}
py="$(find_python)" || {
  echo "ansible-venv: no Python >= 3.12 found (pyenv 3.12.x or python3.12 on PATH); ansible-core 2.21 needs it" >&2
  exit 1
}

# A venv on another interpreter or from an older requirements file is rebuilt, not patched.
if [ -x "$VENV/bin/python" ] && ! "$VENV/bin/python" -c 'import sys; sys.exit(0 if sys.version_info >= (3, 12) else 1)'; then
  rm -rf "$VENV"
fi
[ -x "$VENV/bin/python" ] || "$py" -m venv "$VENV" >&2
"$VENV/bin/python" -m pip install -q --disable-pip-version-check -r "$REQ" >&2
echo "$want" > "$STAMP"
echo "$VENV"
