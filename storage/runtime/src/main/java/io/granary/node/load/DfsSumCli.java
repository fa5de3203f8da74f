package io.granary.node.load;

import io.granary.node.NodeException;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.protocol.ErasureCodingPolicy;

/**
 * {@code granary-node dfs-sum}: SHA-256 of every file in an HDFS directory, read through the
 * client like any reader would, with the file's length and own layout. One JSON line per file,
 * sorted by name, so two runs (before and after a conversion) compare with diff.
 */
public final class DfsSumCli {
  static final String USAGE = """
      usage: granary-node dfs-sum --dir DIR --path /hdfs/dir
        --dir DIR            local cluster directory (reads its endpoints.properties; env GRANARY_LOCAL_DIR)
        --path P             HDFS directory whose files to hash (not recursive)""";

  record Options(String namenode, String path, Path dir) {}

  private DfsSumCli() {}

  public static void main(String[] args) {
    Cli.exit("dfs-sum", () -> run(parse(args, System.getenv()), System.out));
  }

  static Options parse(String[] args, Map<String, String> env) {
    Path dir = env.get("GRANARY_LOCAL_DIR") == null ? null : Path.of(env.get("GRANARY_LOCAL_DIR"));
    String path = null;
    for (int i = 0; i < args.length; i++) {
      String a = args[i];
      switch (a) {
        case "--dir" -> dir = Path.of(Cli.value(args, ++i, a));
        case "--path" -> path = Cli.value(args, ++i, a);
        default -> throw NodeException.usage("unknown option '" + a + "'\n" + USAGE);
      }
    }
    if (path == null || !path.startsWith("/")) {
      throw NodeException.usage("--path /absolute/hdfs/dir is required\n" + USAGE);
    }
    if (dir == null) {
      throw NodeException.usage("give --dir (a local cluster)\n" + USAGE);
    }
    return new Options(Cli.namenodeOf(dir), path, dir);
  }

  static int run(Options o, PrintStream out) throws IOException, NoSuchAlgorithmException {
    Configuration conf = Cli.hdfsConf(o.dir(), o.namenode());
    byte[] buf = new byte[1 << 20];
    try (FileSystem fs = FileSystem.newInstance(conf)) {
      FileStatus[] files = fs.listStatus(new org.apache.hadoop.fs.Path(o.path()));
      Arrays.sort(files, Comparator.comparing(s -> s.getPath().getName()));
      for (FileStatus s : files) {
        if (!s.isFile()) {
          continue;
        }
        MessageDigest md = MessageDigest.getInstance("SHA-256");
        try (InputStream in = fs.open(s.getPath())) {
          for (int n; (n = in.read(buf)) > 0; ) {
            md.update(buf, 0, n);
          }
        }
        ErasureCodingPolicy p = fs instanceof DistributedFileSystem d ? d.getErasureCodingPolicy(s.getPath()) : null;
        out.println("{\"file\":\"" + s.getPath().getName() + "\",\"bytes\":" + s.getLen() + ",\"layout\":\""
            + (p == null ? "replication" : p.getName()) + "\",\"sha256\":\"" + HexFormat.of().formatHex(md.digest())
            + "\"}");
      }
    }
    return 0;
  }
}
