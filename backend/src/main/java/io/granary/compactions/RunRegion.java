package io.granary.compactions;

import java.time.Instant;

/** One region a run considered, with its figures before and (once done) after. */
public record RunRegion(long runId, String region, byte[] regionName, String table, byte[] startKey, String server,
    State state, String reason, int priority, Integer stores, Integer storeFilesBefore, Integer storeFilesAfter,
    Long bytesBefore, Long bytesAfter, Float localityBefore, Float localityAfter, Instant lastMajorBefore,
    Instant requestedAt, Instant startedAt, Instant finishedAt) {

  public enum State { PENDING, RUNNING, DONE, SKIPPED, FAILED }
}
