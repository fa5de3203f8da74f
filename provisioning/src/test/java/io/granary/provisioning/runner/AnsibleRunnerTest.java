package io.granary.provisioning.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.granary.provisioning.runner.AnsibleEvent.Output;
import io.granary.provisioning.runner.AnsibleEvent.PlaybookFinished;
import io.granary.provisioning.runner.AnsibleEvent.PlaybookStarted;
import io.granary.provisioning.runner.AnsibleEvent.Stats;
import io.granary.provisioning.runner.AnsibleEvent.TaskResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Runs a fake ansible-playbook (a shell script replaying a recorded jsonl run). */
class AnsibleRunnerTest {
  static Path fake;
  static Path resources;

  @TempDir Path tmp;

  @BeforeAll
  static void executable() throws Exception {
    resources = Path.of(AnsibleRunnerTest.class.getResource("/ansible").toURI());
    fake = resources.resolve("fake-ansible-playbook.sh");
    // resource copying drops the executable bit
    Files.setPosixFilePermissions(fake, PosixFilePermissions.fromString("rwxr-xr-x"));
  }

  PlaybookRequest request(String sample) {
    return PlaybookRequest.of(Path.of("playbooks/install.yml"), tmp.resolve("inventory/hosts.yml"))
        .withPrivateKey(tmp.resolve("id_ed25519"))
        .withExtraVars(Map.of("granary_dist_dir", "/opt/dist", "reset_confirm", false))
        .withLimit(List.of("node1", "node2"))
        .withWorkingDir(tmp)
        .withEnv("FAKE_SAMPLE", resources.resolve(sample).toString())
        .withEnv("FAKE_ARGS_FILE", tmp.resolve("args").toString())
        .withEnv("FAKE_ENV_FILE", tmp.resolve("env").toString());
  }

  @Test
  void commandLineCarriesInventoryKeyLimitExtraVarsAndPlaybook() {
    AnsibleRunner runner = new AnsibleRunner(Path.of("/venv/bin/ansible-playbook"));
    PlaybookRequest r =
        PlaybookRequest.of(Path.of("playbooks/install.yml"), Path.of("/run/inv/hosts.yml"))
            .withPrivateKey(Path.of("/keys/id"))
            .withLimit(List.of("node4"))
            .withExtraVars(Map.of("b", List.of(1, 2), "a", true));
    assertEquals(
        List.of(
            "/venv/bin/ansible-playbook",
            "-i",
            "/run/inv/hosts.yml",
            "--private-key",
            "/keys/id",
            "--limit",
            "node4",
            "-e",
            "{\"a\":true,\"b\":[1,2]}",
            "playbooks/install.yml"),
        runner.command(r));
    Map<String, String> env =
        runner.environment(r.withEnv("ANSIBLE_CONFIG", "/ansible/ansible.cfg"));
    assertEquals("ansible.posix.jsonl", env.get("ANSIBLE_STDOUT_CALLBACK"));
    assertEquals("False", env.get("ANSIBLE_HOST_KEY_CHECKING"));
    assertEquals("/ansible/ansible.cfg", env.get("ANSIBLE_CONFIG"));
  }

  @Test
  void failedRunStreamsEventsAndReturnsStatsAndFailedTasks() throws Exception {
    List<AnsibleEvent> events = Collections.synchronizedList(new ArrayList<>());
    RunResult result = new AnsibleRunner(fake).run(request("install-failed.jsonl"), events::add);

    assertEquals(2, result.exitCode());
    assertFalse(result.succeeded());
    assertEquals(Map.of("node1", 4, "node2", 1, "node3", 0), result.changedPerHost());
    // node1's failed health check ran under ignore_errors: the recap does not count it
    assertEquals(
        List.of("node3", "node2"), result.failures().stream().map(TaskResult::host).toList());
    assertEquals(
        "failed: [node3] Gathering Facts: Failed to connect to the host via ssh: ssh: connect to"
            + " host 10.77.0.13 port 22: No route to host (and 1 more)",
        result.summary());
    assertTrue(result.stderrTail().get(0).startsWith("[WARNING]"));

    assertInstanceOf(PlaybookStarted.class, events.get(0));
    assertInstanceOf(PlaybookFinished.class, events.get(events.size() - 1));
    assertEquals(2, ((PlaybookFinished) events.get(events.size() - 1)).exitCode());
    assertTrue(events.stream().anyMatch(Stats.class::isInstance));
    assertTrue(
        events.contains(
            new Output(
                "stderr",
                "[WARNING]: Collection ansible.posix does not support Ansible version 2.21.5")));

    assertEquals(
        List.of(
            "-i",
            tmp.resolve("inventory/hosts.yml").toString(),
            "--private-key",
            tmp.resolve("id_ed25519").toString(),
            "--limit",
            "node1,node2",
            "-e",
            "{\"granary_dist_dir\":\"/opt/dist\",\"reset_confirm\":false}",
            "playbooks/install.yml"),
        Files.readAllLines(tmp.resolve("args")));
    List<String> env = Files.readAllLines(tmp.resolve("env"));
    assertTrue(env.contains("ANSIBLE_STDOUT_CALLBACK=ansible.posix.jsonl"), env.toString());
    assertTrue(env.contains("ANSIBLE_HOST_KEY_CHECKING=False"), env.toString());
    assertTrue(env.contains("PYTHONUNBUFFERED=1"), env.toString());
  }

  @Test
  void idempotentRerunSucceedsWithNothingChanged() throws Exception {
    RunResult r =
        new AnsibleRunner(fake)
            .run(request("rerun-unchanged.jsonl").withEnv("FAKE_EXIT", "0"), e -> {});
    assertTrue(r.succeeded());
    assertEquals(0, r.totalChanged());
    assertEquals("ok: 3 host(s), 0 change(s)", r.summary());
  }

  @Test
  void aThrowingConsumerDoesNotStopTheRun() throws Exception {
    RunResult r =
        new AnsibleRunner(fake)
            .run(
                request("rerun-unchanged.jsonl").withEnv("FAKE_EXIT", "0"),
                e -> {
                  throw new IllegalStateException("consumer bug");
                });
    assertTrue(r.succeeded());
  }

  @Test
  void cancelStopsThePlaybookAndItsChildren() throws Exception {
    Path pids = tmp.resolve("pids");
    AnsibleRun run =
        new AnsibleRunner(fake)
            .start(request("install-failed.jsonl").withEnv("FAKE_HANG", pids.toString()), e -> {});
    assertTimeoutPreemptively(
        Duration.ofSeconds(20),
        () -> {
          while (!Files.exists(pids) || Files.readAllLines(pids).size() < 2) {
            Thread.sleep(20);
          }
          run.cancel();
          RunResult r = run.await();
          assertTrue(r.cancelled());
          assertFalse(r.succeeded());
          assertEquals("cancelled", r.summary());
          for (String pid : Files.readAllLines(pids)) {
            var handle = ProcessHandle.of(Long.parseLong(pid.trim()));
            while (handle.isPresent() && handle.get().isAlive()) {
              Thread.sleep(20); // the child may take a moment to be reaped
            }
          }
        });
  }
}
