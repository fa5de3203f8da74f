package io.granary.provisioning.validate;

import io.granary.provisioning.config.KnownKeys;
import io.granary.provisioning.config.Overrides;
import io.granary.provisioning.model.ClusterSpec;
import io.granary.provisioning.model.ConfigFile;
import io.granary.provisioning.model.ErasureCodingPolicy;
import io.granary.provisioning.model.FindingCode;
import io.granary.provisioning.model.HighAvailability;
import io.granary.provisioning.model.HostSpec;
import io.granary.provisioning.model.Profile;
import io.granary.provisioning.model.Role;
import io.granary.provisioning.model.Workload;
import io.granary.provisioning.render.InventoryRenderer;
import io.granary.provisioning.sizing.HeapSize;
import java.math.BigDecimal;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * Checks of the spec on its own (syntax, duplicates, names, overrides, role-group overrides,
 * security). Checks that need the placement (RAM per role, DataNodes per EC policy) run in the
 * planner. Every problem is collected.
 */
public final class SpecValidator {
  static final BigDecimal MAX_CACHE_FRACTIONS = new BigDecimal("0.8");
  static final String BLOCK_CACHE = "hfile.block.cache.size";
  static final String MEMSTORE = "hbase.regionserver.global.memstore.size";
  private static final int MIN_HEAP_MB = 64;

  private final Reachability reachability;

  /**
   * @param reachability checked for every well-formed address; null skips the check
   */
  public SpecValidator(Reachability reachability) {
    this.reachability = reachability;
  }

  public void validate(ClusterSpec spec, Findings f) {
    cluster(spec, f);
    ha(spec, f);
    List<HostSpec> hosts = spec.hosts();
    if (hosts.isEmpty()) {
      f.add(FindingCode.NO_HOSTS, "hosts", "the spec lists no hosts; add at least one");
    }
    Map<String, Integer> addresses = new HashMap<>();
    Map<String, Integer> names = new HashMap<>();
    for (int i = 0; i < hosts.size(); i++) {
      host(hosts.get(i), "hosts[" + i + "]", i, addresses, names, f);
    }
    rackDepths(hosts, f);
    ecPolicies(spec, f);
    overrides(spec, f);
    roleOverrides(spec, f);
    cacheFractions(spec, f);
    SecuritySpecValidator.validate(spec, f);
    reachable(hosts, f);
  }

  private void cluster(ClusterSpec spec, Findings f) {
    if (spec.name() == null || !Names.isClusterName(spec.name())) {
      f.add(
          FindingCode.INVALID_CLUSTER_NAME,
          "name",
          "name is required: lowercase letters, digits and '-', starting with a letter (got "
              + quote(spec.name())
              + ")");
    }
    if (spec.profile() != null && Profile.byId(spec.profile()).isEmpty()) {
      f.add(
          FindingCode.UNKNOWN_PROFILE,
          "profile",
          "unknown profile %s; one of %s",
          quote(spec.profile()),
          ids(Profile.values()));
    }
    if (spec.workload() != null && Workload.byId(spec.workload()).isEmpty()) {
      f.add(
          FindingCode.UNKNOWN_WORKLOAD,
          "workload",
          "unknown workload %s; one of %s",
          quote(spec.workload()),
          ids(Workload.values()));
    }
    if (spec.sshUser() != null && !Names.isUser(spec.sshUser())) {
      f.add(
          FindingCode.INVALID_SSH_USER,
          "sshUser",
          "not a valid user name: " + quote(spec.sshUser()));
    }
    boolean ha = spec.haOrDefault();
    Integer zk = spec.zookeeperCount();
    if (zk != null) {
      if (!HighAvailability.zookeeperCounts(ha).contains(zk)) {
        f.add(
            FindingCode.ZOOKEEPER_COUNT,
            "zookeeperCount",
            ha
                ? "with HA, must be 3 or 5 (the failover lock must survive a lost host), not " + zk
                : "must be 1, 3 or 5, not " + zk);
      } else if (!spec.hosts().isEmpty() && zk > spec.hosts().size()) {
        f.add(
            FindingCode.ZOOKEEPER_COUNT,
            "zookeeperCount",
            zk + " ZooKeepers need " + zk + " hosts; the spec has " + spec.hosts().size());
      }
    }
  }

