"""Unit tests of the granary_ha_state module, run as Ansible runs it, against fake JMX servlets."""

import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from moduletest import FakeJmx, run as run_module  # noqa: E402


def run(args):
    return run_module("granary_ha_state", args)


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

    def test_lists_the_active_masters_live_and_dead_region_servers(self):
        self.a.master(True, servers=2, live=["lab1,16020,1", "lab3,16020,1"], dead=["lab2,16020,1"])
        r = run({"role": "master", "members": {"hm1": self.a.url}})
        self.assertEqual(["lab1,16020,1", "lab3,16020,1"], r["servers"])
        self.assertEqual(["lab2,16020,1"], r["dead_servers"])
        self.assertEqual(1, r["dead"])

    def test_waits_until_no_region_server_is_live_on_the_leaving_host(self):
        self.a.master(True, servers=3, live=["lab1,16020,1", "lab2.example.org,16020,7", "lab3,16020,1"])
        r = run({"role": "master", "members": {"hm1": self.a.url}, "wait": True,
                 "absent": ["lab2", "10.77.0.12"], "absent_port": 16020, "timeout": 1})
        self.assertTrue(r["failed"])
        self.assertIn("lab2.example.org,16020,7", r["msg"])
        r = run({"role": "master", "members": {"hm1": self.a.url}, "wait": True,
                 "absent": ["lab2"], "absent_port": 16021, "timeout": 1})
        self.assertFalse(r.get("failed", False))
        self.a.master(True, servers=2, live=["lab1,16020,1", "lab3,16020,1"], dead=["lab2.example.org,16020,7"])
        r = run({"role": "master", "members": {"hm1": self.a.url}, "wait": True, "absent": ["lab2", "10.77.0.12"]})
        self.assertFalse(r.get("failed", False))
        self.assertEqual(["lab2.example.org,16020,7"], r["absent_dead_servers"])

    def test_absent_is_for_masters_only(self):
        self.a.namenode("active")
        r = run({"role": "namenode", "members": {"nn1": self.a.url}, "absent": ["lab2"]})
        self.assertTrue(r["failed"])


if __name__ == "__main__":
    unittest.main()
