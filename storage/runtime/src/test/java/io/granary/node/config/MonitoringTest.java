package io.granary.node.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The local cluster's Prometheus configuration, as Debian's promtool checks it. */
class MonitoringTest {
  static final Path TEMPLATES = Path.of("src/main/distribution/conf-templates");
  static final Path RULES = Path.of("src/main/distribution/monitoring/granary-alerts.yml");
  static final String PROMTOOL = "/usr/bin/promtool";

  @TempDir Path tmp;

  @Test
  void monitoringPortsCollideWithNoRolePortInTheLargestHaLayout() {
    LocalLayout l = new LocalLayout(tmp, 19000, LocalLayout.MAX_INSTANCES, LocalLayout.MAX_INSTANCES, true);
    List<Integer> ports = new ArrayList<>();
    l.instances().forEach(i -> ports.addAll(i.ports().values()));
    ports.add(l.prometheusPort());
    ports.add(l.alertmanagerPort());
    for (int i = 1; i <= LocalLayout.HA_QUORUM; i++) {
      ports.add(l.zookeeperMetricsPort(i));
    }
    Set<Integer> distinct = new HashSet<>(ports);
    assertEquals(ports.size(), distinct.size(), "ports used twice: " + ports);
  }

  @Test
  void everyRoleWithAWebServerIsATargetOfItsJob() {
    Map<String, List<String>> t = Monitoring.targets(new LocalLayout(tmp, 19000, 5, 2, true));
    assertEquals(List.of("prometheus", "alertmanager", "zookeeper", "journalnode", "namenode", "datanode", "master",
        "regionserver"), List.copyOf(t.keySet()));
    assertEquals(List.of("127.0.0.1:19191", "127.0.0.1:19192", "127.0.0.1:19193"), t.get("zookeeper"));
    assertEquals(2, t.get("namenode").size());
    assertEquals(5, t.get("datanode").size());
    assertEquals(List.of("127.0.0.1:19090"), t.get("prometheus"));
    // the plain shape: one of each master role
    Map<String, List<String>> plain = Monitoring.targets(new LocalLayout(tmp, 19000, 3, 1));
    assertEquals(List.of("127.0.0.1:19191"), plain.get("zookeeper"));
    assertFalse(plain.containsKey("journalnode"));
  }

  @Test
  void theRenderedConfigurationPassesPromtool() throws Exception {
    LocalLayout l = new LocalLayout(tmp.resolve("c"), 19000, 3, 2, true);
    Path dir = l.monitoringDir();
    Files.createDirectories(Monitoring.targetsDir(l));
    Files.createDirectories(Monitoring.rulesDir(l));
    String template = Files.readString(TEMPLATES.resolve("prometheus.yml"));
    Path config = dir.resolve("prometheus.yml");
    Files.writeString(config, ConfigRenderer.render(template, Monitoring.variables(l, "local")));
    for (Map.Entry<String, List<String>> job : Monitoring.targets(l).entrySet()) {
      Files.writeString(Monitoring.targetsDir(l).resolve(job.getKey() + ".json"),
          Monitoring.targetFile("local", job.getValue()));
    }
    Files.writeString(Monitoring.targetsDir(l).resolve("control-plane.json"),
        Monitoring.targetFile("local", List.of("127.0.0.1:8080")));
    Files.writeString(dir.resolve(Monitoring.TOKEN_FILE), "token\n");
    Files.copy(RULES, Monitoring.rulesDir(l).resolve(RULES.getFileName()));

    String out = promtool("check", "config", config.toString());
    assertTrue(out.contains("SUCCESS: 1 rule files found"), out);
    assertFalse(out.contains("WARNING"), out);
    assertTrue(Files.readString(config).contains("cluster: local"));
  }

  @Test
  void theFirstAlertmanagerConfigurationPassesAmtool() throws Exception {
    Path f = tmp.resolve("alertmanager.yml");
    Files.writeString(f, Monitoring.alertmanagerConfig());
    Process p = new ProcessBuilder("/usr/bin/amtool", "check-config", f.toString()).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(60, TimeUnit.SECONDS));
    assertEquals(0, p.exitValue(), out);
    assertTrue(out.contains("SUCCESS"), out);
  }

  static String promtool(String... args) throws IOException, InterruptedException {
    assertTrue(Files.isExecutable(Path.of(PROMTOOL)), PROMTOOL + " is missing: make deps installs Debian's prometheus");
    List<String> cmd = new ArrayList<>(List.of(PROMTOOL));
    cmd.addAll(List.of(args));
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(60, TimeUnit.SECONDS), "promtool did not finish");
    assertEquals(0, p.exitValue(), out);
    return out;
  }
}
