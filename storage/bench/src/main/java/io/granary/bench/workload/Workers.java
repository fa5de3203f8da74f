package io.granary.bench.workload;

import java.util.List;

/** Load-phase threads: wait for all of them, reporting progress about once a second. */
public final class Workers {
  private Workers() {}

  public static void awaitAll(List<Thread> workers, Runnable report) throws InterruptedException {
    Thread alive;
    while ((alive = workers.stream().filter(Thread::isAlive).findFirst().orElse(null)) != null) {
      alive.join(1000);
      report.run();
    }
  }
}
