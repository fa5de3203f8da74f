#!/usr/bin/python
# -*- coding: utf-8 -*-
"""Reads (and optionally waits for) the HA state of a NameNode pair, the HBase masters or a ZooKeeper ensemble."""

from __future__ import annotations

import time

from ansible.module_utils.basic import AnsibleModule
from ansible.module_utils.granary_jmx import matching_servers, summarize, use_ca

DOCUMENTATION = r"""
---
module: granary_ha_state
short_description: Read or wait for the active/standby state of NameNodes, HBase masters or ZooKeeper servers
description:
  - Asks each member's JMX servlet what it is. A NameNode is C(active), C(standby) (its
    C(NameNodeStatus) state; C(standby) only once it has left safe mode, else C(safemode)) or
    C(down); an HBase master is C(active), C(standby) (a backup master) or C(down).
  - A ZooKeeper server is asked with the C(mntr) command (it must be in C(4lw.commands.whitelist)):
    C(active) when it leads (or runs alone), C(standby) when it follows, C(down) when it does not
    serve; the leader's I(live) counts the servers in sync with it, itself included.
  - With I(wait), polls until the members are as asked or I(timeout) passes; then fails.
options:
  role:
    description: What the members are.
    type: str
    choices: [namenode, master, zookeeper]
    required: true
  members:
    description: Member name -> base URL of its web server (http://address:port); for ZooKeeper its client address (address:port).
    type: dict
    required: true
  wait:
    description: Poll until exactly one member is active and the conditions below hold.
    type: bool
    default: false
  active:
    description: With I(wait), this member must be the active one.
    type: str
  standby:
    description: With I(wait), these members must be standby (a NameNode out of safe mode).
    type: list
    elements: str
    default: []
  min_live:
    description: >-
      With I(wait), the active member sees at least this many live DataNodes (NameNode) or RegionServers (master),
      or this many ZooKeeper servers are in sync with the leader (itself included).
    type: int
    default: 0
  operational:
    description: With I(wait), the active NameNode has left safe mode (C(FSNamesystemState) C(FSState) C(Operational)).
    type: bool
    default: false
  present:
    description: >-
      Masters only. With I(wait), the active master lists these RegionServers live: ServerNames
      (host,port,startcode), so a restarted RegionServer counts only once its new instance registered.
    type: list
    elements: str
    default: []
  absent:
    description:
      - Masters only. With I(wait), the active master lists no live RegionServer on these hosts (names or
        addresses; a server reporting lab2.example.org matches lab2).
    type: list
    elements: str
    default: []
  absent_port:
    description: With I(absent), only RegionServers on this port count.
    type: int
  timeout:
    description: Seconds to wait.
    type: int
    default: 300
  ca_file:
    description: PEM of the CA that signed the members' certificates, for https:// members (Kerberized clusters).
    type: path
"""

RETURN = r"""
states:
  description: Member name -> active, standby, safemode (a NameNode not active and still in safe mode) or down.
  type: dict
  returned: always
operational:
  description: Whether the active member serves (a NameNode out of safe mode; false without an active one).
  type: bool
  returned: always
active:
  description: The active member, or an empty string when none or several are active.
  type: str
  returned: always
live:
  description: Live DataNodes or RegionServers the active member sees, ZooKeeper servers in sync with the leader (0 without one).
  type: int
  returned: always
dead:
  description: Dead DataNodes or RegionServers the active member lists (0 without one).
  type: int
  returned: always
servers:
  description: Masters only, the active master's live RegionServers (ServerNames host,port,startcode).
  type: list
  elements: str
  returned: always
dead_servers:
  description: Masters only, the RegionServers the active master lists as dead.
  type: list
  elements: str
  returned: always
absent_dead_servers:
  description: Masters only, those of I(dead_servers) on the I(absent) hosts (and port).
  type: list
  elements: str
  returned: always
"""

def missing_servers(servers, wanted):
    """Those of the ServerNames wanted that servers lacks (host names compared ignoring case)."""
    listed = {s.lower() for s in servers}
    return [w for w in wanted if w.lower() not in listed]


def satisfied(states, active, seen, p):
    return (
        active != ""
        and (not p["active"] or active == p["active"])
        and all(states.get(n) == "standby" for n in p["standby"])
        and seen["live"] >= p["min_live"]
        and (not p["operational"] or seen["operational"])
        and not matching_servers(seen["servers"], p["absent"], p["absent_port"])
        and not missing_servers(seen["servers"], p["present"])
    )


def main():
    module = AnsibleModule(
        argument_spec=dict(
            role=dict(type="str", choices=["namenode", "master", "zookeeper"], required=True),
            members=dict(type="dict", required=True),
            wait=dict(type="bool", default=False),
            active=dict(type="str"),
            standby=dict(type="list", elements="str", default=[]),
            min_live=dict(type="int", default=0),
            operational=dict(type="bool", default=False),
            present=dict(type="list", elements="str", default=[]),
            absent=dict(type="list", elements="str", default=[]),
            absent_port=dict(type="int"),
            timeout=dict(type="int", default=300),
            ca_file=dict(type="path"),
        ),
        supports_check_mode=True,
    )
    p = module.params
    use_ca(p["ca_file"])
    if (p["absent"] or p["present"]) and p["role"] != "master":
        module.fail_json(msg="absent and present apply to role master only")
    deadline = time.monotonic() + p["timeout"]
    while True:
        states, active, seen = summarize(p["role"], p["members"])
        seen = seen or {"live": 0, "dead": 0, "servers": [], "dead_servers": [], "operational": False}
        result = dict(changed=False, states=states, active=active, live=seen["live"], dead=seen["dead"],
                      operational=seen["operational"],
                      servers=seen["servers"], dead_servers=seen["dead_servers"],
                      absent_dead_servers=matching_servers(seen["dead_servers"], p["absent"], p["absent_port"]))
        if not p["wait"] or satisfied(states, active, seen, p):
            module.exit_json(**result)
        if time.monotonic() > deadline:
            still = matching_servers(seen["servers"], p["absent"], p["absent_port"])
            lacking = missing_servers(seen["servers"], p["present"])
            module.fail_json(
                msg=f"after {p['timeout']} s the {p['role']}s are {states} (wanted exactly one active"
                + (f", {p['active']}" if p["active"] else "")
                + (f", standby {p['standby']}" if p["standby"] else "")
                + (f", {p['min_live']} live" if p["min_live"] else "")
                + (", out of safe mode" if p["operational"] else "")
                + (f", none live on {p['absent']}" if p["absent"] else "")
                + (f", {p['present']} live" if p["present"] else "")
                + f"; the active one sees {seen['live']}"
                + (f", {still} still live" if still else "")
                + (f", {lacking} not live" if lacking else "")
                + ("" if seen["operational"] or not p["operational"] else ", still in safe mode") + ")",
                **result)
        time.sleep(2)


if __name__ == "__main__":
    main()
