package io.granary.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class RegionServerProfilerTest {
  @Test
  void aListeningPortIsFoundAsThisProcess() throws Exception {
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      Map<Integer, Long> pids = LocalListeners.pids(Set.of(s.getLocalPort()));
      assertEquals(Map.of(s.getLocalPort(), ProcessHandle.current().pid()), pids);
    }
  }

  @Test
  void aPortNobodyListensOnIsNotFound() throws Exception {
    int port;
    try (ServerSocket s = new ServerSocket(0)) {
      port = s.getLocalPort();
    }
    assertEquals(Map.of(), LocalListeners.pids(Set.of(port)));
  }

  @Test
  void procNetTcpRowsInListenStateOnly() {
    Map<Long, Integer> inodes = new java.util.HashMap<>();
    String header = "  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode";
    String listen = "   0: 0100007F:3E94 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 55321 1";
    String established = "   1: 0100007F:3E94 0100007F:9C40 01 00000000:00000000 00:00000000 00000000     0        0 55322 1";
    for (String l : List.of(header, listen, established)) {
      LocalListeners.listening(l, Set.of(16020), inodes);
    }
    assertEquals(Map.of(55321L, 16020), inodes);
  }

  @Test
  void serversElsewhereAreNamedAndLocalOnesGetTheirPid() {
    RegionServerProfiler.Resolution r = RegionServerProfiler.resolve(
        List.of("localhost,16020,1", "127.0.0.1,16030,2", "rs9.example.invalid,16020,3"),
        ports -> Map.of(16020, 4242L));
    assertEquals(List.of(new RegionServerProfiler.Target("localhost,16020,1", 4242)), r.targets());
    // 16030 is local but nothing listens on it; rs9 does not resolve to this host
    assertEquals(List.of("rs9.example.invalid,16020,3", "127.0.0.1,16030,2"), r.elsewhere());
    assertTrue(r.refusal().contains("asprof"), r.refusal());
    assertTrue(RegionServerProfiler.resolve(List.of(), ports -> Map.of()).refusal().contains("none of this cluster's"
        + " RegionServers is live"));
  }
}
