package io.granary.provisioning.validate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class NamesTest {
  @Test
  void addressesAreUnicastIpv4OrDnsNames() {
    for (String ok : List.of("10.77.0.11", "127.0.0.1", "node1", "hb01.dc1.example.com", "a-b")) {
      assertTrue(Names.isAddress(ok), ok);
    }
    for (String bad :
        List.of(
            "",
            "10.0.0.300",
            "0.1.2.3",
            "224.0.0.1",
            "010.1.1.1",
            "-x",
            "a..b",
            "a_b",
            "::1",
            "10.0.0")) {
      assertFalse(Names.isAddress(bad), bad);
    }
  }

  @Test
  void kdcAddressesMayHaveAPort() {
    for (String ok : List.of("kdc1.corp", "kdc1.corp:88", "10.0.0.5:749", "kdc:65535")) {
      assertTrue(Names.isAddressWithPort(ok), ok);
    }
    for (String bad : List.of("kdc1.corp:", "kdc1.corp:0", "kdc:65536", ":88", "kdc:8a", "a:1:2")) {
      assertFalse(Names.isAddressWithPort(bad), bad);
    }
  }

    @Test
  void dataDisksAreAbsoluteCommaFreePaths() {
    assertTrue(Names.isAbsolutePath("/data/1"));
    assertEquals("/data/1", Names.normalizePath("/data/1//"));
    for (String bad : List.of("data/1", "/", "/a,b", "/a b", "/a/../b", "/a/./b")) {
      assertFalse(Names.isAbsolutePath(bad), bad);
    }
  }
}
