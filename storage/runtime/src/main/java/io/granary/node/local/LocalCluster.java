package io.granary.node.local;

import io.granary.node.NativeSupport;
import io.granary.node.NodeException;
import io.granary.node.Role;
import io.granary.node.config.ConfigRenderer;
import io.granary.node.config.Instance;
import io.granary.node.config.LocalLayout;
import io.granary.node.config.ShortCircuit;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;

/**
 * The local cluster: ZooKeeper, NameNode, DataNodes, HMaster and RegionServers on loopback, each
 * a separate process started through bin/granary-node, with data persisting in one directory.
 */
public final class LocalCluster {
  private final Path home;
  private final LocalLayout layout;
  private final PrintStream out;
  private final Processes processes;
  private final Duration timeout;
  private final LocalMonitoring monitoring;
  /** Retention of the local Prometheus; null: start no metrics servers. */
  private String metricsRetention;

  LocalCluster(Path home, LocalLayout layout, PrintStream out, Duration timeout) {
    this.home = home;
    this.layout = layout;
    this.out = out;
    this.timeout = timeout;
    this.processes = new Processes(home.resolve("bin/granary-node"), layout);
    this.monitoring = new LocalMonitoring(home, layout, out);
  }

  private Map<String, String> hdfsSettings = Map.of();
  private Map<String, String> hbaseSettings = Map.of();

  /**
   * {@code up} writes these into every role's hdfs-site.xml after the template's own, e.g. an
   * experiment's reconstruction knobs on a scratch cluster; only for this start.
   */
  /** hbase-site.xml settings of this start (a scratch cluster's server-side factor, e.g. MSLAB off). */
  LocalCluster withHbaseSettings(Map<String, String> settings) {
    this.hbaseSettings = Map.copyOf(settings);
    return this;
  }

  LocalCluster withHdfsSettings(Map<String, String> settings) {
    this.hdfsSettings = Map.copyOf(settings);
    return this;
  }

  /** {@code up} starts these roles without libhadoop. */
  LocalCluster withNativeOff(java.util.Set<io.granary.node.Role> roles) {
    processes.nativeOff(roles);
    return this;
  }

  /** {@code up} also starts Prometheus and Alertmanager, keeping metrics for {@code retention}. */
  LocalCluster withMetrics(String retention) {
    this.metricsRetention = retention;
    return this;
  }

  public LocalLayout layout() {
    return layout;
  }

  Map<Instance, Long> running() {
    Map<Instance, Long> m = new LinkedHashMap<>();
    for (Instance i : layout.instances()) {
      OptionalLong pid = processes.pid(i);
      pid.ifPresent(p -> m.put(i, p));
    }
    return m;
  }

  // ---------------------------------------------------------------- up

