#!/bin/bash
# Healthy when the role serves, as the Ansible roles' health gate sees it: ZooKeeper answers ruok;
# the NameNode is active (in safe mode too: the DataNodes that end it start after it); a DataNode
# is registered (its block pool actor RUNNING); the HMaster is the active one; a RegionServer
# reports regions.
set -uo pipefail
role="${1:-$(cat /run/granary/role 2>/dev/null || true)}"
jmx() { curl -fsS --max-time 5 "http://127.0.0.1:$1/jmx?qry=$2"; }
case "$role" in
  zookeeper)
    exec 3<>/dev/tcp/127.0.0.1/2181 || exit 1
    printf ruok >&3
    read -r -t 5 answer <&3 || true
    [ "${answer:-}" = imok ] ;;
  namenode)
    out="$(jmx 9870 'Hadoop:service=NameNode,name=NameNodeStatus')" || exit 1
    grep -Eq '"State" *: *"active"' <<<"$out" || { echo "not active"; exit 1; } ;;
  datanode)
    out="$(jmx 9864 'Hadoop:service=DataNode,name=DataNodeInfo')" || exit 1
    grep -Eq 'ActorState[^A-Za-z]+RUNNING' <<<"$out" || { echo "not registered with its NameNode"; exit 1; } ;;
  master)
    out="$(jmx 16010 'Hadoop:service=HBase,name=Master,sub=Server')" || exit 1
    grep -Eq '"tag.isActiveMaster" *: *"true"' <<<"$out" || { echo "not the active HMaster"; exit 1; } ;;
  regionserver)
    out="$(jmx 16030 'Hadoop:service=HBase,name=RegionServer,sub=Server')" || exit 1
    grep -q '"regionCount"' <<<"$out" || { echo "not serving yet"; exit 1; } ;;
  *) echo "unknown role '$role'"; exit 1 ;;
esac
