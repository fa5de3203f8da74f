package io.granary.node.local;

import io.granary.node.NodeException;
import io.granary.node.config.ConfigRenderer;
import io.granary.node.config.LocalLayout;
import io.granary.node.config.Monitoring;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

/**
 * Prometheus and Alertmanager beside the local cluster (docs/adr/0017-observability.md): Debian's
 * binaries run as our own detached processes, configured under conf/monitoring, data under
 * data/prometheus and data/alertmanager. A PID is trusted only while its command line names our
 * config file, so a recycled PID is never signalled.
 */
final class LocalMonitoring {
  static final Path PROMETHEUS = Path.of("/usr/bin/prometheus");
  static final Path ALERTMANAGER = Path.of("/usr/bin/prometheus-alertmanager");
  static final String CLUSTER = "local";
  static final String RULES = "granary-alerts.yml";

  private final Path home;
  private final LocalLayout layout;
  private final PrintStream out;

  LocalMonitoring(Path home, LocalLayout layout, PrintStream out) {
    this.home = home;
    this.layout = layout;
    this.out = out;
  }

  static boolean installed() {
    return Files.isExecutable(PROMETHEUS) && Files.isExecutable(ALERTMANAGER);
  }

  enum Server {
    PROMETHEUS("prometheus"),
    ALERTMANAGER("alertmanager");

    final String name;

    Server(String name) {
      this.name = name;
    }
  }

  Path pidFile(Server s) {
    return layout.runDir().resolve(s.name + ".pid");
  }

  Path configFile(Server s) {
    return layout.monitoringDir().resolve(s.name + ".yml");
  }

  Path dataDir(Server s) {
    return layout.dataDir().resolve("data").resolve(s.name);
  }

  int port(Server s) {
    return s == Server.PROMETHEUS ? layout.prometheusPort() : layout.alertmanagerPort();
  }

  String url(Server s) {
    return "http://" + LocalLayout.HOST + ":" + port(s);
  }

