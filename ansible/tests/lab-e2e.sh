#!/usr/bin/env bash
# lab-e2e.sh [--wait-for-lock] [--ha] - the Ansible roles on a real 3-host lab, end to end:
#   lab up 3 -> install.yml -> create a table, first put, gets -> install.yml again (changed=0)
#   -> install.yml with a changed DataNode JVM option and hbase-site value (exactly the DataNodes,
#   the master and the RegionServers restart, one host at a time) -> lab up 4 + scale_out.yml
#   (4 live DataNodes and RegionServers) -> scale_in.yml removes lab2 while a writer puts rows,
#   after a replicated and an erasure-coded directory were written (3 live DataNodes and
#   RegionServers, none dead, every file's checksum and every row as before; a re-run and
#   install.yml without lab2 report changed=0) -> install.yml with a changed hbase-site value and
#   granary_defer_restarts (restarts pending, none done) -> rolling_restart.yml step by step
#   (RegionServers 2 at a time, each DataNode, then the quorum and master roles) while a reader
#   gets rows from lab1 (no failed or missing read, every region moved off comes back, phases named
#   as the control plane expects, every RegionServer runs the new value) -> reset.yml refuses
#   without confirmation, then resets -> lab down -> nothing left.
# --ha: the inventory is the planner's for the three-host-lab scenario with ha: true (3 ZooKeepers
#   and JournalNodes, NameNodes + ZKFCs on lab1 and lab2, masters on lab2 and lab3); the changed
#   configuration is an hdfs-site value, so every HDFS and HBase role restarts while both NameNodes'
#   states are sampled every 0.5 s (never two active; none active only during a graceful
#   hand-over); after the scale-out install.yml runs again with changed=0 on all 4 hosts; the
#   scale-in removes lab4 (every other host runs a ZooKeeper, a JournalNode, a NameNode or a master).
# Prints the timings and writes them to var/lab-e2e[-ha]/timings.json. Needs root and a built
# distribution (storage/runtime/target/granary-node). The lab always comes down, also on failure.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
# shellcheck source=ansible/tests/lab-lib.sh
. "$ROOT/ansible/tests/lab-lib.sh"
OUT="$ROOT/var/lab-e2e"
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
lab_require
lab_ansible_env
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

read_rows() {   # 2 s of random gets over the 100 rows of t, as JSON (gets, misses, latencies)
  lab1 "/opt/granary/dist/bin/granary-node read --zookeeper 10.77.0.11:2181 --table t --rows 100 --threads 1 --seconds 2 --warmup 0"
}
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
lab_fresh

step "lab up 3"
t0=$(now)
"$LAB" up 3
t_lab=$(now)

step "install.yml (log: $OUT/install-1.log)"
ansible-playbook "${INV[@]}" install.yml > "$OUT/install-1.log" 2>&1 || { tail -40 "$OUT/install-1.log"; fail "install.yml"; }
t_install=$(now)

step "create table t, first put, gets (from lab1)"
lab1 "cat > /tmp/CreateTable.java" < "$ROOT/ansible/tests/CreateTable.java"
lab1 "java -Xmx256m -Dlog4j.configuration=file:/opt/granary/dist/conf-templates/cli-log4j.properties -cp '$CP' /tmp/CreateTable.java t"
lab1 "/opt/granary/dist/bin/granary-node load --zookeeper 10.77.0.11:2181 --table t --rows 100"
t_put=$(now)
read_rows > "$OUT/read.json"
counts; dn=$(jmx "$NN_JMX" NumLiveDataNodes); rs=$(jmx "$HM_JMX" numRegionServers)
echo "live DataNodes: $dn, live RegionServers: $rs"
[ "$dn" = 3 ] && [ "$rs" = 3 ] || fail "expected 3 DataNodes and 3 RegionServers"

step "install.yml again (must report changed=0)"
t1=$(now)
unchanged "$OUT/install-2.log" "the install.yml re-run" "${INV[@]}" install.yml
t_rerun=$(now)

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
scale_out_inventory "$ROOT/var/lab/scale-out.yml"
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
  unchanged "$OUT/install-3.log" "install.yml after the scale-out" "${INV[@]}" -i "$ROOT/var/lab/scale-out.yml" install.yml -e "@$OUT/changed.yml"
  t_rerun4=$(now)
