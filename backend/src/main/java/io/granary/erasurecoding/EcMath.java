package io.granary.erasurecoding;

/**
 * Raw bytes and block objects of a file under a layout, as HDFS stores it: replication keeps
 * {@code r} full copies of each block; a striped (EC) block group of {@code k} data and {@code m}
 * parity internal blocks stores the data once plus parity cells as long as the group's first data
 * cell column (HDFS's StripedBlockUtil), so a file smaller than one cell still pays m full
 * parity copies of itself.
 */
public final class EcMath {
  private EcMath() {}

  public record Layout(String name, int dataUnits, int parityUnits, int cellSize, int replication) {
    public static Layout replicated(String name, int replication) {
      return new Layout(name, 0, 0, 0, replication);
    }

    public boolean striped() {
      return dataUnits > 0;
    }

    public double overhead() {
      return striped() ? (double) (dataUnits + parityUnits) / dataUnits : replication;
    }
  }

  public record Cost(long rawBytes, long blockObjects) {
    public Cost plus(Cost o) {
      return new Cost(rawBytes + o.rawBytes, blockObjects + o.blockObjects);
    }
  }

  public static Cost cost(long length, long blockSize, Layout l) {
    if (length <= 0) {
      return new Cost(0, 0);
    }
    if (!l.striped()) {
      return new Cost(length * l.replication(), ceil(length, blockSize) * l.replication());
    }
    long groupData = blockSize * l.dataUnits();
    long raw = 0;
    long blocks = 0;
    for (long left = length; left > 0; left -= groupData) {
      long g = Math.min(left, groupData);
      raw += g + (long) l.parityUnits() * parityBlockLength(g, l.cellSize(), l.dataUnits());
      blocks += Math.min(l.dataUnits(), ceil(g, l.cellSize())) + l.parityUnits();
    }
    return new Cost(raw, blocks);
  }

  /** Length of each parity internal block of a block group holding {@code g} data bytes. */
  static long parityBlockLength(long g, int cell, int k) {
    long stripe = (long) cell * k;
    long fullStripes = g / stripe;
    long last = g % stripe;
    return fullStripes * cell + Math.min(last, cell);
  }

  private static long ceil(long a, long b) {
    return (a + b - 1) / b;
  }
}
