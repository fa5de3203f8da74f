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
    assertTrue(line.matches(".*\"encodeMiBps\":[0-9.]+,\"decodeMiBps\":[0-9.]+}"), line);
  }

  @Test
  void badOptionsAreRefused() {
    EcCoderCli.Options o = EcCoderCli.parse(new String[0]);
    assertEquals(3, o.data());
    assertEquals("native", o.coder());
    NodeException coder = assertThrows(NodeException.class, () -> EcCoderCli.parse(new String[] {"--coder", "isal"}));
    assertTrue(coder.getMessage().contains("--coder is native or java"));
    assertThrows(NodeException.class, () -> EcCoderCli.parse(new String[] {"--parity", "0"}));
  }
}
