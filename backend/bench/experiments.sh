#!/usr/bin/env bash
# Benchmark (not a test): Experiments I at full size through the experiments API, as an operator would
# launch them from the console. Starts its own local cluster (port base 26000, data in
# var/bench-experiments) and control plane (port 18283); both are stopped by PID at the end.
# Every experiment runs with its catalog defaults (GET /experiments), REPS repetitions (default 2,
# interleaved), so each figure's ratios come from one run on this machine.
# Writes docs/benchmarks/experiments.{md,json}: for each experiment the figure's numbers and our
# findings beside the seed's, with the seed's hardware named.
#   backend/bench/experiments.sh [REPS]
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
REPS="${1:-2}"
PORT=18283
OUT="$ROOT/docs/benchmarks"
DATA="$ROOT/var/bench-experiments"
CLUSTER="$DATA/cluster"
NODE="$ROOT/storage/runtime/target/granary-node/bin/granary-node"
PASSWORD="bench-admin-password"

# shellcheck source=backend/bench/stack.sh
. "$ROOT/backend/bench/stack.sh"

results="["
for kind in ec-coder dfsio small-files reconstruction native-checksums; do
  started=$(date +%s)
  launched=$(api POST "$C/experiments" "{\"experiment\":\"$kind\",\"repetitions\":$REPS}")
  op=$(echo "$launched" | json 'd["operationId"]')
  series=$(echo "$launched" | json 'd["seriesId"]')
  await "experiment $kind" 7200 "/operations/$op" 'd["state"] not in ("PENDING","RUNNING")'
  api GET "/operations/$op" | json 'd["state"]' | grep -qx SUCCEEDED ||
    { echo "experiment $kind failed: $(api GET "/operations/$op")" >&2; exit 1; }
  results="$results{\"seconds\":$(( $(date +%s) - started )),\"experiment\":$(api GET "$C/experiments/$series")},"
done
results="${results%,}]"

RESULTS="$results" AT="$(date -u +%FT%TZ)" REPS="$REPS" OUT="$OUT" \
  CPU="$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//')" CORES="$(nproc)" \
  MEM="$(awk '/MemTotal/ {printf "%.0f GiB", $2/1048576}' /proc/meminfo)" python3 - <<'PY'
import json, os
results = json.loads(os.environ["RESULTS"])
host = f"{os.environ['CPU']}, {os.environ['CORES']} cores, {os.environ['MEM']}"
doc = {"at": os.environ["AT"], "repetitions": int(os.environ["REPS"]), "host": host,
       "experiments": [{"seconds": r["seconds"]} | r["experiment"] for r in results]}
out = os.environ["OUT"]
with open(os.path.join(out, "experiments.json"), "w") as f:
    json.dump(doc, f, indent=2)

def cell(v):
    return "—" if v is None else f"{v:,.1f}"

with open(os.path.join(out, "experiments.md"), "w") as f:
    f.write("# Experiments I: the storage seeds on this machine\n\n")
    f.write(f"`make bench-experiments`, {doc['at']}: each experiment with its catalog defaults through the "
            f"experiments API, {doc['repetitions']} repetitions interleaved, medians shown. This machine: {host}, "
            "shared by the control plane, the tools and a local cluster of 5 DataNodes on one disk. The seeds ran "
            "on clusters of many such hosts, so compare the ratios, not the absolute figures.\n\n")
    for r in doc["experiments"]:
        k = r["kind"]
        f.write(f"## {k['title']} ({k['seed']}, {k['figure']})\n\n")
        f.write(f"Seed hardware: {k['seedHardware']}. Took {r['seconds']} s, {len(r['runs'])} runs "
                f"(`{k['command']}` is one of them).\n\n")
        f.write("| finding | this machine | seed |\n|---|---|---|\n")
        for x in r["findings"]:
            f.write(f"| {x['label']} | {x['ours']} | {x['seed']} |\n")
        f.write("\n")
        for p in r["panels"]:
            f.write(f"**{p['title']}** ({p['yLabel']})\n\n")
            f.write("| " + p["xLabel"] + " | " + " | ".join(s["name"] for s in p["series"]) +
                    (" | note |" if p.get("annotations") else " |") + "\n")
            f.write("|---" * (len(p["series"]) + 1 + (1 if p.get("annotations") else 0)) + "|\n")
            for i, c in enumerate(p["categories"]):
                row = [c] + [cell(s["values"][i]) for s in p["series"]]
                if p.get("annotations"):
                    row.append(p["annotations"][i])
                f.write("| " + " | ".join(row) + " |\n")
            f.write("\n")
        if r["notes"]:
            f.write("".join(f"- {n}\n" for n in r["notes"]) + "\n")
PY
echo "wrote $OUT/experiments.md and experiments.json"
