package io.granary.provisioning.model;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Arrays;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * An engine role. The id is also the Ansible group name and the key in jvm_heaps / jvm_opts. In
 * start order: ZooKeeper and the JournalNodes before the NameNodes that use them.
 */
public enum Role {
  ZOOKEEPER("zookeeper", "ZooKeeper"),
  /** HA only: a quorum of them holds the NameNodes' shared edit log. */
  JOURNALNODE("journalnode", "JournalNode"),
  NAMENODE("namenode", "NameNode"),
  /** HA only: beside each NameNode; health-checks it and holds its failover lock in ZooKeeper. */
  ZKFC("zkfc", "ZKFC"),
  HBASE_MASTER("hbase_master", "HMaster"),
  DATANODE("datanode", "DataNode"),
  REGIONSERVER("regionserver", "RegionServer");

  private final String id;
  private final String title;

  Role(String id, String title) {
    this.id = id;
    this.title = title;
  }

  @JsonValue
  public String id() {
    return id;
  }

  public String title() {
    return title;
  }

  public static Optional<Role> byId(String id) {
    return Arrays.stream(values()).filter(r -> r.id.equals(id)).findFirst();
  }

  public static String ids() {
    return Arrays.stream(values()).map(Role::id).collect(Collectors.joining(", "));
  }

  @Override
  public String toString() {
    return id;
  }
}
