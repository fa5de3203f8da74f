package io.granary.provisioning.sizing;

import io.granary.provisioning.model.ConfigValue;
import io.granary.provisioning.model.Profile;
import io.granary.provisioning.model.Role;
import io.granary.provisioning.model.Workload;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** Sizing rules: heaps (the vSphere BDE rule), handler counts, cache fractions, G1, replication. */
public final class Sizing {
  static final int HANDLERS_MIN = 30;
  static final int HANDLERS_PER_CORE = 10;
  static final int HANDLERS_MAX = 100;
  static final int NN_HANDLERS_MIN = 10;
  static final int NN_HANDLERS_MAX = 200;

  private Sizing() {}

  /** "1 DataNode", "3 DataNodes". */
  public static String count(long n, String noun) {
    return n + " " + noun + (n == 1 ? "" : "s");
  }

  /**
   * Heaps of the roles on one host.
   *
   * @param requiredMb what the roles need at least (OS + fixed heaps + RegionServer minimum)
   */
  public record HostHeaps(
      Map<Role, ConfigValue> heaps, Map<Role, Integer> heapMb, int requiredMb, String needs) {}

  /**
   * RegionServer heap = RAM − OS reserve − the heaps of the other roles on the host, capped (31 GB
   * keeps compressed oops; 1 GB in the lab). The other roles get the profile's fixed heap.
   */
  public static HostHeaps heaps(
      EnumSet<Role> roles, int ramMb, Profile p, Map<Role, Integer> overrideMb) {
    Map<Role, ConfigValue> heaps = new EnumMap<>(Role.class);
    Map<Role, Integer> mb = new EnumMap<>(Role.class);
    List<String> parts = new ArrayList<>();
    parts.add(HeapSize.human(p.osReserveMb()) + " OS");
    int others = 0;
    for (Role r : roles) {
      if (r == Role.REGIONSERVER) {
        continue;
      }
      Integer o = overrideMb.get(r);
      int heap = o != null ? o : p.heapMb(r);
      String v = HeapSize.format(heap);
      heaps.put(
          r,
          o != null
              ? ConfigValue.override(
                  v,
                  String.format(
                      "overrides.jvm-heaps.%s; profile %s gives %s",
                      r.id(), p.id(), HeapSize.format(p.heapMb(r))))
              : ConfigValue.byDefault(v, "profile " + p.id()));
      mb.put(r, heap);
      others += heap;
      parts.add(HeapSize.human(heap) + " " + r.title());
    }
    int required = p.osReserveMb() + others;
    if (roles.contains(Role.REGIONSERVER)) {
      Integer o = overrideMb.get(Role.REGIONSERVER);
      int left = ramMb - p.osReserveMb() - others;
      String rule =
          String.format(
              "RAM %s − %s = %s",
              HeapSize.human(ramMb), String.join(" − ", parts), HeapSize.human(left));
      int heap;
      if (o != null) {
        heap = o;
        heaps.put(
            Role.REGIONSERVER,
            ConfigValue.override(
                HeapSize.format(heap), "overrides.jvm-heaps.regionserver; the rule gives " + rule));
        required += heap;
      } else {
        heap = Math.min(Math.max(left, p.regionServerMinMb()), p.regionServerMaxMb());
        if (left > p.regionServerMaxMb()) {
          rule +=
              ", capped at " + HeapSize.human(p.regionServerMaxMb()) + " (" + p.capReason() + ")";
        }
        heaps.put(Role.REGIONSERVER, ConfigValue.sized(HeapSize.format(heap), rule));
        required += p.regionServerMinMb();
      }
      mb.put(Role.REGIONSERVER, heap);
      parts.add(
          (o != null
                  ? HeapSize.human(o) + " "
                  : "at least " + HeapSize.human(p.regionServerMinMb()) + " ")
              + Role.REGIONSERVER.title());
    }
    String needs =
        String.format(
            "%s need %s (%s)",
            roles.stream().map(Role::id).collect(Collectors.joining(", ")),
            HeapSize.human(required),
            String.join(" + ", parts));
    return new HostHeaps(heaps, mb, required, needs);
  }

  /** G1 for every role; RegionServers get a shorter pause goal and larger regions for big heaps. */
  public static ConfigValue jvmOpts(Role role, int heapMb) {
    if (role != Role.REGIONSERVER) {
      return ConfigValue.byDefault(
          "-XX:+UseG1GC -XX:MaxGCPauseMillis=200", "G1 with its default pause goal");
    }
    String opts =
        "-XX:+UseG1GC -XX:MaxGCPauseMillis=100 -XX:InitiatingHeapOccupancyPercent=70"
            + " -XX:+ParallelRefProcEnabled";
    String rule =
        "G1 for HBase: 100 ms pause goal; marking at 70% since block cache and memstores stay"
            + " resident";
    int region = heapMb >= 16 * 1024 ? 32 : heapMb >= 8 * 1024 ? 16 : 0;
    if (region > 0) {
      opts += " -XX:G1HeapRegionSize=" + region + "m";
      rule +=
          String.format(
              "; %d MiB regions for a %s heap (fewer humongous objects)",
              region, HeapSize.human(heapMb));
    } else {
      rule += "; JVM's region size below an 8 GiB heap";
    }
    return ConfigValue.sized(opts, rule);
  }

  /** hbase.regionserver.handler.count = 10 × cores, between 30 (HBase's default) and 100. */
  public static ConfigValue regionServerHandlers(int cores) {
    int raw = HANDLERS_PER_CORE * cores;
    int n = Math.min(Math.max(raw, HANDLERS_MIN), HANDLERS_MAX);
    String rule =
        String.format("%d × %d cores = %d", HANDLERS_PER_CORE, cores, raw)
            + clamped(raw, HANDLERS_MIN, HANDLERS_MAX);
    return ConfigValue.sized(Integer.toString(n), rule);
  }

  /** dfs.namenode.handler.count = 20 × ln(DataNodes) (Cloudera's rule), at least 10. */
  public static ConfigValue namenodeHandlers(int datanodes) {
    long raw = Math.round(20 * Math.log(datanodes));
    long n = Math.min(Math.max(raw, NN_HANDLERS_MIN), NN_HANDLERS_MAX);
    String rule =
        String.format("20 × ln(%s) = %d", count(datanodes, "DataNode"), raw)
            + clamped(raw, NN_HANDLERS_MIN, NN_HANDLERS_MAX);
    return ConfigValue.sized(Long.toString(n), rule);
  }

  /** dfs.replication = min(3, DataNodes): more replicas than DataNodes never completes a block. */
  public static ConfigValue replication(int datanodes) {
    return ConfigValue.sized(
        Integer.toString(Math.min(3, datanodes)), "min(3, " + count(datanodes, "DataNode") + ")");
  }

  public static ConfigValue blockCache(Workload w) {
    return ConfigValue.sized(w.blockCache(), fractionRule(w));
  }

  public static ConfigValue memstore(Workload w) {
    return ConfigValue.sized(w.memstore(), fractionRule(w));
  }

  private static String fractionRule(Workload w) {
    return String.format(
        "workload %s: block cache %s + memstore %s of the RegionServer heap (HBase allows at most"
            + " 0.8)",
        w.id(), w.blockCache(), w.memstore());
  }

  private static String clamped(long raw, int min, int max) {
    return raw < min ? ", at least " + min : raw > max ? ", at most " + max : "";
  }
}
