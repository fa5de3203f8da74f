package io.granary.bench.workload;

import java.util.concurrent.ThreadLocalRandom;

/** Which rows a thread works on: its own slice for sequential workloads, any row for random ones. */
final class Rows {
  private Rows() {}

  /** Thread {@code index}'s first row of {@code rows} split over {@code threads}. */
  static long sliceStart(long rows, int threads, int index) {
    return rows * index / threads;
  }

  static long sliceEnd(long rows, int threads, int index) {
    return rows * (index + 1) / threads;
  }

  static long random(long bound) {
    return ThreadLocalRandom.current().nextLong(bound);
  }

  /** A value of {@code size} random bytes; one per thread, reused (no compression on purpose). */
  static byte[] value(int size) {
    byte[] v = new byte[size];
    ThreadLocalRandom.current().nextBytes(v);
    return v;
  }
}