fi

step "data for the scale-in: a replicated and an erasure-coded directory, a pre-split table"
# dfs-fill and dfs-sum read a local cluster directory: its endpoints and client configuration
lab_client_dir lab1
t5=$(now)
lab1 "$HDFS_CLI org.apache.hadoop.fs.FsShell -mkdir -p /keep/replicated /keep/ec \
  && $HDFS_CLI org.apache.hadoop.hdfs.tools.ECAdmin -enablePolicy -policy XOR-2-1-1024k >/dev/null \
  && $HDFS_CLI org.apache.hadoop.hdfs.tools.ECAdmin -setPolicy -path /keep/ec -policy XOR-2-1-1024k >/dev/null \
  && $AS_GRANARY dfs-fill --path /keep/replicated --files 8 --min-kb 64 --max-kb 4096 \
  && $AS_GRANARY dfs-fill --path /keep/ec --files 8 --min-kb 64 --max-kb 4096 --seed 2"
dfs_sums() { lab1 "$AS_GRANARY dfs-sum --path /keep/replicated && $AS_GRANARY dfs-sum --path /keep/ec"; }
dfs_sums > "$OUT/sums-before.jsonl"
grep -q '"layout":"XOR-2-1-1024k"' "$OUT/sums-before.jsonl" || fail "no erasure-coded file in /keep/ec (see $OUT/sums-before.jsonl)"
# table w in 8 regions, so the leaving RegionServer holds some; a writer puts 2000-row batches
# into it from lab1 until told to stop
lab1 "java -Xmx256m -Dlog4j.configuration=file:/opt/granary/dist/conf-templates/cli-log4j.properties -cp '$CP' /tmp/CreateTable.java w 8 40000"
t_data=$(now)

if [ "$HA" = 1 ]; then LEAVING=lab4; else LEAVING=lab2; fi
step "scale_in.yml removes $LEAVING while a writer puts rows (log: $OUT/scale-in.log)"
scale_in_inventory "$ROOT/var/lab/scale-in.yml" "$LEAVING"
lab1 "rm -f /tmp/writer.stop"
( lab1 "i=0; while [ ! -e /tmp/writer.stop ]; do /opt/granary/dist/bin/granary-node load --zookeeper 10.77.0.11:2181 --table w --rows 2000 --start \$((i*2000)) >/dev/null || exit 1; i=\$((i+1)); done; echo \$i" \
  > "$OUT/writer.out" 2> "$OUT/writer.err" ) &
writer=$!
t6=$(now)
ansible-playbook "${INV[@]}" -i "$ROOT/var/lab/scale-in.yml" scale_in.yml -e "@$OUT/changed.yml" > "$OUT/scale-in.log" 2>&1 ||
  { lab1 "touch /tmp/writer.stop"; tail -60 "$OUT/scale-in.log"; fail "scale_in.yml"; }
t_scale_in=$(now)
lab1 "touch /tmp/writer.stop"
wait "$writer" || fail "a put failed while $LEAVING left (see $OUT/writer.err)"
batches=$(tail -1 "$OUT/writer.out")
moved=$(grep -oE '[0-9]+ regions moved off' "$OUT/scale-in.log" | head -1 | cut -d' ' -f1)
echo "regions moved off $LEAVING: ${moved:-?}; rows written meanwhile: $((batches * 2000)) in $batches batches"
[ "${moved:-0}" -gt 0 ] || fail "no region moved off $LEAVING (see $OUT/scale-in.log)"
[ "$batches" -gt 0 ] || fail "the writer wrote nothing during the scale-in"
counts
# the NameNode's lists, as the control plane reads them (NumLiveDataNodes still counts the stopped
# DataNode until its heartbeat expires, ~10 minutes)
dn=$(nn_nodes LiveNodes); dn_dead=$(nn_nodes DeadNodes); dn_decom=$(nn_nodes DecomNodes)
rs=$(jmx "$HM_JMX" numRegionServers); rs_dead=$(jmx "$HM_JMX" numDeadRegionServers)
echo "live DataNodes: $dn (dead $dn_dead, decommissioning $dn_decom), live RegionServers: $rs (dead $rs_dead)"
[ "$dn" = 3 ] && [ "$dn_dead" = 0 ] && [ "$dn_decom" = 0 ] && [ "$rs" = 3 ] && [ "$rs_dead" = 0 ] ||
  fail "expected 3 live DataNodes and RegionServers, none dead, after the scale-in"
