#!/usr/bin/env bash
# Benchmark (not a test): what the cluster's Prometheus costs and how fast the charts answer.
# Starts its own local cluster with --metrics (port base 26000, data in var/bench-observability) and
# control plane (port 18290); everything is stopped by PID at the end.
#  1. scrape cost: Prometheus' CPU (utime+stime of its PID) and RSS over IDLE seconds of the idle
#     cluster, with the series and samples/s it holds;
#  2. query cost: the same while 4 wrk clients read the requests/s chart (1 h) through the API;
#  3. history: DAYS days of synthetic series shaped like a lab scrape (the last 7 days at 15 s, older
#     at 60 s; backend/bench/synthetic-metrics.py) backfilled with promtool into a second Prometheus,
#     registered as cluster "synthetic"; the chart API's latency per range under 4 clients.
# Writes docs/benchmarks/observability.{md,json}.
#   backend/bench/observability.sh [IDLE_SECONDS] [LOAD_SECONDS] [DAYS] [TABLES]
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
IDLE="${1:-300}"
LOAD="${2:-30}"
DAYS="${3:-30}"
TABLES="${4:-10}"
PORT=18290
OUT="$ROOT/docs/benchmarks"
DATA="$ROOT/var/bench-observability"
CLUSTER="$DATA/cluster"
NODE="$ROOT/storage/runtime/target/granary-node/bin/granary-node"
PASSWORD="bench-admin-password"
PROM="http://127.0.0.1:26090"
SYNTH_PORT=26095
HERE="$ROOT/backend/bench"
command -v wrk >/dev/null || { echo "wrk missing: apt-get install wrk" >&2; exit 1; }
command -v promtool >/dev/null || { echo "promtool missing: make deps" >&2; exit 1; }

STACK_UP_ARGS=--metrics
synth_pid=""
# shellcheck source=backend/bench/stack.sh
. "$ROOT/backend/bench/stack.sh"
stop_synth() { [ -z "$synth_pid" ] || { kill "$synth_pid" 2>/dev/null || true; wait "$synth_pid" 2>/dev/null || true; }; }
trap 'stop_synth; stop_all' EXIT

prom() { curl -sf --get "$PROM/api/v1/query" --data-urlencode "query=$1" | json 'd["data"]["result"][0]["value"][1] if d["data"]["result"] else "nan"'; }
pid=$(cat "$CLUSTER/run/prometheus.pid")
ticks=$(getconf CLK_TCK)
cpu() { awk -v t="$ticks" '{print ($14 + $15) / t}' "/proc/$1/stat"; }
rss_mb() { awk '/VmRSS/{print int($2 / 1024)}' "/proc/$1/status"; }
for _ in $(seq 1 60); do
  [ "$(prom 'count(up == 1)')" != "nan" ] && [ "$(prom 'count(up == 0) or vector(0)')" = "0" ] && break
  sleep 2
done

# 1. idle scrape cost
c0=$(cpu "$pid"); t0=$(date +%s.%N)
sleep "$IDLE"
c1=$(cpu "$pid"); t1=$(date +%s.%N)
idle_cpu=$(python3 -c "print(round(($c1 - $c0) / ($t1 - $t0) * 100, 2))")
series=$(prom 'prometheus_tsdb_head_series')
samples=$(prom 'rate(prometheus_tsdb_head_samples_appended_total[1m])')
targets=$(prom 'count(up)')
prom_rss=$(rss_mb "$pid")
am_rss=$(rss_mb "$(cat "$CLUSTER/run/alertmanager.pid")")

# 2. query cost: the chart API under 4 clients
chart_load() { # path seconds -> RESULT json
  wrk -t1 -c4 -d"$2s" -H "Cookie: GRANARY_SESSION=$session" -s "$HERE/percentiles.lua" "$URL/api/v1$1" |
    sed -n 's/^RESULT //p'
}
c0=$(cpu "$pid"); t0=$(date +%s.%N)
local_result=$(chart_load "$C/metrics/requests?range=1h" "$LOAD")
c1=$(cpu "$pid"); t1=$(date +%s.%N)
query_cpu=$(python3 -c "print(round(($c1 - $c0) / ($t1 - $t0) * 100, 2))")
per_query_ms=$(python3 -c "import json; r=json.loads('$local_result'); print(round(($c1 - $c0) * 1000 / max(1, r['requests'] * 2), 3))")

# 3. DAYS of synthetic history in a second Prometheus
rm -rf "$DATA/synthetic" "$DATA/synthetic-tsdb"
gen0=$(date +%s)
python3 "$HERE/synthetic-metrics.py" "$DATA/synthetic" "$DAYS" "$TABLES" "$(date +%s)" >"$DATA/synthetic.log"
for f in "$DATA"/synthetic/day-*.om; do
  promtool tsdb create-blocks-from openmetrics "$f" "$DATA/synthetic-tsdb" >>"$DATA/synthetic.log"
  rm -f "$f"
