#!/usr/bin/env bash
# Benchmark (not a test): the bench agent's standard workloads through the control plane, as an
# operator would launch them. Starts its own local cluster (port base 26000, data in
# var/bench-workloads) and control plane (port 18281); both are stopped by PID at the end.
#  1. tables pre-split for their keys: bench_pe (8 regions over PE's 26-digit row numbers) and
#     bench_ycsb (10 regions over YCSB's user<digits> keys);
#  2. the ceiling probe (Gets of one cached row at full speed);
#  3. one series on bench_pe: randomRead (writes ROWS rows first), scan, randomWrite;
#  4. one series on bench_ycsb: YCSB A (loads ROWS records first), YCSB C.
# Every run: THREADS closed-loop threads, SECONDS measured after a 5 s warm-up.
# Writes docs/benchmarks/workloads.{md,json}.
#   backend/bench/workloads.sh [SECONDS] [ROWS] [THREADS]
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
SECONDS_="${1:-30}"
ROWS="${2:-100000}"
THREADS="${3:-8}"
PORT=18281
OUT="$ROOT/docs/benchmarks"
DATA="$ROOT/var/bench-workloads"
CLUSTER="$DATA/cluster"
NODE="$ROOT/storage/runtime/target/granary-node/bin/granary-node"
PASSWORD="bench-admin-password"

# shellcheck source=backend/bench/stack.sh
. "$ROOT/backend/bench/stack.sh"

pe_keys=$(python3 -c "import json; print(json.dumps('\n'.join('%026d' % ($ROWS * i // 8) for i in range(1, 8))))")
create bench_pe "$pe_keys"
create bench_ycsb "$(python3 -c "import json; print(json.dumps('\n'.join('user%d' % i for i in range(1, 10))))")"

probe=$(api POST "$C/benchmarks/ceiling" | json 'd["operationId"]')
await "ceiling probe" 300 "/operations/$probe" 'd["state"] not in ("PENDING","RUNNING")'

