package io.granary.shared.db;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * A control plane killed hard leaves its PostgreSQL running or a stale postmaster.pid behind;
 * either would stop the next start. Clears both, touching only the server of this data directory.
 */
final class PostmasterPid {
  private PostmasterPid() {}

  static void clearStale(Path dataDir) throws IOException {
    Path pidFile = dataDir.resolve("postmaster.pid");
    if (!Files.exists(pidFile)) {
      return;
    }
    List<String> lines = Files.readAllLines(pidFile);
    long pid;
    try {
      pid = Long.parseLong(lines.get(0).trim());
    } catch (RuntimeException e) {
      Files.deleteIfExists(pidFile);
      return;
    }
    Optional<ProcessHandle> ph = ProcessHandle.of(pid);
    if (ph.isPresent() && ph.get().isAlive() && isPostgresOf(pid, dataDir)) {
      ph.get().destroy(); // SIGTERM = PostgreSQL's smart shutdown
      long deadline = System.nanoTime() + 30_000_000_000L;
      while (ph.get().isAlive() && System.nanoTime() < deadline) {
        try {
          Thread.sleep(200);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          return;
        }
      }
    }
    Files.deleteIfExists(pidFile);
  }

  private static boolean isPostgresOf(long pid, Path dataDir) {
    try {
      String cmd = new String(Files.readAllBytes(Path.of("/proc", Long.toString(pid), "cmdline")), StandardCharsets.UTF_8);
      return cmd.contains("postgres") && cmd.contains(dataDir.toString());
    } catch (IOException e) {
      return false;
    }
  }
}
