package io.granary.clusters;

import io.granary.engine.EngineGateway.BalancerOutcome;
import io.granary.engine.EngineGateway;
import io.granary.engine.EngineKerberos;
import io.granary.engine.HaEndpoints;
import io.granary.operations.Operation;
import io.granary.operations.OperationsService;
import io.granary.shared.problem.FieldError;
import io.granary.shared.problem.ProblemException;
import io.granary.shared.problem.ProblemType;
import java.util.List;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.stereotype.Service;

@Service
public class ClustersService {
  public static final String BALANCER_RUN = "BALANCER_RUN";
  static final String BALANCER_SHELL = "hbase shell> balancer";

  private final ClusterRepository clusters;
  private final ClusterStateCache cache;
  private final ClusterStateCollector collector;
  private final OperationsService operations;
  private final EngineGateway engine;

  private final io.granary.observability.MonitoringRepository monitoring;

  public ClustersService(ClusterRepository clusters, ClusterStateCache cache, ClusterStateCollector collector,
      OperationsService operations, EngineGateway engine, io.granary.observability.MonitoringRepository monitoring) {
    this.monitoring = monitoring;
    this.clusters = clusters;
    this.cache = cache;
    this.collector = collector;
    this.operations = operations;
    this.engine = engine;
  }

  public List<Cluster> list() {
    return clusters.findAll();
  }

  public Cluster get(long id) {
    return clusters.findById(id).orElseThrow(() ->
        ProblemException.of(ProblemType.CLUSTER_NOT_FOUND, "no cluster with id " + id));
  }

  public ClusterState state(long id) {
    return cache.get(get(id).id());
  }

  /** Collects the cluster's state now, so a page read right after a change shows it. */
  public void refresh(long id) {
    collector.collect(get(id));
  }

  /** Deregisters a cluster whose hosts are gone (its VMs destroyed); nothing on any host changes. */
  public void deregister(long id) {
    get(id);
    clusters.delete(id);
    engine.forget(id);
  }

  public Cluster register(String name, ClusterKind kind, String zk, String nn, String nnWeb, String masterWeb) {
    return register(name, kind, zk, nn, nnWeb, masterWeb, List.of(), List.of(), List.of());
  }

  /** With NameNode addresses, {@code nn} names their nameservice (see {@link Endpoints#check}). */
  public Cluster register(String name, ClusterKind kind, String zk, String nn, String nnWeb, String masterWeb,
      List<String> nnAddresses, List<String> nnWebUrls, List<String> masterWebUrls) {
    return register(name, kind, zk, nn, nnWeb, masterWeb, nnAddresses, nnWebUrls, masterWebUrls, null);
  }

  /** A cluster whose install Kerberized it: the control plane logs in as {@code kerberos} says. */
  public Cluster register(String name, ClusterKind kind, String zk, String nn, String nnWeb, String masterWeb,
      List<String> nnAddresses, List<String> nnWebUrls, List<String> masterWebUrls, EngineKerberos kerberos) {
    List<FieldError> invalid = Endpoints.check(zk, nn, nnWeb, masterWeb, nnAddresses, nnWebUrls, masterWebUrls);
    if (!invalid.isEmpty()) {
      throw ProblemException.invalid(invalid);
    }
    if (clusters.findByName(name).isPresent()) {
      throw ProblemException.of(ProblemType.CLUSTER_NAME_TAKEN, "a cluster named '" + name + "' is registered");
    }
    try {
      Cluster c = clusters.insert(name, kind, zk, nn, nnWeb, masterWeb, ha(nn, nnAddresses, nnWebUrls, masterWebUrls),
          kerberos);
      Thread t = new Thread(() -> collector.collect(c), "collect-new-cluster");
      t.setDaemon(true);
      t.start();
      return c;
    } catch (DuplicateKeyException e) {
      throw ProblemException.of(ProblemType.CLUSTER_NAME_TAKEN, "a cluster named '" + name + "' is registered");
    }
  }

  private static HaEndpoints ha(String nn, List<String> nnAddresses, List<String> nnWebUrls,
      List<String> masterWebUrls) {
    boolean nameservice = nnAddresses != null && !nnAddresses.isEmpty();
    if (!nameservice && (masterWebUrls == null || masterWebUrls.isEmpty())) {
      return null;
    }
    return new HaEndpoints(nameservice ? nn.substring("hdfs://".length()) : null, nnAddresses, nnWebUrls,
        masterWebUrls);
  }

  /** Runs the balancer once, then follows the region moves it started until none is in transition. */
  public Operation runBalancer(long clusterId, String user) {
    Cluster c = get(clusterId);
    return operations.start(BALANCER_RUN, c.id(), "cluster " + c.name(), BALANCER_SHELL, user, ctx -> {
      ctx.progress(5, "asking the HMaster to balance");
      BalancerOutcome out = engine.balance(c.endpoints());
      if (!out.switchOn()) {
        throw new IllegalStateException(
            "the balancer switch is off; turn it on first (hbase shell> balance_switch true)");
      }
      if (!out.ran()) {
        return "the HMaster did not run the balancer (regions in transition or nothing to do)";
      }
      ctx.progress(20, out.movesCalculated() + " moves calculated, " + out.movesExecuted() + " executed");
      int initial = -1;
      for (int i = 0; i < 600; i++) {
        ctx.checkCancelled();
        int rit = engine.regionsInTransition(c.endpoints());
        if (rit == 0) {
          break;
        }
        initial = Math.max(initial, rit);
        ctx.progress(20 + (int) (75.0 * (initial - rit) / Math.max(1, initial)), rit + " region(s) in transition");
        Thread.sleep(1000);
      }
      collector.collect(c);
      return "balancer ran: " + out.movesExecuted() + " region move(s)";
    });
  }

  /** An existing Prometheus (and Alertmanager) for the charts and alerts of a registered cluster. */
  public void monitoredBy(long clusterId, String prometheusUrl, String alertmanagerUrl) {
    if (prometheusUrl != null) {
      monitoring.save(clusterId, prometheusUrl.replaceAll("/+$", ""),
          alertmanagerUrl == null ? null : alertmanagerUrl.replaceAll("/+$", ""));
    }
  }
}
