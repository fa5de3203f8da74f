package io.granary.provisioning.model;

import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** One of HDFS's built-in EC policies (only those can be enabled without adding a policy file). */
public record ErasureCodingPolicy(String name, int dataUnits, int parityUnits) {

  public static final List<ErasureCodingPolicy> BUILT_IN =
      List.of(
          new ErasureCodingPolicy("RS-3-2-1024k", 3, 2),
          new ErasureCodingPolicy("RS-6-3-1024k", 6, 3),
          new ErasureCodingPolicy("RS-10-4-1024k", 10, 4),
          new ErasureCodingPolicy("RS-LEGACY-6-3-1024k", 6, 3),
          new ErasureCodingPolicy("XOR-2-1-1024k", 2, 1));

  private static final Pattern SHORT = Pattern.compile("(?i)(RS|RS-LEGACY|XOR)-(\\d+)-(\\d+)");

  /**
   * Blocks per stripe: the DataNodes (and racks, for rack fault tolerance) a stripe spreads over.
   */
  public int width() {
    return dataUnits + parityUnits;
  }

  /** Accepts the HDFS name or its short form without the cell size ("RS-6-3"). */
  public static Optional<ErasureCodingPolicy> byName(String name) {
    if (name == null) {
      return Optional.empty();
    }
    String n = name.trim();
    Matcher m = SHORT.matcher(n);
    String full = m.matches() ? n + "-1024k" : n;
    return BUILT_IN.stream().filter(p -> p.name.equalsIgnoreCase(full)).findFirst();
  }
}
