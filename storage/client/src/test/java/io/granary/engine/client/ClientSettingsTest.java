package io.granary.engine.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** The values are what each caller has always used: a change here changes how a caller behaves when a cluster is slow. */
class ClientSettingsTest {
  @Test
  void theControlPlaneFailsFastWithinSecondsOnHbaseZookeeperAndHdfs() {
    assertEquals("{hbase.client.retries.number=2, hbase.client.pause=200, hbase.rpc.timeout=5000, "
        + "hbase.client.operation.timeout=10000, hbase.client.meta.operation.timeout=10000, zookeeper.recovery.retry=1, "
        + "zookeeper.session.timeout=15000, ipc.client.connect.max.retries=1, ipc.client.connect.max.retries.on.timeouts=1, "
        + "ipc.client.connect.timeout=3000, ipc.client.rpc-timeout.ms=10000}", ClientSettings.controlPlane().toString());
  }

  @Test
  void longCallsRaiseTheHbaseTimeoutsAndKeepTheRestFailFast() {
    assertEquals("{hbase.client.retries.number=10, hbase.client.pause=200, hbase.rpc.timeout=600000, "
        + "hbase.client.operation.timeout=1200000, hbase.client.meta.operation.timeout=10000, zookeeper.recovery.retry=1, "
        + "zookeeper.session.timeout=15000, ipc.client.connect.max.retries=1, ipc.client.connect.max.retries.on.timeouts=1, "
        + "ipc.client.connect.timeout=3000, ipc.client.rpc-timeout.ms=10000, hbase.client.sync.wait.timeout.msec=1200000}",
        ClientSettings.controlPlaneLongCalls().toString());
  }

  @Test
  void theLauncherRetriesOnceMoreAndWaitsLongerPerOperationThanTheControlPlane() {
    assertEquals("{hbase.client.retries.number=3, hbase.client.pause=200, hbase.rpc.timeout=5000, "
        + "hbase.client.operation.timeout=15000, zookeeper.recovery.retry=1, zookeeper.session.timeout=10000}",
        ClientSettings.launcher().toString());
  }

  @Test
  void theBenchAgentUsesOneTimeoutThirtySecondsUnlessTold() {
    assertEquals("{hbase.rpc.timeout=30000, hbase.client.operation.timeout=30000, hbase.client.scanner.timeout.period=30000}",
        ClientSettings.benchAgent(0).toString());
    assertEquals("5000", ClientSettings.benchAgent(5000).get("hbase.client.scanner.timeout.period"));
  }

  @Test
  void settingsCannotBeChangedByACaller() {
    assertThrows(UnsupportedOperationException.class, () -> ClientSettings.controlPlane().put("hbase.rpc.timeout", "1"));
  }

  @Test
  void aMissingSettingsFileIsAnError() {
    assertThrows(IllegalStateException.class, () -> ClientSettings.read("no-such.properties"));
  }
}
