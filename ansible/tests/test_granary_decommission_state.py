"""Unit tests of the granary_decommission_state module, run as Ansible runs it, against fake NameNode JMX servlets."""

import json
import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from moduletest import FakeJmx, run as run_module  # noqa: E402

LAB2 = ["lab2", "10.77.0.12"]


def run(args):
    return run_module("granary_decommission_state", args)


def live(address, state="In Service"):
    return {"infoAddr": f"{address}:9864", "xferaddr": f"{address}:9866", "adminState": state, "numBlocks": 10}


class GranaryDecommissionStateTest(unittest.TestCase):
    def setUp(self):
        self.active, self.standby = FakeJmx(), FakeJmx()
        self.addCleanup(self.active.close)
        self.addCleanup(self.standby.close)
        self.active.namenode("active", live=4)
        self.standby.namenode("standby")
        self.members = {"nn1": self.standby.url, "nn2": self.active.url}
        self.nodes(live_nodes={"lab1:9866": live("10.77.0.11"), "lab2:9866": live("10.77.0.12")})
        self.blocks()

    def nodes(self, live_nodes=None, dead_nodes=None, decom_nodes=None):
        self.active.beans["Hadoop:service=NameNode,name=NameNodeInfo"] = {
            "LiveNodes": json.dumps(live_nodes or {}), "DeadNodes": json.dumps(dead_nodes or {}),
            "DecomNodes": json.dumps(decom_nodes or {})}

    def blocks(self, under=0, missing=0, pending=0, low_ec=0, missing_ec=0):
        self.active.beans["Hadoop:service=NameNode,name=FSNamesystem"] = {
            "UnderReplicatedBlocks": under, "MissingBlocks": missing, "PendingReplicationBlocks": pending}
        self.active.beans["Hadoop:service=NameNode,name=ECBlockGroupsState"] = {
            "LowRedundancyECBlockGroups": low_ec, "MissingECBlockGroups": missing_ec,
            "EnabledEcPolicies": "RS-6-3-1024k, XOR-2-1-1024k"}

    def test_an_in_service_datanode_is_not_done(self):
        r = run({"members": self.members, "datanode": LAB2, "port": 9866})
        self.assertEqual("nn2", r["namenode"])
        self.assertEqual("In Service", r["admin_state"])
        self.assertTrue(r["live"])
        self.assertEqual(0, r["blocks_left"])
        self.assertTrue(r["redundant"])
        self.assertFalse(r["decommissioned"])
        self.assertFalse(r["done"])
        self.assertFalse(r["changed"])
        self.assertEqual(["RS-6-3-1024k", "XOR-2-1-1024k"], r["enabled_ec_policies"])

    def test_blocks_left_add_up_the_decommissioning_entry(self):
        self.nodes(live_nodes={"lab2:9866": live("10.77.0.12", "Decommission In Progress")},
                   decom_nodes={"lab2:9866": {"xferaddr": "10.77.0.12:9866", "underReplicatedBlocks": 7,
                                              "decommissionOnlyReplicas": 2, "underReplicateInOpenFiles": 1}})
        self.blocks(under=7, pending=3, low_ec=2)
        r = run({"members": self.members, "datanode": LAB2})
        self.assertEqual("Decommission In Progress", r["admin_state"])
        self.assertEqual(10, r["blocks_left"])
        self.assertEqual((7, 3, 2), (r["under_replicated"], r["pending_reconstruction"], r["low_redundancy_ec"]))
        self.assertEqual(1, r["decommissioning_datanodes"])
        self.assertFalse(r["done"])
        self.assertIn("10 blocks left", r["msg"])

    def test_matched_by_address_when_the_namenode_knows_another_name(self):
        self.nodes(live_nodes={"node2.example.org:9866": live("10.77.0.12", "Decommissioned")})
        r = run({"members": self.members, "datanode": ["lab2", "10.77.0.12"], "port": 9866})
        self.assertEqual("Decommissioned", r["admin_state"])
        self.assertTrue(r["done"])
        r = run({"members": self.members, "datanode": ["lab2", "10.77.0.12"], "port": 9867})
        self.assertEqual("absent", r["admin_state"])

    def test_decommissioned_is_not_done_while_ec_block_groups_lack_redundancy(self):
        self.nodes(live_nodes={"lab2:9866": live("10.77.0.12", "Decommissioned")})
        self.blocks(low_ec=1)
        r = run({"members": self.members, "datanode": LAB2})
        self.assertTrue(r["decommissioned"])
        self.assertFalse(r["redundant"])
        self.assertFalse(r["done"])
        self.blocks(missing_ec=1)
        self.assertFalse(run({"members": self.members, "datanode": LAB2})["done"])
        self.blocks(missing=1)
        self.assertFalse(run({"members": self.members, "datanode": LAB2})["done"])
        self.blocks()
        self.assertTrue(run({"members": self.members, "datanode": LAB2})["done"])

    def test_reports_how_long_ago_the_namenode_heard_from_a_live_datanode(self):
        entry = dict(live("10.77.0.12"), lastContact=17)
        self.nodes(live_nodes={"lab1:9866": live("10.77.0.11"), "lab2:9866": entry})
        r = run({"members": self.members, "datanode": LAB2, "port": 9866})
        self.assertTrue(r["live"])
        self.assertEqual(17, r["last_contact"])
        self.nodes(live_nodes={"lab1:9866": live("10.77.0.11")})
        self.assertEqual(-1, run({"members": self.members, "datanode": LAB2})["last_contact"])

    def test_a_stopped_decommissioned_datanode_is_dead_and_decommissioned(self):
        self.nodes(live_nodes={"lab1:9866": live("10.77.0.11")},
                   dead_nodes={"lab2:9866": {"xferaddr": "10.77.0.12:9866", "decommissioned": True, "lastContact": 40}})
        r = run({"members": self.members, "datanode": LAB2})
        self.assertEqual("Decommissioned", r["admin_state"])
        self.assertFalse(r["live"])
        self.assertEqual(1, r["dead_datanodes"])

    def test_a_forgotten_datanode_is_absent_and_not_counted(self):
        # the NameNode still counts the stopped DataNode in NumLiveDataNodes until its heartbeat expires
        self.active.namenode("active", live=4)
        self.nodes(live_nodes={"lab1:9866": live("10.77.0.11"), "lab3:9866": live("10.77.0.13"),
                               "lab4:9866": live("10.77.0.14")})
        r = run({"members": self.members, "datanode": LAB2})
        self.assertEqual("absent", r["admin_state"])
        self.assertFalse(r["live"])
        self.assertEqual(3, r["live_datanodes"])
        self.assertEqual(0, r["dead_datanodes"])

    def test_without_an_active_namenode_nothing_is_done_and_nothing_fails(self):
        self.active.namenode("standby")
        r = run({"members": self.members, "datanode": LAB2})
        self.assertEqual("", r["namenode"])
        self.assertFalse(r["done"])
        self.assertFalse(r.get("failed", False))
        self.assertIn("no single active NameNode", r["msg"])


if __name__ == "__main__":
    unittest.main()
