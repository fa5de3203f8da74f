package io.granary.clusters;

import io.granary.engine.HaEndpoints;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Properties;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;

/**
 * Registers the local cluster as "local" from the endpoints.properties that
 * {@code granary-node local up} writes, and the cluster that {@code granary.clusters.register}
 * names (the compose appliance's); updates their endpoints if they moved.
 */
@Component
@Order(10)
public class LocalClusterRegistrar implements ApplicationRunner {
  public static final String LOCAL_NAME = "local";
  private static final Logger log = LoggerFactory.getLogger(LocalClusterRegistrar.class);

  private final ClustersProperties props;
  private final ClusterRepository clusters;

  public LocalClusterRegistrar(ClustersProperties props, ClusterRepository clusters) {
    this.props = props;
    this.clusters = clusters;
  }

  @Override
  public void run(ApplicationArguments args) {
    registerConfigured();
    registerLocal();
  }

  /** Endpoints that do not pass the API's own checks stop the start: the container says why and exits. */
  void registerConfigured() {
    ClustersProperties.Register r = props.register();
    if (r == null || !r.wanted()) {
      return;
    }
    List<String> invalid = new java.util.ArrayList<>();
    if (!r.name().matches("[a-z][a-z0-9-]{1,39}")) {
      invalid.add("name: 2 to 40 lower-case letters, digits and '-', starting with a letter");
    }
    Endpoints.check(r.zookeeper(), r.namenode(), r.namenodeWeb(), r.masterWeb(), List.of(), List.of(), List.of())
        .forEach(f -> invalid.add(f.field() + ": " + f.message()));
    if (!invalid.isEmpty()) {
      throw new IllegalStateException("granary.clusters.register (GRANARY_CLUSTER_*) is not valid: "
          + String.join("; ", invalid));
    }
    clusters.findByName(r.name()).ifPresentOrElse(
        c -> clusters.updateEndpoints(c.id(), r.zookeeper(), r.namenode(), r.namenodeWeb(), r.masterWeb(), null),
        () -> {
          clusters.insert(r.name(), ClusterKind.LOCAL, r.zookeeper(), r.namenode(), r.namenodeWeb(), r.masterWeb());
          log.info("registered cluster '{}': ZooKeeper {}, NameNode {}", r.name(), r.zookeeper(), r.namenode());
        });
  }

  void registerLocal() {
    if (props.localDir() == null || props.localDir().isBlank()) {
      return;
    }
    Path file = Path.of(props.localDir()).resolve("endpoints.properties");
    if (!Files.exists(file)) {
      log.warn("no local cluster registered: {} is missing (run 'make run' or 'granary-node local up')", file);
      return;
    }
    Properties p = endpoints(file);
    if (p == null) {
      return;
    }
    String zk = p.getProperty("zookeeper.quorum");
    String nn = p.getProperty("namenode.uri");
    String nnWeb = p.getProperty("namenode.web.url");
    String masterWeb = p.getProperty("master.web.url");
    HaEndpoints ha = ha(p);
    clusters.findByName(LOCAL_NAME).ifPresentOrElse(
        c -> clusters.updateEndpoints(c.id(), zk, nn, nnWeb, masterWeb, ha),
        () -> {
          clusters.insert(LOCAL_NAME, ClusterKind.LOCAL, zk, nn, nnWeb, masterWeb, ha);
          log.info("registered the local cluster: ZooKeeper {}, NameNode {}", zk, nn);
        });
  }

  /** endpoints.properties as {@code local up} wrote it; null (logged) when it cannot be read. */
  public static Properties endpoints(Path file) {
    Properties p = new Properties();
    try (InputStream in = Files.newInputStream(file)) {
      p.load(in);
      return p;
    } catch (IOException e) {
      log.warn("cannot read {}: {}", file, e.getMessage());
      return null;
    }
  }

  /** The members of a cluster started with {@code --ha}; null for one without (ha=false, no list keys). */
  static HaEndpoints ha(Properties p) {
    if (!Boolean.parseBoolean(p.getProperty("ha"))) {
      return null;
    }
    return new HaEndpoints(p.getProperty("nameservice"), list(p.getProperty("namenode.rpc.addresses")),
        list(p.getProperty("namenode.web.urls")), list(p.getProperty("master.web.urls")),
        list(p.getProperty("zkfc.addresses")));
  }

  private static List<String> list(String csv) {
    return csv == null || csv.isBlank() ? List.of() : Arrays.stream(csv.split(",")).map(String::trim).toList();
  }
}
