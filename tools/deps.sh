#!/usr/bin/env bash
# Installs what Granary's build and tests need, from Debian/Ubuntu packages only. Idempotent:
# does nothing when everything is present.
set -euo pipefail

need=()
have_pkg() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q 'install ok installed'; }
java_major() { java -version 2>&1 | sed -n 's/.*version "\([0-9]*\).*/\1/p' | head -n1; }

command -v apt-get >/dev/null || { echo "deps: apt-get not found; Granary's build needs Debian or Ubuntu (x86-64)" >&2; exit 1; }

# ISA-L: libhadoop dlopen()s libisal.so.2 for the native erasure coder.
have_pkg libisal2 || need+=(libisal2)
if ! command -v java >/dev/null || [ "$(java_major)" -lt 17 ]; then need+=(openjdk-17-jdk-headless); fi
command -v mvn >/dev/null || need+=(maven)
command -v setsid >/dev/null || need+=(util-linux)
command -v curl >/dev/null || need+=(curl)
# the console's end-to-end tests drive Debian's Chromium (no browser download)
[ -x /usr/bin/chromium ] || need+=(chromium)
command -v wrk >/dev/null || need+=(wrk)   # make bench-api
command -v unshare >/dev/null || need+=(util-linux)
# metrics history and alerts of every cluster (docs/adr/0017-observability.md)
[ -x /usr/bin/prometheus ] || need+=(prometheus)
[ -x /usr/bin/prometheus-alertmanager ] || need+=(prometheus-alertmanager)
# Kerberized lab installs (docs/adr/0018-security.md): the managed KDC and the clients come from the
# lab hosts' root, a copy of this one; faketime plays a skewed clock in the keytab check's test
[ -x /usr/sbin/krb5kdc ] || need+=(krb5-kdc)
[ -x /usr/sbin/kadmin.local ] || need+=(krb5-admin-server)
command -v kinit >/dev/null || need+=(krb5-user)
command -v faketime >/dev/null || need+=(faketime)

# Node 20.19+ for the console; Debian 12's nodejs is older, so it must come with the machine.
node_ok() { command -v node >/dev/null && node -e 'const [a,b]=process.versions.node.split(".").map(Number); process.exit(a>20||(a==20&&b>=19)?0:1)'; }
if ! node_ok; then
  echo "deps: Node.js >= 20.19 with npm is required for the console (found: $(node --version 2>/dev/null || echo none))" >&2
  exit 1
fi

if [ ${#need[@]} -eq 0 ]; then
  echo "deps: all present (JDK $(java_major), Maven, Node $(node --version), libisal2, chromium)"
  exit 0
fi
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
echo "deps: installing ${need[*]}"
$sudo apt-get update -qq
# Packages' own services stay stopped (Prometheus' would scrape this machine on :9090): the local
# clusters run their own, and lab hosts, copies of this root, mask those units.
guard=""
if [ ! -e /usr/sbin/policy-rc.d ]; then
  guard=/usr/sbin/policy-rc.d
  printf '#!/bin/sh\nexit 101\n' | $sudo tee "$guard" >/dev/null
  $sudo chmod 755 "$guard"
fi
rc=0
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${need[@]}" || rc=$?
[ -z "$guard" ] || $sudo rm -f "$guard"
exit $rc
