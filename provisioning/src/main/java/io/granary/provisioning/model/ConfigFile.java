package io.granary.provisioning.model;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Arrays;
import java.util.Collections;
import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;

/** A config file the plan fills; id is the name in spec overrides, var the Ansible variable. */
public enum ConfigFile {
  CORE_SITE("core-site", "core_site", hdfsClients()),
  HDFS_SITE("hdfs-site", "hdfs_site", hdfsClients()),
  HBASE_SITE("hbase-site", "hbase_site", EnumSet.of(Role.HBASE_MASTER, Role.REGIONSERVER)),
  ZOO_CFG("zoo.cfg", "zoo_cfg", EnumSet.of(Role.ZOOKEEPER));

  private final String id;
  private final String var;
  private final Set<Role> readers;

  ConfigFile(String id, String var, Set<Role> readers) {
    this.id = id;
    this.var = var;
    this.readers = Collections.unmodifiableSet(EnumSet.copyOf(readers));
  }

  @JsonValue
  public String id() {
    return id;
  }

  /** The group_vars variable; host_vars carries the per-host overlay as {@code <var>_host}. */
  public String var() {
    return var;
  }

  /**
   * The roles that read this file, in {@link Role} order; the HBase roles read core-site and
   * hdfs-site as HDFS clients.
   */
  public Set<Role> readers() {
    return readers;
  }

  public static Optional<ConfigFile> byId(String id) {
    return Arrays.stream(values()).filter(f -> f.id.equals(id)).findFirst();
  }

  @Override
  public String toString() {
    return id;
  }

  /** A method, not a field: an enum constant's arguments cannot read the enum's static fields. */
  private static Set<Role> hdfsClients() {
    return EnumSet.of(
        Role.NAMENODE,
        Role.DATANODE,
        Role.JOURNALNODE,
        Role.ZKFC,
        Role.HBASE_MASTER,
        Role.REGIONSERVER);
  }
}