done
backfill_s=$(( $(date +%s) - gen0 ))
printf 'global:\n  scrape_interval: 15s\n' >"$DATA/synthetic.yml"
/usr/bin/prometheus --config.file="$DATA/synthetic.yml" --storage.tsdb.path="$DATA/synthetic-tsdb" \
  --storage.tsdb.retention.time=$((DAYS + 10))d --web.listen-address=127.0.0.1:$SYNTH_PORT \
  >"$DATA/synthetic-prometheus.log" 2>&1 &
synth_pid=$!
for _ in $(seq 1 120); do curl -sf -o /dev/null "http://127.0.0.1:$SYNTH_PORT/-/ready" && break; sleep 1; done
blocks=$(ls -d "$DATA"/synthetic-tsdb/01* | wc -l)
tsdb_mb=$(du -sm "$DATA/synthetic-tsdb" | cut -f1)
endpoints=$(cat "$CLUSTER/endpoints.properties")
zk=$(echo "$endpoints" | sed -n 's/^zookeeper.quorum=//p' | sed 's/\\:/:/g')
nn=$(echo "$endpoints" | sed -n 's/^namenode.uri=//p' | sed 's/\\:/:/g')
synthetic=$(api POST /clusters "{\"name\":\"synthetic\",\"kind\":\"PROVISIONED\",\"zookeeperQuorum\":\"$zk\",\"namenodeUri\":\"$nn\",\"prometheusUrl\":\"http://127.0.0.1:$SYNTH_PORT\"}" | json 'd["id"]')
points=$(api GET "/clusters/$synthetic/metrics/requests?range=7d" | json 'sum(len(s["points"]) for s in d["series"])')
[ "$points" -gt 0 ] || { echo "the synthetic history charts no points" >&2; exit 1; }

rows=""
json_ranges=""
sep=""
for r in 15m 1h 6h 24h 7d; do
  for chart in requests "table-requests"; do
    path="/clusters/$synthetic/metrics/$chart?range=$r"
    [ "$chart" = "requests" ] || path="$path&table=t3"
    res=$(chart_load "$path" 15)
    rows+="$(python3 "$HERE/wrk-row.py" "$res" "…/metrics/$chart?range=$r")"$'\n'
    json_ranges+="$sep{\"chart\":\"$chart\",\"range\":\"$r\",${res#\{}"
    sep=","
  done
done
stop_synth

cpu_model="$(sed -n 's/^model name\s*: //p' /proc/cpuinfo | head -n1)"
at="$(date -u +%FT%TZ)"
mkdir -p "$OUT"
cat >"$OUT/observability.md" <<EOF
# Observability: Prometheus' cost and the chart API

$(nproc) cores ($cpu_model), $at. Produced by \`make bench-observability\`
(backend/bench/observability.sh $IDLE $LOAD $DAYS $TABLES). The local cluster (5 DataNodes, 2 RegionServers) with
\`--metrics\`: Prometheus and Alertmanager from Debian, scrape and evaluation every 10 s.

## Scrape and query cost (Prometheus' own CPU, from /proc/PID/stat)
| | value |
|---|---|
| targets | $targets |
| series in the head block | $series |
| samples appended / s | $(python3 -c "print(round(float('$samples'), 1))") |
| CPU idle, scraping only ($IDLE s) | $idle_cpu % of one core |
| CPU while 4 clients read the requests/s chart ($LOAD s) | $query_cpu % of one core |
| CPU per chart query (2 PromQL each) | $per_query_ms ms |
| Prometheus RSS | $prom_rss MB |
| Alertmanager RSS | $am_rss MB |

Chart API on the live cluster under that load:

| endpoint | requests | req/s | p50 ms | p90 ms | p99 ms | p99.9 ms | max ms | errors |
|---|---|---|---|---|---|---|---|---|
$(python3 "$HERE/wrk-row.py" "$local_result" "…/metrics/requests?range=1h")

## Chart API with $DAYS days of history
$DAYS days of synthetic series of a cluster "synthetic" (2 RegionServers, NameNode, 5 DataNodes, $TABLES
tables: $(sed -n 1p "$DATA/synthetic.log" | awk '{print $2}') series; the last 7 days at 15 s, older days at 60 s),
backfilled with \`promtool tsdb create-blocks-from openmetrics\` into $blocks blocks ($tsdb_mb MB) in $backfill_s s,
served by a second Prometheus. 4 closed-loop clients for 15 s per row; each chart is 2 PromQL range
queries of about 240 steps, no cache in the control plane.

| endpoint | requests | req/s | p50 ms | p90 ms | p99 ms | p99.9 ms | max ms | errors |
|---|---|---|---|---|---|---|---|---|
${rows}
EOF
cat >"$OUT/observability.json" <<EOF
{"at":"$at","cores":$(nproc),"idleSeconds":$IDLE,"targets":$targets,"series":$series,"samplesPerSecond":$samples,
 "idleCpuPercent":$idle_cpu,"queryCpuPercent":$query_cpu,"cpuMsPerChartQuery":$per_query_ms,
 "prometheusRssMb":$prom_rss,"alertmanagerRssMb":$am_rss,"liveChart":$local_result,
 "history":{"days":$DAYS,"tables":$TABLES,"blocks":$blocks,"tsdbMb":$tsdb_mb,"backfillSeconds":$backfill_s,
 "charts":[$json_ranges]}}
EOF
cat "$OUT/observability.md"
