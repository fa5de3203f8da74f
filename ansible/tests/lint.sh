#!/usr/bin/env bash
# ansible-lint (production profile, offline), --syntax-check of every playbook (the vSphere ones
# included) and the unit tests of the roles' own modules (granary_files, granary_ha_state,
# granary_decommission_state), in the pinned venv.
set -euo pipefail
ANSIBLE_DIR="$(cd "$(dirname "$0")/.." && pwd)"
ROOT="$(cd "$ANSIBLE_DIR/.." && pwd)"
VENV="$("$ROOT/tools/ansible-venv.sh")"
cd "$ANSIBLE_DIR"
export ANSIBLE_CONFIG="$ANSIBLE_DIR/ansible.cfg" PATH="$VENV/bin:$PATH"
# ANSIBLE_HOME keeps ansible-lint's caches out of the user's ~/.ansible
export ANSIBLE_HOME="$ROOT/var/ansible-home"

"$VENV/bin/ansible-lint" --offline --profile production --nocolor
for pb in install.yml scale_out.yml scale_in.yml rolling_restart.yml reset.yml vsphere_vms.yml vsphere_destroy.yml; do
  "$VENV/bin/ansible-playbook" -i inventories/lab-example --syntax-check "$pb" >/dev/null
  echo "syntax-check: $pb ok"
done
"$VENV/bin/python" -m unittest tests/test_granary_files.py tests/test_granary_ha_state.py tests/test_granary_decommission_state.py
