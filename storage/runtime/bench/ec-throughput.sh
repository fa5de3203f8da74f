#!/usr/bin/env bash
# Benchmark (not a test): DFSIO-like write and read throughput of the local cluster for RS-3-2-1024k
# against 3× replication, with 1 and 2 writers, and for RS-3-2 with this client's ISA-L (native)
# coder against Hadoop's Java coder. Starts its own local cluster (port base 27000, data in
# var/bench-ec) and stops it at the end. Each variant runs REPS times, interleaved; the median is
# reported. Writes docs/benchmarks/ec-throughput.{md,json}.
#   storage/runtime/bench/ec-throughput.sh [FILES] [MB] [REPS]
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../../.." && pwd)"
NODE="$ROOT/storage/runtime/target/granary-node/bin/granary-node"
FILES="${1:-8}"
MB="${2:-64}"
REPS="${3:-3}"
DIR="$ROOT/var/bench-ec"
OUT="$ROOT/docs/benchmarks"
[ -x "$NODE" ] || { echo "build first (make build): $NODE missing" >&2; exit 1; }
trap '"$NODE" local down --dir "$DIR" >/dev/null 2>&1 || true' EXIT
rm -rf "$DIR"
"$NODE" local up --dir "$DIR" --port-base 27000 >/dev/null
mkdir -p "$OUT"
results="$DIR/results.jsonl"
: > "$results"
for rep in $(seq 1 "$REPS"); do
  for writers in 1 2; do
    for variant in "replication native" "RS-3-2-1024k native" "RS-3-2-1024k java"; do
      set -- $variant
      "$NODE" dfsio --dir "$DIR" --layout "$1" --coder "$2" --files "$FILES" --mb "$MB" --writers "$writers" \
        | tail -n1 >> "$results"
    done
  done
done
native=$("$NODE" native-report 2>/dev/null | tr '\n' ' ' | head -c 300 || true)
RESULTS="$results" OUT="$OUT" FILES="$FILES" MB="$MB" REPS="$REPS" NATIVE="$native" \
  CPU="$(sed -n 's/^model name\s*: //p' /proc/cpuinfo | head -n1)" AT="$(date -u +%FT%TZ)" python3 - <<'PY'
import json, os, statistics
rows = [json.loads(l) for l in open(os.environ["RESULTS"]) if l.strip()]
def med(layout, coder, writers, key):
    v = [r[key] for r in rows if r["layout"] == layout and r["coder"] == coder and r["writers"] == writers]
    return statistics.median(v) if v else None
out = {"at": os.environ["AT"], "cpu": os.environ["CPU"], "cores": os.cpu_count(), "files": int(os.environ["FILES"]),
       "mbPerFile": int(os.environ["MB"]), "reps": int(os.environ["REPS"]), "runs": rows, "median": []}
variants = [("replication", "native", "3× replication"), ("RS-3-2-1024k", "native", "RS-3-2, ISA-L coder"),
            ("RS-3-2-1024k", "java", "RS-3-2, Java coder")]
lines = []
for w in (1, 2):
    base_w = med("replication", "native", w, "writeMiBps")
    base_r = med("replication", "native", w, "readMiBps")
    for layout, coder, label in variants:
        wr, rd = med(layout, coder, w, "writeMiBps"), med(layout, coder, w, "readMiBps")
        raw = med(layout, coder, w, "rawBytes")
        m = {"layout": layout, "coder": coder, "writers": w, "writeMiBps": wr, "readMiBps": rd, "rawBytes": raw,
             "writeRatioToReplication": round(wr / base_w, 2), "readRatioToReplication": round(rd / base_r, 2)}
        out["median"].append(m)
        lines.append(f"| {label} | {w} | {wr:,.0f} | {m['writeRatioToReplication']}× | {rd:,.0f} | "
                     f"{m['readRatioToReplication']}× | {raw / (1 << 20):,.0f} |")
def ratio(coder_a, coder_b, w):
    return round(med("RS-3-2-1024k", coder_a, w, "writeMiBps") / med("RS-3-2-1024k", coder_b, w, "writeMiBps"), 2)
out["isalOverJavaWrite"] = {str(w): ratio("native", "java", w) for w in (1, 2)}
json.dump(out, open(os.path.join(os.environ["OUT"], "ec-throughput.json"), "w"), indent=2)
md = os.path.join(os.environ["OUT"], "ec-throughput.md")
# the conversion section belongs to make bench-ec-convert: kept as it is
marker = "## Converting existing data"
tail = open(md).read().split(marker, 1) if os.path.exists(md) else []
tail = marker + tail[1] if len(tail) == 2 else ""
with open(md, "w") as f:
    f.write("# Erasure-coded vs replicated write/read throughput (local cluster)\n\n")
    f.write(f"`granary-node dfsio`: W writers write {out['files']} files × {out['mbPerFile']} MiB, then W readers read "
            f"them back; median of {out['reps']} interleaved runs per variant. The local cluster: 5 DataNodes, 2 "
            f"RegionServers, NameNode and ZooKeeper on one machine with {out['cores']} cores ({out['cpu']}), one "
            f"disk. The coder column is this client's (EC encoding happens in the writing client). {out['at']}. "
            f"Produced by `make bench-ec` (storage/runtime/bench/ec-throughput.sh).\n\n")
    f.write("| layout | writers | write MiB/s | vs 3× | read MiB/s | vs 3× | raw MiB on disk |\n"
            "|---|---|---|---|---|---|---|\n")
    f.write("\n".join(lines) + "\n\n")
    f.write("RS-3-2 writes 5/3 = 1.67 raw bytes per logical byte against 3 for replication, so when the disks "
            "are the bottleneck its write throughput can be up to 3 / 1.67 = **1.8×** that of replication. "
            f"Measured write ratio (ISA-L): {out['median'][1]['writeRatioToReplication']}× with 1 writer, "
            f"{out['median'][4]['writeRatioToReplication']}× with 2 writers — "
            f"{out['median'][1]['writeRatioToReplication'] / 1.8:.0%} and "
            f"{out['median'][4]['writeRatioToReplication'] / 1.8:.0%} of the theoretical 1.8×. "
            f"ISA-L over the Java coder for EC writes: {out['isalOverJavaWrite']['1']}× (1 writer), "
            f"{out['isalOverJavaWrite']['2']}× (2 writers). Healthy reads decode nothing, so the coder does not "
            "matter for them.\n\n")
    f.write("Why it can stay below 1.8× here: when the DataNodes write into the page cache and share a few cores "
            "with the whole cluster, the limit is CPU, not disk bandwidth — the EC client computes parity and sends "
            "k + m streams itself, while replication sends one stream down a DataNode pipeline. The raw MiB column "
            "shows the space saving that the throughput gain follows on disk-bound hosts.\n")
    if tail:
        f.write("\n" + tail)
print(open(os.path.join(os.environ["OUT"], "ec-throughput.md")).read())
PY
