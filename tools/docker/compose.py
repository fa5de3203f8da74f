#!/usr/bin/env python3
"""Runs docker/compose.yml with podman where no compose engine is: up (in depends_on order,
waiting for each condition: service_healthy dependency), down [-v], ps, health.

The subset of the compose format the file uses: name, services (image, command, hostname,
environment, volumes, ports, ulimits, healthcheck, depends_on, restart, stop_grace_period),
named volumes, ${VAR:-default} interpolation, YAML merge keys. Anything else is refused by name,
so the file and this driver cannot drift apart silently. Healthchecks run when this driver asks
(`podman healthcheck run`): podman's own timers need systemd, which containers here lack.
"""
import argparse
import json
import os
import re
import subprocess
import sys
import time

import yaml

SERVICE_KEYS = {"image", "build", "command", "hostname", "environment", "volumes", "ports", "ulimits",
                "healthcheck", "depends_on", "restart", "stop_grace_period"}
VAR = re.compile(r"\$\{([A-Za-z_][A-Za-z0-9_]*)(?::?-([^}]*))?\}")


def die(msg):
    print(f"compose: {msg}", file=sys.stderr)
    sys.exit(2)


def interpolate(value):
    if isinstance(value, str):
        return VAR.sub(lambda m: os.environ.get(m.group(1)) or (m.group(2) or ""), value)
    if isinstance(value, list):
        return [interpolate(v) for v in value]
    if isinstance(value, dict):
        return {k: interpolate(v) for k, v in value.items()}
    return value


def load(path):
    with open(path) as f:
        doc = yaml.safe_load(f)
    doc = {k: v for k, v in doc.items() if not k.startswith("x-")}
    unknown = set(doc) - {"name", "services", "volumes"}
    if unknown:
        die(f"{path}: top-level keys this driver does not run: {sorted(unknown)}")
    for name, svc in doc["services"].items():
        extra = set(svc) - SERVICE_KEYS
        if extra:
            die(f"{path}: service {name}: keys this driver does not run: {sorted(extra)}")
    return interpolate(doc)


def seconds(text, default):
    if text is None:
        return default
    m = re.fullmatch(r"(\d+)(ms|s|m)?", str(text))
    if not m:
        die(f"cannot read the duration '{text}'")
    n = int(m.group(1))
    return {"ms": n / 1000, "m": n * 60}.get(m.group(2), n)


