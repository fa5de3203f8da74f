package io.granary.bench.workload;

import io.granary.bench.ycsb.YcsbWorkload;
import io.granary.engine.client.BenchmarkSpec;
import org.apache.hadoop.hbase.client.Connection;

/** The workload a config names. */
public final class Workloads {
  private Workloads() {}

  public static Workload create(BenchmarkSpec c, Connection connection) throws Exception {
    return switch (c.workload()) {
      case "sequentialWrite" -> new PeWorkload(PeWorkload.Kind.SEQUENTIAL_WRITE, connection, c);
      case "randomWrite" -> new PeWorkload(PeWorkload.Kind.RANDOM_WRITE, connection, c);
      case "randomRead" -> new PeWorkload(PeWorkload.Kind.RANDOM_READ, connection, c);
      case "sequentialRead" -> new PeWorkload(PeWorkload.Kind.SEQUENTIAL_READ, connection, c);
      case "scan" -> new PeWorkload(PeWorkload.Kind.SCAN, connection, c);
      case "ycsb" -> new YcsbWorkload(connection, c);
      case "rmw" -> new RmwWorkload(connection, c);
      case "ceiling" -> new CeilingWorkload(connection, c);
      default -> throw new IllegalArgumentException("unknown workload '" + c.workload() + "'");
    };
  }
}
