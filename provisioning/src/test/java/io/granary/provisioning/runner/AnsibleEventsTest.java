package io.granary.provisioning.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.granary.provisioning.runner.AnsibleEvent.Output;
import io.granary.provisioning.runner.AnsibleEvent.PlayStarted;
import io.granary.provisioning.runner.AnsibleEvent.Stats;
import io.granary.provisioning.runner.AnsibleEvent.Status;
import io.granary.provisioning.runner.AnsibleEvent.TaskResult;
import io.granary.provisioning.runner.AnsibleEvent.TaskStarted;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Parses a recorded install run in the ansible.posix.jsonl format (see resources/ansible/). */
class AnsibleEventsTest {

  static List<AnsibleEvent> sample(String name) throws IOException {
    try (InputStream in = AnsibleEventsTest.class.getResourceAsStream("/ansible/" + name)) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8)
          .lines()
          .flatMap(l -> AnsibleEvents.parse(l).stream())
          .toList();
    }
  }

  static TaskResult result(List<AnsibleEvent> events, String host, String task) {
    return events.stream()
        .filter(TaskResult.class::isInstance)
        .map(TaskResult.class::cast)
        .filter(r -> r.host().equals(host) && r.task().equals(task))
        .findFirst()
        .orElseThrow();
  }

  @Test
  void playAndTaskStartsBecomeEvents() throws IOException {
    List<AnsibleEvent> events = sample("install-failed.jsonl");
    PlayStarted play = (PlayStarted) events.get(0);
    assertEquals("Install Granary", play.name());
    assertEquals(Instant.parse("2025-06-02T09:14:01.104611Z"), play.time());
    TaskStarted facts = (TaskStarted) events.get(1);
    assertEquals("Gathering Facts", facts.name());
    assertNull(facts.host(), "linear strategy: a task starts on all hosts at once");
    assertTrue(
        events.stream()
            .anyMatch(
                e ->
                    e instanceof TaskStarted t
                        && t.handler()
                        && t.name().equals("Restart namenode")));
  }

  @Test
  void okResultsAreSplitIntoOkAndChanged() throws IOException {
    List<AnsibleEvent> events = sample("install-failed.jsonl");
    assertEquals(Status.OK, result(events, "node1", "Gathering Facts").status());
    TaskResult user = result(events, "node2", "Create the service user");
    assertEquals(Status.CHANGED, user.status());
    assertEquals("ansible.builtin.user", user.action());
    assertNull(user.message());
  }

  @Test
  void failedCommandCarriesRcMsgAndStderr() throws IOException {
    TaskResult r = result(sample("install-failed.jsonl"), "node1", "Check the NameNode web UI");
    assertEquals(Status.FAILED, r.status());
    assertEquals(7, r.rc());
    assertEquals(
        "rc=7: non-zero return code: curl: (7) Failed to connect to 10.77.0.11 port 9870 after 0"
            + " ms: Couldn't connect to server",
        r.message());
  }

  @Test
  void failedLoopNamesTheFailedItems() throws IOException {
    TaskResult r = result(sample("install-failed.jsonl"), "node2", "Create the data directories");
    assertEquals(Status.FAILED, r.status());
    assertEquals(
        "One or more items failed: /data/1/hdfs/data: There was an issue creating /data/1 as"
            + " requested: [Errno 13] Permission denied: b'/data/1'",
        r.message());
  }

  @Test
  void unreachableSkippedAndNoLogResultsSayWhy() throws IOException {
    List<AnsibleEvent> events = sample("install-failed.jsonl");
    TaskResult down = result(events, "node3", "Gathering Facts");
    assertEquals(Status.UNREACHABLE, down.status());
    assertTrue(down.message().contains("No route to host"));
    TaskResult skipped = result(events, "node2", "Format the NameNode");
    assertEquals(Status.SKIPPED, skipped.status());
    assertEquals("Conditional result was False", skipped.message());
    assertTrue(result(events, "node1", "Store the cluster secret").message().contains("no_log"));
  }

  @Test
  void statsGiveThePerHostRecap() throws IOException {
    Stats s =
        (Stats)
            sample("install-failed.jsonl").stream()
                .filter(Stats.class::isInstance)
                .findFirst()
                .orElseThrow();
    assertEquals(List.of("node1", "node2", "node3"), List.copyOf(s.hosts().keySet()));
    assertEquals(new HostStats(7, 4, 0, 0, 0, 0, 1), s.hosts().get("node1"));
    assertTrue(s.hosts().get("node2").failed());
    assertTrue(s.hosts().get("node3").failed());
    assertFalse(s.hosts().get("node1").failed());
  }

  @Test
  void linesThatAreNotEventsAreOutput() {
    assertEquals(
        List.of(new Output("stdout", "Some plugin printed a plain line")),
        AnsibleEvents.parse("Some plugin printed a plain line"));
    assertEquals(List.of(new Output("stdout", "{not json")), AnsibleEvents.parse("{not json"));
    assertEquals(List.of(), AnsibleEvents.parse("   "));
    assertEquals(List.of(), AnsibleEvents.parse("{\"_event\":\"v2_some_future_event\"}"));
  }

  @Test
  void timestampsAreReadLeniently() {
    assertEquals(Instant.parse("2025-06-02T09:14:01Z"), AnsibleEvents.time("2025-06-02T09:14:01Z"));
    assertEquals(
        Instant.parse("2025-06-02T09:14:01.5Z"),
        AnsibleEvents.time("2025-06-02T09:14:01.500000+00:00Z"));
    assertEquals(Instant.parse("2025-06-02T09:14:01Z"), AnsibleEvents.time("2025-06-02T09:14:01"));
    assertNull(AnsibleEvents.time("yesterday"));
  }

  @Test
  void aChangedResultNamesTheFilesItChanged() throws IOException {
    com.fasterxml.jackson.databind.JsonNode r = new com.fasterxml.jackson.databind.ObjectMapper().readTree(
        "{\"changed\": true, \"changed_paths\": [\"/etc/granary/regionserver/hbase-site.xml\","
            + " \"/etc/granary/topology.table\"]}");
    assertEquals(
        "changed /etc/granary/regionserver/hbase-site.xml, /etc/granary/topology.table",
        AnsibleEvents.message(AnsibleEvent.Status.CHANGED, r));
    assertNull(AnsibleEvents.message(AnsibleEvent.Status.OK,
        new com.fasterxml.jackson.databind.ObjectMapper().readTree("{\"changed_paths\": []}")));
  }
  @Test
  void aFailedAssertInALoopNamesItsItemByLabelWithItsFinding() throws IOException {
    // as ansible-core 2.21 reports it: the failed item has no "failed" key, only evaluated_to and an exception
    com.fasterxml.jackson.databind.JsonNode r = new com.fasterxml.jackson.databind.ObjectMapper().readTree(
        "{\"failed\": true, \"msg\": \"One or more items failed\", \"results\": ["
            + "{\"_ansible_item_label\": \"hbase\", \"item\": {\"stdout\": \"a long klist\"},"
            + " \"msg\": \"All assertions passed\"},"
            + "{\"_ansible_item_label\": \"dn\", \"item\": {\"stdout\": \"a long klist\"}, \"assertion\": \"x\","
            + " \"evaluated_to\": false, \"exception\": \"(traceback unavailable)\","
            + " \"msg\": \"[finding:keytab-wrong-principal] lab2: dn.keytab does not hold dn/lab2@R\"}]}");
    assertEquals("One or more items failed: dn: [finding:keytab-wrong-principal] lab2: dn.keytab does not hold"
        + " dn/lab2@R", AnsibleEvents.message(AnsibleEvent.Status.FAILED, r));
  }
}
