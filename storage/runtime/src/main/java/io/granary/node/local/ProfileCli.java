package io.granary.node.local;

import io.granary.node.NodeException;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * {@code granary-node profile}: CPU samples of running JVMs on this host (a benchmark run's
 * RegionServers) with async-profiler, from start until stdin closes, then one flame tree per JVM as
 * JSON lines. The control plane keeps stdin open for the run and closes it when the run ends, so a
 * control plane that dies also ends the profile.
 */
public final class ProfileCli {
  static final String USAGE = """
      usage: granary-node profile --pid PID[=NAME] [--pid ...] [options]
        --pid PID[=NAME]   a JVM on this host to profile; NAME labels its result (e.g. the RegionServer)
        --interval I       sampling interval, e.g. 10ms (default) or 500us
        --max-seconds N    stop after N seconds even if stdin stays open (default 3600)
      Profiles until stdin closes, SIGTERM or --max-seconds, then prints one JSON line per JVM.""";

  record Target(long pid, String name) {}

  record Options(List<Target> targets, String interval, int maxSeconds) {}

  private ProfileCli() {}

  public static void main(String[] args) {
    int code;
    try {
      code = run(parse(args), System.in, System.out);
    } catch (NodeException e) {
      System.err.println("granary-node profile: " + e.getMessage());
      code = e.exitCode();
    } catch (Exception e) {
      System.err.println("granary-node profile failed: " + e);
      code = 1;
    }
    System.out.flush();
    System.exit(code);
  }

  static Options parse(String[] args) {
    Map<Long, String> targets = new LinkedHashMap<>();
    String interval = "10ms";
    int maxSeconds = 3600;
    for (int i = 0; i < args.length; i++) {
      String a = args[i];
      switch (a) {
        case "--pid" -> {
          String v = LocalClusterCli.value(args, ++i, a);
          int eq = v.indexOf('=');
          String pid = eq < 0 ? v : v.substring(0, eq);
          try {
            long p = Long.parseLong(pid.trim());
            if (p <= 0) {
              throw new NumberFormatException();
            }
            targets.put(p, eq < 0 ? pid.trim() : v.substring(eq + 1));
          } catch (NumberFormatException e) {
            throw NodeException.usage("--pid must be a process id, optionally =NAME, got '" + v + "'");
          }
        }
        case "--interval" -> {
          interval = LocalClusterCli.value(args, ++i, a);
          if (!interval.matches("[1-9][0-9]{0,5}(ms|us)")) {
            throw NodeException.usage("--interval must be like 10ms or 500us, got '" + interval + "'");
          }
        }
        case "--max-seconds" -> {
          maxSeconds = LocalClusterCli.intValue(args, ++i, a);
          if (maxSeconds < 1 || maxSeconds > 86_400) {
            throw NodeException.usage("--max-seconds must be between 1 and 86400, got " + maxSeconds);
          }
        }
        default -> throw NodeException.usage("unknown option '" + a + "'\n" + USAGE);
      }
    }
    if (targets.isEmpty()) {
      throw NodeException.usage("give at least one --pid\n" + USAGE);
    }
    List<Target> list = new ArrayList<>();
    targets.forEach((p, n) -> list.add(new Target(p, n)));
    return new Options(list, interval, maxSeconds);
  }

  static int run(Options o, InputStream stdin, PrintStream out) throws Exception {
    List<AsyncProfiler> started = new ArrayList<>();
    List<Target> startedTargets = new ArrayList<>();
    for (Target t : o.targets()) {
      if (ProcessHandle.of(t.pid()).isEmpty()) {
        emit(out, failed(t, "no such process"));
        continue;
      }
      try {
        AsyncProfiler p = AsyncProfiler.attach(t.pid());
        // the profiler's own time limit is the fallback should this process be killed before it stops it
        p.start(o.interval(), o.maxSeconds() + 60);
        started.add(p);
        startedTargets.add(t);
        emit(out, "{\"event\":\"started\",\"pid\":" + t.pid() + ",\"name\":\"" + AsyncProfiler.Flame.escape(t.name())
            + "\"}");
      } catch (Exception e) {
        emit(out, failed(t, "cannot attach async-profiler: " + e));
      }
    }
    if (started.isEmpty()) {
      return 1;
    }
    long t0 = System.nanoTime();
    CountDownLatch end = new CountDownLatch(1);
    Object once = new Object();
    boolean[] done = {false};
    Runnable finish = () -> {
      synchronized (once) {
        if (done[0]) {
          return;
        }
        done[0] = true;
        double seconds = (System.nanoTime() - t0) / 1e9;
        for (int i = 0; i < started.size(); i++) {
          emit(out, stop(started.get(i), startedTargets.get(i), seconds));
        }
      }
    };
    // SIGTERM (a cancelled run) still stops the profilers and reports what they sampled
    Thread hook = new Thread(finish, "profile-stop");
    Runtime.getRuntime().addShutdownHook(hook);
    Thread reader = new Thread(() -> {
      try {
        while (stdin.read() >= 0) {
          // the control plane writes nothing; EOF is the signal
        }
      } catch (IOException e) {
        // closed
      }
      end.countDown();
    }, "profile-stdin");
    reader.setDaemon(true);
    reader.start();
    end.await(o.maxSeconds(), TimeUnit.SECONDS);
    finish.run();
    Runtime.getRuntime().removeShutdownHook(hook);
    return 0;
  }

  private static String stop(AsyncProfiler p, Target t, double seconds) {
    Path collapsed = null;
    try {
      collapsed = Files.createTempFile("granary-profile-", ".collapsed");
      p.stopInto(collapsed);
      String flame = AsyncProfiler.Flame.of(Files.readAllLines(collapsed), AsyncProfiler.CHECKSUM).json();
      return String.format(Locale.ROOT, "{\"event\":\"profile\",\"pid\":%d,\"name\":\"%s\",\"seconds\":%.1f,%s",
          t.pid(), AsyncProfiler.Flame.escape(t.name()), seconds, flame.substring(1));
    } catch (Exception e) {
      return failed(t, "cannot stop async-profiler: " + e);
    } finally {
      if (collapsed != null) {
        try {
          Files.deleteIfExists(collapsed);
        } catch (IOException ignored) {
          // a temp file
        }
      }
    }
  }

  static String failed(Target t, String message) {
    return "{\"event\":\"failed\",\"pid\":" + t.pid() + ",\"name\":\"" + AsyncProfiler.Flame.escape(t.name())
        + "\",\"message\":\"" + AsyncProfiler.Flame.escape(message) + "\"}";
  }

  private static void emit(PrintStream out, String line) {
    out.println(line);
    out.flush();
  }
}
