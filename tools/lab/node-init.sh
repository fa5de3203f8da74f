#!/usr/bin/env bash
# node-init.sh NAME NODE_DIR INIT - started by lab.sh as PID 1 of fresh PID/mount/UTS namespaces,
# inside the node's network namespace. Builds the node's root and execs its init (systemd | tini).
set -euo pipefail
name=$1; nd=$2; init=${3:-systemd}
root=$nd/root

hostname "$name"
# Copy-on-write view of the host's root: the node writes anywhere, writes land in $nd/upper.
mount -t overlay "granary-$name" -o "lowerdir=/,upperdir=$nd/upper,workdir=$nd/work" "$root"
mount -t proc proc "$root/proc"
# Global kernel knobs the roles set (vm.swappiness, transparent huge pages) must not reach the
# host: /proc/sys and /sys are read-only, and those knobs are per-node plain files.
mount --bind "$root/proc/sys" "$root/proc/sys"
mount -o remount,bind,ro "$root/proc/sys"
mkdir -p "$nd/knobs"
cat /proc/sys/vm/swappiness > "$nd/knobs/swappiness"
mount --bind "$nd/knobs/swappiness" "$root/proc/sys/vm/swappiness"
mount -t sysfs -o ro sysfs "$root/sys"
thp=/sys/kernel/mm/transparent_hugepage
if [ -d "$thp" ]; then
  for f in enabled defrag; do
    cat "$thp/$f" > "$nd/knobs/thp-$f"
    mount --bind "$nd/knobs/thp-$f" "$root$thp/$f"
  done
fi
mount -t tmpfs -o mode=755 tmpfs "$root/run"
mount -t tmpfs -o mode=1777 tmpfs "$root/tmp"
mkdir -p "$root/run/sshd" "$root/run/lock"
# A private /dev: no host ttys or disks.
mount -t tmpfs -o mode=755,nosuid tmpfs "$root/dev"
for d in null zero full random urandom tty; do touch "$root/dev/$d"; mount --bind "/dev/$d" "$root/dev/$d"; done
touch "$root/dev/console"; mount --bind /dev/null "$root/dev/console"
mkdir -p "$root/dev/pts" "$root/dev/shm" "$root/dev/mqueue"
mount -t devpts -o newinstance,ptmxmode=0666,mode=620 devpts "$root/dev/pts"
ln -s pts/ptmx "$root/dev/ptmx"
mount -t tmpfs -o mode=1777,nosuid,nodev tmpfs "$root/dev/shm"
ln -s /proc/self/fd "$root/dev/fd"; ln -s /proc/self/fd/0 "$root/dev/stdin"
ln -s /proc/self/fd/1 "$root/dev/stdout"; ln -s /proc/self/fd/2 "$root/dev/stderr"

case "$init" in
  tini)
    mount -t tmpfs -o mode=755 cgroup "$root/sys/fs/cgroup"   # no cgroups in this mode
    exec chroot "$root" /usr/bin/tini -- /usr/sbin/sshd -D -e ;;
  systemd)
    # Like systemd-nspawn: each host cgroup hierarchy gets a per-node child that this process
    # moves into; a cgroup namespace then makes it "/" and only that subtree is mounted.
    # cgroups.list is what lab.sh removes on down.
    mount -t tmpfs -o mode=755 cgroup "$root/sys/fs/cgroup"
    : > "$nd/cgroups.list"
    for mnt in /sys/fs/cgroup/*; do
      h=${mnt##*/}
      case "$h" in
        unified) key='^0::' ;;
        systemd) key='^[0-9]+:name=systemd:' ;;
        *)       key="^[0-9]+:([a-z_,]*,)?$h(,[a-z_,]*)?:" ;;
      esac
      cur=$(grep -E "$key" /proc/self/cgroup | head -1 | cut -d: -f3-) || continue
      [ -n "$cur" ] || continue
      [ -d "$mnt" ] && mountpoint -q "$mnt" || continue
      cg="$mnt${cur%/}/granary-$name"
      mkdir -p "$cg"
      if [ "$h" = cpuset ]; then
        cat "${cg%/*}/cpuset.cpus" > "$cg/cpuset.cpus"; cat "${cg%/*}/cpuset.mems" > "$cg/cpuset.mems"
      fi
      echo $$ > "$cg/cgroup.procs"
      echo "$cg" >> "$nd/cgroups.list"
      mkdir -p "$root/sys/fs/cgroup/$h"
      mount --bind "$cg" "$root/sys/fs/cgroup/$h"
    done
    # Units that make no sense in a lab node, or would talk beyond it: masked. The root is a copy of
    # this machine's, so a service its packages enable would start on every lab host (Prometheus).
    mkdir -p "$root/etc/systemd/system"
    for u in getty@.service serial-getty@.service console-getty.service getty.target \
             systemd-timesyncd.service apt-daily.timer apt-daily-upgrade.timer man-db.timer \
             e2scrub_all.timer e2scrub_reap.service fstrim.timer dpkg-db-backup.timer \
             systemd-pstore.service postgresql.service remote-fs.target networking.service \
             avahi-daemon.service avahi-daemon.socket \
             prometheus.service prometheus-alertmanager.service prometheus-node-exporter.service \
             krb5-kdc.service krb5-admin-server.service; do
      ln -sf /dev/null "$root/etc/systemd/system/$u"
    done
    export container=granary-lab
    exec unshare --cgroup chroot "$root" /lib/systemd/systemd --log-target=journal ;;
  *) echo "node-init: unknown init '$init' (systemd | tini)" >&2; exit 2 ;;
esac