  public void up() {
    long t0 = System.nanoTime();
    List<Instance> all = layout.instances();
    Map<Instance, Long> running = running();
    if (running.size() == all.size()) {
      out.println("local cluster already up (" + all.size() + " processes); checking it serves");
      waitFor("put/get probe", Duration.ofSeconds(60), List.of(), this::probe);
      startMetrics();
      printEndpoints();
      return;
    }
    List<String> busy = new ArrayList<>();
    for (Instance i : all) {
      if (running.containsKey(i)) {
        continue;
      }
      i.ports()
          .forEach(
              (label, port) -> {
                if (!Probes.portFree(LocalLayout.HOST, port)) {
                  busy.add(port + " (" + i.name() + " " + label + ")");
                }
              });
    }
    if (!busy.isEmpty()) {
      throw new NodeException(
          "port " + String.join(", ", busy) + " already in use by another process; stop it or"
              + " choose another --port-base (now " + layout.portBase() + ")");
    }

    renderConfigs();
    List<Instance> started = new ArrayList<>();
    try {
      for (Instance i : all) {
        if (i.role() == Role.MASTER) {
          break;
        }
        startIfDown(i, running, started);
      }
      waitFor(layout.ha() ? "ZooKeeper quorum of " + layout.zookeepers() : "ZooKeeper", timeout, started,
          this::zookeeperServing);
      if (layout.ha()) {
        waitFor("an active NameNode (ZKFC election)", timeout, started, () -> activeNamenode() > 0);
      }
      // HBase needs a writable HDFS, not every DataNode: start it as soon as blocks can be
      // replicated, so its JVM start-up overlaps the remaining DataNode registrations.
      waitFor("HDFS writable (out of safe mode, " + layout.replication() + " DataNodes)", timeout, started,
          () -> liveDataNodes() >= layout.replication() && outOfSafeMode());
      new EngineClient(layout).prepareHbaseRoot();
      for (Instance i : all) {
        if (i.role() == Role.MASTER || i.role() == Role.REGIONSERVER) {
          startIfDown(i, running, started);
        }
      }
      waitFor("all " + layout.dataNodes() + " DataNodes live", timeout, started,
          () -> liveDataNodes() >= layout.dataNodes());
      waitFor("HMaster with " + layout.regionServers() + " RegionServers", timeout, started,
          () -> regionServers() >= layout.regionServers());
      if (layout.ha()) {
        // the pair is whole again only once the other member serves as standby / backup
        waitFor("standby NameNode", timeout, started, () -> namenodesServing() == layout.namenodes());
        waitFor("backup HMaster", timeout, started, () -> mastersServing() == layout.masters());
      }
      waitFor("put/get probe", timeout, started, this::probe);
    } catch (IOException | RuntimeException e) {
      // whatever went wrong, never leave a half-started cluster behind
      out.println("start failed; stopping the processes it started");
      stopInstances(started, false);
      String why = e instanceof NodeException ? e.getMessage() : e.getClass().getSimpleName() + ": " + e.getMessage();
      throw new NodeException("local cluster did not come up: " + why + " (logs: " + layout.logDir() + ")");
    }
    startMetrics();
    out.printf("local cluster up in %.1f s (%d processes started)%n",
        (System.nanoTime() - t0) / 1e9, started.size());
    printEndpoints();
  }

  /** After the roles, so their targets answer from the first scrape; a failure here leaves the roles up. */
  private void startMetrics() {
    if (metricsRetention == null) {
      return;
    }
    monitoring.up(metricsRetention);
    writeEndpoints();
  }

  private void startIfDown(Instance i, Map<Instance, Long> running, List<Instance> started) {
    if (running.containsKey(i)) {
      return;
    }
    long pid = processes.start(i);
    started.add(i);
    out.println("  started " + i.name() + " (pid " + pid + ")");
  }

