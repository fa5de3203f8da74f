package io.granary.provisioning.scalein;

import io.granary.provisioning.config.ConfigAssembler;
import io.granary.provisioning.diff.PlanDiff;
import io.granary.provisioning.model.ConfigFile;
import io.granary.provisioning.model.ConfigValue;
import io.granary.provisioning.model.Finding;
import io.granary.provisioning.model.FindingCode;
import io.granary.provisioning.model.Plan;
import io.granary.provisioning.model.PlannedHost;
import io.granary.provisioning.model.Provenance;
import io.granary.provisioning.model.Role;
import io.granary.provisioning.render.InventoryRenderer;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * Refuses scale-ins that lose data, availability or the cluster's redundancy, before anything runs.
 * A scale-in removes DataNode + RegionServer hosts only: their regions move to the other
 * RegionServers, HDFS copies their blocks to the other DataNodes (decommissioning), then they stop.
 *
 * <p>Errors: no hosts, a host not in the plan or listed twice; a host running a ZooKeeper or a
 * JournalNode (the quorum shrinks), a NameNode or ZKFC, an HMaster, the managed KDC; fewer
 * DataNodes left than {@code dfs.replication}, or than an enabled EC policy's stripe width; no
 * RegionServer left; more data to move than 80% of the free space of the staying live DataNodes;
 * missing blocks. Warnings: fewer racks left than an EC stripe spreads over, under-replicated
 * blocks, a leaving DataNode that is dead.
 *
 * <p>The counts of DataNodes and RegionServers come from the plan (what Granary installed), the
 * space, racks and block health from the live facts.
 */
public final class ScaleInPreflight {
  /** A scale-in may fill the staying DataNodes' free space up to this fraction. */
  public static final double MAX_FILL = 0.8;

  private static final double GIB = 1024.0 * 1024 * 1024;

  private ScaleInPreflight() {}

  /**
   * What the running cluster reports, filled by the caller before a scale-in preflight.
   *
   * @param dataNodes every DataNode the NameNode knows, live or dead
   * @param ecPolicies the enabled erasure-coding policies
   * @param replication {@code dfs.replication}; 0 or less: {@value #DEFAULT_REPLICATION}
   * @param underReplicatedBlocks blocks with fewer replicas (or EC blocks) than they need
   * @param missingBlocks blocks no DataNode has
   */
  public record LiveFacts(
      List<DataNodeFact> dataNodes,
      List<EcPolicyFact> ecPolicies,
      int replication,
      long underReplicatedBlocks,
      long missingBlocks) {

    /** HDFS's default {@code dfs.replication}. */
    public static final int DEFAULT_REPLICATION = 3;

    public LiveFacts {
      dataNodes = dataNodes == null ? List.of() : List.copyOf(dataNodes);
      ecPolicies = ecPolicies == null ? List.of() : List.copyOf(ecPolicies);
      replication = replication <= 0 ? DEFAULT_REPLICATION : replication;
    }
  }

  /**
   * One DataNode as the NameNode reports it ({@code hdfs dfsadmin -report}, or the NameNode's
   * DataNode report over RPC).
   *
   * @param address the DataNode's IP address; matched against the plan's host addresses
   * @param hostname its host name; matched against the inventory names when the address does not
   *     match
   * @param rack its rack in the NameNode's topology; null: the plan's rack
   * @param usedBytes DFS used
   * @param remainingBytes DFS remaining
   * @param live false when the NameNode counts it dead
   */
  public record DataNodeFact(
      String address,
      String hostname,
      String rack,
      long usedBytes,
      long remainingBytes,
      boolean live) {}

  /**
   * An erasure-coding policy enabled on the cluster ({@code hdfs ec -listPolicies}, state ENABLED).
   *
   * @param name the HDFS name, e.g. {@code RS-3-2-1024k}
   * @param dataUnits k, data blocks per stripe
   * @param parityUnits m, parity blocks per stripe
   */
  public record EcPolicyFact(String name, int dataUnits, int parityUnits) {

