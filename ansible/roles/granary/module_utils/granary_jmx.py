# -*- coding: utf-8 -*-
"""Reads the engine's JMX servlets (/jmx?qry=...) and ZooKeeper's mntr: the shared part of the granary role's modules."""

from __future__ import annotations

import ipaddress
import json
import socket
import ssl
import urllib.request

# NameNodeStatus.State, FSNamesystemState.FSState (safeMode|Operational), NumLiveDataNodes and
# NumDeadDataNodes; the master's isActiveMaster, numRegionServers and its live and dead server lists
NAMENODE_STATUS = "Hadoop:service=NameNode,name=NameNodeStatus"
NAMENODE_FS_STATE = "Hadoop:service=NameNode,name=FSNamesystemState"
MASTER_SERVER = "Hadoop:service=HBase,name=Master,sub=Server"
QUERIES = {
    "namenode": [NAMENODE_STATUS, NAMENODE_FS_STATE],
    "master": [MASTER_SERVER],
}


# The cluster CA's certificate for https:// members (Kerberized clusters serve their UIs over TLS).
_ca_file = None


def use_ca(path):
    """Trust the cluster's CA (a PEM file) for https:// members; None keeps the system's."""
    global _ca_file
    _ca_file = path or None


def bean(url, query, timeout=5):
    """The first bean a JMX query answers with ({} for none); OSError or ValueError when the server does not answer."""
    context = ssl.create_default_context(cafile=_ca_file) if url.startswith("https:") else None
    with urllib.request.urlopen(f"{url.rstrip('/')}/jmx?qry={query}", timeout=timeout, context=context) as r:
        beans = json.load(r).get("beans") or [{}]
    return beans[0]


def zookeeper_stats(address, timeout=5):
    """A ZooKeeper server's mntr answer (address "host:port") as key -> value; OSError when it does not answer."""
    host, _, port = address.rpartition(":")
    with socket.create_connection((host, int(port)), timeout=timeout) as s:
        s.sendall(b"mntr")
        data = b""
        while True:
            chunk = s.recv(4096)
            if not chunk:
                break
            data += chunk
    return dict(line.split("\t", 1) for line in data.decode("utf-8", "replace").splitlines() if "\t" in line)


def _number(value):
    return int(value or 0)


def _servers(tag):
    """An HBase ServerName list tag ("host,port,startcode;...") as a list."""
    return [s for s in str(tag or "").split(";") if s]


def member_state(role, url):
    """What one NameNode, master or ZooKeeper server is: {state, live, dead, servers, dead_servers, operational};
    state 'down' when it does not answer.

    A NameNode is active, standby or safemode (not active and still in safe mode), operational once
    out of safe mode; a master active or standby (a backup master), servers and dead_servers are
    its ServerNames; a ZooKeeper server (url "host:port") active when it leads or runs alone,
    standby when it follows, live counting the servers in sync with a leader (itself included).
    """
    down = {"state": "down", "live": 0, "dead": 0, "servers": [], "dead_servers": [], "operational": False}
    if role == "zookeeper":
        try:
            stats = zookeeper_stats(url)
        except (OSError, ValueError):
            return down
        mode = stats.get("zk_server_state", "")
        if mode not in ("leader", "follower", "standalone"):
            return down
        return dict(down, state="standby" if mode == "follower" else "active", operational=True,
                    live=_number(stats.get("zk_synced_followers")) + 1 if mode == "leader" else 1)
    try:
        beans = [bean(url, q) for q in QUERIES[role]]
    except (OSError, ValueError):
        return down
    if role == "namenode":
        status, fs = beans
        state = status.get("State", "down")
        if state == "standby" and fs.get("FSState") == "safeMode":
            state = "safemode"
        return dict(down, state=state, live=_number(fs.get("NumLiveDataNodes")), dead=_number(fs.get("NumDeadDataNodes")),
                    operational=fs.get("FSState") == "Operational")
    server = beans[0]
    if "tag.isActiveMaster" not in server:
        return down
    active = str(server["tag.isActiveMaster"]).lower() == "true"
    return {
        "state": "active" if active else "standby",
        "live": _number(server.get("numRegionServers")),
        "dead": _number(server.get("numDeadRegionServers")),
        "servers": _servers(server.get("tag.liveRegionServers")),
        "dead_servers": _servers(server.get("tag.deadRegionServers")),
        "operational": True,
    }


def summarize(role, members):
    """(states, active, the active member's state or None): states is member name -> state; active is '' unless exactly one is."""
    found = {name: member_state(role, url) for name, url in members.items()}
    states = {name: m["state"] for name, m in found.items()}
    actives = [n for n, s in states.items() if s == "active"]
    active = actives[0] if len(actives) == 1 else ""
    return states, active, found.get(active)


def _is_address(host):
    try:
        ipaddress.ip_address(host)
        return True
    except ValueError:
        return False


def same_host(name, candidates):
    """Whether a host name the engine reports (a ServerName's or a DataNode's) is one of candidates.

    Equal ignoring case, or the same first label when neither is an address (a server may report
    lab2.example.org where the inventory says lab2).
    """
    name = name.lower()
    for c in (str(c).lower() for c in candidates if c):
        if name == c:
            return True
        if not _is_address(name) and not _is_address(c) and name.split(".")[0] == c.split(".")[0]:
            return True
    return False


def matching_servers(servers, candidates, port=None):
    """The ServerNames ("host,port,startcode") among servers whose host is one of candidates (and port, when given)."""
    out = []
    for s in servers:
        parts = s.split(",")
        if same_host(parts[0], candidates) and (port is None or (len(parts) > 1 and parts[1] == str(port))):
            out.append(s)
    return out
