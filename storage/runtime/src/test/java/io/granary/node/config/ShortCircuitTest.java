package io.granary.node.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class ShortCircuitTest {
  @Test
  void onWithOneSocketPatternForAllDataNodes() {
    ShortCircuit sc = ShortCircuit.decide(Path.of("/srv/c/run"), true, null, dir -> null);
    assertTrue(sc.enabled());
    assertEquals("/srv/c/run/dn._PORT", sc.socketPath());
  }

  @Test
  void offWhenNativeDomainSocketsDoNotLoad() {
    ShortCircuit sc = ShortCircuit.decide(Path.of("/srv/c/run"), false, "libhadoop missing", dir -> null);
    assertFalse(sc.enabled());
    assertEquals("", sc.socketPath());
    assertTrue(sc.reason().contains("libhadoop missing"));
  }

  @Test
  void offWhenTheSocketPathWouldNotFitSunPath() {
    Path deep = Path.of("/" + "d".repeat(120));
    assertFalse(ShortCircuit.decide(deep, true, null, dir -> null).enabled());
  }

  @Test
  void offWhenAParentDirectoryIsNotProtected() {
    ShortCircuit sc = ShortCircuit.decide(Path.of("/tmp/c/run"), true, null, dir -> "'/tmp' is world-writable");
    assertFalse(sc.enabled());
    assertTrue(sc.reason().contains("world-writable"));
  }
}
