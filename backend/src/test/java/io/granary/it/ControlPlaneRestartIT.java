package io.granary.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * Kills the real control-plane process (SIGKILL) right after it accepted an operation, starts it
 * again on the same data, and checks that the operation is final, not stuck RUNNING. The kill
 * also orphans the embedded PostgreSQL, which the next start must cope with.
 */
class ControlPlaneRestartIT {
  Path data;
  Process backend;

  static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0)) {
      return s.getLocalPort();
    }
  }

  Process start(int port) throws IOException {
    return start(data, port, java.util.Map.of());
  }

  /** The packaged control plane as its own process on {@code data}, against the IT cluster. */
  static Process start(Path data, int port, java.util.Map<String, String> env) throws IOException {
    Path jar = Path.of(System.getProperty("granary.backend.jar"));
    // the same libhadoop as this JVM (failsafe's argLine): a resumed EC conversion encodes natively too
    ProcessBuilder pb = new ProcessBuilder("java", "-Xmx384m",
        "-Djava.library.path=" + System.getProperty("java.library.path"), "-jar", jar.toString());
    pb.environment().put("GRANARY_DATA_DIR", data.toString());
    pb.environment().put("GRANARY_PORT", Integer.toString(port));
    pb.environment().put("GRANARY_LOCAL_DIR", ItSupport.clusterDir());
    pb.environment().put("GRANARY_ADMIN_PASSWORD", ItSupport.ADMIN_PASSWORD);
    pb.environment().putAll(env);
    pb.redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.appendTo(data.resolve("backend.log").toFile()));
    return pb.start();
  }

  static Api awaitUp(int port, Process p) throws InterruptedException {
    Api api = new Api("http://127.0.0.1:" + port);
    for (int i = 0; i < 240; i++) {
      assertThat(p.isAlive()).as("control plane exited during start-up").isTrue();
      try {
        if (api.get("/api/v1/openapi.yaml").status() == 200) {
          return api;
        }
      } catch (IllegalStateException notYet) {
        // connection refused while starting
      }
      Thread.sleep(500);
    }
    throw new AssertionError("control plane did not start in 120 s");
  }

  @Test
  void afterAHardRestartNoOperationIsLeftRunning() throws Exception {
    data = Files.createTempDirectory(Path.of("target").toAbsolutePath(), "it-restart-");
    int port = freePort();
    backend = start(port);
    Api api = awaitUp(port, backend);
    assertThat(api.login("admin", ItSupport.ADMIN_PASSWORD).status()).isEqualTo(200);
    long clusterId = api.get("/api/v1/clusters").json().get(0).get("id").asLong();

    Api.Response started = api.post("/api/v1/clusters/" + clusterId + "/balancer", null);
    assertThat(started.status()).isEqualTo(202);
    backend.destroyForcibly().waitFor();

    backend = start(port);
    Api again = awaitUp(port, backend);
    assertThat(again.login("admin", ItSupport.ADMIN_PASSWORD).status()).isEqualTo(200);
    JsonNode op = again.get(started.location()).json();
    assertThat(op.get("state").asString()).isIn("SUCCEEDED", "FAILED", "CANCELLED");
    if (op.get("state").asString().equals("FAILED")) {
      assertThat(op.get("message").asString()).contains("interrupted");
    }
  }

  @AfterEach
  void stop() throws Exception {
    stop(backend, data);
  }

  /** Stops the control plane and checks nothing it started (its PostgreSQL) outlived it. */
  static void stop(Process backend, Path data) throws Exception {
    if (backend != null && backend.isAlive()) {
      backend.destroy();
      if (!backend.waitFor(60, java.util.concurrent.TimeUnit.SECONDS)) {
        backend.destroyForcibly();
      }
    }
    // the embedded PostgreSQL must have gone with its control plane
    List<Long> left = processesUsing(data);
    left.forEach(pid -> ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly));
    assertThat(left).as("processes left behind").isEmpty();
  }

  static List<Long> processesUsing(Path dir) throws IOException {
    List<Long> pids = new ArrayList<>();
    try (Stream<Path> s = Files.list(Path.of("/proc"))) {
      for (Path p : s.toList()) {
        String n = p.getFileName().toString();
        if (!n.chars().allMatch(Character::isDigit)) {
          continue;
        }
        try {
          String cmd = new String(Files.readAllBytes(p.resolve("cmdline")), StandardCharsets.UTF_8);
          if (cmd.contains(dir.toString())) {
            pids.add(Long.parseLong(n));
          }
        } catch (IOException gone) {
          // exited meanwhile
        }
      }
    }
    return pids;
  }
}
