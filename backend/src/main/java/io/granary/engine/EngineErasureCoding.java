package io.granary.engine;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.LongConsumer;
import org.apache.hadoop.fs.ContentSummary;
import org.apache.hadoop.fs.FileChecksum;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.apache.hadoop.fs.Options;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RemoteIterator;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;
import org.apache.hadoop.hdfs.protocol.ECTopologyVerifierResult;
import org.apache.hadoop.hdfs.protocol.ErasureCodingPolicy;
import org.apache.hadoop.hdfs.protocol.ErasureCodingPolicyInfo;
import org.apache.hadoop.hdfs.protocol.HdfsConstants.DatanodeReportType;
import org.apache.hadoop.hdfs.protocol.HdfsFileStatus;
import org.apache.hadoop.hdfs.protocol.HdfsLocatedFileStatus;
import org.apache.hadoop.hdfs.protocol.SystemErasureCodingPolicies;
import org.apache.hadoop.io.erasurecode.CodecUtil;
import org.apache.hadoop.io.erasurecode.ErasureCodeNative;
import org.apache.hadoop.io.erasurecode.ErasureCoderOptions;
import org.apache.hadoop.io.erasurecode.rawcoder.RawErasureEncoder;
import org.apache.hadoop.util.NativeCodeLoader;
import org.springframework.stereotype.Component;

/** HDFS erasure-coding calls: policies, topology, per-path policies, file listings and rewrites. */
@Component
public class EngineErasureCoding {
  /** The pseudo policy that forces replication below an erasure-coded parent. */
  public static final String REPLICATION = SystemErasureCodingPolicies.getReplicationPolicy().getName();
  private static final int COPY_BUFFER = 1 << 20;

  private final EngineConnections connections;

  public EngineErasureCoding(EngineConnections connections) {
    this.connections = connections;
  }

  public record Policy(String name, String state, int dataUnits, int parityUnits, int cellSize, String codec,
      boolean system) {}

  public record Topology(int liveDataNodes, int racks) {}

  public record Check(boolean supported, String message) {}

  /** A file or directory; for directories the sizes are recursive (content summary). */
  public record Entry(String path, String name, boolean directory, long length, long spaceConsumed, long fileCount,
      short replication, long blockSize, String policy) {}

  /** One HFile as the NameNode stores it: striped (with the file's own policy) or contiguous. */
  public record HFileLayout(String path, long length, boolean striped, String policy, long spaceConsumed) {}

  /**
   * @param hfilesUnderPolicy HFiles whose own layout is striped under the table's policy
   * @param files the first {@link #TABLE_FILES} HFiles, each with its actual layout
   */
  public record TableEc(String policy, String directoryPolicy, int hfiles, int hfilesUnderPolicy, int hfilesStriped,
      List<HFileLayout> files) {}

  static final int TABLE_FILES = 200;

  private DistributedFileSystem fs(ClusterEndpoints e) throws IOException {
    return connections.hdfs(e);
  }

  public List<Policy> policies(ClusterEndpoints e) throws IOException {
    List<Policy> out = new ArrayList<>();
    for (ErasureCodingPolicyInfo i : fs(e).getAllErasureCodingPolicies()) {
      ErasureCodingPolicy p = i.getPolicy();
      if (p.isReplicationPolicy()) {
        continue;
      }
      out.add(new Policy(p.getName(), i.getState().name(), p.getNumDataUnits(), p.getNumParityUnits(),
          p.getCellSize(), p.getCodecName(), p.isSystemPolicy()));
    }
    return out;
  }

  public Topology topology(ClusterEndpoints e) throws IOException {
    DatanodeInfo[] live = fs(e).getDataNodeStats(DatanodeReportType.LIVE);
    Set<String> racks = new HashSet<>();
    for (DatanodeInfo d : live) {
      racks.add(d.getNetworkLocation());
    }
    return new Topology(live.length, racks.size());
  }

