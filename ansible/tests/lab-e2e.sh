#!/usr/bin/env bash
# lab-e2e.sh [--wait-for-lock] [--ha] - the Ansible roles on a real 3-host lab, end to end:
#   lab up 3 -> install.yml -> create a table, first put, gets -> install.yml again (changed=0)
#   -> install.yml with a changed DataNode JVM option and hbase-site value (exactly the DataNodes,
#   the master and the RegionServers restart, one host at a time) -> lab up 4 + scale_out.yml
#   (4 live DataNodes and RegionServers) -> reset.yml refuses without confirmation, then resets
#   -> lab down -> nothing left.
# --ha: the inventory is the planner's for the three-host-lab scenario with ha: true (3 ZooKeepers
#   and JournalNodes, NameNodes + ZKFCs on lab1 and lab2, masters on lab2 and lab3); the changed
#   configuration is an hdfs-site value, so every HDFS and HBase role restarts while both NameNodes'
#   states are sampled every 0.5 s (never two active; none active only during a graceful
#   hand-over); after the scale-out install.yml runs again with changed=0 on all 4 hosts.
# Prints the timings and writes them to var/lab-e2e[-ha]/timings.json. Needs root and a built
# distribution (storage/runtime/target/granary-node). The lab always comes down, also on failure.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
LAB="$ROOT/tools/lab/lab.sh"
OUT="$ROOT/var/lab-e2e"
DIST="$ROOT/storage/runtime/target/granary-node"
HEAVY_LOCK=/tmp/granary-heavy.lock
WAIT_LOCK=0; HA=0
for arg in "$@"; do
  case "$arg" in
    --wait-for-lock) WAIT_LOCK=1 ;;
    --ha) HA=1 ;;
    *) echo "usage: lab-e2e.sh [--wait-for-lock] [--ha]" >&2; exit 2 ;;
  esac
done
[ "$HA" = 1 ] && OUT="$OUT-ha"
[ "$(id -u)" = 0 ] || { echo "lab-e2e: needs root (network namespaces)" >&2; exit 1; }
[ -x "$DIST/bin/granary-node" ] || { echo "lab-e2e: no distribution at $DIST; run make build first" >&2; exit 1; }

VENV="$("$ROOT/tools/ansible-venv.sh")"
export PATH="$VENV/bin:$PATH" ANSIBLE_CONFIG="$ROOT/ansible/ansible.cfg" ANSIBLE_HOME="$ROOT/var/ansible-home"
export ANSIBLE_FORCE_COLOR=0 ANSIBLE_NOCOLOR=1
mkdir -p "$OUT"
cd "$ROOT/ansible"

if [ "$HA" = 1 ]; then
  # The planner's inventory for the lab (three-host-lab scenario, ha: true, the lab's host names),
  # plus the lab's connection variables.
  INV_DIR="$OUT/inventory"
  rm -rf "$INV_DIR"
  sed -e 's/^ha: .*/ha: true/' -e 's/hostname: node\([0-9]\)/hostname: lab\1/' \
    "$ROOT/provisioning/src/test/resources/scenarios/three-host-lab/spec.yaml" > "$OUT/spec.yaml"
  mvn -B -ntp -q -o -f "$ROOT/provisioning/pom.xml" compile exec:java \
    -Dexec.args="plan $OUT/spec.yaml --out $INV_DIR" > "$OUT/plan.log" 2>&1 || { tail -20 "$OUT/plan.log"; exit 1; }
  cat > "$OUT/lab-connection.yml" <<'YML'
---
all:
  vars:
    ansible_python_interpreter: /usr/bin/python3
    ansible_ssh_private_key_file: "{{ playbook_dir }}/../var/lab/id_ed25519"
    ansible_ssh_common_args: >-
      -o UserKnownHostsFile={{ playbook_dir }}/../var/lab/known_hosts -o StrictHostKeyChecking=yes
YML
  INV=(-i "$INV_DIR/hosts.yml" -i "$OUT/lab-connection.yml")
else
  INV=(-i inventories/lab-example)
