package io.granary.node.load;

import io.granary.node.NodeException;
import io.granary.node.ToolSupport;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.io.compress.Compression;
import org.apache.hadoop.hbase.io.hfile.CacheConfig;
import org.apache.hadoop.hbase.io.hfile.HFile;
import org.apache.hadoop.hbase.io.hfile.HFileContext;
import org.apache.hadoop.hbase.io.hfile.HFileContextBuilder;
import org.apache.hadoop.hbase.io.hfile.HFileScanner;

/**
 * {@code granary-node hfile-bench}: seed 001's HFile evaluation on this cluster's HDFS. One HFile of N
 * entries (10-byte keys, 990-byte values of 8-byte runs of one letter, as the seed wrote them) is
 * written with HBase's own HFile writer under a codec and block size, then read with its reader and
 * no block cache: a full scan, random seeks (N/10) and random short scans of 30 entries (N/10).
 * Entries per second for each and the compression ratio (uncompressed data ÷ file bytes) as one JSON
 * line; the file is deleted afterwards.
 */
public final class HFileBenchCli {
  static final String USAGE = """
      usage: granary-node hfile-bench --path DIR [options]
      """ + HdfsTarget.OPTIONS + """

        --path DIR           an HDFS directory for the file (created, and removed afterwards)
        --codec C            NONE, GZ, SNAPPY, LZ4, ZSTD (default NONE)
        --block-size B       data block size in bytes (default 65536)
        --entries N          key/values in the file (default 500000)
        --seeks N            random seeks, and random short scans (default entries/10)""";

  static final int KEY_BYTES = 10;
  static final int VALUE_BYTES = 990;
  static final int SHORT_SCAN = 30;
  static final byte[] FAMILY = "f".getBytes(StandardCharsets.UTF_8);
  static final byte[] QUALIFIER = new byte[0];

  record Options(HdfsTarget target, String path, String codec, int blockSize, int entries, int seeks) {}

  private HFileBenchCli() {}

  public static void main(String[] args) {
    Cli.exit("hfile-bench", () -> run(parse(args, System.getenv()), System.out));
  }

  static Options parse(String[] args, Map<String, String> env) {
    HdfsTarget target = new HdfsTarget(env);
    String path = null;
    String codec = "NONE";
    int blockSize = 65536;
    int entries = 500_000;
    Integer seeks = null;
    for (int i = 0; i < args.length; i++) {
      int used = target.accept(args, i);
      if (used >= 0) {
        i = used;
        continue;
      }
      String a = args[i];
      switch (a) {
        case "--path" -> path = Cli.value(args, ++i, a);
        case "--codec" -> {
          codec = Cli.value(args, ++i, a).toUpperCase(Locale.ROOT);
          if (!List.of("NONE", "GZ", "SNAPPY", "LZ4", "ZSTD").contains(codec)) {
            throw NodeException.usage("--codec must be one of NONE, GZ, SNAPPY, LZ4, ZSTD, got '" + args[i] + "'");
          }
        }
        case "--block-size" -> blockSize = (int) Cli.number(args, ++i, a, 1024, 16 << 20);
        case "--entries" -> entries = (int) Cli.number(args, ++i, a, 100, 100_000_000);
        case "--seeks" -> seeks = (int) Cli.number(args, ++i, a, 1, 100_000_000);
        default -> throw NodeException.usage("unknown option '" + a + "'\n" + USAGE);
      }
    }
    if (path == null) {
      throw NodeException.usage("--path is required\n" + USAGE);
    }
    return new Options(target.require(USAGE), path, codec, blockSize, entries, seeks == null ? Math.max(1, entries / 10)
        : seeks);
  }

  static byte[] key(long i) {
    return String.format("%010d", i).getBytes(StandardCharsets.UTF_8);
  }

  /** The seed's values: each run of 8 bytes one letter A–Z, at random. */
  static byte[] value(ThreadLocalRandom rnd) {
    byte[] v = new byte[VALUE_BYTES];
    for (int i = 0; i < v.length; i += 8) {
      byte letter = (byte) ('A' + rnd.nextInt(26));
      for (int j = i; j < Math.min(v.length, i + 8); j++) {
        v[j] = letter;
      }
    }
    return v;
  }