  /** HDFS's own verdict, as {@code hdfs ec -verifyClusterSetup -policy NAME} prints it. */
  public Check verify(ClusterEndpoints e, String policy) throws IOException {
    ECTopologyVerifierResult r = fs(e).getECTopologyResultForPolicies(policy);
    return new Check(r.isSupported(), r.getResultMessage());
  }

  public void enable(ClusterEndpoints e, String policy) throws IOException {
    fs(e).enableErasureCodingPolicy(policy);
  }

  public void disable(ClusterEndpoints e, String policy) throws IOException {
    fs(e).disableErasureCodingPolicy(policy);
  }

  public Optional<Entry> stat(ClusterEndpoints e, String path) throws IOException {
    DistributedFileSystem fs = fs(e);
    Path p = new Path(path);
    if (!fs.exists(p)) {
      return Optional.empty();
    }
    return Optional.of(entry(fs, fs.getFileStatus(p)));
  }

  /** The children of a directory, at most {@code limit}, with recursive sizes for subdirectories. */
  public List<Entry> children(ClusterEndpoints e, String path, int limit) throws IOException {
    DistributedFileSystem fs = fs(e);
    List<Entry> out = new ArrayList<>();
    for (FileStatus s : fs.listStatus(new Path(path))) {
      if (out.size() >= limit) {
        break;
      }
      out.add(entry(fs, s));
    }
    return out;
  }

  private static Entry entry(DistributedFileSystem fs, FileStatus s) throws IOException {
    String path = Path.getPathWithoutSchemeAndAuthority(s.getPath()).toString();
    String name = s.getPath().getName().isEmpty() ? "/" : s.getPath().getName();
    ErasureCodingPolicy policy = fs.getErasureCodingPolicy(s.getPath());
    String policyName = policy == null ? REPLICATION : policy.getName();
    if (s.isDirectory()) {
      ContentSummary c = fs.getContentSummary(s.getPath());
      return new Entry(path, name, true, c.getLength(), c.getSpaceConsumed(), c.getFileCount(), (short) 0, 0,
          policyName);
    }
    return new Entry(path, name, false, s.getLen(), s.isErasureCoded() ? -1 : s.getLen() * s.getReplication(), 1,
        s.getReplication(), s.getBlockSize(), policyName);
  }

  /** The policy set on the path itself (null when it only inherits or has none). */
  public String ownPolicy(ClusterEndpoints e, String path) throws IOException {
    DistributedFileSystem fs = fs(e);
    Path p = new Path(path);
    ErasureCodingPolicy mine = fs.getErasureCodingPolicy(p);
    Path parent = p.getParent();
    ErasureCodingPolicy inherited = parent == null ? null : fs.getErasureCodingPolicy(parent);
    String m = mine == null ? null : mine.getName();
    String i = inherited == null ? null : inherited.getName();
    return m != null && !m.equals(i) ? m : null;
  }

  public void setPolicy(ClusterEndpoints e, String path, String policy) throws IOException {
    fs(e).setErasureCodingPolicy(new Path(path), policy);
  }

  public void unsetPolicy(ClusterEndpoints e, String path) throws IOException {
    fs(e).unsetErasureCodingPolicy(new Path(path));
  }

  /** Space consumed as HDFS accounts it: an open file counts its last block at full block size. */
  public long spaceConsumed(ClusterEndpoints e, String path) throws IOException {
    return fs(e).getContentSummary(new Path(path)).getSpaceConsumed();
  }

  /**
   * One file found by a recursive walk. {@code policy} is the file's own layout as the NameNode
   * stores it (a striped file keeps the policy it was written with, whatever its directory says
   * now); {@code open} files are still being written (WALs), so their length and space are in flux.
   */
  public record FileInfo(String path, long length, short replication, long blockSize, String policy, boolean open) {
    public FileInfo(String path, long length, short replication, long blockSize, String policy) {
      this(path, length, replication, blockSize, policy, false);
    }
  }

