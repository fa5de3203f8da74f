package io.granary.node.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.granary.node.Role;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.DFSUtilClient;
import org.apache.hadoop.hdfs.HAUtil;
import org.apache.zookeeper.server.quorum.QuorumPeerConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The HA shape of the local cluster, and its rendered configuration as HDFS and ZooKeeper read it. */
class HaLayoutTest {
  static final Path TEMPLATES = Path.of("src/main/distribution/conf-templates");
  static final ShortCircuit OFF = new ShortCircuit(false, "", "off");
  static final String NS = LocalLayout.NAMESERVICE;

  @TempDir Path tmp;

  LocalLayout layout() {
    return new LocalLayout(tmp.resolve("c"), 23000, 3, 2, true);
  }

  Instance instance(String name) {
    return layout().instances().stream().filter(i -> i.name().equals(name)).findFirst().orElseThrow();
  }

  Configuration hadoopConf(String instanceName) {
    Path out = tmp.resolve("conf-" + instanceName);
    Instance i = instanceName.equals("client") ? null : instance(instanceName);
    new ConfigRenderer(TEMPLATES).renderAll(out, ConfigRenderer.variables(layout(), i, OFF));
    Configuration conf = new Configuration(false);
    for (String f : List.of("core-site.xml", "hdfs-site.xml", "hbase-site.xml")) {
      conf.addResource(new org.apache.hadoop.fs.Path(out.resolve(f).toUri()));
    }
    return conf;
  }

  @Test
  void haShapeHasQuorumsPairsAndUniquePortsInsideTheBlock() {
    List<Instance> all = new LocalLayout(tmp, 30000, 9, 9, true).instances();
    assertEquals(3, all.stream().filter(i -> i.role() == Role.ZOOKEEPER).count());
    assertEquals(3, all.stream().filter(i -> i.role() == Role.JOURNALNODE).count());
    assertEquals(2, all.stream().filter(i -> i.role() == Role.NAMENODE).count());
    assertEquals(2, all.stream().filter(i -> i.role() == Role.ZKFC).count());
    assertEquals(2, all.stream().filter(i -> i.role() == Role.MASTER).count());
    Set<Integer> seen = new HashSet<>();
    for (Instance i : all) {
      for (int p : i.ports().values()) {
        assertTrue(seen.add(p), "duplicate port " + p + " (" + i.name() + ")");
        assertTrue(p > 30000 && p < 31000, "port " + p + " outside the block");
      }
    }
  }

  @Test
  void nonHaKeepsItsNamesAndPorts() {
    LocalLayout l = new LocalLayout(tmp, 19000, 5, 2);
    assertEquals(List.of("zookeeper", "namenode", "datanode1"), l.instances().stream().limit(3).map(Instance::name).toList());
    assertEquals("hdfs://127.0.0.1:19020", l.namenodeUri());
    assertEquals(19600, l.masterPort());
    assertEquals(19610, l.masterHttpPort());
    assertEquals("127.0.0.1:19181", l.zookeeperQuorum());
  }

  @Test
  void clientsSeeOneNameserviceOfTwoNameNodesAndFailOverBetweenThem() {
    Configuration conf = hadoopConf("client");
    assertEquals("hdfs://" + NS, conf.get("fs.defaultFS"));
    assertTrue(HAUtil.isHAEnabled(conf, NS));
    assertEquals(List.of("nn1", "nn2"), List.copyOf(DFSUtilClient.getNameNodeIds(conf, NS)));
    assertEquals("127.0.0.1:23021", conf.get("dfs.namenode.rpc-address." + NS + ".nn2"));
    assertTrue(org.apache.hadoop.hdfs.HAUtilClient.isClientFailoverConfigured(conf, java.net.URI.create("hdfs://" + NS)));
    assertEquals("hdfs://" + NS + "/hbase", conf.get("hbase.rootdir"));
    assertEquals("127.0.0.1:23181,127.0.0.1:23182,127.0.0.1:23183", conf.get("hbase.zookeeper.quorum"));
    assertEquals("127.0.0.1:23181,127.0.0.1:23182,127.0.0.1:23183", conf.get("ha.zookeeper.quorum"));
    assertEquals(23042, new org.apache.hadoop.hdfs.tools.NNHAServiceTarget(conf, NS, "nn2").getZKFCAddress().getPort());
    // a client is no NameNode: it must not claim an id
    assertNull(conf.get("dfs.ha.namenode.id"));
  }

  @Test
  void eachNameNodeAndItsZkfcKnowWhichMemberTheyAre() {
    assertEquals("nn2", HAUtil.getNameNodeId(hadoopConf("namenode2"), NS));
    assertEquals("nn2", HAUtil.getNameNodeId(hadoopConf("zkfc2"), NS));
    assertEquals("23042", hadoopConf("zkfc2").get("dfs.ha.zkfc.port"));
    Configuration nn1 = hadoopConf("namenode1");
    assertEquals("nn1", HAUtil.getNameNodeId(nn1, NS));
    assertEquals("file://" + tmp.resolve("c/data/namenode1"), nn1.get("dfs.namenode.name.dir"));
    assertEquals("qjournal://127.0.0.1:23460;127.0.0.1:23470;127.0.0.1:23480/" + NS,
        nn1.get("dfs.namenode.shared.edits.dir"));
    assertEquals("shell(/bin/true)", nn1.get("dfs.ha.fencing.methods"));
    assertTrue(nn1.getBoolean("dfs.ha.automatic-failover.enabled", false));
    assertEquals(tmp.resolve("c/data/journalnode3").toString(), hadoopConf("journalnode3").get("dfs.journalnode.edits.dir"));
    assertEquals("127.0.0.1:23480", hadoopConf("journalnode3").get("dfs.journalnode.rpc-address"));
  }

  @Test
  void hbaseNoticesADeadMasterWithinTenSecondsOnlyUnderHa() {
    assertEquals("10000", hadoopConf("master2").get("zookeeper.session.timeout"));
    assertEquals("23602", hadoopConf("master2").get("hbase.master.port"));
    assertEquals("23612", hadoopConf("master2").get("hbase.master.info.port"));
  }

  @Test
  void zookeeperReadsItsQuorumMembership() throws Exception {
    LocalLayout l = layout();
    Path out = tmp.resolve("conf-zk2");
    new ConfigRenderer(TEMPLATES).renderAll(out, ConfigRenderer.variables(l, instance("zookeeper2"), OFF));
    Files.createDirectories(l.zookeeperDir(2));
    Files.writeString(l.zookeeperDir(2).resolve("myid"), "2\n");
    QuorumPeerConfig q = new QuorumPeerConfig();
    q.parse(out.resolve("zoo.cfg").toString());
    assertEquals(2, q.getServerId());
    assertEquals(3, q.getQuorumVerifier().getVotingMembers().size());
    assertEquals(23182, q.getClientPortAddress().getPort());
    assertFalse(q.isStandaloneEnabled() && q.getQuorumVerifier().getVotingMembers().size() < 2);
  }
}
