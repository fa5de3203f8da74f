package io.granary.benchmarks;

import io.granary.engine.client.BenchmarkSpec;
import java.util.Locale;

/** The command an operator would type for the same benchmark with HBase's PE or YCSB. */
public final class ShellEquivalent {
  private ShellEquivalent() {}

  public static String of(BenchmarkSpec s) {
    if (BenchmarkSpec.CEILING.equals(s.workload())) {
      return "no shell equivalent: Gets of cached rows (one per region) at full speed (granary-bench workload 'ceiling')";
    }
    if ("rmw".equals(s.workload())) {
      return "no shell equivalent: granary-bench workload 'rmw' (batch multi-get, then batch put of the same "
          + s.batchSize() + " keys)";
    }
    if (s.isYcsb()) {
      return ycsb(s);
    }
    StringBuilder b = new StringBuilder("hbase pe --nomapred --table=").append(s.table())
        .append(" --families=1 --rows=").append(Math.max(1, s.rows() / s.threads()))
        .append(" --valueSize=").append(s.valueSize());
    if (s.batchSize() > 1) {
      b.append(s.workload().contains("Read") ? " --multiGet=" : " --multiPut=").append(s.batchSize());
    }
    if (s.clientBuffering()) {
      b.append(" --autoFlush=false");
    }
    if ("scan".equals(s.workload())) {
      return b.append(" scanRange").append(s.scanLength() >= 1000 ? "1000" : s.scanLength() >= 100 ? "100" : "10")
          .append(' ').append(s.threads()).toString();
    }
    if (s.openLoop()) {
      b.append(" # PE has no open-loop mode; Granary paces ").append(Math.round(s.targetRate())).append(" ops/s\n");
    }
    return b.append(' ').append(s.workload()).append(' ').append(s.threads()).toString();
  }

  /** The YCSB percentiles the agent reports; the run command asks YCSB for the same. */
  static final String PERCENTILES = "50,95,99,99.9";

  /**
   * The official client's commands for the same run, one per line: the load (when the run writes its
   * records first), a warm-up run whose report is thrown away (YCSB has no warm-up of its own), and the
   * measured run, with every property the bench agent sets. YCSB's HBase 2 binding reads the cluster from
   * the hbase-site.xml on its classpath ({@code -cp}).
   */
  static String ycsb(BenchmarkSpec s) {
    String file = s.ycsbProperties() != null ? "my-workload.properties"
        : "workloads/workload" + s.ycsbWorkload().toLowerCase(Locale.ROOT);
    StringBuilder common = new StringBuilder(" hbase2 -cp \"$HBASE_CONF_DIR\" -P ").append(file)
        .append(" -p table=").append(s.table())
        .append(" -p columnfamily=").append(s.family() != null ? s.family() : "<family>")
        .append(" -p recordcount=").append(s.recordCount())
        .append(" -p fieldcount=").append(s.fieldCount())
        .append(" -p fieldlength=").append(s.fieldLength())
        .append(" -p clientbuffering=").append(s.clientBuffering());
    if (s.requestDistribution() != null) {
      common.append(" -p requestdistribution=").append(s.requestDistribution());
    }
    if (s.scans()) {
      common.append(" -p maxscanlength=").append(s.scanLength());
    }
    String threads = " -threads " + s.threads() + (s.openLoop() ? " -target " + Math.max(1, Math.round(s.targetRate())) : "");
    StringBuilder b = new StringBuilder();
    if (s.ycsbProperties() != null) {
      b.append("# ").append(file).append(": the run's workload file (spec.ycsbProperties in its JSON export)\n");
    }
    if (s.loadFirst()) {
      // the load writes through a BufferedMutator whatever the run uses, as the agent's load does
      b.append("bin/ycsb load").append(common.toString().replace(" -p clientbuffering=false", " -p clientbuffering=true"))
          .append(" -threads ").append(s.threads()).append(" -s\n");
    }
    if (s.warmupSeconds() > 0) {
      b.append("bin/ycsb run").append(common).append(" -p operationcount=").append(BenchmarkSpec.YCSB_NO_COUNT)
          .append(" -p maxexecutiontime=")
          .append(s.warmupSeconds()).append(threads).append("  # warm-up: discard this report\n");
    }
    return b.append("bin/ycsb run").append(common).append(" -p operationcount=")
        .append(s.ycsbOperationCount())
        .append(" -p maxexecutiontime=").append(s.durationSeconds())
        .append(" -p measurementtype=hdrhistogram -p measurement.interval=both -p hdrhistogram.percentiles=")
        .append(PERCENTILES).append(threads).append(" -s").toString();
  }
}