  /** HA names the HDFS nameservice after the cluster, and needs a majority to survive a loss. */
  private static void ha(ClusterSpec spec, Findings f) {
    if (!spec.haOrDefault()) {
      return;
    }
    int n = spec.hosts().size();
    if (n > 0 && n < HighAvailability.MIN_HOSTS) {
      f.add(
          FindingCode.HA_TOO_FEW_HOSTS,
          "ha",
          "HA needs at least %d hosts (ZooKeeper and JournalNode majorities survive one lost host"
              + " only from 3 on); the spec has %d: add hosts or set ha: false",
          HighAvailability.MIN_HOSTS,
          n);
    }
    if (spec.name() != null
        && Names.isClusterName(spec.name())
        && !Names.isNameservice(spec.name())) {
      f.add(
          FindingCode.INVALID_CLUSTER_NAME,
          "name",
          "with HA the name is the HDFS nameservice (hdfs://%s), a URI host: it must end with a"
              + " letter or digit",
          spec.name());
    }
  }

  private void host(
      HostSpec h,
      String at,
      int i,
      Map<String, Integer> addresses,
      Map<String, Integer> names,
      Findings f) {
    String address = h.address() == null ? "" : h.address().trim();
    if (address.isEmpty()) {
      f.add(
          FindingCode.INVALID_ADDRESS,
          at + ".address",
          "address is required (IPv4 address or DNS name)");
    } else if (!Names.isAddress(address)) {
      f.add(
          FindingCode.INVALID_ADDRESS,
          at + ".address",
          quote(address) + " is neither an IPv4 address nor a DNS name");
    } else {
      Integer first = addresses.putIfAbsent(address.toLowerCase(Locale.ROOT), i);
      if (first != null) {
        f.add(
            FindingCode.DUPLICATE_ADDRESS,
            at + ".address",
            address + " is also the address of hosts[" + first + "]");
      }
    }
    if (h.hostname() != null && !Names.isHostname(h.hostname())) {
      f.add(
          FindingCode.INVALID_HOSTNAME,
          at + ".hostname",
          quote(h.hostname()) + " is not a valid host name");
    } else if (h.nameOrAddress() != null && !h.nameOrAddress().isBlank()) {
      // the inventory name: the hostname, else the address; two hosts must not share one
      String name = h.nameOrAddress().trim();
      Integer first = names.putIfAbsent(name.toLowerCase(Locale.ROOT), i);
      if (first != null && h.hostname() != null) {
        f.add(
            FindingCode.DUPLICATE_HOSTNAME,
            at + ".hostname",
            name + " is also the inventory name of hosts[" + first + "]");
      }
    }
    if (h.cores() == null || h.cores() < 1) {
      f.add(
          FindingCode.INVALID_CORES,
          at + ".cores",
          "cores is required and at least 1 (got " + h.cores() + ")");
    }
    ram(h, at, f);
    for (int d = 0; d < h.dataDisks().size(); d++) {
      String disk = h.dataDisks().get(d) == null ? "" : Names.normalizePath(h.dataDisks().get(d));
      String field = at + ".dataDisks[" + d + "]";
      if (!Names.isAbsolutePath(disk)) {
        f.add(
            FindingCode.INVALID_DATA_DISK,
            field,
            quote(h.dataDisks().get(d))
                + " is not an absolute path of letters, digits, '.', '_', '-'");
      } else if (IntStream.range(0, d).anyMatch(e -> disk.equals(norm(h.dataDisks().get(e))))) {
        f.add(FindingCode.INVALID_DATA_DISK, field, disk + " is listed twice");
      }
    }
    if (h.rack() != null && !Names.isRack(h.rack())) {
      f.add(
          FindingCode.INVALID_RACK,
          at + ".rack",
          quote(h.rack()) + " is not a rack path like /dc1/rack1");
    }
    if (h.roles() != null) {
      if (h.roles().isEmpty()) {
        f.add(
            FindingCode.MISSING_ROLE,
            at + ".roles",
            "an empty roles list runs nothing; omit roles to get DataNode + RegionServer");
      }
      for (int r = 0; r < h.roles().size(); r++) {
        if (Role.byId(h.roles().get(r)).isEmpty()) {
          f.add(
              FindingCode.UNKNOWN_ROLE,
              at + ".roles[" + r + "]",
              "unknown role " + quote(h.roles().get(r)) + "; one of " + Role.ids());
        }
      }
    }
  }

