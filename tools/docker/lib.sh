# Shared by tools/docker/*.sh: which engine builds and runs the images, with the flags this
# kind of machine needs (../shared/reference/docker: runc, chroot isolation for builds, rlimits at
# or below the hard limit), and the Debian base image made from packages when no registry answers.

if command -v podman >/dev/null; then
  ENGINE=podman
  export GRANARY_OCI_RUNTIME="${GRANARY_OCI_RUNTIME:-runc}"
  # --format docker: OCI images drop HEALTHCHECK
  BUILD=(podman build --isolation=chroot --network=host --format docker)
elif command -v docker >/dev/null && docker info >/dev/null 2>&1; then
  ENGINE=docker
  BUILD=(docker build)
else
  echo "docker: neither podman nor a running Docker engine; run tools/docker/deps.sh (Debian: podman)" >&2
  exit 1
fi

BASE_IMAGE=docker.io/library/debian:bookworm-slim

BASE_SECONDS=0
base_image() {
  if $ENGINE image exists "$BASE_IMAGE" 2>/dev/null || $ENGINE image inspect "$BASE_IMAGE" >/dev/null 2>&1; then
    return
  fi
  [ "$ENGINE" = podman ] || { echo "docker: $BASE_IMAGE is missing and docker pulls it itself" >&2; return; }
  local mirror rootfs t0
  mirror="$(sed -n 's/^URIs: *//p' /etc/apt/sources.list.d/debian.sources 2>/dev/null | head -n1)"
  mirror="${mirror:-$(awk '$1=="deb"{print $2; exit}' /etc/apt/sources.list 2>/dev/null)}"
  [ -n "$mirror" ] || { echo "docker: no Debian mirror found in apt's sources for debootstrap" >&2; exit 1; }
  rootfs="$(mktemp -d /tmp/granary-rootfs.XXXXXX)"
  t0=$(date +%s)
  echo "docker: making $BASE_IMAGE from Debian packages (debootstrap, $mirror)"
  debootstrap --variant=minbase bookworm "$rootfs" "$mirror" > var/docker/debootstrap.log 2>&1 \
    || { tail -20 var/docker/debootstrap.log >&2; rm -rf "$rootfs"; exit 1; }
  rm -rf "$rootfs"/var/cache/apt/archives/*.deb "$rootfs"/var/lib/apt/lists/*
  tar -C "$rootfs" -c . | podman import --quiet - "$BASE_IMAGE" >/dev/null
  rm -rf "$rootfs"
  BASE_SECONDS=$(( $(date +%s) - t0 ))
  echo "docker: $BASE_IMAGE imported in $BASE_SECONDS s"
}

# compose: docker compose where a Docker engine runs, else this project's driver over podman
compose() {
  if [ "$ENGINE" = docker ] && docker compose version >/dev/null 2>&1; then
    docker compose -f "$ROOT/docker/compose.yml" "$@"
  else
    "$ROOT/var/docker-venv/bin/python" "$ROOT/tools/docker/compose.py" -f "$ROOT/docker/compose.yml" "$@"
  fi
}
