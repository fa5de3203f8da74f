package io.granary.hosts;

import jakarta.validation.constraints.NotBlank;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.validation.annotation.Validated;

/**
 * @param ansiblePlaybook the ansible-playbook executable (tools/ansible-venv.sh makes var/ansible-venv)
 * @param ansibleDir the playbooks and roles (the repository's ansible/)
 * @param distSource the built engine distribution the playbooks ship to the hosts
 * @param workDir inventories, key files and logs of runs
 * @param vsphereGuestMap tests only: a JSON file {vm name: address} given to vsphere_vms.yml as
 *     granary_guest_map, since simulated guests never boot; unset in production
 */
@Validated
@ConfigurationProperties("granary.provisioning")
public record ProvisioningProperties(@NotBlank String ansiblePlaybook, @NotBlank String ansibleDir,
    @NotBlank String distSource, @NotBlank String workDir, String vsphereGuestMap) {}
