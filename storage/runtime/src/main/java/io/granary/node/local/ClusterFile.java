package io.granary.node.local;

import io.granary.node.NodeException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Properties;

/**
 * cluster.properties at the root of a local cluster's directory: the port plan it was created
 * with and the engine versions that wrote its data, checked before every start.
 */
record ClusterFile(String layoutVersion, String hbaseVersion, String hadoopVersion, int portBase,
    int dataNodes, int regionServers, boolean ha) {
  static final String NAME = "cluster.properties";
  static final String LAYOUT_VERSION = "1";

  static Path path(Path dir) {
    return dir.resolve(NAME);
  }

  static ClusterFile read(Path dir) {
    Properties p = new Properties();
    try (InputStream in = Files.newInputStream(path(dir))) {
      p.load(in);
      return new ClusterFile(
          p.getProperty("layout.version", "?"),
          p.getProperty("hbase.version", "?"),
          p.getProperty("hadoop.version", "?"),
          Integer.parseInt(p.getProperty("port.base")),
          Integer.parseInt(p.getProperty("datanodes")),
          Integer.parseInt(p.getProperty("regionservers")),
          Boolean.parseBoolean(p.getProperty("ha", "false")));
    } catch (IOException | RuntimeException e) {
      throw new NodeException(
          path(dir) + " is unreadable (" + e.getMessage() + "); fix it or wipe the cluster with"
              + " 'granary-node local wipe --dir " + dir + " --yes'");
    }
  }

  void write(Path dir) {
    Properties p = new Properties();
    p.setProperty("layout.version", layoutVersion);
    p.setProperty("hbase.version", hbaseVersion);
    p.setProperty("hadoop.version", hadoopVersion);
    p.setProperty("port.base", Integer.toString(portBase));
    p.setProperty("datanodes", Integer.toString(dataNodes));
    p.setProperty("regionservers", Integer.toString(regionServers));
    p.setProperty("ha", Boolean.toString(ha));
    p.setProperty("written", Instant.now().toString());
    try {
      Files.createDirectories(dir);
      Path tmp = dir.resolve(NAME + ".tmp");
      try (OutputStream out = Files.newOutputStream(tmp)) {
        p.store(out, "Granary local cluster; created by 'granary-node local up'");
      }
      Files.move(tmp, path(dir), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Data written by another engine version needs an upgrade path Granary does not offer yet. */
  void checkCompatible(Path dir, Versions current) {
    if (!LAYOUT_VERSION.equals(layoutVersion)
        || !current.hbase().equals(hbaseVersion)
        || !current.hadoop().equals(hadoopVersion)) {
      throw new NodeException(
          "data directory " + dir + " was written by HBase " + hbaseVersion + " / Hadoop "
              + hadoopVersion + " (layout " + layoutVersion + "), but this distribution runs HBase "
              + current.hbase() + " / Hadoop " + current.hadoop() + " (layout " + LAYOUT_VERSION
              + "); use the matching Granary version, or delete it with 'granary-node local wipe"
              + " --dir " + dir + " --yes'");
    }
  }

  /** Engine versions of this distribution, from granary-versions.properties on the classpath. */
  record Versions(String granary, String hbase, String hadoop, String zookeeper) {
    static Versions current() {
      Properties p = new Properties();
      try (InputStream in = ClusterFile.class.getResourceAsStream("/granary-versions.properties")) {
        if (in == null) {
          throw new NodeException("granary-versions.properties missing from the classpath");
        }
        p.load(in);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      return new Versions(
          p.getProperty("granary.version"),
          p.getProperty("hbase.version"),
          p.getProperty("hadoop.version"),
          p.getProperty("zookeeper.version"));
    }
  }
}
