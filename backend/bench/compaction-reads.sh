#!/usr/bin/env bash
# Benchmark (not a test): random-read latency of a table with many store files, before and after
# a run of its compaction schedule. Starts its own local cluster (port base 26000, data in
# var/bench-compaction) and control plane (port 18280); both are stopped by PID at the end.
#  1. create a table pre-split into 8 salted regions and a schedule with "pause outside windows"
#     (window far from now), so HBase's own compactions are switched off;
#  2. write the same ROWS keys ROUNDS times, flushing after each round: every row has a version in
#     each of ROUNDS store files per store;
#  3. random Gets (granary-node read: THREADS closed-loop readers, SECONDS after a 5 s warm-up);
#  4. run the schedule now (major compaction region by region, 1 per RegionServer) and wait for it;
#  5. the same reads again. Writes docs/benchmarks/compaction-reads.{md,json}.
#   backend/bench/compaction-reads.sh [SECONDS] [ROWS] [ROUNDS] [THREADS]
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
SECONDS_="${1:-30}"
ROWS="${2:-50000}"
ROUNDS="${3:-12}"
THREADS="${4:-4}"
PORT=18280
OUT="$ROOT/docs/benchmarks"
DATA="$ROOT/var/bench-compaction"
CLUSTER="$DATA/cluster"
NODE="$ROOT/storage/runtime/target/granary-node/bin/granary-node"
PASSWORD="bench-admin-password"
TABLE="bench_compaction_reads"
BUCKETS=8

export GRANARY_COMPACTION_TICK=2s
# shellcheck source=backend/bench/stack.sh
. "$ROOT/backend/bench/stack.sh"

op=$(api POST "$C/tables" "{\"name\":\"$TABLE\",\"families\":[{\"name\":\"d\"}],\"split\":{\"strategy\":\"SALT\",\"saltBuckets\":$BUCKETS}}" |
  json 'd["operation"]["id"]')
await "table creation" 120 "/operations/$op" 'd["state"]=="SUCCEEDED"'
hour=$(( ($(date -u +%-H) + 12) % 24 ))
schedule=$(api POST "$C/compactions/schedules" "{\"name\":\"bench\",\"targetKind\":\"TABLE\",\"target\":\"$TABLE\",
  \"cron\":\"0 $hour * * *\",\"timeZone\":\"UTC\",\"durationMinutes\":60,\"maxPerServer\":1,\"maxPerCluster\":2,
  \"selection\":\"THRESHOLD\",\"minStoreFilesPerStore\":4,\"pauseOutsideWindows\":true}" | json 'd["id"]')
sleep 6 # two scheduler ticks: compaction_switch false on every RegionServer

t0=$(date +%s)
for round in $(seq 1 "$ROUNDS"); do
  "$NODE" load --dir "$CLUSTER" --table "$TABLE" --rows "$ROWS" --salt-buckets "$BUCKETS" --flushes 1 >/dev/null
done
load_s=$(( $(date +%s) - t0 ))
# the state cache shows the files once the RegionServers reported them
await "store files to pile up" 60 "$C/tables/$TABLE/regions?size=100" \
  "min(r['storeFiles'] for r in d['items']) >= $ROUNDS"
files_before=$(api GET "$C/tables/$TABLE/regions?size=100" | json 'sum(r["storeFiles"] for r in d["items"])')

read_table() {
  "$NODE" read --dir "$CLUSTER" --table "$TABLE" --rows "$ROWS" --salt-buckets "$BUCKETS" --threads "$THREADS" \
    --seconds "$SECONDS_" --warmup 5
}
before=$(read_table)

started=$(api POST "$C/compactions/schedules/$schedule/run")
run=$(echo "$started" | json 'd["runId"]')
await "the scheduled run" 900 "$C/compactions/runs/$run" 'd["state"]!="RUNNING"'
runjson=$(api GET "$C/compactions/runs/$run")
state=$(echo "$runjson" | json 'd["state"]')
[ "$state" = "SUCCEEDED" ] || { echo "the run ended $state: $runjson" >&2; exit 1; }
after=$(read_table)

