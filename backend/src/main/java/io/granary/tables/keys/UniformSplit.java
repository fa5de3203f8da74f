package io.granary.tables.keys;

import io.granary.shared.problem.FieldError;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * RegionSplitter's {@code UniformSplit}: divides the byte space between the first row (default empty) and the last
 * row (default eight 0xFF bytes) evenly, via a port of HBase {@code Bytes.split(a, b, true, n - 1)}.
 */
public final class UniformSplit implements SplitAlgorithm {
  private static final byte[] DEFAULT_LAST_ROW = {-1, -1, -1, -1, -1, -1, -1, -1};

  private final byte[] firstRowBytes;
  private final byte[] lastRowBytes;

  private UniformSplit(byte[] firstRowBytes, byte[] lastRowBytes) {
    this.firstRowBytes = firstRowBytes;
    this.lastRowBytes = lastRowBytes;
  }

  static SplitAlgorithm.Created create(String firstRow, String lastRow) {
    List<FieldError> errors = new ArrayList<>();
    byte[] first = parse("firstRow", firstRow, new byte[0], errors);
    byte[] last = parse("lastRow", lastRow, DEFAULT_LAST_ROW, errors);
    if (!errors.isEmpty()) {
      return new SplitAlgorithm.Created(null, errors);
    }
    return new SplitAlgorithm.Created(new UniformSplit(first, last), List.of());
  }

  private static byte[] parse(String field, String text, byte[] fallback, List<FieldError> errors) {
    if (text == null || text.isEmpty()) {
      return fallback.clone();
    }
    if (text.length() > MAX_ROW_TEXT) {
      errors.add(new FieldError(field, "at most " + MAX_ROW_TEXT + " characters"));
      return null;
    }
    RowKeys.Decoded d = RowKeys.parseBinary(text);
    if (!d.ok()) {
      errors.add(new FieldError(field, d.error()));
    }
    return d.bytes();
  }

  @Override
  public SplitAlgorithmType type() {
    return SplitAlgorithmType.UNIFORM_SPLIT;
  }

  @Override
  public byte[] firstRow() {
    return firstRowBytes.clone();
  }

  @Override
  public byte[] lastRow() {
    return lastRowBytes.clone();
  }

  @Override
  public List<FieldError> check(int numRegions) {
    List<FieldError> errors = new ArrayList<>();
    if (numRegions < 2) {
      // Bytes.split throws "num cannot be <= 0" for a single region
      errors.add(new FieldError("numRegions", "at least 2 regions are needed to pre-split"));
    }
    if (RowKeys.compare(lastRowBytes, firstRowBytes) <= 0) {
      errors.add(new FieldError("lastRow", "last row (" + RowKeys.toStringBinary(lastRowBytes)
          + ") must be greater than first row (" + RowKeys.toStringBinary(firstRowBytes) + ")"));
    } else {
      // Bytes.split compares the rows padded to equal length: "a" and "a\x00" are then equal ("b <= a")
      int len = Math.max(firstRowBytes.length, lastRowBytes.length);
      if (RowKeys.compare(Arrays.copyOf(firstRowBytes, len), Arrays.copyOf(lastRowBytes, len)) >= 0) {
        errors.add(new FieldError("lastRow", "last row (" + RowKeys.toStringBinary(lastRowBytes)
            + ") only adds zero bytes to the first row: there is nothing to split between them"));
      }
    }
    return errors;
  }

  @Override
  public byte[][] split(int numRegions) {
    requireSplittable(numRegions);
    byte[][] splits = split(firstRowBytes, lastRowBytes, numRegions - 1);
    // Bytes.split includes both endpoints; the table's split keys are the points between them
    return Arrays.copyOfRange(splits, 1, splits.length - 1);
  }

  /**
   * HBase {@code Bytes.split(a, b, inclusive = true, num)}: {@code num + 2} keys, a first and b last. The rows are
   * zero-padded at the tail to one length and read as numbers behind a {0x01, 0x00} header (so they stay positive
   * and keep their leading zero bytes); when the range holds fewer values than parts, both get one more zero byte.
   */
  private static byte[][] split(byte[] a, byte[] b, int num) {
    byte[] aPadded = Arrays.copyOf(a, Math.max(a.length, b.length));
    byte[] bPadded = Arrays.copyOf(b, Math.max(a.length, b.length));
    if (RowKeys.compare(aPadded, bPadded) >= 0 || num <= 0) {
      throw new IllegalArgumentException("cannot split [" + RowKeys.toStringBinary(a) + ", "
          + RowKeys.toStringBinary(b) + "] into " + (num + 1));
    }
    BigInteger startBi = withHeader(aPadded);
    BigInteger stopBi = withHeader(bPadded);
    BigInteger diff = stopBi.subtract(startBi).add(BigInteger.ONE);
    BigInteger parts = BigInteger.valueOf(num + 1L);
    if (diff.compareTo(parts) < 0) {
      return split(Arrays.copyOf(aPadded, aPadded.length + 1), Arrays.copyOf(bPadded, bPadded.length + 1), num);
    }
    BigInteger interval = diff.divide(parts);
    byte[][] keys = new byte[num + 2][];
    keys[0] = a;
    keys[num + 1] = b;
    for (int i = 1; i <= num; i++) {
      byte[] padded = startBi.add(interval.multiply(BigInteger.valueOf(i))).toByteArray();
      // drop the header: both bytes when the second is the 0x00 of {0x01, 0x00}, else only the first
      int drop = padded[1] == 0 ? 2 : 1;
      keys[i] = Arrays.copyOfRange(padded, drop, padded.length);
    }
    return keys;
  }

  private static BigInteger withHeader(byte[] row) {
    byte[] withHeader = new byte[row.length + 2];
    withHeader[0] = 1;
    System.arraycopy(row, 0, withHeader, 2, row.length);
    return new BigInteger(withHeader);
  }

  @Override
  public String toString() {
    return "UniformSplit [" + RowKeys.toStringBinary(firstRowBytes) + "," + RowKeys.toStringBinary(lastRowBytes) + "]";
  }
}
