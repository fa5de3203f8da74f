package io.granary.node.load;

import io.granary.node.NodeException;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.util.Locale;
import java.util.Random;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.erasurecode.CodecUtil;
import org.apache.hadoop.io.erasurecode.ErasureCodeNative;
import org.apache.hadoop.io.erasurecode.ErasureCoderOptions;
import org.apache.hadoop.io.erasurecode.rawcoder.RawErasureDecoder;
import org.apache.hadoop.io.erasurecode.rawcoder.RawErasureEncoder;

/**
 * The raw erasure coder alone, in memory: MiB/s of data encoded (k cells in, m parity cells out) and
 * decoded (m cells lost and rebuilt), for Reed-Solomon with the coder HDFS clients pick (native ISA-L
 * via libhadoop) or Hadoop's pure-Java one, the legacy Java RS coder, and XOR. One JSON line. What a
 * cluster's EC write or conversion can reach at best on this CPU, with 1..N threads (each its own
 * coders and stripes, as concurrent writers have).
 */
public final class EcCoderCli {
  static final String USAGE = """
      granary-node ec-coder [options]
        --codec rs|rs-legacy|xor   coding scheme (default rs)
        --data K          data units (default 3)
        --parity M        parity units (default 2; xor: 1)
        --coder native|java   raw coder (default native; rs-legacy is Java only)
        --cell BYTES      cell size, the coder's buffer (default 1048576, as RS-3-2-1024k)
        --threads N       concurrent coders (default 1)
        --mb N            data to encode and decode, over all threads (default 1024)
      """;

  record Options(String codec, int data, int parity, String coder, int cell, int threads, long mb) {
    /** The policy-style name: RS-3-2, RS-LEGACY-6-3, XOR-2-1. */
    String schema() {
      return codec.toUpperCase(Locale.ROOT) + "-" + data + "-" + parity;
    }
  }

  private EcCoderCli() {}

  public static void main(String[] args) {
    Cli.exit("ec-coder", () -> run(parse(args), System.out));
  }

  static Options parse(String[] args) {
    String codec = "rs";
    int k = 3;
    Integer m = null;
    String coder = "native";
    int cell = 1 << 20;
    int threads = 1;
    long mb = 1024;
    for (int i = 0; i < args.length; i++) {
      String a = args[i];
      switch (a) {
        case "--codec" -> codec = Cli.value(args, ++i, a);
        case "--data" -> k = (int) Cli.number(args, ++i, a, 1, 32);
        case "--parity" -> m = (int) Cli.number(args, ++i, a, 1, 16);
        case "--coder" -> coder = Cli.value(args, ++i, a);
        case "--cell" -> cell = (int) Cli.number(args, ++i, a, 1024, 16 << 20);
        case "--threads" -> threads = (int) Cli.number(args, ++i, a, 1, 256);
        case "--mb" -> mb = Cli.number(args, ++i, a, 1, 1 << 20);
        default -> throw NodeException.usage("unknown option '" + a + "'\n" + USAGE);
      }
    }
    if (!codec.equals("rs") && !codec.equals("rs-legacy") && !codec.equals("xor")) {
      throw NodeException.usage("--codec is rs, rs-legacy or xor, got '" + codec + "'");
    }
    if (!coder.equals("native") && !coder.equals("java")) {
      throw NodeException.usage("--coder is native or java, got '" + coder + "'");
    }
    if (codec.equals("rs-legacy") && coder.equals("native")) {
      throw NodeException.usage("--codec rs-legacy has only a Java coder: add --coder java");
    }
    if (codec.equals("xor") && m != null && m != 1) {
      throw NodeException.usage("--codec xor has exactly one parity unit, got --parity " + m);
    }
    return new Options(codec, k, m == null ? (codec.equals("xor") ? 1 : 2) : m, coder, cell, threads, mb);
  }

  /** Hadoop's raw coder factory name for a codec and coder, as io.erasurecode.codec.*.rawcoders lists them. */
  static String factory(Options o) {
    return o.codec() + "_" + o.coder();
  }

  static int run(Options o, PrintStream out) throws Exception {
    if (o.coder().equals("native") && !ErasureCodeNative.isNativeCodeLoaded()) {
      throw new NodeException("--coder native, but ISA-L is not loaded: " + ErasureCodeNative.getLoadingFailureReason());
    }
    Configuration conf = new Configuration(false);
    conf.set("io.erasurecode.codec." + o.codec() + ".rawcoders", factory(o));
    long stripes = Math.max(o.threads(), (o.mb() << 20) / ((long) o.data() * o.cell()));
    Worker[] workers = new Worker[o.threads()];
    for (int t = 0; t < workers.length; t++) {
      workers[t] = new Worker(conf, o, stripes / o.threads() + (t < stripes % o.threads() ? 1 : 0), t);
    }
    for (Worker w : workers) {
      w.prepare(); // not timed
    }
    // each phase is timed from the moment every thread is ready to the moment the last one is done; a
    // thread that fails still meets every barrier, so none waits forever
    CyclicBarrier barrier = new CyclicBarrier(workers.length + 1);
    AtomicReference<Throwable> failed = new AtomicReference<>();
    Thread[] threads = new Thread[workers.length];
    for (int t = 0; t < workers.length; t++) {
      Worker w = workers[t];
      threads[t] = new Thread(() -> {
        try {
          barrier.await();
          guarded(failed, w::encodeAll);
          barrier.await();
          barrier.await();
          guarded(failed, w::decodeAll);
          barrier.await();
          guarded(failed, w::verify);
        } catch (Exception e) {
          failed.compareAndSet(null, e);
        } finally {
          w.release();
        }
      }, "ec-coder-" + t);
      threads[t].start();
    }
    barrier.await();
    long t0 = System.nanoTime();
    barrier.await();
    double encodeSeconds = (System.nanoTime() - t0) / 1e9;
    barrier.await();
    long t1 = System.nanoTime();
    barrier.await();
    double decodeSeconds = (System.nanoTime() - t1) / 1e9;
    for (Thread t : threads) {
      t.join();
    }
    Throwable e = failed.get();
    if (e != null) {
      throw e instanceof NodeException ne ? ne : new NodeException("the " + o.schema() + " coder failed: " + e);
    }
    double mib = stripes * (double) o.data() * o.cell() / (1 << 20);
    out.println(String.format(Locale.ROOT, "{\"codec\":\"%s\",\"coder\":\"%s\",\"encoder\":\"%s\",\"cell\":%d,"
        + "\"threads\":%d,\"mib\":%.0f,\"encodeMiBps\":%.1f,\"decodeMiBps\":%.1f,\"copyMiBps\":%.1f}", o.schema(),
        o.coder(), workers[0].encoderName, o.cell(), o.threads(), mib, mib / encodeSeconds, mib / decodeSeconds,
        copyMiBps()));
    return 0;
  }

