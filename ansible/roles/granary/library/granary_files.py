#!/usr/bin/python
# -*- coding: utf-8 -*-
"""Writes a host's small managed files in one module run."""

from __future__ import annotations

import grp
import os
import pwd
import tempfile

from ansible.module_utils.basic import AnsibleModule

DOCUMENTATION = r"""
---
module: granary_files
short_description: Ensure a set of directories and small files in one module run
description:
  - Creates the directories and writes the files whose content, owner, group or mode differ,
    and reports which paths changed.
  - One run per host instead of one per file. On a host busy starting JVMs each module run
    costs about a second, and a host carries 20 or more of these files.
options:
  directories:
    description: Directories, created in order, each with path, owner, group and mode.
    type: list
    elements: dict
    default: []
  files:
    description: Files, each with path, content, owner, group and mode; written atomically.
    type: list
    elements: dict
    default: []
"""

RETURN = r"""
changed_paths:
  description: The directories and files that were created or changed, in the order given.
  type: list
  elements: str
  returned: always
"""


def _ids(module, entry):
    try:
        uid = pwd.getpwnam(entry.get("owner") or "root").pw_uid
        gid = grp.getgrnam(entry.get("group") or "root").gr_gid
    except KeyError as e:
        module.fail_json(msg=f"{entry['path']}: no such user or group: {e}")
    return uid, gid, int(str(entry.get("mode") or "0644"), 8)


def _attrs_differ(path, uid, gid, mode):
    st = os.stat(path)
    return st.st_uid != uid or st.st_gid != gid or (st.st_mode & 0o7777) != mode


def _ensure_directory(module, entry):
    path = entry["path"]
    uid, gid, mode = _ids(module, entry)
    if os.path.isdir(path) and not _attrs_differ(path, uid, gid, mode):
        return False
    if not module.check_mode:
        os.makedirs(path, exist_ok=True)
        os.chown(path, uid, gid)
        os.chmod(path, mode)
    return True


def _ensure_file(module, entry, diffs):
    path = entry["path"]
    uid, gid, mode = _ids(module, entry)
    content = (entry.get("content") or "").encode("utf-8")
    before = None
    if os.path.isfile(path):
        with open(path, "rb") as f:
            before = f.read()
        same = before == content
        if same and not _attrs_differ(path, uid, gid, mode):
            return False
        if same:
            if not module.check_mode:
                os.chown(path, uid, gid)
                os.chmod(path, mode)
            return True
    if module._diff:
        diffs.append({"before_header": path, "after_header": path,
                      "before": (before or b"").decode("utf-8", "replace"), "after": content.decode("utf-8")})
    if module.check_mode:
        return True
    # a reader (a starting JVM) sees the old or the new file, never half of one
    fd, tmp = tempfile.mkstemp(dir=os.path.dirname(path), prefix=".granary-")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(content)
        os.chown(tmp, uid, gid)
        os.chmod(tmp, mode)
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise
    return True


def main():
    module = AnsibleModule(
        argument_spec={
            "directories": {"type": "list", "elements": "dict", "default": []},
            "files": {"type": "list", "elements": "dict", "default": []},
        },
        supports_check_mode=True,
    )
    changed = []
    diffs = []
    for entry in module.params["directories"]:
        if _ensure_directory(module, entry):
            changed.append(entry["path"])
    for entry in module.params["files"]:
        parent = os.path.dirname(entry["path"])
        if not os.path.isdir(parent) and not (module.check_mode and parent in changed):
            module.fail_json(msg=f"{entry['path']}: its directory does not exist", changed_paths=changed)
        if _ensure_file(module, entry, diffs):
            changed.append(entry["path"])
    module.exit_json(changed=bool(changed), changed_paths=changed, diff=diffs)


if __name__ == "__main__":
    main()
