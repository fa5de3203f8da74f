#!/usr/bin/env bash
# lab.sh up N | down | status | names - N lab hosts on this machine for the Ansible roles.
#
# A host = a network namespace on a private bridge (10.77.0.0/24: bridge .1, hosts .11, .12, ...)
# + mount/UTS/PID namespaces with a copy-on-write overlay of / as its root, its own hostname
# (lab1..labN), sshd with key-only root login, and systemd as PID 1 (LAB_INIT=tini for the
# fallback). Nothing is routed off the bridge: hosts reach only each other and the bridge.
#
# State and outputs under var/lab/ (LAB_DIR): id_ed25519 (the lab key), known_hosts, hosts.json,
# inventory.ini, ssh_config, nodes/labI/ (overlay layers, console.log).
# status exits 0 when the lab is up and every host answers ssh, 3 when nothing of it is left,
# 1 when it is partly up or something was left behind. names adds the hosts' names to this machine's
# /etc/hosts (between "# granary lab" markers; down removes them): a control plane here reaches a
# Kerberized lab by name, both ways, as DNS would answer it in production.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
HERE="$ROOT/tools/lab"
LAB_DIR="${LAB_DIR:-$ROOT/var/lab}"
NET="10.77.0"                        # fixed: the example inventory and the docs name these addresses
BR="granarybr0"
PFX="granary-lab"                    # netns granary-lab1.., cgroups granary-lab1..
LAB_INIT="${LAB_INIT:-systemd}"      # systemd | tini
LAB_NODE_RAM_MB="${LAB_NODE_RAM_MB:-6144}"   # advertised in hosts.json for sizing; not enforced
LAB_STOP_TIMEOUT="${LAB_STOP_TIMEOUT:-10}"
# says a lab is up; not /tmp/granary-lab.lock, which the lab's users flock (deleting it would
# let a second user in)
LOCK=/tmp/granary-lab.up
MAX_NODES=50

die() { echo "lab: $*" >&2; exit 1; }
addr() { echo "$NET.$((10 + $1))"; }
node_dir() { echo "$LAB_DIR/nodes/lab$1"; }
ssh_opts() {
  echo "-i $LAB_DIR/id_ed25519 -o BatchMode=yes -o ConnectTimeout=2 -o StrictHostKeyChecking=yes" \
    "-o UserKnownHostsFile=$LAB_DIR/known_hosts -o LogLevel=ERROR"
}

# pid of a node's `unshare`, only while it is still ours (a recycled pid is never signalled)
node_pid() {
  local f pid
  f="$(node_dir "$1")/ns.pid"
  pid="$(cat "$f" 2>/dev/null || true)"
  [ -n "$pid" ] && [ -r "/proc/$pid/cmdline" ] || return 1
  [ "$(awk '{print $3}' "/proc/$pid/stat" 2>/dev/null)" != Z ] || return 1
  tr '\0' ' ' < "/proc/$pid/cmdline" | grep -q "node-init.sh lab$1 " || return 1
  echo "$pid"
}
# the node's PID 1 (systemd or tini), seen from here
node_init_pid() {
  local pid
  pid="$(node_pid "$1")" || return 1
  awk '{print $1}' "/proc/$pid/task/$pid/children" 2>/dev/null | grep . || return 1
}
node_up() { node_pid "$1" >/dev/null && ip netns list | grep -qw "^$PFX$1"; }
node_indices() {   # every node this lab knows of: from state dirs and from namespaces
  { ls "$LAB_DIR/nodes" 2>/dev/null | sed -n 's/^lab\([0-9]\+\)$/\1/p'
    ip netns list 2>/dev/null | sed -n "s/^$PFX\([0-9]\+\).*/\1/p"; } | sort -nu
}