  /**
   * HDFS refuses a DataNode whose rack has another depth than the racks already known (it would
   * never register), so every rack has as many levels as the first host's.
   */
  private static void rackDepths(List<HostSpec> hosts, Findings f) {
    String first = null;
    for (int i = 0; i < hosts.size(); i++) {
      HostSpec h = hosts.get(i);
      if (h == null || h.rack() != null && !Names.isRack(h.rack())) {
        continue;
      }
      String rack = h.rackOrDefault();
      if (first == null) {
        first = rack;
      } else if (depth(rack) != depth(first)) {
        f.add(
            FindingCode.RACK_DEPTH_MISMATCH,
            "hosts[" + i + "].rack",
            "%s has %d level(s) but %s has %d; HDFS needs every rack at the same depth%s",
            rack,
            depth(rack),
            first,
            depth(first),
            h.rack() == null || first.equals(HostSpec.DEFAULT_RACK)
                ? " (a host without a rack is on " + HostSpec.DEFAULT_RACK + ")"
                : "");
      }
    }
  }

  private static int depth(String rack) {
    return (int) rack.chars().filter(c -> c == '/').count();
  }

  private static String norm(String disk) {
    return disk == null ? "" : Names.normalizePath(disk);
  }

  private void ram(HostSpec h, String at, Findings f) {
    if (h.ramGb() == null && h.ramMb() == null) {
      f.add(FindingCode.INVALID_RAM, at + ".ramGb", "ramGb (or ramMb) is required");
    } else if (h.ramGb() != null && h.ramGb() <= 0 || h.ramMb() != null && h.ramMb() <= 0) {
      f.add(FindingCode.INVALID_RAM, at + "." + h.ramField(), "RAM must be positive");
    } else if (h.ramGb() != null
        && h.ramMb() != null
        && Math.round(h.ramGb() * 1024) != h.ramMb()) {
      f.add(
          FindingCode.INVALID_RAM,
          at + ".ramMb",
          "ramGb " + h.ramGb() + " and ramMb " + h.ramMb() + " disagree; give one");
    }
  }

  private void ecPolicies(ClusterSpec spec, Findings f) {
    List<String> policies = spec.ecPolicies();
    for (int i = 0; i < policies.size(); i++) {
      if (ErasureCodingPolicy.byName(policies.get(i)).isEmpty()) {
        f.add(
            FindingCode.UNKNOWN_EC_POLICY,
            "erasureCoding.policies[" + i + "]",
            "unknown policy %s; one of HDFS's built-in %s",
            quote(policies.get(i)),
            ErasureCodingPolicy.BUILT_IN.stream()
                .map(ErasureCodingPolicy::name)
                .collect(Collectors.joining(", ")));
      }
    }
  }

  private void overrides(ClusterSpec spec, Findings f) {
    for (var file : new TreeSet<>(spec.overrides().keySet())) {
      Map<String, Object> entries = spec.overrides().get(file);
      String at = "overrides." + file;
      if (!Overrides.files().contains(file)) {
        f.add(
            FindingCode.UNKNOWN_OVERRIDE_FILE,
            at,
            "unknown file %s; one of %s",
            quote(file),
            String.join(", ", new TreeSet<>(Overrides.files())));
        continue;
      }
      if (entries == null) {
        continue;
      }
      for (var key : new TreeSet<>(entries.keySet())) {
        String field = Overrides.field(file, key);
        Object raw = entries.get(key);
        String value = Overrides.scalar(raw);
        if (value == null) {
          f.add(
              FindingCode.INVALID_OVERRIDE_VALUE,
              field,
              "needs a single value (string, number or boolean)");
          continue;
        }
        switch (file) {
          case Overrides.JVM_HEAPS -> heapOverride(key, raw, field, f);
          case Overrides.JVM_OPTS -> optsOverride(key, value, field, f);
          default -> configOverride(ConfigFile.byId(file).orElseThrow(), key, value, field, f);
        }
      }
    }
  }

