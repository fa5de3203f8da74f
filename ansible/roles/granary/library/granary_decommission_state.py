#!/usr/bin/python
# -*- coding: utf-8 -*-
"""Reads how far the active NameNode is with decommissioning one DataNode, and the cluster's redundancy."""

from __future__ import annotations

import json

from ansible.module_utils.basic import AnsibleModule
from ansible.module_utils.granary_jmx import bean, same_host, summarize, use_ca

DOCUMENTATION = r"""
---
module: granary_decommission_state
short_description: Read a DataNode's decommissioning progress and the cluster's block redundancy
description:
  - Asks the active NameNode's JMX servlet (of I(members)) for the DataNode's admin state
    (C(NameNodeInfo) LiveNodes, DeadNodes, DecomNodes), the blocks its decommissioning still
    waits for, and the cluster's under-replicated, missing and reconstruction-pending blocks,
    erasure-coded block groups included (C(FSNamesystem), C(ECBlockGroupsState)).
  - Reads once and never changes anything; a caller polls it (until/retries) and shows
    I(blocks_left) as progress.
options:
  members:
    description: NameNode name -> base URL of its web server (http://address:port); the active one is read.
    type: dict
    required: true
  datanode:
    description: The DataNode's host names and addresses (a NameNode reporting lab2.example.org matches lab2).
    type: list
    elements: str
    required: true
  port:
    description: The DataNode's transfer port, when several DataNodes share a host.
    type: int
  ca_file:
    description: PEM of the CA that signed the members' certificates, for https:// members (Kerberized clusters).
    type: path
"""

RETURN = r"""
namenode:
  description: The active NameNode read, or an empty string when none answered as the only active one.
  type: str
  returned: always
admin_state:
  description: >-
    The DataNode's admin state as the NameNode reports it (In Service, Decommission In Progress,
    Decommissioned, ...), or absent when the NameNode does not list it (neither live nor dead).
  type: str
  returned: always
live:
  description: Whether the DataNode is among the live ones.
  type: bool
  returned: always
last_contact:
  description: >-
    Seconds since the NameNode last heard from the DataNode (its LiveNodes entry's lastContact: a
    restarted DataNode is live again only once this is small; a stopped one stays live until its
    heartbeat expires, about 10 minutes); -1 when it is not live.
  type: int
  returned: always
blocks_left:
  description: >-
    Blocks its decommissioning still waits for (DecomNodes underReplicatedBlocks +
    decommissionOnlyReplicas + underReplicateInOpenFiles); 0 when not decommissioning.
  type: int
  returned: always
under_replicated:
  description: The cluster's blocks with too few replicas (FSNamesystem UnderReplicatedBlocks).
  type: int
  returned: always
missing:
  description: Blocks with no replica left (FSNamesystem MissingBlocks).
  type: int
  returned: always
pending_reconstruction:
  description: Blocks being copied or reconstructed right now (FSNamesystem PendingReplicationBlocks).
  type: int
  returned: always
low_redundancy_ec:
  description: Erasure-coded block groups with too few internal blocks (ECBlockGroupsState LowRedundancyECBlockGroups).
  type: int
  returned: always
missing_ec:
  description: Erasure-coded block groups that cannot be read (ECBlockGroupsState MissingECBlockGroups).
  type: int
  returned: always
live_datanodes:
  description: >-
    Live DataNodes the NameNode reports (NameNodeInfo LiveNodes, as dfsadmin -report; a DataNode
    in neither list is left out, unlike FSNamesystemState NumLiveDataNodes, which counts a stopped
    one until its heartbeat expires).
  type: int
  returned: always
dead_datanodes:
  description: Dead DataNodes the NameNode reports (NameNodeInfo DeadNodes).
  type: int
  returned: always
decommissioning_datanodes:
  description: DataNodes being decommissioned (NameNodeInfo DecomNodes).
  type: int
  returned: always
enabled_ec_policies:
  description: The erasure-coding policies enabled on the cluster (ECBlockGroupsState EnabledEcPolicies).
  type: list
  elements: str
  returned: always
decommissioned:
  description: Whether the DataNode is Decommissioned.
  type: bool
  returned: always
redundant:
  description: Whether no block or block group is under-replicated, missing or pending reconstruction.
  type: bool
  returned: always
done:
  description: decommissioned and redundant.
  type: bool
  returned: always
msg:
  description: One line for people.
  type: str
  returned: always
"""

NAMENODE_INFO = "Hadoop:service=NameNode,name=NameNodeInfo"
FS_NAMESYSTEM = "Hadoop:service=NameNode,name=FSNamesystem"
EC_BLOCK_GROUPS = "Hadoop:service=NameNode,name=ECBlockGroupsState"


def _nodes(info, key):
    """A NameNodeInfo node map (a JSON string: "host:port" -> details)."""
    raw = info.get(key) or "{}"
    return json.loads(raw) if isinstance(raw, str) else raw


