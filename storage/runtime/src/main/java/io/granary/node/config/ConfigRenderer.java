package io.granary.node.config;

import io.granary.node.NodeException;
import io.granary.node.Role;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Renders conf-templates/ into one conf directory per role instance. Placeholders are
 * {{ name }} (the Jinja syntax, so Ansible can render the same templates); a missing value is an
 * error rather than an empty string, so a typo never silently produces a broken config.
 */
public final class ConfigRenderer {
  public static final List<String> FILES =
      List.of("core-site.xml", "hdfs-site.xml", "hbase-site.xml", "zoo.cfg", "log4j.properties");
  private static final Pattern VAR = Pattern.compile("\\{\\{\\s*([a-z_][a-z0-9_]*)\\s*}}");

  private final Path templatesDir;

  public ConfigRenderer(Path templatesDir) {
    this.templatesDir = templatesDir;
  }

  public static String render(String template, Map<String, String> vars) {
    Matcher m = VAR.matcher(template);
    StringBuilder out = new StringBuilder();
    TreeSet<String> missing = new TreeSet<>();
    while (m.find()) {
      String value = vars.get(m.group(1));
      if (value == null) {
        missing.add(m.group(1));
        value = "";
      }
      m.appendReplacement(out, Matcher.quoteReplacement(value));
    }
    m.appendTail(out);
    if (!missing.isEmpty()) {
      throw new NodeException("config template needs values for: " + String.join(", ", missing));
    }
    return out.toString();
  }

  /** The values for one instance of the local cluster; instance == null renders a client config. */
  public static Map<String, String> variables(LocalLayout l, Instance instance, ShortCircuit sc) {
    Map<String, String> v = new LinkedHashMap<>();
    v.put("bind_host", LocalLayout.HOST);
    v.put("namenode_host", LocalLayout.HOST);
    v.put("namenode_rpc_port", str(l.namenodeRpcPort()));
    v.put("namenode_http_port", str(l.namenodeHttpPort()));
    v.put("namenode_dir", l.namenodeDir().toString());
    v.put("safemode_extension_ms", "0");
    v.put("replication", str(l.replication()));
    // local profile: a stopped DataNode is dead after 2 x 5 s + 10 x 1 s = 20 s (default 10.5 min)
    v.put("heartbeat_interval_s", "1");
    v.put("heartbeat_recheck_ms", "5000");
    v.put("hadoop_tmp_dir", l.hadoopTmpDir().toString());
    v.put("hbase_tmp_dir", l.hbaseTmpDir().toString());
    v.put("zookeeper_quorum", LocalLayout.HOST);
    v.put("zookeeper_port", str(l.zookeeperPort()));
    v.put("zookeeper_dir", l.zookeeperDir().toString());
    v.put("master_port", str(l.masterPort()));
    v.put("master_http_port", str(l.masterHttpPort()));
    v.put("regionserver_count", str(l.regionServers()));
    v.put("short_circuit_enabled", Boolean.toString(sc.enabled()));
    v.put("domain_socket_path", sc.socketPath());

    // Per-instance values; other instances get the first one's, which they never read.
    int dn = instance != null && instance.role() == Role.DATANODE ? instance.index() : 1;
    int rs = instance != null && instance.role() == Role.REGIONSERVER ? instance.index() : 1;
    v.put("datanode_dir", l.datanodeDir(dn).toString());
    v.put("datanode_port", str(l.datanodePort(dn)));
    v.put("datanode_http_port", str(l.datanodeHttpPort(dn)));
    v.put("datanode_ipc_port", str(l.datanodeIpcPort(dn)));
    v.put("regionserver_port", str(l.regionserverPort(rs)));
    v.put("regionserver_http_port", str(l.regionserverHttpPort(rs)));
    return v;
  }

  /** Writes every template into {@code outDir}; files are replaced atomically. */
  public void renderAll(Path outDir, Map<String, String> vars) {
    try {
      Files.createDirectories(outDir);
      for (String file : FILES) {
        Path template = templatesDir.resolve(file);
        if (!Files.isRegularFile(template)) {
          throw new NodeException("config template missing: " + template);
        }
        String text = render(Files.readString(template), vars);
        Path tmp = outDir.resolve(file + ".tmp");
        Files.writeString(tmp, text);
        Files.move(tmp, outDir.resolve(file), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static String str(int i) {
    return Integer.toString(i);
  }
}
