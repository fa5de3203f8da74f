#!/usr/bin/env bash
# Benchmark (not a test): the bench agent against YCSB's own HBase client (site.ycsb.Client with the
# hbase2 binding's HBaseClient2, compiled from YCSB's public source against the HBase client and YCSB
# core the agent ships), same cluster, same table, same workload files, interleaved. Starts its own
# local cluster (port base 29000) and control plane (port 18283) in var/bench-ycsb-parity; both are
# stopped by PID at the end.
#   1. bench_ycsb: 10 regions (user1 … user9), ROWS records of 10 × 100-byte fields loaded by YCSB's
#      client (bin/ycsb load);
#   2. one discarded round of A and C by both (the table settles after its load), then REPS times,
#      alternating which client goes first: workload A and workload C, THREADS closed-loop
#      threads, unbuffered writes, SECONDS measured after 5 s — the agent through the API (warm-up 5 s),
#      YCSB's client for 5 + SECONDS s with its per-second latency log, from which the first 5 s are
#      dropped (io.granary.bench.ycsb.HdrLogSlice);
#   3. paired ratios agent/YCSB per rep for ops/s and p50/p95/p99/p99.9 of each operation, median with a
#      distribution-free CI from order statistics. Writes docs/benchmarks/ycsb-parity.{md,json}.
# YCSB's source: YCSB_SRC, a checkout or a bare clone of github.com/brianfrankcooper/YCSB (default:
# ../.mirror/brianfrankcooper+YCSB/repo beside the project). Its HBase binding is not on Maven Central.
#   backend/bench/ycsb-parity.sh [SECONDS] [ROWS] [THREADS] [REPS]
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
SECONDS_="${1:-30}"
ROWS="${2:-100000}"
THREADS="${3:-8}"
REPS="${4:-6}"
PORT=18283
PORT_BASE=29000
OUT="$ROOT/docs/benchmarks"
DATA="$ROOT/var/bench-ycsb-parity"
CLUSTER="$DATA/cluster"
NODE="$ROOT/storage/runtime/target/granary-node/bin/granary-node"
LIB="$ROOT/storage/bench/target/granary-bench/lib"
WORKLOADS="$ROOT/storage/bench/src/main/resources/workloads"
PASSWORD="bench-admin-password"
YCSB_SRC="${YCSB_SRC:-$ROOT/../.mirror/brianfrankcooper+YCSB/repo}"
WARMUP=5

[ -d "$LIB" ] || { echo "build first (make build): $LIB missing" >&2; exit 1; }
if [ -d "$YCSB_SRC/hbase2/src/main/java" ]; then
  ycsb_tree() { tar -C "$YCSB_SRC" -c hbase2/src/main/java; }
  YCSB_COMMIT=$(git -C "$YCSB_SRC" rev-parse HEAD 2>/dev/null || echo "working tree")
elif git --git-dir "$YCSB_SRC" rev-parse HEAD >/dev/null 2>&1; then
  ycsb_tree() { git --git-dir "$YCSB_SRC" archive HEAD hbase2/src/main/java; }
  YCSB_COMMIT=$(git --git-dir "$YCSB_SRC" rev-parse HEAD)
else
  echo "YCSB's source not found at $YCSB_SRC: set YCSB_SRC to a checkout of github.com/brianfrankcooper/YCSB" >&2
  exit 1
fi

# shellcheck source=backend/bench/stack.sh
. "$ROOT/backend/bench/stack.sh"

# YCSB's hbase2 binding, compiled against the jars the agent runs with (YCSB core 0.17.0, HBase client)
mkdir -p "$DATA/ycsb-src" "$DATA/ycsb-classes"
ycsb_tree | tar -x -C "$DATA/ycsb-src"
# shellcheck disable=SC2046
javac -nowarn -d "$DATA/ycsb-classes" -cp "$LIB/*" $(find "$DATA/ycsb-src" -name '*.java') 2>"$DATA/javac.log"
CONF=$(sed -n 's/^client.conf.dir=//p' "$CLUSTER/endpoints.properties")
ycsb() { # load|run workload-letter [extra -p options…]: YCSB's own client, as bin/ycsb runs it
  local mode=$1 letter=$2
  shift 2
  java -cp "$CONF:$DATA/ycsb-classes:$LIB/*" site.ycsb.Client "$([ "$mode" = load ] && echo -load || echo -t)" \
    -db site.ycsb.db.hbase2.HBaseClient2 -P "$WORKLOADS/workload$letter" -p table=bench_ycsb -p columnfamily=f \
    -p recordcount="$ROWS" -p clientbuffering=false -threads "$THREADS" -s "$@"
}

