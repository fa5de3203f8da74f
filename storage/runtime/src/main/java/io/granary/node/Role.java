package io.granary.node;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** The engine roles the launcher runs, each as its own JVM. */
public enum Role {
  ZOOKEEPER("zookeeper"),
  JOURNALNODE("journalnode"),
  NAMENODE("namenode"),
  ZKFC("zkfc"),
  DATANODE("datanode"),
  MASTER("master"),
  REGIONSERVER("regionserver");

  private final String cliName;

  Role(String cliName) {
    this.cliName = cliName;
  }

  public String cliName() {
    return cliName;
  }

  public static Role parse(String name) {
    for (Role r : values()) {
      if (r.cliName.equals(name.toLowerCase(Locale.ROOT))) {
        return r;
      }
    }
    throw NodeException.usage("unknown role '" + name + "'; expected one of: " + names());
  }

  public static String names() {
    return Arrays.stream(values()).map(Role::cliName).collect(Collectors.joining(", "));
  }
}