  /**
   * role → file → key → value; each role may set the config files it reads, checked as the
   * cluster-wide overrides are, except for the keys the roles derive from the inventory.
   */
  private void roleOverrides(ClusterSpec spec, Findings f) {
    for (var roleId : new TreeSet<>(spec.roleOverrides().keySet())) {
      Optional<Role> role = Role.byId(roleId);
      if (role.isEmpty()) {
        f.add(
            FindingCode.UNKNOWN_ROLE,
            "roleOverrides." + roleId,
            "unknown role " + quote(roleId) + "; one of " + Role.ids());
        continue;
      }
      Map<String, Map<String, Object>> files = spec.roleOverrides().get(roleId);
      if (files == null) {
        continue;
      }
      for (var file : new TreeSet<>(files.keySet())) {
        String at = Overrides.roleField(roleId, file);
        Optional<ConfigFile> cf = ConfigFile.byId(file);
        if (cf.isEmpty() || !cf.get().readers().contains(role.get())) {
          String why =
              file.equals(Overrides.JVM_HEAPS) || file.equals(Overrides.JVM_OPTS)
                  ? file + " are per role already: set them under overrides." + file
                  : cf.isEmpty()
                      ? "unknown file " + quote(file)
                      : roleId + " does not read " + file;
          f.add(
              FindingCode.UNKNOWN_OVERRIDE_FILE,
              at,
              "%s; %s reads %s",
              why,
              roleId,
              Arrays.stream(ConfigFile.values())
                  .filter(c -> c.readers().contains(role.get()))
                  .map(ConfigFile::id)
                  .collect(Collectors.joining(", ")));
          continue;
        }
        Map<String, Object> entries = files.get(file);
        if (entries == null) {
          continue;
        }
        for (var key : new TreeSet<>(entries.keySet())) {
          String field = Overrides.roleField(roleId, file, key);
          String value = Overrides.scalar(entries.get(key));
          if (value == null) {
            f.add(
                FindingCode.INVALID_OVERRIDE_VALUE,
                field,
                "needs a single value (string, number or boolean)");
          } else if (InventoryRenderer.isRoleOwned(cf.get(), key)) {
            // ports, addresses, directories, quorums: every role must agree on them
            f.add(
                FindingCode.INVALID_OVERRIDE_VALUE,
                field,
                "%s is derived from the hosts and ports of the whole cluster; it cannot differ per"
                    + " role",
                key);
          } else {
            configOverride(cf.get(), key, value, field, f);
            roleUse(role.get(), cf.get(), key, field, f);
          }
        }
      }
    }
  }

  /** A known key set for a role it does not concern changes nothing there: probably a mistake. */
  private static void roleUse(Role role, ConfigFile file, String key, String field, Findings f) {
    KnownKeys.get(file, key)
        .filter(k -> !k.roles().contains(role))
        .ifPresent(
            k ->
                f.add(
                    FindingCode.UNKNOWN_OVERRIDE_KEY,
                    field,
                    "%s does not use %s (%s do%s): here it changes nothing",
                    role.id(),
                    key,
                    k.roles().stream().map(Role::id).collect(Collectors.joining(", ")),
                    k.roles().size() == 1 ? "es" : ""));
  }

  private void heapOverride(String key, Object raw, String field, Findings f) {
    if (Role.byId(key).isEmpty()) {
      f.add(
          FindingCode.UNKNOWN_ROLE, field, "unknown role " + quote(key) + "; one of " + Role.ids());
    } else if (HeapSize.parseMb(raw).orElse(0) < MIN_HEAP_MB) {
      f.add(
          FindingCode.INVALID_OVERRIDE_VALUE,
          field,
          "heap %s is not a size like 2g, 512m or 2048 (MiB), at least %dm",
          quote(String.valueOf(raw)),
          MIN_HEAP_MB);
    }
  }

  private void optsOverride(String key, String value, String field, Findings f) {
    if (Role.byId(key).isEmpty()) {
      f.add(
          FindingCode.UNKNOWN_ROLE, field, "unknown role " + quote(key) + "; one of " + Role.ids());
    } else if (value.contains("-Xmx") || value.contains("-Xms")) {
      f.add(
          FindingCode.INVALID_OVERRIDE_VALUE,
          field,
          "set heap sizes under jvm-heaps, not in JVM options");
    }
  }

  private void configOverride(ConfigFile file, String key, String value, String field, Findings f) {
    Optional<String> mistyped = KnownKeys.get(file, key).flatMap(k -> k.problem(value));
    if (!key.matches("[A-Za-z0-9._-]+")) {
      f.add(
          FindingCode.INVALID_OVERRIDE_VALUE,
          field,
          "key " + quote(key) + " has characters a config key cannot have");
    } else if (Overrides.isPortKey(key) && !Overrides.isPort(value)) {
      f.add(FindingCode.INVALID_OVERRIDE_VALUE, field, quote(value) + " is not a port (1-65535)");
    } else if (Overrides.isAddressKey(key) && Overrides.portOf(value) < 0) {
      f.add(FindingCode.INVALID_OVERRIDE_VALUE, field, quote(value) + " is not host:port");
    } else if (mistyped.isPresent()) {
      f.add(FindingCode.INVALID_OVERRIDE_VALUE, field, mistyped.get());
    } else if (!Overrides.knownKey(file, key)) {
      f.add(
          FindingCode.UNKNOWN_OVERRIDE_KEY,
          field,
          key + " is outside the namespaces " + file + " uses; check the spelling and the file");
    }
  }

