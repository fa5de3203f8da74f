"""The agent/YCSB parity report from backend/bench/ycsb-parity.sh's results (one JSON line per run):
paired ratios per repetition, their median and a distribution-free CI from order statistics.
Writes docs/benchmarks/ycsb-parity.{md,json}."""
import json
import math
import os
import statistics

rows = [json.loads(line) for line in open(os.environ["RESULTS"]) if line.strip()]
METRICS = ("opsPerSec", "p50", "p95", "p99", "p999")
LABEL = {"opsPerSec": "ops/s", "p50": "p50", "p95": "p95", "p99": "p99", "p999": "p99.9"}


def median_ci(values):
    """Median and the widest-needed order-statistic interval with >= 95% coverage (else the range and its coverage)."""
    v = sorted(values)
    n = len(v)
    best = None
    for k in range(0, n // 2):  # interval v[k] .. v[n-1-k]
        coverage = 1 - 2 * sum(math.comb(n, i) for i in range(0, k + 1)) / 2 ** n
        if coverage >= 0.95:
            best = (v[k], v[n - 1 - k], coverage)
    if best is None:
        best = (v[0], v[-1], 1 - 2 / 2 ** n)
    return statistics.median(v), best


def pair(workload):
    agent = {r["rep"]: r for r in rows if r["client"] == "agent" and r["workload"] == workload}
    ycsb = {r["rep"]: r for r in rows if r["client"] == "ycsb" and r["workload"] == workload}
    return [(agent[k], ycsb[k]) for k in sorted(agent) if k in ycsb]


out = {"at": os.environ["AT"], "cpu": os.environ["CPU"], "cores": os.cpu_count(), "rows": int(os.environ["ROWS"]),
       "threads": int(os.environ["THREADS"]), "seconds": int(os.environ["SECS"]), "reps": int(os.environ["REPS"]),
       "ycsbCommit": os.environ["YCSB_COMMIT"], "runs": rows, "ratios": []}
table = []
for workload in ("A", "C"):
    pairs = pair(workload)
    if not pairs:
        continue
    ops = ["overall"] + sorted(pairs[0][0]["ops"])
    for op in ops:
        for m in METRICS:
            if op == "overall" and m != "opsPerSec":
                continue
            ratios, agent_v, ycsb_v = [], [], []
            for a, y in pairs:
                av = a["opsPerSec"] if op == "overall" else a["ops"][op][m]
                yv = y["opsPerSec"] if op == "overall" else y["ops"].get(op, {}).get(m)
                if yv:
                    ratios.append(av / yv)
                    agent_v.append(av)
                    ycsb_v.append(yv)
            if not ratios:
                continue
            med, (lo, hi, cov) = median_ci(ratios)
            r = {"workload": workload, "op": op, "metric": m, "ratios": [round(x, 3) for x in ratios],
                 "median": round(med, 3), "ciLow": round(lo, 3), "ciHigh": round(hi, 3), "ciCoverage": round(cov, 3),
                 "agentMedian": round(statistics.median(agent_v), 3), "ycsbMedian": round(statistics.median(ycsb_v), 3)}
            out["ratios"].append(r)
            unit = "" if m == "opsPerSec" else " ms"
            table.append(f"| {workload} | {op} | {LABEL[m]} | {r['agentMedian']:,}{unit} | {r['ycsbMedian']:,}{unit} | "
                         f"**{r['median']}** | {r['ciLow']}–{r['ciHigh']} ({cov:.0%}) |")
agent_cost = [r["selfCost"] for r in rows if r["client"] == "agent" and r.get("selfCost")]
out["agentSelfCost"] = agent_cost
json.dump(out, open(os.path.join(os.environ["OUT"], "ycsb-parity.json"), "w"), indent=2)

with open(os.path.join(os.environ["OUT"], "ycsb-parity.md"), "w") as f:
    f.write("# The bench agent against YCSB's own HBase client\n\n")
    f.write(f"Same local cluster, same table (`bench_ycsb`, 10 regions, {out['rows']:,} records of 10 × 100-byte "
            f"fields), same workload files (YCSB's workloada and workloadc), {out['threads']} closed-loop threads, "
            f"unbuffered writes, {out['seconds']} s measured after 5 s, {out['reps']} repetitions, the two clients "
            "interleaved and alternating which goes first. The agent is launched through the API; YCSB's client is "
            "`site.ycsb.Client -db site.ycsb.db.hbase2.HBaseClient2` (what `bin/ycsb run hbase2` runs), its binding "
            f"compiled from YCSB's source (commit {out['ycsbCommit'][:12]}) against the YCSB core 0.17.0 and HBase "
            "client jars the agent ships, on the JVM's defaults as `bin/ycsb` starts it; its first 5 s are dropped "
            "from its per-second latency log. Latencies are service times (closed loop). "
            f"{out['at']}, {out['cores']} cores ({out['cpu']}) shared by both clients, the 10 engine JVMs and "
            "the control plane. Produced by `make bench-ycsb-parity` (backend/bench/ycsb-parity.sh).\n\n")
    f.write("Ratio = agent / YCSB per repetition; the median of the ratios, and an interval from the order "
            "statistics with its coverage (95% or more needs 6 repetitions; with 5, the full range covers 94%).\n\n")
    f.write("| workload | op | metric | agent (median) | YCSB (median) | ratio | CI (coverage) |\n"
            "|---|---|---|---:|---:|---:|---|\n")
    f.write("\n".join(table) + "\n")
    if agent_cost:
        pauses = [c["gcPauseMaxMs"] for c in agent_cost]
        f.write(f"\nAgent self-cost over the measured time, per run: CPU mean "
                f"{min(c['cpuMeanPercent'] for c in agent_cost)}–{max(c['cpuMeanPercent'] for c in agent_cost)}% of "
                f"all cores, GC pauses {min(c['gcPauses'] for c in agent_cost)}–{max(c['gcPauses'] for c in agent_cost)} "
                f"(longest {max(pauses)} ms), allocation "
                f"{min(c['allocatedMiBPerSecond'] for c in agent_cost)}–{max(c['allocatedMiBPerSecond'] for c in agent_cost)} MiB/s.\n")
print(open(os.path.join(os.environ["OUT"], "ycsb-parity.md")).read())
