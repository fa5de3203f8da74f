#!/usr/bin/env python3
"""The compose appliance through its console's API (tools/docker/smoke.sh runs it):
  first  — the registered "compose" cluster turns HEALTHY with 5 DataNodes and 2 RegionServers
           (the figures checked against the NameNode's and the HMaster's own JMX), a table is
           created, 100 rows put and read back, RS-3-2-1024k enabled;
  again  — after down/up: the same cluster (registered once), its rows and the policy are there.
Exits non-zero with the failed check's message."""
import hashlib
import http.cookiejar
import json
import os
import ssl
import sys
import time
import urllib.error
import urllib.parse
import urllib.request

URL = os.environ["GRANARY_URL"]
NN_WEB = os.environ["GRANARY_NAMENODE_WEB"]
MASTER_WEB = os.environ["GRANARY_MASTER_WEB"]
PASSWORD = os.environ["GRANARY_ADMIN_PASSWORD"]
TABLE = "compose_smoke"
POLICY = "RS-3-2-1024k"
BINARY_KEY = "zz\\x00\\xFF"

HTTP_URL = os.environ["GRANARY_HTTP_URL"]
TLS_PIN = os.path.join("var", "docker", "console-tls.sha256")


def served_certificate():
    """The certificate the console presents, trusted from here on (as an operator accepts it once)."""
    host, port = urllib.parse.urlsplit(URL).hostname, urllib.parse.urlsplit(URL).port
    deadline = time.time() + 60
    while True:
        try:
            return ssl.get_server_certificate((host, port), timeout=5)
        except OSError:
            if time.time() > deadline:
                raise
            time.sleep(2)


PEM = served_certificate()
SHA256 = ":".join(f"{b:02X}" for b in hashlib.sha256(ssl.PEM_cert_to_DER_cert(PEM)).digest())
# verified against exactly that certificate, host name (127.0.0.1, in its SAN) included
TLS = ssl.create_default_context(cadata=PEM)
jar = http.cookiejar.CookieJar()
opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar), urllib.request.HTTPSHandler(context=TLS))


def check(ok, msg):
    if not ok:
        print(f"smoke: FAILED: {msg}", file=sys.stderr)
        sys.exit(1)


def call(method, path, body=None):
    headers = {"Accept": "application/json"}
    data = None
    if body is not None:
        data = json.dumps(body).encode()
        headers["Content-Type"] = "application/json"
    xsrf = next((c.value for c in jar if c.name == "XSRF-TOKEN"), None)
    if xsrf:
        headers["X-XSRF-TOKEN"] = xsrf
    req = urllib.request.Request(URL + path, data=data, method=method, headers=headers)
    try:
        with opener.open(req, timeout=60) as r:
            text = r.read().decode()
            return r.status, (json.loads(text) if text else None)
    except urllib.error.HTTPError as e:
        text = e.read().decode()
        try:
            return e.code, json.loads(text)
        except ValueError:
            return e.code, text


def jmx(base, query):
    with urllib.request.urlopen(f"{base}/jmx?qry={query}", timeout=10) as r:
        return json.loads(r.read().decode())["beans"][0]


def await_(what, seconds, fn):
    deadline = time.time() + seconds
    last = None
    while time.time() < deadline:
        ok, last = fn()
        if ok:
            return last
        time.sleep(3)
    check(False, f"{what} within {seconds} s; last: {json.dumps(last)[:600]}")


def login():
    status, _ = call("GET", "/actuator/health")
    check(status == 200, f"/actuator/health answered {status}")
    status, body = call("POST", "/api/v1/auth/login", {"username": "admin", "password": PASSWORD})
    check(status == 200, f"sign-in as admin: {status} {body}")


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args):
        return None


def tls(phase):
    """GET /tls names the served certificate; cookies are Secure; plain HTTP redirects to HTTPS."""
    status, body = call("GET", "/api/v1/tls")
    check(status == 200 and body.get("mode") == "SELF_SIGNED" and body.get("sha256") == SHA256,
          f"GET /tls {status} {body} names the served certificate {SHA256}")
    check(all(c.secure for c in jar if c.name in ("GRANARY_SESSION", "XSRF-TOKEN")) and
          any(c.name == "GRANARY_SESSION" for c in jar), f"Secure cookies: {[(c.name, c.secure) for c in jar]}")
    try:
        urllib.request.build_opener(NoRedirect).open(HTTP_URL + "/clusters", timeout=10)
        check(False, "plain HTTP served the console instead of redirecting")
    except urllib.error.HTTPError as e:
        check(e.code == 302 and e.headers.get("Location", "").startswith("https://"),
              f"plain HTTP answered {e.code} {e.headers.get('Location')}")
    if phase == "first":
        with open(TLS_PIN, "w") as f:
            f.write(SHA256 + "\n")
    else:
        with open(TLS_PIN) as f:
            pinned = f.read().strip()
        check(pinned == SHA256, f"the certificate changed across down/up: {pinned} then {SHA256}")


def compose_cluster():
    status, clusters = call("GET", "/api/v1/clusters")
    check(status == 200, f"GET /clusters: {status}")
    named = [c for c in clusters if c["name"] == "compose"]
    check(len(named) == 1, f"exactly one cluster named compose: {clusters}")
    return named[0]["id"]


