"""Unit tests of the granary_ha_state module, run as Ansible runs it, against fake JMX servlets."""

import json
import os
import subprocess
import sys
import tempfile
import threading
import unittest
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

MODULE = os.path.join(os.path.dirname(__file__), "..", "roles", "granary", "library", "granary_ha_state.py")


def run(args):
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump({"ANSIBLE_MODULE_ARGS": args}, f)
    try:
        out = subprocess.run([sys.executable, MODULE, f.name], capture_output=True, text=True)
    finally:
        os.unlink(f.name)
    return json.loads(out.stdout)


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

    def namenode(self, state, fs_state="Operational", live=3):
        self.beans["Hadoop:service=NameNode,name=NameNodeStatus"] = {"State": state}
        self.beans["Hadoop:service=NameNode,name=FSNamesystemState"] = {"FSState": fs_state, "NumLiveDataNodes": live}

    def master(self, active, servers=3):
        self.beans["Hadoop:service=HBase,name=Master,sub=Server"] = {
            "tag.isActiveMaster": "true" if active else "false", "numRegionServers": servers}

    def close(self):
        self.server.shutdown()
        self.server.server_close()


class GranaryHaStateTest(unittest.TestCase):
    def setUp(self):
        self.a, self.b = FakeJmx(), FakeJmx()
        self.addCleanup(self.a.close)
        self.addCleanup(self.b.close)
        self.members = {"nn1": self.a.url, "nn2": self.b.url}

    def test_reads_the_active_and_the_standby_namenode(self):
        self.a.namenode("active", live=3)
        self.b.namenode("standby")
        r = run({"role": "namenode", "members": self.members})
        self.assertEqual({"nn1": "active", "nn2": "standby"}, r["states"])
        self.assertEqual("nn1", r["active"])
        self.assertEqual(3, r["live"])
        self.assertFalse(r["changed"])

    def test_a_standby_in_safe_mode_is_not_ready(self):
        self.a.namenode("active")
        self.b.namenode("standby", fs_state="safeMode")
        r = run({"role": "namenode", "members": self.members, "wait": True, "standby": ["nn2"], "timeout": 1})
        self.assertTrue(r["failed"])
        self.assertEqual("safemode", r["states"]["nn2"])

    def test_an_unreachable_member_is_down(self):
        self.a.namenode("active")
        r = run({"role": "namenode", "members": {"nn1": self.a.url, "nn2": "http://127.0.0.1:9"}})
        self.assertEqual("down", r["states"]["nn2"])
        self.assertEqual("nn1", r["active"])

    def test_waiting_fails_without_exactly_one_active(self):
        self.a.namenode("standby")
        self.b.namenode("standby")
        r = run({"role": "namenode", "members": self.members, "wait": True, "timeout": 1})
        self.assertTrue(r["failed"])
        self.assertIn("exactly one active", r["msg"])
        self.a.namenode("active")
        self.b.namenode("active")
        r = run({"role": "namenode", "members": self.members, "wait": True, "timeout": 1})
        self.assertTrue(r["failed"])
        self.assertEqual("", r["active"])

    def test_waits_for_the_named_active_member_and_live_servers(self):
        self.a.namenode("active", live=2)
        self.b.namenode("standby")
        r = run({"role": "namenode", "members": self.members, "wait": True, "min_live": 3, "timeout": 1})
        self.assertTrue(r["failed"])
        r = run({"role": "namenode", "members": self.members, "wait": True, "active": "nn2", "timeout": 1})
        self.assertTrue(r["failed"])
        r = run({"role": "namenode", "members": self.members, "wait": True, "active": "nn1", "min_live": 2})
        self.assertFalse(r.get("failed", False))

    def test_reads_the_active_and_the_backup_master(self):
        self.a.master(False, servers=0)
        self.b.master(True, servers=4)
        r = run({"role": "master", "members": {"hm1": self.a.url, "hm2": self.b.url}, "wait": True,
                 "standby": ["hm1"], "min_live": 4})
        self.assertEqual({"hm1": "standby", "hm2": "active"}, r["states"])
        self.assertEqual(4, r["live"])


if __name__ == "__main__":
    unittest.main()
