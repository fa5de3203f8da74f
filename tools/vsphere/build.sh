#!/usr/bin/env bash
# Builds the vSphere tools into var/gobin/ (gitignored): `vcsim` (govmomi v0.52.0's simulator,
# tools/vsphere/vcsim) and `govc` (govmomi v0.56.0's CLI, tools/vsphere/govc). Each is rebuilt only
# when the hash of its inputs (its directory's go.mod, go.sum and *.go, this script, `go version`)
# differs from the stamp beside the binary; otherwise it says so and touches nothing.
# Modules come from the Go module proxy (GOPROXY). Prints the directory of the binaries last.
set -euo pipefail

HERE="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
GOBIN_DIR="${GRANARY_GOBIN:-$ROOT/var/gobin}"
mkdir -p "$GOBIN_DIR"

command -v go >/dev/null 2>&1 || { echo "vsphere-tools: go not found on PATH (Go >= 1.25 builds govmomi)" >&2; exit 1; }
GOVERSION="$(go version)"

# build NAME VERSION: tools/vsphere/NAME -> $GOBIN_DIR/NAME
build() {
  local name="$1" govmomi="$2" src="$HERE/$1" bin="$GOBIN_DIR/$1" stamp="$GOBIN_DIR/.$1.sha256" want start
  want="$( (cd "$src" && cat go.mod go.sum ./*.go; cat "$HERE/build.sh"; echo "$GOVERSION") | sha256sum | cut -d' ' -f1)"
  if [ -x "$bin" ] && [ "$(cat "$stamp" 2>/dev/null)" = "$want" ]; then
    echo "vsphere-tools: $name up to date ($bin, govmomi $govmomi)" >&2
    return
  fi
  start=$(date +%s)
  echo "vsphere-tools: building $name (govmomi $govmomi) -> $bin ..." >&2
  # build to a temporary name so an interrupted build never leaves a half binary behind the stamp
  (cd "$src" && go build -trimpath -ldflags "-s -w -X github.com/vmware/govmomi/cli/flags.BuildVersion=$govmomi" \
    -o "$bin.tmp.$$" .)
  mv -f "$bin.tmp.$$" "$bin"
  echo "$want" > "$stamp"
  echo "vsphere-tools: built $name in $(( $(date +%s) - start )) s" >&2
}

build vcsim v0.52.0
build govc v0.56.0
echo "$GOBIN_DIR"
