package io.granary.tables.keys;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

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
    assertThat(SaltedKeys.bucketOf(ascii("123456789"), 16)).isEqualTo(0x6);
    assertThat(SaltedKeys.bucketOf(ascii("123456789"), 256)).isEqualTo(0x26);
    assertThat(SaltedKeys.bucketOf(ascii("123456789"), 100)).isEqualTo((int) (0xCBF43926L % 100));
  }

  @Test
  void encodePrefixesOneByteAndDecodeStripsIt() {
    byte[] key = ascii("user1000");
    byte[] salted = SaltedKeys.encode(key, 16);
    assertThat(salted).hasSize(key.length + 1);
    assertThat(salted[0]).isEqualTo((byte) SaltedKeys.bucketOf(key, 16));
    assertThat(SaltedKeys.decode(salted)).isEqualTo(key);
    assertThat(SaltedKeys.decode(SaltedKeys.encode(new byte[0], 256))).isEmpty();
  }

  @Test
  void theLastOfTwoHundredFiftySixBucketsIsTheByteFf() {
    for (int i = 0; i < 5000; i++) {
      byte[] key = ascii("k" + i);
      assertThat(SaltedKeys.encode(key, 256)[0] & 0xFF).isEqualTo(SaltedKeys.bucketOf(key, 256));
    }
  }

  @Test
  void splitKeysAreOneBytePerBucketBoundary() {
    List<byte[]> keys = SaltedKeys.splitKeys(4);
    assertThat(keys).containsExactly(new byte[] {1}, new byte[] {2}, new byte[] {3});
    assertThat(SaltedKeys.splitKeys(256)).hasSize(255).last().isEqualTo(new byte[] {(byte) 0xFF});
  }

  @Test
  void sequentialLongsSpreadEvenlyOverSixteenBuckets() {
    assertThat(maxOverMean(i -> ByteBuffer.allocate(8).putLong(i).array(), 16)).isLessThanOrEqualTo(1.1);
  }

  @Test
  void sequentialDecimalStringsSpreadEvenlyOverSixteenBuckets() {
    assertThat(maxOverMean(i -> ascii(Long.toString(i)), 16)).isLessThanOrEqualTo(1.1);
  }

  @Test
  void aLogicalRangeIsOneRangePerBucket() {
    List<SaltedKeys.KeyRange> ranges = SaltedKeys.bucketRanges(ascii("a"), ascii("c"), 3);
    assertThat(ranges)
        .extracting(r -> RowKeys.toStringBinary(r.startRow()) + ".." + RowKeys.toStringBinary(r.stopRow()))
        .containsExactly("\\x00a..\\x00c", "\\x01a..\\x01c", "\\x02a..\\x02c");
  }

  @Test
  void anOpenRangeStopsAtTheNextBucket() {
    List<SaltedKeys.KeyRange> ranges = SaltedKeys.bucketRanges(new byte[0], new byte[0], 256);
    assertThat(ranges.get(0).startRow()).isEqualTo(new byte[] {0});
    assertThat(ranges.get(0).stopRow()).isEqualTo(new byte[] {1});
    assertThat(ranges.get(255).stopRow()).isEmpty();
  }

  @Test
  void bucketCountsOutsideTwoToTwoHundredFiftySixAreProgrammingErrors() {
    assertThatThrownBy(() -> SaltedKeys.bucketOf(new byte[1], 1)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> SaltedKeys.splitKeys(257)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> SaltedKeys.decode(new byte[0])).isInstanceOf(IllegalArgumentException.class);
  }
}
