#!/usr/bin/python
# Sets a VM's latency sensitivity (VirtualMachineConfigSpec.latencySensitivity, what vSphere shows
# as config.latencySensitivity.level). No module of community.vmware or vmware.vmware sets the
# property itself: vmware_guest's advanced_settings only write the extraConfig key
# sched.cpu.latencySensitivity (ADR 0015).
from __future__ import annotations

DOCUMENTATION = r'''
module: granary_vm_latency_sensitivity
short_description: Set a VM's latency sensitivity level (config.latencySensitivity.level)
description:
  - Reads the VM's C(config.latencySensitivity.level) and reconfigures the VM only when it differs.
  - vSphere requires a full memory reservation and a CPU reservation for V(high); set them first
    (community.vmware.vmware_guest C(hardware.memory_reservation_lock), C(hardware.cpu_reservation)).
options:
  name: {type: str, required: true, description: the VM's name}
  folder: {type: str, description: the VM's folder (e.g. /DC0/vm/granary/vm1) when names repeat across folders}
  level: {type: str, default: high, choices: [low, normal, medium, high], description: the level to set}
extends_documentation_fragment: [vmware.vmware.base_options]
'''

RETURN = r'''
level: {description: the level after the run, returned: always, type: str}
previous: {description: the level before the run, returned: always, type: str}
'''

from ansible.module_utils.basic import AnsibleModule
from ansible_collections.community.vmware.plugins.module_utils.vmware import (
    PyVmomi, vmware_argument_spec, wait_for_task, TaskError)

try:
    from pyVmomi import vim
except ImportError:  # PyVmomi() reports the missing library
    vim = None


def main():
    spec = vmware_argument_spec()
    spec.update(
        name=dict(type='str', required=True),
        folder=dict(type='str'),
        level=dict(type='str', default='high', choices=['low', 'normal', 'medium', 'high']),
    )
    module = AnsibleModule(argument_spec=spec, supports_check_mode=True)
    pv = PyVmomi(module)
    name, want = module.params['name'], module.params['level']

    matches = []
    view = pv.content.viewManager.CreateContainerView(pv.content.rootFolder, [vim.VirtualMachine], True)
    try:
        for vm in view.view:
            if vm.name != name:
                continue
            if module.params['folder'] and \
                    (pv.get_vm_path(pv.content, vm) or '').strip('/') != module.params['folder'].strip('/'):
                continue
            matches.append(vm)
    finally:
        view.Destroy()
    if len(matches) != 1:
        module.fail_json(msg="expected one VM named %s%s, found %d" % (
            name, " in folder " + module.params['folder'] if module.params['folder'] else "", len(matches)))
    vm = matches[0]

    sensitivity = vm.config.latencySensitivity if vm.config else None
    current = sensitivity.level if sensitivity else None
    if current == want:
        module.exit_json(changed=False, level=current, previous=current)
    if not module.check_mode:
        spec = vim.vm.ConfigSpec(latencySensitivity=vim.LatencySensitivity(level=want))
        try:
            wait_for_task(vm.ReconfigVM_Task(spec))
        except TaskError as e:
            module.fail_json(msg="setting latency sensitivity %s on %s failed: %s" % (want, name, e))
    module.exit_json(changed=True, level=want, previous=current)


if __name__ == '__main__':
    main()
