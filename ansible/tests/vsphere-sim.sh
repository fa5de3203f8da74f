#!/usr/bin/env bash
# vsphere_vms.yml and vsphere_destroy.yml against govmomi's vCenter simulator (var/gobin/vcsim on
# 127.0.0.1:33443, 2 datastores, a login with a realistic password), read back with govc, never
# through the playbooks. Sequence: a wrong password creates nothing; 3 workers + 1 master from a
# vmxnet3 template (timed), every setting read back; a re-run reports changed=0; a destroy without
# the confirmation refuses; a destroy leaves no VM, rule or folder (and a second one changes
# nothing); a run that fails half-way (one VM's datastore missing: the other VMs finish, the rule and
# power-on wait) is completed by a corrected re-run.
# Timings in var/vsphere-sim/timings.json. `make test-vsphere`; a stage of `make test`.
set -euo pipefail
ANSIBLE_DIR="$(cd "$(dirname "$0")/.." && pwd)"
ROOT="$(cd "$ANSIBLE_DIR/.." && pwd)"
VENV="$("$ROOT/tools/ansible-venv.sh")"
GOBIN_DIR="$("$ROOT/tools/vsphere/build.sh")"
OUT="$ROOT/var/vsphere-sim"
PORT="${VSPHERE_SIM_PORT:-33443}"          # tests keep to 33400-33499
VC_USER=administrator@vsphere.local
VC_PASS='Gr4nary-vcsim!2026'                 # realistic: a short one gets no_log-masked all over the output
CLUSTER=vm1
FOLDER=/DC0/vm/granary/$CLUSTER
WORKERS=(vm1-worker-1 vm1-worker-2 vm1-worker-3)
ALL_VMS=("${WORKERS[@]}" vm1-master-1)

rm -rf "$OUT"
mkdir -p "$OUT"
t0=$(date +%s)
step() { printf '\n== %s\n' "$*"; }
fail() { echo "vsphere-sim: FAILED: $*" >&2; exit 1; }

# ---- simulator -------------------------------------------------------------------------------
if (exec 3<>"/dev/tcp/127.0.0.1/$PORT") 2>/dev/null; then
  fail "127.0.0.1:$PORT is already in use (VSPHERE_SIM_PORT picks another in 33400-33499)"
fi
"$GOBIN_DIR/vcsim" -listen "127.0.0.1:$PORT" -username "$VC_USER" -password "$VC_PASS" \
  -ds 2 -vm 0 -api-version 8.0.3.0 > "$OUT/vcsim.log" 2>&1 &
SIM_PID=$!
stop_sim() { kill "$SIM_PID" 2>/dev/null && wait "$SIM_PID" 2>/dev/null; true; }
trap stop_sim EXIT
for _ in $(seq 1 100); do grep -q VCSIM_URL "$OUT/vcsim.log" && break; sleep 0.1; done
grep -q VCSIM_URL "$OUT/vcsim.log" || { cat "$OUT/vcsim.log" >&2; fail "vcsim did not start"; }
echo "vcsim: $(head -n1 "$OUT/vcsim.log") (pid $SIM_PID)"

export GOVC_URL="https://127.0.0.1:$PORT/sdk" GOVC_USERNAME="$VC_USER" GOVC_PASSWORD="$VC_PASS" \
  GOVC_INSECURE=1 GOVC_DATACENTER=DC0
govc() { "$GOBIN_DIR/govc" "$@"; }

# ---- template: vcsim's stock VMs have an e1000 NIC on a distributed port group, so build a golden
# VM with a vmxnet3 NIC on "VM Network" and a paravirtual SCSI controller, then make it a template
step "template granary-template (vmxnet3, pvscsi) with govc"
govc vm.create -on=false -c 2 -m 2048 -g debian12_64Guest -net "VM Network" -net.adapter vmxnet3 \
  -disk.controller pvscsi -disk 10GB -ds LocalDS_0 -host DC0_C0_H0 -folder /DC0/vm granary-template
govc vm.markastemplate granary-template

