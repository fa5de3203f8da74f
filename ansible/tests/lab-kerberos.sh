#!/usr/bin/env bash
# lab-kerberos.sh - Kerberos preparation (kerberos.yml) on a real 3-host lab, with the findings:
#   lab up 3 -> kerberos.yml with a managed KDC on lab1: every host's keytabs (0400, the service
#   user's) hold their principals and log in, the KDC lists every principal, the control plane's
#   keytab is on the controller (0600 in a 0700 directory), nothing else left there or on the KDC
#   -> again: changed=0 -> lab2's dn keytab replaced by lab3's: keytab-wrong-principal, and the file
#   is left as found, and install.yml stops there (no engine service on any host) -> lab2's key changed on the KDC: keytab-stale -> granary_kerberos_rekey=true
#   fixes it -> lab3's kinit under faketime +400 s: kerberos-clock-skew -> install.yml with Kerberos
#   (every health gate passes) -> without a ticket HDFS and HBase refuse a client; the control
#   plane's principal lists / and creates a table; alice, granted R, gets but cannot put ->
#   install.yml again: changed=0 -> reset.yml, then a plain install.yml on the same hosts: the
#   secured install's time over the plain one's, as a ratio. Timings in var/lab-kerberos/timings.json. Needs root and a built
#   distribution. The lab always comes down, also on failure.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
# shellcheck source=ansible/tests/lab-lib.sh
. "$ROOT/ansible/tests/lab-lib.sh"
OUT="$ROOT/var/lab-kerberos"
REALM=GRANARY.TEST
lab_require
lab_ansible_env
rm -rf "$OUT"
mkdir -p "$OUT"
cd "$ROOT/ansible"
KEYS="$OUT/keys"
cat > "$OUT/kerberos.yml" <<YML
---
all:
  vars:
    granary_kerberos_enabled: true
    granary_kerberos_realm: $REALM
    granary_kerberos_fetch_dir: $KEYS
  children:
    kdc:
      hosts:
        lab1:
YML
INV=(-i inventories/lab-example -i "$OUT/kerberos.yml")
play() { ansible-playbook "${INV[@]}" "${PLAYBOOK:-kerberos.yml}" "$@"; }
# expect_finding LOG CODE HOST ARGS...: the run fails with that finding on that host
expect_finding() {
  local log="$1" code="$2" host="$3"; shift 3
  if play "$@" > "$log" 2>&1; then fail "kerberos.yml passed; expected [finding:$code] (see $log)"; fi
  grep -q "\[finding:$code\] $host:" "$log" || { tail -30 "$log"; fail "no [finding:$code] $host in $log"; }
  echo "   $(grep -o "\[finding:$code\] $host:[^\"]*" "$log" | head -1 | cut -c1-200)…"
}
kadmin() { lab1 "KRB5_CONFIG=/etc/granary/krb5.conf KRB5_KDC_PROFILE=/etc/granary/kdc/kdc.conf kadmin.local -q '$1'" 2>/dev/null; }

lab_fresh
step "lab up 3"
t0=$(now); "$LAB" up 3 > "$OUT/lab-up.log" 2>&1 || { tail -20 "$OUT/lab-up.log"; fail "lab up"; }
t_lab=$(secs "$t0" "$(now)")

step "kerberos.yml: KDC on lab1, principals and keytabs"
t0=$(now); play > "$OUT/first.log" 2>&1 || { tail -40 "$OUT/first.log"; fail "first run"; }
t_first=$(secs "$t0" "$(now)")
sed -n '/^PLAY RECAP/,$p' "$OUT/first.log"
princs="$(kadmin listprincs)"
declare -A SVCS=([lab1]="HTTP dn hbase nn zookeeper" [lab2]="HTTP dn hbase" [lab3]="HTTP dn hbase")
for h in lab1 lab2 lab3; do
  for s in ${SVCS[$h]}; do
    p="$s/$h@$REALM"
    grep -qxF "$p" <<<"$princs" || fail "the KDC lacks $p"
    st="$(on "$h" "stat -c '%a %U %G' /etc/granary/keytabs/$s.keytab")"
    [ "$st" = "400 granary granary" ] || fail "$h:/etc/granary/keytabs/$s.keytab is '$st', not 400 granary granary"
    on "$h" "runuser -u granary -- env KRB5_CONFIG=/etc/granary/krb5.conf kinit -k -t /etc/granary/keytabs/$s.keytab -c MEMORY:t $p" \
      || fail "$h: $p does not log in as granary"
  done
  n="$(on "$h" "ls /etc/granary/keytabs | wc -l")"
  [ "$n" = "$(wc -w <<<"${SVCS[$h]}")" ] || fail "$h has $n keytabs, wants ${SVCS[$h]}"
