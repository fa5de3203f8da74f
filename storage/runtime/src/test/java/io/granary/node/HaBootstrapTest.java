package io.granary.node;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetSocketAddress;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;

class HaBootstrapTest {
  @Test
  void journalNodesComeFromTheSharedEditsUri() {
    Configuration c = new Configuration(false);
    c.set("dfs.namenode.shared.edits.dir", "qjournal://h1:8485;h2:8486;h3:8487/ns");
    List<InetSocketAddress> j = HaBootstrap.journals(c);
    assertEquals(3, j.size());
    assertEquals("h2", j.get(1).getHostString());
    assertEquals(8487, j.get(2).getPort());
  }

  @Test
  void haOnlyWithANameserviceOfSeveralNameNodes() {
    Configuration c = new Configuration(false);
    assertFalse(HaBootstrap.isHa(c));
    c.set("dfs.nameservices", "ns");
    c.set("dfs.ha.namenodes.ns", "nn1");
    c.set("dfs.namenode.rpc-address.ns.nn1", "h1:8020");
    c.set("dfs.namenode.rpc-address.ns.nn2", "h2:8020");
    assertFalse(HaBootstrap.isHa(c));
    c.set("dfs.ha.namenodes.ns", "nn1,nn2");
    assertTrue(HaBootstrap.isHa(c));
  }
}
