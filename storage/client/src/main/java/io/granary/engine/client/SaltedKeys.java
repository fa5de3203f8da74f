package io.granary.engine.client;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.zip.CRC32;

/**
 * The salt-bucket row-key encoding documented in docs/operations/salting.md: {@code salted = [bucket] + key} with
 * {@code bucket = CRC32(key) mod N} (CRC32 as an unsigned 32-bit value) in one byte, for 2 &le; N &le; 256. Sequential
 * keys then spread over N buckets, and a table split at the bytes 0x01..0x(N-1) has one region per bucket. Any
 * client (Java, shell, Python) can compute the same prefix: the encoding must never change once a table uses it.
 */
public final class SaltedKeys {
  public static final int MIN_BUCKETS = 2;
  public static final int MAX_BUCKETS = 256;

  private SaltedKeys() {}

  public static int bucketOf(byte[] key, int buckets) {
    checkBuckets(buckets);
    CRC32 crc = new CRC32();
    crc.update(key);
    return (int) (crc.getValue() % buckets);
  }

  public static byte[] encode(byte[] key, int buckets) {
    byte[] salted = new byte[key.length + 1];
    salted[0] = (byte) bucketOf(key, buckets);
    System.arraycopy(key, 0, salted, 1, key.length);
    return salted;
  }

  /** The original key: the salted key without its one-byte prefix. */
  public static byte[] decode(byte[] salted) {
    if (salted.length == 0) {
      throw new IllegalArgumentException("a salted key has at least its one-byte prefix");
    }
    return Arrays.copyOfRange(salted, 1, salted.length);
  }

  /** The N - 1 split keys 0x01..0x(N-1): region i holds exactly bucket i. */
  public static List<byte[]> splitKeys(int buckets) {
    checkBuckets(buckets);
    List<byte[]> keys = new ArrayList<>(buckets - 1);
    for (int b = 1; b < buckets; b++) {
      keys.add(new byte[] {(byte) b});
    }
    return keys;
  }

  /** A scan range: start inclusive, stop exclusive, an empty stop meaning "to the end of the table". */
  public record KeyRange(byte[] startRow, byte[] stopRow) {}

  /**
   * The N ranges that together scan the logical range [start, stop) of a salted table, one per bucket, in bucket
   * order; an empty {@code stop} means unbounded. Each range yields its bucket's rows in key order, so a reader
   * that wants global key order merges the N results.
   */
  public static List<KeyRange> bucketRanges(byte[] start, byte[] stop, int buckets) {
    checkBuckets(buckets);
    List<KeyRange> ranges = new ArrayList<>(buckets);
    for (int b = 0; b < buckets; b++) {
      byte[] from = prefixed(b, start);
      byte[] to;
      if (stop.length > 0) {
        to = prefixed(b, stop);
      } else {
        // unbounded: up to the next bucket's first row, or the table end after the last possible bucket
        to = b + 1 < MAX_BUCKETS ? new byte[] {(byte) (b + 1)} : new byte[0];
      }
      ranges.add(new KeyRange(from, to));
    }
    return ranges;
  }

  private static byte[] prefixed(int bucket, byte[] key) {
    byte[] out = new byte[key.length + 1];
    out[0] = (byte) bucket;
    System.arraycopy(key, 0, out, 1, key.length);
    return out;
  }

  private static void checkBuckets(int buckets) {
    if (buckets < MIN_BUCKETS || buckets > MAX_BUCKETS) {
      throw new IllegalArgumentException("salt buckets must be 2..256, got " + buckets);
    }
  }
}