# ---- the variables file provisioning renders (ADR 0015) --------------------------------------
# write_vars FILE [DATASTORE_OF_WORKER_3]
write_vars() {
  local ds3="${2:-LocalDS_1}" i host
  {
    cat <<EOF
granary_cluster: $CLUSTER
granary_vcenter: {hostname: 127.0.0.1, port: $PORT, username: $VC_USER, validate_certs: false,
                  datacenter: DC0, cluster: DC0_C0, resource_pool: null, folder: $FOLDER,
                  template: granary-template}
granary_drs_rule: {name: $CLUSTER-workers, vms: [${WORKERS[0]}, ${WORKERS[1]}, ${WORKERS[2]}]}
granary_guest_map: {vm1-worker-1: 10.20.0.11, vm1-worker-2: 10.20.0.12, vm1-worker-3: 10.20.0.13, vm1-master-1: 10.20.0.10}
granary_vms:
EOF
    for i in 1 2 3; do
      host="DC0_C0_H$((i - 1))"
      cat <<EOF
  - name: vm1-worker-$i
    group: worker
    esxi_host: $host
    rack: /$host
    num_cpus: 8
    cores_per_socket: 8
    memory_mb: 65536
    memory_reservation_lock: true
    cpu_reservation_mhz: 16000
    latency_sensitivity: high
    network: VM Network
    device_type: vmxnet3
    mtu: 1500
    advanced_settings: {ethernet0.ctxPerDev: "1", sched.cpu.latencySensitivity: high}
    disks:
      - {datastore: LocalDS_0, size_gb: 200, type: eagerzeroedthick, controller: 1, unit: 0}
      - {datastore: $([ "$i" = 3 ] && echo "$ds3" || echo LocalDS_1), size_gb: 200, type: eagerzeroedthick, controller: 1, unit: 1}
EOF
    done
    cat <<EOF
  - name: vm1-master-1
    group: master
    esxi_host: DC0_C0_H0
    rack: /DC0_C0_H0
    num_cpus: 4
    cores_per_socket: 4
    memory_mb: 16384
    memory_reservation_lock: true
    cpu_reservation_mhz: 8000
    latency_sensitivity: high
    network: VM Network
    device_type: vmxnet3
    mtu: 1500
    advanced_settings: {ethernet0.ctxPerDev: "1", sched.cpu.latencySensitivity: high}
    disks: []
EOF
  } > "$1"
}
write_vars "$OUT/vsphere.yml"
write_vars "$OUT/vsphere-bad-datastore.yml" LocalDS_9

# play NAME ARGS...: runs a playbook with the simulator's password; log in $OUT/NAME.log, rc in $rc,
# seconds in $secs. REQUESTS_CA_BUNDLE/CURL_CA_BUNDLE make requests ignore verify=False: unset them.
play() {
  local name="$1" start; shift
  start=$(date +%s.%N)
  set +e
  (cd "$ANSIBLE_DIR" && env -u REQUESTS_CA_BUNDLE -u CURL_CA_BUNDLE \
    ANSIBLE_CONFIG="$ANSIBLE_DIR/ansible.cfg" ANSIBLE_HOME="$ROOT/var/ansible-home" \
    ANSIBLE_LOCALHOST_WARNING=false ANSIBLE_INVENTORY_UNPARSED_WARNING=false \
    GRANARY_VCENTER_PASSWORD="${PASSWORD:-$VC_PASS}" \
    "$VENV/bin/ansible-playbook" "$@") > "$OUT/$name.log" 2>&1
  rc=$?
  set -e
  secs=$(awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }')
  printf '%s: rc=%d in %.1f s; changed=%s failed=%s (all hosts)\n' "$name" "$rc" "$secs" "$(recap_sum "$name" changed)" "$(recap_sum "$name" failed)"
}
# recap_sum LOG FIELD: FIELD (changed, failed, ...) summed over the recap's hosts (localhost and the VMs)
recap_sum() { sed -n '/^PLAY RECAP/,$p' "$OUT/$1.log" | grep -oE " $2=[0-9]+" | cut -d= -f2 | awk '{ s += $1 } END { print s + 0 }'; }
recap_changed() { recap_sum "$1" changed; }
vms_in_sim() { govc find / -type m -name 'vm1-*' 2>/dev/null | sort; }

# ---- a wrong password: a clear message, nothing created ----------------------------------------
step "wrong password"
PASSWORD='Not-the-Passw0rd' play wrong-password vsphere_vms.yml -e "@$OUT/vsphere.yml" -e "granary_vms_out=$OUT/vms.json"
[ "$rc" -ne 0 ] || fail "a wrong password did not fail the run"
grep -q 'vcenter-auth: vCenter 127.0.0.1:'"$PORT"' refused the login of '"$VC_USER" "$OUT/wrong-password.log" ||
  { tail -20 "$OUT/wrong-password.log"; fail "no vcenter-auth message"; }