  /** Writes prometheus.yml and the targets; rules and alertmanager.yml only when absent (edits survive). */
  void configure() {
    Path dir = layout.monitoringDir();
    try {
      Files.createDirectories(Monitoring.targetsDir(layout));
      Files.createDirectories(Monitoring.rulesDir(layout));
      String template = Files.readString(home.resolve("conf-templates/prometheus.yml"));
      Files.writeString(configFile(Server.PROMETHEUS),
          ConfigRenderer.render(template, Monitoring.variables(layout, CLUSTER)));
      for (Map.Entry<String, List<String>> job : Monitoring.targets(layout).entrySet()) {
        Files.writeString(Monitoring.targetsDir(layout).resolve(job.getKey() + ".json"),
            Monitoring.targetFile(CLUSTER, job.getValue()));
      }
      // until a control plane writes its own target and token, its job has no target
      Path cp = Monitoring.targetsDir(layout).resolve("control-plane.json");
      if (!Files.exists(cp)) {
        Files.writeString(cp, "[]\n");
      }
      Path shipped = home.resolve("monitoring").resolve(RULES);
      Path rules = Monitoring.rulesDir(layout).resolve(RULES);
      if (!Files.exists(rules)) {
        Files.copy(shipped, rules);
      } else if (Files.mismatch(shipped, rules) != -1) {
        Files.copy(shipped, rules.resolveSibling(RULES + ".dist"), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        out.println("  alert rules: " + rules + " differs from the shipped version, left as is; the shipped"
            + " one is beside it as " + RULES + ".dist");
      }
      if (!Files.exists(configFile(Server.ALERTMANAGER))) {
        Files.writeString(configFile(Server.ALERTMANAGER), Monitoring.alertmanagerConfig());
      }
    } catch (IOException e) {
      throw new NodeException("cannot write the monitoring configuration in " + dir + ": " + e.getMessage());
    }
  }

  /** Starts whichever is down and waits until both answer /-/ready. */
  void up(String retention) {
    if (!installed()) {
      out.println("  metrics: " + PROMETHEUS + " or " + ALERTMANAGER + " is missing (make deps installs them);"
          + " the cluster runs without metrics");
      return;
    }
    for (Server s : Server.values()) {
      if (!Probes.portFree(LocalLayout.HOST, port(s)) && pid(s).isEmpty()) {
        throw new NodeException("port " + port(s) + " (" + s.name + ") already in use by another process");
      }
    }
    configure();
    for (Server s : Server.values()) {
      if (pid(s).isPresent()) {
        continue;
      }
      long pid = start(s, command(s, retention));
      out.println("  started " + s.name + " (pid " + pid + ")");
    }
    long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
    for (Server s : Server.values()) {
      while (Probes.get(url(s) + "/-/ready") == null) {
        if (pid(s).isEmpty()) {
          throw new NodeException(s.name + " exited at start; see " + logFile(s));
        }
        if (System.nanoTime() > deadline) {
          throw new NodeException(s.name + " did not become ready within 60 s; see " + logFile(s));
        }
        Processes.sleep(300);
      }
    }
  }

  List<String> command(Server s, String retention) {
    List<String> cmd = new ArrayList<>();
    if (s == Server.PROMETHEUS) {
      cmd.addAll(List.of(PROMETHEUS.toString(),
          "--config.file=" + configFile(s),
          "--storage.tsdb.path=" + dataDir(s),
          "--storage.tsdb.retention.time=" + retention,
          "--web.listen-address=" + LocalLayout.HOST + ":" + port(s),
          "--web.enable-lifecycle",
          "--web.console.templates=/usr/share/prometheus/consoles",
          "--web.console.libraries=/usr/share/prometheus/console_libraries"));
    } else {
      cmd.addAll(List.of(ALERTMANAGER.toString(),
          "--config.file=" + configFile(s),
          "--storage.path=" + dataDir(s),
          "--web.listen-address=" + LocalLayout.HOST + ":" + port(s),
          // no gossip port: one Alertmanager per cluster
          "--cluster.listen-address="));
    }
    return cmd;
  }

  Path logFile(Server s) {
    return layout.logDir().resolve(s.name + ".log");
  }

  private long start(Server s, List<String> command) {
    try {
      Files.createDirectories(dataDir(s));
      Files.createDirectories(layout.logDir());
    } catch (IOException e) {
      throw new NodeException("cannot start " + s.name + ": " + e.getMessage());
    }
    return Processes.startDetached(s.name, pidFile(s), logFile(s), command, Map.of());
  }

  OptionalLong pid(Server s) {
    String config = "\0--config.file=" + configFile(s) + "\0";
    return Processes.pidOf(pidFile(s), pid -> Processes.argv(pid).contains(config));
  }

  /** Stops both; returns how many were running. */
  int down() {
    int n = 0;
    for (Server s : Server.values()) {
      OptionalLong pid = pid(s);
      if (pid.isPresent()) {
        n++;
        Processes.stop(pid, pidFile(s), Duration.ofSeconds(20));
      }
    }
    return n;
  }

  boolean running() {
    return pid(Server.PROMETHEUS).isPresent() || pid(Server.ALERTMANAGER).isPresent();
  }

  /** Status lines in the same columns as the roles; true when both are up or neither was started. */
  boolean status(String format) {
    if (!Files.exists(configFile(Server.PROMETHEUS))) {
      return true;
    }
    boolean ok = true;
    for (Server s : Server.values()) {
      OptionalLong pid = pid(s);
      String health = pid.isEmpty() ? "down" : Probes.get(url(s) + "/-/ready") != null ? "up" : "starting";
      ok &= health.equals("up");
      out.printf(format, s.name, pid.isPresent() ? pid.getAsLong() : "-", port(s), health,
          pid.isPresent() ? Processes.rssKb(pid.getAsLong()) / 1024 : 0);
    }
    return ok;
  }
}
