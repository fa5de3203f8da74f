package io.granary.provisioning.validate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.granary.provisioning.PlanResult;
import io.granary.provisioning.Planner;
import io.granary.provisioning.model.Finding;
import io.granary.provisioning.model.FindingCode;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;

class ReachabilityTest {
  static final String SPEC =
      """
      name: c
      profile: lab
      hosts:
        - {address: 10.77.0.11, cores: 2, ramGb: 4, dataDisks: [/d]}
        - {address: 10.77.0.12, cores: 2, ramGb: 4, dataDisks: [/d]}
        - {address: not..valid, cores: 2, ramGb: 4, dataDisks: [/d]}
      """;

  @Test
  void unreachableHostIsAnErrorOnItsAddressWithTheCheckersMessage() {
    Set<String> asked = ConcurrentHashMap.newKeySet();
    Reachability fake =
        address -> {
          asked.add(address);
          return address.equals("10.77.0.12")
              ? Reachability.Result.unreachable(
                  "ssh: connect to host 10.77.0.12 port 22: No route to host")
              : Reachability.Result.reachable();
        };
    PlanResult r = new Planner(fake).plan(SPEC);
    List<Finding> unreachable =
        r.findings().stream().filter(f -> f.code() == FindingCode.UNREACHABLE_HOST).toList();
    assertEquals(1, unreachable.size());
    assertEquals("hosts[1].address", unreachable.get(0).field());
    assertEquals(
        "10.77.0.12 is unreachable: ssh: connect to host 10.77.0.12 port 22: No route to host",
        unreachable.get(0).message());
    assertEquals(Set.of("10.77.0.11", "10.77.0.12"), asked, "malformed addresses are not probed");
    assertFalse(r.ok());
  }

  @Test
  void withoutACheckerNoHostIsProbed() {
    PlanResult r = new Planner().plan(SPEC.replace("not..valid", "10.77.0.13"));
    assertTrue(r.ok(), r.findings().toString());
  }

  @Test
  void tcpCheckConnectsToAListeningPortAndReportsARefusedOne() throws Exception {
    try (ServerSocket open = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      assertTrue(
          new TcpReachability(open.getLocalPort(), Duration.ofSeconds(2)).check("127.0.0.1").ok());
    }
    int closed;
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      closed = s.getLocalPort();
    }
    Reachability.Result r = new TcpReachability(closed, Duration.ofSeconds(2)).check("127.0.0.1");
    assertFalse(r.ok());
    assertTrue(r.message().startsWith("no TCP connection to 127.0.0.1:" + closed), r.message());
  }
}
