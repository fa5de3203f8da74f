package io.granary.node.local;

import io.granary.node.NodeException;
import io.granary.node.config.Instance;
import io.granary.node.config.LocalLayout;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;

/**
 * Starts role processes detached from the caller and stops them by PID. A PID is trusted only if
 * that process's command line names this instance's conf directory, so a recycled PID is never
 * signalled.
 */
final class Processes {
  private final Path launcher;
  private final LocalLayout layout;

  private java.util.Set<io.granary.node.Role> nativeOff = java.util.Set.of();

  /** Roles started without libhadoop (pure-Java checksums and coders), e.g. for the native-checksums experiment. */
  void nativeOff(java.util.Set<io.granary.node.Role> roles) {
    this.nativeOff = java.util.Set.copyOf(roles);
  }

  boolean nativeOff(io.granary.node.Role role) {
    return nativeOff.contains(role);
  }

  Processes(Path launcher, LocalLayout layout) {
    this.launcher = launcher;
    this.layout = layout;
  }

  Path pidFile(Instance i) {
    return layout.runDir().resolve(i.name() + ".pid");
  }

  Path logFile(Instance i) {
    return layout.logDir().resolve(i.name() + ".log");
  }

  Path outFile(Instance i) {
    return layout.logDir().resolve(i.name() + ".out");
  }

  /** The PID of this instance if it runs; clears the PID file only once that process is gone. */
  OptionalLong pid(Instance i) {
    return pidOf(pidFile(i), pid -> isOurs(pid, i));
  }

  /**
   * The PID in {@code pidFile} if that process lives and {@code ours} says it is the one we
   * started; a PID file whose process is gone is removed.
   */
  static OptionalLong pidOf(Path pidFile, java.util.function.LongPredicate ours) {
    long pid;
    try {
      if (!Files.exists(pidFile)) {
        return OptionalLong.empty();
      }
      pid = Long.parseLong(Files.readString(pidFile).trim());
    } catch (IOException | NumberFormatException e) {
      return OptionalLong.empty();
    }
    if (!alive(pid)) {
      deleteQuietly(pidFile);
      return OptionalLong.empty();
    }
    // While a process goes setsid -> bash -> exec, /proc/PID/cmdline can read empty for a
    // moment; look again before calling a live PID foreign.
    for (int attempt = 0; attempt < 5; attempt++) {
      if (ours.test(pid)) {
        return OptionalLong.of(pid);
      }
      sleep(50);
    }
    return OptionalLong.empty();
  }

  /** Its argv, NUL-separated and NUL-led, so a caller can look for whole arguments. */
  static String argv(long pid) {
    try {
      return "\0" + new String(Files.readAllBytes(Path.of("/proc", Long.toString(pid), "cmdline")),
          StandardCharsets.UTF_8);
    } catch (IOException e) {
      return "";
    }
  }

  static boolean alive(long pid) {
    return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
  }

  private static void deleteQuietly(Path f) {
    try {
      Files.deleteIfExists(f);
    } catch (IOException ignored) {
      // harmless: the next read finds the process gone again
    }
  }

  boolean isOurs(long pid, Instance i) {
    if (!alive(pid)) {
      return false;
    }
    String argv = argv(pid);
    String conf = layout.confDir(i.name()).toString();
    // The JVM carries -Dgranary.conf.dir; before its exec the launcher's bash carries --conf.
    return argv.contains("\0-Dgranary.conf.dir=" + conf + "\0") || argv.contains("\0--conf\0" + conf + "\0");
  }

