#!/usr/bin/env python3
"""docs/benchmarks/experiments.{md,json} from the experiments' API answers that experiments.sh saved.

    experiments-report.py RESULTS_DIR REPS OUT_DIR "KIND KIND ..."

Experiments not measured this time (EXPERIMENTS= a subset) keep their last figures from OUT_DIR/experiments.json,
so a subset run adds to the document rather than replacing it; each one names when it ran.
"""
import glob
import json
import os
import sys
from datetime import datetime, timezone

results_dir, reps, out, order = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4].split()
cpu = next(l.split(":", 1)[1].strip() for l in open("/proc/cpuinfo") if l.startswith("model name"))
mem = next(int(l.split()[1]) for l in open("/proc/meminfo") if l.startswith("MemTotal")) / 1048576
host = f"{cpu}, {os.cpu_count()} cores, {mem:.0f} GiB"
experiments = []
for path in sorted(glob.glob(os.path.join(results_dir, "*.json")), key=lambda p: int(os.path.basename(p).split("-")[0])):
    e = json.load(open(path))
    e["seconds"] = int(open(path[:-5] + ".seconds").read())
    experiments.append(e)
measured = {e["kind"]["key"] for e in experiments}
previous = os.path.join(out, "experiments.json")
if os.path.exists(previous):
    experiments += [e for e in json.load(open(previous))["experiments"] if e["kind"]["key"] not in measured]
experiments.sort(key=lambda e: order.index(e["kind"]["key"]) if e["kind"]["key"] in order else len(order))
doc = {"at": datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"), "repetitions": reps, "host": host,
       "experiments": experiments}


def slim(e):
    # the flame trees stay in the API (and the console); the file keeps their sample counts
    for r in e["runs"]:
        p = (r.get("result") or {}).get("profile")
        if p:
            p.pop("flame", None)
    return e


with open(os.path.join(out, "experiments.json"), "w") as f:
    json.dump(doc | {"experiments": [slim(e) for e in experiments]}, f, indent=2)


def cell(v):
    return "—" if v is None else f"{v:,.1f}"


with open(os.path.join(out, "experiments.md"), "w") as f:
    f.write("# Experiments I and II: the seeds on this machine\n\n")
    f.write(f"`make bench-experiments`, last run {doc['at']} (each experiment below names when it ran): each experiment with its catalog defaults through the experiments "
            f"API, {reps} repetition(s), medians shown. This machine: {host}. It is shared by the control plane, "
            "the tools and a local cluster of 5 DataNodes on one disk; scratch clusters are started per run. The seeds "
            "ran on clusters of many larger hosts, so compare the ratios, not the absolute figures.\n\n")
    for e in experiments:
        k = e["kind"]
        f.write(f"## {k['title']} ({k['seed']}, {k['figure']})\n\n")
        f.write(f"Seed hardware: {k['seedHardware']}. Measured from {e['summary']['createdAt'][:16]}Z: {e['seconds']} s "
                f"for {len(e['runs'])} runs; one of them: "
                f"`{e['runs'][0]['command']}`.\n\n")
        f.write("| finding | this machine | seed |\n|---|---|---|\n")
        for x in e["findings"]:
            f.write(f"| {x['label']} | {x['ours']} | {x['seed']} |\n")
        f.write("\n")
        for p in e["panels"]:
            notes = any(p.get("annotations") or [])
            f.write(f"**{p['title']}** ({p['yLabel']})\n\n")
            f.write("| " + p["xLabel"] + " | " + " | ".join(s["name"] for s in p["series"]) + (" | note |" if notes else " |")
                    + "\n")
            f.write("|---" * (len(p["series"]) + 1 + (1 if notes else 0)) + "|\n")
            for i, c in enumerate(p["categories"]):
                row = [c] + [cell(s["values"][i]) for s in p["series"]]
                if notes:
                    row.append(p["annotations"][i])
                f.write("| " + " | ".join(row) + " |\n")
            f.write("\n")
        for t in e.get("tables") or []:
            f.write(f"**{t['title']}**\n\n| " + " | ".join(t["columns"]) + " |\n" + "|---" * len(t["columns"]) + "|\n")
            for row in t["rows"]:
                f.write("| " + " | ".join(c.replace("|", "\\|") for c in row) + " |\n")
            f.write("\n" + (t.get("caption") or "") + "\n\n")
        if e["notes"]:
            f.write("".join(f"- {n}\n" for n in e["notes"]) + "\n")
        # a reading written by hand for the run shown (docs/benchmarks/readings/<kind>.md), when there is one
        reading = os.path.join(out, "readings", k["key"] + ".md")
        if os.path.exists(reading):
            f.write(open(reading).read().strip() + "\n\n")
print(f"wrote {out}/experiments.md and experiments.json")
