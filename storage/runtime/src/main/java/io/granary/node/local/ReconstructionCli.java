package io.granary.node.local;

import io.granary.node.NodeException;
import io.granary.node.ToolSupport;
import io.granary.node.Role;
import io.granary.node.config.Instance;
import io.granary.node.config.LocalLayout;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;
import org.apache.hadoop.hdfs.protocol.ECBlockGroupStats;
import org.apache.hadoop.hdfs.protocol.ReplicatedBlockStats;
import org.apache.hadoop.hdfs.protocol.HdfsConstants.DatanodeReportType;
import org.apache.hadoop.hdfs.protocol.LocatedBlock;

/**
 * {@code granary-node reconstruction}: on a local (scratch) cluster, the same data in a 3×-replicated
 * and an erasure-coded directory, then {@code kill -9} of the DataNode holding most of both; times
 * until the NameNode declares it dead, and from then until every replicated block has its replicas
 * and every block group its internal blocks again (the NameNode's low-redundancy and missing counts of
 * each kind back to zero). One JSON line. The
 * DataNode stays down: this is for a cluster that is thrown away afterwards.
 */
public final class ReconstructionCli {
  static final String USAGE = """
      usage: granary-node reconstruction --dir DIR [options]   (destroys a DataNode of that cluster)
        --dir DIR          a local cluster directory (env GRANARY_LOCAL_DIR)
        --layout POLICY    EC policy of the erasure-coded directory (default RS-3-2-1024k)
        --files N          files in each directory (default 8)
        --mb M             MiB per file (default 64)
        --timeout S        longest wait for reconstruction (default 1800)""";

  record Options(Path dir, String layout, int files, int mb, int timeoutS) {}

  private ReconstructionCli() {}

  public static void main(String[] args) {
    int code;
    try {
      code = run(parse(args, System.getenv()), System.out);
    } catch (NodeException e) {
      System.err.println("granary-node reconstruction: " + e.getMessage());
      code = e.exitCode();
    } catch (Exception e) {
      System.err.println("granary-node reconstruction failed: " + e);
      code = 1;
    }
    System.out.flush();
    System.exit(code);
  }

  static Options parse(String[] args, Map<String, String> env) {
    Path dir = env.get("GRANARY_LOCAL_DIR") == null ? null : Path.of(env.get("GRANARY_LOCAL_DIR"));
    String layout = "RS-3-2-1024k";
    int files = 8;
    int mb = 64;
    int timeout = 1800;
    for (int i = 0; i < args.length; i++) {
      String a = args[i];
      switch (a) {
        case "--dir" -> dir = Path.of(LocalClusterCli.value(args, ++i, a));
        case "--layout" -> layout = LocalClusterCli.value(args, ++i, a);
        case "--files" -> files = bounded(LocalClusterCli.intValue(args, ++i, a), 1, 10_000, a);
        case "--mb" -> mb = bounded(LocalClusterCli.intValue(args, ++i, a), 1, 100_000, a);
        case "--timeout" -> timeout = bounded(LocalClusterCli.intValue(args, ++i, a), 10, 86_400, a);
        default -> throw NodeException.usage("unknown option '" + a + "'\n" + USAGE);
      }
    }
    if (dir == null) {
      throw NodeException.usage("give --dir (a local cluster)\n" + USAGE);
    }
    return new Options(dir.toAbsolutePath().normalize(), layout, files, mb, timeout);
  }

  private static int bounded(int v, int min, int max, String option) {
    if (v < min || v > max) {
      throw NodeException.usage(option + " must be between " + min + " and " + max + ", got " + v);
    }
    return v;
  }

