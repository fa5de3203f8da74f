#!/usr/bin/env bash
# lab-e2e.sh [--wait-for-lock] - the Ansible roles on a real 3-host lab, end to end:
#   lab up 3 -> install.yml -> create a table, first put, gets -> install.yml again (changed=0)
#   -> install.yml with a changed DataNode JVM option and hbase-site value (exactly the DataNodes,
#   the master and the RegionServers restart, one host at a time) -> lab up 4 + scale_out.yml
#   (4 live DataNodes and RegionServers) -> reset.yml refuses without confirmation, then resets
#   -> lab down -> nothing left.
# Prints the timings and writes them to var/lab-e2e/timings.json. Needs root and a built
# distribution (storage/runtime/target/granary-node). The lab always comes down, also on failure.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
LAB="$ROOT/tools/lab/lab.sh"
OUT="$ROOT/var/lab-e2e"
DIST="$ROOT/storage/runtime/target/granary-node"
HEAVY_LOCK=/tmp/granary-heavy.lock
INV="inventories/lab-example"

[ "${1:-}" = --wait-for-lock ] && WAIT_LOCK=1 || WAIT_LOCK=0
[ "$(id -u)" = 0 ] || { echo "lab-e2e: needs root (network namespaces)" >&2; exit 1; }
[ -x "$DIST/bin/granary-node" ] || { echo "lab-e2e: no distribution at $DIST; run make build first" >&2; exit 1; }

VENV="$("$ROOT/tools/ansible-venv.sh")"
export PATH="$VENV/bin:$PATH" ANSIBLE_CONFIG="$ROOT/ansible/ansible.cfg" ANSIBLE_HOME="$ROOT/var/ansible-home"
export ANSIBLE_FORCE_COLOR=0 ANSIBLE_NOCOLOR=1
mkdir -p "$OUT"
cd "$ROOT/ansible"

now() { date +%s.%N; }
secs() { awk -v a="$1" -v b="$2" 'BEGIN{printf "%.1f", b-a}'; }
step() { echo "== $(date +%T) $*"; }
fail() { echo "lab-e2e: FAILED: $*" >&2; exit 1; }
lab1() { ssh -F "$ROOT/var/lab/ssh_config" -o BatchMode=yes lab1 "$@"; }
# every host of a PLAY RECAP: changed=0, failed=0, unreachable=0
recap_unchanged() { awk '/^PLAY RECAP/{r=1;next} r&&/ok=/{n++; if ($0 !~ /changed=0 / || $0 !~ /unreachable=0 / || $0 !~ /failed=0 /) bad=1} END{exit (n>0 && !bad)?0:1}' "$1"; }
jmx() {   # jmx URL KEY: one attribute of the first bean, fetched from lab1
  lab1 "curl -sf '$1'" | python3 -c "import json,sys; print(json.load(sys.stdin)['beans'][0]['$2'])"
}
read_rows() {   # 2 s of random gets over the 100 rows of t, as JSON (gets, misses, latencies)
  lab1 "/opt/granary/dist/bin/granary-node read --zookeeper 10.77.0.11:2181 --table t --rows 100 --threads 1 --seconds 2 --warmup 0"
}
NN_JMX="http://10.77.0.11:9870/jmx?qry=Hadoop:service=NameNode,name=FSNamesystemState"
HM_JMX="http://10.77.0.11:16010/jmx?qry=Hadoop:service=HBase,name=Master,sub=Server"

if [ "$WAIT_LOCK" = 1 ]; then
  while [ -e "$HEAVY_LOCK" ]; do step "waiting: $HEAVY_LOCK exists"; sleep 20; done
fi
# a fresh lab is part of what is measured, and the lab is torn down at the end: never reuse one
set +e; "$LAB" status >/dev/null 2>&1; st=$?; set -e
[ "$st" = 3 ] || fail "a lab is already up (or left behind); run tools/lab/lab.sh down first"
trap '"$LAB" down >/dev/null 2>&1 || true' EXIT

step "lab up 3"
t0=$(now)
"$LAB" up 3
t_lab=$(now)

step "install.yml (log: $OUT/install-1.log)"
ansible-playbook -i "$INV" install.yml > "$OUT/install-1.log" 2>&1 || { tail -40 "$OUT/install-1.log"; fail "install.yml"; }
t_install=$(now)

step "create table t, first put, gets (from lab1)"
lab1 "cat > /tmp/CreateTable.java" < "$ROOT/ansible/tests/CreateTable.java"
CP="/etc/granary/regionserver:/opt/granary/dist/lib/*"
lab1 "java -Xmx256m -Dlog4j.configuration=file:/opt/granary/dist/conf-templates/cli-log4j.properties -cp '$CP' /tmp/CreateTable.java t"
lab1 "/opt/granary/dist/bin/granary-node load --zookeeper 10.77.0.11:2181 --table t --rows 100"
t_put=$(now)
read_rows > "$OUT/read.json"
dn=$(jmx "$NN_JMX" NumLiveDataNodes); rs=$(jmx "$HM_JMX" numRegionServers)
echo "live DataNodes: $dn, live RegionServers: $rs"
[ "$dn" = 3 ] && [ "$rs" = 3 ] || fail "expected 3 DataNodes and 3 RegionServers"

step "install.yml again (must report changed=0)"
t1=$(now)
ansible-playbook -i "$INV" install.yml > "$OUT/install-2.log" 2>&1 || { tail -40 "$OUT/install-2.log"; fail "install.yml re-run"; }
t_rerun=$(now)
sed -n '/^PLAY RECAP/,$p' "$OUT/install-2.log"
recap_unchanged "$OUT/install-2.log" || fail "the re-run changed something (see $OUT/install-2.log)"