    /** Blocks per stripe: the DataNodes a stripe needs, one block each. */
    public int width() {
      return dataUnits + parityUnits;
    }
  }

  /**
   * @param installed the plan the cluster runs
   * @param leaving the hosts to remove, by inventory name or address
   * @param live what the running cluster reports; null: nothing (every leaving DataNode counts as
   *     unknown to the NameNode)
   */
  public static ScaleInCheck check(Plan installed, List<String> leaving, LiveFacts live) {
    LiveFacts facts = live != null ? live : new LiveFacts(null, null, 0, 0, 0);
    List<Finding> findings = new ArrayList<>();
    List<String> asked = leaving == null ? List.of() : leaving;
    if (asked.isEmpty()) {
      findings.add(
          Finding.of(FindingCode.SCALE_IN_NO_HOSTS, "hosts", "name at least one host to remove"));
    }

    // resolve the names, in the order asked for
    Map<String, PlannedHost> going = new LinkedHashMap<>();
    Map<String, Integer> firstIndex = new TreeMap<>();
    Map<String, Integer> indexOf = new LinkedHashMap<>();
    for (int i = 0; i < asked.size(); i++) {
      String id = asked.get(i) == null ? "" : asked.get(i).trim();
      String field = "hosts[" + i + "]";
      Optional<PlannedHost> h = InventoryRenderer.find(installed, id);
      if (h.isEmpty()) {
        findings.add(
            Finding.of(
                FindingCode.SCALE_IN_UNKNOWN_HOST,
                field,
                (id.isEmpty() ? "an empty host name" : id)
                    + " is not a host of cluster "
                    + installed.cluster()
                    + " "
                    + names(installed.hosts())));
        continue;
      }
      String name = InventoryRenderer.inventoryName(h.get());
      Integer first = firstIndex.putIfAbsent(name, i);
      if (first != null) {
        findings.add(
            Finding.of(
                FindingCode.SCALE_IN_DUPLICATE_HOST,
                field,
                name + " is listed twice (hosts[" + first + "] and " + field + ")"));
        continue;
      }
      going.put(name, h.get());
      indexOf.put(name, i);
    }

    roleFindings(installed, going, indexOf, findings);

    List<PlannedHost> staying =
        installed.hosts().stream()
            .filter(h -> !going.containsKey(InventoryRenderer.inventoryName(h)))
            .toList();
    Map<String, DataNodeFact> factOf = new LinkedHashMap<>();
    for (PlannedHost h : installed.hosts()) {
      fact(h, facts.dataNodes()).ifPresent(f -> factOf.put(InventoryRenderer.inventoryName(h), f));
    }

    if (!going.isEmpty()) {
      capacityFindings(installed, going, staying, factOf, facts, findings);
    }

    long bytesToMove = 0;
    for (var e : going.entrySet()) {
      if (!e.getValue().runs(Role.DATANODE)) {
        continue;
      }
      DataNodeFact f = factOf.get(e.getKey());
      if (f != null && f.live()) {
        bytesToMove += f.usedBytes();
      } else {
        findings.add(
            Finding.of(
                FindingCode.SCALE_IN_DEAD_DATANODE,
                "hosts[" + indexOf.get(e.getKey()) + "]",
                "the DataNode on "
                    + e.getKey()
                    + (f == null ? " is not known to the NameNode" : " is dead")
                    + ": HDFS re-replicates whatever blocks it held from their other replicas;"
                    + " nothing to copy off it"));
      }
    }
    if (!going.isEmpty()) {
      Set<String> leavingNames = going.keySet();
      long free =
          factOf.entrySet().stream()
              .filter(e -> !leavingNames.contains(e.getKey()) && e.getValue().live())
              .mapToLong(e -> Math.max(0, e.getValue().remainingBytes()))
              .sum();
      // DataNodes the NameNode knows but the plan does not: they take blocks too
      free +=
          facts.dataNodes().stream()
              .filter(f -> f.live() && !factOf.containsValue(f))
              .mapToLong(f -> Math.max(0, f.remainingBytes()))
              .sum();
      if (bytesToMove > MAX_FILL * free) {
        findings.add(
            Finding.of(
                FindingCode.SCALE_IN_SPACE,
                "hosts",
                String.format(
                    Locale.ROOT,
                    "the leaving DataNodes hold %.1f GiB; the staying live DataNodes have %.1f GiB"
                        + " free, and a scale-in may fill at most %d%% of it (%.1f GiB)",
                    bytesToMove / GIB,
                    free / GIB,
                    Math.round(MAX_FILL * 100),
                    MAX_FILL * free / GIB)));
      }
    }
    if (facts.missingBlocks() > 0) {
      findings.add(
          Finding.of(
              FindingCode.SCALE_IN_MISSING_BLOCKS,
              "",
              "HDFS reports "
                  + facts.missingBlocks()
                  + " missing block(s): fix the cluster first (hdfs fsck /"
                  + " -list-corruptfileblocks lists their files); a decommission waits for blocks"
                  + " no DataNode can copy"));
    }
    if (facts.underReplicatedBlocks() > 0) {
      findings.add(
          Finding.of(
              FindingCode.SCALE_IN_UNDER_REPLICATED,
              "",
              "HDFS reports "
                  + facts.underReplicatedBlocks()
                  + " under-replicated block(s): it is still copying them, and the decommission"
                  + " takes longer"));
    }

    Plan after = without(installed, going.keySet());
    return new ScaleInCheck(
        List.copyOf(going.keySet()),
        findings,
        after,
        PlanDiff.between(installed, after),
        bytesToMove);
  }

