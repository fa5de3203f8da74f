package io.granary.provisioning.runner;

import io.granary.provisioning.runner.AnsibleEvent.Output;
import io.granary.provisioning.runner.AnsibleEvent.PlaybookFinished;
import io.granary.provisioning.runner.AnsibleEvent.PlaybookStarted;
import io.granary.provisioning.runner.AnsibleEvent.Stats;
import io.granary.provisioning.runner.AnsibleEvent.Status;
import io.granary.provisioning.runner.AnsibleEvent.TaskResult;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/** A running ansible-playbook: its output is parsed on two reader threads; await() collects. */
public final class AnsibleRun {
  static final int STDERR_TAIL = 50;
  static final long GRACE_SECONDS = 10;

  private final Process process;
  private final Consumer<AnsibleEvent> consumer;
  private final Object lock = new Object();
  private final List<TaskResult> failed = new ArrayList<>();
  private final Deque<String> stderrTail = new ArrayDeque<>();
  private final Thread stdout;
  private final Thread stderr;
  private volatile Map<String, HostStats> stats = Map.of();
  private volatile boolean cancelled;
  private int consumerFailures; // guarded by lock
  private RunResult result;

  private AnsibleRun(Process process, Consumer<AnsibleEvent> consumer) {
    this.process = process;
    this.consumer = consumer;
    this.stdout = reader(process.getInputStream(), "stdout", this::onStdout);
    this.stderr = reader(process.getErrorStream(), "stderr", this::onStderr);
  }

  static AnsibleRun start(ProcessBuilder pb, String playbook, Consumer<AnsibleEvent> consumer)
      throws IOException {
    Process p = pb.start();
    AnsibleRun run = new AnsibleRun(p, consumer);
    run.emit(new PlaybookStarted(playbook, Instant.now()));
    run.stdout.start();
    run.stderr.start();
    return run;
  }

  public long pid() {
    return process.pid();
  }

  public boolean isAlive() {
    return process.isAlive();
  }

  /**
   * Stops the run: SIGTERM to ansible-playbook and its children (ssh, workers), SIGKILL after a
   * grace period. Hosts stay re-runnable because every role is idempotent.
   */
  public void cancel() {
    cancelled = true;
    List<ProcessHandle> tree = new ArrayList<>(process.descendants().toList());
    tree.add(process.toHandle());
    tree.forEach(ProcessHandle::destroy);
    Thread killer =
        new Thread(
            () -> {
              try {
                if (!process.waitFor(GRACE_SECONDS, TimeUnit.SECONDS)) {
                  tree.forEach(ProcessHandle::destroyForcibly);
                }
              } catch (InterruptedException e) {
                tree.forEach(ProcessHandle::destroyForcibly);
              }
              tree.stream().filter(ProcessHandle::isAlive).forEach(ProcessHandle::destroyForcibly);
            },
            "ansible-cancel-" + process.pid());
    killer.setDaemon(true);
    killer.start();
  }

  /** Waits for the end and the last event; the consumer has seen PlaybookFinished on return. */
  public RunResult await() throws InterruptedException {
    synchronized (this) {
      if (result != null) {
        return result;
      }
      int exit = process.waitFor();
      // a stray grandchild (an ssh ControlPersist master) may hold the pipes open: bounded wait
      stdout.join(TimeUnit.SECONDS.toMillis(GRACE_SECONDS));
      stderr.join(TimeUnit.SECONDS.toMillis(GRACE_SECONDS));
      emit(new PlaybookFinished(exit, cancelled, Instant.now()));
      Map<String, HostStats> s = stats;
      List<TaskResult> failures;
      synchronized (lock) {
        // keep only failures the recap counts (not ignored or rescued ones); all when no recap came
        failures =
            failed.stream()
                .filter(f -> s.isEmpty() || s.get(f.host()) == null || s.get(f.host()).failed())
                .toList();
        result = new RunResult(exit, cancelled, s, failures, List.copyOf(stderrTail));
      }
      return result;
    }
  }

  private void onStdout(String line) {
    for (AnsibleEvent e : AnsibleEvents.parse(line)) {
      if (e instanceof TaskResult t
          && (t.status() == Status.FAILED || t.status() == Status.UNREACHABLE)) {
        synchronized (lock) {
          failed.add(t);
        }
      } else if (e instanceof Stats s) {
        stats = s.hosts();
      }
      emit(e);
    }
  }

  private void onStderr(String line) {
    if (line.isBlank()) {
      return;
    }
    synchronized (lock) {
      if (stderrTail.size() == STDERR_TAIL) {
        stderrTail.removeFirst();
      }
      stderrTail.addLast(line);
    }
    emit(new Output("stderr", line));
  }

  /**
   * Serialized, and a failing consumer never stops the draining (a full pipe would hang ansible).
   */
  private void emit(AnsibleEvent e) {
    synchronized (lock) {
      try {
        consumer.accept(e);
      } catch (RuntimeException ex) {
        if (consumerFailures++ == 0) {
          System.getLogger(AnsibleRun.class.getName())
              .log(
                  System.Logger.Level.WARNING,
                  "event consumer failed on " + e + " (later failures not logged)",
                  ex);
        }
      }
    }
  }

  private static Thread reader(InputStream in, String name, Consumer<String> lines) {
    Thread t =
        new Thread(
            () -> {
              try (BufferedReader r =
                  new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
                String line;
                while ((line = r.readLine()) != null) {
                  lines.accept(line);
                }
              } catch (IOException e) {
                // the process is gone; what was read has been delivered
              }
            },
            "ansible-" + name);
    t.setDaemon(true);
    return t;
  }
}