step "a changed DataNode JVM option and hbase-site value: install.yml restarts exactly those roles"
# extra vars replace the inventory's maps: everything else as in group_vars/all.yml
cat > "$OUT/changed.yml" <<'YML'
granary_jvm_opts:
  zookeeper: -XX:TieredStopAtLevel=1
  namenode: -XX:TieredStopAtLevel=1
  datanode: -XX:TieredStopAtLevel=1 -XX:+UseStringDeduplication
  master: -XX:TieredStopAtLevel=1
granary_hbase_site:
  hbase.regionserver.handler.count: 25
YML
t3=$(now)
ansible-playbook -i "$INV" install.yml -e "@$OUT/changed.yml" > "$OUT/install-changed.log" 2>&1 ||
  { tail -40 "$OUT/install-changed.log"; fail "install.yml with a changed configuration"; }
t_changed=$(now)
restarts() { grep -cE "^(TASK|RUNNING HANDLER) \[[a-z_]+ : Restart granary-$1 on lab" "$OUT/install-changed.log" || true; }
got="zookeeper=$(restarts zookeeper) namenode=$(restarts namenode) datanode=$(restarts datanode) master=$(restarts master) regionserver=$(restarts regionserver)"
echo "restarts, one host at a time: $got"
[ "$got" = "zookeeper=0 namenode=0 datanode=3 master=1 regionserver=3" ] ||
  fail "expected the 3 DataNodes, the master and the 3 RegionServers to restart, nothing else (see $OUT/install-changed.log)"
lab1 "grep -q UseStringDeduplication /etc/systemd/system/granary-datanode.service /etc/init.d/granary-datanode 2>/dev/null" ||
  fail "the DataNode's service definition lacks the new JVM option"
read_rows > "$OUT/read-after-restart.json"
python3 -c "import json,sys; r=json.load(open(sys.argv[1])); sys.exit(0 if r['gets'] > 0 and r['misses'] == 0 else 1)" \
  "$OUT/read-after-restart.json" || fail "rows missing after the restarts (see $OUT/read-after-restart.json)"
dn=$(jmx "$NN_JMX" NumLiveDataNodes); rs=$(jmx "$HM_JMX" numRegionServers)
echo "live DataNodes: $dn, live RegionServers: $rs"
[ "$dn" = 3 ] && [ "$rs" = 3 ] || fail "expected 3 DataNodes and 3 RegionServers after the restarts"

step "lab up 4 + scale_out.yml"
"$LAB" up 4
cat > "$ROOT/var/lab/scale-out.yml" <<'INV'
---
all:
  children:
    scale_out:
      hosts:
        lab4:
          ansible_host: 10.77.0.14
    datanode:
      hosts:
        lab4:
    regionserver:
      hosts:
        lab4:
INV
t2=$(now)
ansible-playbook -i "$INV" -i "$ROOT/var/lab/scale-out.yml" scale_out.yml -e "@$OUT/changed.yml" > "$OUT/scale-out.log" 2>&1 ||
  { tail -40 "$OUT/scale-out.log"; fail "scale_out.yml"; }
t_scale=$(now)
dn=$(jmx "$NN_JMX" NumLiveDataNodes); rs=$(jmx "$HM_JMX" numRegionServers)
echo "live DataNodes: $dn, live RegionServers: $rs"
[ "$dn" = 4 ] && [ "$rs" = 4 ] || fail "expected 4 DataNodes and 4 RegionServers after scale-out"

step "reset.yml refuses without confirmation, then resets"
if ansible-playbook -i "$INV" -i "$ROOT/var/lab/scale-out.yml" reset.yml > "$OUT/reset-refused.log" 2>&1; then
  fail "reset.yml ran without granary_reset_confirm"
fi
grep -q "granary_reset_confirm=lab" "$OUT/reset-refused.log" || fail "reset.yml refused without saying how to confirm"
lab1 "test -e /data/1/dfs/nn/current/VERSION" || fail "reset.yml touched data although it refused"
ansible-playbook -i "$INV" -i "$ROOT/var/lab/scale-out.yml" reset.yml -e granary_reset_confirm=lab > "$OUT/reset.log" 2>&1 ||
  { tail -40 "$OUT/reset.log"; fail "reset.yml"; }
lab1 "! test -e /data/1/dfs/nn && ! pgrep -u granary java >/dev/null" || fail "data or engine processes left after reset"

step "lab down"
"$LAB" down
trap - EXIT
set +e; "$LAB" status; st=$?; set -e
[ "$st" = 3 ] || fail "lab down left something behind"

lab_s=$(secs "$t0" "$t_lab"); install_s=$(secs "$t_lab" "$t_install"); first_put_s=$(secs "$t0" "$t_put")
rerun_s=$(secs "$t1" "$t_rerun"); changed_s=$(secs "$t3" "$t_changed"); scale_s=$(secs "$t2" "$t_scale")
cat > "$OUT/timings.json" <<JSON
{"date": "$(date -Is)", "labUp3Seconds": $lab_s, "installSeconds": $install_s, "labUpToFirstPutSeconds": $first_put_s,
 "idempotentRerunSeconds": $rerun_s, "changedConfigRollingRestartSeconds": $changed_s, "scaleOutSeconds": $scale_s}
JSON
echo "lab up 3: ${lab_s} s; install.yml: ${install_s} s; lab up -> first put: ${first_put_s} s"
echo "idempotent re-run (changed=0): ${rerun_s} s; changed configuration, 7 rolling restarts: ${changed_s} s"
echo "scale-out to 4 hosts: ${scale_s} s"
echo "lab-e2e: 1 passed, 0 failed"