  static int run(Options o, PrintStream out) throws Exception {
    LocalLayout layout = LocalClusterCli.layout(o.dir(), null, null, null, false, false);
    Processes processes = new Processes(Path.of("granary-node"), layout);
    Configuration conf = new Configuration();
    for (String f : new String[] {"core-site.xml", "hdfs-site.xml"}) {
      Path p = layout.clientConfDir().resolve(f);
      if (Files.isRegularFile(p)) {
        conf.addResource(new org.apache.hadoop.fs.Path(p.toUri()));
      }
    }
    org.apache.hadoop.fs.Path rep = new org.apache.hadoop.fs.Path("/granary-bench/reconstruction/replicated");
    org.apache.hadoop.fs.Path ec = new org.apache.hadoop.fs.Path("/granary-bench/reconstruction/ec");
    try (DistributedFileSystem fs = (DistributedFileSystem) FileSystem.newInstance(conf)) {
      fs.delete(rep.getParent(), true);
      fs.mkdirs(rep);
      fs.mkdirs(ec);
      fs.enableErasureCodingPolicy(o.layout());
      fs.setErasureCodingPolicy(ec, o.layout());
      byte[] buf = new byte[1 << 20];
      for (int f = 0; f < o.files(); f++) {
        new Random(f).nextBytes(buf);
        for (org.apache.hadoop.fs.Path d : List.of(rep, ec)) {
          try (OutputStream os = fs.createFile(new org.apache.hadoop.fs.Path(d, "f" + f)).replication((short) 3)
              .build()) {
            for (int m = 0; m < o.mb(); m++) {
              os.write(buf);
            }
          }
        }
        ToolSupport.progress(out, "write", f + 1, o.files());
      }
      Map<String, Integer> repBefore = settled(fs, rep);
      Map<String, Integer> ecBefore = settled(fs, ec);
      // the DataNode with the most replicas and internal blocks of the two directories
      Map<Integer, int[]> held = new HashMap<>();
      count(fs, rep, held, 0);
      count(fs, ec, held, 1);
      int victimPort = held.entrySet().stream().filter(e -> e.getValue()[0] > 0 && e.getValue()[1] > 0)
          .max((a, b) -> Integer.compare(a.getValue()[0] + a.getValue()[1], b.getValue()[0] + b.getValue()[1]))
          .map(Map.Entry::getKey).orElseThrow(() -> new NodeException("no DataNode holds blocks of both directories"));
      Instance victim = layout.instances().stream().filter(i -> i.role() == Role.DATANODE
          && layout.datanodePort(i.index()) == victimPort).findFirst()
          .orElseThrow(() -> new NodeException("no DataNode of " + o.dir() + " listens on port " + victimPort));
      long pid = processes.pid(victim).orElseThrow(() -> new NodeException(victim.name() + " is not running"));
      int lostReplicas = held.get(victimPort)[0];
      int lostInternal = held.get(victimPort)[1];
      long t0 = System.nanoTime();
      ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly);
      double deadAt = -1;
      double repAt = -1;
      double ecAt = -1;
      long deadline = t0 + o.timeoutS() * 1_000_000_000L;
      while (repAt < 0 || ecAt < 0) {
        if (System.nanoTime() > deadline) {
          throw new NodeException(String.format(Locale.ROOT, "not reconstructed within %d s (dead after %.1f s,"
              + " replicated %s, EC %s)", o.timeoutS(), deadAt, repAt < 0 ? "not yet" : repAt + " s",
              ecAt < 0 ? "not yet" : ecAt + " s"));
        }
        Thread.sleep(250);
        double now = (System.nanoTime() - t0) / 1e9;
        if (deadAt < 0) {
          for (DatanodeInfo d : fs.getDataNodeStats(DatanodeReportType.DEAD)) {
            if (d.getXferPort() == victimPort) {
              deadAt = now;
              ToolSupport.progress(out, "dead", 1, 1);
            }
          }
          continue;
        }
        // done when every block has its replicas (internal blocks) again on live DataNodes, the killed one not
        // counted, and the NameNode queues none of that kind: its "dead" report can lead its bookkeeping by
        // seconds, and a block leaves the queue when its reconstruction is scheduled, not when it is done
        ReplicatedBlockStats rs = fs.getClient().getNamenode().getReplicatedBlockStats();
        ECBlockGroupStats es = fs.getClient().getNamenode().getECBlockGroupStats();
        if (repAt < 0 && rs.getLowRedundancyBlocks() + rs.getMissingReplicaBlocks() == 0
            && restored(fs, rep, repBefore, victimPort)) {
          repAt = now;
        }
        if (ecAt < 0 && es.getLowRedundancyBlockGroups() + es.getMissingBlockGroups() == 0
            && restored(fs, ec, ecBefore, victimPort)) {
          ecAt = now;
        }
      }
      fs.delete(rep.getParent(), true);
      double repSeconds = repAt - deadAt;
      double ecSeconds = ecAt - deadAt;
      out.println(String.format(Locale.ROOT, "{\"layout\":\"%s\",\"files\":%d,\"mbPerFile\":%d,\"dataNode\":\"%s\","
          + "\"lostReplicas\":%d,\"lostInternalBlocks\":%d,\"deadAfterSeconds\":%.2f,\"replicatedSeconds\":%.2f,"
          + "\"ecSeconds\":%.2f,\"ecToReplicated\":%.2f}", o.layout(), o.files(), o.mb(), victim.name(), lostReplicas,
          lostInternal, deadAt, repSeconds, ecSeconds, repSeconds > 0 ? ecSeconds / repSeconds : 0));
    }
    return 0;
  }

  /** Locations of every block (group) of the directory's files by file and index, without one DataNode's. */
  static Map<String, Integer> locations(DistributedFileSystem fs, org.apache.hadoop.fs.Path dir, int excludePort)
      throws Exception {
    Map<String, Integer> out = new HashMap<>();
    for (org.apache.hadoop.fs.FileStatus s : fs.listStatus(dir)) {
      java.util.List<LocatedBlock> blocks = fs.getClient().getLocatedBlocks(s.getPath().toUri().getPath(), 0,
          s.getLen()).getLocatedBlocks();
      for (int b = 0; b < blocks.size(); b++) {
        int n = 0;
        for (DatanodeInfo d : blocks.get(b).getLocations()) {
          n += d.getXferPort() == excludePort ? 0 : 1;
        }
        out.put(s.getPath().getName() + "#" + b, n);
      }
    }
    return out;
  }

  /** The locations once every DataNode's block report of the new files has arrived (unchanged for a second). */
  static Map<String, Integer> settled(DistributedFileSystem fs, org.apache.hadoop.fs.Path dir) throws Exception {
    Map<String, Integer> last = null;
    int same = 0;
    for (int i = 0; i < 80 && same < 4; i++) {
      Map<String, Integer> now = locations(fs, dir, -1);
      same = now.equals(last) ? same + 1 : 0;
      last = now;
      Thread.sleep(250);
    }
    return last;
  }

  private static boolean restored(DistributedFileSystem fs, org.apache.hadoop.fs.Path dir, Map<String, Integer> before,
      int victimPort) throws Exception {
    Map<String, Integer> now = locations(fs, dir, victimPort);
    return before.entrySet().stream().allMatch(e -> now.getOrDefault(e.getKey(), 0) >= e.getValue());
  }

  /** Adds, per DataNode transfer port, the replicas ({@code slot} 0) or internal blocks (1) it holds. */
  private static void count(DistributedFileSystem fs, org.apache.hadoop.fs.Path dir, Map<Integer, int[]> held, int slot)
      throws Exception {
    for (org.apache.hadoop.fs.FileStatus s : fs.listStatus(dir)) {
      for (LocatedBlock b : fs.getClient().getLocatedBlocks(s.getPath().toUri().getPath(), 0, s.getLen())
          .getLocatedBlocks()) {
        for (DatanodeInfo d : b.getLocations()) {
          held.computeIfAbsent(d.getXferPort(), k -> new int[2])[slot]++;
        }
      }
    }
  }

}
