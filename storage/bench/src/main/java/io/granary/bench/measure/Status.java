package io.granary.bench.measure;

/**
 * How one operation ended, as YCSB's {@code Status} names it. A read of a missing key is
 * NOT_FOUND — a normal outcome, not an error. TIMEOUT is an ERROR whose cause was a timeout;
 * YCSB's report counts it under Return=ERROR.
 */
public enum Status {
  OK("OK"),
  NOT_FOUND("NOT_FOUND"),
  ERROR("ERROR"),
  TIMEOUT("ERROR");

  /** The name YCSB's report prints after "Return=". */
  public final String ycsbName;

  Status(String ycsbName) {
    this.ycsbName = ycsbName;
  }

  /** YCSB's status of the same name (site.ycsb.Status.getName()); anything else not OK is an ERROR. */
  public static Status ofYcsb(String name) {
    return switch (name) {
      case "OK", "BATCHED_OK" -> OK;
      case "NOT_FOUND" -> NOT_FOUND;
      default -> ERROR;
    };
  }
}