api DELETE "$C/compactions/schedules/$schedule" >/dev/null
api DELETE "$C/tables/$TABLE?confirm=$TABLE" >/dev/null || true

cpu="$(sed -n 's/^model name\s*: //p' /proc/cpuinfo | head -n1)"
at="$(date -u +%FT%TZ)"
BEFORE="$before" AFTER="$after" RUN="$runjson" FILES_BEFORE="$files_before" LOAD_S="$load_s" AT="$at" CPU="$cpu" \
  ROWS="$ROWS" ROUNDS="$ROUNDS" THREADS="$THREADS" SECS="$SECONDS_" OUT="$OUT" python3 - <<'PY'
import json, os
b, a, run = json.loads(os.environ["BEFORE"]), json.loads(os.environ["AFTER"]), json.loads(os.environ["RUN"])
for r in (b, a):
    if r["misses"]:
        raise SystemExit(f"{r['misses']} Gets found no row: the table is not what was loaded")
result = {
    "at": os.environ["AT"], "cpu": os.environ["CPU"], "cores": os.cpu_count(),
    "rows": int(os.environ["ROWS"]), "rounds": int(os.environ["ROUNDS"]), "threads": int(os.environ["THREADS"]),
    "seconds": int(os.environ["SECS"]), "loadSeconds": int(os.environ["LOAD_S"]),
    "storeFilesBefore": run.get("storeFilesBefore"), "storeFilesAfter": run.get("storeFilesAfter"),
    "regionsCompacted": run["regionsDone"], "compactionSeconds": run.get("durationSeconds"),
    "before": b, "after": a,
    "ratios": {k: round(b[k] / a[k], 2) for k in ("p50Ms", "p90Ms", "p99Ms", "p999Ms") if a[k]},
    "throughputRatio": round(a["opsPerSecond"] / b["opsPerSecond"], 2),
}
out = os.environ["OUT"]
with open(os.path.join(out, "compaction-reads.json"), "w") as f:
    json.dump(result, f, indent=2)
rows = [("before (%d store files)" % result["storeFilesBefore"], b), ("after (%d store files)" % result["storeFilesAfter"], a)]
with open(os.path.join(out, "compaction-reads.md"), "w") as f:
    f.write("# Random reads before and after a scheduled major compaction\n\n")
    f.write(f"Table `bench_compaction_reads`: 8 salted regions, one family; {result['rows']:,} keys written "
            f"{result['rounds']} times with a flush after each round while the schedule's \"pause outside windows\" "
            f"kept HBase's own compactions off, so every row has a version in each of {result['rounds']} store files "
            f"per store. Then the schedule ran now (major compaction region by region, 1 per RegionServer, "
            f"{result['regionsCompacted']} regions in {result['compactionSeconds']} s). Reads: `granary-node read`, "
            f"{result['threads']} closed-loop threads of random single-row Gets for {result['seconds']} s after a 5 s "
            f"warm-up, on the same machine as the local cluster: {result['cores']} cores ({result['cpu']}). "
            f"{result['at']}. Produced by `make bench-compaction` (backend/bench/compaction-reads.sh).\n\n")
    f.write("| table state | Gets/s | p50 ms | p90 ms | p99 ms | p99.9 ms | max ms |\n|---|---|---|---|---|---|---|\n")
    for name, r in rows:
        f.write(f"| {name} | {r['opsPerSecond']:,.0f} | {r['p50Ms']:.2f} | {r['p90Ms']:.2f} | {r['p99Ms']:.2f} | "
                f"{r['p999Ms']:.2f} | {r['maxMs']:.1f} |\n")
    ratios = result["ratios"]
    f.write(f"\nBefore/after latency ratios: p50 {ratios.get('p50Ms')}×, p99 {ratios.get('p99Ms')}×; "
            f"throughput after/before {result['throughputRatio']}×.\n")
print(open(os.path.join(out, "compaction-reads.md")).read())
PY
