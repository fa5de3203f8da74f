package io.granary.engine.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ClientSettingsTest {
  @Test
  void theControlPlaneFailsFastWithinSecondsOnHbaseZookeeperAndIpc() {
    Map<String, String> s = ClientSettings.controlPlane();
    assertEquals(List.of("hbase.client.retries.number", "hbase.client.pause", "hbase.rpc.timeout",
        "hbase.client.operation.timeout", "hbase.client.meta.operation.timeout", "zookeeper.recovery.retry",
        "zookeeper.session.timeout", "ipc.client.connect.max.retries", "ipc.client.connect.max.retries.on.timeouts",
        "ipc.client.connect.timeout", "ipc.client.rpc-timeout.ms"), List.copyOf(s.keySet()));
    assertEquals("2", s.get("hbase.client.retries.number"));
    assertEquals("10000", s.get("hbase.client.operation.timeout"));
    assertEquals("15000", s.get("zookeeper.session.timeout"));
    assertEquals("3000", s.get("ipc.client.connect.timeout"));
  }

  @Test
  void longCallsRaiseTheHbaseTimeoutsAndKeepTheRestFailFast() {
    Map<String, String> s = ClientSettings.controlPlaneLongCalls();
    assertEquals("10", s.get("hbase.client.retries.number"));
    assertEquals("600000", s.get("hbase.rpc.timeout"));
    assertEquals("1200000", s.get("hbase.client.operation.timeout"));
    assertEquals("1200000", s.get("hbase.client.sync.wait.timeout.msec"));
    assertEquals("10000", s.get("hbase.client.meta.operation.timeout"));
    assertEquals("1", s.get("ipc.client.connect.max.retries"));
    assertEquals(ClientSettings.controlPlane().size() + 1, s.size());
  }

  @Test
  void theLauncherRetriesOnceMoreAndWaitsLongerPerOperationThanTheControlPlane() {
    assertEquals(Map.of("hbase.client.retries.number", "3", "hbase.client.pause", "200", "hbase.rpc.timeout", "5000",
        "hbase.client.operation.timeout", "15000", "zookeeper.recovery.retry", "1", "zookeeper.session.timeout", "10000"),
        ClientSettings.launcher());
  }

  @Test
  void theBenchAgentUsesOneTimeoutThirtySecondsUnlessTold() {
    assertEquals(Map.of("hbase.rpc.timeout", "30000", "hbase.client.operation.timeout", "30000",
        "hbase.client.scanner.timeout.period", "30000"), ClientSettings.benchAgent(0));
    assertEquals("5000", ClientSettings.benchAgent(5000).get("hbase.client.scanner.timeout.period"));
  }

  @Test
  void settingsCannotBeChangedByACaller() {
    assertThrows(UnsupportedOperationException.class, () -> ClientSettings.controlPlane().put("hbase.rpc.timeout", "1"));
  }
}
