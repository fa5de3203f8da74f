#!/usr/bin/env bash
# Benchmark (not a test): converting replicated data to RS-3-2-1024k through the control plane, as an
# operator would (POST .../erasure-coding/conversions with the confirmation). Starts its own local
# cluster (port base 28000, data in var/bench-ec-convert) and control plane (port 18282); both are
# stopped by PID at the end. Three conversions of FILES × MB MiB each (default 16 × 64 = 1 GiB),
# interleaved REPS times (default 3; medians reported):
#   native ×P   the shipped setting: the engine's ISA-L coder via libhadoop, P files at once (default 4)
#   native ×1   the same coder, one file at a time
#   java ×P     the control plane started without libhadoop: Hadoop's pure-Java coder
# Each is polled every second (files copying at once, bytes done); afterwards every file is read back
# and its SHA-256 compared with the one taken before (bit-exact) and its own layout checked. The raw
# coder alone (granary-node ec-coder, in memory, one thread) is measured beside them, and the control
# plane's CPU time per conversion (/proc/<pid>/stat) shows what the coder costs it.
# Rewrites the "Converting existing data" section of docs/benchmarks/ec-throughput.md and writes
# docs/benchmarks/ec-conversion.json.
#   backend/bench/ec-convert.sh [FILES] [MB] [PARALLEL] [REPS]
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
FILES="${1:-16}"
MB="${2:-64}"
PARALLEL="${3:-4}"
REPS="${4:-3}"
PORT=18282
PORT_BASE=28000
OUT="$ROOT/docs/benchmarks"
DATA="$ROOT/var/bench-ec-convert"
CLUSTER="$DATA/cluster"
NODE="$ROOT/storage/runtime/target/granary-node/bin/granary-node"
PASSWORD="bench-admin-password"
POLICY="RS-3-2-1024k"
export GRANARY_EC_PARALLEL_FILES="$PARALLEL"

# shellcheck source=backend/bench/stack.sh
. "$ROOT/backend/bench/stack.sh"

restart_control_plane() { # env assignments for the new control plane
  "$ROOT/tools/backend.sh" stop >/dev/null
  env "$@" "$ROOT/tools/backend.sh" start >/dev/null
  login
}

RESULTS="$DATA/results.jsonl"
: > "$RESULTS"
api POST "$C/erasure-coding/policies/$POLICY/enable" >/dev/null

cpu_ticks() { # user + system clock ticks of the control plane so far
  awk '{print $14 + $15}' "/proc/$(cat "$GRANARY_DATA_DIR/backend.pid")/stat"
}

convert() { # variant rep seed
  local variant=$1 label="$1-$2" dir="/bench-ec-convert/$1-$2" seed=$3 id state cpu0 cpu1
  "$NODE" dfs-fill --dir "$CLUSTER" --path "$dir" --files "$FILES" --min-kb $((MB * 1024)) \
    --max-kb $((MB * 1024)) --seed "$seed" >/dev/null
  "$NODE" dfs-sum --dir "$CLUSTER" --path "$dir" > "$DATA/before-$label.jsonl"
  cpu0=$(cpu_ticks)
  id=$(api POST "$C/erasure-coding/conversions" "{\"path\":\"$dir\",\"policy\":\"$POLICY\",\"confirm\":\"$dir\"}" |
    json 'd["conversion"]["id"]')
  : > "$DATA/progress-$label.jsonl"
  for _ in $(seq 1 1800); do
    api GET "$C/erasure-coding/conversions/$id" |
      python3 -c 'import json,sys,time; d=json.load(sys.stdin); d["t"]=time.time(); print(json.dumps(d))' \
        >> "$DATA/progress-$label.jsonl"
    state=$(tail -n1 "$DATA/progress-$label.jsonl" | json 'd["state"]')
    [ "$state" != RUNNING ] && break
    sleep 1
  done
  cpu1=$(cpu_ticks)
  [ "$state" = SUCCEEDED ] || { echo "$label: conversion ended $state" >&2; tail -n1 "$DATA/progress-$label.jsonl" >&2; exit 1; }
  "$NODE" dfs-sum --dir "$CLUSTER" --path "$dir" > "$DATA/after-$label.jsonl"
  CPU_TICKS=$((cpu1 - cpu0)) HZ=$(getconf CLK_TCK) VARIANT="$variant" REP="$2" LABEL="$label" DIR_="$DATA" POLICY="$POLICY" python3 - >> "$RESULTS" <<'PY'
import json, os
d, label = os.environ["DIR_"], os.environ["LABEL"]
read = lambda f: [json.loads(l) for l in open(f"{d}/{f}-{label}.jsonl") if l.strip()]
before, after, progress = read("before"), read("after"), read("progress")
last = progress[-1]
exact = [b["file"] for b, a in zip(before, after) if b["sha256"] == a["sha256"] and b["bytes"] == a["bytes"]]
under = [a["file"] for a in after if a["layout"] == os.environ["POLICY"]]
running = [p for p in progress if p["state"] == "RUNNING"]
print(json.dumps({
    "variant": os.environ["VARIANT"], "rep": int(os.environ["REP"]), "files": len(before), "bytes": sum(b["bytes"] for b in before),
    "bitExact": len(exact) == len(before) == len(after), "filesBitExact": len(exact),
    "filesUnderPolicy": len(under), "state": last["state"], "coder": last.get("coder"),
    "parallelFiles": last.get("parallelFiles"), "mostFilesCopying": max((p.get("filesCopying", 0) for p in running), default=0),
    "samplesWithSeveralCopying": sum(1 for p in running if p.get("filesCopying", 0) > 1), "samples": len(running),
    "mibPerSecond": last.get("mibPerSecond"), "rawBytesBefore": last["rawBytesBefore"], "rawBytesNow": last["rawBytesNow"],
    "message": last.get("message"), "controlPlaneCpuSeconds": round(int(os.environ["CPU_TICKS"]) / int(os.environ["HZ"]), 1),
    "progress": [{"t": round(p["t"] - progress[0]["t"], 1), "filesDone": p["filesDone"],
                  "filesCopying": p.get("filesCopying", 0), "bytesDone": p["bytesDone"]} for p in running]}))
PY
  tail -n1 "$RESULTS" | json '"%s #%d: %s, %s MiB/s, %d files at once at most, bit-exact %s" % (d["variant"], d["rep"], d["coder"], d["mibPerSecond"], d["mostFilesCopying"], d["bitExact"])'
}

