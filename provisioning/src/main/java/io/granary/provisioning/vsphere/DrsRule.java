package io.granary.provisioning.vsphere;

import io.granary.provisioning.model.ConfigValue;
import java.util.List;

/**
 * The DRS VM-VM anti-affinity rule that keeps the worker VMs on distinct ESXi hosts.
 *
 * @param mandatory "true": DRS never places two of them on one host, even to power one on
 * @param vms the worker VMs' names
 */
public record DrsRule(ConfigValue name, ConfigValue mandatory, List<String> vms) {}
