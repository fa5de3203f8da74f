package io.granary.bench.workload;

/** HBase PerformanceEvaluation's row keys: the row number as 26 zero-padded decimal digits. */
public final class PeKeys {
  public static final int LENGTH = 26;

  private PeKeys() {}

  public static byte[] format(long number) {
    byte[] b = new byte[LENGTH];
    long d = Math.abs(number);
    for (int i = b.length - 1; i >= 0; i--) {
      b[i] = (byte) ((d % 10) + '0');
      d /= 10;
    }
    return b;
  }
}
