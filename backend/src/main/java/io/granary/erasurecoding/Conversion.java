package io.granary.erasurecoding;

import java.time.Instant;
import java.util.UUID;

/** A directory's conversion to an EC policy, with totals over its files. */
public record Conversion(long id, long clusterId, String path, String policy, int throttleMbps, State state,
    String message, long predictedRaw, UUID operationId, String runnerId, Instant heartbeatAt, String createdBy,
    Instant startedAt, Instant finishedAt, Totals totals) {

  public enum State { RUNNING, SUCCEEDED, FAILED, CANCELLED }

  public record Totals(int files, int done, int failed, long bytes, long bytesDone, long rawBefore, long rawNow) {}

  public String tmpDir() {
    return "/.granary/ec-conversions/" + id;
  }

  public String shellCommand() {
    return "hdfs ec -setPolicy -path " + path + " -policy " + policy
        + "; then per file: copy to a temporary path under the policy, compare lengths and"
        + " COMPOSITE_CRC checksums (hdfs dfs -checksum -Ddfs.checksum.combine.mode=COMPOSITE_CRC), rename over";
  }
}
