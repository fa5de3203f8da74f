#!/usr/bin/env python3
"""make bench-docker: the smoke run's numbers as docs/benchmarks/docker.json and docker.md."""
import json
import sys

src, rss_file, out = sys.argv[1], sys.argv[2], sys.argv[3]
d = json.load(open(src))
rss = [l.split(None, 1) for l in open(rss_file).read().splitlines() if l.strip()]
json.dump({**d, "memory": dict(rss)}, open(out + ".json", "w"), indent=1)
lines = ["# Container images and the compose appliance", "",
         "Measured by `make bench-docker` (tools/docker/smoke.sh --bench) on the project's 2-core machine: "
         "podman 4.3 with runc, the base image made from Debian packages by debootstrap (no registry is reachable). "
         "Build times from an empty image store; the images share the base and the JRE layers.", "",
         "| image | size | build (s, 0 = cached) |", "|---|---:|---:|"]
for i in d["images"]:
    lines.append(f"| `{i['image']}` | {i['bytes'] / 1e6:.0f} MB | {i['buildSeconds']} |")
lines += ["", "| compose step | seconds |", "|---|---:|",
          f"| first `up` (empty volumes: format, first start) until all 12 services healthy | {d['firstUpSeconds']} |",
          f"| then the console sees the cluster HEALTHY (5 DataNodes, 2 RegionServers) | {d['first']['healthySeconds']} |",
          f"| `down` (SIGTERM, data kept) | {d['downSeconds']} |",
          f"| `up` again on the kept volumes until all healthy | {d['secondUpSeconds']} |",
          f"| then HEALTHY again | {d['again']['healthySeconds']} |"]
if rss:
    lines += ["", "Memory per container after the first start (podman stats):", "", "| container | usage |", "|---|---|"]
    lines += [f"| {n} | {m} |" for n, m in rss]
open(out + ".md", "w").write("\n".join(lines) + "\n")
