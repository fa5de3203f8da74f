package io.granary.provisioning.model;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Arrays;
import java.util.Optional;

/** A config file the plan fills; id is the name in spec overrides, var the Ansible variable. */
public enum ConfigFile {
  CORE_SITE("core-site", "core_site"),
  HDFS_SITE("hdfs-site", "hdfs_site"),
  HBASE_SITE("hbase-site", "hbase_site"),
  ZOO_CFG("zoo.cfg", "zoo_cfg");

  private final String id;
  private final String var;

  ConfigFile(String id, String var) {
    this.id = id;
    this.var = var;
  }

  @JsonValue
  public String id() {
    return id;
  }

  /** The group_vars variable; host_vars carries the per-host overlay as {@code <var>_host}. */
  public String var() {
    return var;
  }

  public static Optional<ConfigFile> byId(String id) {
    return Arrays.stream(values()).filter(f -> f.id.equals(id)).findFirst();
  }

  @Override
  public String toString() {
    return id;
  }
}
