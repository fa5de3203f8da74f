package io.granary.operations;

import java.time.Instant;

/** When a long-running job recorded in PostgreSQL (a compaction run, an EC conversion) may be adopted. */
public final class Orphans {
  private Orphans() {}

  /**
   * A fresh heartbeat means someone drives the job (maybe this instance, about to launch it). At a
   * single-instance start-up every other owner is dead; otherwise only a stale heartbeat says so.
   */
  public static boolean adoptable(String owner, Instant heartbeat, String me, boolean singleInstanceStartup,
      Instant staleBefore) {
    return (singleInstanceStartup && !me.equals(owner)) || heartbeat == null || heartbeat.isBefore(staleBefore);
  }
}