  /**
   * HBase refuses to start when block cache + memstore exceed 80% of the heap: checked for the
   * cluster-wide values and for each HBase role group that sets either (over the cluster-wide one).
   */
  private void cacheFractions(ClusterSpec spec, Findings f) {
    Map<String, Object> hbase = hbaseSite(spec.overrides());
    Workload w = spec.workloadOrDefault();
    Fraction cache = Fraction.of(hbase, BLOCK_CACHE, w.blockCache());
    Fraction memstore = Fraction.of(hbase, MEMSTORE, w.memstore());
    if (hbase.containsKey(BLOCK_CACHE) || hbase.containsKey(MEMSTORE)) {
      cacheFractions(cache, memstore, "overrides.hbase-site", f);
    }
    for (Role r : List.of(Role.HBASE_MASTER, Role.REGIONSERVER)) {
      Map<String, Map<String, Object>> files = spec.roleOverrides().get(r.id());
      Map<String, Object> own = files == null ? Map.of() : hbaseSite(files);
      if (own.containsKey(BLOCK_CACHE) || own.containsKey(MEMSTORE)) {
        cacheFractions(
            cache.over(own, r.id()),
            memstore.over(own, r.id()),
            Overrides.roleField(r.id(), "hbase-site"),
            f);
      }
    }
  }

  /** One of the two heap shares as a role reads it, and the field that set it (null: planned). */
  private record Fraction(String key, String value, String field) {
    static Fraction of(Map<String, Object> overrides, String key, String planned) {
      return overrides.containsKey(key)
          ? new Fraction(
              key, Overrides.scalar(overrides.get(key)), Overrides.field("hbase-site", key))
          : new Fraction(key, planned, null);
    }

    /** The role group's own value, if it has one. */
    Fraction over(Map<String, Object> group, String role) {
      return group.containsKey(key)
          ? new Fraction(
              key,
              Overrides.scalar(group.get(key)),
              Overrides.roleField(role, "hbase-site", key))
          : this;
    }

    boolean hasError(Findings f) {
      return field != null && f.hasErrorAt(field);
    }
  }

  private static Map<String, Object> hbaseSite(Map<String, Map<String, Object>> files) {
    return Optional.ofNullable(files.get("hbase-site")).orElse(Map.of());
  }

  /** A value with an error of its own (its type check) adds no follow-up. */
  private static void cacheFractions(Fraction c, Fraction m, String at, Findings f) {
    if (c.hasError(f) || m.hasError(f)) {
      return;
    }
    BigDecimal cache = fraction(c.value());
    BigDecimal memstore = fraction(m.value());
    if (cache != null
        && memstore != null
        && cache.add(memstore).compareTo(MAX_CACHE_FRACTIONS) > 0) {
      f.add(
          FindingCode.CACHE_FRACTIONS_TOO_LARGE,
          at,
          "%s %s + %s %s = %s; HBase refuses to start above 0.8",
          BLOCK_CACHE,
          cache.toPlainString(),
          MEMSTORE,
          memstore.toPlainString(),
          cache.add(memstore).toPlainString());
    }
  }

  private static BigDecimal fraction(String v) {
    if (v == null) {
      return null;
    }
    try {
      BigDecimal d = new BigDecimal(v.trim());
      return d.signum() >= 0 && d.compareTo(BigDecimal.ONE) < 0 ? d : null;
    } catch (NumberFormatException e) {
      return null;
    }
  }

  /** In parallel: a real check may take seconds per host; results keep the host order. */
  private void reachable(List<HostSpec> hosts, Findings f) {
    if (reachability == null) {
      return;
    }
    Reachability.Result[] results = new Reachability.Result[hosts.size()];
    IntStream.range(0, hosts.size())
        .parallel()
        .forEach(
            i -> {
              String a = hosts.get(i).address() == null ? "" : hosts.get(i).address().trim();
              if (Names.isAddress(a)) {
                results[i] = reachability.check(a);
              }
            });
    for (int i = 0; i < results.length; i++) {
      if (results[i] != null && !results[i].ok()) {
        f.add(
            FindingCode.UNREACHABLE_HOST,
            "hosts[" + i + "].address",
            hosts.get(i).address().trim() + " is unreachable: " + results[i].message());
      }
    }
  }

  private static String ids(Object[] values) {
    return Arrays.stream(values).map(Object::toString).collect(Collectors.joining(", "));
  }

  static String quote(String s) {
    return s == null ? "nothing" : "'" + s + "'";
  }
}
