package io.granary.erasurecoding;

import java.time.Instant;
import java.util.UUID;

/** A directory's conversion to an EC policy, with totals over its files. */
public record Conversion(long id, long clusterId, String path, String policy, int throttleMbps, State state,
    String message, long predictedRaw, UUID operationId, String runnerId, Instant heartbeatAt, String createdBy,
    Instant startedAt, Instant finishedAt, Totals totals, Copy copy) {

  public enum State { RUNNING, SUCCEEDED, FAILED, CANCELLED }

  public record Totals(int files, int done, int failed, long bytes, long bytesDone, long rawBefore, long rawNow) {}

  /**
   * How the files were copied: the raw coder (null before the first copy), files at once, and the
   * bytes copied over the copying time (of every pass, a resumed conversion's too).
   */
  public record Copy(String coder, int parallelFiles, long bytes, long millis) {
    /** MiB/s of the copying so far; null before anything was copied. */
    public Double mibPerSecond() {
      return millis <= 0 || bytes <= 0 ? null : Math.round(bytes / (1 << 20) / (millis / 1000.0) * 10) / 10.0;
    }
  }

  public String tmpDir() {
    return "/.granary/ec-conversions/" + id;
  }

  public String shellCommand() {
    return "hdfs ec -setPolicy -path " + path + " -policy " + policy
        + "; then per file: copy to a temporary path under the policy, compare lengths and"
        + " COMPOSITE_CRC checksums (hdfs dfs -checksum -Ddfs.checksum.combine.mode=COMPOSITE_CRC), rename over";
  }
}