done
grep -qxF "granary-cp/lab@$REALM" <<<"$princs" || fail "the KDC lacks the control plane's principal"
[ "$(stat -c %a "$KEYS")" = 700 ] && [ "$(stat -c %a "$KEYS/granary-cp.keytab")" = 600 ] ||
  fail "the control plane's keytab is not 0600 in a 0700 directory"
[ "$(find "$KEYS" -mindepth 1 | wc -l)" = 1 ] || fail "the controller kept more than the control plane's keytab: $(find "$KEYS" -mindepth 1)"
[ -z "$(lab1 "find /var/lib/granary/kdc/export -mindepth 1")" ] || fail "exports left on the KDC"
lab1 "pgrep -x krb5kdc >/dev/null" || fail "no krb5kdc on lab1"
echo "   $(grep -c . <<<"$princs") principals, 11 keytabs on 3 hosts, the control plane's on the controller"

step "kerberos.yml again: changed=0"
t0=$(now); unchanged "$OUT/again.log" "the second run" "${INV[@]}" kerberos.yml
t_again=$(secs "$t0" "$(now)")

step "a wrong keytab: lab3's DataNode keytab on lab2"
on lab2 "cp /etc/granary/keytabs/dn.keytab /root/dn.keytab.orig"
on lab3 "cat /etc/granary/keytabs/dn.keytab" | on lab2 "cat > /etc/granary/keytabs/dn.keytab"
before="$(on lab2 "sha256sum /etc/granary/keytabs/dn.keytab")"
expect_finding "$OUT/wrong.log" keytab-wrong-principal lab2
[ "$(on lab2 "sha256sum /etc/granary/keytabs/dn.keytab")" = "$before" ] || fail "the wrong keytab was replaced"
# through install.yml: the hosts are prepared, then the run stops before any engine service
PLAYBOOK=install.yml expect_finding "$OUT/wrong-install.log" keytab-wrong-principal lab2
! grep -q "^PLAY \[Install ZooKeeper\]" "$OUT/wrong-install.log" || fail "install.yml went on to ZooKeeper"
for h in lab1 lab2 lab3; do
  [ -z "$(on "$h" "pgrep -u granary java || true")" ] || fail "$h runs an engine JVM"
done
on lab2 "cp /root/dn.keytab.orig /etc/granary/keytabs/dn.keytab"

step "a stale keytab: lab2's DataNode key changed on the KDC"
kadmin "cpw -randkey dn/lab2@$REALM" >/dev/null
expect_finding "$OUT/stale.log" keytab-stale lab2
step "granary_kerberos_rekey=true exports new keys"
t0=$(now); play -e granary_kerberos_rekey=true > "$OUT/rekey.log" 2>&1 || { tail -40 "$OUT/rekey.log"; fail "rekey"; }
t_rekey=$(secs "$t0" "$(now)")
on lab2 "runuser -u granary -- env KRB5_CONFIG=/etc/granary/krb5.conf kinit -k -t /etc/granary/keytabs/dn.keytab -c MEMORY:t dn/lab2@$REALM" ||
  fail "lab2's new keytab does not log in"

step "a clock 400 s ahead on lab3"
cat > "$OUT/skew.yml" <<'YML'
---
all:
  children:
    datanode:
      hosts:
        lab3:
          granary_kerberos_kinit_wrapper: [faketime, -f, "+400s"]
YML
INV+=(-i "$OUT/skew.yml")
expect_finding "$OUT/skew.log" kerberos-clock-skew lab3
INV=("${INV[@]:0:4}")

