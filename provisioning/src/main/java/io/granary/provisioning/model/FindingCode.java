package io.granary.provisioning.model;

import com.fasterxml.jackson.annotation.JsonValue;

/**
 * Stable codes of what the planner finds wrong with a spec, and ({@code scale-in-*}) what a
 * scale-in preflight refuses or warns about; the UI maps each to its text.
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
  UNREACHABLE_HOST("unreachable-host", Severity.ERROR),
  SCALE_IN_NO_HOSTS("scale-in-no-hosts", Severity.ERROR),
  SCALE_IN_UNKNOWN_HOST("scale-in-unknown-host", Severity.ERROR),
  SCALE_IN_DUPLICATE_HOST("scale-in-duplicate-host", Severity.ERROR),
  SCALE_IN_BREAKS_QUORUM("scale-in-breaks-quorum", Severity.ERROR),
  SCALE_IN_NAMENODE("scale-in-namenode", Severity.ERROR),
  SCALE_IN_MASTER("scale-in-master", Severity.ERROR),
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
  SCALE_IN_EC_RACKS("scale-in-ec-racks", Severity.WARNING),
  SCALE_IN_UNDER_REPLICATED("scale-in-under-replicated", Severity.WARNING),
  SCALE_IN_DEAD_DATANODE("scale-in-dead-datanode", Severity.WARNING);

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
