package io.granary.tables.design;

import io.granary.engine.client.SaltedKeys;
import io.granary.tables.keys.RowKeys;
import java.util.ArrayList;
import java.util.List;

/**
 * Where sample keys would land in a planned table: region i holds [split[i-1], split[i]) in HBase's unsigned byte
 * order, the first region starting at the empty key and the last running to the end. A max/mean near 1 means the
 * load spreads; a large one names the region that would take the writes.
 */
public record RegionPreview(List<Region> regions, int samples, int max, double mean, double maxOverMean) {
  /** One planned region; keys in {@code \xNN} text, empty for the table's open ends. */
  public record Region(String startKey, String endKey, int count) {}

  public RegionPreview {
    regions = List.copyOf(regions);
  }

  /** Not salted: the plan's split keys (strictly increasing, none empty), samples as given. */
  public static RegionPreview of(List<byte[]> splitKeys, List<byte[]> samples) {
    return of(splitKeys, 0, samples);
  }

  /** A salted plan: one region per bucket, each sample encoded with the salt prefix first. */
  public static RegionPreview salted(int buckets, List<byte[]> samples) {
    return of(SaltedKeys.splitKeys(buckets), buckets, samples);
  }

  /** {@code saltBuckets} 0 = not salted; otherwise samples are salted before they are placed. */
  public static RegionPreview of(List<byte[]> splitKeys, int saltBuckets, List<byte[]> samples) {
    checkSplits(splitKeys);
    int[] counts = new int[splitKeys.size() + 1];
    for (byte[] sample : samples) {
      byte[] key = saltBuckets == 0 ? sample : SaltedKeys.encode(sample, saltBuckets);
      counts[regionOf(splitKeys, key)]++;
    }
    List<Region> regions = new ArrayList<>(counts.length);
    int max = 0;
    for (int i = 0; i < counts.length; i++) {
      String start = i == 0 ? "" : RowKeys.toStringBinary(splitKeys.get(i - 1));
      String end = i == splitKeys.size() ? "" : RowKeys.toStringBinary(splitKeys.get(i));
      regions.add(new Region(start, end, counts[i]));
      max = Math.max(max, counts[i]);
    }
    double mean = (double) samples.size() / counts.length;
    return new RegionPreview(regions, samples.size(), max, mean, mean == 0 ? 0 : max / mean);
  }

  /** Index of the region holding {@code key}: the number of split keys at or below it. */
  static int regionOf(List<byte[]> splitKeys, byte[] key) {
    int lo = 0;
    int hi = splitKeys.size();
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (RowKeys.compare(splitKeys.get(mid), key) <= 0) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    return lo;
  }

  private static void checkSplits(List<byte[]> splitKeys) {
    for (int i = 0; i < splitKeys.size(); i++) {
      if (splitKeys.get(i).length == 0) {
        throw new IllegalArgumentException("split key " + i + " is empty");
      }
      if (i > 0 && RowKeys.compare(splitKeys.get(i - 1), splitKeys.get(i)) >= 0) {
        throw new IllegalArgumentException("split keys must be strictly increasing at " + i);
      }
    }
  }
}