[ -z "$(vms_in_sim)" ] && [ -z "$(govc find /DC0/vm -type f -name granary)" ] ||
  fail "the wrong-password run created something"
[ ! -e "$OUT/vms.json" ] || fail "the wrong-password run wrote vms.json"
echo "ok: $(grep -o 'vcenter-auth: [^(]*' "$OUT/wrong-password.log" | head -n1)"

# ---- create ---------------------------------------------------------------------------------
step "vsphere_vms.yml: 3 workers + 1 master"
play create vsphere_vms.yml -e "@$OUT/vsphere.yml" -e "granary_vms_out=$OUT/vms.json"
[ "$rc" -eq 0 ] || { tail -30 "$OUT/create.log"; fail "vsphere_vms.yml failed"; }
create_secs=$secs

step "read back with govc"
"$VENV/bin/python" - "$OUT" "$FOLDER" "$GOBIN_DIR/govc" <<'PY'
import json, subprocess, sys
out, folder, govc = sys.argv[1:4]
def g(*args):
    return subprocess.run([govc, *args], check=True, capture_output=True, text=True).stdout
want = {f"vm1-worker-{i}": dict(cpu=8, mem=65536, res=16000, host=f"DC0_C0_H{i-1}", ds=["LocalDS_0", "LocalDS_1"],
                                addr=f"10.20.0.1{i}") for i in (1, 2, 3)}