  /**
   * Hosts running anything but a DataNode and a RegionServer, or the managed KDC, may not leave by
   * a scale-in.
   */
  private static void roleFindings(
      Plan plan,
      Map<String, PlannedHost> going,
      Map<String, Integer> indexOf,
      List<Finding> findings) {
    String only = "; a scale-in removes DataNode + RegionServer hosts only";
    for (var e : going.entrySet()) {
      String name = e.getKey();
      PlannedHost h = e.getValue();
      String field = "hosts[" + indexOf.get(name) + "]";
      if (h.runs(Role.ZOOKEEPER)) {
        findings.add(
            Finding.of(
                FindingCode.SCALE_IN_BREAKS_QUORUM,
                field,
                name + " runs a ZooKeeper: " + quorum(plan, going, Role.ZOOKEEPER) + only));
      }
      if (h.runs(Role.JOURNALNODE)) {
        findings.add(
            Finding.of(
                FindingCode.SCALE_IN_BREAKS_QUORUM,
                field,
                name + " runs a JournalNode: " + quorum(plan, going, Role.JOURNALNODE) + only));
      }
      if (h.runs(Role.NAMENODE) || h.runs(Role.ZKFC)) {
        String what;
        if (h.runs(Role.NAMENODE)) {
          int nn = plan.hostsRunning(Role.NAMENODE).indexOf(h) + 1;
          what =
              plan.ha().enabled()
                  ? "NameNode nn" + nn + (h.runs(Role.ZKFC) ? " and its ZKFC" : "")
                  : "the NameNode";
        } else {
          what = "a ZKFC";
        }
        String breaks =
            plan.ha().enabled()
                ? "removing it breaks the HA pair (no failover left)"
                : "removing it takes HDFS down";
        findings.add(
            Finding.of(
                FindingCode.SCALE_IN_NAMENODE,
                field,
                name + " runs " + what + ": " + breaks + "; move it to another host first" + only));
      }
      if (h.runs(Role.HBASE_MASTER)) {
        int masters = plan.hostsRunning(Role.HBASE_MASTER).size();
        long left =
            plan.hostsRunning(Role.HBASE_MASTER).stream()
                .filter(m -> !going.containsKey(InventoryRenderer.inventoryName(m)))
                .count();
        String leaves =
            left == 0
                ? "removing it leaves HBase without a master"
                : "removing it leaves " + left + " of " + masters + " HMasters"
                    + (left == 1 ? ", no backup" : "");
        findings.add(
            Finding.of(
                FindingCode.SCALE_IN_MASTER,
                field,
                name + " runs an HMaster: " + leaves + "; move it to another host first" + only));
      }
      if (plan.kerberos() != null && name.equals(plan.kerberos().kdcHost())) {
        findings.add(
            Finding.of(
                FindingCode.SCALE_IN_KDC,
                field,
                name
                    + " runs the cluster's KDC: without it no service or client gets a ticket, and"
                    + " its database holds every principal of realm "
                    + plan.kerberos().realm()
                    + only));
      }
    }
  }