common="\"threads\":$THREADS,\"durationSeconds\":$SECONDS_,\"warmupSeconds\":5"
pe=$(series "{\"name\":\"PE classic\",\"variants\":[
  {\"label\":\"randomRead\",\"workload\":\"randomRead\",\"table\":\"bench_pe\",$common,\"rows\":$ROWS,\"valueSize\":1000},
  {\"label\":\"scan\",\"workload\":\"scan\",\"table\":\"bench_pe\",$common,\"rows\":$ROWS,\"valueSize\":1000,\"scanLength\":100,\"loadFirst\":false},
  {\"label\":\"randomWrite\",\"workload\":\"randomWrite\",\"table\":\"bench_pe\",$common,\"rows\":$ROWS,\"valueSize\":1000}]}")
ycsb=$(series "{\"name\":\"YCSB A and C\",\"variants\":[
  {\"label\":\"YCSB A\",\"workload\":\"ycsb\",\"ycsbWorkload\":\"A\",\"table\":\"bench_ycsb\",$common,\"recordCount\":$ROWS},
  {\"label\":\"YCSB C\",\"workload\":\"ycsb\",\"ycsbWorkload\":\"C\",\"table\":\"bench_ycsb\",$common,\"recordCount\":$ROWS,\"loadFirst\":false}]}")

runs="["
for id in $(echo "$pe,$ycsb" | tr ',' ' '); do
  runs="$runs$(api GET "$C/benchmarks/runs/$id"),"
done
runs="${runs%,}]"
YCSB_RUN="${ycsb%%,*}"
YCSB_REPORT="$(api GET "$C/benchmarks/runs/$YCSB_RUN/export?format=ycsb")"
export YCSB_RUN YCSB_REPORT
CEILING="$(api GET "$C/benchmarks/ceiling")" RUNS="$runs" AT="$(date -u +%FT%TZ)" ROWS="$ROWS" THREADS="$THREADS" \
  SECS="$SECONDS_" OUT="$OUT" python3 - <<'PY'
import json, os
ceiling, runs = json.loads(os.environ["CEILING"]), json.loads(os.environ["RUNS"])
p = runs[0]["provenance"]
result = {"at": os.environ["AT"], "rows": int(os.environ["ROWS"]), "threads": int(os.environ["THREADS"]),
          "seconds": int(os.environ["SECS"]), "ceiling": ceiling,
          "provenance": {k: p.get(k) for k in ("cpuModel", "agentCores", "engineVersion", "hadoopVersion", "ecCoder",
                                                 "checksum", "clusterConfigDigest", "javaVersion", "agentVersions")},
          "runs": [{k: r.get(k) for k in ("id", "label", "workload", "table", "threads", "opsPerSec", "mbPerSec",
                                          "agentCpuPercent", "ceilingRatio", "errors", "timeouts", "shellEquivalent")}
                   | {"summary": r["summary"], "regions": r["provenance"].get("regions")} for r in runs]}
out = os.environ["OUT"]
with open(os.path.join(out, "workloads.json"), "w") as f:
    json.dump(result, f, indent=2)
with open(os.path.join(out, "workloads.md"), "w") as f:
    f.write("# Bench agent workloads on the local cluster\n\n")
    f.write(f"Launched through the control plane (`make bench-workloads`, {result['at']}) on this machine: "
            f"{p.get('cpuModel')}, {p.get('agentCores')} cores shared by the agent, the 10 engine JVMs and the "
            f"control plane. HBase {p.get('engineVersion')}, EC coder {p.get('ecCoder')}, checksum "
            f"{p.get('checksum')}, cluster config {p.get('clusterConfigDigest')}.\n\n")
    f.write(f"Every run: {result['threads']} closed-loop threads, {result['seconds']} s measured after a 5 s warm-up. "
            f"PE workloads on `bench_pe` (8 regions over PE's 26-digit keys, {result['rows']:,} rows of 1,000-byte "
            f"values written by randomRead's load phase); YCSB on `bench_ycsb` (10 regions, {result['rows']:,} "
            f"records of 10 × 100-byte fields loaded by YCSB A). Latency is corrected (from the intended start) "
            f"and service time (from the call); closed loop makes them equal up to the client's own scheduling.\n\n")
    f.write(f"**Ceiling** (Gets of cached rows, one per region of an 8-region table, {ceiling.get('threads')} threads): "
            f"{ceiling.get('opsPerSec'):,.0f} ops/s, p99 {ceiling.get('p99ServiceMs')} ms, agent CPU "
            f"{ceiling.get('agentCpuPercent')}% of all cores.\n\n")
    f.write("ops/s counts every completed operation, as YCSB's Throughput does; OK/s those that returned OK. "
            "Return counts are YCSB's (a read of a missing key is NOT_FOUND, not an error); latencies are of the "
            "operations that returned OK, as YCSB's [READ] lines are.\n\n")
    f.write("| workload | ops/s | OK/s | MiB/s | p50 ms | p95 ms | p99 ms | p99.9 ms | p99 service ms | OK | NOT_FOUND "
            "| ERROR | agent CPU mean / max | agent GC | of ceiling |\n")
    f.write("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n")
    for r in runs:
        s = r["summary"]
        f.write(f"| {r['label']} | {s['opsPerSec']:,.0f} | {s['okPerSec']:,.0f} | {r['mbPerSec']:.1f} | "
                f"{s['corrected']['p50']:.2f} | {s['corrected']['p95']:.2f} | {s['corrected']['p99']:.2f} | "
                f"{s['corrected']['p999']:.2f} | {s['service']['p99']:.2f} | {s['ok']:,} | {s['notFound']:,} | "
                f"{s['errors'] + s['timeouts']:,} | {s['agentCpuMean']:.0f}% / {s['agentCpuMax']:.0f}% | "
                f"{s.get('gcCount', 0)} / {s.get('gcTimeMs', 0)} ms | {100 * (r['ceilingRatio'] or 0):.1f}% |\n")
    f.write("\nPer operation type (a YCSB read-modify-write also counts its READ and UPDATE, as YCSB does):\n\n"
            "| workload | op | ops/s | OK | NOT_FOUND | ERROR | min ms | p50 ms | p95 ms | p99 ms | p99.9 ms | max ms |\n"
            "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n")
    for r in runs:
        for o in r["summary"]["ops"]:
            c = o["corrected"]
            f.write(f"| {r['label']} | {o['op']} | {o['opsPerSec']:,.0f} | {o['ok']:,} | {o['notFound']:,} | "
                    f"{o['errors'] + o['timeouts']:,} | {c['min']:.2f} | {c['p50']:.2f} | {c['p95']:.2f} | "
                    f"{c['p99']:.2f} | {c['p999']:.2f} | {c['max']:.1f} |\n")
    f.write("\nEquivalent commands (the official YCSB client's for the YCSB runs: load, a warm-up to discard, the "
            "measured run; each run's YCSB-format report is its `export?format=ycsb`):\n\n")
    for r in runs:
        f.write(f"- {r['label']}:\n\n```\n{r['shellEquivalent']}\n```\n\n")
    ycsb = [r for r in runs if str(r["id"]) == os.environ["YCSB_RUN"]]
    if ycsb:
        r = ycsb[0]
        f.write(f"YCSB-format report of {r['label']} (run #{os.environ['YCSB_RUN']}):\n\n"
                f"```\n{os.environ['YCSB_REPORT'].rstrip()}\n```\n")
print(open(os.path.join(out, "workloads.md")).read())
PY
