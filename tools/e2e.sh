#!/usr/bin/env bash
# Runs the console's Playwright suite against a real stack made for it: its own local cluster (HA),
# its own control plane (fresh database, known admin password) and Debian's Chromium.
# Everything it starts is stopped by PID on exit, pass or fail. Arguments go to Playwright
# (e.g. tools/e2e.sh specs/07-compactions.spec.ts).
# With Go (tools/vsphere/build.sh) it also runs govmomi's vCenter simulator on 127.0.0.1 (ports
# 24900-24999) with a template, and maps spec 15's VMs to lab hosts 5-7 (the test-only guest map),
# so the vSphere spec creates VMs in the simulator and installs on those lab hosts.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
NODE="$ROOT/storage/runtime/target/granary-node/bin/granary-node"
E2E="${GRANARY_E2E_DIR:-$ROOT/var/e2e}"
CLUSTER="$E2E/cluster"
DATA="$E2E/control-plane"
PORT="${GRANARY_E2E_PORT:-18080}"
PORT_BASE="${GRANARY_E2E_PORT_BASE:-24000}"
PASSWORD="e2e-$(head -c 12 /dev/urandom | od -An -tx1 | tr -d ' \n')"
# vCenter simulator for spec 15: a realistic login (a short password gets masked all over Ansible's output)
VCSIM_PORT="${GRANARY_E2E_VCSIM_PORT:-24943}"   # keep within 24900-24999
VCSIM_USER=administrator@vsphere.local
VCSIM_PASSWORD="Gr4nary-e2e!$(head -c 4 /dev/urandom | od -An -tx1 | tr -d ' \n')"
VSPHERE_CLUSTER=e2e-vm                          # spec 15's cluster: VMs e2e-vm-master-1, e2e-vm-worker-1..2
VSPHERE_LAB_HOSTS=(5 6 7)                       # lab hosts those VMs map to (10: 1-3, 14: 4)
GUEST_MAP="$E2E/vsphere-guest-map.json"
VCSIM_PID=""

backend() { GRANARY_DATA_DIR="$DATA" GRANARY_LOCAL_DIR="$CLUSTER" GRANARY_PORT="$PORT" "$ROOT/tools/backend.sh" "$@"; }
LAB_UP=""
stop_vcsim() {   # by PID, only while it is still the simulator we started
  if [ -n "$VCSIM_PID" ] && tr '\0' ' ' < "/proc/$VCSIM_PID/cmdline" 2>/dev/null | grep -q vcsim; then
    kill "$VCSIM_PID" 2>/dev/null || true
    for _ in $(seq 1 50); do kill -0 "$VCSIM_PID" 2>/dev/null || break; sleep 0.1; done
  fi
  VCSIM_PID=""
}
cleanup() {
  stop_vcsim
  backend stop >/dev/null 2>&1 || true
  "$NODE" local down --dir "$CLUSTER" >/dev/null 2>&1 || true
  if [ -n "$LAB_UP" ]; then "$ROOT/tools/lab/lab.sh" down >/dev/null 2>&1 || true; fi
}
trap cleanup EXIT
mkdir -p "$ROOT/var"
TIMES="$ROOT/var/e2e-stage-times.txt"
: > "$TIMES"

cleanup
rm -rf "$E2E"   # fresh database: the admin password applies at first start only
# highly available, so every spec runs through the nameservice and the quorum, and the HA spec can fail over
"$NODE" local up --ha --metrics --dir "$CLUSTER" --port-base "$PORT_BASE"

# vCenter simulator with a vmxnet3 template (spec 15); without Go the spec is skipped and says why
VSPHERE_ENV=()
# built binaries serve when Go is missing (GRANARY_GOBIN as build.sh)
GOBIN_DIR="$("$ROOT/tools/vsphere/build.sh" 2>"$ROOT/var/e2e-vsphere-build.log")" ||
  GOBIN_DIR="${GRANARY_GOBIN:-$ROOT/var/gobin}"
