package io.granary.clusters;

import io.granary.engine.ClusterSnapshot;
import io.granary.engine.ClusterSnapshot.MasterState;
import io.granary.engine.ClusterSnapshot.NameNodeState;
import io.granary.engine.EngineHa;
import io.granary.operations.Operation;
import io.granary.operations.OperationContext;
import io.granary.operations.OperationsService;
import io.granary.shared.problem.FieldError;
import io.granary.shared.problem.ProblemException;
import io.granary.shared.problem.ProblemType;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.springframework.stereotype.Service;

/** The operator's failover actions on a highly available cluster, as confirmed operations. */
@Service
public class HaActions {
  public static final String NAMENODE_FAILOVER = "NAMENODE_FAILOVER";
  public static final String MASTER_MOVE = "MASTER_MOVE";
  /** Longest wait for the collector to see the new active member. */
  static final int SETTLE_SECONDS = 90;

  private final ClustersService clusters;
  private final ClusterStateCollector collector;
  private final OperationsService operations;
  private final EngineHa engine;
  private final ClustersProperties props;

  public HaActions(ClustersService clusters, ClusterStateCollector collector, OperationsService operations,
      EngineHa engine, ClustersProperties props) {
    this.clusters = clusters;
    this.collector = collector;
    this.operations = operations;
    this.engine = engine;
    this.props = props;
  }

  /** The members as last collected; 409 for a cluster without HA or not collected yet. */
  private ClusterSnapshot.Ha ha(Cluster c) {
    ClusterSnapshot s = clusters.state(c.id()).snapshot();
    if (c.ha() == null || s == null || s.ha() == null) {
      throw ProblemException.of(ProblemType.HA_STATE_CONFLICT, "cluster '" + c.name()
          + "' is not highly available (registered with one NameNode and one HMaster) or not collected yet");
    }
    return s.ha();
  }

  public Operation failoverNamenode(long clusterId, String to, String confirm, String user) {
    Cluster c = clusters.get(clusterId);
    ClusterSnapshot.Ha ha = ha(c);
    if (ha.namenodes().stream().noneMatch(n -> n.id().equals(to))) {
      throw ProblemException.invalid(List.of(new FieldError("to", "no NameNode '" + to + "' in nameservice "
          + ha.nameservice() + "; one of " + ha.namenodes().stream().map(ClusterSnapshot.NameNodeHa::id).toList())));
    }
    if (!to.equals(confirm)) {
      throw ProblemException.invalid(List.of(new FieldError("confirm", "must equal '" + to + "', the NameNode that "
          + "becomes active")));
    }
    ClusterSnapshot.NameNodeHa target = ha.namenodes().stream().filter(n -> n.id().equals(to)).findFirst().orElseThrow();
    if (target.state() != NameNodeState.STANDBY) {
      throw ProblemException.of(ProblemType.HA_STATE_CONFLICT, to + " is " + target.state().name().toLowerCase()
          + "; only a standby NameNode can take over");
    }
    String from = ha.namenodes().stream().filter(n -> n.state() == NameNodeState.ACTIVE).map(ClusterSnapshot.NameNodeHa::id)
        .findFirst().orElse("(none active)");
    String shell = "hdfs haadmin -ns " + ha.nameservice() + " -failover " + from + " " + to;
    return operations.start(NAMENODE_FAILOVER, c.id(), "NameNode " + to, shell, user, ctx -> {
      ctx.progress(10, "asking the ZKFC beside " + to + " for a graceful failover from " + from);
      engine.gracefulFailover(c.endpoints(), to);
      ctx.progress(70, "the ZKFC made " + to + " active; waiting for the collector to see it");
      settle(c, ctx, h -> h.namenodes().stream().anyMatch(n -> n.id().equals(to) && n.state() == NameNodeState.ACTIVE));
      return to + " is the active NameNode of " + ha.nameservice() + "; " + from + " is standby";
    });
  }