for rep in $(seq 1 "$REPS"); do
  restart_control_plane GRANARY_EC_PARALLEL_FILES="$PARALLEL"
  convert "native-x$PARALLEL" "$rep" $((rep * 10 + 1))
  restart_control_plane GRANARY_EC_PARALLEL_FILES=1
  convert native-x1 "$rep" $((rep * 10 + 2))
  # without the engine's libhadoop the control plane's HDFS client falls back to Hadoop's Java coder
  restart_control_plane GRANARY_EC_PARALLEL_FILES="$PARALLEL" GRANARY_DIST_SOURCE="$DATA/no-engine-native"
  convert "java-x$PARALLEL" "$rep" $((rep * 10 + 3))
done

CODER="$DATA/coder.jsonl"
"$NODE" ec-coder --coder native --mb 2048 > "$CODER"
"$NODE" ec-coder --coder java --mb 512 >> "$CODER"

RESULTS="$RESULTS" CODER="$CODER" OUT="$OUT" PARALLEL="$PARALLEL" REPS="$REPS" AT="$(date -u +%FT%TZ)" \
  CPU="$(sed -n 's/^model name\s*: //p' /proc/cpuinfo | head -n1)" python3 - <<'PY'
import json, os, statistics
rows = [json.loads(l) for l in open(os.environ["RESULTS"]) if l.strip()]
coders = {c["coder"]: c for c in (json.loads(l) for l in open(os.environ["CODER"]) if l.strip())}
p = os.environ["PARALLEL"]
for r in rows:
    assert r["bitExact"] and r["filesUnderPolicy"] == r["files"], f"{r['variant']} #{r['rep']}: not bit-exact or not under the policy"
    r["cpuSecondsPerGiB"] = round(r["controlPlaneCpuSeconds"] / (r["bytes"] / (1 << 30)), 1)
variants = [f"native-x{p}", "native-x1", f"java-x{p}"]
runs = {v: sorted((r for r in rows if r["variant"] == v), key=lambda r: r["rep"]) for v in variants}
med = lambda v, k: statistics.median(r[k] for r in runs[v])
def paired(a, b, k):  # per-rep ratios a/b (the reps ran interleaved), median and range
    ratios = [x[k] / y[k] for x, y in zip(runs[a], runs[b])]
    return {"median": round(statistics.median(ratios), 2), "min": round(min(ratios), 2), "max": round(max(ratios), 2)}
nat, ser, jav = variants
out = {"at": os.environ["AT"], "cpu": os.environ["CPU"], "cores": os.cpu_count(), "policy": "RS-3-2-1024k",
       "reps": int(os.environ["REPS"]), "conversions": rows, "rawCoder": coders,
       "median": {v: {"mibPerSecond": med(v, "mibPerSecond"), "cpuSecondsPerGiB": med(v, "cpuSecondsPerGiB"),
                      "coder": runs[v][0]["coder"], "parallelFiles": runs[v][0]["parallelFiles"],
                      "mostFilesCopying": max(r["mostFilesCopying"] for r in runs[v])} for v in variants},
       "parallelOverSerial": paired(nat, ser, "mibPerSecond"), "nativeOverJava": paired(nat, jav, "mibPerSecond"),
       "javaCpuOverNative": paired(jav, nat, "cpuSecondsPerGiB"),
       "rawNativeOverJava": round(coders["native"]["encodeMiBps"] / coders["java"]["encodeMiBps"], 2)}