  /** Every file below the path (recursive), at most {@code limit}. */
  public List<FileInfo> files(ClusterEndpoints e, String path, int limit) throws IOException {
    DistributedFileSystem fs = fs(e);
    List<FileInfo> out = new ArrayList<>();
    RemoteIterator<LocatedFileStatus> it = fs.listFiles(new Path(path), true);
    while (it.hasNext() && out.size() < limit) {
      LocatedFileStatus s = it.next();
      out.add(new FileInfo(Path.getPathWithoutSchemeAndAuthority(s.getPath()).toString(), s.getLen(),
          s.getReplication(), s.getBlockSize(), ownPolicy(fs, s), isOpen(fs, s)));
    }
    return out;
  }

  /** The file's own layout: its striping flag first, then the policy the NameNode recorded for it. */
  private static String ownPolicy(DistributedFileSystem fs, FileStatus s) throws IOException {
    if (!s.isErasureCoded()) {
      return REPLICATION;
    }
    ErasureCodingPolicy p = s instanceof HdfsFileStatus h ? h.getErasureCodingPolicy() : null;
    if (p == null) {
      p = fs.getErasureCodingPolicy(s.getPath());
    }
    return p == null ? REPLICATION : p.getName();
  }

  private static boolean isOpen(DistributedFileSystem fs, FileStatus s) throws IOException {
    if (s instanceof HdfsLocatedFileStatus h && h.getLocatedBlocks() != null) {
      return h.getLocatedBlocks().isUnderConstruction();
    }
    return !fs.isFileClosed(s.getPath());
  }


  public Optional<FileInfo> file(ClusterEndpoints e, String path) throws IOException {
    DistributedFileSystem fs = fs(e);
    Path p = new Path(path);
    if (!fs.exists(p)) {
      return Optional.empty();
    }
    FileStatus s = fs.getFileStatus(p);
    return Optional.of(new FileInfo(path, s.getLen(), s.getReplication(), s.getBlockSize(), ownPolicy(fs, s),
        isOpen(fs, s)));
  }

  /**
   * Copies {@code src} into {@code tmp} under the policy, checks equal length and equal
   * COMPOSITE_CRC checksum, carries permission, owner and times over, then renames {@code tmp}
   * over {@code src} in one step. Any failure before the rename leaves {@code src} untouched.
   */
  public void rewrite(ClusterEndpoints e, String src, String tmp, String policy, LongConsumer copied,
      java.util.function.BooleanSupplier cancelled) throws IOException {
    DistributedFileSystem fs = fs(e);
    Path from = new Path(src);
    Path to = new Path(tmp);
    FileStatus before = fs.getFileStatus(from);
    try (InputStream in = fs.open(from);
        OutputStream out = fs.createFile(to).ecPolicyName(policy).overwrite(true).recursive().build()) {
      byte[] buf = new byte[COPY_BUFFER];
      int n;
      while ((n = in.read(buf)) > 0) {
        out.write(buf, 0, n);
        copied.accept(n);
        if (cancelled.getAsBoolean()) {
          throw new java.io.InterruptedIOException("cancelled while copying " + src);
        }
      }
    } catch (IOException | RuntimeException ex) {
      fs.delete(to, false);
      throw ex;
    }
    FileStatus after = fs.getFileStatus(to);
    FileChecksum a = fs.getFileChecksum(from);
    FileChecksum b = fs.getFileChecksum(to);
    if (after.getLen() != before.getLen() || a == null || !a.equals(b)) {
      fs.delete(to, false);
      throw new IOException("verification failed for " + src + ": length " + before.getLen() + " vs " + after.getLen()
          + ", checksum " + a + " vs " + b);
    }
    fs.setPermission(to, before.getPermission());
    fs.setOwner(to, before.getOwner(), before.getGroup());
    fs.setTimes(to, before.getModificationTime(), before.getAccessTime());
    fs.rename(to, from, Options.Rename.OVERWRITE);
  }

