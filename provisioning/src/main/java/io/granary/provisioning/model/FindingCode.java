package io.granary.provisioning.model;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Collections;
import java.util.EnumSet;
import java.util.Set;

/**
 * Stable codes of what the planner finds wrong with a spec, and ({@code scale-in-*}) what a
 * scale-in preflight refuses or warns about, and ({@link #VCENTER_CHECKS}) what a vCenter's facts
 * or connection refuse; the UI maps each to its text.
 */
public enum FindingCode {
  INVALID_SPEC("invalid-spec", Severity.ERROR),
  INVALID_CLUSTER_NAME("invalid-cluster-name", Severity.ERROR),
  UNKNOWN_PROFILE("unknown-profile", Severity.ERROR),
  UNKNOWN_WORKLOAD("unknown-workload", Severity.ERROR),
  INVALID_SSH_USER("invalid-ssh-user", Severity.ERROR),
  NO_HOSTS("no-hosts", Severity.ERROR),
  INVALID_ADDRESS("invalid-address", Severity.ERROR),
  DUPLICATE_ADDRESS("duplicate-address", Severity.ERROR),
  INVALID_HOSTNAME("invalid-hostname", Severity.ERROR),
  DUPLICATE_HOSTNAME("duplicate-hostname", Severity.ERROR),
  INVALID_CORES("invalid-cores", Severity.ERROR),
  INVALID_RAM("invalid-ram", Severity.ERROR),
  INVALID_DATA_DISK("invalid-data-disk", Severity.ERROR),
  NO_DATA_DISKS("no-data-disks", Severity.ERROR),
  INVALID_RACK("invalid-rack", Severity.ERROR),
  RACK_DEPTH_MISMATCH("rack-depth-mismatch", Severity.ERROR),
  UNKNOWN_ROLE("unknown-role", Severity.ERROR),
  ZOOKEEPER_COUNT("zookeeper-count", Severity.ERROR),
  HA_TOO_FEW_HOSTS("ha-too-few-hosts", Severity.ERROR),
  HA_NAMENODE_COUNT("ha-namenode-count", Severity.ERROR),
  HA_NAMENODES_SAME_HOST("ha-namenodes-same-host", Severity.ERROR),
  ZKFC_PLACEMENT("zkfc-placement", Severity.ERROR),
  JOURNALNODE_COUNT("journalnode-count", Severity.ERROR),
  HA_ROLE_WITHOUT_HA("ha-role-without-ha", Severity.ERROR),
  MISSING_ROLE("missing-role", Severity.ERROR),
  DUPLICATE_ROLE("duplicate-role", Severity.ERROR),
  RAM_TOO_SMALL("ram-too-small", Severity.ERROR),
  UNKNOWN_EC_POLICY("unknown-ec-policy", Severity.ERROR),
  EC_POLICY_TOO_WIDE("ec-policy-too-wide", Severity.ERROR),
  UNKNOWN_OVERRIDE_FILE("unknown-override-file", Severity.ERROR),
  INVALID_OVERRIDE_VALUE("invalid-override-value", Severity.ERROR),
  CACHE_FRACTIONS_TOO_LARGE("cache-fractions-too-large", Severity.ERROR),
  KERBEROS_REALM_INVALID("kerberos-realm-invalid", Severity.ERROR),
  KERBEROS_KDC_INVALID("kerberos-kdc-invalid", Severity.ERROR),
  KERBEROS_KDC_HOST_UNKNOWN("kerberos-kdc-host-unknown", Severity.ERROR),
  KERBEROS_ADMIN_MISSING("kerberos-admin-missing", Severity.ERROR),
  KERBEROS_PROTECTION_INVALID("kerberos-protection-invalid", Severity.ERROR),
  KERBEROS_HA_UNSUPPORTED("kerberos-ha-unsupported", Severity.ERROR),
  UNREACHABLE_HOST("unreachable-host", Severity.ERROR),
  UNKNOWN_INFRASTRUCTURE("unknown-infrastructure", Severity.ERROR),
  UNEXPECTED_VSPHERE_SECTION("unexpected-vsphere-section", Severity.ERROR),
  MISSING_VSPHERE_SECTION("missing-vsphere-section", Severity.ERROR),
  VCENTER_FACTS_REQUIRED("vcenter-facts-required", Severity.ERROR),
  VSPHERE_HOSTS_GIVEN("vsphere-hosts-given", Severity.ERROR),
  INVALID_VSPHERE_SETTING("invalid-vsphere-setting", Severity.ERROR),
  INVALID_NODE_GROUP("invalid-node-group", Severity.ERROR),
  VCENTER_UNREACHABLE("vcenter-unreachable", Severity.ERROR),
  VCENTER_AUTH("vcenter-auth", Severity.ERROR),
  VCENTER_TLS("vcenter-tls", Severity.ERROR),
  UNKNOWN_DATACENTER("unknown-datacenter", Severity.ERROR),
  UNKNOWN_COMPUTE_CLUSTER("unknown-compute-cluster", Severity.ERROR),
  UNKNOWN_RESOURCE_POOL("unknown-resource-pool", Severity.ERROR),
  UNKNOWN_TEMPLATE("unknown-template", Severity.ERROR),
  TEMPLATE_NIC_TYPE("template-nic-type", Severity.ERROR),
  UNKNOWN_NETWORK("unknown-network", Severity.ERROR),
  UNKNOWN_DATASTORE("unknown-datastore", Severity.ERROR),
  DATASTORE_TOO_SMALL("datastore-too-small", Severity.ERROR),
  TOO_FEW_ESXI_HOSTS("too-few-esxi-hosts", Severity.ERROR),
  SCALE_IN_NO_HOSTS("scale-in-no-hosts", Severity.ERROR),
  SCALE_IN_UNKNOWN_HOST("scale-in-unknown-host", Severity.ERROR),
  SCALE_IN_DUPLICATE_HOST("scale-in-duplicate-host", Severity.ERROR),
  SCALE_IN_BREAKS_QUORUM("scale-in-breaks-quorum", Severity.ERROR),
  SCALE_IN_NAMENODE("scale-in-namenode", Severity.ERROR),
  SCALE_IN_MASTER("scale-in-master", Severity.ERROR),
  SCALE_IN_KDC("scale-in-kdc", Severity.ERROR),
  SCALE_IN_REPLICATION("scale-in-replication", Severity.ERROR),
  SCALE_IN_EC_POLICY("scale-in-ec-policy", Severity.ERROR),
  SCALE_IN_LAST_REGIONSERVER("scale-in-last-regionserver", Severity.ERROR),
  SCALE_IN_SPACE("scale-in-space", Severity.ERROR),
  SCALE_IN_MISSING_BLOCKS("scale-in-missing-blocks", Severity.ERROR),
  UNKNOWN_OVERRIDE_KEY("unknown-override-key", Severity.WARNING),
  EC_RACKS_BELOW_WIDTH("ec-racks-below-width", Severity.WARNING),
  LOW_REPLICATION("low-replication", Severity.WARNING),
  JOURNALNODE_COUNT_EVEN("journalnode-count-even", Severity.WARNING),
  BACKUP_MASTER_MISSING("backup-master-missing", Severity.WARNING),
  DRS_DISABLED("drs-disabled", Severity.WARNING),
  VM_EXCEEDS_ESXI_HOST("vm-exceeds-esxi-host", Severity.WARNING),
  SCALE_IN_EC_RACKS("scale-in-ec-racks", Severity.WARNING),
  SCALE_IN_UNDER_REPLICATED("scale-in-under-replicated", Severity.WARNING),
  SCALE_IN_DEAD_DATANODE("scale-in-dead-datanode", Severity.WARNING);

