package io.granary.provisioning.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.granary.provisioning.Planner;
import io.granary.provisioning.Scenarios;
import io.granary.provisioning.config.Layout;
import io.granary.provisioning.model.ConfigFile;
import io.granary.provisioning.model.HostSpec;
import io.granary.provisioning.model.Mappers;
import io.granary.provisioning.model.Plan;
import io.granary.provisioning.model.Provenance;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class InventoryRendererTest {
  static Plan lab(int hosts) {
    return lab(hosts, "lab");
  }

  /** The lab's shape without HA (three-host-ha is the HA one). */
  static Plan lab(int hosts, String profile) {
    return plan(hosts, profile, false);
  }

  static Plan plan(int hosts, String profile, boolean ha) {
    StringBuilder spec =
        new StringBuilder("name: lab\nprofile: " + profile + "\nha: " + ha + "\nhosts:\n");
    for (int i = 1; i <= hosts; i++) {
      spec.append("  - {address: 10.77.0.1")
          .append(i)
          .append(", hostname: node")
          .append(i)
          .append(", cores: 2, ramGb: ")
          .append(profile.equals("lab") ? 3 : 16)
          .append(", dataDisks: [/data/1]}\n");
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
  void groupVarsCarryTunablesButNotWhatTheRolesCompute() throws Exception {
    JsonNode g = yaml(new InventoryRenderer().render(lab(3)).get("group_vars/all.yml"));
    assertEquals(
        List.of(
            "granary_advertise_address",
            "granary_cluster_name",
            "granary_core_site",
            "granary_ha",
            "granary_hbase_site",
            "granary_hdfs_site",
            "granary_ports",
            "granary_short_circuit_enabled",
            "granary_zoo_cfg"),
        iterate(g.fieldNames()));
    assertEquals("lab", g.path("granary_cluster_name").asText());
    assertFalse(g.path("granary_ha").asBoolean(true));
    // sizing rules and the lab profile's choices stay, as strings the templates write verbatim
    assertTrue(g.path("granary_hdfs_site").path("dfs.replication").isTextual());
    assertEquals("3", g.path("granary_hdfs_site").path("dfs.replication").asText());
    assertEquals("22", g.path("granary_hdfs_site").path("dfs.namenode.handler.count").asText());
    assertEquals("0", g.path("granary_hdfs_site").path("dfs.namenode.safemode.extension").asText());
    assertEquals("0.4", g.path("granary_hbase_site").path("hfile.block.cache.size").asText());
    assertEquals("300", g.path("granary_zoo_cfg").path("maxClientCnxns").asText());
    // structural values are the roles' (they derive them from the inventory)
    for (String[] owned :
        new String[][] {
          {"granary_core_site", "fs.defaultFS"},
          {"granary_core_site", "hadoop.tmp.dir"},
          {"granary_core_site", "net.topology.script.file.name"},
          {"granary_hdfs_site", "dfs.namenode.rpc-address"},
          {"granary_hdfs_site", "dfs.datanode.address"},
          {"granary_hdfs_site", "dfs.domain.socket.path"},
          {"granary_hdfs_site", "dfs.client.read.shortcircuit"},
          {"granary_hbase_site", "hbase.rootdir"},
          {"granary_hbase_site", "hbase.zookeeper.quorum"},
          {"granary_hbase_site", "hbase.master.port"},
          {"granary_hbase_site", "hbase.cluster.distributed"},
          {"granary_hbase_site", "dfs.domain.socket.path"},
          {"granary_zoo_cfg", "dataDir"},
          {"granary_zoo_cfg", "clientPort"},
          // the roles' own fixed choices, not sized or overridden here
          {"granary_zoo_cfg", "tickTime"},
          {"granary_hdfs_site", "dfs.checksum.type"},
        }) {
      assertTrue(g.path(owned[0]).path(owned[1]).isMissingNode(), owned[0] + " has " + owned[1]);
    }
    assertTrue(g.path("granary_short_circuit_enabled").isBoolean());
    assertTrue(g.path("granary_short_circuit_enabled").asBoolean());
    JsonNode ports = g.path("granary_ports");
    assertTrue(ports.path("regionserver_http").isInt());
    assertEquals(8020, ports.path("namenode_rpc").asInt());
    assertEquals(2181, ports.path("zookeeper").asInt());
    assertEquals(3888, ports.path("zookeeper_election").asInt());
  }

  @Test
  void roleGroupValuesGoToGranaryRoleConfigUnderTheRolesNamesAndFiles() throws Exception {
    String spec =
        """
        name: lab
        profile: lab
        ha: false
        roleOverrides:
          regionserver:
            hbase-site:
              hbase.regionserver.handler.count: 60
              hbase.hregion.memstore.flush.size: 256m
            hdfs-site: {dfs.replication: 2}
          hbase_master:
            hbase-site: {hbase.balancer.period: 60000}
          zookeeper:
            zoo.cfg: {maxClientCnxns: 500}
        hosts:
          - {address: 10.77.0.11, hostname: node1, cores: 2, ramGb: 3, dataDisks: [/data/1]}
          - {address: 10.77.0.12, hostname: node2, cores: 2, ramGb: 3, dataDisks: [/data/1]}
        """;
    Map<String, String> files = new InventoryRenderer().render(new Planner().plan(spec).plan());
    JsonNode g = yaml(files.get("group_vars/all.yml"));
    JsonNode rc = g.path(InventoryRenderer.ROLE_CONFIG);
    // the roles' names, as in granary_heaps, in role order; files as in the role's --conf dir
    assertEquals(List.of("zookeeper", "master", "regionserver"), iterate(rc.fieldNames()));
    assertEquals(
        List.of("hdfs-site.xml", "hbase-site.xml"), iterate(rc.path("regionserver").fieldNames()));
    JsonNode rsHbase = rc.path("regionserver").path("hbase-site.xml");
    assertEquals("60", rsHbase.path("hbase.regionserver.handler.count").asText());
    assertEquals("268435456", rsHbase.path("hbase.hregion.memstore.flush.size").asText());
    assertEquals(
        "2", rc.path("regionserver").path("hdfs-site.xml").path("dfs.replication").asText());
    assertEquals(
        "60000", rc.path("master").path("hbase-site.xml").path("hbase.balancer.period").asText());
    assertEquals("500", rc.path("zookeeper").path("zoo.cfg").path("maxClientCnxns").asText());
    // the cluster-wide maps and the hosts' own values stay as they were
    assertEquals("300", g.path("granary_zoo_cfg").path("maxClientCnxns").asText());
    assertTrue(g.path("granary_hbase_site").path("hbase.balancer.period").isMissingNode());
    assertEquals(
        "30",
        yaml(files.get("host_vars/node1.yml"))
            .path("granary_hbase_site")
            .path("hbase.regionserver.handler.count")
            .asText());
    // no role groups, no variable: the roles' default (none) stands
    assertTrue(
        yaml(new InventoryRenderer().render(lab(2)).get("group_vars/all.yml"))
            .path(InventoryRenderer.ROLE_CONFIG)
            .isMissingNode());
  }

  @Test
  void anEnsembleKeepsThePlansOrderSoTheRolesNumberItTheSame() throws Exception {
    Map<String, String> files = new InventoryRenderer().render(lab(5, "default"));
    JsonNode children = yaml(files.get("hosts.yml")).path("all").path("children");
    assertEquals(
        List.of("node1", "node2", "node3"),
        iterate(children.path("zookeeper").path("hosts").fieldNames()));
    JsonNode g = yaml(files.get("group_vars/all.yml"));
    assertTrue(g.path("granary_zoo_cfg").path("server.1").isMissingNode());
  }

  @Test
  void overriddenPortsBecomeGranaryPortsAndOverriddenStructureIsDropped() throws Exception {
    String spec =
        """
        name: ports
        profile: lab
        hosts:
          - {address: 10.9.0.1, hostname: a, cores: 2, ramGb: 4, dataDisks: [/d1]}
        overrides:
          hbase-site:
            hbase.master.port: 16001
            hbase.rootdir: hdfs://elsewhere:8020/hbase
          hdfs-site:
            dfs.datanode.address: 0.0.0.0:50010
            dfs.client.read.shortcircuit: false
            dfs.checksum.type: CRC32
          zoo.cfg:
            clientPort: 2182
            tickTime: 3000
        """;
    Plan plan = new Planner().plan(spec).plan();
    JsonNode g = yaml(new InventoryRenderer().render(plan).get("group_vars/all.yml"));
    assertEquals(16001, g.path("granary_ports").path("master").asInt());
    assertEquals(50010, g.path("granary_ports").path("datanode").asInt());
    assertEquals(2182, g.path("granary_ports").path("zookeeper").asInt());
    assertFalse(g.path("granary_short_circuit_enabled").asBoolean());
    assertTrue(g.path("granary_hbase_site").path("hbase.master.port").isMissingNode());
    assertTrue(g.path("granary_hbase_site").path("hbase.rootdir").isMissingNode());
    assertTrue(g.path("granary_hdfs_site").path("dfs.datanode.address").isMissingNode());
    assertEquals("CRC32", g.path("granary_hdfs_site").path("dfs.checksum.type").asText());
    assertEquals("3000", g.path("granary_zoo_cfg").path("tickTime").asText());
  }

  @Test
  void hostVarsUseTheRolesNamesAndCarryPerHostValuesInWholeMaps() throws Exception {
    Map<String, String> files = new InventoryRenderer().render(lab(2));
    JsonNode n1 = yaml(files.get("host_vars/node1.yml"));
    JsonNode n2 = yaml(files.get("host_vars/node2.yml"));
    assertEquals(
        List.of("zookeeper", "namenode", "master", "datanode", "regionserver"),
        iterate(n1.path("granary_heaps").fieldNames()));
    assertEquals(
        List.of("zookeeper", "namenode", "master", "datanode", "regionserver"),
        iterate(n1.path("granary_jvm_opts").fieldNames()));
    assertEquals(
        List.of("datanode", "regionserver"), iterate(n2.path("granary_heaps").fieldNames()));
    assertEquals("1g", n2.path("granary_heaps").path("regionserver").asText());
    assertTrue(
        n2.path("granary_jvm_opts").path("regionserver").asText().startsWith("-XX:+UseG1GC"));
    assertEquals("10.77.0.12", n2.path("granary_bind_address").asText());
    assertEquals(List.of("/data/1"), texts(n2.path("granary_data_dirs")));
    // the host's handler count, merged over the cluster-wide map it replaces
    JsonNode hbase = n2.path("granary_hbase_site");
    assertEquals("30", hbase.path("hbase.regionserver.handler.count").asText());
    assertEquals("0.4", hbase.path("hfile.block.cache.size").asText());
    assertTrue(hbase.path("hbase.unsafe.regionserver.hostname").isMissingNode());
    // directories and ZooKeeper ids are the roles'
    for (String gone :
        List.of(
            "granary_hdfs_site",
            "granary_zoo_cfg",
            "granary_core_site",
            "zookeeper_myid",
            "granary_dirs",
            "jvm_heaps")) {
      assertTrue(n1.path(gone).isMissingNode(), "node1 has " + gone);
    }
  }

  @Test
  void aHostWithoutDataDisksKeepsTheRolesDefaultDisk() throws Exception {
    String spec =
        """
        name: split
        profile: lab
        hosts:
          - {address: 10.9.0.1, hostname: m, cores: 2, ramGb: 4, roles: [hbase_master]}
          - {address: 10.9.0.2, hostname: w, cores: 2, ramGb: 4, dataDisks: [/d1, /d2],
             roles: [zookeeper, namenode, datanode, regionserver]}
        """;
    Plan plan = new Planner().plan(spec).plan();
    Map<String, String> files = new InventoryRenderer().render(plan);
    JsonNode m = yaml(files.get("host_vars/m.yml"));
    assertTrue(m.path("granary_data_dirs").isMissingNode());
    assertEquals(List.of("master"), iterate(m.path("granary_heaps").fieldNames()));
    assertTrue(m.path("granary_hbase_site").isMissingNode());
    JsonNode w = yaml(files.get("host_vars/w.yml"));
    assertEquals(List.of("/d1", "/d2"), texts(w.path("granary_data_dirs")));
  }

  @Test
  void scaleOutPutsTheNewHostsInTheirOwnGroupToo() throws Exception {
    Map<String, String> files = new InventoryRenderer().render(lab(4), Set.of("node4"));
    JsonNode children = yaml(files.get("hosts.yml")).path("all").path("children");
    assertEquals(
        List.of("zookeeper", "namenode", "hbase_master", "datanode", "regionserver", "scale_out"),
        iterate(children.fieldNames()));
    assertEquals(List.of("node4"), iterate(children.path("scale_out").path("hosts").fieldNames()));
    assertTrue(iterate(children.path("datanode").path("hosts").fieldNames()).contains("node4"));
    assertTrue(iterate(children.path("regionserver").path("hosts").fieldNames()).contains("node4"));
    // callers that track hosts by address may name them so
    JsonNode byAddress =
        yaml(
                new InventoryRenderer()
                    .render(
                        lab(4), Set.of("10.77.0.14"), Map.of("10.77.0.14", Path.of("/keys/n4")))
                    .get("hosts.yml"))
            .path("all");
    assertEquals(
        List.of("node4"),
        iterate(byAddress.path("children").path("scale_out").path("hosts").fieldNames()));
    assertEquals(
        "/keys/n4",
        byAddress.path("hosts").path("node4").path("ansible_ssh_private_key_file").asText());
    // an install has no scale_out group
    assertTrue(
        yaml(new InventoryRenderer().render(lab(4)).get("hosts.yml"))
            .path("all")
            .path("children")
            .path("scale_out")
            .isMissingNode());
  }

  @Test
  void scaleOutRefusesHostsItCannotStart() {
    InventoryRenderer r = new InventoryRenderer();
    assertThrows(IllegalArgumentException.class, () -> r.render(lab(3), Set.of("node9")));
    // node1 runs ZooKeeper, NameNode and HMaster: scale_out.yml starts none of them
    var e = assertThrows(IllegalArgumentException.class, () -> r.render(lab(3), Set.of("node1")));
    assertTrue(e.getMessage().contains("node1"), e.getMessage());
  }

  @Test
  void scaleInPutsTheLeavingHostsInTheirOwnGroupToo(@TempDir Path dir) throws Exception {
    Plan plan = Scenarios.plan("five-host-ha"); // ha04, ha05: DataNode + RegionServer only
    Map<String, String> files =
        new InventoryRenderer()
            .render(plan, Set.of(), Set.of("10.5.0.22", "ha04"), Map.of("ha05", Path.of("/k/5")));
    JsonNode all = yaml(files.get("hosts.yml")).path("all");
    JsonNode children = all.path("children");
    assertEquals(
        List.of(
            "zookeeper",
            "journalnode",
            "namenode",
            "zkfc",
            "hbase_master",
            "datanode",
            "regionserver",
            InventoryRenderer.SCALE_IN_GROUP),
        iterate(children.fieldNames()));
    // plan order, by inventory name, whatever name the caller used
    assertEquals(
        List.of("ha04", "ha05"), iterate(children.path("scale_in").path("hosts").fieldNames()));
    // they stay in their groups (and keep their host_vars) for the run that removes them
    assertTrue(iterate(children.path("datanode").path("hosts").fieldNames()).contains("ha05"));
    assertTrue(iterate(children.path("regionserver").path("hosts").fieldNames()).contains("ha05"));
    assertTrue(files.containsKey("host_vars/ha05.yml"));
    assertEquals(
        "/k/5", all.path("hosts").path("ha05").path("ansible_ssh_private_key_file").asText());

    // with a scale-out in the same inventory: scale_out, then scale_in
    Plan six =
        Scenarios.plan(
            "five-host-ha",
            s ->
                s
                    + "  - {address: 10.5.0.23, hostname: ha06, cores: 16, ramGb: 64,"
                    + " rack: /dc1/r1, dataDisks: [/data/1]}\n");
    new InventoryRenderer().write(six, dir, Set.of("ha06"), Set.of("ha05"), Map.of());
    JsonNode written =
        yaml(Files.readString(dir.resolve("hosts.yml"))).path("all").path("children");
    List<String> groups = iterate(written.fieldNames());
    assertEquals(
        List.of("scale_out", "scale_in"), groups.subList(groups.size() - 2, groups.size()));
    assertEquals(List.of("ha06"), iterate(written.path("scale_out").path("hosts").fieldNames()));
    assertEquals(List.of("ha05"), iterate(written.path("scale_in").path("hosts").fieldNames()));

    // the older overloads render no scale_in group
    assertTrue(
        yaml(new InventoryRenderer().render(plan, Set.of(), Map.of()).get("hosts.yml"))
            .path("all")
            .path("children")
            .path("scale_in")
            .isMissingNode());
  }

  @Test
  void scaleInRefusesHostsItCannotRemove() {
    InventoryRenderer r = new InventoryRenderer();
    Plan plan = Scenarios.plan("five-host-ha");
    assertThrows(
        IllegalArgumentException.class,
        () -> r.render(plan, Set.of(), Set.of("ha09"), Map.of()));
    // ha03 runs a ZooKeeper, a JournalNode and an HMaster
    var e =
        assertThrows(
            IllegalArgumentException.class,
            () -> r.render(plan, Set.of(), Set.of("ha03"), Map.of()));
    assertTrue(e.getMessage().startsWith("scale-in host ha03 runs"), e.getMessage());
    // a host cannot come and go in one run
    var both =
        assertThrows(
            IllegalArgumentException.class,
            () -> r.render(plan, Set.of("ha05"), Set.of("10.5.0.22"), Map.of()));
    assertTrue(both.getMessage().contains("ha05"), both.getMessage());
    // a DataNode-only host may leave
    Plan dataOnly =
        Scenarios.plan(
            "explicit-roles",
            s -> s.replace("hostname: worker2,", "hostname: worker2, roles: [datanode],"));
    r.render(dataOnly, Set.of(), Set.of("worker2"), Map.of());
  }

  @Test
  void theDecommissionFilesAreInHdfsSiteForTheRoles() throws Exception {
    Plan plan = lab(3);
    var hdfs = plan.config().get(ConfigFile.HDFS_SITE);
    assertEquals(Layout.DFS_INCLUDE, hdfs.get("dfs.hosts").value());
    assertEquals(Layout.DFS_EXCLUDE, hdfs.get("dfs.hosts.exclude").value());
    assertEquals(Provenance.DEFAULT, hdfs.get("dfs.hosts").source());
    assertEquals(Provenance.DEFAULT, hdfs.get("dfs.hosts.exclude").source());
    JsonNode site =
        yaml(new InventoryRenderer().render(plan).get("group_vars/all.yml"))
            .path("granary_hdfs_site");
    assertEquals("/etc/granary/dfs.include", site.path("dfs.hosts").asText());
    assertEquals("/etc/granary/dfs.exclude", site.path("dfs.hosts.exclude").asText());
  }

  @Test
  void keyFilesAndANonRootUserBecomeConnectionVariables() throws Exception {
    Plan plan =
        new Planner()
            .plan(
                """
                name: keys
                profile: lab
                sshUser: deploy
                hosts:
                  - {address: 10.9.0.1, hostname: a, cores: 2, ramGb: 4, dataDisks: [/d1]}
                  - {address: 10.9.0.2, hostname: b, cores: 2, ramGb: 4, dataDisks: [/d1]}
                """)
            .plan();
    Map<String, String> files =
        new InventoryRenderer().render(plan, Set.of(), Map.of("a", Path.of("/keys/a_ed25519")));
    JsonNode hosts = yaml(files.get("hosts.yml")).path("all").path("hosts");
    assertEquals("/keys/a_ed25519", hosts.path("a").path("ansible_ssh_private_key_file").asText());
    assertTrue(hosts.path("b").path("ansible_ssh_private_key_file").isMissingNode());
    assertEquals("deploy", hosts.path("b").path("ansible_user").asText());
    assertTrue(hosts.path("b").path("ansible_become").asBoolean());
    assertTrue(
        yaml(new InventoryRenderer().render(lab(1)).get("hosts.yml"))
            .path("all")
            .path("hosts")
            .path("node1")
            .path("ansible_become")
            .isMissingNode());
    InventoryRenderer r = new InventoryRenderer();
    assertThrows(
        IllegalArgumentException.class,
        () -> r.render(plan, Set.of(), Map.of("a", Path.of("relative/key"))));
    assertThrows(
        IllegalArgumentException.class,
        () -> r.render(plan, Set.of(), Map.of("zz", Path.of("/keys/zz"))));
  }

  /**
   * The roles' computed defaults (ansible/roles/granary/defaults/main.yml, read-only here): every
   * key they set is classified, so a plan value never silently fights a role-computed one, and the
   * heap / port names are the ones the roles merge over.
   */
  @Test
  void everyKeyTheRolesComputeIsClassified() throws Exception {
    Path defaults = Path.of("../ansible/roles/granary/defaults/main.yml");
    assumeTrue(Files.exists(defaults), "no " + defaults + " next to provisioning/");
    JsonNode d = Mappers.YAML.readTree(Files.readString(defaults));
    Map<ConfigFile, String> maps =
        Map.of(
            ConfigFile.CORE_SITE, "__granary_core_site_defaults",
            ConfigFile.HDFS_SITE, "__granary_hdfs_site_defaults",
            ConfigFile.HBASE_SITE, "__granary_hbase_site_defaults",
            ConfigFile.ZOO_CFG, "__granary_zoo_cfg_defaults");
    for (var e : maps.entrySet()) {
      JsonNode map = d.path(e.getValue());
      assertTrue(map.isObject(), e.getValue() + " is gone from " + defaults);
      for (String key : iterate(map.fieldNames())) {
        assertTrue(
            InventoryRenderer.isRoleOwned(e.getKey(), key)
                || InventoryRenderer.isRoleDefault(e.getKey(), key),
            e.getValue() + "." + key + " is neither role-owned nor a role default in the renderer");
      }
    }
    assertEquals(
        Set.copyOf(iterate(d.path("__granary_heap_defaults").fieldNames())),
        Set.copyOf(InventoryRenderer.LAUNCHER_ROLE.values()));
    // every port the roles know is in a managed-KDC inventory
    Map<String, Integer> ports = InventoryRenderer.ports(kerberized(KERBEROS));
    assertEquals(
        iterate(d.path("__granary_port_defaults").fieldNames()), List.copyOf(ports.keySet()));
    // without Kerberos the same, less the KDC's and the HDFS HTTPS ones
    ports.keySet().removeIf(k -> k.equals("kdc") || k.endsWith("_https"));
    assertEquals(ports, InventoryRenderer.ports(lab(1)));
    for (var e : InventoryRenderer.ports(kerberized(KERBEROS)).entrySet()) {
      assertEquals(
          d.path("__granary_port_defaults").path(e.getKey()).asInt(),
          e.getValue(),
          "port " + e.getKey());
    }
  }

  /**
   * The plan shows the paths the roles install: same data disk default, directory names under a
   * disk, run dir and rack script (the roles' Jinja is compared with the disk left symbolic).
   */
  @Test
  void thePlansLayoutIsTheRoles() throws Exception {
    Path defaults = Path.of("../ansible/roles/granary/defaults/main.yml");
    assumeTrue(Files.exists(defaults), "no " + defaults + " next to provisioning/");
    JsonNode d = Mappers.YAML.readTree(Files.readString(defaults));
    String disk = "{{ __granary_data_dir }}";
    String tmp = d.path("__granary_tmp_dir").asText();
    java.util.function.UnaryOperator<String> expand =
        v ->
            v.replace("{{ __granary_tmp_dir }}", tmp)
                .replace("{{ granary_conf_dir }}", d.path("granary_conf_dir").asText());
    assertEquals(Layout.DEFAULT_DATA_DIR, d.path("granary_data_dirs").get(0).asText());
    assertEquals(Layout.RUN_DIR, d.path("granary_run_dir").asText());
    assertEquals(Layout.namenodeDir(disk), d.path("__granary_namenode_dir").asText());
    assertEquals(Layout.zookeeperDir(disk), d.path("__granary_zookeeper_dir").asText());
    assertEquals(Layout.journalnodeDir(disk), d.path("__granary_journalnode_dir").asText());
    assertTrue(
        d.path("__granary_datanode_dirs").asText().contains("'$', '" + Layout.datanodeDir("") + "'"),
        d.path("__granary_datanode_dirs").asText());
    JsonNode core = d.path("__granary_core_site_defaults");
    assertEquals(Layout.hadoopTmpDir(disk), expand.apply(core.path("hadoop.tmp.dir").asText()));
    assertEquals(
        Layout.TOPOLOGY_SCRIPT, expand.apply(core.path("net.topology.script.file.name").asText()));
    assertEquals(
        Layout.hbaseTmpDir(disk),
        expand.apply(d.path("__granary_hbase_site_defaults").path("hbase.tmp.dir").asText()));
    assertEquals(
        HostSpec.DEFAULT_RACK, d.path("granary_rack").asText(), "the roles' default rack");
  }

  @Test
  void racksAndErasureCodingPoliciesBecomeTheRolesVariables() throws Exception {
    String spec =
        """
        name: racks
        profile: lab
        erasureCoding: {policies: [XOR-2-1]}
        hosts:
          - {address: 10.9.0.1, hostname: a, cores: 2, ramGb: 4, dataDisks: [/d1], rack: /r1}
          - {address: 10.9.0.2, hostname: b, cores: 2, ramGb: 4, dataDisks: [/d1], rack: /r1}
          - {address: 10.9.0.3, hostname: c, cores: 2, ramGb: 4, dataDisks: [/d1], rack: /r2}
        """;
    Map<String, String> files = new InventoryRenderer().render(new Planner().plan(spec).plan());
    JsonNode g = yaml(files.get("group_vars/all.yml"));
    assertEquals(List.of("XOR-2-1-1024k"), texts(g.path("granary_ec_policies")));
    assertTrue(g.path("granary_core_site").path("net.topology.script.file.name").isMissingNode());
    assertEquals("/r1", yaml(files.get("host_vars/a.yml")).path("granary_rack").asText());
    assertEquals("/r2", yaml(files.get("host_vars/c.yml")).path("granary_rack").asText());
    // no racks, no policies: the roles' defaults stand
    Map<String, String> plain = new InventoryRenderer().render(lab(2));
    assertTrue(yaml(plain.get("group_vars/all.yml")).path("granary_ec_policies").isMissingNode());
    assertTrue(yaml(plain.get("host_vars/node1.yml")).path("granary_rack").isMissingNode());
  }

  @Test
  void haAddsItsGroupsInPlanOrderAndLeavesTheNameservicesStructureToTheRoles() throws Exception {
    Map<String, String> files = new InventoryRenderer().render(plan(3, "default", true));
    JsonNode children = yaml(files.get("hosts.yml")).path("all").path("children");
    assertEquals(
        List.of(
            "zookeeper",
            "journalnode",
            "namenode",
            "zkfc",
            "hbase_master",
            "datanode",
            "regionserver"),
        iterate(children.fieldNames()));
    // the roles number the NameNodes nn1, nn2 in group order, as the plan does
    assertEquals(
        List.of("node1", "node2"), iterate(children.path("namenode").path("hosts").fieldNames()));
    assertEquals(
        List.of("node1", "node2", "node3"),
        iterate(children.path("journalnode").path("hosts").fieldNames()));
    assertEquals(
        List.of("node1", "node2"), iterate(children.path("zkfc").path("hosts").fieldNames()));
    assertEquals(
        List.of("node2", "node3"),
        iterate(children.path("hbase_master").path("hosts").fieldNames()));
    JsonNode g = yaml(files.get("group_vars/all.yml"));
    assertTrue(g.path("granary_ha").asBoolean());
    assertEquals("lab", g.path("granary_nameservice").asText());
    JsonNode hdfs = g.path("granary_hdfs_site");
    for (String owned :
        List.of(
            "dfs.nameservices",
            "dfs.ha.namenodes.lab",
            "dfs.namenode.rpc-address.lab.nn1",
            "dfs.namenode.http-address.lab.nn2",
            "dfs.namenode.shared.edits.dir",
            "dfs.ha.zkfc.port")) {
      assertTrue(hdfs.path(owned).isMissingNode(), "granary_hdfs_site has " + owned);
    }
    assertTrue(g.path("granary_core_site").path("ha.zookeeper.quorum").isMissingNode());
    assertTrue(g.path("granary_core_site").path("fs.defaultFS").isMissingNode());
    assertEquals("shell(/bin/true)", hdfs.path("dfs.ha.fencing.methods").asText());
    assertEquals("true", hdfs.path("dfs.ha.automatic-failover.enabled").asText());
    assertEquals(
        "org.apache.hadoop.hdfs.server.namenode.ha.ConfiguredFailoverProxyProvider",
        hdfs.path("dfs.client.failover.proxy.provider.lab").asText());
    assertEquals(
        "10000", g.path("granary_core_site").path("ha.zookeeper.session-timeout.ms").asText());
    JsonNode node3 = yaml(files.get("host_vars/node3.yml"));
    assertEquals(
        List.of("zookeeper", "journalnode", "master", "datanode", "regionserver"),
        iterate(node3.path("granary_heaps").fieldNames()));
    assertTrue(node3.path("granary_hdfs_site").isMissingNode()); // journalnode keys: the roles'
    JsonNode node1 = yaml(files.get("host_vars/node1.yml"));
    assertEquals("256m", node1.path("granary_heaps").path("zkfc").asText());
  }

  @Test
  void overriddenHaPortsBecomeGranaryPorts() throws Exception {
    String spec =
        """
        name: ports
        hosts:
          - {address: 10.9.0.1, hostname: a, cores: 2, ramGb: 16, dataDisks: [/d1]}
          - {address: 10.9.0.2, hostname: b, cores: 2, ramGb: 16, dataDisks: [/d1]}
          - {address: 10.9.0.3, hostname: c, cores: 2, ramGb: 16, dataDisks: [/d1]}
        overrides:
          hdfs-site:
            dfs.journalnode.rpc-address: 0.0.0.0:18485
            dfs.ha.zkfc.port: 18019
            dfs.namenode.rpc-address.ports.nn1: 10.9.0.1:18020
        """;
    Plan plan = new Planner().plan(spec).plan();
    Map<String, Integer> ports = InventoryRenderer.ports(plan);
    assertEquals(18485, ports.get("journalnode_rpc"));
    assertEquals(8480, ports.get("journalnode_http"));
    assertEquals(18019, ports.get("zkfc"));
    assertEquals(18020, ports.get("namenode_rpc"));
    JsonNode g = yaml(new InventoryRenderer().render(plan).get("group_vars/all.yml"));
    assertTrue(g.path("granary_hdfs_site").path("dfs.ha.zkfc.port").isMissingNode());
    assertTrue(g.path("granary_hdfs_site").path("dfs.journalnode.rpc-address").isMissingNode());
  }

  static final String KERBEROS =
      """
      security:
        kerberos:
          realm: GRANARY.TEST
          kdc: {managed: {host: node2}}
      """;

  /** The lab's 3 hosts (as {@code lab(3)}) and {@code security}, the security section's YAML. */
  static Plan kerberized(String security) {
    StringBuilder spec = new StringBuilder("name: lab\nprofile: lab\nha: false\nhosts:\n");
    for (int i = 1; i <= 3; i++) {
      spec.append("  - {address: 10.77.0.1" + i + ", hostname: node" + i)
          .append(", cores: 2, ramGb: 3, dataDisks: [/data/1]}\n");
    }
    return Scenarios.planOf(spec + security);
  }

  @Test
  void aManagedKdcGetsGroupKdcAndTheKerberosVariables() throws Exception {
    Map<String, String> files = new InventoryRenderer().render(kerberized(KERBEROS));
    JsonNode children = yaml(files.get("hosts.yml")).path("all").path("children");
    assertEquals(
        List.of("zookeeper", "namenode", "hbase_master", "datanode", "regionserver", "kdc"),
        iterate(children.fieldNames()));
    assertEquals(List.of("node2"), iterate(children.path("kdc").path("hosts").fieldNames()));
    JsonNode g = yaml(files.get("group_vars/all.yml"));
    assertEquals(
        List.of(
            "granary_kerberos_admin_principal",
            "granary_kerberos_admin_server",
            "granary_kerberos_cp_principal",
            "granary_kerberos_data_transfer_protection",
            "granary_kerberos_enabled",
            "granary_kerberos_kdc_managed",
            "granary_kerberos_kdcs",
            "granary_kerberos_realm",
            "granary_kerberos_rpc_protection"),
        iterate(g.fieldNames()).stream().filter(k -> k.startsWith("granary_kerberos_")).toList());
    assertTrue(g.path("granary_kerberos_enabled").isBoolean());
    assertTrue(g.path("granary_kerberos_enabled").asBoolean());
    assertEquals("GRANARY.TEST", g.path("granary_kerberos_realm").asText());
    assertTrue(g.path("granary_kerberos_kdc_managed").asBoolean());
    assertTrue(g.path("granary_kerberos_kdcs").isArray());
    assertEquals(0, g.path("granary_kerberos_kdcs").size());
    assertEquals("", g.path("granary_kerberos_admin_server").textValue());
    assertEquals("", g.path("granary_kerberos_admin_principal").textValue());
    assertEquals("granary-cp/lab", g.path("granary_kerberos_cp_principal").asText());
    assertEquals("authentication", g.path("granary_kerberos_rpc_protection").asText());
    assertEquals("authentication", g.path("granary_kerberos_data_transfer_protection").asText());
    assertEquals(88, g.path("granary_ports").path("kdc").asInt());
    assertEquals(9871, g.path("granary_ports").path("namenode_https").asInt());
    // the rest of the inventory is the one without Kerberos
    Map<String, String> plain = new InventoryRenderer().render(lab(3));
    assertEquals(plain.get("host_vars/node2.yml"), files.get("host_vars/node2.yml"));
  }

  @Test
  void anExistingKdcHasNoGroupAndItsSettingsAsGiven() throws Exception {
    Map<String, String> files =
        new InventoryRenderer()
            .render(
                kerberized(
                    """
                    security:
                      kerberos:
                        realm: CORP.EXAMPLE
                        kdc:
                          existing:
                            kdcs: [kdc1.corp.example:88, kdc2.corp.example]
                            adminServer: kdc1.corp.example:749
                            adminPrincipal: granary/admin@CORP.EXAMPLE
                        rpcProtection: privacy
                        dataTransferProtection: integrity
                    """));
    JsonNode children = yaml(files.get("hosts.yml")).path("all").path("children");
    assertTrue(children.path("kdc").isMissingNode());
    JsonNode g = yaml(files.get("group_vars/all.yml"));
    assertTrue(g.path("granary_ports").path("kdc").isMissingNode());
    assertEquals(9865, g.path("granary_ports").path("datanode_https").asInt());
    assertFalse(g.path("granary_kerberos_kdc_managed").asBoolean(true));
    assertEquals(
        List.of("kdc1.corp.example:88", "kdc2.corp.example"),
        texts(g.path("granary_kerberos_kdcs")));
    assertEquals("kdc1.corp.example:749", g.path("granary_kerberos_admin_server").asText());
    assertEquals(
        "granary/admin@CORP.EXAMPLE", g.path("granary_kerberos_admin_principal").asText());
    assertEquals("privacy", g.path("granary_kerberos_rpc_protection").asText());
    assertEquals("integrity", g.path("granary_kerberos_data_transfer_protection").asText());
  }

  @Test
  void aSpecWithoutKerberosRendersAsBefore() throws Exception {
    Map<String, String> files = new InventoryRenderer().render(lab(3));
    assertFalse(files.get("group_vars/all.yml").contains("kerberos"));
    JsonNode children = yaml(files.get("hosts.yml")).path("all").path("children");
    assertTrue(children.path("kdc").isMissingNode());
    // an empty security section is no Kerberos either
    assertEquals(files, new InventoryRenderer().render(kerberized("security: {}\n")));
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

  private static List<String> texts(JsonNode array) {
    List<String> l = new java.util.ArrayList<>();
    array.forEach(n -> l.add(n.asText()));
    return l;
  }

  private static List<String> iterate(java.util.Iterator<String> it) {
    List<String> l = new java.util.ArrayList<>();
    it.forEachRemaining(l::add);
    return l;
  }
}
