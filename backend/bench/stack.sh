# Sourced by the benchmark scripts that need their own local cluster and control plane.
# Needs: ROOT, NODE, DATA, CLUSTER, PORT, PASSWORD; PORT_BASE (default 26000), STACK_UP_ARGS (e.g. --metrics).
# Gives: login, api METHOD PATH [JSON], json PYTHON-EXPR, await WHAT SECONDS PATH PYTHON-CONDITION,
# create TABLE SPLIT-KEYS-JSON-STRING (family f), series LAUNCH-JSON (waits; prints the run ids),
# and C (/clusters/<id of the local cluster>). Both processes are stopped by PID on exit.
URL="http://127.0.0.1:$PORT"
[ -x "$NODE" ] || { echo "build first (make build): $NODE missing" >&2; exit 1; }
export GRANARY_DATA_DIR="$DATA/control-plane" GRANARY_PORT="$PORT" GRANARY_LOCAL_DIR="$CLUSTER" \
  GRANARY_ADMIN_PASSWORD="$PASSWORD"
stop_all() {
  "$ROOT/tools/backend.sh" stop >/dev/null 2>&1 || true
  "$NODE" local down --dir "$CLUSTER" >/dev/null 2>&1 || true
}
trap stop_all EXIT
rm -rf "$DATA"
mkdir -p "$DATA"
"$NODE" local up ${STACK_UP_ARGS:-} --dir "$CLUSTER" --port-base "${PORT_BASE:-26000}" >"$DATA/cluster-up.log"
"$ROOT/tools/backend.sh" start >/dev/null

login() { # sets session and xsrf; again after a control-plane restart
  local jar; jar=$(mktemp)
  curl -sf -c "$jar" -o /dev/null -H 'Content-Type: application/json' \
    -d "{\"username\":\"admin\",\"password\":\"$PASSWORD\"}" "$URL/api/v1/auth/login"
  session=$(awk '$6=="GRANARY_SESSION"{print $7}' "$jar")
  xsrf=$(awk '$6=="XSRF-TOKEN"{print $7}' "$jar")
  rm -f "$jar"
  [ -n "$session" ] || { echo "login failed" >&2; exit 1; }
}
login
api() { # method path [json]
  curl -sf -X "$1" -H "Cookie: GRANARY_SESSION=$session; XSRF-TOKEN=$xsrf" -H "X-XSRF-TOKEN: $xsrf" \
    -H 'Content-Type: application/json' ${3:+-d "$3"} "$URL/api/v1$2"
}
json() { python3 -c "import json,sys; d=json.load(sys.stdin); print($1)"; }
await() { # what seconds path python-condition-on-d
  for _ in $(seq 1 "$2"); do
    if api GET "$3" | python3 -c "import json,sys; d=json.load(sys.stdin); sys.exit(0 if ($4) else 1)" 2>/dev/null; then
      return 0
    fi
    sleep 1
  done
  echo "timed out waiting for $1" >&2
  exit 1
}
cluster=""
for _ in $(seq 1 60); do
  cluster=$(api GET /clusters | json 'next((c["id"] for c in d if c["name"]=="local"), "")') || true
  [ -n "$cluster" ] && break
  sleep 1
done
[ -n "$cluster" ] || { echo "no local cluster registered" >&2; exit 1; }
C="/clusters/$cluster"
await "codec probe" 240 "$C/codecs" 'd.get("probedAt") and not d["running"]'
create() { # name keys-json-string
  local op
  op=$(api POST "$C/tables" "{\"name\":\"$1\",\"families\":[{\"name\":\"f\"}],\"split\":{\"strategy\":\"EXPLICIT\",\"keys\":$2}}" |
    json 'd["operation"]["id"]')
  await "table $1" 120 "/operations/$op" 'd["state"]=="SUCCEEDED"'
}
series() { # body -> waits; prints the series' run ids, comma-separated
  local launched op
  launched=$(api POST "$C/benchmarks/runs" "$1")
  op=$(echo "$launched" | json 'd["operationId"]')
  await "benchmark series" 1800 "/operations/$op" 'd["state"] not in ("PENDING","RUNNING")'
  api GET "/operations/$op" | json 'd["state"]' | grep -qx SUCCEEDED ||
    { echo "series failed: $(api GET "/operations/$op")" >&2; exit 1; }
  echo "$launched" | json '",".join(str(i) for i in d["runIds"])'
}
