package io.granary.provisioning.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.granary.provisioning.Scenarios;
import io.granary.provisioning.model.Mappers;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The rendered inventory through the roles' own templates (ansible/roles/granary/templates,
 * host-files.json.j2) in the pinned Ansible venv, on this machine only: what each role's config
 * directory gets. Skipped without the venv ({@code make deps} builds it).
 */
class RoleTemplatesTest {
  static final Path ANSIBLE = Path.of("../ansible").toAbsolutePath().normalize();
  static final Path VENV = Path.of("../var/ansible-venv").toAbsolutePath().normalize();

  @TempDir Path tmp;

  @Test
  void roleGroupValuesLandInThatRolesFilesOnly() throws Exception {
    Path playbook = VENV.resolve("bin/ansible-playbook");
    assumeTrue(Files.isExecutable(playbook), "no Ansible venv at " + VENV);
    assumeTrue(Files.isDirectory(ANSIBLE.resolve("roles/granary")), "no roles at " + ANSIBLE);

    // t1 runs ZooKeeper, NameNode, HMaster, DataNode, RegionServer; the spec's groups set the
    // RegionServers' handler count (cluster-wide 64), the DataNodes' and the ZooKeepers' values
    Path inventory = tmp.resolve("inventory");
    new InventoryRenderer().write(Scenarios.plan("user-overrides"), inventory);
    Path role = tmp.resolve("roles/render_check");
    Files.createDirectories(role.resolve("meta"));
    Files.createDirectories(role.resolve("tasks"));
    Files.writeString(role.resolve("meta/main.yml"), "---\ndependencies: [granary]\n");
    Files.writeString(
        role.resolve("tasks/main.yml"),
        """
        ---
        - name: Render this host's files
          ansible.builtin.copy:
            content: "{{ lookup('ansible.builtin.template', 'host-files.json.j2') }}"
            dest: "{{ render_out }}/{{ inventory_hostname }}.json"
            mode: "0644"
          delegate_to: localhost
        """);
    // the templates look up their siblings and files/ relative to the role using them
    Files.createSymbolicLink(role.resolve("templates"), ANSIBLE.resolve("roles/granary/templates"));
    Files.createSymbolicLink(role.resolve("files"), ANSIBLE.resolve("roles/granary/files"));
    Path play = tmp.resolve("play.yml");
    Files.writeString(
        play,
        "---\n- name: Render\n  hosts: all\n  gather_facts: false\n  roles: [render_check]\n");
    Path out = Files.createDirectories(tmp.resolve("out"));

    ProcessBuilder pb =
        new ProcessBuilder(
                playbook.toString(),
                "-i",
                inventory.resolve(InventoryRenderer.INVENTORY).toString(),
                play.toString(),
                "-e",
                "ansible_connection=local",
                "-e",
                "ansible_python_interpreter=" + VENV.resolve("bin/python"),
                "-e",
                "granary_service_manager=systemd",
                "-e",
                "render_out=" + out)
            .redirectErrorStream(true)
            .redirectOutput(tmp.resolve("ansible.log").toFile());
    Map<String, String> env = new HashMap<>(pb.environment());
    pb.environment().put("ANSIBLE_CONFIG", ANSIBLE.resolve("ansible.cfg").toString());
    pb.environment()
        .put("ANSIBLE_ROLES_PATH", tmp.resolve("roles") + ":" + ANSIBLE.resolve("roles"));
    pb.environment().put("ANSIBLE_LIBRARY", ANSIBLE.resolve("roles/granary/library").toString());
    pb.environment().put("ANSIBLE_HOME", tmp.resolve("ansible-home").toString());
    pb.environment().put("ANSIBLE_NOCOLOR", "1");
    pb.environment().put("PATH", VENV.resolve("bin") + ":" + env.getOrDefault("PATH", ""));
    Process p = pb.start();
    assertTrue(p.waitFor(180, TimeUnit.SECONDS), "ansible-playbook did not finish");
    String log = Files.readString(tmp.resolve("ansible.log"), StandardCharsets.UTF_8);
    assertEquals(0, p.exitValue(), log);

    Map<String, String> t1 = files(out.resolve("t1.json"));
    String rs = t1.get("/etc/granary/regionserver/hbase-site.xml");
    String master = t1.get("/etc/granary/master/hbase-site.xml");
    assertTrue(rs.contains(property("hbase.regionserver.handler.count", "96")), rs);
    assertTrue(rs.contains(property("hbase.hregion.memstore.flush.size", "268435456")), rs);
    assertTrue(master.contains(property("hbase.regionserver.handler.count", "64")), master);
    assertFalse(master.contains("hbase.hregion.memstore.flush.size"), master);
    // the RegionServer's other files and the other roles' files keep the cluster-wide values
    assertFalse(t1.get("/etc/granary/regionserver/hdfs-site.xml").contains("datanode.handler"));
    assertTrue(
        t1.get("/etc/granary/datanode/hdfs-site.xml")
            .contains(property("dfs.datanode.handler.count", "20")));
    assertFalse(t1.get("/etc/granary/namenode/hdfs-site.xml").contains("datanode.handler"));
    assertTrue(t1.get("/etc/granary/zookeeper/zoo.cfg").contains("\nmaxClientCnxns=1000\n"));
    for (String host : List.of("t2", "t3")) {
      assertTrue(
          files(out.resolve(host + ".json"))
              .get("/etc/granary/regionserver/hbase-site.xml")
              .contains(property("hbase.regionserver.handler.count", "96")),
          host);
    }
  }

  static Map<String, String> files(Path json) throws Exception {
    Map<String, String> m = new HashMap<>();
    for (JsonNode f : Mappers.JSON.readTree(json.toFile()).path("files")) {
      m.put(f.path("path").asText(), f.path("content").asText());
    }
    return m;
  }

  static String property(String name, String value) {
    return "<property><name>" + name + "</name><value>" + value + "</value></property>";
  }
}
