#!/bin/bash
# Runs one engine role in the foreground as PID 1 (the JVM, after exec), so SIGTERM reaches it
# and its shutdown hooks run. The configuration: a mounted directory with the role's files
# (GRANARY_CONF_MOUNT, default /etc/granary/conf) is used as it is; otherwise it is rendered from
# GRANARY_* variables (granary-node container-conf), and a missing one is one line naming it.
set -euo pipefail

role="${1:-help}"
case "$role" in
  zookeeper|namenode|datanode|master|regionserver) shift ;;
  help|-h|--help)
    echo "usage: <image> zookeeper|namenode|datanode|master|regionserver   (or any command)"
    echo "environment: GRANARY_ZOOKEEPER=host:port[,...]  GRANARY_NAMENODE=host[:port]"
    echo "             GRANARY_REPLICATION (3)  GRANARY_REGIONSERVERS (master: how many to wait for, 1)"
    echo "             GRANARY_HEAP (the role's default)  GRANARY_DATA_DIR (/var/lib/granary)"
    exit 0 ;;
  *) exec "$@" ;;
esac

mount="${GRANARY_CONF_MOUNT:-/etc/granary/conf}"
if [ -f "$mount/hdfs-site.xml" ] || [ -f "$mount/zoo.cfg" ]; then
  conf="$mount"
else
  conf="$GRANARY_CONF_DIR"
  granary-node container-conf "$role" --out "$conf"
fi
echo "$role" > /run/granary/role

heap=()
if [ -n "${GRANARY_HEAP:-}" ]; then
  [[ "$GRANARY_HEAP" =~ ^[0-9]+[mMgG]$ ]] || { echo "granary-node: GRANARY_HEAP='$GRANARY_HEAP' is not valid: expected a size such as 512m or 2g" >&2; exit 2; }
  heap=(--heap "$GRANARY_HEAP")
fi
mkdir -p "$GRANARY_DATA_DIR/logs"
exec granary-node "$role" --conf "$conf" --log-dir "$GRANARY_DATA_DIR/logs" "${heap[@]}" "$@"