  /**
   * Starts the role in its own session (setsid) so a signal aimed at the caller's process group
   * (Ctrl-C, GNU timeout) never reaches it; the child writes its own PID before exec'ing java.
   */
  long start(Instance i) {
    try {
      Files.createDirectories(layout.logDir());
    } catch (IOException e) {
      throw new NodeException("cannot start " + i.name() + ": " + e.getMessage());
    }
    java.util.Map<String, String> env = new java.util.HashMap<>(java.util.Map.of("GRANARY_JVM_OPTS", i.jvmOpts()));
    // libhadoop left out on purpose (an experiment's case); the launcher then sets no java.library.path
    env.put("GRANARY_NATIVE", nativeOff.contains(i.role()) ? "off" : "on");
    return startDetached(i.name(), pidFile(i), outFile(i),
        List.of(launcher.toString(), i.role().cliName(), "--conf", layout.confDir(i.name()).toString(),
            "--name", i.name(), "--log-dir", layout.logDir().toString(), "--heap", i.heap()), env);
  }

  /**
   * Runs {@code command} detached: its own session, stdin from /dev/null, output appended to
   * {@code outFile}; returns its PID once the child wrote it to {@code pidFile}.
   */
  static long startDetached(String name, Path pidFile, Path outFile, List<String> command,
      java.util.Map<String, String> env) {
    try {
      Files.createDirectories(pidFile.getParent());
      Files.deleteIfExists(pidFile);
      List<String> argv = new java.util.ArrayList<>(
          List.of("setsid", "bash", "-c", "echo $$ > \"$0\"; exec \"$@\"", pidFile.toString()));
      argv.addAll(command);
      ProcessBuilder pb = new ProcessBuilder(argv);
      pb.environment().putAll(env);
      pb.redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()));
      pb.redirectErrorStream(true);
      pb.redirectOutput(ProcessBuilder.Redirect.appendTo(outFile.toFile()));
      Process p = pb.start();
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
      while (System.nanoTime() < deadline) {
        if (Files.exists(pidFile) && Files.size(pidFile) > 0) {
          return Long.parseLong(Files.readString(pidFile).trim());
        }
        if (!p.isAlive()) {
          break;
        }
        Thread.sleep(50);
      }
      throw new NodeException(name + " did not start; see " + outFile);
    } catch (IOException e) {
      throw new NodeException("cannot start " + name + ": " + e.getMessage());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new NodeException("interrupted while starting " + name);
    }
  }

  /** SIGTERM, then SIGKILL after the grace period. Returns true if it had to kill. */
  boolean stop(Instance i, Duration grace) {
    return stop(pid(i), pidFile(i), grace);
  }

  /** Stops {@code pid} (if present) as {@link #stop(Instance, Duration)} does and clears its PID file. */
  static boolean stop(OptionalLong pid, Path pidFile, Duration grace) {
    boolean killed = false;
    if (pid.isPresent()) {
      Optional<ProcessHandle> ph = ProcessHandle.of(pid.getAsLong());
      if (ph.isPresent()) {
        ph.get().destroy();
        if (!waitExit(pid.getAsLong(), grace)) {
          ph.get().destroyForcibly();
          waitExit(pid.getAsLong(), Duration.ofSeconds(10));
          killed = true;
        }
      }
    }
    if (pid.isEmpty() || !alive(pid.getAsLong())) {
      deleteQuietly(pidFile);
    }
    return killed;
  }

  static boolean waitExit(long pid, Duration timeout) {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (System.nanoTime() < deadline) {
      Optional<ProcessHandle> ph = ProcessHandle.of(pid);
      if (ph.isEmpty() || !ph.get().isAlive()) {
        return true;
      }
      sleep(200);
    }
    return ProcessHandle.of(pid).map(p -> !p.isAlive()).orElse(true);
  }

  static long rssKb(long pid) {
    try {
      for (String line : Files.readAllLines(Path.of("/proc", Long.toString(pid), "status"))) {
        if (line.startsWith("VmRSS:")) {
          return Long.parseLong(line.replaceAll("[^0-9]", ""));
        }
      }
    } catch (IOException | NumberFormatException e) {
      // the process exited meanwhile
    }
    return 0;
  }

  static void sleep(long ms) {
    try {
      Thread.sleep(ms);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new NodeException("interrupted");
    }
  }
}
