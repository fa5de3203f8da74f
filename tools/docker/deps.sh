#!/usr/bin/env bash
# Installs what the image builds and the compose test need: podman with runc, netavark and
# aardvark-dns (service names resolve between containers), iptables (published ports), debootstrap
# (the base image from Debian packages), and var/docker-venv (PyYAML, hadolint, check-jsonschema).
# Idempotent: does nothing when everything is present.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"

need=()
for p in podman runc netavark aardvark-dns iptables debootstrap uidmap; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || need+=("$p")
done
if [ ${#need[@]} -gt 0 ] && ! { command -v docker >/dev/null && docker info >/dev/null 2>&1; }; then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  echo "docker deps: installing ${need[*]}"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi

VENV="$ROOT/var/docker-venv"
REQ="$ROOT/tools/docker/requirements.txt"
want="$(sha256sum "$REQ" | cut -d' ' -f1)"
if [ ! -x "$VENV/bin/hadolint" ] || [ "$(cat "$VENV/.requirements.sha256" 2>/dev/null)" != "$want" ]; then
  rm -rf "$VENV"
  python3 -m venv "$VENV"
  "$VENV/bin/pip" install -q --disable-pip-version-check -r "$REQ"
  echo "$want" > "$VENV/.requirements.sha256"
fi
