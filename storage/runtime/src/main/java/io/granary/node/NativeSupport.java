package io.granary.node;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.erasurecode.CodecUtil;
import org.apache.hadoop.io.erasurecode.ErasureCodeConstants;
import org.apache.hadoop.io.erasurecode.ErasureCodeNative;
import org.apache.hadoop.io.erasurecode.ErasureCoderOptions;
import org.apache.hadoop.net.unix.DomainSocket;
import org.apache.hadoop.util.NativeCodeLoader;

/**
 * What native acceleration this JVM actually got: asks Hadoop's own coder selection, so the
 * answer is the coder the DataNodes and clients will use, not a guess from files on disk.
 */
public record NativeSupport(
    boolean hadoopNative,
    boolean isal,
    String isalDetail,
    String rsCoder,
    String xorCoder,
    String checksum,
    boolean domainSockets,
    String domainSocketDetail) {

  public static NativeSupport probe(Configuration conf) {
    boolean hadoopNative = NativeCodeLoader.isNativeCodeLoaded();
    boolean isal = ErasureCodeNative.isNativeCodeLoaded();
    String isalDetail =
        isal ? ErasureCodeNative.getLibraryName() : ErasureCodeNative.getLoadingFailureReason();
    String rs = coder(conf, ErasureCodeConstants.RS_CODEC_NAME, 3, 2);
    String xor = coder(conf, ErasureCodeConstants.XOR_CODEC_NAME, 2, 1);
    // DataChecksum uses NativeCrc32 exactly when libhadoop is loaded; otherwise the JDK intrinsic.
    String checksum =
        hadoopNative ? "CRC32C (libhadoop native)" : "CRC32C (java.util.zip.CRC32C intrinsic)";
    String dsFailure = DomainSocket.getLoadingFailureReason();
    return new NativeSupport(
        hadoopNative,
        isal,
        isalDetail == null ? "" : isalDetail,
        rs,
        xor,
        checksum,
        dsFailure == null,
        dsFailure == null ? "" : dsFailure);
  }

  private static String coder(Configuration conf, String codec, int k, int m) {
    try {
      var enc = CodecUtil.createRawEncoder(conf, codec, new ErasureCoderOptions(k, m));
      String name = enc.getClass().getSimpleName();
      enc.release();
      return name;
    } catch (RuntimeException e) {
      return "unavailable (" + e.getMessage() + ")";
    }
  }

  public NativeSupportMBean mbean(String role) {
    NativeSupport s = this;
    return new NativeSupportMBean() {
      @Override
      public boolean isHadoopNative() {
        return s.hadoopNative();
      }

      @Override
      public boolean isIsal() {
        return s.isal();
      }

      @Override
      public String getRsCoder() {
        return s.rsCoder();
      }

      @Override
      public String getXorCoder() {
        return s.xorCoder();
      }

      @Override
      public String getChecksum() {
        return s.checksum();
      }

      @Override
      public String getRole() {
        return role;
      }
    };
  }

  /** Human label for the RS coder: what an operator wants to know. */
  public String rsCoderLabel() {
    return coderLabel(rsCoder);
  }

  /** "ISA-L native (NativeRSRawEncoder)" or "Java (RSRawEncoder)" for a Reed-Solomon coder class name. */
  public static String coderLabel(String rsCoder) {
    return rsCoder.startsWith("Native") ? "ISA-L native (" + rsCoder + ")" : "Java (" + rsCoder + ")";
  }

  public Map<String, String> asMap() {
    Map<String, String> m = new LinkedHashMap<>();
    m.put("hadoop.native", Boolean.toString(hadoopNative));
    m.put("isal", Boolean.toString(isal));
    m.put("isal.detail", isalDetail);
    m.put("ec.rs.coder", rsCoder);
    m.put("ec.xor.coder", xorCoder);
    m.put("checksum", checksum);
    m.put("domain.sockets", Boolean.toString(domainSockets));
    m.put("domain.sockets.detail", domainSocketDetail);
    return m;
  }

  public void write(Path file) throws IOException {
    Properties p = new Properties();
    p.putAll(asMap());
    Files.createDirectories(file.getParent());
    Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
    try (OutputStream os = Files.newOutputStream(tmp)) {
      p.store(os, "native support seen by this role's JVM");
    }
    Files.move(tmp, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
  }

  public static Map<String, String> read(Path file) throws IOException {
    Properties p = new Properties();
    try (var in = Files.newInputStream(file)) {
      p.load(in);
    }
    Map<String, String> m = new LinkedHashMap<>();
    p.stringPropertyNames().stream().sorted().forEach(k -> m.put(k, p.getProperty(k)));
    return m;
  }

  /** {@code granary-node native-report}: prints what this host would use. */
  public static void main(String[] args) {
    Configuration conf = new Configuration();
    if (args.length > 0) {
      conf.addResource(new org.apache.hadoop.fs.Path(Path.of(args[0], "core-site.xml").toUri()));
    } else {
      conf.set("io.erasurecode.codec.xor.rawcoders", "xor_java"); // what Granary renders
    }
    NativeSupport s = probe(conf);
    System.out.println("libhadoop native:      " + s.hadoopNative());
    System.out.println("ISA-L:                 " + (s.isal() ? "yes, " : "no, ") + s.isalDetail());
    System.out.println("EC coder (RS):         " + s.rsCoderLabel());
    System.out.println("EC coder (XOR):        " + s.xorCoder());
    System.out.println("checksum:              " + s.checksum());
    System.out.println(
        "domain sockets:        "
            + (s.domainSockets() ? "yes" : "no, " + s.domainSocketDetail()));
  }
}