  public Operation moveActiveMaster(long clusterId, String confirm, String user) {
    Cluster c = clusters.get(clusterId);
    ClusterSnapshot.Ha ha = ha(c);
    if (!c.name().equals(confirm)) {
      throw ProblemException.invalid(List.of(new FieldError("confirm", "must equal the cluster's name '" + c.name()
          + "'")));
    }
    String active = ha.masters().stream().filter(m -> m.state() == MasterState.ACTIVE)
        .map(ClusterSnapshot.MasterHa::webUrl).findFirst()
        .orElseThrow(() -> ProblemException.of(ProblemType.HA_STATE_CONFLICT, "no HMaster is active"));
    if (ha.masters().stream().noneMatch(m -> m.state() == MasterState.BACKUP)) {
      throw ProblemException.of(ProblemType.HA_STATE_CONFLICT, "no backup HMaster runs to take over; start one first");
    }
    String host = host(active);
    // stopping the process makes its ZooKeeper session end at once, so the backup takes over quickly
    String shell = c.kind() == ClusterKind.LOCAL
        ? "kill <pid of the active master>; granary-node local up --dir " + props.localDir()
        : "ssh " + host + " systemctl restart granary-master";
    return operations.start(MASTER_MOVE, c.id(), "HMaster " + host, shell, user, ctx -> {
      ctx.progress(10, "stopping the active HMaster (" + active + ")");
      engine.stopActiveMaster(c.endpoints());
      ctx.progress(30, "waiting for the backup to take over");
      settle(c, ctx, h -> h.masters().stream().anyMatch(m -> m.state() == MasterState.ACTIVE
          && !m.webUrl().equals(active)));
      ctx.progress(70, "the backup is active; starting the stopped HMaster again as the new backup");
      String restarted = restart(c, host, ctx);
      return "the active HMaster moved off " + active + "; " + restarted;
    });
  }

  /** Collects until the cluster's HA members match, so the pages show the change once it returns. */
  private void settle(Cluster c, OperationContext ctx, Predicate<ClusterSnapshot.Ha> done)
      throws InterruptedException {
    for (int i = 0; i < SETTLE_SECONDS; i++) {
      ctx.checkCancelled();
      collector.collect(c);
      ClusterSnapshot s = clusters.state(c.id()).snapshot();
      if (s != null && s.ha() != null && done.test(s.ha())) {
        return;
      }
      TimeUnit.SECONDS.sleep(1);
    }
    throw new IllegalStateException("the change did not show within " + SETTLE_SECONDS + " s; see the overview");
  }

  /** The local cluster restarts it through its launcher; on installed hosts the operator does. */
  private String restart(Cluster c, String host, OperationContext ctx) throws IOException, InterruptedException {
    // only the control plane's own local cluster is started from here; others run under systemd
    Path launcher = c.kind() == ClusterKind.LOCAL && LocalClusterRegistrar.LOCAL_NAME.equals(c.name())
        ? localLauncher() : null;
    if (launcher == null) {
      ctx.warn("start the stopped HMaster again on " + host + ": systemctl start granary-master");
      return "start it again on " + host + " (systemctl start granary-master) to have a backup";
    }
    Process p = new ProcessBuilder(launcher.toString(), "local", "up", "--dir", props.localDir())
        .redirectErrorStream(true).start();
    String out;
    try (InputStream in = p.getInputStream()) {
      out = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
    if (!p.waitFor(5, TimeUnit.MINUTES) || p.exitValue() != 0) {
      p.destroyForcibly();
      throw new IllegalStateException("restarting the stopped HMaster failed: " + summary(out));
    }
    collector.collect(c);
    return "it runs again as backup (" + summary(out) + ")";
  }

  private Path localLauncher() throws IOException {
    if (props.localDir() == null || props.localDir().isBlank()) {
      return null;
    }
    Path endpoints = Path.of(props.localDir()).resolve("endpoints.properties");
    if (!Files.exists(endpoints)) {
      return null;
    }
    Properties p = new Properties();
    try (InputStream in = Files.newInputStream(endpoints)) {
      p.load(in);
    }
    String launcher = p.getProperty("launcher");
    return launcher == null || !Files.isExecutable(Path.of(launcher)) ? null : Path.of(launcher);
  }

  private static String host(String webUrl) {
    try {
      String h = URI.create(webUrl).getHost();
      return h == null ? webUrl : h;
    } catch (IllegalArgumentException e) {
      return webUrl;
    }
  }

  /** The launcher's verdict line ("local cluster up in 21.3 s (1 processes started)"), else its last line. */
  static String summary(String out) {
    String[] lines = out.strip().split("\n");
    for (String l : lines) {
      if (l.startsWith("local cluster") || l.startsWith("granary-node:")) {
        return l.strip();
      }
    }
    return lines[lines.length - 1].strip();
  }
}
