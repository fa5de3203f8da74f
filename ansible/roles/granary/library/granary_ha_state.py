#!/usr/bin/python
# -*- coding: utf-8 -*-
"""Reads (and optionally waits for) the HA state of a NameNode pair or of the HBase masters."""

from __future__ import annotations

import json
import time
import urllib.request

from ansible.module_utils.basic import AnsibleModule

DOCUMENTATION = r"""
---
module: granary_ha_state
short_description: Read or wait for the active/standby state of NameNodes or HBase masters
description:
  - Asks each member's JMX servlet what it is. A NameNode is C(active), C(standby) (its
    C(NameNodeStatus) state; C(standby) only once it has left safe mode, else C(safemode)) or
    C(down); an HBase master is C(active), C(standby) (a backup master) or C(down).
  - With I(wait), polls until the members are as asked or I(timeout) passes; then fails.
options:
  role:
    description: What the members are.
    type: str
    choices: [namenode, master]
    required: true
  members:
    description: Member name -> base URL of its web server (http://address:port).
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
    description: With I(wait), the active member sees at least this many live DataNodes (NameNode) or RegionServers (master).
    type: int
    default: 0
  timeout:
    description: Seconds to wait.
    type: int
    default: 300
"""

RETURN = r"""
states:
  description: Member name -> active, standby, safemode (a NameNode not active and still in safe mode) or down.
  type: dict
  returned: always
active:
  description: The active member, or an empty string when none or several are active.
  type: str
  returned: always
live:
  description: Live DataNodes or RegionServers the active member sees (0 without one).
  type: int
  returned: always
"""

_QUERIES = {
    # NameNodeStatus.State, FSNamesystemState.FSState (safeMode|Operational) and NumLiveDataNodes
    "namenode": ["Hadoop:service=NameNode,name=NameNodeStatus", "Hadoop:service=NameNode,name=FSNamesystemState"],
    "master": ["Hadoop:service=HBase,name=Master,sub=Server"],
}


def _bean(url, query):
    with urllib.request.urlopen(f"{url.rstrip('/')}/jmx?qry={query}", timeout=5) as r:
        beans = json.load(r).get("beans") or [{}]
    return beans[0]


def member_state(role, url):
    """(state, live) of one member; ('down', 0) when it does not answer."""
    try:
        beans = [_bean(url, q) for q in _QUERIES[role]]
    except (OSError, ValueError):
        return "down", 0
    if role == "namenode":
        status, fs = beans
        state = status.get("State", "down")
        if state == "standby" and fs.get("FSState") == "safeMode":
            state = "safemode"
        return state, int(fs.get("NumLiveDataNodes", 0) or 0)
    server = beans[0]
    if "tag.isActiveMaster" not in server:
        return "down", 0
    active = str(server["tag.isActiveMaster"]).lower() == "true"
    return ("active" if active else "standby"), int(server.get("numRegionServers", 0) or 0)


def summarize(role, members):
    states, live = {}, {}
    for name, url in members.items():
        states[name], live[name] = member_state(role, url)
    actives = [n for n, s in states.items() if s == "active"]
    active = actives[0] if len(actives) == 1 else ""
    return states, active, live.get(active, 0)


def satisfied(states, active, live, want_active, standby, min_live):
    return (
        active != ""
        and (not want_active or active == want_active)
        and all(states.get(n) == "standby" for n in standby)
        and live >= min_live
    )


def main():
    module = AnsibleModule(
        argument_spec=dict(
            role=dict(type="str", choices=["namenode", "master"], required=True),
            members=dict(type="dict", required=True),
            wait=dict(type="bool", default=False),
            active=dict(type="str"),
            standby=dict(type="list", elements="str", default=[]),
            min_live=dict(type="int", default=0),
            timeout=dict(type="int", default=300),
        ),
        supports_check_mode=True,
    )
    p = module.params
    deadline = time.monotonic() + p["timeout"]
    while True:
        states, active, live = summarize(p["role"], p["members"])
        if not p["wait"] or satisfied(states, active, live, p["active"], p["standby"], p["min_live"]):
            module.exit_json(changed=False, states=states, active=active, live=live)
        if time.monotonic() > deadline:
            module.fail_json(
                msg=f"after {p['timeout']} s the {p['role']}s are {states} (wanted exactly one active"
                + (f", {p['active']}" if p["active"] else "")
                + (f", standby {p['standby']}" if p["standby"] else "")
                + (f", {p['min_live']} live" if p["min_live"] else "")
                + f"; the active one sees {live})",
                states=states, active=active, live=live)
        time.sleep(2)


if __name__ == "__main__":
    main()