  /**
   * Codes found only against a vCenter: the control plane's connection test ({@code vcenter-*})
   * and {@link io.granary.provisioning.vsphere.VspherePlanner}'s checks against its facts.
   */
  public static final Set<FindingCode> VCENTER_CHECKS =
      Collections.unmodifiableSet(
          EnumSet.of(
              VCENTER_UNREACHABLE,
              VCENTER_AUTH,
              VCENTER_TLS,
              UNKNOWN_DATACENTER,
              UNKNOWN_COMPUTE_CLUSTER,
              UNKNOWN_RESOURCE_POOL,
              UNKNOWN_TEMPLATE,
              TEMPLATE_NIC_TYPE,
              UNKNOWN_NETWORK,
              UNKNOWN_DATASTORE,
              DATASTORE_TOO_SMALL,
              TOO_FEW_ESXI_HOSTS,
              DRS_DISABLED,
              VM_EXCEEDS_ESXI_HOST));

  /** The prefix of the codes {@link io.granary.provisioning.scalein.ScaleInPreflight} gives. */
  public static final String SCALE_IN_PREFIX = "scale-in-";

  private final String code;
  private final Severity severity;

  FindingCode(String code, Severity severity) {
    this.code = code;
    this.severity = severity;
  }

  @JsonValue
  public String code() {
    return code;
  }

  public Severity severity() {
    return severity;
  }

  @Override
  public String toString() {
    return code;
  }
}