json.dump(out, open(os.path.join(os.environ["OUT"], "ec-conversion.json"), "w"), indent=2)
m = out["median"]
gib = rows[0]["bytes"] / (1 << 30)
fmt = lambda r: f"{r['median']}× ({r['min']}–{r['max']})"
sec = ["## Converting existing data (control plane)\n\n",
       f"Each conversion: {rows[0]['files']} replicated files, {gib:.2f} GiB, converted to RS-3-2-1024k through the "
       "API (`POST /api/v1/clusters/{id}/erasure-coding/conversions`); every file read back afterwards and its SHA-256 "
       "compared with the one taken before, and its own layout checked; progress polled every second. Three variants, "
       f"interleaved {out['reps']} times, medians: {out['at']}, {out['cores']} cores ({out['cpu']}), the same machine "
       "runs the whole local cluster. Produced by `make bench-ec-convert` (backend/bench/ec-convert.sh).\n\n",
       "| conversion | encoder (provenance) | files at once | most seen copying | MiB/s | control-plane CPU s/GiB | bit-exact | under policy |\n",
       "|---|---|---|---|---|---|---|---|\n"]
for v in variants:
    exact = sum(r["filesBitExact"] for r in runs[v])
    under = sum(r["filesUnderPolicy"] for r in runs[v])
    files = sum(r["files"] for r in runs[v])
    sec.append(f"| {v} | {m[v]['coder']} | {m[v]['parallelFiles']} | {m[v]['mostFilesCopying']} | "
               f"{m[v]['mibPerSecond']:,.1f} | {m[v]['cpuSecondsPerGiB']} | {exact}/{files} | {under}/{files} |\n")
sec.append("\nThe raw coder alone on this CPU (`granary-node ec-coder`: RS-3-2, 1 MiB cells, in memory over a "
           "160 MiB working set, one thread; MiB/s of data in):\n\n"
           "| coder | encoder | encode MiB/s | decode (2 cells lost) MiB/s |\n|---|---|---|---|\n")
for c in ("native", "java"):
    k = coders[c]
    sec.append(f"| {c} | {k['encoder']} | {k['encodeMiBps']:,.0f} | {k['decodeMiBps']:,.0f} |\n")
rate = m[nat]["mibPerSecond"]
sec.append(f"\nPaired ratios (median, range over the reps): {p} files at once over one at a time "
           f"**{fmt(out['parallelOverSerial'])}** in MiB/s; ISA-L over the Java coder **{fmt(out['nativeOverJava'])}** "
           f"in MiB/s, control-plane CPU per GiB with the Java coder over ISA-L **{fmt(out['javaCpuOverNative'])}**; "
           f"raw coder ISA-L over Java **{out['rawNativeOverJava']}×**.\n\n"
           + (f"What limits the conversion here is not the coder: at {rate:,.0f} MiB/s the ISA-L coder is busy "
              f"{rate / coders['native']['encodeMiBps']:.1%} of one core and even the Java coder only "
              f"{rate / coders['java']['encodeMiBps']:.0%}. "
              if out["nativeOverJava"]["median"] < 1.15 else
              f"The coder is part of the limit: at {rate:,.0f} MiB/s the Java coder would be busy "
              f"{rate / coders['java']['encodeMiBps']:.0%} of one core, ISA-L "
              f"{rate / coders['native']['encodeMiBps']:.1%}. ")
           + "Each converted byte is read from a replica and written as 5/3 bytes over 5 striped streams, each "
           "DataNode checksumming what it receives, then both copies' COMPOSITE_CRC are compared — five DataNodes, two "
           "RegionServers, the NameNode and the control plane sharing the cores. The coder's gain shows first as "
           "control-plane CPU freed, and turns into MiB/s where the control plane's host, not the DataNodes, is the "
           "limit (a separate control-plane host with many DataNodes behind it).\n"
           + ("\nParallel files do not raise the rate on this box either "
              f"({out['parallelOverSerial']['median']}×): with every core already busy, more streams only add "
              "contention. Several files at once are meant for DataNodes on other hosts, where one file's "
              "pipeline leaves their disks and network idle between blocks; on a one-host cluster "
              "`GRANARY_EC_PARALLEL_FILES=1` costs nothing.\n"
              if out["parallelOverSerial"]["median"] < 1.05 else ""))
md = os.path.join(os.environ["OUT"], "ec-throughput.md")
text = open(md).read() if os.path.exists(md) else ""
marker = "## Converting existing data"
text = (text.split(marker)[0].rstrip() + "\n\n") if marker in text else (text + "\n" if text else "")
open(md, "w").write(text + "".join(sec))
print("".join(sec))
PY