class Project:
    def __init__(self, doc, podman):
        self.doc = doc
        self.name = doc.get("name", "compose")
        self.services = doc["services"]
        self.podman = podman
        self.network = f"{self.name}_default"

    def pm(self, *args, check=True, capture=True):
        r = subprocess.run(self.podman + list(args), text=True, capture_output=capture)
        if check and r.returncode != 0:
            die(f"podman {' '.join(args[:3])}…: {(r.stderr or '').strip().splitlines()[-1:] or r.returncode}")
        return r

    def container(self, service):
        return f"{self.name}-{service}-1"

    def volume(self, name):
        return f"{self.name}_{name}"

    def order(self):
        done, out = set(), []

        def visit(s, path):
            if s in done:
                return
            if s in path:
                die(f"depends_on cycle: {' -> '.join(path + [s])}")
            for d in self.services[s].get("depends_on") or {}:
                if d not in self.services:
                    die(f"service {s} depends on unknown service {d}")
                visit(d, path + [s])
            done.add(s)
            out.append(s)

        for s in self.services:
            visit(s, [])
        return out

    def state(self, service):
        r = self.pm("container", "inspect", "--format", "{{.State.Status}}", self.container(service), check=False)
        return r.stdout.strip() if r.returncode == 0 else None

    def healthy(self, service):
        if not self.services[service].get("healthcheck"):
            return self.state(service) == "running"
        return self.pm("healthcheck", "run", self.container(service), check=False).returncode == 0

    def wait_healthy(self, service, timeout):
        start = time.time()
        while time.time() - start < timeout:
            st = self.state(service)
            if st in ("exited", "stopped"):
                logs = self.pm("logs", "--tail", "15", self.container(service), check=False)
                die(f"{service} stopped before it was healthy; its last lines:\n{logs.stdout}{logs.stderr}")
            if st == "running" and self.healthy(service):
                return time.time() - start
            time.sleep(2)
        die(f"{service} not healthy after {timeout} s (podman logs {self.container(service)})")

    def run_args(self, service):
        svc = self.services[service]
        args = ["run", "-d", "--name", self.container(service), "--network", self.network,
                "--network-alias", service, "--hostname", svc.get("hostname", service),
                "--label", f"com.docker.compose.project={self.name}",
                "--label", f"com.docker.compose.service={service}"]
        for k, v in (svc.get("environment") or {}).items():
            args += ["--env", f"{k}={'' if v is None else v}"]
        for v in svc.get("volumes") or []:
            src, _, dst = v.partition(":")
            args += ["--volume", f"{self.volume(src) if not src.startswith(('/', '.')) else src}:{dst}"]
        for p in svc.get("ports") or []:
            args += ["--publish", str(p)]
        for k, v in (svc.get("ulimits") or {}).items():
            soft, hard = (v, v) if isinstance(v, int) else (v["soft"], v["hard"])
            args += ["--ulimit", f"{k}={soft}:{hard}"]
        hc = svc.get("healthcheck")
        if hc:
            test = hc["test"]
            if isinstance(test, list) and test[0] == "CMD":
                cmd = json.dumps(test[1:])
            elif isinstance(test, list) and test[0] == "CMD-SHELL":
                cmd = test[1]
            else:
                cmd = test
            args += ["--health-cmd", cmd, "--health-interval", "disable",
                     "--health-timeout", f"{int(seconds(hc.get('timeout'), 30))}s",
                     "--health-retries", str(hc.get("retries", 3)),
                     "--health-start-period", f"{int(seconds(hc.get('start_period'), 0))}s"]
        if svc.get("restart"):
            args += ["--restart", svc["restart"]]
        args += ["--stop-timeout", str(int(seconds(svc.get("stop_grace_period"), 10)))]
        args.append(svc["image"])
        command = svc.get("command")
        args += command if isinstance(command, list) else ([command] if command else [])
        return args

    def up(self, timeout):
        t0 = time.time()
        if self.pm("network", "exists", self.network, check=False).returncode != 0:
            self.pm("network", "create", "--label", f"com.docker.compose.project={self.name}", self.network)
        for vol in (self.doc.get("volumes") or {}):
            if self.pm("volume", "exists", self.volume(vol), check=False).returncode != 0:
                self.pm("volume", "create", "--label", f"com.docker.compose.project={self.name}", self.volume(vol))
        times = {}
        for s in self.order():
            for dep, cond in (self.services[s].get("depends_on") or {}).items():
                if (cond or {}).get("condition") == "service_healthy" and dep not in times:
                    times[dep] = self.wait_healthy(dep, timeout)
                    print(f"  {dep} healthy ({time.time() - t0:.0f} s)", flush=True)
            st = self.state(s)
            if st == "running":
                print(f"  {s} running", flush=True)
                continue
            if st is not None:
                self.pm("start", self.container(s))
            else:
                self.pm(*self.run_args(s))
            print(f"  {s} started ({time.time() - t0:.0f} s)", flush=True)
        for s in self.order():
            if s not in times:
                self.wait_healthy(s, timeout)
                times[s] = 0
                print(f"  {s} healthy ({time.time() - t0:.0f} s)", flush=True)
        print(f"compose: {len(self.services)} services healthy in {time.time() - t0:.1f} s", flush=True)
        return time.time() - t0

    def down(self, volumes):
        for s in reversed(self.order()):
            if self.state(s) is not None:
                grace = int(seconds(self.services[s].get("stop_grace_period"), 10))
                t0 = time.time()
                self.pm("stop", "--time", str(grace), self.container(s), check=False)
                code = self.pm("container", "inspect", "--format", "{{.State.ExitCode}}", self.container(s),
                               check=False).stdout.strip()
                self.pm("rm", "--force", self.container(s))
                # 143: the JVM ran its shutdown hooks on SIGTERM; 137: SIGKILL after the grace period
                print(f"  {s} stopped (exit {code}, {time.time() - t0:.1f} s) and removed", flush=True)
        if self.pm("network", "exists", self.network, check=False).returncode == 0:
            self.pm("network", "rm", self.network)
        if volumes:
            for vol in (self.doc.get("volumes") or {}):
                if self.pm("volume", "exists", self.volume(vol), check=False).returncode == 0:
                    self.pm("volume", "rm", self.volume(vol))
            print("  volumes removed", flush=True)

    def ps(self):
        for s in self.order():
            st = self.state(s)
            health = ("healthy" if self.healthy(s) else "unhealthy") if st == "running" else "-"
            print(f"{s:16} {st or 'absent':10} {health}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-f", "--file", default=os.path.join(os.path.dirname(__file__), "../../docker/compose.yml"))
    ap.add_argument("-p", "--project-name")
    sub = ap.add_subparsers(dest="cmd", required=True)
    up = sub.add_parser("up")
    up.add_argument("--timeout", type=int, default=600, help="seconds each service may take to turn healthy")
    down = sub.add_parser("down")
    down.add_argument("-v", "--volumes", action="store_true", help="remove the named volumes too (the data)")
    sub.add_parser("ps")
    sub.add_parser("config", help="the file as this driver reads it (interpolated, merged)")
    a = ap.parse_args()
    doc = load(a.file)
    if a.project_name:
        doc["name"] = a.project_name
    podman = ["podman"] + (["--runtime", os.environ["GRANARY_OCI_RUNTIME"]] if os.environ.get("GRANARY_OCI_RUNTIME") else [])
    p = Project(doc, podman)
    if a.cmd == "up":
        p.up(a.timeout)
    elif a.cmd == "down":
        p.down(a.volumes)
    elif a.cmd == "ps":
        p.ps()
    else:
        print(yaml.safe_dump(doc, sort_keys=False))


if __name__ == "__main__":
    main()
