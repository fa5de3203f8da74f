package io.granary.bench.measure;

import java.lang.management.ManagementFactory;

/** The agent's own CPU use between two calls, so a saturated client is visible next to its results. */
final class CpuSampler {
  private final com.sun.management.OperatingSystemMXBean os =
      (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
  private final int cores = Runtime.getRuntime().availableProcessors();
  private long lastCpu = os.getProcessCpuTime();
  private long lastWall = System.nanoTime();

  /** Percent of all cores used by this process since the previous call. */
  double agentPercent() {
    long cpu = os.getProcessCpuTime();
    long wall = System.nanoTime();
    double pct = wall > lastWall ? 100.0 * (cpu - lastCpu) / ((double) (wall - lastWall) * cores) : 0;
    lastCpu = cpu;
    lastWall = wall;
    return round(Math.max(0, Math.min(100, pct)));
  }

  double systemPercent() {
    double load = os.getCpuLoad();
    return load < 0 ? 0 : round(100 * load);
  }

  private static double round(double v) {
    return Math.round(v * 10) / 10.0;
  }
}