  /** "removing a ZooKeeper of a 3-server quorum leaves 2 (…); move it to another host first". */
  private static String quorum(Plan plan, Map<String, PlannedHost> going, Role role) {
    List<PlannedHost> members = plan.hostsRunning(role);
    int n = members.size();
    long out =
        members.stream().filter(m -> going.containsKey(InventoryRenderer.inventoryName(m))).count();
    long left = n - out;
    int majority = n / 2 + 1;
    long spare = left - majority;
    String title = role.title();
    String what = out == 1 ? "a " + title : out + " " + title + "s";
    String stops = role == Role.ZOOKEEPER ? "HBase and NameNode failover" : "the NameNodes";
    String consequence;
    if (spare < 0) {
      consequence = "no majority: " + stops + " stop";
    } else if (spare == 0) {
      consequence = "a bare majority: one more loss stops " + stops;
    } else {
      consequence = spare + " more loss(es) tolerated instead of " + (n - majority);
    }
    return "removing "
        + what
        + " of a "
        + n
        + "-server quorum leaves "
        + left
        + " ("
        + consequence
        + "); move it to another host first";
  }

  /** DataNode, RegionServer, EC width and rack checks on what stays. */
  private static void capacityFindings(
      Plan plan,
      Map<String, PlannedHost> going,
      List<PlannedHost> staying,
      Map<String, DataNodeFact> factOf,
      LiveFacts facts,
      List<Finding> findings) {
    List<PlannedHost> dataNodesBefore = plan.hostsRunning(Role.DATANODE);
    List<PlannedHost> dataNodesAfter = staying.stream().filter(h -> h.runs(Role.DATANODE)).toList();
    int before = dataNodesBefore.size();
    int after = dataNodesAfter.size();
    if (after < before && after < facts.replication()) {
      findings.add(
          Finding.of(
              FindingCode.SCALE_IN_REPLICATION,
              "hosts",
              after
                  + " DataNode(s) would remain, fewer than dfs.replication "
                  + facts.replication()
                  + ": the leaving DataNodes' blocks would have nowhere to go and the"
                  + " decommission would never finish"));
    }
    Set<String> racksBefore = racks(dataNodesBefore, factOf);
    Set<String> racksAfter = racks(dataNodesAfter, factOf);
    for (EcPolicyFact p : facts.ecPolicies()) {
      int width = p.width();
      if (before < width) {
        // already narrower than the stripe (HDFS enables RS-6-3-1024k on every cluster): no
        // stripe of it is placed in full, and this scale-in makes nothing of it worse to refuse
        continue;
      }
      if (after < width) {
        findings.add(
            Finding.of(
                FindingCode.SCALE_IN_EC_POLICY,
                "hosts",
                String.format(
                    Locale.ROOT,
                    "%s needs %d DataNodes (%d data + %d parity); %d would remain: its stripes"
                        + " could not be rebuilt off the leaving hosts",
                    p.name(),
                    width,
                    p.dataUnits(),
                    p.parityUnits(),
                    after)));
      } else if (racksAfter.size() < racksBefore.size() && racksAfter.size() < width) {
        Set<String> gone = new TreeSet<>(racksBefore);
        gone.removeAll(racksAfter);
        findings.add(
            Finding.of(
                FindingCode.SCALE_IN_EC_RACKS,
                "hosts",
                String.format(
                    Locale.ROOT,
                    "%s spreads a stripe's %d blocks one per rack where it can; %d rack(s) would"
                        + " remain (%s gone), so losing a rack can lose more than %d block(s)"
                        + " of a stripe",
                    p.name(),
                    width,
                    racksAfter.size(),
                    String.join(", ", gone),
                    p.parityUnits())));
      }
    }
    long regionServersBefore = plan.hostsRunning(Role.REGIONSERVER).size();
    long regionServersAfter = staying.stream().filter(h -> h.runs(Role.REGIONSERVER)).count();
    if (regionServersBefore > 0 && regionServersAfter == 0) {
      findings.add(
          Finding.of(
              FindingCode.SCALE_IN_LAST_REGIONSERVER,
              "hosts",
              "no RegionServer would remain: HBase could serve no region; keep at least one of "
                  + String.join(", ", going.keySet())));
    }
  }

