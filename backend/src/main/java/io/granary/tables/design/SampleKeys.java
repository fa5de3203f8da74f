package io.granary.tables.design;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.UUID;

/**
 * Sample row keys for the region preview when the user has none of their own. Deterministic: the same kind, count
 * and seed give the same keys (java.util.Random's sequence is fixed by its specification).
 */
public final class SampleKeys {
  public static final int MAX_SAMPLES = 100_000;
  /** 2026-01-01T00:00:00Z: timestamps start on a fixed day so previews are reproducible. */
  static final long EPOCH_BASE_MILLIS = 1_767_225_600_000L;

  private SampleKeys() {}

  public enum Kind {
    /** 1,000,000 + seed-chosen offset, counting up by one, as decimal strings (seven digits). */
    SEQUENTIAL_DECIMAL,
    /** The same counter as 8-byte big-endian longs (what {@code Bytes.toBytes(long)} writes). */
    SEQUENTIAL_LONG,
    /** Epoch milliseconds on 2026-01-01, 1..1000 ms apart, as 8-byte big-endian longs: the classic time-series key. */
    EPOCH_MILLIS,
    /** Random version-4 UUIDs in their 36-character text form. */
    UUID,
    /** "+1555" and seven random digits. */
    PHONE_NUMBER
  }

  public static List<byte[]> generate(Kind kind, int count, long seed) {
    if (count < 0 || count > MAX_SAMPLES) {
      throw new IllegalArgumentException("count must be 0.." + MAX_SAMPLES + ", got " + count);
    }
    Random random = new Random(seed);
    List<byte[]> keys = new ArrayList<>(count);
    long counter = 1_000_000 + random.nextInt(1_000_000);
    long millis = EPOCH_BASE_MILLIS + random.nextInt(3_600_000);
    for (int i = 0; i < count; i++) {
      keys.add(switch (kind) {
        case SEQUENTIAL_DECIMAL -> ascii(Long.toString(counter + i));
        case SEQUENTIAL_LONG -> longBytes(counter + i);
        case EPOCH_MILLIS -> longBytes(millis += 1 + random.nextInt(1000));
        case UUID -> ascii(uuid(random).toString());
        case PHONE_NUMBER -> ascii(String.format("+1555%07d", random.nextInt(10_000_000)));
      });
    }
    return keys;
  }

  private static UUID uuid(Random random) {
    // version 4 and the IETF variant, as UUID.randomUUID() sets them, but from the seeded generator
    long msb = (random.nextLong() & ~0xF000L) | 0x4000L;
    long lsb = (random.nextLong() & 0x3FFF_FFFF_FFFF_FFFFL) | 0x8000_0000_0000_0000L;
    return new UUID(msb, lsb);
  }

  private static byte[] ascii(String s) {
    return s.getBytes(StandardCharsets.US_ASCII);
  }

  private static byte[] longBytes(long v) {
    return ByteBuffer.allocate(Long.BYTES).putLong(v).array();
  }
}
