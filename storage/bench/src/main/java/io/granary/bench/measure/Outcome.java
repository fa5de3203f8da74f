package io.granary.bench.measure;

/**
 * What one transaction was and moved. A worker either fills in {@code op}, {@code status}, rows
 * and bytes and lets the load loop time the whole call, or times its own calls with
 * {@link #record} (YCSB: each DB call is timed alone, as YCSB's DBWrapper does).
 */
public final class Outcome {
  public String op = "OP";
  public Status status = Status.OK;
  public long rows;
  public long bytes;

  private Meter meter;
  private long intendedNs;
  private boolean startedInWarmup;
  private boolean selfTimed;

  void begin(Meter meter, long intendedNs, boolean startedInWarmup) {
    this.meter = meter;
    this.intendedNs = intendedNs;
    this.startedInWarmup = startedInWarmup;
    op = "OP";
    status = Status.OK;
    rows = 0;
    bytes = 0;
    selfTimed = false;
  }

  boolean selfTimed() {
    return selfTimed;
  }

  /**
   * Records a call the worker timed itself. Its response time runs from the transaction's intended
   * start in an open-loop run and from the call's own start in a closed loop (as YCSB measures it).
   *
   * @param transaction false for a part of a larger transaction (not counted again in ALL)
   */
  public void record(String name, Status s, long startNs, long endNs, long rowCount, long byteCount,
      boolean transaction) {
    selfTimed = true;
    meter.record(name, s, intendedNs < 0 ? startNs : intendedNs, startNs, endNs, rowCount, byteCount, transaction,
        startedInWarmup);
  }
}