dfs_sums > "$OUT/sums-after.jsonl"
diff <(sort "$OUT/sums-before.jsonl") <(sort "$OUT/sums-after.jsonl") > "$OUT/sums.diff" ||
  fail "a file changed across the scale-in (see $OUT/sums.diff)"
echo "checksums of $(wc -l < "$OUT/sums-after.jsonl") files (replicated and XOR-2-1-1024k) unchanged"
lab1 "/opt/granary/dist/bin/granary-node read --zookeeper 10.77.0.11:2181 --table w --rows $((batches * 2000)) --threads 1 --seconds 2 --warmup 0" > "$OUT/read-w.json"
read_rows > "$OUT/read-after-scale-in.json"
python3 -c "import json,sys; r=[json.load(open(f)) for f in sys.argv[1:]]; sys.exit(0 if all(x['gets'] > 0 and x['misses'] == 0 for x in r) else 1)" \
  "$OUT/read-w.json" "$OUT/read-after-scale-in.json" || fail "rows missing after the scale-in (see $OUT/read-w.json, $OUT/read-after-scale-in.json)"

step "scale_in.yml again (must report changed=0)"
t7=$(now)
unchanged "$OUT/scale-in-2.log" "the scale_in.yml re-run" "${INV[@]}" -i "$ROOT/var/lab/scale-in.yml" scale_in.yml -e "@$OUT/changed.yml"
t_scale_in_rerun=$(now)

step "install.yml without $LEAVING (must report changed=0)"
if [ "$HA" = 1 ]; then
  AFTER=("${INV[@]}")
else
  # the example inventory with lab2 gone and lab4 in
  rm -rf "$OUT/inventory-after" && cp -r inventories/lab-example "$OUT/inventory-after" && rm -f "$OUT/inventory-after/host_vars/lab2.yml"
  python3 - "$OUT/inventory-after/hosts.yml" <<'PY'
import sys, yaml
inv = yaml.safe_load(open(sys.argv[1]))
for name, group in inv["all"]["children"].items():
    hosts = group.get("hosts") or {}
    hosts.pop("lab2", None)
    if name in ("datanode", "regionserver"):
        hosts["lab4"] = None
    group["hosts"] = hosts
open(sys.argv[1], "w").write("---\n" + yaml.safe_dump(inv, sort_keys=False))
PY
  echo "ansible_host: 10.77.0.14" > "$OUT/inventory-after/host_vars/lab4.yml"
  AFTER=(-i "$OUT/inventory-after")
fi
t8=$(now)
unchanged "$OUT/install-after-scale-in.log" "install.yml without $LEAVING" "${AFTER[@]}" install.yml -e "@$OUT/changed.yml"
t_install_after=$(now)

# After the scale-in: DataNode restarts under WAL writes can leave stale replicas that stall a later
# decommission for minutes or longer (ansible/README.md, Rolling restart).
step "rolling restart under reads: a deferred configuration change, then every RegionServer 2 at a time, each DataNode, the masters"
# one hbase-site value more (over the inventory's map with --ha); later runs take it as the installed state
python3 - "$OUT/changed.yml" "${INV_DIR:-}" <<'PY'
import os, sys, yaml
changed = yaml.safe_load(open(sys.argv[1]))
site = dict(yaml.safe_load(open(os.path.join(sys.argv[2], "group_vars/all.yml"))).get("granary_hbase_site") or {}) if sys.argv[2] else {}
site.update(changed.get("granary_hbase_site") or {})
site["hbase.regionserver.handler.count"] = 30
changed["granary_hbase_site"] = site
open(sys.argv[1], "w").write(yaml.safe_dump(changed, sort_keys=False))
PY
ansible-inventory "${AFTER[@]}" --list > "$OUT/inventory.json"
# the control plane's steps (RestartSteps): RegionServers in batches, DataNodes one at a time, then
# each quorum and master role with all its hosts; role <tab> hosts as JSON
python3 - "$OUT/inventory.json" > "$OUT/rolling-steps.txt" <<'PY'
import json, sys
inv = json.load(open(sys.argv[1]))
hosts = lambda g: sorted(set(inv.get(g, {}).get("hosts", [])) | (set(inv.get("scale_out", {}).get("hosts", [])) if g in ("datanode", "regionserver") else set()))
rs, dn = hosts("regionserver"), hosts("datanode")
steps = [("regionserver", rs[i:i + 2]) for i in range(0, len(rs), 2)] + [("datanode", [h]) for h in dn]
steps += [(r, hosts(r)) for r in ("journalnode", "zookeeper", "namenode", "zkfc", "hbase_master") if hosts(r)]
for role, hs in steps:
    print(f"{role}\t{json.dumps(hs)}")
