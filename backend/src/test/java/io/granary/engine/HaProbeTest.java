package io.granary.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.granary.engine.ClusterSnapshot.MasterState;
import io.granary.engine.ClusterSnapshot.NameNodeState;
import io.granary.engine.ClusterSnapshot.ZooKeeperMode;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class HaProbeTest {
  @Test
  void eachMemberSaysWhatItIsAndSilenceIsDown() {
    assertThat(HaProbe.namenodeState("{\"beans\":[{\"State\" : \"active\",\"HostAndPort\":\"h:1\"}]}"))
        .isEqualTo(NameNodeState.ACTIVE);
    assertThat(HaProbe.namenodeState("{\"beans\":[{\"State\" : \"standby\"}]}")).isEqualTo(NameNodeState.STANDBY);
    assertThat(HaProbe.namenodeState("{\"beans\":[]}")).isEqualTo(NameNodeState.DOWN);
    assertThat(HaProbe.namenodeState(null)).isEqualTo(NameNodeState.DOWN);
    assertThat(HaProbe.masterState("{\"tag.isActiveMaster\": \"true\"}")).isEqualTo(MasterState.ACTIVE);
    assertThat(HaProbe.masterState("{\"tag.isActiveMaster\": \"false\"}")).isEqualTo(MasterState.BACKUP);
    assertThat(HaProbe.masterState(null)).isEqualTo(MasterState.DOWN);
    assertThat(HaProbe.zookeeperMode("Zookeeper version: 3.8.4\nMode: leader\nNode count: 40\n"))
        .isEqualTo(ZooKeeperMode.LEADER);
    assertThat(HaProbe.zookeeperMode("This ZooKeeper instance is not currently serving requests\n"))
        .isEqualTo(ZooKeeperMode.DOWN);
  }

  @Test
  void theQuorumStringListsEveryMemberWithItsPort() {
    assertThat(HaProbe.zookeepers("zk1:2181,zk2,zk3:2182/hbase")).containsExactly("zk1:2181", "zk2:2181", "zk3:2182");
  }

  @Test
  void srvrIsAskedOverPlainTcp() throws Exception {
    try (ServerSocket server = new ServerSocket(0)) {
      Thread t = new Thread(() -> {
        try (Socket s = server.accept()) {
          byte[] word = s.getInputStream().readNBytes(4);
          s.getOutputStream().write(("srvr".equals(new String(word, StandardCharsets.US_ASCII))
              ? "Mode: follower\n" : "?").getBytes(StandardCharsets.US_ASCII));
        } catch (IOException ignored) {
          // the test fails on the answer
        }
      });
      t.start();
      String address = "127.0.0.1:" + server.getLocalPort();
      assertThat(HaProbe.zookeeperMode(HaProbe.srvr(address))).isEqualTo(ZooKeeperMode.FOLLOWER);
      t.join();
    }
    assertThat(HaProbe.srvr("127.0.0.1:1")).isNull();
  }

  @Test
  void aClusterWithoutANameserviceIsNotProbed() {
    assertThat(HaProbe.probe(new ClusterEndpoints(1, "127.0.0.1:1", "hdfs://127.0.0.1:1"))).isNull();
    assertThat(HaProbe.probe(new ClusterEndpoints(1, "127.0.0.1:1", "hdfs://127.0.0.1:1", null,
        new HaEndpoints(null, null, null, List.of("http://127.0.0.1:1"))))).isNull();
  }

  @Test
  void membersThatDoNotAnswerAreDown() {
    ClusterSnapshot.Ha ha = HaProbe.probe(new ClusterEndpoints(1, "127.0.0.1:1,127.0.0.1:2", "hdfs://ns", null,
        new HaEndpoints("ns", List.of("127.0.0.1:1", "127.0.0.1:2"), List.of("http://127.0.0.1:1", "http://[bad"),
            List.of("http://127.0.0.1:1"))));
    assertThat(ha.namenodes()).extracting(ClusterSnapshot.NameNodeHa::id, ClusterSnapshot.NameNodeHa::state)
        .containsExactly(org.assertj.core.groups.Tuple.tuple("nn1", NameNodeState.DOWN),
            org.assertj.core.groups.Tuple.tuple("nn2", NameNodeState.DOWN));
    assertThat(ha.masters()).extracting(ClusterSnapshot.MasterHa::state).containsExactly(MasterState.DOWN);
    assertThat(ha.zookeepers()).extracting(ClusterSnapshot.ZooKeeperHa::mode)
        .containsExactly(ZooKeeperMode.DOWN, ZooKeeperMode.DOWN);
  }
}
