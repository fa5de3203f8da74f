package io.granary.node;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The launcher's contract for operators: native detection and one clear line for bad input. */
class LauncherIT {
  @TempDir Path tmp;

  static long lines(String s) {
    return s.lines().filter(l -> !l.isBlank()).count();
  }

  @Test
  void nativeCheckLoadsLibhadoopAndIsaLWhereLibisalIsInstalled() throws Exception {
    Dist.Result r = Dist.run("native-check");
    assertTrue(r.stdout().matches("(?s).*hadoop:\\s+true .*libhadoop\\.so.*"), r.all());
    boolean isalInstalled = Files.exists(Path.of("/lib/x86_64-linux-gnu/libisal.so.2"))
        || Files.exists(Path.of("/usr/lib/x86_64-linux-gnu/libisal.so.2"));
    assertEquals(isalInstalled, r.stdout().matches("(?s).*ISA-L:\\s+true.*"), r.all());

    Dist.Result report = Dist.run("native-report");
    assertTrue(report.stdout().contains(isalInstalled ? "ISA-L native (NativeRSRawEncoder)" : "Java (RSRawEncoder)"),
        report.all());
    assertTrue(report.stdout().contains("XORRawEncoder") && !report.stdout().contains("NativeXORRawEncoder"),
        "XOR must use the Java coder: " + report.all());
  }

  @Test
  void withoutNativeLibrariesEverythingFallsBackToJavaCoders() throws Exception {
    Path home = Dist.home();
    Process p = new ProcessBuilder("java", "-Djava.library.path=" + tmp,
        "-Dlog4j.configuration=file:" + home.resolve("conf-templates/cli-log4j.properties"),
        "-cp", home.resolve("lib") + "/*", "io.granary.node.NativeSupport")
        .redirectErrorStream(true).start();
    assertTrue(p.waitFor(60, TimeUnit.SECONDS));
    String out = new String(p.getInputStream().readAllBytes());
    assertEquals(0, p.exitValue(), out);
    assertTrue(out.contains("Java (RSRawEncoder)"), out);
    assertTrue(out.contains("CRC32C (java.util.zip.CRC32C intrinsic)"), out);
  }

  @Test
  void unknownRoleIsOneLineAndExitCodeTwo() throws Exception {
    Dist.Result r = Dist.run("secondarynamenode");
    assertEquals(2, r.exitCode());
    assertEquals(1, lines(r.stderr()), r.stderr());
    assertTrue(r.stderr().contains("unknown role or command 'secondarynamenode'"), r.stderr());
  }

  @Test
  void aRoleWithoutConfigIsAUsageError() throws Exception {
    Dist.Result r = Dist.run("datanode");
    assertEquals(2, r.exitCode());
    assertTrue(r.stderr().contains("needs --conf DIR"), r.stderr());
  }

  @Test
  void aMissingJdkIsNamedWithTheFix() throws Exception {
    Dist.Result r = Dist.run(Map.of("JAVA_HOME", tmp.resolve("no-jdk").toString()), 30, "local", "status");
    assertEquals(1, r.exitCode());
    assertEquals(1, lines(r.stderr()), r.stderr());
    assertTrue(r.stderr().contains("has no bin/java"), r.stderr());
  }

  @Test
  void anOccupiedPortRefusesToStartAndLeavesNothingRunning() throws Exception {
    // below Linux's ephemeral range (32768+), where other clients' sockets could hold ports
    Path dir = tmp.resolve("cluster");
    try (ServerSocket squatter = new ServerSocket()) {
      squatter.bind(new InetSocketAddress("127.0.0.1", 31020));
      Dist.Result r = Dist.run(Map.of(), 120, "local", "up", "--dir", dir.toString(), "--port-base", "31000");
      assertEquals(1, r.exitCode(), r.all());
      assertEquals(1, lines(r.stderr()), r.stderr());
      assertTrue(r.stderr().contains("31020 (namenode rpc) already in use"), r.stderr());
    }
    List<Long> left = Dist.processesUsing(dir);
    Dist.killAll(left);
    assertEquals(List.of(), left);
  }

  @Test
  void dataFromAnIncompatibleVersionIsRefused() throws Exception {
    Path dir = tmp.resolve("old");
    Files.createDirectories(dir);
    Files.writeString(dir.resolve("cluster.properties"),
        "layout.version=0\nhbase.version=1.4.0\nhadoop.version=2.7.7\nport.base=31000\ndatanodes=5\nregionservers=2\n");
    Dist.Result r = Dist.run(Map.of(), 60, "local", "up", "--dir", dir.toString());
    assertEquals(1, r.exitCode());
    assertEquals(1, lines(r.stderr()), r.stderr());
    assertTrue(r.stderr().contains("written by HBase 1.4.0 / Hadoop 2.7.7"), r.stderr());
    assertEquals(List.of(), Dist.processesUsing(dir));
  }

  @Test
  void wipeNeedsAnExplicitYes() throws Exception {
    Path dir = tmp.resolve("c");
    Files.createDirectories(dir);
    Files.writeString(dir.resolve("cluster.properties"), "layout.version=1\nhbase.version=x\nhadoop.version=y\n"
        + "port.base=31000\ndatanodes=5\nregionservers=2\n");
    // data of another version must still be removable: the version error points here
    Dist.Result refused = Dist.run(Map.of(), 60, "local", "wipe", "--dir", dir.toString());
    assertEquals(2, refused.exitCode(), refused.all());
    assertTrue(refused.stderr().contains("re-run with --yes"), refused.stderr());
    assertTrue(Files.exists(dir.resolve("cluster.properties")));

    Dist.Result wiped = Dist.run(Map.of(), 60, "local", "wipe", "--dir", dir.toString(), "--yes");
    assertEquals(0, wiped.exitCode(), wiped.all());
    assertTrue(Files.notExists(dir));
  }
}