  static int run(Options o, PrintStream out) throws IOException {
    Configuration conf = o.target().configuration();
    conf.setFloat("hfile.block.cache.size", 0f);
    Path dir = new Path(o.path());
    Path file = new Path(dir, "bench-" + o.codec().toLowerCase(Locale.ROOT) + "-" + o.blockSize() + ".hfile");
    try (FileSystem fs = FileSystem.newInstance(java.net.URI.create(o.target().namenode()), conf)) {
      fs.mkdirs(dir);
      try {
        ToolSupport.progress(out, "write", 0, 100);
        HFileContext ctx = new HFileContextBuilder().withBlockSize(o.blockSize())
            .withCompression(Compression.Algorithm.valueOf(o.codec())).build();
        ThreadLocalRandom rnd = ThreadLocalRandom.current();
        long t0 = System.nanoTime();
        try (HFile.Writer w = HFile.getWriterFactory(conf, CacheConfig.DISABLED).withPath(fs, file).withFileContext(ctx)
            .create()) {
          for (int i = 0; i < o.entries(); i++) {
            w.append(new KeyValue(key(i), FAMILY, QUALIFIER, 1L, value(rnd)));
          }
        }
        double writeS = (System.nanoTime() - t0) / 1e9;
        long fileBytes = fs.getFileStatus(file).getLen();
        try (HFile.Reader r = HFile.createReader(fs, file, CacheConfig.DISABLED, true, conf)) {
          long uncompressed = r.getTrailer().getTotalUncompressedBytes();
          ToolSupport.progress(out, "scan", 25, 100);
          long scanned = 0;
          t0 = System.nanoTime();
          HFileScanner s = r.getScanner(conf, false, false);
          if (s.seekTo()) {
            do {
              scanned += s.getCell().getValueLength() > 0 ? 1 : 0;
            } while (s.next());
          }
          double scanS = (System.nanoTime() - t0) / 1e9;
          if (scanned != o.entries()) {
            throw new NodeException("the full scan read " + scanned + " entries of " + o.entries());
          }
          ToolSupport.progress(out, "seek", 50, 100);
          t0 = System.nanoTime();
          HFileScanner seek = r.getScanner(conf, false, true);
          for (int i = 0; i < o.seeks(); i++) {
            long k = rnd.nextLong(o.entries());
            if (seek.seekTo(exact(k)) != 0 || !matches(seek.getCell(), key(k))) {
              throw new NodeException("random seek did not find key " + k);
            }
          }
          double seekS = (System.nanoTime() - t0) / 1e9;
          ToolSupport.progress(out, "short-scan", 75, 100);
          long shortEntries = 0;
          t0 = System.nanoTime();
          for (int i = 0; i < o.seeks(); i++) {
            long k = rnd.nextLong(o.entries());
            seek.seekTo(exact(k));
            int n = 1;
            while (n < SHORT_SCAN && seek.next()) {
              n++;
            }
            shortEntries += n;
          }
          double shortS = (System.nanoTime() - t0) / 1e9;
          out.println(String.format(Locale.ROOT, "{\"codec\":\"%s\",\"blockSize\":%d,\"entries\":%d,\"seeks\":%d,"
              + "\"fileBytes\":%d,\"uncompressedBytes\":%d,\"compressionRatio\":%.3f,\"writeEntriesPerSec\":%.1f,"
              + "\"scanEntriesPerSec\":%.1f,\"seekEntriesPerSec\":%.1f,\"shortScanEntriesPerSec\":%.1f,"
              + "\"writeSeconds\":%.3f,\"scanSeconds\":%.3f,\"seekSeconds\":%.3f,\"shortScanSeconds\":%.3f}",
              o.codec(), o.blockSize(), o.entries(), o.seeks(), fileBytes, uncompressed,
              fileBytes == 0 ? 0 : uncompressed / (double) fileBytes, o.entries() / writeS, scanned / scanS,
              o.seeks() / seekS, shortEntries / shortS, writeS, scanS, seekS, shortS));
        }
        return 0;
      } finally {
        fs.delete(file, false);
      }
    }
  }

  /** The stored cell's own key (row, family, qualifier, timestamp 1, put): a seek lands on it exactly. */
  static KeyValue exact(long k) {
    return new KeyValue(key(k), FAMILY, QUALIFIER, 1L, KeyValue.Type.Put);
  }

  private static boolean matches(Cell c, byte[] row) {
    return c != null && java.util.Arrays.equals(c.getRowArray(), c.getRowOffset(), c.getRowOffset() + c.getRowLength(),
        row, 0, row.length);
  }
}