fi

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
if [ "$HA" = 1 ]; then
  # the counts come from the active NameNode and the active master
  active_nn() { for h in 10.77.0.11 10.77.0.12; do
    lab1 "curl -sf 'http://$h:9870/jmx?qry=Hadoop:service=NameNode,name=NameNodeStatus'" | grep -E '"State" *: *"active"' >/dev/null && { echo "$h"; return; }
  done; echo none; }
  active_hm() { for h in 10.77.0.12 10.77.0.13; do
    lab1 "curl -sf 'http://$h:16010/jmx?qry=Hadoop:service=HBase,name=Master,sub=Server'" | grep -E '"tag.isActiveMaster" *: *"true"' >/dev/null && { echo "$h"; return; }
  done; echo none; }
  counts() {
    NN_JMX="http://$(active_nn):9870/jmx?qry=Hadoop:service=NameNode,name=FSNamesystemState"
    HM_JMX="http://$(active_hm):16010/jmx?qry=Hadoop:service=HBase,name=Master,sub=Server"
  }
else
  counts() { :; }
fi

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
ansible-playbook "${INV[@]}" install.yml > "$OUT/install-1.log" 2>&1 || { tail -40 "$OUT/install-1.log"; fail "install.yml"; }
t_install=$(now)

step "create table t, first put, gets (from lab1)"
lab1 "cat > /tmp/CreateTable.java" < "$ROOT/ansible/tests/CreateTable.java"
CP="/etc/granary/regionserver:/opt/granary/dist/lib/*"
lab1 "java -Xmx256m -Dlog4j.configuration=file:/opt/granary/dist/conf-templates/cli-log4j.properties -cp '$CP' /tmp/CreateTable.java t"
lab1 "/opt/granary/dist/bin/granary-node load --zookeeper 10.77.0.11:2181 --table t --rows 100"
t_put=$(now)
read_rows > "$OUT/read.json"
counts; dn=$(jmx "$NN_JMX" NumLiveDataNodes); rs=$(jmx "$HM_JMX" numRegionServers)
echo "live DataNodes: $dn, live RegionServers: $rs"
[ "$dn" = 3 ] && [ "$rs" = 3 ] || fail "expected 3 DataNodes and 3 RegionServers"

step "install.yml again (must report changed=0)"
t1=$(now)
ansible-playbook "${INV[@]}" install.yml > "$OUT/install-2.log" 2>&1 || { tail -40 "$OUT/install-2.log"; fail "install.yml re-run"; }
t_rerun=$(now)
sed -n '/^PLAY RECAP/,$p' "$OUT/install-2.log"
recap_unchanged "$OUT/install-2.log" || fail "the re-run changed something (see $OUT/install-2.log)"

if [ "$HA" = 0 ]; then
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
else
step "a changed hdfs-site value: every HDFS and HBase role restarts, one NameNode active throughout"
# the inventory's granary_hdfs_site with dfs.namenode.handler.count 25 (extra vars replace the map)
python3 - "$INV_DIR/group_vars/all.yml" > "$OUT/changed.yml" <<'PY'
import sys, yaml
site = dict(yaml.safe_load(open(sys.argv[1]))["granary_hdfs_site"], **{"dfs.namenode.handler.count": "25"})
print(yaml.safe_dump({"granary_hdfs_site": site}, sort_keys=False))
PY
# both NameNodes' states every 0.5 s, sampled on lab3 (no NameNode there)
ssh -F "$ROOT/var/lab/ssh_config" -o BatchMode=yes lab3 "cat > /tmp/poll_nn.py; rm -f /tmp/poll_nn.stop" <<'PY'
import json, os, sys, time, urllib.request
deadline = time.time() + float(sys.argv[1])
while time.time() < deadline and not os.path.exists("/tmp/poll_nn.stop"):
    states = []
    for u in sys.argv[2:]:
        try:
            with urllib.request.urlopen(u + "/jmx?qry=Hadoop:service=NameNode,name=NameNodeStatus", timeout=2) as r:
                states.append(json.load(r)["beans"][0]["State"])
        except Exception:
            states.append("down")
    print(f"{time.time():.1f} {' '.join(states)}", flush=True)
    time.sleep(0.5)