  /**
   * One thread's memory copy rate over buffers far larger than the caches: the ceiling a coder's
   * per-core MiB/s is set against (a coder reads k cells and writes m per stripe).
   */
  static double copyMiBps() {
    byte[] a = new byte[64 << 20];
    byte[] b = new byte[64 << 20];
    java.util.Arrays.fill(a, (byte) 1);
    System.arraycopy(a, 0, b, 0, a.length); // warm: pages touched, code compiled
    long t0 = System.nanoTime();
    int rounds = 8;
    for (int i = 0; i < rounds; i++) {
      System.arraycopy((i & 1) == 0 ? a : b, 0, (i & 1) == 0 ? b : a, 0, a.length);
    }
    return rounds * 64.0 / ((System.nanoTime() - t0) / 1e9);
  }

  private interface Step {
    void run() throws Exception;
  }

  private static void guarded(AtomicReference<Throwable> failed, Step step) {
    if (failed.get() == null) {
      try {
        step.run();
      } catch (Exception | Error e) {
        failed.compareAndSet(null, e);
      }
    }
  }

  /** One thread's coders and stripes. */
  private static final class Worker {
    private final Options o;
    private final long stripes;
    private final int seed;
    private final RawErasureEncoder enc;
    private final RawErasureDecoder dec;
    final String encoderName;
    private ByteBuffer[][] data;
    private ByteBuffer[][] parity;
    private ByteBuffer[] rebuilt;

    Worker(Configuration conf, Options o, long stripes, int seed) {
      this.o = o;
      this.stripes = Math.max(1, stripes);
      this.seed = seed;
      ErasureCoderOptions opts = new ErasureCoderOptions(o.data(), o.parity());
      this.enc = CodecUtil.createRawEncoder(conf, o.codec(), opts);
      this.dec = CodecUtil.createRawDecoder(conf, o.codec(), opts);
      this.encoderName = enc.getClass().getSimpleName();
    }

    void prepare() throws Exception {
      int k = o.data();
      int m = o.parity();
      // distinct stripes beyond the CPU caches (160 MiB over all threads), so memory bandwidth counts as
      // it does for real data
      long budget = Math.max(1, (160L << 20) / o.threads());
      int pool = (int) Math.min(stripes, Math.max(1, budget / ((long) (k + m) * o.cell())));
      data = new ByteBuffer[pool][];
      parity = new ByteBuffer[pool][];
      Random r = new Random(7 + seed);
      byte[] bytes = new byte[o.cell()];
      for (int p = 0; p < pool; p++) {
        data[p] = buffers(k, o.cell());
        parity[p] = buffers(m, o.cell());
        for (ByteBuffer b : data[p]) {
          r.nextBytes(bytes);
          b.put(bytes).flip();
        }
      }
      rebuilt = buffers(m, o.cell());
      // warm-up: the JIT for the Java coders, page faults for all
      for (int p = 0; p < pool; p++) {
        encode(enc, data[p], parity[p]);
      }
    }

    void encodeAll() throws Exception {
      for (long s = 0; s < stripes; s++) {
        int p = (int) (s % data.length);
        encode(enc, data[p], parity[p]);
      }
    }

    /** The first m data cells lost, rebuilt from the rest and the parity. */
    void decodeAll() throws Exception {
      int k = o.data();
      int m = o.parity();
      ByteBuffer[] inputs = new ByteBuffer[k + m];
      int[] erased = new int[m];
      for (int i = 0; i < m; i++) {
        erased[i] = i;
      }
      for (long s = 0; s < stripes; s++) {
        int p = (int) (s % data.length);
        for (int i = 0; i < k; i++) {
          inputs[i] = i < m ? null : data[p][i].duplicate();
        }
        for (int i = 0; i < m; i++) {
          inputs[k + i] = parity[p][i].duplicate();
          rebuilt[i].clear();
        }
        dec.decode(inputs, erased, rebuilt);
      }
    }

    void verify() {
      // Hadoop's coders leave output positions where they were: the rebuilt cells are ready to read as is
      int last = (int) ((stripes - 1) % data.length);
      for (int i = 0; i < o.parity(); i++) {
        if (!rebuilt[i].equals(data[last][i].duplicate().rewind())) {
          throw new NodeException("decoded cell " + i + " differs from the original");
        }
      }
    }

    void release() {
      enc.release();
      dec.release();
    }
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
