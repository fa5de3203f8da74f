"""Unit tests of the granary_ha_state module, run as Ansible runs it, against fake JMX servlets."""

import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from moduletest import FakeJmx, FakeZooKeeper, run as run_module  # noqa: E402


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

    def test_absent_and_present_are_for_masters_only(self):
        self.a.namenode("active")
        r = run({"role": "namenode", "members": {"nn1": self.a.url}, "absent": ["lab2"]})
        self.assertTrue(r["failed"])
        r = run({"role": "namenode", "members": {"nn1": self.a.url}, "present": ["lab2,16020,1"]})
        self.assertTrue(r["failed"])

    def test_waits_until_the_restarted_region_servers_new_instance_is_live(self):
        # the master may still list the instance from before the restart (an older startcode)
        self.a.master(True, servers=3, live=["lab1,16020,1", "LAB2,16020,5", "lab3,16020,1"])
        members = {"hm1": self.a.url}
        r = run({"role": "master", "members": members, "wait": True, "present": ["lab2,16020,9"], "timeout": 1})
        self.assertTrue(r["failed"])
        self.assertIn("['lab2,16020,9'] not live", r["msg"])
        self.a.master(True, servers=3, live=["lab1,16020,1", "LAB2,16020,9", "lab3,16020,1"])
        r = run({"role": "master", "members": members, "wait": True, "present": ["lab2,16020,9"], "timeout": 1})
        self.assertFalse(r.get("failed", False))

    def test_an_active_namenode_in_safe_mode_is_not_operational(self):
        self.a.namenode("active", fs_state="safeMode", live=3)
        r = run({"role": "namenode", "members": {"nn1": self.a.url}, "wait": True, "operational": True, "timeout": 1})
        self.assertTrue(r["failed"])
        self.assertIn("still in safe mode", r["msg"])
        self.assertFalse(r["operational"])
        # without asking for it, the active NameNode in safe mode is what install.yml waits for
        r = run({"role": "namenode", "members": {"nn1": self.a.url}, "wait": True, "timeout": 1})
        self.assertFalse(r.get("failed", False))
        self.a.namenode("active", live=3)
        r = run({"role": "namenode", "members": {"nn1": self.a.url}, "wait": True, "operational": True, "min_live": 3})
        self.assertTrue(r["operational"])


class GranaryHaStateZooKeeperTest(unittest.TestCase):
    def setUp(self):
        self.zk = [FakeZooKeeper() for _ in range(3)]
        for z in self.zk:
            self.addCleanup(z.close)
        self.members = {f"lab{i + 1}": z.address for i, z in enumerate(self.zk)}

    def test_the_leader_is_active_and_counts_its_synced_followers(self):
        self.zk[0].mode("follower")
        self.zk[1].mode("leader", synced_followers=2)
        self.zk[2].mode("follower")
        r = run({"role": "zookeeper", "members": self.members, "wait": True, "standby": ["lab1", "lab3"], "min_live": 3})
        self.assertEqual({"lab1": "standby", "lab2": "active", "lab3": "standby"}, r["states"])
        self.assertEqual("lab2", r["active"])
        self.assertEqual(3, r["live"])

    def test_waits_for_a_restarted_server_to_follow_again(self):
        self.zk[0].stats = None  # restarting: not serving yet
        self.zk[1].mode("leader", synced_followers=1)
        self.zk[2].mode("follower")
        r = run({"role": "zookeeper", "members": self.members, "wait": True, "standby": ["lab1"], "min_live": 3,
                 "timeout": 1})
        self.assertTrue(r["failed"])
        self.assertEqual("down", r["states"]["lab1"])
        self.assertEqual(2, r["live"])

    def test_a_server_that_does_not_answer_is_down(self):
        self.zk[0].mode("standalone")
        r = run({"role": "zookeeper", "members": {"lab1": self.zk[0].address, "lab9": "127.0.0.1:9"}})
        self.assertEqual({"lab1": "active", "lab9": "down"}, r["states"])

    def test_a_standalone_server_is_active_and_live(self):
        self.zk[0].mode("standalone")
        r = run({"role": "zookeeper", "members": {"lab1": self.zk[0].address}, "wait": True, "min_live": 1})
        self.assertEqual("lab1", r["active"])
        self.assertEqual(1, r["live"])


if __name__ == "__main__":
    unittest.main()
