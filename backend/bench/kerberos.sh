#!/usr/bin/env bash
# Benchmark (not a test): the cost of Kerberos on the 3-host lab, as ratios of one run. Runs
# ProvisioningIT (a plain install, then YCSB workload A through the bench agent) and KerberosIT (the same
# on a Kerberized install, the agent logging in from the control plane's keytab), with YCSB A for
# SECONDS (make test runs 20). Needs root (the lab) and a built tree; holds the lab lock through the ITs.
# Writes docs/benchmarks/kerberos.{md,json}.
#   backend/bench/kerberos.sh [SECONDS]
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
SECONDS_A="${1:-120}"
OUT="$ROOT/docs/benchmarks"
cd "$ROOT"
mvn -B -ntp -o -pl storage/client,storage/runtime,storage/bench,provisioning,backend verify \
  -Dit.test=ProvisioningIT -Dtest=NONE -Dsurefire.failIfNoSpecifiedTests=false \
  -Dfailsafe.failIfNoSpecifiedTests=false -Dgranary.lab-ycsb.seconds="$SECONDS_A"
mkdir -p "$OUT"
python3 - "$ROOT/backend/target" "$OUT" "$SECONDS_A" <<'PY'
import json, sys, pathlib
target, out, secs = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2]), int(sys.argv[3])
k = json.loads((target / "kerberos-timings.json").read_text())
k["ycsbASeconds"] = secs
(out / "kerberos.json").write_text(json.dumps(k, indent=2) + "\n")
rows = [("install (s)", k["plainInstallSeconds"], k["kerberizedInstallSeconds"], k["installSecuredOverPlain"]),
        ("YCSB A (ops/s)", k["plainYcsbAOpsPerSec"], k["kerberizedYcsbAOpsPerSec"], k["ycsbASecuredOverPlain"])]
lines = ["# The cost of Kerberos on the 3-host lab", "",
         f"One run of `make bench-kerberos` (YCSB A for {secs} s, 4 threads, 10,000 records of 100 B).", "",
         "| | plain | Kerberized | Kerberized / plain |", "|---|---:|---:|---:|"]
lines += [f"| {n} | {p} | {s} | {r} |" for n, p, s, r in rows]
(out / "kerberos.md").write_text("\n".join(lines) + "\n")
print("\n".join(lines))
PY