ensure_packages() {
  local need=() pkg
  for pkg in openssh-server tini rsync; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'install ok installed' || need+=("$pkg")
  done
  [ ${#need[@]} -eq 0 ] && return
  echo "lab: installing ${need[*]}"
  apt-get update -qq
  # policy-rc.d: the packages' scripts must not start an sshd on the host itself
  printf '#!/bin/sh\nexit 101\n' > /usr/sbin/policy-rc.d; chmod 755 /usr/sbin/policy-rc.d
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null || {
    rm -f /usr/sbin/policy-rc.d; die "apt-get install ${need[*]} failed"; }
  rm -f /usr/sbin/policy-rc.d
}

write_hosts_file() {   # $1 = N
  local i
  { echo "127.0.0.1 localhost"; echo "$NET.1 labhost"
    for i in $(seq 1 "$1"); do echo "$(addr "$i") lab$i"; done; } > "$LAB_DIR/hosts"
}

boot_node() {   # $1 = index
  local i=$1 ns="$PFX$1" ip4 nd
  ip4="$(addr "$i")"; nd="$(node_dir "$i")"
  # leftovers of a node that died: start it from scratch
  ip netns del "$ns" 2>/dev/null || true
  ip link del "gl${i}h" 2>/dev/null || true
  remove_cgroups "$i"
  rm -rf "$nd"
  mkdir -p "$nd/upper" "$nd/work" "$nd/root"

  ip netns add "$ns"
  ip link add "gl${i}h" type veth peer name "gl${i}c"
  ip link set "gl${i}h" master "$BR" up
  ip link set "gl${i}c" netns "$ns"
  ip -n "$ns" link set "gl${i}c" name eth0
  ip -n "$ns" addr add "$ip4/24" dev eth0
  ip -n "$ns" link set lo up
  ip -n "$ns" link set eth0 up
  # a default route via the bridge fills ansible's default_ipv4; the bridge forwards nothing
  ip -n "$ns" route add default via "$NET.1" dev eth0

  # per-node files, written into the overlay's upper layer before boot
  local up="$nd/upper"
  mkdir -p "$up/etc/ssh/sshd_config.d" "$up/root/.ssh"
  chmod 700 "$up/root/.ssh"
  cp "$LAB_DIR/id_ed25519.pub" "$up/root/.ssh/authorized_keys"
  echo "lab$i" > "$up/etc/hostname"
  cp "$LAB_DIR/hosts" "$up/etc/hosts"
  # unknown names fail at once instead of waiting for an unreachable resolver
  echo "nameserver 127.0.0.1" > "$up/etc/resolv.conf"
  ssh-keygen -q -t ed25519 -N '' -C "lab$i" -f "$up/etc/ssh/ssh_host_ed25519_key"
  cat > "$up/etc/ssh/sshd_config.d/lab.conf" <<EOF
ListenAddress $ip4
HostKey /etc/ssh/ssh_host_ed25519_key
PermitRootLogin prohibit-password
PasswordAuthentication no
KbdInteractiveAuthentication no
UsePAM no
PidFile /run/sshd.pid
MaxStartups 50:30:100
EOF
  echo "$LAB_INIT" > "$nd/init"
  setsid nsenter --net="/run/netns/$ns" \
    unshare --mount --uts --pid --fork --kill-child --propagation private \
    "$HERE/node-init.sh" "lab$i" "$nd" "$LAB_INIT" \
    > "$nd/console.log" 2>&1 < /dev/null &
  echo $! > "$nd/ns.pid"   # killing this `unshare` SIGKILLs the node's PID 1 and so every process in it
}

# refreshes /etc/hosts inside a running node (through its own mount namespace and root)
push_hosts_file() {
  local pid
  pid="$(node_init_pid "$1")" || return 0
  nsenter -t "$pid" -m -r -w -- /bin/sh -c 'cat > /etc/hosts.lab && mv /etc/hosts.lab /etc/hosts' < "$LAB_DIR/hosts"
}

HOSTS_BEGIN="# granary lab: begin"
HOSTS_END="# granary lab: end"
# this machine's /etc/hosts with the lab's names for hosts 1..$1 (0: without them); rewritten in
# place, since /etc/hosts may be a bind mount
controller_names() {
  local tmp i
  tmp="$(mktemp)"
  awk -v b="$HOSTS_BEGIN" -v e="$HOSTS_END" '$0==b{skip=1} !skip{print} $0==e{skip=0}' /etc/hosts > "$tmp"
  if [ "$1" -gt 0 ]; then
    { echo "$HOSTS_BEGIN"; for i in $(seq 1 "$1"); do echo "$(addr "$i") lab$i"; done; echo "$HOSTS_END"; } >> "$tmp"
  fi
  cat "$tmp" > /etc/hosts
  rm -f "$tmp"
}

cmd_names() {
  [ "$(id -u)" = 0 ] || die "must run as root (/etc/hosts)"
  local n
  n="$(node_indices | sort -n | tail -1)"
  [ -n "$n" ] || die "no lab is up"
  controller_names "$n"
  echo "lab names: lab1..lab$n in /etc/hosts"
}

write_outputs() {   # $1 = N
  local n=$1 i cores
  cores="$(nproc)"
  : > "$LAB_DIR/known_hosts"
  for i in $(seq 1 "$n"); do
    echo "$(addr "$i"),lab$i $(cut -d' ' -f1,2 "$(node_dir "$i")/upper/etc/ssh/ssh_host_ed25519_key.pub")" >> "$LAB_DIR/known_hosts"
  done
  {
    echo "["
    for i in $(seq 1 "$n"); do
      printf '  {"name": "lab%d", "hostname": "lab%d", "address": "%s", "cores": %d, "ramMb": %d, "sshUser": "root", "sshPort": 22, "sshKey": "%s"}%s\n' \
        "$i" "$i" "$(addr "$i")" "$cores" "$LAB_NODE_RAM_MB" "$LAB_DIR/id_ed25519" "$([ "$i" -lt "$n" ] && echo ,)"
    done
    echo "]"
  } > "$LAB_DIR/hosts.json"
  {
    echo "[lab]"
    for i in $(seq 1 "$n"); do echo "lab$i ansible_host=$(addr "$i")"; done
    echo; echo "[lab:vars]"
    echo "ansible_user=root"
    echo "ansible_ssh_private_key_file=$LAB_DIR/id_ed25519"
    echo "ansible_ssh_common_args='-o UserKnownHostsFile=$LAB_DIR/known_hosts -o StrictHostKeyChecking=yes'"
    echo "ansible_python_interpreter=/usr/bin/python3"
  } > "$LAB_DIR/inventory.ini"
  {
    for i in $(seq 1 "$n"); do
      printf 'Host lab%d\n  HostName %s\n  User root\n  IdentityFile %s\n  UserKnownHostsFile %s\n  StrictHostKeyChecking yes\n' \
        "$i" "$(addr "$i")" "$LAB_DIR/id_ed25519" "$LAB_DIR/known_hosts"
    done
  } > "$LAB_DIR/ssh_config"
}

cmd_up() {
  local n=${1:-3} i t0 t1 booted=()
  [[ "$n" =~ ^[0-9]+$ ]] && [ "$n" -ge 1 ] && [ "$n" -le $MAX_NODES ] || die "usage: lab.sh up N (1..$MAX_NODES)"
  [ "$(id -u)" = 0 ] || die "must run as root (namespaces, bridge, mounts)"
  case "$LAB_INIT" in systemd|tini) ;; *) die "LAB_INIT must be systemd or tini, got '$LAB_INIT'" ;; esac
  [ "$LAB_INIT" != systemd ] || [ -x /lib/systemd/systemd ] || die "LAB_INIT=systemd needs /lib/systemd/systemd (apt-get install systemd)"
  ensure_packages
  # `up` never removes hosts: with fewer than are running, the running ones stay listed
  for i in $(node_indices); do
    if [ "$i" -gt "$n" ] && node_up "$i"; then echo "lab: lab$i stays up (use down to remove hosts)" >&2; n=$i; fi
  done
  for b in ip nsenter unshare setsid ssh ssh-keygen; do command -v "$b" >/dev/null || die "missing $b"; done
  t0=$(date +%s.%N)
  mkdir -p "$LAB_DIR"
  [ -f "$LAB_DIR/id_ed25519" ] || ssh-keygen -q -t ed25519 -N '' -C granary-lab -f "$LAB_DIR/id_ed25519"
  echo "nodes=$n init=$LAB_INIT" > "$LAB_DIR/lab.env"
  echo "granary lab up (pid $$, $(date -Is)); remove with tools/lab/lab.sh down" > "$LOCK"

  if ! ip link show "$BR" >/dev/null 2>&1; then
    ip link add "$BR" type bridge
    ip addr add "$NET.1/24" dev "$BR"
    ip link set "$BR" up
  fi
  # the bridge is the hosts' gateway, but nothing arriving on it is ever forwarded elsewhere
  sysctl -qw "net.ipv4.conf.$BR.forwarding=0"
  sysctl -qw "net.ipv6.conf.$BR.disable_ipv6=1" 2>/dev/null || true

  write_hosts_file "$n"
  for i in $(seq 1 "$n"); do
    if node_up "$i"; then
      [ "$(cat "$(node_dir "$i")/init")" = "$LAB_INIT" ] ||
        echo "lab: lab$i already runs $(cat "$(node_dir "$i")/init"), not $LAB_INIT; keeping it" >&2
      push_hosts_file "$i"
    else
      boot_node "$i"; booted+=("$i")
    fi
  done
  write_outputs "$n"
  for i in $(seq 1 "$n"); do
    local ok=0
    for _ in $(seq 1 300); do
      # shellcheck disable=SC2046
      if ssh $(ssh_opts) "root@$(addr "$i")" true 2>/dev/null; then ok=1; break; fi
      node_pid "$i" >/dev/null || break
      sleep 0.2
    done
    [ $ok = 1 ] || die "lab$i: sshd did not come up; see $(node_dir "$i")/console.log"
  done
  # a host booted while others ran may have been written a hosts file before theirs changed
  for i in "${booted[@]}"; do push_hosts_file "$i"; done
  t1=$(date +%s.%N)
  awk -v a="$t0" -v b="$t1" -v n="$n" -v m="${#booted[@]}" -v i="$LAB_INIT" -v d="$LAB_DIR" \
    'BEGIN{printf "lab up: %d hosts (%d booted now, init=%s) in %.1f s; hosts: %s/hosts.json, inventory: %s/inventory.ini\n", n, m, i, b-a, d, d}'
}

