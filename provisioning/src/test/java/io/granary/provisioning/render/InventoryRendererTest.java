package io.granary.provisioning.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.granary.provisioning.Planner;
import io.granary.provisioning.model.Mappers;
import io.granary.provisioning.model.Plan;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class InventoryRendererTest {
  static Plan lab(int hosts) {
    StringBuilder spec = new StringBuilder("name: lab\nprofile: lab\nhosts:\n");
    for (int i = 1; i <= hosts; i++) {
      spec.append("  - {address: 10.77.0.1")
          .append(i)
          .append(", hostname: node")
          .append(i)
          .append(", cores: 2, ramGb: 3, dataDisks: [/data/1]}\n");
    }
    return new Planner().plan(spec.toString()).plan();
  }

  static JsonNode yaml(String text) throws Exception {
    return Mappers.YAML.readTree(text);
  }

  @Test
  void inventoryHasAGroupPerRoleAndConnectionVarsPerHost() throws Exception {
    Map<String, String> files = new InventoryRenderer().render(lab(3));
    assertEquals(
        List.of(
            "group_vars/all.yml",
            "host_vars/node1.yml",
            "host_vars/node2.yml",
            "host_vars/node3.yml",
            "hosts.yml"),
        List.copyOf(files.keySet()));
    JsonNode all = yaml(files.get("hosts.yml")).path("all");
    assertEquals("10.77.0.12", all.path("hosts").path("node2").path("ansible_host").asText());
    assertEquals("root", all.path("hosts").path("node2").path("ansible_user").asText());
    assertEquals(
        List.of("zookeeper", "namenode", "hbase_master", "datanode", "regionserver"),
        iterate(all.path("children").fieldNames()));
    assertEquals(
        List.of("node1"),
        iterate(all.path("children").path("namenode").path("hosts").fieldNames()));
    assertEquals(
        List.of("node1", "node2", "node3"),
        iterate(all.path("children").path("regionserver").path("hosts").fieldNames()));
  }

  @Test
  void configValuesAreStringsAndPortsAreNumbers() throws Exception {
    JsonNode g = yaml(new InventoryRenderer().render(lab(3)).get("group_vars/all.yml"));
    assertTrue(g.path("hdfs_site").path("dfs.replication").isTextual());
    assertEquals("3", g.path("hdfs_site").path("dfs.replication").asText());
    assertTrue(g.path("hbase_site").path("hbase.cluster.distributed").isTextual());
    assertTrue(g.path("hbase_regionserver_http_port").isInt());
    assertEquals(8020, g.path("hdfs_namenode_rpc_port").asInt());
    assertEquals("10.77.0.11:2181", g.path("zookeeper_quorum").asText());
    assertEquals(3, g.path("hdfs_datanode_count").asInt());
  }

  @Test
  void hostVarsCarryHeapsDirsAndTheZookeeperId() throws Exception {
    Map<String, String> files = new InventoryRenderer().render(lab(2));
    JsonNode n1 = yaml(files.get("host_vars/node1.yml"));
    JsonNode n2 = yaml(files.get("host_vars/node2.yml"));
    assertEquals(1, n1.path("zookeeper_myid").asInt());
    assertTrue(n2.path("zookeeper_myid").isMissingNode());
    assertEquals("1g", n2.path("jvm_heaps").path("regionserver").asText());
    assertEquals(
        "/data/1/hdfs/data", n2.path("hdfs_site_host").path("dfs.datanode.data.dir").asText());
    assertTrue(n1.path("granary_dirs").toString().contains("/data/1/hdfs/name"));
    assertTrue(n2.path("jvm_opts").path("regionserver").asText().startsWith("-XX:+UseG1GC"));
  }

  @Test
  void renderingIsDeterministic() {
    assertEquals(new InventoryRenderer().render(lab(3)), new InventoryRenderer().render(lab(3)));
  }

  @Test
  void writeReplacesHostVarsOfHostsThatAreGone(@TempDir Path dir) throws Exception {
    new InventoryRenderer().write(lab(3), dir);
    assertTrue(Files.exists(dir.resolve("host_vars/node3.yml")));
    new InventoryRenderer().write(lab(2), dir);
    assertFalse(Files.exists(dir.resolve("host_vars/node3.yml")));
    assertTrue(Files.readString(dir.resolve("hosts.yml")).startsWith("# Rendered by Granary"));
  }

  private static List<String> iterate(java.util.Iterator<String> it) {
    List<String> l = new java.util.ArrayList<>();
    it.forEachRemaining(l::add);
    return l;
  }
}