  /**
   * The raw encoder this JVM's HDFS client uses for a policy, as Hadoop's own coder selection picks it
   * (io.erasurecode.codec.*.rawcoders: the native ISA-L coder when libhadoop and ISA-L are loaded, else
   * the pure-Java one), with why the native one is missing when it is.
   */
  public String coder(ClusterEndpoints e, String policy) throws IOException {
    DistributedFileSystem fs = fs(e);
    ErasureCodingPolicy p = null;
    for (ErasureCodingPolicyInfo i : fs.getAllErasureCodingPolicies()) {
      if (i.getPolicy().getName().equals(policy)) {
        p = i.getPolicy();
      }
    }
    if (p == null || p.isReplicationPolicy()) {
      return "none (" + policy + " is not an erasure-coding policy)";
    }
    RawErasureEncoder enc = CodecUtil.createRawEncoder(fs.getConf(), p.getCodecName(),
        new ErasureCoderOptions(p.getNumDataUnits(), p.getNumParityUnits()));
    try {
      String name = enc.getClass().getSimpleName();
      if (ErasureCodeNative.isNativeCodeLoaded()) {
        return name + " (" + ErasureCodeNative.getLibraryName() + ")";
      }
      String why = NativeCodeLoader.isNativeCodeLoaded() ? ErasureCodeNative.getLoadingFailureReason()
          : "libhadoop not loaded";
      return name + " (Java; " + why + ")";
    } finally {
      enc.release();
    }
  }

  public void delete(ClusterEndpoints e, String path) throws IOException {
    fs(e).delete(new Path(path), true);
  }

  /** Bytes the DataNodes can still take, as the NameNode reports them (before replication or EC). */
  public long remaining(ClusterEndpoints e) throws IOException {
    return fs(e).getStatus().getRemaining();
  }

  // ---- tables

  public TableEc table(ClusterEndpoints e, String table, String rootDir) throws IOException {
    TableName name = TableName.valueOf(table);
    String policy;
    try (Admin admin = connections.hbase(e).getAdmin()) {
      policy = admin.getDescriptor(name).getErasureCodingPolicy();
    }
    DistributedFileSystem fs = fs(e);
    Path dir = new Path(rootDir + "/data/" + name.getNamespaceAsString() + "/" + name.getQualifierAsString());
    ErasureCodingPolicy dirPolicy = fs.exists(dir) ? fs.getErasureCodingPolicy(dir) : null;
    int hfiles = 0;
    int under = 0;
    int striped = 0;
    List<HFileLayout> files = new ArrayList<>();
    if (fs.exists(dir)) {
      RemoteIterator<LocatedFileStatus> it = fs.listFiles(dir, true);
      while (it.hasNext()) {
        LocatedFileStatus s = it.next();
        // HFiles are <region>/<family>/<file>; not .regioninfo, .tmp, recovered.edits or .tabledesc
        String rel = s.getPath().toUri().getPath().substring(dir.toUri().getPath().length() + 1);
        String[] parts = rel.split("/");
        if (parts.length != 3 || parts[0].startsWith(".") || parts[1].startsWith(".") || parts[2].startsWith(".")
            || parts[1].equals("recovered.edits")) {
          continue;
        }
        hfiles++;
        String own = ownPolicy(fs, s);
        boolean isStriped = !own.equals(REPLICATION);
        if (isStriped) {
          striped++;
        }
        if (policy != null && own.equals(policy)) {
          under++;
        }
        if (files.size() < TABLE_FILES) {
          files.add(new HFileLayout(rel, s.getLen(), isStriped, own,
              fs.getContentSummary(s.getPath()).getSpaceConsumed()));
        }
      }
    }
    return new TableEc(policy, dirPolicy == null ? null : dirPolicy.getName(), hfiles, under, striped,
        List.copyOf(files));
  }

  /** Sets or clears the table's ERASURE_CODING_POLICY; HBase applies it to the table's directory. */
  public void setTablePolicy(ClusterEndpoints e, String table, String policy) throws IOException {
    try (Admin admin = connections.hbaseForLongCalls(e).getAdmin()) {
      TableDescriptor d = admin.getDescriptor(TableName.valueOf(table));
      admin.modifyTable(TableDescriptorBuilder.newBuilder(d).setErasureCodingPolicy(policy).build());
    }
  }
}