remove_cgroups() {
  local f cg
  f="$(node_dir "$1")/cgroups.list"
  [ -f "$f" ] || return 0
  while read -r cg; do
    case "$cg" in
      /sys/fs/cgroup/*/"$PFX$1") [ -d "$cg" ] && find "$cg" -depth -type d -exec rmdir {} + 2>/dev/null || true ;;
    esac
  done < "$f"
}

alive() { [ -r "/proc/$1/stat" ] && [ "$(awk '{print $3}' "/proc/$1/stat" 2>/dev/null)" != Z ]; }

cmd_down() {
  local t0 t1 i v pid init sig deadline indices
  [ "$(id -u)" = 0 ] || die "must run as root"
  t0=$(date +%s.%N)
  indices="$(node_indices)"
  # 1) orderly stop: systemd powers off on SIGRTMIN+4 (SIGTERM means re-exec to it); tini forwards TERM
  for i in $indices; do
    pid="$(node_init_pid "$i")" || continue
    sig=TERM; [ "$(cat "$(node_dir "$i")/init" 2>/dev/null)" = tini ] || sig=RTMIN+4
    kill -s "$sig" "$pid" 2>/dev/null || true
  done
  # 2) after the timeout, SIGKILL each `unshare`: --kill-child kills the node's PID 1, and with it
  #    the kernel kills every process of that PID namespace
  deadline=$(( $(date +%s) + LAB_STOP_TIMEOUT ))
  for i in $indices; do
    pid="$(node_pid "$i")" || continue
    while alive "$pid" && [ "$(date +%s)" -lt "$deadline" ]; do sleep 0.1; done
    alive "$pid" && kill -KILL "$pid" 2>/dev/null || true
  done
  # 3) anything still inside one of our namespaces was started by the lab: kill by pid
  for i in $indices; do
    ip netns list | grep -qw "^$PFX$i" || continue
    for pid in $(ip netns pids "$PFX$i" 2>/dev/null); do kill -KILL "$pid" 2>/dev/null || true; done
  done
  for i in $indices; do
    for _ in $(seq 1 50); do [ -z "$(ip netns pids "$PFX$i" 2>/dev/null)" ] && break; sleep 0.1; done
    ip netns del "$PFX$i" 2>/dev/null || true
    for _ in $(seq 1 20); do remove_cgroups "$i"; [ -z "$(leftover_cgroups "$i")" ] && break; sleep 0.1; done
  done
  # the kernel frees a namespace (and the veth end inside it) asynchronously, later still if a
  # killed process is slow to exit; deleting the host ends removes the pairs now, also those of
  # an earlier down whose node directories are already gone
  for v in $(lab_veths); do ip link del "$v" 2>/dev/null || true; done
  ip link del "$BR" 2>/dev/null || true
  # the overlay, proc and tmpfs mounts lived only in the nodes' mount namespaces; gone with them
  for i in $indices; do
    if [ "${LAB_KEEP_STATE:-0}" = 1 ]; then rm -f "$(node_dir "$i")/ns.pid"; else rm -rf "$(node_dir "$i")"; fi
  done
  grep -qxF "$HOSTS_BEGIN" /etc/hosts 2>/dev/null && controller_names 0
  rm -f "$LAB_DIR/lab.env" "$LAB_DIR/inventory.ini" "$LAB_DIR/ssh_config" "$LAB_DIR/known_hosts" \
    "$LAB_DIR/hosts" "$LAB_DIR/hosts.json"
  t1=$(date +%s.%N)
  # a cgroup whose last tasks were still being reaped refuses rmdir (EBUSY) for a moment; the
  # memory hierarchy is seen to lag the others by seconds, so removal is retried here too
  for _ in $(seq 1 300); do leftovers >/dev/null && break; remove_leftover_cgroups; sleep 0.1; done
  if ! leftovers >/dev/null; then
    leftovers >&2; die "lab down left the above behind"
  fi
  rm -f "$LOCK"
  awk -v a="$t0" -v b="$t1" 'BEGIN{printf "lab down in %.1f s; nothing left\n", b-a}'
}

# Removes every cgroup named like a lab node (and its children), wherever it is left.
remove_leftover_cgroups() {
  local cg
  for cg in $(leftover_cgroups); do find "$cg" -depth -type d -exec rmdir {} + 2>/dev/null || true; done
}

leftover_cgroups() {   # $1 = index, or empty for any
  find /sys/fs/cgroup -maxdepth 6 -type d -name "$PFX${1:-[0-9]*}" 2>/dev/null || true
}

# The host ends (glNh) of the lab's veth pairs on this machine.
lab_veths() {
  ip -o link show type veth 2>/dev/null | sed -n 's/^[0-9]*: \(gl[0-9]*h\)[@:].*/\1/p'
}

