"""Shared by the modules' unit tests: run a role module as Ansible runs it, and a fake JMX servlet."""

import json
import os
import socketserver
import subprocess
import sys
import tempfile
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

ROLE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "roles", "granary")

# Ansible ships the role's module_utils inside the module's payload as ansible.module_utils.<name>;
# here each is registered under that name before the module runs as __main__.
_BOOT = """
import glob, importlib.util, os, runpy, sys
for path in sorted(glob.glob(os.path.join(sys.argv[1], "module_utils", "*.py"))):
    name = "ansible.module_utils." + os.path.basename(path)[:-3]
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod
    spec.loader.exec_module(mod)
module = os.path.join(sys.argv[1], "library", sys.argv[2] + ".py")
sys.argv = [module, sys.argv[3]]
runpy.run_path(module, run_name="__main__")
"""


def run(module, args, check_mode=False, diff=False):
    """The JSON result of role module `module` (e.g. granary_files) given `args`."""
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump({"ANSIBLE_MODULE_ARGS": dict(args, _ansible_check_mode=check_mode, _ansible_diff=diff)}, f)
    try:
        out = subprocess.run([sys.executable, "-c", _BOOT, ROLE, module, f.name], capture_output=True, text=True)
    finally:
        os.unlink(f.name)
    try:
        return json.loads(out.stdout)
    except ValueError:
        raise AssertionError(f"{module} printed no JSON: {out.stdout!r} {out.stderr!r}")


class FakeJmx:
    """A JMX servlet answering with the beans of self.beans (query -> bean)."""

    def __init__(self):
        self.beans = {}
        fake = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self):
                query = self.path.split("qry=", 1)[1]
                body = json.dumps({"beans": [fake.beans[query]] if query in fake.beans else []}).encode()
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.url = f"http://127.0.0.1:{self.server.server_port}"

    def namenode(self, state, fs_state="Operational", live=3, dead=0):
        self.beans["Hadoop:service=NameNode,name=NameNodeStatus"] = {"State": state}
        self.beans["Hadoop:service=NameNode,name=FSNamesystemState"] = {
            "FSState": fs_state, "NumLiveDataNodes": live, "NumDeadDataNodes": dead}

    def master(self, active, servers=3, live=None, dead=None):
        self.beans["Hadoop:service=HBase,name=Master,sub=Server"] = {
            "tag.isActiveMaster": "true" if active else "false", "numRegionServers": servers,
            "tag.liveRegionServers": ";".join(live or []), "tag.deadRegionServers": ";".join(dead or []),
            "numDeadRegionServers": len(dead or [])}

    def close(self):
        self.server.shutdown()
        self.server.server_close()


class FakeZooKeeper:
    """A ZooKeeper server answering the mntr command with self.stats (key -> value), or refusing to serve."""

    def __init__(self):
        self.stats = None
        fake = self

        class Handler(socketserver.BaseRequestHandler):
            def handle(self):
                self.request.recv(16)
                if fake.stats is None:
                    body = "This ZooKeeper instance is not currently serving requests\n"
                else:
                    body = "".join(f"{k}\t{v}\n" for k, v in fake.stats.items())
                self.request.sendall(body.encode())

        self.server = socketserver.ThreadingTCPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.address = f"127.0.0.1:{self.server.server_address[1]}"

    def mode(self, state, synced_followers=None):
        self.stats = {"zk_version": "3.8.4", "zk_server_state": state}
        if synced_followers is not None:
            self.stats["zk_synced_followers"] = synced_followers

    def close(self):
        self.server.shutdown()
        self.server.server_close()
