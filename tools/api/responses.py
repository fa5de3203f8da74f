#!/usr/bin/env python3
"""Adds the error responses every operation can give to backend/openapi/openapi.yaml, in place.

The rules (docs/api/problems.md): 400 for any operation with parameters or a body, 401/403 for any
secured operation (no credentials; role or CSRF), 404 for any operation with a path parameter, 415 for
any operation with a body, 409 for any operation on a cluster (it may not answer). Run after adding an operation; `--check` exits 1 when something is missing
(tools/api/check.sh runs it at the start of make test-java, so the schema the fuzzer reads never lags the API).
"""
import re
import sys

import yaml

PATH = sys.argv[-1] if len(sys.argv) > 1 and not sys.argv[-1].startswith("--") else "backend/openapi/openapi.yaml"
CHECK = "--check" in sys.argv
METHODS = ("get", "post", "put", "patch", "delete")
REF = "{ $ref: '#/components/responses/Problem' }"


def wanted(doc, path, method, op):
    params = list(doc["paths"][path].get("parameters", [])) + list(op.get("parameters", []))
    resolved = []
    for p in params:
        if "$ref" in p:
            p = doc["components"]["parameters"][p["$ref"].split("/")[-1]]
        resolved.append(p)
    secured = op.get("security", doc.get("security")) != []
    codes = set()
    if resolved or "requestBody" in op:
        codes.add("400")
    if secured:
        codes.update({"401", "403"})
    if any(p["in"] == "path" for p in resolved):
        codes.add("404")
    if "requestBody" in op:
        codes.add("415")
    if path.startswith("/clusters/{clusterId}/") and secured:
        codes.add("409")  # the cluster did not answer (cluster-unreachable), or a state conflict
    return codes


def check(doc):
    missing = []
    for path, item in doc["paths"].items():
        for method, op in item.items():
            if method in METHODS:
                for code in sorted(wanted(doc, path, method, op) - {str(k) for k in op["responses"]}):
                    missing.append(f"{method.upper()} {path} {code}")
    if missing:
        print("openapi.yaml lacks documented error responses (run tools/api/responses.py):", *missing, sep="\n  ")
        sys.exit(1)


def main():
    text = open(PATH).read()
    doc = yaml.safe_load(text)
    if CHECK:
        check(doc)
        return
    lines = text.split("\n")
    missing = []
    # walk the text: path lines at indent 2, methods at 4, "responses:" at 6, codes at 8
    path = method = None
    i = 0
    out = []
    while i < len(lines):
        line = lines[i]
        m = re.match(r"^  (/\S*):\s*$", line)
        if m:
            path = m.group(1)
        m = re.match(r"^    (get|post|put|patch|delete):\s*$", line)
        if m and path:
            method = m.group(1)
        if line == "      responses:" and path and method:
            op = doc["paths"][path][method]
            have = {str(k) for k in op["responses"]}
            out.append(line)
            i += 1
            while i < len(lines) and (lines[i].startswith("        ") or lines[i].strip() == ""):
                if lines[i].strip() == "":
                    break
                out.append(lines[i])
                i += 1
            for code in sorted(wanted(doc, path, method, op) - have):
                missing.append(f"{method.upper()} {path} {code}")
                out.append(f"        '{code}': {REF}")
            method = None
            continue
        out.append(line)
        i += 1
    open(PATH, "w").write("\n".join(out))
    print(f"added {len(missing)} responses")


if __name__ == "__main__":
    main()