def _matches(key, entry, names, port):
    """Whether a node map entry ("host:xferport" -> {xferaddr: "address:port", ...}) is the DataNode."""
    for hostport in (key, entry.get("xferaddr", "")):
        host, _, p = str(hostport).rpartition(":")
        if host and same_host(host, names) and (port is None or p == str(port)):
            return True
    return False


def _find(nodes, names, port):
    for key, entry in nodes.items():
        if _matches(key, entry, names, port):
            return entry
    return None


def _count(beans, *keys):
    for b in beans:
        for k in keys:
            if b.get(k) is not None:
                return int(b[k] or 0)
    return 0


def read(members, names, port):
    """The module's result (without changed) from the active NameNode."""
    _, active, _ = summarize("namenode", members)
    empty = dict(namenode="", admin_state="unknown", live=False, last_contact=-1, blocks_left=0, under_replicated=0, missing=0,
                 pending_reconstruction=0, low_redundancy_ec=0, missing_ec=0, live_datanodes=0, dead_datanodes=0,
                 decommissioning_datanodes=0, enabled_ec_policies=[], decommissioned=False, redundant=False, done=False)
    if not active:
        return dict(empty, msg=f"no single active NameNode among {sorted(members)}")
    url = members[active]
    try:
        info, fsn, ec = bean(url, NAMENODE_INFO), bean(url, FS_NAMESYSTEM), bean(url, EC_BLOCK_GROUPS)
    except (OSError, ValueError) as e:
        return dict(empty, namenode=active, msg=f"the active NameNode {active} does not answer: {e}")

    live_nodes, dead_nodes, decom_nodes = _nodes(info, "LiveNodes"), _nodes(info, "DeadNodes"), _nodes(info, "DecomNodes")
    live_entry = _find(live_nodes, names, port)
    dead_entry = _find(dead_nodes, names, port)
    decom_entry = _find(decom_nodes, names, port)
    if live_entry is not None:
        admin_state = live_entry.get("adminState", "In Service")
    elif dead_entry is not None:
        admin_state = dead_entry.get("adminState") or ("Decommissioned" if dead_entry.get("decommissioned") else "In Service")
    else:
        admin_state = "absent"
    blocks_left = 0
    if decom_entry is not None:
        blocks_left = sum(int(decom_entry.get(k, 0) or 0)
                          for k in ("underReplicatedBlocks", "decommissionOnlyReplicas", "underReplicateInOpenFiles"))

    r = dict(
        namenode=active,
        admin_state=admin_state,
        live=live_entry is not None,
        last_contact=int(live_entry.get("lastContact", 0) or 0) if live_entry is not None else -1,
        blocks_left=blocks_left,
        under_replicated=_count([fsn], "UnderReplicatedBlocks", "LowRedundancyBlocks"),
        missing=_count([fsn], "MissingBlocks"),
        pending_reconstruction=_count([fsn], "PendingReplicationBlocks", "PendingReconstructionBlocks"),
        low_redundancy_ec=_count([ec], "LowRedundancyECBlockGroups", "LowRedundancyBlockGroups"),
        missing_ec=_count([ec], "MissingECBlockGroups", "MissingBlockGroups"),
        # the lists as dfsadmin -report shows them: without hosts in neither DataNode list (a
        # stopped DataNode stays in NumLiveDataNodes until its heartbeat expires, ~10 minutes)
        live_datanodes=len(live_nodes),
        dead_datanodes=len(dead_nodes),
        decommissioning_datanodes=len(decom_nodes),
        enabled_ec_policies=[x.strip() for x in str(ec.get("EnabledEcPolicies") or "").split(",") if x.strip()],
    )
    r["decommissioned"] = admin_state == "Decommissioned"
    r["redundant"] = not any(r[k] for k in ("under_replicated", "missing", "pending_reconstruction",
                                            "low_redundancy_ec", "missing_ec"))
    r["done"] = r["decommissioned"] and r["redundant"]
    r["msg"] = (
        f"{names[0]}: {admin_state}" + (f", {blocks_left} blocks left" if decom_entry is not None else "")
        + f"; cluster: {r['under_replicated']} under-replicated, {r['missing']} missing,"
        + f" {r['pending_reconstruction']} being copied, {r['low_redundancy_ec']} EC block groups low on"
        + f" redundancy, {r['missing_ec']} missing; {r['live_datanodes']} live, {r['dead_datanodes']} dead DataNodes"
    )
    return r


def main():
    module = AnsibleModule(
        argument_spec=dict(
            members=dict(type="dict", required=True),
            datanode=dict(type="list", elements="str", required=True),
            port=dict(type="int"),
            ca_file=dict(type="path"),
        ),
        supports_check_mode=True,
    )
    p = module.params
    use_ca(p["ca_file"])
    if not p["datanode"]:
        module.fail_json(msg="datanode needs at least one host name or address")
    module.exit_json(changed=False, **read(p["members"], p["datanode"], p["port"]))


if __name__ == "__main__":
    main()
