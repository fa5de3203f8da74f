#!/bin/bash
# Healthy when the role serves, as the Ansible roles' health gate sees it: ZooKeeper answers ruok;
# the NameNode is active (in safe mode too: the DataNodes that end it start after it); a DataNode
# is registered (its block pool actor RUNNING); the HMaster is the active one; a RegionServer
# reports regions.
set -uo pipefail
role="${1:-$(cat /run/granary/role 2>/dev/null || true)}"

serves() {  # serves PORT JMX-QUERY REGEX WHY-NOT
  local out
  out="$(curl -fsS --max-time 5 "http://127.0.0.1:$1/jmx?qry=$2")" || exit 1
  grep -Eq "$3" <<<"$out" || { echo "$4"; exit 1; }
}

case "$role" in
  zookeeper)
    exec 3<>/dev/tcp/127.0.0.1/2181 || exit 1
    printf ruok >&3
    read -r -t 5 answer <&3 || true
    [ "${answer:-}" = imok ] ;;
  namenode) serves 9870 'Hadoop:service=NameNode,name=NameNodeStatus' '"State" *: *"active"' "not active" ;;
  datanode) serves 9864 'Hadoop:service=DataNode,name=DataNodeInfo' 'ActorState[^A-Za-z]+RUNNING' \
    "not registered with its NameNode" ;;
  master) serves 16010 'Hadoop:service=HBase,name=Master,sub=Server' '"tag.isActiveMaster" *: *"true"' \
    "not the active HMaster" ;;
  regionserver) serves 16030 'Hadoop:service=HBase,name=RegionServer,sub=Server' '"regionCount"' "not serving yet" ;;
  *) echo "unknown role '$role'"; exit 1 ;;
esac
