package io.granary.engine.client;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.function.LongFunction;
import org.junit.jupiter.api.Test;

class SaltedKeysTest {
  static final int KEYS = 100_000;

  static byte[] ascii(String s) {
    return s.getBytes(StandardCharsets.US_ASCII);
  }

  static double maxOverMean(LongFunction<byte[]> key, int buckets) {
    int[] counts = new int[buckets];
    for (long i = 0; i < KEYS; i++) {
      counts[SaltedKeys.bucketOf(key.apply(i), buckets)]++;
    }
    int max = 0;
    for (int c : counts) {
      max = Math.max(max, c);
    }
    return max / ((double) KEYS / buckets);
  }

  @Test
  void theBucketIsCrc32ModuloTheBucketCount() {
    // CRC32("123456789") = 0xCBF43926, the standard check value
    assertEquals(0x6, SaltedKeys.bucketOf(ascii("123456789"), 16));
    assertEquals(0x26, SaltedKeys.bucketOf(ascii("123456789"), 256));
    assertEquals((int) (0xCBF43926L % 100), SaltedKeys.bucketOf(ascii("123456789"), 100));
  }

  @Test
  void theDocumentedExampleIsStoredUnderTheByteSix() {
    // docs/operations/salting.md: CRC32("user1000") mod 16 = 6, stored as \x06user1000
    byte[] salted = SaltedKeys.encode(ascii("user1000"), 16);
    assertArrayEquals(ascii("\u0006user1000"), salted);
  }

  @Test
  void encodePrefixesOneByteAndDecodeStripsIt() {
    byte[] key = ascii("user1000");
    byte[] salted = SaltedKeys.encode(key, 16);
    assertEquals(key.length + 1, salted.length);
    assertEquals((byte) SaltedKeys.bucketOf(key, 16), salted[0]);
    assertArrayEquals(key, SaltedKeys.decode(salted));
    assertArrayEquals(new byte[0], SaltedKeys.decode(SaltedKeys.encode(new byte[0], 256)));
  }

  @Test
  void theLastOfTwoHundredFiftySixBucketsIsTheByteFf() {
    for (int i = 0; i < 5000; i++) {
      byte[] key = ascii("k" + i);
      assertEquals(SaltedKeys.bucketOf(key, 256), SaltedKeys.encode(key, 256)[0] & 0xFF);
    }
  }

  @Test
  void splitKeysAreOneBytePerBucketBoundary() {
    List<byte[]> keys = SaltedKeys.splitKeys(4);
    assertEquals(3, keys.size());
    assertArrayEquals(new byte[] {1}, keys.get(0));
    assertArrayEquals(new byte[] {2}, keys.get(1));
    assertArrayEquals(new byte[] {3}, keys.get(2));
    List<byte[]> all = SaltedKeys.splitKeys(256);
    assertEquals(255, all.size());
    assertArrayEquals(new byte[] {(byte) 0xFF}, all.get(254));
  }

  @Test
  void sequentialLongsSpreadEvenlyOverSixteenBuckets() {
    assertTrue(maxOverMean(i -> ByteBuffer.allocate(8).putLong(i).array(), 16) <= 1.1);
  }

  @Test
  void sequentialDecimalStringsSpreadEvenlyOverSixteenBuckets() {
    assertTrue(maxOverMean(i -> ascii(Long.toString(i)), 16) <= 1.1);
  }

  @Test
  void aLogicalRangeIsOneRangePerBucket() {
    List<SaltedKeys.KeyRange> ranges = SaltedKeys.bucketRanges(ascii("a"), ascii("c"), 3);
    assertEquals(3, ranges.size());
    for (int b = 0; b < 3; b++) {
      assertArrayEquals(new byte[] {(byte) b, 'a'}, ranges.get(b).startRow());
      assertArrayEquals(new byte[] {(byte) b, 'c'}, ranges.get(b).stopRow());
    }
  }

  @Test
  void anOpenRangeStopsAtTheNextBucket() {
    List<SaltedKeys.KeyRange> ranges = SaltedKeys.bucketRanges(new byte[0], new byte[0], 256);
    assertArrayEquals(new byte[] {0}, ranges.get(0).startRow());
    assertArrayEquals(new byte[] {1}, ranges.get(0).stopRow());
    assertArrayEquals(new byte[0], ranges.get(255).stopRow());
  }

  @Test
  void bucketCountsOutsideTwoToTwoHundredFiftySixAreProgrammingErrors() {
    assertThrows(IllegalArgumentException.class, () -> SaltedKeys.bucketOf(new byte[1], 1));
    assertThrows(IllegalArgumentException.class, () -> SaltedKeys.encode(new byte[1], 257));
    assertThrows(IllegalArgumentException.class, () -> SaltedKeys.splitKeys(257));
    assertThrows(IllegalArgumentException.class, () -> SaltedKeys.decode(new byte[0]));
  }
}
