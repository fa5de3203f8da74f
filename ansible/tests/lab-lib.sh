# lab-lib.sh - helpers shared by the scripts that drive the Ansible playbooks on the network-namespace
# lab (lab-e2e.sh, bench-scale-in.sh). Sourced, never run: the sourcing script sets ROOT (the
# repository) first; messages carry its name (LAB_TEST_NAME, default: the script's file name).
# shellcheck shell=bash

LAB="$ROOT/tools/lab/lab.sh"
DIST="$ROOT/storage/runtime/target/granary-node"
LAB_TEST_NAME="${LAB_TEST_NAME:-$(basename "$0" .sh)}"

lab_require() {   # root (network namespaces) and a built distribution
  [ "$(id -u)" = 0 ] || { echo "$LAB_TEST_NAME: needs root (network namespaces)" >&2; exit 1; }
  [ -x "$DIST/bin/granary-node" ] || { echo "$LAB_TEST_NAME: no distribution at $DIST; run make build first" >&2; exit 1; }
}

lab_ansible_env() {   # ansible-playbook from the project's venv, with the project's configuration
  VENV="$("$ROOT/tools/ansible-venv.sh")"
  export PATH="$VENV/bin:$PATH" ANSIBLE_CONFIG="$ROOT/ansible/ansible.cfg" ANSIBLE_HOME="$ROOT/var/ansible-home"
  export ANSIBLE_FORCE_COLOR=0 ANSIBLE_NOCOLOR=1
}

now() { date +%s.%N; }
secs() { awk -v a="$1" -v b="$2" 'BEGIN{printf "%.1f", b-a}'; }
step() { echo "== $(date +%T) $*"; }
fail() { echo "$LAB_TEST_NAME: FAILED: $*" >&2; exit 1; }
on() { local h="$1"; shift; ssh -F "$ROOT/var/lab/ssh_config" -o BatchMode=yes "$h" "$@"; }   # on HOST CMD
lab1() { on lab1 "$@"; }

lab_fresh() {   # a fresh lab is part of what is measured, and the lab comes down at exit: never reuse one
  local st
  set +e; "$LAB" status >/dev/null 2>&1; st=$?; set -e
  [ "$st" = 3 ] || fail "a lab is already up (or left behind); run tools/lab/lab.sh down first"
  trap '"$LAB" down >/dev/null 2>&1 || true' EXIT
}

# every host of a PLAY RECAP: changed=0, failed=0, unreachable=0
recap_unchanged() { awk '/^PLAY RECAP/{r=1;next} r&&/ok=/{n++; if ($0 !~ /changed=0 / || $0 !~ /unreachable=0 / || $0 !~ /failed=0 /) bad=1} END{exit (n>0 && !bad)?0:1}' "$1"; }
unchanged() {   # unchanged LOG WHAT ARGS...: ansible-playbook ARGS into LOG; it must pass and report changed=0
  local log="$1" what="$2"; shift 2
  ansible-playbook "$@" > "$log" 2>&1 || { tail -40 "$log"; fail "$what"; }
  sed -n '/^PLAY RECAP/,$p' "$log"
  recap_unchanged "$log" || fail "$what changed something (see $log)"
}
jmx() {   # jmx URL KEY: one attribute of the first bean, fetched from lab1
  lab1 "curl -sf '$1'" | python3 -c "import json,sys; print(json.load(sys.stdin)['beans'][0]['$2'])"
}
nn_nodes() {   # nn_nodes LiveNodes|DeadNodes|DecomNodes: how many the active NameNode lists (as dfsadmin -report)
  lab1 "curl -sf '${NN_JMX%%\?*}?qry=Hadoop:service=NameNode,name=NameNodeInfo'" |
    python3 -c "import json,sys; print(len(json.loads(json.load(sys.stdin)['beans'][0]['$1'])))"
}
NN_JMX="http://10.77.0.11:9870/jmx?qry=Hadoop:service=NameNode,name=FSNamesystemState"
HM_JMX="http://10.77.0.11:16010/jmx?qry=Hadoop:service=HBase,name=Master,sub=Server"

# Commands run on a lab host: java with the RegionServer's configuration (CreateTable.java), the
# HDFS tools as the granary user with the NameNode's configuration, and the launcher as the granary
# user with the client directory of lab_client_dir.
CP="/etc/granary/regionserver:/opt/granary/dist/lib/*"
HDFS_CLI="runuser -u granary -- java -Xmx256m -Dlog4j.configuration=file:/opt/granary/dist/conf-templates/cli-log4j.properties -cp '/etc/granary/namenode:/opt/granary/dist/lib/*'"
AS_GRANARY="runuser -u granary -- env GRANARY_LOCAL_DIR=/tmp/labdir /opt/granary/dist/bin/granary-node"

lab_client_dir() {   # lab_client_dir HOST...: /tmp/labdir on lab1 and each HOST, the local cluster directory
  # dfs-fill and dfs-sum read (their endpoints and client configuration), from the NameNode's files on lab1
  local h
  lab1 "mkdir -p /tmp/labdir/conf/client && cp /etc/granary/namenode/core-site.xml /etc/granary/namenode/hdfs-site.xml /tmp/labdir/conf/client/ \
    && sed -n 's|.*<name>fs.defaultFS</name><value>\([^<]*\)<.*|namenode.uri=\1|p' /etc/granary/namenode/core-site.xml > /tmp/labdir/endpoints.properties \
    && chmod -R a+rX /tmp/labdir"
  for h in "$@"; do
    [ "$h" = lab1 ] || lab1 "tar -C /tmp -cf - labdir" | on "$h" "rm -rf /tmp/labdir && tar -C /tmp -xf - && chmod -R a+rX /tmp/labdir"
  done
}

scale_out_inventory() {   # scale_out_inventory FILE: lab4 as the host scale_out.yml adds (DataNode + RegionServer)
  cat > "$1" <<'INV'
---
all:
  children:
    scale_out:
      hosts:
        lab4:
          ansible_host: 10.77.0.14
          ansible_user: root
    datanode:
      hosts:
        lab4:
    regionserver:
      hosts:
        lab4:
INV
}

scale_in_inventory() {   # scale_in_inventory FILE LEAVING: lab4 in the cluster, LEAVING the host scale_in.yml removes
  cat > "$1" <<INV
---
all:
  children:
    datanode:
      hosts:
        lab4:
          ansible_host: 10.77.0.14
          ansible_user: root
    regionserver:
      hosts:
        lab4:
    scale_in:
      hosts:
        $2:
INV
}
