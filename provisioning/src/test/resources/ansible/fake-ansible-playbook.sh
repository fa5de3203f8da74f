#!/bin/sh
# Stands in for ansible-playbook in tests: records how it was called, replays a recorded jsonl
# run ($FAKE_SAMPLE), warns on stderr, exits $FAKE_EXIT (default 2, "a host failed").
printf '%s\n' "$@" > "$FAKE_ARGS_FILE"
env | grep -E '^(ANSIBLE_|PYTHONUNBUFFERED=)' | sort > "$FAKE_ENV_FILE"
echo "[WARNING]: Collection ansible.posix does not support Ansible version 2.21.5" >&2
if [ -n "$FAKE_HANG" ]; then
  echo "$$" > "$FAKE_HANG"
  sleep 300 &
  echo "$!" >> "$FAKE_HANG"
  wait
fi
cat "$FAKE_SAMPLE"
exit "${FAKE_EXIT:-2}"