# Prints what of a lab exists on this machine; exit 0 when nothing does.
leftovers() {
  local found=0 p
  if ip netns list 2>/dev/null | grep -q "^$PFX"; then echo "netns: $(ip netns list | grep "^$PFX" | cut -d' ' -f1 | tr '\n' ' ')"; found=1; fi
  if ip link show "$BR" >/dev/null 2>&1; then echo "bridge: $BR"; found=1; fi
  p="$(lab_veths | tr '\n' ' ')"
  if [ -n "$p" ]; then echo "veth: $p"; found=1; fi
  p="$(grep -l "node-init.sh lab[0-9]" /proc/[0-9]*/cmdline 2>/dev/null | cut -d/ -f3 | tr '\n' ' ' || true)"
  if [ -n "$p" ]; then echo "processes (node-init/unshare): $p"; found=1; fi
  if grep -qs "granary-lab[0-9]* " /proc/self/mountinfo || grep -qs " overlay granary-lab" /proc/self/mountinfo; then
    echo "mounts: $(grep -c "granary-lab" /proc/self/mountinfo) in this mount namespace"; found=1
  fi
  p="$(leftover_cgroups)"
  if [ -n "$p" ]; then echo "cgroups: $(echo "$p" | tr '\n' ' ')"; found=1; fi
  [ $found = 0 ]
}

