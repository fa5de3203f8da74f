package io.granary.bench.measure;

/** What one operation was and moved; a worker fills it in before (op) and while (rows, bytes) running. */
public final class Outcome {
  public String op = "OP";
  public long rows;
  public long bytes;

  void reset() {
    op = "OP";
    rows = 0;
    bytes = 0;
  }
}
