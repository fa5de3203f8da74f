package io.granary.node.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.granary.node.NodeException;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class EcCoderCliTest {
  @Test
  void javaCoderEncodesAndRebuildsLostCells() throws Exception {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    EcCoderCli.run(EcCoderCli.parse(new String[] {"--coder", "java", "--cell", "65536", "--mb", "4"}),
        new PrintStream(bytes, true, StandardCharsets.UTF_8));
    String line = bytes.toString(StandardCharsets.UTF_8).trim();
    // run() compares the rebuilt cells with the originals and throws if they differ
    assertTrue(line.startsWith("{\"codec\":\"RS-3-2\",\"coder\":\"java\",\"encoder\":\"RSRawEncoder\""), line);
    assertTrue(line.matches(".*\"encodeMiBps\":[0-9.]+,\"decodeMiBps\":[0-9.]+,\"copyMiBps\":[0-9.]+}"), line);
  }

  static String run(String... args) throws Exception {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    EcCoderCli.run(EcCoderCli.parse(args), new PrintStream(bytes, true, StandardCharsets.UTF_8));
    return bytes.toString(StandardCharsets.UTF_8).trim();
  }

  @Test
  void theLegacyAndXorCodersRebuildTheirLostCellsToo() throws Exception {
    String legacy = run("--codec", "rs-legacy", "--coder", "java", "--data", "6", "--parity", "3", "--cell", "65536",
        "--mb", "3");
    assertTrue(legacy.startsWith("{\"codec\":\"RS-LEGACY-6-3\",\"coder\":\"java\",\"encoder\":\"RSLegacyRawEncoder\""),
        legacy);
    String xor = run("--codec", "xor", "--coder", "java", "--data", "2", "--cell", "65536", "--mb", "2");
    assertTrue(xor.startsWith("{\"codec\":\"XOR-2-1\",\"coder\":\"java\",\"encoder\":\"XORRawEncoder\""), xor);
  }

  @Test
  void threadsShareTheDataAndEachRebuildsItsOwnStripes() throws Exception {
    String line = run("--coder", "java", "--threads", "3", "--cell", "65536", "--mb", "6");
    // 6 MiB in 64 KiB cells of 3 data units: 32 stripes over 3 threads, all of it counted once
    assertTrue(line.contains("\"threads\":3,\"mib\":6,"), line);
  }

  @Test
  void badOptionsAreRefused() {
    EcCoderCli.Options o = EcCoderCli.parse(new String[0]);
    assertEquals(3, o.data());
    assertEquals("native", o.coder());
    NodeException coder = assertThrows(NodeException.class, () -> EcCoderCli.parse(new String[] {"--coder", "isal"}));
    assertTrue(coder.getMessage().contains("--coder is native or java"));
    assertThrows(NodeException.class, () -> EcCoderCli.parse(new String[] {"--parity", "0"}));
    assertEquals(1, EcCoderCli.parse(new String[] {"--codec", "xor"}).parity());
    NodeException xor = assertThrows(NodeException.class,
        () -> EcCoderCli.parse(new String[] {"--codec", "xor", "--parity", "2"}));
    assertTrue(xor.getMessage().contains("exactly one parity unit"), xor.getMessage());
    NodeException legacy = assertThrows(NodeException.class,
        () -> EcCoderCli.parse(new String[] {"--codec", "rs-legacy"}));
    assertTrue(legacy.getMessage().contains("only a Java coder"), legacy.getMessage());
    assertThrows(NodeException.class, () -> EcCoderCli.parse(new String[] {"--codec", "lrc"}));
    assertThrows(NodeException.class, () -> EcCoderCli.parse(new String[] {"--threads", "0"}));
  }
}
