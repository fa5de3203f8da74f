#!/bin/sh
# Rack lookup for HDFS and HBase (net.topology.script.file.name): one rack per argument, from
# topology.table next to this script. Read on every call, so new hosts need no restart.
table="$(dirname "$0")/topology.table"
for host in "$@"; do
  rack=$(awk -v h="$host" '$1 == h { print $2; exit }' "$table" 2>/dev/null)
  printf '%s\n' "${rack:-/default-rack}"
done