if [ -x "$GOBIN_DIR/vcsim" ] && [ -x "$GOBIN_DIR/govc" ]; then
  mkdir -p "$E2E"
  if (exec 3<>"/dev/tcp/127.0.0.1/$VCSIM_PORT") 2>/dev/null; then
    echo "e2e: 127.0.0.1:$VCSIM_PORT is in use (GRANARY_E2E_VCSIM_PORT picks another in 24900-24999)" >&2
    exit 1
  fi
  "$GOBIN_DIR/vcsim" -listen "127.0.0.1:$VCSIM_PORT" -username "$VCSIM_USER" -password "$VCSIM_PASSWORD" \
    -ds 2 -vm 0 -api-version 8.0.3.0 > "$E2E/vcsim.log" 2>&1 &
  VCSIM_PID=$!
  for _ in $(seq 1 100); do grep -q VCSIM_URL "$E2E/vcsim.log" && break; sleep 0.1; done
  grep -q VCSIM_URL "$E2E/vcsim.log" || { cat "$E2E/vcsim.log" >&2; echo "e2e: vcsim did not start" >&2; exit 1; }
  # the golden VM the wizard clones: vmxnet3 on "VM Network", paravirtual SCSI, then a template
  GOVC_URL="https://127.0.0.1:$VCSIM_PORT/sdk" GOVC_USERNAME="$VCSIM_USER" GOVC_PASSWORD="$VCSIM_PASSWORD" \
    GOVC_INSECURE=1 GOVC_DATACENTER=DC0 sh -c '
      "$0" vm.create -on=false -c 2 -m 2048 -g debian12_64Guest -net "VM Network" -net.adapter vmxnet3 \
        -disk.controller pvscsi -disk 10GB -ds LocalDS_0 -host DC0_C0_H0 -folder /DC0/vm granary-template &&
      "$0" vm.markastemplate granary-template' "$GOBIN_DIR/govc" > "$E2E/vcsim-template.log" 2>&1 ||
    { cat "$E2E/vcsim-template.log" >&2; echo "e2e: could not make the simulator's template" >&2; exit 1; }
  export GRANARY_GOVC="$GOBIN_DIR/govc"
  # read at each vsphere_install run; written below once the lab's addresses are known
  GRANARY_JAVA_OPTS="${GRANARY_JAVA_OPTS:-} -Dgranary.provisioning.vsphere-guest-map=$GUEST_MAP"
  export GRANARY_JAVA_OPTS
  VSPHERE_ENV=(GRANARY_VCENTER_URL="https://127.0.0.1:$VCSIM_PORT/sdk" GRANARY_VCENTER_USER="$VCSIM_USER"
    GRANARY_VCENTER_PASSWORD="$VCSIM_PASSWORD" GRANARY_VSPHERE_CLUSTER="$VSPHERE_CLUSTER"
    GRANARY_VSPHERE_GUEST_MAP="$GUEST_MAP")
else
  echo "e2e: no vSphere tools (see var/e2e-vsphere-build.log): spec 15 is skipped" >&2
fi

# heatmap samples every 5 s instead of every minute, so the tables spec sees cells within seconds
GRANARY_ADMIN_PASSWORD="$PASSWORD" GRANARY_REGION_SAMPLE_INTERVAL=5s backend start

# lab hosts (network namespaces; needs root): spec 10 installs onto the first 3, spec 14 scales
# out to the 4th and back in (a scale-in from 3 DataNodes is refused by replication 3), spec 15's
# VMs are hosts 5-7 (about 1 GB of memory each once installed)
if [ -z "${GRANARY_LAB_HOSTS:-}" ] && [ "$(id -u)" -eq 0 ]; then
  LAB_UP=1
  "$ROOT/tools/lab/lab.sh" up 7 >/dev/null
  export GRANARY_LAB_HOSTS="$ROOT/var/lab/hosts.json"
fi
# the test-only guest map: spec 15's VM names -> lab hosts 5-7 (vcsim's guests never boot)
if [ ${#VSPHERE_ENV[@]} -gt 0 ] && [ -n "${GRANARY_LAB_HOSTS:-}" ]; then
  if python3 - "$GRANARY_LAB_HOSTS" "$VSPHERE_CLUSTER" "${VSPHERE_LAB_HOSTS[@]}" > "$GUEST_MAP" <<'PY'
import json, sys
hosts, cluster, picks = json.load(open(sys.argv[1])), sys.argv[2], [int(i) for i in sys.argv[3:]]
if len(hosts) < max(picks):
    sys.exit(f"e2e: the lab has {len(hosts)} hosts; spec 15 maps its VMs to hosts {picks}")
names = [f"{cluster}-master-1"] + [f"{cluster}-worker-{n}" for n in range(1, len(picks))]
print(json.dumps({name: hosts[i - 1]["address"] for name, i in zip(names, picks)}))
PY
  then :; else rm -f "$GUEST_MAP"; fi
fi

# sub-stage times for tools/test.sh's summary
stage() {
  local name="$1" start rc
  shift
  start=$(date +%s)
  "$@"
  rc=$?
  echo "$name $(( $(date +%s) - start )) $rc" >> "$TIMES"
  return $rc
}

cd "$ROOT/frontend"
set +e
stage playwright env GRANARY_URL="http://127.0.0.1:$PORT" GRANARY_ADMIN_PASSWORD="$PASSWORD" \
  GRANARY_LOCAL_DIR="$CLUSTER" GRANARY_NODE="$NODE" "${VSPHERE_ENV[@]}" CI=true npm run e2e -- "$@"
ui=$?
python3 "$ROOT/tools/failures.py" --flaky "$ROOT/frontend/test-results/e2e.json" || true
# the API fuzzer runs last, on the same stack: it registers clusters and users the specs must not see.
# Running one spec (arguments given) skips it; GRANARY_E2E_FUZZ=0 skips it too.
api=0
if [ $# -eq 0 ] && [ "${GRANARY_E2E_FUZZ:-1}" != 0 ]; then
  stage api-fuzz env GRANARY_URL="http://127.0.0.1:$PORT" GRANARY_ADMIN_PASSWORD="$PASSWORD" \
    GRANARY_FUZZ_DIR="$ROOT/var/fuzz" "$ROOT/tools/api/fuzz.sh"
  api=$?
fi
set -e
stop_vcsim
[ $ui -eq 0 ] && [ $api -eq 0 ]