create bench_ycsb "$(python3 -c "import json; print(json.dumps('\n'.join('user%d' % i for i in range(1, 10))))")"
ycsb load a > "$DATA/ycsb-load.txt" 2> "$DATA/ycsb-load.log"
grep -q "^\[INSERT\], Return=OK, $ROWS$" "$DATA/ycsb-load.txt" ||
  { echo "YCSB load did not insert $ROWS records; see $DATA/ycsb-load.txt" >&2; exit 1; }

RESULTS="$DATA/results.jsonl"
: > "$RESULTS"
agent() { # letter rep
  local launched id
  launched=$(api POST "$C/benchmarks/runs" "{\"name\":\"parity $1 #$2\",\"variants\":[{\"label\":\"$1\",
    \"workload\":\"ycsb\",\"ycsbWorkload\":\"$1\",\"table\":\"bench_ycsb\",\"threads\":$THREADS,
    \"durationSeconds\":$SECONDS_,\"warmupSeconds\":$WARMUP,\"recordCount\":$ROWS,\"loadFirst\":false,
    \"clientBuffering\":false}]}")
  # no polling while it measures: this script's own curl and python would share the cores with it,
  # which the official client's runs do not have
  sleep $((WARMUP + SECONDS_ + 6))
  await "parity run" 300 "/operations/$(echo "$launched" | json 'd["operationId"]')" 'd["state"]=="SUCCEEDED"'
  id=$(echo "$launched" | json 'd["runIds"][0]')
  api GET "$C/benchmarks/runs/$id" | python3 -c '
import json, sys
r = json.load(sys.stdin); s = r["summary"]
ops = {o["op"]: {"count": o["count"], "opsPerSec": o["count"] / s["measuredSeconds"],
                 **{k: o["service"][k] for k in ("p50", "p95", "p99", "p999", "max")}} for o in s["ops"]}
print(json.dumps({"client": "agent", "workload": sys.argv[1], "rep": int(sys.argv[2]), "runId": r["id"],
                  "opsPerSec": s["count"] / s["measuredSeconds"], "ops": ops,
                  "selfCost": r["provenance"].get("agentSelfCost"), "jvmFlags": r["provenance"].get("jvmFlags")}))
' "$1" "$2" >> "$RESULTS"
}
official() { # letter rep
  local prefix="$DATA/ycsb-$1-$2-"
  ycsb run "$(echo "$1" | tr 'AC' 'ac')" -p operationcount=2147483647 -p maxexecutiontime=$((WARMUP + SECONDS_)) \
    -p measurementtype=hdrhistogram -p hdrhistogram.percentiles=50,95,99,99.9 -p hdrhistogram.fileoutput=true \
    -p hdrhistogram.output.path="$prefix" -p status.interval=1 > "${prefix}report.txt" 2> "${prefix}client.log"
  local ops="{" f op
  for f in "$prefix"READ.hdr "$prefix"UPDATE.hdr; do
    [ -f "$f" ] || continue
    op=$(basename "$f" .hdr); op=${op##*-}
    ops="$ops\"$op\":$(java -cp "$LIB/*" io.granary.bench.ycsb.HdrLogSlice "$f" "$WARMUP" $((WARMUP + SECONDS_ + 1))),"
  done
  python3 -c '
import json, sys
ops = json.loads(sys.argv[3]); total = sum(o["count"] for o in ops.values())
seconds = max(o["seconds"] for o in ops.values())
report = open(sys.argv[4]).read()
print(json.dumps({"client": "ycsb", "workload": sys.argv[1], "rep": int(sys.argv[2]), "opsPerSec": total / seconds,
                  "ops": ops, "reportParses": report.startswith("[OVERALL], RunTime(ms),")}))
' "$1" "$2" "${ops%,}}" "${prefix}report.txt" >> "$RESULTS"
}

# settle: a freshly loaded table flushes and compacts, and both JVMs and the RegionServers warm up; the
# first runs after the load measured 30% below the rest, so one round of each is run and discarded
agent A 0 && official A 0 && agent C 0 && official C 0
: > "$RESULTS"

for rep in $(seq 1 "$REPS"); do
  for letter in A C; do
    if [ $((rep % 2)) -eq 1 ]; then agent "$letter" "$rep"; official "$letter" "$rep"
    else official "$letter" "$rep"; agent "$letter" "$rep"; fi
    echo "rep $rep workload $letter: $(tail -n2 "$RESULTS" | python3 -c '
import json, sys
for l in sys.stdin:
    d = json.loads(l); print(d["client"], round(d["opsPerSec"]), "ops/s", {k: v["p99"] for k, v in d["ops"].items()}, end="; ")')"
  done
done

RESULTS="$RESULTS" OUT="$OUT" AT="$(date -u +%FT%TZ)" ROWS="$ROWS" THREADS="$THREADS" SECS="$SECONDS_" \
  REPS="$REPS" YCSB_COMMIT="$YCSB_COMMIT" CPU="$(sed -n 's/^model name\s*: //p' /proc/cpuinfo | head -n1)" \
  python3 "$ROOT/backend/bench/parity-report.py"