PY
ssh -F "$ROOT/var/lab/ssh_config" -o BatchMode=yes lab3 \
  "python3 /tmp/poll_nn.py 1800 http://10.77.0.11:9870 http://10.77.0.12:9870" > "$OUT/nn-states.txt" 2>&1 &
poller=$!
fi
t3=$(now)
ansible-playbook "${INV[@]}" install.yml -e "@$OUT/changed.yml" > "$OUT/install-changed.log" 2>&1 ||
  { tail -40 "$OUT/install-changed.log"; fail "install.yml with a changed configuration"; }
t_changed=$(now)
restarts() { grep -cE "^(TASK|RUNNING HANDLER) \[[a-z_]+ : Restart granary-$1 on lab" "$OUT/install-changed.log" || true; }
got="zookeeper=$(restarts zookeeper) journalnode=$(restarts journalnode) namenode=$(restarts namenode) zkfc=$(restarts zkfc) datanode=$(restarts datanode) master=$(restarts master) regionserver=$(restarts regionserver)"
echo "restarts, one host at a time: $got"
if [ "$HA" = 0 ]; then
  [ "$got" = "zookeeper=0 journalnode=0 namenode=0 zkfc=0 datanode=3 master=1 regionserver=3" ] ||
    fail "expected the 3 DataNodes, the master and the 3 RegionServers to restart, nothing else (see $OUT/install-changed.log)"
  lab1 "grep -q UseStringDeduplication /etc/systemd/system/granary-datanode.service /etc/init.d/granary-datanode 2>/dev/null" ||
    fail "the DataNode's service definition lacks the new JVM option"
else
  ssh -F "$ROOT/var/lab/ssh_config" -o BatchMode=yes lab3 "touch /tmp/poll_nn.stop"; wait "$poller" || true
  [ "$got" = "zookeeper=0 journalnode=3 namenode=2 zkfc=2 datanode=3 master=2 regionserver=3" ] ||
    fail "expected every HDFS and HBase role but ZooKeeper to restart (see $OUT/install-changed.log)"
  # never two active; none active only for a graceful hand-over (at most 2 samples in a row, ~1 s)
  nn_summary=$(python3 - "$OUT/nn-states.txt" <<'PY'
import sys
rows = [l.split() for l in open(sys.argv[1]) if l[:1].isdigit()]
two = sum(1 for r in rows if r[1:].count("active") > 1)
none = [r[1:].count("active") == 0 for r in rows]
longest = run = 0
for n in none:
    run = run + 1 if n else 0
    longest = max(longest, run)
changes, prev = [], None
for r in rows:
    if r[1:] != prev:
        changes.append(f"{float(r[0]) - float(rows[0][0]):.1f}s:{'/'.join(r[1:])}")
        prev = r[1:]
print(f"samples={len(rows)} twoActive={two} noActive={sum(none)} longestNoActiveRun={longest}")
print(" ".join(changes))
sys.exit(0 if rows and two == 0 and longest <= 2 else 1)
PY
) || { echo "$nn_summary"; fail "the NameNodes were not one active throughout (see $OUT/nn-states.txt)"; }
  echo "NameNode states during the restarts: $nn_summary"
  lab1 "grep -q '<name>dfs.namenode.handler.count</name><value>25<' /etc/granary/namenode/hdfs-site.xml" ||
    fail "the NameNode's hdfs-site.xml lacks the new value"
fi
read_rows > "$OUT/read-after-restart.json"
python3 -c "import json,sys; r=json.load(open(sys.argv[1])); sys.exit(0 if r['gets'] > 0 and r['misses'] == 0 else 1)" \
  "$OUT/read-after-restart.json" || fail "rows missing after the restarts (see $OUT/read-after-restart.json)"
counts; dn=$(jmx "$NN_JMX" NumLiveDataNodes); rs=$(jmx "$HM_JMX" numRegionServers)
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
          ansible_user: root
    datanode:
      hosts:
        lab4:
    regionserver:
      hosts:
        lab4:
