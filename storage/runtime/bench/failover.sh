#!/usr/bin/env bash
# Failover on the HA local cluster (`local up --ha`, 3 DataNodes): RUNS drills each of
#   namenode  - kill -9 the active NameNode while 4 writers put ROWS rows -> time until the standby is active
#   master    - kill -9 the active HMaster while they write -> time until the backup is active, and until
#               a table can be created
#   zookeeper - stop the ZooKeeper leader while they write -> time until a new leader
# each with the writers' longest stall (ask -> acknowledged, retries included) and every acknowledged
# row read back. The killed member is restarted between drills. Not a test: writes
# docs/benchmarks/failover.json and failover.md.
#
#   storage/runtime/bench/failover.sh [RUNS] [ROWS]     (default 5, 50000)
#   env: BENCH_DIR (default var/bench-failover), BENCH_PORT_BASE (default 22000)
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../../.." && pwd)"
NODE="$ROOT/storage/runtime/target/granary-node/bin/granary-node"
RUNS="${1:-5}"
ROWS="${2:-50000}"
DIR="${BENCH_DIR:-$ROOT/var/bench-failover}"
BASE="${BENCH_PORT_BASE:-22000}"
OUT="$ROOT/docs/benchmarks"
[ -x "$NODE" ] || { echo "build first: make build" >&2; exit 1; }

node() { "$NODE" local "$1" --dir "$DIR" --port-base "$BASE" "${@:2}"; }
cleanup() { node down >/dev/null 2>&1 || true; }
trap cleanup EXIT

node down >/dev/null 2>&1 || true
[ -d "$DIR" ] && node wipe --yes >/dev/null
node up --ha --datanodes 3 > "$DIR.up.log" 2>&1 || { cat "$DIR.up.log"; exit 1; }
LINES="$DIR.jsonl"
rm -f "$LINES"
for target in namenode master zookeeper; do
  echo "$target: $RUNS drills of $ROWS rows" >&2
  node drill --target "$target" --rows "$ROWS" --runs "$RUNS" --json "$LINES" | grep '^{' >&2
done

LINES="$LINES" OUT="$OUT" RUNS="$RUNS" ROWS="$ROWS" AT="$(date -u +%FT%TZ)" \
  CPU="$(sed -n 's/^model name\s*: //p' /proc/cpuinfo | head -n1)" python3 - <<'PY'
import json, os, statistics
rows = [json.loads(l) for l in open(os.environ["LINES"])]
out = os.environ["OUT"]
summary = {}
for t in ["namenode", "master", "zookeeper"]:
    rs = [r for r in rows if r["target"] == t]
    def stats(k):
        v = sorted(r[k] for r in rs)
        return {"median": statistics.median(v), "min": v[0], "max": v[-1]}
    summary[t] = {"runs": len(rs), "takeoverMs": stats("takeoverMs"), "writerMaxStallMs": stats("writerMaxStallMs"),
                  "acknowledged": sum(r["acknowledged"] for r in rs), "missing": sum(r["missing"] for r in rs),
                  "failedPuts": sum(r["failedPuts"] for r in rs)}
    if t == "master":
        summary[t]["createTableMs"] = stats("createTableMs")
doc = {"at": os.environ["AT"], "cpu": os.environ["CPU"], "cores": os.cpu_count(), "rowsPerDrill": int(os.environ["ROWS"]),
       "writers": 4, "summary": summary, "drills": rows}
json.dump(doc, open(os.path.join(out, "failover.json"), "w"), indent=2)
label = {"namenode": "NameNode (kill -9 the active)", "master": "HMaster (kill -9 the active)",
         "zookeeper": "ZooKeeper (stop the leader)"}
md = [f"# Failover on the HA local cluster\n",
      f"`make bench-failover` ({doc['at']}, {doc['cpu']}, {doc['cores']} cores): `granary-node local up --ha --datanodes 3`",
      f"(3 ZooKeepers, 3 JournalNodes, 2 NameNodes + ZKFCs, 3 DataNodes, 2 HMasters, 2 RegionServers on one host);",
      f"{os.environ['RUNS']} drills per member, each while 4 writers put {int(os.environ['ROWS']):,} rows one by one",
      f"(unbuffered: a put that returns is acknowledged). The killed member is started again between drills.\n",
      "| member killed | runs | takeover median (min–max) | writers' longest stall median (max) | acknowledged rows | missing on read-back |",
      "|---|---:|---|---|---:|---:|"]
for t, s in summary.items():
    tk, st = s["takeoverMs"], s["writerMaxStallMs"]
    md.append(f"| {label[t]} | {s['runs']} | {tk['median']/1000:.1f} s ({tk['min']/1000:.1f}–{tk['max']/1000:.1f}) | "
              f"{st['median']} ms ({st['max']} ms) | {s['acknowledged']:,} | {s['missing']} |")
m = summary["master"]["createTableMs"]
md += ["", f"After the HMaster kill, a table could be created {m['median']/1000:.1f} s after the kill (median; "
       f"{m['min']/1000:.1f}–{m['max']/1000:.1f}).", "",
       "Takeover is measured from the kill to the moment the successor reports itself active (NameNode JMX `State`,",
       "HMaster JMX `tag.isActiveMaster`, ZooKeeper `srvr` mode `leader`), polled every 50 ms.",
       "What bounds each: a killed NameNode's ZKFC sees its RPC refused within one health check (1 s) and quits",
       "the election; the other ZKFC fences (`shell(/bin/true)`: the quorum journal refuses the old writer) and",
       "makes its NameNode active. A killed HMaster's znode goes only when its ZooKeeper session expires",
       "(`zookeeper.session.timeout` 10 s on the HA local cluster), then the backup initialises.",
       "HBase writes do not need the HMaster, so writers barely stall during its failover.", "",
       "Every drill: `granary-node local drill --target namenode|master|zookeeper --rows N` (JSON per drill in failover.json)."]
open(os.path.join(out, "failover.md"), "w").write("\n".join(md) + "\n")
print("\n".join(md))
PY
