#!/usr/bin/env bash
# Builds granary/node and granary/control-plane (and, for the tests, postgres:15 from Debian's
# package) with podman, or docker where that is what exists. An image is rebuilt only when the
# hash of its inputs changed: the base image, the Dockerfile and scripts, and the sources the
# copied artifacts are built from (built jars differ byte-wise on every build, their sources do
# not); the hash is the image's label granary.input-hash. Writes var/docker/images.json.
#   tools/docker/images.sh [--no-test-images]
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$ROOT"
. tools/docker/lib.sh

test_images=1
[ "${1:-}" = --no-test-images ] && test_images=0

for need in storage/runtime/target/granary-node/bin/granary-node storage/bench/target/granary-bench \
    frontend/dist/index.html; do
  [ -e "$need" ] || { echo "images: $need is missing; run 'make build' first" >&2; exit 1; }
done
ls backend/target/granary-backend-*.jar >/dev/null 2>&1 || { echo "images: the backend jar is missing; run 'make build' first" >&2; exit 1; }

# No registry is reachable here: the base the Dockerfiles name comes from Debian's packages.
mkdir -p var/docker
base_image
summary=("{\"image\": \"$BASE_IMAGE\", \"bytes\": $($ENGINE image inspect --format '{{ .Size }}' "$BASE_IMAGE"), \"buildSeconds\": $BASE_SECONDS, \"inputHash\": \"debootstrap\"}")

hash_of() {  # the inputs' content, in a stable order: tracked files only (not build output or
  # files generated from other inputs), or every file outside a git checkout
  { $ENGINE image inspect --format '{{ .Id }}' "$BASE_IMAGE"
    if git rev-parse --git-dir >/dev/null 2>&1; then
      git ls-files -z -- "$@" | sort -z | xargs -0 sha256sum
    else
      find "$@" -type f -print0 | sort -z | xargs -0 sha256sum
    fi; } | sha256sum | cut -c1-16
}

build() {  # build NAME DOCKERFILE INPUTS...
  local name="$1" file="$2"; shift 2
  local want have t0 secs
  want="$(hash_of "$file" "$@")"
  have="$($ENGINE image inspect --format '{{ index .Config.Labels "granary.input-hash" }}' "$name" 2>/dev/null || true)"
  if [ "$want" = "$have" ]; then
    echo "images: $name is up to date ($want)"
    secs=0
  else
    echo "images: building $name (inputs $want)"
    t0=$(date +%s)
    "${BUILD[@]}" --label "granary.input-hash=$want" -t "$name" -f "$file" . > "var/docker/build-${name//[\/:]/_}.log" 2>&1 \
      || { tail -30 "var/docker/build-${name//[\/:]/_}.log" >&2; echo "images: building $name failed" >&2; exit 1; }
    secs=$(( $(date +%s) - t0 ))
  fi
  local size
  size="$($ENGINE image inspect --format '{{ .Size }}' "$name")"
  summary+=("{\"image\": \"$name\", \"bytes\": $size, \"buildSeconds\": $secs, \"inputHash\": \"$want\"}")
  printf 'images: %-32s %6d MB  built in %d s\n' "$name" $(( size / 1000000 )) "$secs"
}

build granary/node:latest docker/node/Dockerfile docker/node/entrypoint.sh docker/node/healthcheck.sh \
  pom.xml storage/client/pom.xml storage/client/src storage/runtime/pom.xml storage/runtime/src
build granary/control-plane:latest docker/control-plane/Dockerfile docker/control-plane/entrypoint.sh \
  pom.xml storage/client/pom.xml storage/client/src storage/bench/pom.xml storage/bench/src backend/pom.xml \
  backend/src/main backend/openapi frontend/package-lock.json frontend/index.html frontend/vite.config.ts \
  frontend/src frontend/public
if [ $test_images = 1 ] && [ "$ENGINE" = podman ]; then
  build docker.io/library/postgres:15 docker/test/postgres/Dockerfile docker/test/postgres/entrypoint.sh
fi
(IFS=,; echo "[${summary[*]}]") > var/docker/images.json
