package io.granary.benchmarks;

import io.granary.engine.client.BenchmarkSpec;
import java.time.Instant;
import java.util.UUID;

/** One stored run; {@code summary} and {@code provenance} are JSON text as the agent and the runner wrote them. */
public record Run(long id, long clusterId, long seriesId, String seriesName, int seq, int variant, String label,
    int repetition, Kind kind, String workload, String table, BenchmarkSpec spec, State state, String phase, String message,
    double progress, String provenance, String summary, Double opsPerSec, Double mbPerSec, Double p99CorrectedMs,
    Double p99ServiceMs, Double agentCpu, Long errors, Long timeouts, Boolean complete, Double ceilingOpsPerSec,
    Long agentPid, UUID operationId, Instant createdAt, Instant startedAt, Instant finishedAt, boolean profiled) {

  public enum Kind { WORKLOAD, CEILING }

  public enum State {
    QUEUED, RUNNING, SUCCEEDED, FAILED, CANCELLED;

    public boolean isFinal() {
      return this != QUEUED && this != RUNNING;
    }
  }

  public Double ceilingRatio() {
    return opsPerSec == null || ceilingOpsPerSec == null || ceilingOpsPerSec <= 0 ? null
        : Math.round(opsPerSec / ceilingOpsPerSec * 1000) / 1000.0;
  }
}
