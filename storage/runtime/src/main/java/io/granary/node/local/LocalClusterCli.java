package io.granary.node.local;

import io.granary.node.NodeException;
import io.granary.node.config.LocalLayout;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.stream.Stream;

/** {@code granary-node local up|down|status|wipe [options]}. */
public final class LocalClusterCli {
  static final String USAGE =
      """
      usage: granary-node local up|down|status|wipe|drill [options]
        --dir DIR            cluster directory (env GRANARY_LOCAL_DIR; default var/local-cluster in the repo)
        --port-base N        first port of the loopback port plan (env GRANARY_LOCAL_PORT_BASE; default 19000)
        --datanodes N        DataNodes on first start (default 5)
        --regionservers N    RegionServers on first start (default 2)
        --ha                 on first start: 3 ZooKeepers, 3 JournalNodes, 2 NameNodes with ZKFCs, 2 HMasters
        --timeout SECONDS    how long up waits for each step (default 240)
        --metrics            up: also start Prometheus and Alertmanager (Debian's packages) for this cluster
        --metrics-retention D  how long Prometheus keeps samples (default 15d)
        --hdfs-set KEY=VALUE up: an hdfs-site.xml setting for this start, repeatable (a scratch cluster's knobs)
        --hbase-set KEY=VALUE up: an hbase-site.xml setting for this start, repeatable
        --native-off R,R     up: start these roles (datanode, regionserver, …) without libhadoop
        --yes                confirm wipe
        drill: a failover drill on an HA cluster (writers put rows while a member is killed)
        --target T           namenode (kill -9 the active), master (kill -9 the active), zookeeper (stop the leader)
        --rows N             rows the writers put (default 50000)
        --runs N             drills in a row (default 1)
        --json FILE          also write the outcomes as JSON lines""";

  private LocalClusterCli() {}

  public static void main(String[] args) {
    int code;
    try {
      code = run(args, System.getenv(), System.out);
    } catch (NodeException e) {
      System.err.println("granary-node: " + e.getMessage());
      code = e.exitCode();
    } catch (RuntimeException e) {
      System.err.println("granary-node: unexpected error: " + e);
      code = 1;
    }
    System.out.flush();
    // Client libraries leave non-daemon threads behind; the command is done.
    System.exit(code);
  }

  static int run(String[] args, Map<String, String> env, PrintStream out) {
    if (args.length == 0) {
      throw NodeException.usage("missing action\n" + USAGE);
    }
    String action = args[0];
    if (!Stream.of("up", "down", "status", "wipe", "drill").anyMatch(action::equals)) {
      throw NodeException.usage("unknown action '" + action + "'\n" + USAGE);
    }
    Path dir = null;
    Integer portBase = null;
    Integer dataNodes = null;
    Integer regionServers = null;
    int timeoutS = 240;
    boolean yes = false;
    boolean ha = false;
    String target = null;
    int rows = 50_000;
    int runs = 1;
    Path json = null;
    boolean metrics = false;
    String retention = "15d";
    Map<String, String> hdfsSet = new java.util.LinkedHashMap<>();
    Map<String, String> hbaseSet = new java.util.LinkedHashMap<>();
    java.util.Set<io.granary.node.Role> nativeOff = new java.util.HashSet<>();
    for (int i = 1; i < args.length; i++) {
      String a = args[i];
      switch (a) {
        case "--dir" -> dir = Path.of(value(args, ++i, a));
        case "--port-base" -> portBase = intValue(args, ++i, a);
        case "--datanodes" -> dataNodes = intValue(args, ++i, a);
        case "--regionservers" -> regionServers = intValue(args, ++i, a);
        case "--timeout" -> timeoutS = intValue(args, ++i, a);
        case "--yes" -> yes = true;
        case "--ha" -> ha = true;
        case "--target" -> target = value(args, ++i, a);
        case "--rows" -> rows = intValue(args, ++i, a);
        case "--runs" -> runs = intValue(args, ++i, a);
        case "--json" -> json = Path.of(value(args, ++i, a));
        case "--metrics" -> metrics = true;
        case "--metrics-retention" -> retention = retention(value(args, ++i, a));
        case "--native-off" -> {
          for (String r : value(args, ++i, a).split(",")) {
            nativeOff.add(java.util.Arrays.stream(io.granary.node.Role.values()).filter(x -> x.cliName().equals(r.trim()))
                .findFirst().orElseThrow(() -> NodeException.usage("--native-off takes roles such as datanode,"
                    + "regionserver; got '" + r + "'")));
          }
        }
        case "--hdfs-set" -> setting(value(args, ++i, a), a, hdfsSet);
        case "--hbase-set" -> setting(value(args, ++i, a), a, hbaseSet);
        default -> throw NodeException.usage("unknown option '" + a + "'\n" + USAGE);
      }
    }
    if (dir == null) {
      dir = defaultDir(env);
    }
    if (portBase == null && env.get("GRANARY_LOCAL_PORT_BASE") != null) {
      portBase = parseInt(env.get("GRANARY_LOCAL_PORT_BASE"), "GRANARY_LOCAL_PORT_BASE");
    }
    Path home = Path.of(System.getProperty("granary.home", "."));
    LocalLayout layout = layout(dir.toAbsolutePath().normalize(), portBase, dataNodes, regionServers, ha,
        action.equals("up"));
    LocalCluster cluster = new LocalCluster(home, layout, out, Duration.ofSeconds(timeoutS));
    if (metrics) {
      cluster.withMetrics(retention);
    }
    cluster.withHdfsSettings(hdfsSet).withHbaseSettings(hbaseSet).withNativeOff(nativeOff);
    switch (action) {
      case "up" -> cluster.up();
      case "down" -> cluster.down();
      case "status" -> {
        return cluster.status() ? 0 : 3;
      }
      case "wipe" -> cluster.wipe(yes);
      case "drill" -> {
        if (target == null) {
          throw NodeException.usage("drill needs --target namenode|master|zookeeper\n" + USAGE);
        }
        return cluster.drill(FailoverDrill.Target.parse(target), rows, runs, json);
      }
      default -> throw new IllegalStateException(action);
    }
    return 0;
  }