cmd_status() {
  local indices i pid ok=0 bad=0 init
  indices="$(node_indices)"
  if [ -z "$indices" ]; then
    if leftovers >/dev/null; then echo "lab: down; nothing left (no process, namespace, mount, veth, bridge or cgroup)"; exit 3; fi
    echo "lab: down, but left behind:"; leftovers; exit 1
  fi
  printf '%-6s %-12s %-8s %-8s %-8s %s\n' HOST ADDRESS INIT PID1 SSH STATE
  for i in $indices; do
    init="$(cat "$(node_dir "$i")/init" 2>/dev/null || echo '?')"
    if pid="$(node_init_pid "$i")"; then
      # shellcheck disable=SC2046
      if ssh $(ssh_opts) "root@$(addr "$i")" true 2>/dev/null; then
        local st=""
        [ "$init" = systemd ] && st="$(ssh $(ssh_opts) "root@$(addr "$i")" systemctl is-system-running 2>/dev/null || true)"
        printf '%-6s %-12s %-8s %-8s %-8s %s\n' "lab$i" "$(addr "$i")" "$init" "$pid" yes "${st:-up}"; ok=$((ok + 1))
      else
        printf '%-6s %-12s %-8s %-8s %-8s %s\n' "lab$i" "$(addr "$i")" "$init" "$pid" no booting; bad=$((bad + 1))
      fi
    else
      printf '%-6s %-12s %-8s %-8s %-8s %s\n' "lab$i" "$(addr "$i")" "$init" - - dead; bad=$((bad + 1))
    fi
  done
  [ -f "$LAB_DIR/hosts.json" ] && echo "hosts: $LAB_DIR/hosts.json"
  [ $bad = 0 ] || exit 1
}

case "${1:-}" in
  up) shift; cmd_up "${1:-3}" ;;
  down) cmd_down ;;
  status) cmd_status ;;
  names) cmd_names ;;
  *) sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//'; exit 2 ;;
esac
