package io.granary.benchmarks;

import java.util.Locale;

/** The command an operator would type for the same benchmark with HBase's PE or YCSB. */
final class ShellEquivalent {
  private ShellEquivalent() {}

  static String of(Spec s) {
    if (Spec.CEILING.equals(s.workload())) {
      return "no shell equivalent: Gets of cached rows (one per region) at full speed (granary-bench workload 'ceiling')";
    }
    if ("rmw".equals(s.workload())) {
      return "no shell equivalent: granary-bench workload 'rmw' (batch multi-get, then batch put of the same "
          + s.batchSize() + " keys)";
    }
    if (s.isYcsb()) {
      StringBuilder b = new StringBuilder("bin/ycsb run hbase2 -P workloads/workload")
          .append(s.ycsbWorkload().toLowerCase(Locale.ROOT))
          .append(" -p table=").append(s.table())
          .append(" -p columnfamily=").append(s.family())
          .append(" -p recordcount=").append(s.recordCount())
          .append(" -p fieldcount=").append(s.fieldCount())
          .append(" -p fieldlength=").append(s.fieldLength())
          .append(" -p maxexecutiontime=").append(s.warmupSeconds() + s.durationSeconds());
      // 0 = no count limit in YCSB too (else the workload file's count would stop it early)
      b.append(" -p operationcount=").append(s.operationCount());
      if (s.requestDistribution() != null) {
        b.append(" -p requestdistribution=").append(s.requestDistribution());
      }
      if (s.clientBuffering()) {
        b.append(" -p clientbuffering=true");
      }
      if (s.openLoop()) {
        b.append(" -target ").append(Math.round(s.targetRate()));
      }
      return b.append(" -threads ").append(s.threads()).append(" -s").toString();
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
}