  /**
   * The layout of an existing cluster comes from its cluster.properties; options may change the
   * port plan of a stopped cluster. A first {@code up} creates the file.
   */
  static LocalLayout layout(Path dir, Integer portBase, Integer dataNodes, Integer regionServers,
      boolean ha, boolean creating) {
    ClusterFile.Versions versions = ClusterFile.Versions.current();
    if (Files.exists(ClusterFile.path(dir))) {
      ClusterFile f = ClusterFile.read(dir);
      if (creating) {
        // only starting needs matching data; down, status and wipe must work on any version
        f.checkCompatible(dir, versions);
      }
      if ((dataNodes != null && dataNodes != f.dataNodes())
          || (regionServers != null && regionServers != f.regionServers())) {
        throw NodeException.usage("the cluster in " + dir + " has " + f.dataNodes() + " DataNodes and "
            + f.regionServers() + " RegionServers; their count is fixed when it is created");
      }
      if (ha && !f.ha()) {
        throw NodeException.usage("the cluster in " + dir + " was created without --ha; its shape is fixed when"
            + " it is created (wipe it, or use another --dir)");
      }
      LocalLayout current = new LocalLayout(dir, f.portBase(), f.dataNodes(), f.regionServers(), f.ha());
      if (portBase == null || portBase == f.portBase()) {
        return current;
      }
      if (f.ha()) {
        // the ZKFCs keep the NameNodes' addresses in ZooKeeper and refuse to elect one that moved
        throw NodeException.usage("the HA cluster in " + dir + " runs on port base " + f.portBase()
            + " and cannot move to " + portBase + "; wipe it or use another --dir");
      }
      LocalLayout moved = new LocalLayout(dir, portBase, f.dataNodes(), f.regionServers(), f.ha());
      if (creating) {
        LocalCluster probe = new LocalCluster(Path.of("."), current, System.out, Duration.ZERO);
        if (!probe.running().isEmpty()) {
          throw NodeException.usage("the cluster in " + dir + " is running on port base " + f.portBase()
              + "; stop it before moving it to " + portBase);
        }
        new ClusterFile(f.layoutVersion(), f.hbaseVersion(), f.hadoopVersion(), portBase,
            f.dataNodes(), f.regionServers(), f.ha()).write(dir);
        return moved;
      }
      return current;
    }
    if (Files.isDirectory(dir) && !isEmpty(dir)) {
      throw new NodeException(dir + " is not empty and holds no Granary local cluster (no "
          + ClusterFile.NAME + "); choose another --dir");
    }
    LocalLayout layout = new LocalLayout(dir,
        portBase == null ? LocalLayout.DEFAULT_PORT_BASE : portBase,
        dataNodes == null ? 5 : dataNodes,
        regionServers == null ? 2 : regionServers, ha);
    if (creating) {
      new ClusterFile(ClusterFile.LAYOUT_VERSION, versions.hbase(), versions.hadoop(),
          layout.portBase(), layout.dataNodes(), layout.regionServers(), ha).write(dir);
    }
    return layout;
  }

  /** GRANARY_LOCAL_DIR, else var/local-cluster of the source tree holding this distribution. */
  static Path defaultDir(Map<String, String> env) {
    String fromEnv = env.get("GRANARY_LOCAL_DIR");
    if (fromEnv != null && !fromEnv.isBlank()) {
      return Path.of(fromEnv);
    }
    Path home = Path.of(System.getProperty("granary.home", ".")).toAbsolutePath().normalize();
    if (home.endsWith(Path.of("storage/runtime/target/granary-node"))) {
      return home.getParent().getParent().getParent().getParent().resolve("var/local-cluster");
    }
    return Path.of(System.getProperty("user.home"), ".granary/local-cluster");
  }

  private static boolean isEmpty(Path dir) {
    try (Stream<Path> s = Files.list(dir)) {
      return s.findAny().isEmpty();
    } catch (IOException e) {
      return false;
    }
  }

  /** Prometheus' duration syntax, checked here so a typo fails before any process starts. */
  static String retention(String s) {
    if (!s.matches("([0-9]+(y|w|d|h|m|s|ms))+")) {
      throw NodeException.usage("--metrics-retention must be a duration such as 15d, 12h or 2w, got '" + s + "'");
    }
    return s;
  }

  private static void setting(String kv, String option, Map<String, String> into) {
    int eq = kv.indexOf('=');
    if (eq <= 0 || !kv.substring(0, eq).matches("[a-z][a-z0-9.\\-_]*") || kv.substring(eq + 1).matches(".*[<>&].*")) {
      throw NodeException.usage(option + " takes KEY=VALUE (a Hadoop key, a plain value), got '" + kv + "'");
    }
    into.put(kv.substring(0, eq), kv.substring(eq + 1));
  }

  static String value(String[] args, int i, String option) {
    if (i >= args.length) {
      throw NodeException.usage(option + " needs a value");
    }
    return args[i];
  }

  static int intValue(String[] args, int i, String option) {
    return parseInt(value(args, i, option), option);
  }

  private static int parseInt(String s, String what) {
    try {
      return Integer.parseInt(s.trim());
    } catch (NumberFormatException e) {
      throw NodeException.usage(what + " must be a number, got '" + s + "'");
    }
  }
}