  void renderConfigs() {
    ConfigRenderer renderer = new ConfigRenderer(home.resolve("conf-templates"));
    try {
      for (Path d : List.of(layout.runDir(), layout.logDir())) {
        Files.createDirectories(d);
      }
      for (int i = 1; i <= layout.zookeepers(); i++) {
        Files.createDirectories(layout.zookeeperDir(i));
        if (layout.ha()) {
          // a quorum member learns its number from dataDir/myid
          Files.writeString(layout.zookeeperDir(i).resolve("myid"), i + "\n");
        }
      }
      for (int i = 1; i <= layout.namenodes(); i++) {
        Files.createDirectories(layout.namenodeDir(i));
      }
      for (int i = 1; i <= layout.journalnodes(); i++) {
        Files.createDirectories(layout.journalnodeDir(i));
      }
      for (int i = 1; i <= layout.dataNodes(); i++) {
        Files.createDirectories(layout.datanodeDir(i));
      }
    } catch (IOException e) {
      throw new NodeException("cannot create " + layout.dataDir() + ": " + e.getMessage());
    }
    // after the run directory exists: the check binds a socket in it
    NativeSupport ns = NativeSupport.probe(new Configuration(false));
    ShortCircuit sc = processes.nativeOff(io.granary.node.Role.DATANODE)
        // a DataNode refuses to start with a domain socket path and no libhadoop to serve it
        ? ShortCircuit.off("DataNodes started without libhadoop")
        : ShortCircuit.decide(layout.runDir(), ns.domainSockets(), ns.domainSocketDetail());
    for (Instance i : layout.instances()) {
      renderer.renderAll(layout.confDir(i.name()), ConfigRenderer.variables(layout, i, sc));
      appendSettings(layout.confDir(i.name()).resolve("hdfs-site.xml"), hdfsSettings);
      appendSettings(layout.confDir(i.name()).resolve("hbase-site.xml"), hbaseSettings);
    }
    writeEndpoints();
    try {
      Files.writeString(shortCircuitFile(), sc.enabled() ? "on (" + sc.socketPath() + ")" : "off: " + sc.reason());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    renderer.renderAll(layout.clientConfDir(), ConfigRenderer.variables(layout, null, sc));
  }

  private static void appendSettings(Path hdfsSite, Map<String, String> settings) {
    if (settings.isEmpty() || !Files.exists(hdfsSite)) {
      return;
    }
    StringBuilder b = new StringBuilder();
    // later entries win in a Hadoop Configuration, so these override the template's
    settings.forEach((k, v) -> b.append("  <property><name>").append(k).append("</name><value>").append(v)
        .append("</value></property>\n"));
    try {
      String xml = Files.readString(hdfsSite);
      Files.writeString(hdfsSite, xml.replace("</configuration>", b + "</configuration>"));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Polls until the check passes; fails fast when a process it watches has died. */
  private void waitFor(String what, Duration limit, List<Instance> watched, Callable<Boolean> check) {
    long deadline = System.nanoTime() + limit.toNanos();
    long t0 = System.nanoTime();
    String lastError = "";
    while (System.nanoTime() < deadline) {
      try {
        if (Boolean.TRUE.equals(check.call())) {
          out.printf("  %s ready after %.1f s%n", what, (System.nanoTime() - t0) / 1e9);
          return;
        }
      } catch (Exception e) {
        lastError = ": " + e.getClass().getSimpleName() + " " + firstLine(e.getMessage());
      }
      for (Instance i : watched) {
        if (processes.pid(i).isEmpty()) {
          throw new NodeException(i.name() + " exited while waiting for " + what
              + "; see " + processes.logFile(i) + " and " + processes.outFile(i));
        }
      }
      Processes.sleep(500);
    }
    throw new NodeException("timed out after " + limit.toSeconds() + " s waiting for " + what + lastError);
  }

  private static String firstLine(String s) {
    if (s == null) {
      return "";
    }
    int nl = s.indexOf('\n');
    return nl < 0 ? s : s.substring(0, nl);
  }

  private boolean zookeeperServing() {
    for (int i = 1; i <= layout.zookeepers(); i++) {
      String mode = Probes.zookeeperMode(LocalLayout.HOST, layout.zookeeperPort(i));
      if (mode == null || !(mode.equals("standalone") || mode.equals("leader") || mode.equals("follower"))) {
        return false;
      }
    }
    return true;
  }

  /** The number (1-based) of the active NameNode, 0 when none is; the only one without HA. */
  int activeNamenode() {
    for (int i = 1; i <= layout.namenodes(); i++) {
      if ("active".equals(namenodeState(i))) {
        return i;
      }
    }
    return 0;
  }

  /** active, standby, or null when that NameNode does not answer. */
  String namenodeState(int i) {
    return Probes.jmxString("http://" + LocalLayout.HOST + ":" + layout.namenodeHttpPort(i)
        + "/jmx?qry=Hadoop:service=NameNode,name=NameNodeStatus", "State");
  }

  private int namenodesServing() {
    int n = 0;
    for (int i = 1; i <= layout.namenodes(); i++) {
      String st = namenodeState(i);
      n += "active".equals(st) || "standby".equals(st) ? 1 : 0;
    }
    return n;
  }

  private int mastersServing() {
    int n = 0;
    for (int i = 1; i <= layout.masters(); i++) {
      n += masterActive(i) != null ? 1 : 0;
    }
    return n;
  }

  /** The number (1-based) of the active HMaster, 0 when none is. */
  int activeMaster() {
    for (int i = 1; i <= layout.masters(); i++) {
      if ("true".equals(masterActive(i))) {
        return i;
      }
    }
    return 0;
  }

  private String masterActive(int i) {
    String body = Probes.get("http://" + LocalLayout.HOST + ":" + layout.masterHttpPort(i)
        + "/jmx?qry=Hadoop:service=HBase,name=Master,sub=Server");
    if (body == null) {
      return null;
    }
    java.util.regex.Matcher m = java.util.regex.Pattern.compile("\"tag.isActiveMaster\"\\s*:\\s*\"(\\w+)\"")
        .matcher(body);
    return m.find() ? m.group(1) : null;
  }

  private int liveDataNodes() {
    OptionalInt n = Probes.jmxInt(nnJmx("FSNamesystemState"), "NumLiveDataNodes");
    return n.orElse(-1);
  }

  private boolean outOfSafeMode() {
    String s = Probes.jmxString(nnJmx("NameNodeInfo"), "Safemode");
    return s != null && s.isEmpty();
  }

  private String nnJmx(String bean) {
    int active = layout.ha() ? activeNamenode() : 1;
    return "http://" + LocalLayout.HOST + ":" + layout.namenodeHttpPort(Math.max(1, active))
        + "/jmx?qry=Hadoop:service=NameNode,name=" + bean;
  }

  private int regionServers() {
    int active = layout.ha() ? activeMaster() : 1;
    if (active == 0) {
      return -1;
    }
    return Probes.jmxInt("http://" + LocalLayout.HOST + ":" + layout.masterHttpPort(active)
            + "/jmx?qry=Hadoop:service=HBase,name=Master,sub=Server", "numRegionServers")
        .orElse(-1);
  }

  private boolean probe() throws IOException {
    return new EngineClient(layout).putGet();
  }

  // ---------------------------------------------------------------- down

  public void down() {
    long t0 = System.nanoTime();
    // first, so an orderly stop fires no alert
    int metrics = monitoring.down();
    if (metrics > 0) {
      out.println("  stopped prometheus and alertmanager");
    }
    Map<Instance, Long> running = running();
    if (running.isEmpty()) {
      out.println("local cluster is not running");
      return;
    }
    int killed = stopInstances(new ArrayList<>(running.keySet()), true);
    out.printf("local cluster stopped in %.1f s (%d processes%s)%n", (System.nanoTime() - t0) / 1e9,
        running.size(), killed > 0 ? ", " + killed + " needed SIGKILL" : "");
  }

  /**
   * Stops in reverse dependency order. With {@code orderly}, HBase is first asked to shut down
   * through the master so regions are flushed and closed; signals finish whatever is left.
   */
  private int stopInstances(List<Instance> instances, boolean orderly) {
    List<Instance> hbase = instances.stream()
        .filter(i -> i.role() == Role.MASTER || i.role() == Role.REGIONSERVER).toList();
    boolean masterUp = hbase.stream().anyMatch(i -> i.role() == Role.MASTER && processes.pid(i).isPresent());
    if (orderly && masterUp) {
      try {
        new EngineClient(layout).shutdownHbase();
        for (Instance i : hbase) {
          processes.pid(i).ifPresent(pid -> Processes.waitExit(pid, Duration.ofSeconds(60)));
        }
      } catch (IOException | RuntimeException e) {
        out.println("  orderly HBase shutdown failed (" + firstLine(e.getMessage()) + "); using SIGTERM");
      }
    }
    int killed = 0;
    killed += stopParallel(instances, Role.REGIONSERVER);
    killed += stopParallel(instances, Role.MASTER);
    killed += stopParallel(instances, Role.DATANODE);
    // the ZKFCs first, so that stopping one NameNode does not fail over to the other
    killed += stopParallel(instances, Role.ZKFC);
    killed += stopParallel(instances, Role.NAMENODE);
    killed += stopParallel(instances, Role.JOURNALNODE);
    killed += stopParallel(instances, Role.ZOOKEEPER);
    return killed;
  }

  private int stopParallel(List<Instance> instances, Role role) {
    List<Instance> same = instances.stream().filter(i -> i.role() == role).toList();
    List<Thread> threads = new ArrayList<>();
    int[] killed = new int[1];
    for (Instance i : same) {
      Thread t = new Thread(() -> {
        if (processes.stop(i, Duration.ofSeconds(30))) {
          synchronized (killed) {
            killed[0]++;
          }
        }
      });
      t.start();
      threads.add(t);
    }
    for (Thread t : threads) {
      try {
        t.join();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    return killed[0];
  }

  // ---------------------------------------------------------------- status

  /** Prints per-role state; returns true when every process is up and listening. */
  public boolean status() {
    Map<Instance, Long> running = running();
    out.println("local cluster " + layout.dataDir() + " (port base " + layout.portBase() + ")");
    out.printf("  %-14s %-8s %-22s %-9s %8s%n", "ROLE", "PID", "PORTS", "HEALTH", "RSS");
    long totalKb = 0;
    boolean allUp = true;
    for (Instance i : layout.instances()) {
      Long pid = running.get(i);
      String ports = i.ports().values().stream().map(String::valueOf).collect(Collectors.joining(","));
      String health;
      long rss = 0;
      if (pid == null) {
        health = "down";
        allUp = false;
      } else {
        // a quorum's peer port listens on the leader only
        boolean listening = (i.role() == Role.ZOOKEEPER ? List.of(i.ports().get("client")) : i.ports().values())
            .stream().allMatch(p -> Probes.listening(LocalLayout.HOST, p));
        health = listening ? "up" : "starting";
        if (listening && layout.ha()) {
          health = haState(i);
        }
        allUp &= listening;
        rss = Processes.rssKb(pid);
        totalKb += rss;
      }
      out.printf("  %-14s %-8s %-22s %-9s %5d MB%n", i.name(), pid == null ? "-" : pid, ports, health,
          rss / 1024);
    }
    allUp &= monitoring.status("  %-14s %-8s %-22s %-9s %5d MB%n");
    out.printf("  total RSS: %d MB%n", totalKb / 1024);
    if (Files.exists(shortCircuitFile())) {
      try {
        out.println("  short-circuit reads: " + Files.readString(shortCircuitFile()).trim());
      } catch (IOException e) {
        out.println("  short-circuit reads: unknown (" + e.getMessage() + ")");
      }
    }
    printNative("datanode1", "DataNodes");
    printNative("regionserver1", "RegionServers");
    if (!running.isEmpty()) {
      printEndpoints();
    }
    return allUp;
  }

  /** HA shape: what each member is doing (active/standby NameNode, active/backup HMaster, ZooKeeper mode). */
  private String haState(Instance i) {
    return switch (i.role()) {
      case NAMENODE -> java.util.Objects.requireNonNullElse(namenodeState(i.index()), "up");
      case MASTER -> "true".equals(masterActive(i.index())) ? "active" : "backup";
      case ZOOKEEPER -> java.util.Objects.requireNonNullElse(
          Probes.zookeeperMode(LocalLayout.HOST, layout.zookeeperPort(i.index())), "no-quorum");
      default -> "up";
    };
  }

  /** endpoints.properties: how clients (the control plane) reach this cluster. */
  private void writeEndpoints() {
    java.util.Properties p = new java.util.Properties();
    p.setProperty("zookeeper.quorum", layout.zookeeperQuorum());
    p.setProperty("namenode.uri", layout.namenodeUri());
    p.setProperty("namenode.web.url", "http://" + LocalLayout.HOST + ":" + layout.namenodeHttpPort());
    p.setProperty("master.web.url", "http://" + LocalLayout.HOST + ":" + layout.masterHttpPort());
    p.setProperty("ha", Boolean.toString(layout.ha()));
    if (layout.ha()) {
      // every member, so a reader can find whichever is active
      p.setProperty("namenode.rpc.addresses", joined(layout.namenodes(), i -> LocalLayout.HOST + ":" + layout.namenodeRpcPort(i)));
      p.setProperty("namenode.web.urls", joined(layout.namenodes(), i -> "http://" + LocalLayout.HOST + ":" + layout.namenodeHttpPort(i)));
      p.setProperty("master.web.urls", joined(layout.masters(), i -> "http://" + LocalLayout.HOST + ":" + layout.masterHttpPort(i)));
      p.setProperty("zkfc.addresses", joined(layout.namenodes(), i -> LocalLayout.HOST + ":" + layout.zkfcPort(i)));
      p.setProperty("nameservice", LocalLayout.NAMESERVICE);
    }
    p.setProperty("client.conf.dir", layout.clientConfDir().toString());
    if (monitoring.running()) {
      p.setProperty("prometheus.url", monitoring.url(LocalMonitoring.Server.PROMETHEUS));
      p.setProperty("alertmanager.url", monitoring.url(LocalMonitoring.Server.ALERTMANAGER));
      // where the control plane writes its scrape target, its token and the webhook receiver
      p.setProperty("monitoring.dir", layout.monitoringDir().toString());
    }
    // so the control plane can start a member it stopped on purpose (moving the active HMaster)
    p.setProperty("launcher", home.resolve("bin/granary-node").toAbsolutePath().normalize().toString());
    try (var out = Files.newOutputStream(layout.dataDir().resolve("endpoints.properties"))) {
      p.store(out, "Granary local cluster endpoints; rewritten by 'granary-node local up'");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static String joined(int n, java.util.function.IntFunction<String> f) {
    return java.util.stream.IntStream.rangeClosed(1, n).mapToObj(f).collect(Collectors.joining(","));
  }

  private Path shortCircuitFile() {
    return layout.runDir().resolve("short-circuit");
  }

  private void printNative(String instance, String label) {
    Path f = layout.logDir().resolve(instance + ".native");
    if (!Files.exists(f)) {
      return;
    }
    try {
      Map<String, String> m = NativeSupport.read(f);
      String rs = m.getOrDefault("ec.rs.coder", "?");
      String coder = NativeSupport.coderLabel(rs);
      out.printf("  %s: EC coder %s, XOR %s, checksum %s, libhadoop %s%n", label, coder,
          m.getOrDefault("ec.xor.coder", "?"), m.getOrDefault("checksum", "?"),
          "true".equals(m.get("hadoop.native")) ? "loaded" : "not loaded");
    } catch (IOException e) {
      out.println("  " + label + ": native report unreadable: " + e.getMessage());
    }
  }

  void printEndpoints() {
    out.println("  ZooKeeper quorum:  " + layout.zookeeperQuorum());
    out.println("  NameNode URI:      " + layout.namenodeUri());
    for (int i = 1; i <= layout.namenodes(); i++) {
      out.println("  NameNode UI:       http://" + LocalLayout.HOST + ":" + layout.namenodeHttpPort(i) + "/dfshealth.html");
    }
    for (int i = 1; i <= layout.masters(); i++) {
      out.println("  HMaster UI:        http://" + LocalLayout.HOST + ":" + layout.masterHttpPort(i) + "/master-status");
    }
    for (int i = 1; i <= layout.regionServers(); i++) {
      out.println("  RegionServer UI:   http://" + LocalLayout.HOST + ":" + layout.regionserverHttpPort(i) + "/rs-status");
    }
    if (monitoring.running()) {
      out.println("  Prometheus:        " + monitoring.url(LocalMonitoring.Server.PROMETHEUS) + "/targets");
      out.println("  Alertmanager:      " + monitoring.url(LocalMonitoring.Server.ALERTMANAGER) + "/api/v2/alerts");
    }
    out.println("  client config:     " + layout.clientConfDir());
  }

  // ---------------------------------------------------------------- drill

  /** Runs failover drills; exit code 0 when every acknowledged row read back, 1 otherwise. */
  public int drill(FailoverDrill.Target target, int rows, int runs, Path json) {
    if (rows < FailoverDrill.WRITERS * 10 || runs < 1) {
      throw NodeException.usage("--rows must be at least " + FailoverDrill.WRITERS * 10 + " and --runs at least 1");
    }
    FailoverDrill d = new FailoverDrill(this, processes, out);
    up();
    int bad = 0;
    for (int r = 1; r <= runs; r++) {
      try {
        FailoverDrill.Outcome o = d.run(target, rows, r);
        String line = new com.fasterxml.jackson.databind.ObjectMapper().writeValueAsString(o.json());
        out.println(line);
        if (json != null) {
          Files.writeString(json, line + "\n", java.nio.file.StandardOpenOption.CREATE,
              java.nio.file.StandardOpenOption.APPEND);
        }
        bad += o.missing() > 0 ? 1 : 0;
      } catch (IOException e) {
        throw new NodeException("drill " + r + " failed: " + e);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new NodeException("interrupted");
      }
    }
    return bad == 0 ? 0 : 1;
  }

  // ---------------------------------------------------------------- wipe

  public void wipe(boolean yes) {
    Path dir = layout.dataDir();
    if (!Files.exists(dir)) {
      out.println("nothing to wipe: " + dir + " does not exist");
      return;
    }
    if (!running().isEmpty() || monitoring.running()) {
      throw new NodeException("the local cluster in " + dir + " is running; stop it first with 'granary-node local down'");
    }
    if (!yes) {
      throw NodeException.usage("wipe deletes every table and file of the local cluster in " + dir
          + " (" + sizeMb(dir) + " MB); re-run with --yes to confirm");
    }
    deleteTree(dir);
    out.println("wiped " + dir);
  }

  static long sizeMb(Path dir) {
    try (Stream<Path> s = Files.walk(dir)) {
      return s.filter(Files::isRegularFile).mapToLong(p -> p.toFile().length()).sum() / (1024 * 1024);
    } catch (IOException e) {
      return -1;
    }
  }

  static void deleteTree(Path dir) {
    try (Stream<Path> s = Files.walk(dir)) {
      for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    } catch (IOException e) {
      throw new NodeException("could not delete " + dir + ": " + e.getMessage());
    }
  }
}