PY
t9=$(now)
ansible-playbook "${AFTER[@]}" install.yml -e "@$OUT/changed.yml" -e granary_defer_restarts=true > "$OUT/install-deferred.log" 2>&1 ||
  { tail -40 "$OUT/install-deferred.log"; fail "install.yml with granary_defer_restarts"; }
t_deferred=$(now)
pending=$(grep -oE 'restart pending for granary-[a-z]+ on lab[0-9]+' "$OUT/install-deferred.log" | sort -u | sed 's/restart pending for granary-//' | tr '\n' ',')
want=$(python3 -c "import json,sys; i=json.load(open(sys.argv[1])); g=lambda n: set(i.get(n,{}).get('hosts',[])); print(','.join(sorted([f'master on {h}' for h in g('hbase_master')] + [f'regionserver on {h}' for h in g('regionserver') | g('scale_out')])) + ',')" "$OUT/inventory.json")
echo "restarts pending: $pending"
[ "$pending" = "$want" ] || fail "expected restarts pending for $want (see $OUT/install-deferred.log)"
! grep -qE "^RUNNING HANDLER .*Restart granary-" "$OUT/install-deferred.log" || fail "install.yml restarted a service although restarts were deferred"
# the files are the only change on each host (a pending restart is no change)
awk '/^PLAY RECAP/{r=1;next} r&&/ok=/{n++; if ($0 !~ /changed=1 /) bad=1} END{exit (n>0 && !bad)?0:1}' "$OUT/install-deferred.log" ||
  fail "install.yml with deferred restarts changed more than each host's files (see $OUT/install-deferred.log)"
# table w (8 regions, from the scale-in) with 40000 rows, read from lab1
# throughout (tests/Reader.java: each get retried, its stall measured from its first attempt)
lab1 "java -Xmx256m -Dlog4j.configuration=file:/opt/granary/dist/conf-templates/cli-log4j.properties -cp '$CP' /tmp/CreateTable.java w 8 40000 \
  && /opt/granary/dist/bin/granary-node load --zookeeper 10.77.0.11:2181 --table w --rows 40000 >/dev/null"
lab1 "cat > /tmp/Reader.java; rm -f /tmp/reader.stop" < "$ROOT/ansible/tests/Reader.java"
( lab1 "java -Xmx256m -Dlog4j.configuration=file:/opt/granary/dist/conf-templates/cli-log4j.properties -cp '$CP' /tmp/Reader.java w 40000 /tmp/reader.stop 2" \
  > "$OUT/reader.json" 2> "$OUT/reader.err" ) &
reader=$!
sleep 5
t10=$(now)
n=0
while IFS=$'\t' read -r role hosts <&3; do
  n=$((n + 1)); ts=$(now)
  # the jsonl callback, as the control plane runs it: its phase names are checked below
  ANSIBLE_STDOUT_CALLBACK=ansible.posix.jsonl ansible-playbook "${AFTER[@]}" rolling_restart.yml \
    -e "{\"rolling_restart_role\": \"$role\", \"rolling_restart_hosts\": $hosts}" < /dev/null > "$OUT/rolling-$n.jsonl" 2>&1 ||
    { lab1 "touch /tmp/reader.stop"; grep -E '"_event":"v2_runner_on_(failed|unreachable)"' "$OUT/rolling-$n.jsonl" | tail -3 | cut -c1-2000
      fail "rolling_restart.yml for $role on $hosts (see $OUT/rolling-$n.jsonl)"; }
  echo "  $role $hosts: $(secs "$ts" "$(now)") s"