def healthy(cid):
    def probe():
        status, o = call("GET", f"/api/v1/clusters/{cid}/overview")
        ok = (status == 200 and o["health"]["status"] == "HEALTHY"
              and o["hdfs"].get("liveDataNodes") == 5 and o["hbase"].get("liveRegionServers") == 2)
        return ok, o
    o = await_("the compose cluster HEALTHY with 5 DataNodes and 2 RegionServers", 300, probe)
    # the console's figures are what HDFS and HBase report themselves
    nn = jmx(NN_WEB, "Hadoop:service=NameNode,name=FSNamesystemState")
    check(nn["NumLiveDataNodes"] == o["hdfs"]["liveDataNodes"],
          f"live DataNodes: console {o['hdfs']['liveDataNodes']}, NameNode {nn['NumLiveDataNodes']}")
    master = jmx(MASTER_WEB, "Hadoop:service=HBase,name=Master,sub=Server")
    check(master["numRegionServers"] == o["hbase"]["liveRegionServers"],
          f"RegionServers: console {o['hbase']['liveRegionServers']}, HMaster {master['numRegionServers']}")
    return o


def await_operation(location):
    path = location[location.index("/api/"):]

    def probe():
        status, op = call("GET", path)
        return status == 200 and op["state"] not in ("PENDING", "RUNNING"), op
    op = await_(f"operation {path}", 240, probe)
    check(op["state"] == "SUCCEEDED", f"operation {path}: {op}")


def first(cid):
    # the codec probe runs once the cluster answers; creating a table waits for it like the console does
    status, body = call("POST", f"/api/v1/clusters/{cid}/tables",
                        {"name": TABLE, "families": [{"name": "f"}], "split": {"strategy": "NONE"}})
    check(status == 202, f"create table: {status} {body}")
    await_operation("/api/v1/operations/" + body["operation"]["id"])
    rows = [{"key": f"row-{i:03d}", "cells": [{"family": "f", "qualifier": "q", "value": f"v{i}"}]}
            for i in range(100)]
    # and one whose key and value hold bytes outside printable ASCII, in the shell's \xNN form
    rows.append({"key": BINARY_KEY, "cells": [{"family": "f", "qualifier": "q\\x01", "value": "\\x00\\xFFv"}]})
    status, body = call("PUT", f"/api/v1/clusters/{cid}/tables/{TABLE}/rows", {"rows": rows})
    check(status == 200 and body["rowsWritten"] == 101, f"put 101 rows: {status} {body}")
    status, bad = call("PUT", f"/api/v1/clusters/{cid}/tables/{TABLE}/rows",
                       {"rows": [{"key": "x", "cells": [{"family": "nope", "qualifier": "q", "value": "v"}]}]})
    check(status == 400 and "nope" in json.dumps(bad), f"a put to an unknown family: {status} {bad}")
    rows_back()
    status, policy = call("POST", f"/api/v1/clusters/{cid}/erasure-coding/policies/{POLICY}/enable")
    check(status == 200 and policy["state"] == "ENABLED", f"enable {POLICY}: {status} {policy}")


def rows_back(cid=None):
    cid = cid or compose_cluster()
    status, row = call("GET", f"/api/v1/clusters/{cid}/tables/{TABLE}/row?key=row-042")
    check(status == 200 and row["cells"][0]["value"] == "v42", f"get row-042: {status} {row}")
    status, page = call("GET", f"/api/v1/clusters/{cid}/tables/{TABLE}/rows?limit=5")
    check(status == 200 and [r["key"] for r in page["rows"]] == [f"row-{i:03d}" for i in range(5)]
          and page["more"], f"scan 5: {status} {page}")
    status, _ = call("GET", f"/api/v1/clusters/{cid}/tables/{TABLE}/row?key=row-999")
    check(status == 404, f"get a missing row: {status}")
    status, row = call("GET", f"/api/v1/clusters/{cid}/tables/{TABLE}/row?key={urllib.parse.quote(BINARY_KEY)}")
    check(status == 200 and row["key"] == BINARY_KEY and row["cells"][0]["qualifier"] == "q\\x01"
          and row["cells"][0]["value"] == "\\x00\\xFFv", f"get the binary row: {status} {row}")


def again(cid):
    rows_back(cid)
    status, body = call("GET", f"/api/v1/clusters/{cid}/erasure-coding/policies")
    check(status == 200, f"policies: {status}")
    states = {p["name"]: p["state"] for p in body["policies"]}
    check(states.get(POLICY) == "ENABLED", f"{POLICY} after down/up: {states.get(POLICY)}")


def main():
    phase = sys.argv[1]
    t0 = time.time()
    login()
    tls(phase)
    cid = compose_cluster()
    o = healthy(cid)
    healthy_s = time.time() - t0
    if phase == "first":
        first(cid)
    else:
        again(cid)
    print(json.dumps({"phase": phase, "healthySeconds": round(healthy_s, 1),
                      "liveDataNodes": o["hdfs"]["liveDataNodes"],
                      "liveRegionServers": o["hbase"]["liveRegionServers"], "tlsSha256": SHA256}))


if __name__ == "__main__":
    main()
