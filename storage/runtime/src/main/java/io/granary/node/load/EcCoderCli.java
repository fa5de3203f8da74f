package io.granary.node.load;

import io.granary.node.NodeException;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.util.Locale;
import java.util.Random;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.erasurecode.CodecUtil;
import org.apache.hadoop.io.erasurecode.ErasureCodeNative;
import org.apache.hadoop.io.erasurecode.ErasureCoderOptions;
import org.apache.hadoop.io.erasurecode.rawcoder.RawErasureDecoder;
import org.apache.hadoop.io.erasurecode.rawcoder.RawErasureEncoder;

/**
 * The raw erasure coder alone, in memory: MiB/s of data encoded (k cells in, m parity cells out) and
 * decoded (m cells lost and rebuilt), with the coder HDFS clients pick (native ISA-L via libhadoop)
 * or Hadoop's pure-Java one. One JSON line. What a cluster's EC write or conversion can reach at
 * best on this CPU, one thread.
 */
public final class EcCoderCli {
  static final String USAGE = """
      granary-node ec-coder [options]
        --data K          data units (default 3)
        --parity M        parity units (default 2)
        --coder native|java   raw coder (default native)
        --cell BYTES      cell size (default 1048576, as RS-3-2-1024k)
        --mb N            data to encode and decode (default 1024)
      """;

  record Options(int data, int parity, String coder, int cell, long mb) {}

  private EcCoderCli() {}

  public static void main(String[] args) {
    Cli.exit("ec-coder", () -> run(parse(args), System.out));
  }

  static Options parse(String[] args) {
    int k = 3;
    int m = 2;
    String coder = "native";
    int cell = 1 << 20;
    long mb = 1024;
    for (int i = 0; i < args.length; i++) {
      String a = args[i];
      switch (a) {
        case "--data" -> k = (int) Cli.number(args, ++i, a, 1, 32);
        case "--parity" -> m = (int) Cli.number(args, ++i, a, 1, 16);
        case "--coder" -> coder = Cli.value(args, ++i, a);
        case "--cell" -> cell = (int) Cli.number(args, ++i, a, 1024, 16 << 20);
        case "--mb" -> mb = Cli.number(args, ++i, a, 1, 1 << 20);
        default -> throw NodeException.usage("unknown option '" + a + "'\n" + USAGE);
      }
    }
    if (!coder.equals("native") && !coder.equals("java")) {
      throw NodeException.usage("--coder is native or java, got '" + coder + "'");
    }
    return new Options(k, m, coder, cell, mb);
  }

  static int run(Options o, PrintStream out) throws Exception {
    if (o.coder().equals("native") && !ErasureCodeNative.isNativeCodeLoaded()) {
      throw new NodeException("--coder native, but ISA-L is not loaded: " + ErasureCodeNative.getLoadingFailureReason());
    }
    Configuration conf = new Configuration(false);
    conf.set("io.erasurecode.codec.rs.rawcoders", o.coder().equals("native") ? "rs_native" : "rs_java");
    ErasureCoderOptions opts = new ErasureCoderOptions(o.data(), o.parity());
    RawErasureEncoder enc = CodecUtil.createRawEncoder(conf, "rs", opts);
    RawErasureDecoder dec = CodecUtil.createRawDecoder(conf, "rs", opts);
    int k = o.data();
    int m = o.parity();
    long stripes = Math.max(1, (o.mb() << 20) / ((long) k * o.cell()));
    // a pool of distinct stripes larger than the CPU caches, so memory bandwidth counts as it does for real data
    int pool = (int) Math.min(stripes, Math.max(1, (160L << 20) / ((long) (k + m) * o.cell())));
    ByteBuffer[][] data = new ByteBuffer[pool][];
    ByteBuffer[][] parity = new ByteBuffer[pool][];
    Random r = new Random(7);
    byte[] bytes = new byte[o.cell()];
    for (int p = 0; p < pool; p++) {
      data[p] = buffers(k, o.cell());
      parity[p] = buffers(m, o.cell());
      for (ByteBuffer b : data[p]) {
        r.nextBytes(bytes);
        b.put(bytes).flip();
      }
    }
    // warm-up: the JIT for the Java coder, page faults for both
    for (int p = 0; p < pool; p++) {
      encode(enc, data[p], parity[p]);
    }
    long t0 = System.nanoTime();
    for (long s = 0; s < stripes; s++) {
      int p = (int) (s % pool);
      encode(enc, data[p], parity[p]);
    }
    double encodeSeconds = (System.nanoTime() - t0) / 1e9;
    // decode: the first m data cells lost, rebuilt from the rest and the parity
    ByteBuffer[] inputs = new ByteBuffer[k + m];
    int[] erased = new int[m];
    for (int i = 0; i < m; i++) {
      erased[i] = i;
    }
    ByteBuffer[] rebuilt = buffers(m, o.cell());
    long t1 = System.nanoTime();
    for (long s = 0; s < stripes; s++) {
      int p = (int) (s % pool);
      for (int i = 0; i < k; i++) {
        inputs[i] = i < m ? null : data[p][i].duplicate();
      }
      for (int i = 0; i < m; i++) {
        inputs[k + i] = parity[p][i].duplicate();
        rebuilt[i].clear();
      }
      dec.decode(inputs, erased, rebuilt);
    }
    double decodeSeconds = (System.nanoTime() - t1) / 1e9;
    // Hadoop's coders leave output positions where they were: the rebuilt cells are ready to read as is
    int last = (int) ((stripes - 1) % pool);
    for (int i = 0; i < m; i++) {
      if (!rebuilt[i].equals(data[last][i].duplicate().rewind())) {
        throw new NodeException("decoded cell " + i + " differs from the original");
      }
    }
    double mib = stripes * (double) k * o.cell() / (1 << 20);
    out.println(String.format(Locale.ROOT, "{\"codec\":\"RS-%d-%d\",\"coder\":\"%s\",\"encoder\":\"%s\",\"cell\":%d,"
        + "\"mib\":%.0f,\"encodeMiBps\":%.1f,\"decodeMiBps\":%.1f}", k, m, o.coder(), enc.getClass().getSimpleName(),
        o.cell(), mib, mib / encodeSeconds, mib / decodeSeconds));
    enc.release();
    dec.release();
    return 0;
  }

  private static void encode(RawErasureEncoder enc, ByteBuffer[] data, ByteBuffer[] parity) throws Exception {
    ByteBuffer[] in = new ByteBuffer[data.length];
    for (int i = 0; i < data.length; i++) {
      in[i] = data[i].duplicate();
    }
    for (ByteBuffer p : parity) {
      p.clear();
    }
    enc.encode(in, parity);
  }

  /** Direct buffers: what the native coder needs and what HDFS's striped streams hand it. */
  private static ByteBuffer[] buffers(int n, int size) {
    ByteBuffer[] out = new ByteBuffer[n];
    for (int i = 0; i < n; i++) {
      out[i] = ByteBuffer.allocateDirect(size);
    }
    return out;
  }
}