  /** The racks of DataNode hosts: the NameNode's where it reports one, else the plan's. */
  private static Set<String> racks(List<PlannedHost> hosts, Map<String, DataNodeFact> factOf) {
    Set<String> racks = new LinkedHashSet<>();
    for (PlannedHost h : hosts) {
      DataNodeFact f = factOf.get(InventoryRenderer.inventoryName(h));
      racks.add(f != null && f.rack() != null && !f.rack().isBlank() ? f.rack() : h.rack());
    }
    return racks;
  }

  /** The NameNode's report of a plan host: by address, else by host name. */
  private static Optional<DataNodeFact> fact(PlannedHost h, List<DataNodeFact> facts) {
    return facts.stream()
        .filter(f -> h.address().equals(f.address()))
        .findFirst()
        .or(
            () ->
                facts.stream()
                    .filter(
                        f ->
                            f.hostname() != null
                                && (f.hostname().equalsIgnoreCase(h.hostname())
                                    || f.hostname()
                                        .toLowerCase(Locale.ROOT)
                                        .startsWith(h.hostname().toLowerCase(Locale.ROOT) + ".")))
                    .findFirst());
  }

  /**
   * The installed plan without {@code names}: every other host keeps its roles, heaps and config.
   * No cluster-wide value lists DataNode or RegionServer hosts; the topology script's rule, which
   * names every host's rack, is recomputed when it is Granary's.
   */
  public static Plan without(Plan plan, Set<String> names) {
    if (names.isEmpty()) {
      return plan;
    }
    List<PlannedHost> hosts =
        plan.hosts().stream()
            .filter(h -> !names.contains(InventoryRenderer.inventoryName(h)))
            .toList();
    Map<ConfigFile, SortedMap<String, ConfigValue>> config = new EnumMap<>(ConfigFile.class);
    plan.config().forEach((f, m) -> config.put(f, new TreeMap<>(m)));
    SortedMap<String, ConfigValue> core = config.get(ConfigFile.CORE_SITE);
    String topology = "net.topology.script.file.name";
    ConfigValue script = core.get(topology);
    if (script != null && script.source() == Provenance.DEFAULT) {
      ConfigValue fresh = ConfigAssembler.topologyScript(hosts);
      if (fresh.value().equals(script.value())) {
        core.put(topology, fresh);
      }
    }
    config.replaceAll((f, m) -> Collections.unmodifiableSortedMap(m));
    return new Plan(
        plan.cluster(),
        plan.profile(),
        plan.workload(),
        plan.sshUser(),
        plan.ha(),
        hosts,
        Collections.unmodifiableMap(config),
        plan.erasureCodingPolicies(),
        plan.roleConfig(),
        plan.kerberos());
  }

  private static String names(List<PlannedHost> hosts) {
    return hosts.stream()
        .map(InventoryRenderer::inventoryName)
        .collect(Collectors.joining(", ", "(", ")"));
  }
}
