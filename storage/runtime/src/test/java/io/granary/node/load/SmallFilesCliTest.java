package io.granary.node.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.granary.node.NodeException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SmallFilesCliTest {
  @Test
  void aNamenodeWithClientSettingsIsATarget() {
    SmallFilesCli.Options o = SmallFilesCli.parse(new String[] {"--namenode", "hdfs://ns1", "--conf",
        "dfs.nameservices=ns1", "--layout", "RS-3-2-1024k", "--sizes", "1048576, 7340032", "--files", "2"}, Map.of());
    assertEquals(List.of(1_048_576L, 7_340_032L), o.sizes());
    assertEquals("hdfs://ns1", o.target().configuration().get("fs.defaultFS"));
    assertEquals("ns1", o.target().configuration().get("dfs.nameservices"));
    assertEquals(2, o.files());
  }

  @Test
  void badSizesOrNoClusterAreRefusedWithUsage() {
    NodeException size = assertThrows(NodeException.class, () -> SmallFilesCli.parse(
        new String[] {"--namenode", "hdfs://h:1", "--layout", "replication", "--sizes", "1,x"}, Map.of()));
    assertTrue(size.getMessage().contains("byte counts"), size.getMessage());
    NodeException where = assertThrows(NodeException.class,
        () -> SmallFilesCli.parse(new String[] {"--layout", "replication", "--sizes", "1"}, Map.of()));
    assertTrue(where.getMessage().contains("--namenode URI"), where.getMessage());
    NodeException conf = assertThrows(NodeException.class, () -> SmallFilesCli.parse(
        new String[] {"--namenode", "hdfs://h:1", "--conf", "novalue", "--layout", "replication", "--sizes", "1"},
        Map.of()));
    assertTrue(conf.getMessage().contains("KEY=VALUE"), conf.getMessage());
    NodeException block = assertThrows(NodeException.class, () -> SmallFilesCli.parse(new String[] {"--namenode",
        "hdfs://h:1", "--layout", "replication", "--sizes", "1", "--block-size", "1500000"}, Map.of()));
    assertTrue(block.getMessage().contains("multiple of 1 MiB"), block.getMessage());
  }
}