want["vm1-master-1"] = dict(cpu=4, mem=16384, res=8000, host="DC0_C0_H0", ds=[], addr="10.20.0.10")
hosts = {h["self"]["value"]: h["name"] for h in json.loads(g("host.info", "-json", "/DC0/host/DC0_C0/*"))["hostSystems"]}
records = {r["name"]: r for r in json.load(open(f"{out}/vms.json"))}
assert set(records) == set(want), f"vms.json names {sorted(records)}"
for name, w in want.items():
    path = f"{folder}/{name}"
    vm = json.loads(g("vm.info", "-json", "-r", path))["virtualMachines"][0]
    c, rt = vm["config"], vm["runtime"]
    hw = c["hardware"]
    by_key = {d["key"]: d for d in hw["device"]}
    types = dict(line.split()[:2] for line in g("device.ls", "-vm", path).splitlines())  # name -> type
    extra = {o["key"]: o["value"] for o in c.get("extraConfig") or []}
    nics = sorted(t for n, t in types.items() if n.startswith("ethernet-"))
    pvscsi1 = [int(n.split("-")[1]) for n, t in types.items()
               if t == "ParaVirtualSCSIController" and by_key[int(n.split("-")[1])].get("busNumber") == 1]
    disks = [d for d in hw["device"] if d.get("controllerKey") in pvscsi1 and "capacityInKB" in d]
    disk_ds = sorted(d["backing"]["fileName"].split("]")[0].lstrip("[") for d in disks)
    got = dict(cpu=hw["numCPU"], cores=hw["numCoresPerSocket"], mem=hw["memoryMB"],
               nic=nics, latency=c["latencySensitivity"]["level"],
               memlock=c.get("memoryReservationLockedToMax"), cpures=c["cpuAllocation"]["reservation"],
               ctx=extra.get("ethernet0.ctxPerDev"), host=hosts[rt["host"]["value"]], power=rt["powerState"],
               disks=disk_ds, units=sorted(d["unitNumber"] for d in disks),
               sizes=sorted(d["capacityInKB"] // 1024 // 1024 for d in disks),
               thick=[not d["backing"].get("thinProvisioned") and bool(d["backing"].get("eagerlyScrub")) for d in disks])
    problems = [k for k, ok in [("numCPU", got["cpu"] == w["cpu"]), ("coresPerSocket", got["cores"] == w["cpu"]),
                                ("memoryMB", got["mem"] == w["mem"]), ("vmxnet3", got["nic"] == ["VirtualVmxnet3"]),
                                ("latencySensitivity", got["latency"] == "high"), ("memoryReservationLockedToMax", got["memlock"] is True),
                                ("cpuAllocation.reservation", got["cpures"] == w["res"]), ("ethernet0.ctxPerDev", got["ctx"] == "1"),
                                ("host", got["host"] == w["host"]), ("poweredOn", got["power"] == "poweredOn"),
                                ("data disks", got["disks"] == w["ds"]), ("units", got["units"] == list(range(len(w["ds"])))),
                                ("200 GB", all(x == 200 for x in got["sizes"])),
                                ("eagerZeroedThick", all(got["thick"]))]
                if not ok]
    r = records[name]
    if (r["uuid"], r["moid"], r["esxi_host"], r["address"]) != (c["uuid"], vm["self"]["value"], w["host"], w["addr"]):
        problems.append(f"vms.json entry {r}")
    print(f"{name}: {got['cpu']} vCPU ({got['cores']}/socket), {got['mem']} MiB, {','.join(got['nic'])}, latency {got['latency']}, "
          f"memoryReservationLockedToMax {got['memlock']}, cpu reservation {got['cpures']} MHz, on {got['host']}, {got['power']}, "
          f"data disks {got['disks']} units {got['units']}" + (f"  PROBLEMS: {problems}" if problems else ""))
    assert not problems, f"{name}: {problems}"
PY
rules="$(govc cluster.rule.ls -cluster DC0_C0 -l)"
echo "$rules"
grep -qx "$CLUSTER-workers (ClusterAntiAffinityRuleSpec)" <<<"$rules" || fail "no anti-affinity rule $CLUSTER-workers"
rule_vms="$(govc cluster.rule.ls -cluster DC0_C0 -name "$CLUSTER-workers" -l | awk '{print $1}' | sort | tr '\n' ' ')"
[ "$rule_vms" = "vm1-worker-1 vm1-worker-2 vm1-worker-3 " ] || fail "DRS rule $CLUSTER-workers holds '$rule_vms'"
govc object.collect -json /DC0/host/DC0_C0 configurationEx | "$VENV/bin/python" -c '
import json, sys
rules = [r for r in json.load(sys.stdin)[0]["val"]["rule"] if r["name"] == "vm1-workers"]
assert len(rules) == 1 and rules[0]["mandatory"] and rules[0]["enabled"], rules
print("ok: vm1-workers is an enabled, mandatory anti-affinity rule")'

step "re-run: changed=0"
play rerun vsphere_vms.yml -e "@$OUT/vsphere.yml" -e "granary_vms_out=$OUT/vms.json"
[ "$rc" -eq 0 ] && [ "$(recap_changed rerun)" = 0 ] ||
  { grep -E '^(changed|TASK)' "$OUT/rerun.log" | grep -B1 '^changed' ; fail "the re-run changed something"; }
rerun_secs=$secs

# ---- destroy ------------------------------------------------------------------------------
step "vsphere_destroy.yml without the confirmation refuses"
play destroy-unconfirmed vsphere_destroy.yml -e "@$OUT/vsphere.yml"
[ "$rc" -ne 0 ] && grep -q "granary_confirm=$CLUSTER" "$OUT/destroy-unconfirmed.log" || fail "an unconfirmed destroy did not refuse"
play destroy-wrong-name vsphere_destroy.yml -e "@$OUT/vsphere.yml" -e granary_confirm=vm2
[ "$rc" -ne 0 ] || fail "a destroy confirmed with another name did not refuse"
[ "$(vms_in_sim | wc -l)" = 4 ] || fail "an unconfirmed destroy deleted something"
echo "ok: refused, 4 VMs still there"

step "vsphere_destroy.yml"
play destroy vsphere_destroy.yml -e "@$OUT/vsphere.yml" -e granary_confirm=$CLUSTER
[ "$rc" -eq 0 ] || { tail -30 "$OUT/destroy.log"; fail "vsphere_destroy.yml failed"; }
destroy_secs=$secs
check_gone() {
  [ -z "$(vms_in_sim)" ] || fail "VMs left after the destroy: $(vms_in_sim | tr '\n' ' ')"
  [ -z "$(govc find /DC0/vm -type f -name "$CLUSTER")" ] ||
    fail "folder $FOLDER left after the destroy"
  [ -z "$(govc cluster.rule.ls -cluster DC0_C0 2>/dev/null | grep -x "$CLUSTER-workers")" ] || fail "DRS rule left"
  [ "$(govc find /DC0/vm -type m -name granary-template)" = /DC0/vm/granary-template ] || fail "the destroy touched the template"
  echo "ok: no VM, folder or DRS rule left; the template stays"
}
check_gone
play destroy-again vsphere_destroy.yml -e "@$OUT/vsphere.yml" -e granary_confirm=$CLUSTER
[ "$rc" -eq 0 ] && [ "$(recap_changed destroy-again)" = 0 ] || fail "a second destroy failed or changed something"

# ---- a run that fails half-way, then the corrected re-run --------------------------------------
step "vsphere_vms.yml with vm1-worker-3's second datastore missing (LocalDS_9)"
rm -f "$OUT/vms.json"
play failed-midway vsphere_vms.yml -e "@$OUT/vsphere-bad-datastore.yml" -e "granary_vms_out=$OUT/vms.json"
[ "$rc" -ne 0 ] || fail "a missing datastore did not fail the run"
grep -q 'LocalDS_9' "$OUT/failed-midway.log" || fail "the failure does not name the datastore"
midway="$(vms_in_sim | xargs -n1 basename | tr '\n' ' ')"
echo "left by the failed run: $midway"
[ "$midway" = "vm1-master-1 vm1-worker-1 vm1-worker-2 vm1-worker-3 " ] || fail "expected the 4 VMs (worker 3 unfinished) after the failure"
grep -q 'VMs not finished: vm1-worker-3; run vsphere_vms.yml again' "$OUT/failed-midway.log" || fail "the failed run does not name the unfinished VM"
[ "$(govc object.collect -s "$FOLDER/vm1-worker-3" runtime.powerState)" = poweredOff ] || fail "the unfinished VM was powered on"
[ -z "$(govc cluster.rule.ls -cluster DC0_C0 | grep -x "$CLUSTER-workers")" ] || fail "the failed run created the DRS rule"
[ ! -e "$OUT/vms.json" ] || fail "the failed run wrote vms.json"
failed_secs=$secs
step "corrected re-run completes"
play resumed vsphere_vms.yml -e "@$OUT/vsphere.yml" -e "granary_vms_out=$OUT/vms.json"
[ "$rc" -eq 0 ] || { tail -30 "$OUT/resumed.log"; fail "the corrected re-run failed"; }
resumed_secs=$secs
[ "$(vms_in_sim | wc -l)" = 4 ] && [ "$("$VENV/bin/python" -c 'import json,sys; print(len(json.load(open(sys.argv[1]))))' "$OUT/vms.json")" = 4 ] ||
  fail "the corrected re-run did not complete the 4 VMs"
for vm in "${ALL_VMS[@]}"; do
  [ "$(govc object.collect -s "$FOLDER/$vm" runtime.powerState)" = poweredOn ] || fail "$vm not powered on"
done
[ "$(govc device.ls -vm "$FOLDER/vm1-worker-3" | grep -c '^disk-')" = 3 ] || fail "vm1-worker-3 lacks its 2 data disks (beside the template's)"
[ "$(govc cluster.rule.ls -cluster DC0_C0 -name "$CLUSTER-workers" -l | wc -l)" = 3 ] || fail "DRS rule incomplete"
echo "ok: 4 VMs powered on, vm1-worker-3 with 2 data disks, the rule with 3 workers"
play destroy-final vsphere_destroy.yml -e "@$OUT/vsphere.yml" -e granary_confirm=$CLUSTER
[ "$rc" -eq 0 ] || fail "the last destroy failed"
check_gone

total=$(( $(date +%s) - t0 ))
cat > "$OUT/timings.json" <<EOF
{
  "simulator": "govmomi vcsim v0.52.0, 127.0.0.1:$PORT",
  "vms": ${#ALL_VMS[@]},
  "create_seconds": $create_secs,
  "rerun_unchanged_seconds": $rerun_secs,
  "destroy_seconds": $destroy_secs,
  "failed_midway_seconds": $failed_secs,
  "resumed_seconds": $resumed_secs,
  "total_seconds": $total
}
EOF
step "timings (var/vsphere-sim/timings.json)"
printf '  create 4 VMs        %6.1f s\n  re-run (changed=0)  %6.1f s\n  destroy             %6.1f s\n  failed half-way     %6.1f s\n  corrected re-run    %6.1f s\n  total               %6d s\n' \
  "$create_secs" "$rerun_secs" "$destroy_secs" "$failed_secs" "$resumed_secs" "$total"
echo "vsphere-sim: ok"
