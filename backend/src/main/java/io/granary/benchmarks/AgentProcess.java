package io.granary.benchmarks;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * One bench-agent JVM (or an experiment's tool process): its stdout lines arrive on a queue, its stderr
 * goes to a log file. Our end of its stdin stays open; when the control plane dies the agent sees EOF
 * and stops itself.
 */
public final class AgentProcess implements AutoCloseable {
  /** Marks the end of stdout in the queue. */
  public static final String EOF = "\u0000eof";

  private final Process process;
  private final BlockingQueue<String> lines = new LinkedBlockingQueue<>();
  private final Path log;

  private AgentProcess(Process process, Path log) {
    this.process = process;
    this.log = log;
    Thread reader = new Thread(this::pump, "bench-agent-" + process.pid());
    reader.setDaemon(true);
    reader.start();
  }

  public static AgentProcess start(Path home, Path config, Path log, String heap) throws IOException {
    Path launcher = home.resolve("bin/granary-bench");
    if (!Files.isExecutable(launcher)) {
      throw new IOException("bench agent not found at " + launcher + " (build it: make build)");
    }
    ProcessBuilder pb = new ProcessBuilder(List.of(launcher.toString(), "--config", config.toString(),
        "--stop-on-stdin-eof"));
    pb.environment().put("GRANARY_BENCH_HEAP", heap);
    pb.redirectError(ProcessBuilder.Redirect.appendTo(log.toFile()));
    return new AgentProcess(pb.start(), log);
  }

  /** Any tool process with JSON lines on stdout, e.g. {@code granary-node ec-coder}. */
  public static AgentProcess start(List<String> command, java.util.Map<String, String> env, Path log)
      throws IOException {
    ProcessBuilder pb = new ProcessBuilder(command);
    pb.environment().putAll(env);
    pb.redirectError(ProcessBuilder.Redirect.appendTo(log.toFile()));
    return new AgentProcess(pb.start(), log);
  }

  private void pump() {
    try (BufferedReader r = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
      String line;
      while ((line = r.readLine()) != null) {
        lines.add(line);
      }
    } catch (IOException e) {
      // the process went away; EOF below
    }
    lines.add(EOF);
  }

  public long pid() {
    return process.pid();
  }

  /** The next stdout line, {@link #EOF} at the end, or null when none came within the timeout. */
  public String next(Duration timeout) throws InterruptedException {
    return lines.poll(timeout.toMillis(), TimeUnit.MILLISECONDS);
  }

  private boolean stopped;
  private long stoppedAt;

  /**
   * The next stdout line, {@link #EOF} at the end. While none comes, a cancel request stops the
   * process: SIGTERM first, so it can report what it measured, then SIGKILL once {@code grace} is over.
   */
  public String nextLine(java.util.function.BooleanSupplier cancel, Duration grace, String what,
      java.util.function.Consumer<String> warn) throws InterruptedException {
    while (true) {
      String line = next(Duration.ofMillis(500));
      if (line != null) {
        return line;
      }
      if (!stopped && cancel.getAsBoolean()) {
        stopped = true;
        stoppedAt = System.nanoTime();
        warn.accept("stopping " + what + " (pid " + pid() + ")");
        terminate();
      } else if (stopped && System.nanoTime() - stoppedAt > grace.toNanos()) {
        warn.accept(what + " did not stop within " + grace.toSeconds() + " s: killed");
        kill();
      }
    }
  }

  /**
   * The next stdout line that is a JSON object, or null at the end; other lines (a stray log line) are
   * skipped. Cancel requests stop the process as {@link #nextLine} does.
   */
  public tools.jackson.databind.JsonNode nextEvent(java.util.function.BooleanSupplier cancel, Duration grace,
      String what, java.util.function.Consumer<String> warn, tools.jackson.databind.json.JsonMapper json)
      throws InterruptedException {
    while (true) {
      String line = nextLine(cancel, grace, what, warn);
      if (EOF.equals(line)) {
        return null;
      }
      try {
        tools.jackson.databind.JsonNode e = json.readTree(line);
        if (e.isObject()) {
          return e;
        }
      } catch (RuntimeException notJson) {
        // not an event
      }
    }
  }

  /** Whether {@link #nextLine} stopped it on a cancel request. */
  public boolean stopped() {
    return stopped;
  }

  /** SIGTERM: the agent stops issuing and reports its last interval and a partial summary. */
  public void terminate() {
    // not Process.destroy(): that also closes our end of its stdout, losing the partial summary
    process.toHandle().destroy();
  }

  public void kill() {
    process.descendants().forEach(ProcessHandle::destroyForcibly);
    process.destroyForcibly();
  }

  public boolean alive() {
    return process.isAlive();
  }

  public int waitFor(Duration timeout) throws InterruptedException {
    if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
      kill();
      process.waitFor(5, TimeUnit.SECONDS);
    }
    return process.isAlive() ? -1 : process.exitValue();
  }

  /** The last lines the agent wrote to stderr, for a failure message. */
  public String stderrTail(int n) {
    try {
      List<String> all = Files.readAllLines(log, StandardCharsets.UTF_8);
      List<String> problems = all.stream().filter(l -> !l.startsWith("\tat ") && !l.isBlank()).toList();
      return String.join(" | ", problems.subList(Math.max(0, problems.size() - n), problems.size()));
    } catch (IOException e) {
      return "";
    }
  }

  /** Closes the process's stdin: a tool that runs "until stdin closes" ends and reports. */
  public void closeInput() {
    try {
      process.getOutputStream().close();
    } catch (IOException e) {
      // already gone
    }
  }

  @Override
  public void close() {
    if (process.isAlive()) {
      kill();
    }
    try {
      process.getOutputStream().close();
    } catch (IOException e) {
      // already gone
    }
  }
}