step "install.yml with Kerberos: every service up behind its keytab"
t0=$(now); play_install() { ansible-playbook "${INV[@]}" install.yml "$@"; }
play_install > "$OUT/install.log" 2>&1 || { tail -60 "$OUT/install.log"; fail "the Kerberized install"; }
t_install=$(secs "$t0" "$(now)")
sed -n '/^PLAY RECAP/,$p' "$OUT/install.log"

# SecureClient as a principal from a keytab on lab1, or ("-") with no ticket at all
lab1 "cat > /tmp/SecureClient.java" < "$ROOT/ansible/tests/SecureClient.java"
on lab1 "install -m 0600 /dev/stdin /root/cp.keytab" < "$KEYS/granary-cp.keytab"
client() {
  lab1 "KRB5CCNAME=FILE:/tmp/none java -Xmx256m @/opt/granary/dist/bin/jdk17.flags -Djava.security.krb5.conf=/etc/granary/krb5.conf \
    -Dlog4j.configuration=file:/opt/granary/dist/conf-templates/cli-log4j.properties \
    -cp '/etc/granary/regionserver:/opt/granary/dist/lib/*' /tmp/SecureClient.java $*" 2>&1 | grep -E '^(ok|refused)' | tail -1 || true
}
expect() {   # expect ok|refused WHAT CLIENT-ARGS...
  local want="$1" what="$2" got; shift 2
  got="$(client "$@")"
  case "$got" in "$want"*) echo "   $what: $got" | cut -c1-200 ;; *) fail "$what: wanted $want, got '$got'" ;; esac
}
CP_P="granary-cp/lab@$REALM"
step "clients: no ticket is refused by HDFS and HBase; the control plane's principal is let in"
expect refused "HDFS without a ticket" - - ls /
expect refused "HBase without a ticket" - - get granary_k r1
expect ok "HDFS as $CP_P" "$CP_P" /root/cp.keytab ls /
expect ok "HBase create as $CP_P" "$CP_P" /root/cp.keytab create granary_k
expect ok "HBase put as $CP_P" "$CP_P" /root/cp.keytab put granary_k r1
step "a user granted only READ gets but cannot put"
kadmin "addprinc -randkey alice@$REALM" >/dev/null
kadmin "ktadd -k /root/alice.keytab alice@$REALM" >/dev/null
expect ok "grant R to alice" "$CP_P" /root/cp.keytab grant granary_k alice R
expect ok "get as alice" "alice@$REALM" /root/alice.keytab get granary_k r1
expect refused "put as alice" "alice@$REALM" /root/alice.keytab put granary_k r2
lab1 "rm -f /root/cp.keytab /root/alice.keytab"

step "install.yml again: changed=0"
t0=$(now); unchanged "$OUT/install-again.log" "the second Kerberized install" "${INV[@]}" install.yml
t_install_again=$(secs "$t0" "$(now)")

step "reset, then install.yml without Kerberos on the same hosts (the install-time cost of Kerberos)"
ansible-playbook "${INV[@]}" reset.yml -e granary_reset_confirm=lab > "$OUT/reset.log" 2>&1 || { tail -30 "$OUT/reset.log"; fail "reset"; }
t0=$(now)
ansible-playbook "${INV[@]}" install.yml -e granary_kerberos_enabled=false > "$OUT/install-plain.log" 2>&1 ||
  { tail -40 "$OUT/install-plain.log"; fail "the plain install"; }
t_plain=$(secs "$t0" "$(now)")
ratio=$(awk -v a="$t_install" -v b="$t_plain" 'BEGIN{printf "%.2f", a/b}')
echo "   secured install ${t_install} s, plain ${t_plain} s: ratio $ratio (the first Kerberos preparation, KDC included: ${t_first} s)"

step "lab down"
"$LAB" down > "$OUT/lab-down.log" 2>&1 || fail "lab down"
cat > "$OUT/timings.json" <<JSON
{"lab_up_s": $t_lab, "first_run_s": $t_first, "second_run_s": $t_again, "rekey_run_s": $t_rekey,
 "kerberized_install_s": $t_install, "kerberized_install_again_s": $t_install_again,
 "plain_install_s": $t_plain, "install_ratio_kerberos_to_plain": $ratio}
JSON
echo "lab-kerberos: passed; $(cat "$OUT/timings.json")"
