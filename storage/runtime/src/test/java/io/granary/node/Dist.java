package io.granary.node;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/** Test fixture: runs the built distribution's bin/granary-node and finds its processes. */
public final class Dist {
  private Dist() {}

  public static Path home() {
    Path home = Path.of(System.getProperty("granary.dist.dir", "target/granary-node")).toAbsolutePath();
    if (!Files.isExecutable(home.resolve("bin/granary-node"))) {
      throw new IllegalStateException("distribution not built at " + home + " (run mvn package)");
    }
    return home;
  }

  public record Result(int exitCode, String stdout, String stderr) {
    public String all() {
      return stdout + stderr;
    }
  }

  public static Result run(Map<String, String> env, long timeoutSeconds, String... args) throws Exception {
    List<String> cmd = new ArrayList<>();
    cmd.add(home().resolve("bin/granary-node").toString());
    cmd.addAll(List.of(args));
    ProcessBuilder pb = new ProcessBuilder(cmd);
    pb.environment().putAll(env);
    Path out = Files.createTempFile("granary-out", ".txt");
    Path err = Files.createTempFile("granary-err", ".txt");
    pb.redirectOutput(out.toFile()).redirectError(err.toFile());
    Process p = pb.start();
    if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      throw new AssertionError("granary-node " + String.join(" ", args) + " did not finish in " + timeoutSeconds + " s");
    }
    Result r = new Result(p.exitValue(), Files.readString(out), Files.readString(err));
    Files.deleteIfExists(out);
    Files.deleteIfExists(err);
    return r;
  }

  public static Result run(String... args) throws Exception {
    return run(Map.of(), 600, args);
  }

  /** PIDs of every live process whose command line mentions the given directory. */
  public static List<Long> processesUsing(Path dir) {
    String needle = dir.toAbsolutePath().toString();
    List<Long> pids = new ArrayList<>();
    try (Stream<Path> procs = Files.list(Path.of("/proc"))) {
      for (Path p : procs.toList()) {
        String name = p.getFileName().toString();
        if (!name.chars().allMatch(Character::isDigit) || Long.parseLong(name) == ProcessHandle.current().pid()) {
          continue;
        }
        try {
          String cmd = new String(Files.readAllBytes(p.resolve("cmdline")), StandardCharsets.UTF_8);
          if (cmd.contains(needle)) {
            pids.add(Long.parseLong(name));
          }
        } catch (IOException ignored) {
          // exited while we looked
        }
      }
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
    return pids;
  }

  /** After an IT: stops the local cluster in {@code dir} (by PID if it does not stop) and deletes it. */
  public static void downAndWipe(Path dir) throws Exception {
    try {
      if (!processesUsing(dir).isEmpty()) {
        run(Map.of(), 180, "local", "down", "--dir", dir.toString());
      }
    } finally {
      killAll(processesUsing(dir));
      if (Files.exists(dir)) {
        run(Map.of(), 60, "local", "wipe", "--dir", dir.toString(), "--yes");
      }
    }
  }

  /** Last resort after a failed test: stop what is left, by PID. */
  public static void killAll(List<Long> pids) {
    pids.forEach(pid -> ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly));
  }
}