done 3< "$OUT/rolling-steps.txt"
t_rolling=$(now)
lab1 "touch /tmp/reader.stop"
wait "$reader" || fail "the reader failed (see $OUT/reader.err)"
# every RegionServer runs the new value now: it started (its ServerName's start code) after the
# file with the value was written
for h in $(python3 -c "import json,sys; i=json.load(open(sys.argv[1])); print(' '.join(sorted(set(i['regionserver']['hosts']) | set(i.get('scale_out',{}).get('hosts',[])))))" "$OUT/inventory.json"); do
  written=$(ssh -F "$ROOT/var/lab/ssh_config" -o BatchMode=yes "$h" \
    "grep -q '<name>hbase.regionserver.handler.count</name><value>30<' /etc/granary/regionserver/hbase-site.xml && stat -c %Y /etc/granary/regionserver/hbase-site.xml") ||
    fail "the RegionServer's hbase-site.xml on $h lacks the changed value"
  started=$(jmx "http://10.77.0.1${h#lab}:16030/jmx?qry=Hadoop:service=HBase,name=RegionServer,sub=Server" tag.serverName | cut -d, -f3)
  [ $((started / 1000)) -ge "$written" ] || fail "the RegionServer on $h runs since before its hbase-site.xml changed"
done
# phases per host from the task names, regions moved, restart times, the reader's stall
rolling_summary=$(python3 - "$OUT" "$OUT/reader.json" <<'PY'
import datetime, glob, json, re, sys
out, reader = sys.argv[1], json.load(open(sys.argv[2]))
ts = lambda s: datetime.datetime.fromisoformat(s.rstrip("Z")).replace(tzinfo=datetime.timezone.utc).timestamp()
want = {"regionserver": ["unload regions", "restart RegionServer", "wait for health", "load regions"],
        "datanode": ["restart DataNode", "wait for health", "wait for blocks"], "zookeeper": ["restart ZooKeeper", "wait for health"],
        "journalnode": ["restart JournalNode", "wait for health"], "namenode": ["restart NameNode", "wait for health"],
        "zkfc": ["restart ZKFC", "wait for health"], "hbase_master": ["restart HMaster", "wait for health"]}
steps = [l.rstrip("\n").split("\t") for l in open(f"{out}/rolling-steps.txt")]
bad, rs_restart, rs_cycle, dn_restart, off, back, spans = [], {}, {}, {}, 0, 0, []
for n, (role, hosts) in enumerate(steps, 1):
    seen, ends = {}, {}
    for line in open(f"{out}/rolling-{n}.jsonl"):
        try:
            e = json.loads(line)
        except ValueError:
            continue
        name = ((e.get("task") or {}).get("name") or "").split(" : ")[-1]
        m = re.fullmatch(r"Rolling restart (.+) on (\S+)", name)
        if m and e["_event"] in ("v2_runner_on_start", "v2_playbook_on_task_start"):
            seen.setdefault(m[2], []).append((m[1], ts(e["_timestamp"])))
        for h, r in (e.get("hosts") or {}).items():
            msg = str(r.get("msg", ""))
            if k := re.match(r"(\d+) regions moved (off|back)", msg):
                off, back = off + int(k[1]) * (k[2] == "off"), back + int(k[1]) * (k[2] == "back")
                if k[2] == "back":
                    ends[h] = ts(e["_timestamp"])
    for h in json.loads(hosts):
        got = [p for p, _ in seen.get(h, [])]
        if got != want[role]:
            bad.append(f"{role} {h}: {got}")
            continue
        t = dict(seen[h])
        spans += [(t[p], p, h) for p in got]
        if role == "regionserver":
            rs_restart[h] = round(t["load regions"] - t["restart RegionServer"], 1)
            rs_cycle[h] = round(ends.get(h, 0) - t["unload regions"], 1)
        if role == "datanode":
            dn_restart[h] = round(max(v for _, v in seen[h]) - t["restart DataNode"], 1)
# the phase running when the longest stall began
at = max([s for s in sorted(spans) if s[0] <= reader["maxStallAt"]] or [(0, "before the first step", "")])
print(json.dumps({"rollingRsRestartSeconds": rs_restart, "rollingRsCycleSeconds": rs_cycle, "rollingDnRestartSeconds": dn_restart,
                  "rollingRegionsMovedOff": off, "rollingRegionsMovedBack": back, "readerGets": reader["gets"],
                  "readerMisses": reader["misses"], "readerRetried": reader["retried"], "readerFailed": reader["failed"],
                  "readerMaxStallMs": reader["maxStallMs"], "readerMaxStallDuring": f"{at[1]} on {at[2]}".strip(),
                  "readerOver1s": reader["over1s"], "readerP99Ms": reader["p99Ms"]}))
if bad:
    print("phases not as the control plane expects them: " + "; ".join(bad), file=sys.stderr)
sys.exit(1 if bad or reader["failed"] or reader["misses"] or not reader["gets"] or not off or back != off else 0)
PY
) || { echo "$rolling_summary"; fail "rolling restart: phases, regions moved or reads not as expected (see $OUT/rolling-*.jsonl, $OUT/reader.json)"; }
echo "rolling restart: $rolling_summary"
counts; dn=$(jmx "$NN_JMX" NumLiveDataNodes); rs=$(jmx "$HM_JMX" numRegionServers)
[ "$dn" = 3 ] && [ "$rs" = 3 ] || fail "expected 3 DataNodes and 3 RegionServers after the rolling restart"

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
data_s=$(secs "$t5" "$t_data"); scale_in_s=$(secs "$t6" "$t_scale_in"); scale_in_rerun_s=$(secs "$t7" "$t_scale_in_rerun")
install_after_s=$(secs "$t8" "$t_install_after")
rolling_s=$(secs "$t10" "$t_rolling"); deferred_s=$(secs "$t9" "$t_deferred")
extra=", \"deferredInstallSeconds\": $deferred_s, \"rollingRestartSeconds\": $rolling_s, \"rollingRestartSteps\": $n, ${rolling_summary:1:-1}"
[ "$HA" = 1 ] && extra="$extra, \"rerunAfterScaleOutSeconds\": $(secs "$t4" "$t_rerun4"), \"nameNodeStates\": \"${nn_summary%%$'\n'*}\""
cat > "$OUT/timings.json" <<JSON
{"date": "$(date -Is)", "ha": $([ "$HA" = 1 ] && echo true || echo false), "labUp3Seconds": $lab_s, "installSeconds": $install_s,
 "labUpToFirstPutSeconds": $first_put_s, "idempotentRerunSeconds": $rerun_s, "changedConfigRollingRestartSeconds": $changed_s,
 "scaleOutSeconds": $scale_s, "scaleInDataSeconds": $data_s, "scaleInSeconds": $scale_in_s,
 "scaleInLeavingHost": "$LEAVING", "scaleInRegionsMoved": ${moved:-0}, "scaleInRowsWritten": $((batches * 2000)),
 "scaleInRerunSeconds": $scale_in_rerun_s, "installAfterScaleInSeconds": $install_after_s$extra}
JSON
echo "lab up 3: ${lab_s} s; install.yml: ${install_s} s; lab up -> first put: ${first_put_s} s"
echo "idempotent re-run (changed=0): ${rerun_s} s; changed configuration, rolling restarts ($got): ${changed_s} s"
[ "$HA" = 1 ] && echo "install.yml after the scale-out (changed=0): $(secs "$t4" "$t_rerun4") s; NameNode states: $nn_summary"
echo "scale-out to 4 hosts: ${scale_s} s"
echo "install.yml with restarts deferred: ${deferred_s} s; rolling restart in $n steps under reads: ${rolling_s} s; $rolling_summary"
echo "scale-in of $LEAVING (${moved:-0} regions moved, $((batches * 2000)) rows written meanwhile): ${scale_in_s} s; re-run (changed=0): ${scale_in_rerun_s} s; install.yml without it (changed=0): ${install_after_s} s"
echo "lab-e2e: 1 passed, 0 failed"