INV
t2=$(now)
ansible-playbook "${INV[@]}" -i "$ROOT/var/lab/scale-out.yml" scale_out.yml -e "@$OUT/changed.yml" > "$OUT/scale-out.log" 2>&1 ||
  { tail -40 "$OUT/scale-out.log"; fail "scale_out.yml"; }
t_scale=$(now)
counts; dn=$(jmx "$NN_JMX" NumLiveDataNodes); rs=$(jmx "$HM_JMX" numRegionServers)
echo "live DataNodes: $dn, live RegionServers: $rs"
[ "$dn" = 4 ] && [ "$rs" = 4 ] || fail "expected 4 DataNodes and 4 RegionServers after scale-out"

if [ "$HA" = 1 ]; then
  step "install.yml on the grown HA cluster (must report changed=0 on all 4 hosts)"
  t4=$(now)
  ansible-playbook "${INV[@]}" -i "$ROOT/var/lab/scale-out.yml" install.yml -e "@$OUT/changed.yml" > "$OUT/install-3.log" 2>&1 ||
    { tail -40 "$OUT/install-3.log"; fail "install.yml after the scale-out"; }
  t_rerun4=$(now)
  sed -n '/^PLAY RECAP/,$p' "$OUT/install-3.log"
  recap_unchanged "$OUT/install-3.log" || fail "the re-run after the scale-out changed something (see $OUT/install-3.log)"
fi

step "reset.yml refuses without confirmation, then resets"
if ansible-playbook "${INV[@]}" -i "$ROOT/var/lab/scale-out.yml" reset.yml > "$OUT/reset-refused.log" 2>&1; then
  fail "reset.yml ran without granary_reset_confirm"
fi
grep -q "granary_reset_confirm=lab" "$OUT/reset-refused.log" || fail "reset.yml refused without saying how to confirm"
lab1 "test -e /data/1/dfs/nn/current/VERSION" || fail "reset.yml touched data although it refused"
ansible-playbook "${INV[@]}" -i "$ROOT/var/lab/scale-out.yml" reset.yml -e granary_reset_confirm=lab > "$OUT/reset.log" 2>&1 ||
  { tail -40 "$OUT/reset.log"; fail "reset.yml"; }
lab1 "! test -e /data/1/dfs/nn && ! test -e /data/1/dfs/jn && ! pgrep -u granary java >/dev/null" || fail "data or engine processes left after reset"

step "lab down"
"$LAB" down
trap - EXIT
set +e; "$LAB" status; st=$?; set -e
[ "$st" = 3 ] || fail "lab down left something behind"

lab_s=$(secs "$t0" "$t_lab"); install_s=$(secs "$t_lab" "$t_install"); first_put_s=$(secs "$t0" "$t_put")
rerun_s=$(secs "$t1" "$t_rerun"); changed_s=$(secs "$t3" "$t_changed"); scale_s=$(secs "$t2" "$t_scale")
extra=""
[ "$HA" = 1 ] && extra=", \"rerunAfterScaleOutSeconds\": $(secs "$t4" "$t_rerun4"), \"nameNodeStates\": \"${nn_summary%%$'\n'*}\""
cat > "$OUT/timings.json" <<JSON
{"date": "$(date -Is)", "ha": $([ "$HA" = 1 ] && echo true || echo false), "labUp3Seconds": $lab_s, "installSeconds": $install_s,
 "labUpToFirstPutSeconds": $first_put_s, "idempotentRerunSeconds": $rerun_s, "changedConfigRollingRestartSeconds": $changed_s,
 "scaleOutSeconds": $scale_s$extra}
JSON
echo "lab up 3: ${lab_s} s; install.yml: ${install_s} s; lab up -> first put: ${first_put_s} s"
echo "idempotent re-run (changed=0): ${rerun_s} s; changed configuration, rolling restarts ($got): ${changed_s} s"
[ "$HA" = 1 ] && echo "install.yml after the scale-out (changed=0): $(secs "$t4" "$t_rerun4") s; NameNode states: $nn_summary"
echo "scale-out to 4 hosts: ${scale_s} s"
echo "lab-e2e: 1 passed, 0 failed"
