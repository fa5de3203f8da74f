#!/usr/bin/python
# Creates (or deletes) a directory on a datastore through vCenter's FileManager (pyVmomi).
# vsphere_vms.yml needs `<vm name>/` on every datastore that gets one of the VM's data disks:
# community.vmware.vmware_guest_disk puts a disk on another datastore than the VM's at
# "[ds] <vm name>/<file>.vmdk" and the simulator (like ESXi for an explicit path) does not create
# the directory. community.vmware.vsphere_file would, but it ignores the API port and expects
# the datastore HTTP API to answer 201 (vcsim answers 200).
from __future__ import annotations

DOCUMENTATION = r'''
module: granary_datastore_directory
short_description: Create or delete a directory on a vSphere datastore
options:
  datacenter: {type: str, required: true, description: the datastore's datacenter}
  datastore: {type: str, required: true, description: the datastore's name}
  path: {type: str, required: true, description: "the directory, relative to the datastore's root (one level: e.g. a VM's name)"}
  state:
    type: str
    default: present
    choices: [present, absent]
    description: V(absent) deletes the directory with everything in it.
extends_documentation_fragment: [vmware.vmware.base_options]
'''

RETURN = r'''
datastore_path: {description: "the directory as [datastore] path", returned: always, type: str}
'''

from ansible.module_utils.basic import AnsibleModule
from ansible_collections.community.vmware.plugins.module_utils.vmware import (
    PyVmomi, vmware_argument_spec, find_datacenter_by_name)

import time

try:
    from pyVmomi import vim, vmodl
except ImportError:  # PyVmomi() reports the missing library
    vim = vmodl = None


def task_outcome(pc, task, timeout=600):
    """Waits for a task; returns None on success, else its fault. Reads only info.state and
    info.error: the simulator names the FileManager as the task's entity, which pyVmomi refuses to
    read as a ManagedEntity (so task.info, and community.vmware's wait_for_task, fail)."""
    q = vmodl.query.PropertyCollector
    spec = q.FilterSpec(objectSet=[q.ObjectSpec(obj=task)],
                        propSet=[q.PropertySpec(type=vim.Task, pathSet=['info.state', 'info.error'])])
    deadline = time.time() + timeout
    while time.time() < deadline:
        props = {p.name: p.val for o in pc.RetrieveContents([spec]) for p in o.propSet}
        if props.get('info.state') == 'success':
            return None
        if props.get('info.state') == 'error':
            return props.get('info.error')
        time.sleep(0.2)
    return 'timed out after %d s' % timeout


def main():
    spec = vmware_argument_spec()
    spec.update(
        datacenter=dict(type='str', required=True),
        datastore=dict(type='str', required=True),
        path=dict(type='str', required=True),
        state=dict(type='str', default='present', choices=['present', 'absent']),
    )
    module = AnsibleModule(argument_spec=spec, supports_check_mode=True)
    pv = PyVmomi(module)
    p = module.params
    dc = find_datacenter_by_name(pv.content, p['datacenter'])
    if dc is None:
        module.fail_json(msg="datacenter %s not found" % p['datacenter'])
    if not any(ds.name == p['datastore'] for ds in dc.datastore):
        module.fail_json(msg="datastore %s not found in datacenter %s" % (p['datastore'], p['datacenter']))
    path = p['path'].strip('/')
    if not path or '..' in path.split('/'):
        module.fail_json(msg="path must name a directory under the datastore's root, got %r" % p['path'])
    ds_path = "[%s] %s" % (p['datastore'], path)
    fm = pv.content.fileManager

    if p['state'] == 'present':
        if module.check_mode:
            module.exit_json(changed=True, datastore_path=ds_path)
        try:
            # without parents: an existing directory raises FileAlreadyExists instead of passing silently
            fm.MakeDirectory(name=ds_path, datacenter=dc, createParentDirectories=False)
        except vim.fault.FileAlreadyExists:
            module.exit_json(changed=False, datastore_path=ds_path)
        except vim.fault.VimFault as e:
            module.fail_json(msg="creating %s failed: %s" % (ds_path, e.msg or e))
        module.exit_json(changed=True, datastore_path=ds_path)

    if module.check_mode:
        module.exit_json(changed=True, datastore_path=ds_path)
    try:
        fault = task_outcome(pv.content.propertyCollector, fm.DeleteDatastoreFile_Task(name=ds_path, datacenter=dc))
    except vim.fault.FileNotFound:
        fault = vim.fault.FileNotFound()
    if isinstance(fault, vim.fault.FileNotFound):
        module.exit_json(changed=False, datastore_path=ds_path)
    if fault is not None:
        module.fail_json(msg="deleting %s failed: %s" % (ds_path, getattr(fault, 'msg', None) or fault))
    module.exit_json(changed=True, datastore_path=ds_path)


if __name__ == '__main__':
    main()
