package io.granary.benchmarks;

import io.granary.engine.ClusterSnapshot;
import java.io.IOException;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * "Profile this run": async-profiler attached to the cluster's RegionServers for the length of a
 * benchmark run, through {@code granary-node profile} (the profiler the native-checksums experiment
 * uses). The JDK attach API reaches only JVMs on this host, so the RegionServers found here are
 * profiled and the others are named as out of reach.
 */
@Component
public class RegionServerProfiler {
  private static final Logger log = LoggerFactory.getLogger(RegionServerProfiler.class);
  /** async-profiler's default: about 1% overhead on a busy RegionServer, enough samples for a 30 s run. */
  static final String INTERVAL = "10ms";

  private final Path nodeHome;
  private final JsonMapper json;

  public RegionServerProfiler(@Value("${granary.experiments.node-home}") String nodeHome, JsonMapper json) {
    this.nodeHome = Path.of(nodeHome);
    this.json = json;
  }

  public record Target(String server, long pid) {}

  /** The live RegionServers' JVMs on this host, and the servers out of reach (on other hosts). */
  public record Resolution(List<Target> targets, List<String> elsewhere) {
    public String refusal() {
      return "async-profiler attaches to a RegionServer's JVM on its own host, and none of this cluster's RegionServers"
          + (elsewhere.isEmpty() ? " is live" : " (" + String.join(", ", elsewhere) + ") runs on the control plane's host")
          + "; profile on the host itself: asprof -e cpu -d 60 -o collapsed <RegionServer pid>";
    }
  }

  public Resolution resolve(ClusterSnapshot snap) {
    List<String> names = snap == null ? List.of() : snap.hbase().regionServers().stream()
        .map(ClusterSnapshot.RegionServer::name).toList();
    return resolve(names, LocalListeners::pids);
  }

  static Resolution resolve(List<String> serverNames, java.util.function.Function<Set<Integer>, Map<Integer, Long>> listeners) {
    List<String> local = new ArrayList<>();
    List<String> elsewhere = new ArrayList<>();
    Set<Integer> ports = new HashSet<>();
    for (String name : serverNames) {
      String[] f = name.split(",");
      if (f.length >= 2 && f[1].matches("\\d{1,5}") && onThisHost(f[0])) {
        local.add(name);
        ports.add(Integer.parseInt(f[1]));
      } else {
        elsewhere.add(name);
      }
    }
    Map<Integer, Long> pids = ports.isEmpty() ? Map.of() : listeners.apply(ports);
    List<Target> targets = new ArrayList<>();
    for (String name : local) {
      Long pid = pids.get(Integer.parseInt(name.split(",")[1]));
      if (pid == null) {
        elsewhere.add(name);
      } else {
        targets.add(new Target(name, pid));
      }
    }
    return new Resolution(targets, elsewhere);
  }

  static boolean onThisHost(String host) {
    try {
      InetAddress a = InetAddress.getByName(host);
      return a.isLoopbackAddress() || a.isAnyLocalAddress() || NetworkInterface.getByInetAddress(a) != null;
    } catch (IOException e) {
      return false;
    }
  }

  /** A running {@code granary-node profile}; {@link #finish} closes its stdin and collects the flame trees. */
  public final class Session {
    private final AgentProcess tool;
    private final List<Target> targets;
    private final ArrayNode servers = json.createArrayNode();

    private Session(AgentProcess tool, List<Target> targets) {
      this.tool = tool;
      this.targets = targets;
    }

    /** Waits for each JVM's "started" or "failed"; true when at least one is being profiled. */
    boolean awaitStarted(Duration timeout) throws InterruptedException {
      long deadline = System.nanoTime() + timeout.toNanos();
      int answered = 0;
      int started = 0;
      while (answered < targets.size() && System.nanoTime() < deadline) {
        String line = tool.next(Duration.ofMillis(250));
        if (line == null) {
          continue;
        }
        if (AgentProcess.EOF.equals(line)) {
          break;
        }
        JsonNode e = parse(line);
        if (e == null) {
          continue;
        }
        if ("started".equals(e.path("event").asString())) {
          answered++;
          started++;
        } else if ("failed".equals(e.path("event").asString())) {
          answered++;
          servers.add(e);
        }
      }
      return started > 0;
    }

    /** The profile as stored: the interval, each server's flame tree or why it has none. */
    String finish(Duration timeout, List<String> elsewhere) throws InterruptedException {
      tool.closeInput();
      long deadline = System.nanoTime() + timeout.toNanos();
      while (System.nanoTime() < deadline) {
        String line = tool.next(Duration.ofMillis(250));
        if (line == null) {
          continue;
        }
        if (AgentProcess.EOF.equals(line)) {
          break;
        }
        JsonNode e = parse(line);
        if (e != null && ("profile".equals(e.path("event").asString()) || "failed".equals(e.path("event").asString()))) {
          servers.add(e);
        }
      }
      int exit = tool.waitFor(Duration.ofSeconds(5));
      String message = null;
      if (servers.isEmpty()) {
        String tail = tool.stderrTail(3);
        message = "the profiler exited with code " + exit + " and no profile" + (tail.isEmpty() ? "" : ": " + tail);
      }
      List<JsonNode> all = new ArrayList<>();
      servers.forEach(all::add);
      return document(all, elsewhere, message);
    }

    void abandon() {
      tool.close();
    }
  }

  /**
   * Starts {@code granary-node profile} on the targets, stopping itself after {@code maxSeconds};
   * its stderr goes to {@code logFile}.
   */
  Session start(List<Target> targets, int maxSeconds, Path logFile) throws IOException {
    Path launcher = nodeHome.resolve("bin/granary-node");
    if (!Files.isExecutable(launcher)) {
      throw new IOException("the node distribution is not at " + launcher + " (build it: make build)");
    }
    List<String> cmd = new ArrayList<>(List.of(launcher.toString(), "profile", "--interval", INTERVAL, "--max-seconds",
        String.valueOf(maxSeconds)));
    for (Target t : targets) {
      cmd.add("--pid");
      cmd.add(t.pid() + "=" + t.server());
    }
    log.info("profiling RegionServers {}", targets);
    return new Session(AgentProcess.start(cmd, Map.of(), logFile), targets);
  }

  /**
   * The stored profile: {interval, message, servers:[{name, pid, seconds, samples, …, flame} | {name, message}]},
   * the servers out of reach listed with why.
   */
  String document(List<JsonNode> servers, List<String> elsewhere, String message) {
    ObjectNode doc = json.createObjectNode();
    doc.put("interval", INTERVAL);
    doc.put("message", message);
    ArrayNode out = doc.putArray("servers");
    for (JsonNode s : servers) {
      ObjectNode o = ((ObjectNode) s).deepCopy();
      o.remove("event");
      out.add(o);
    }
    for (String name : elsewhere) {
      out.addObject().put("name", name).put("message", "not profiled: not a JVM on the control plane's host");
    }
    return doc.toString();
  }

  private JsonNode parse(String line) {
    try {
      return json.readTree(line);
    } catch (RuntimeException e) {
      log.debug("profiler line that is not JSON: {}", line);
      return null;
    }
  }
}
