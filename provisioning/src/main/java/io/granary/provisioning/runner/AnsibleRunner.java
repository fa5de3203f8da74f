package io.granary.provisioning.runner;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Runs ansible-playbook with the jsonl stdout callback and streams its events. One runner per
 * ansible-playbook executable (e.g. the one in the project's Python venv).
 */
public final class AnsibleRunner {
  public static final String CALLBACK = "ansible.posix.jsonl";

  /** What every run gets: machine-readable output, no prompts, no colour, no retry files. */
  static final Map<String, String> BASE_ENV = baseEnv();

  private static final ObjectMapper JSON =
      new ObjectMapper().enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS);

  private final Path executable;

  public AnsibleRunner(Path executable) {
    this.executable = executable;
  }

  private static Map<String, String> baseEnv() {
    Map<String, String> env = new LinkedHashMap<>();
    env.put("ANSIBLE_STDOUT_CALLBACK", CALLBACK);
    env.put("ANSIBLE_JSON_INDENT", "0"); // one event per line
    env.put("ANSIBLE_HOST_KEY_CHECKING", "False"); // hosts are new; their keys are unknown
    env.put("ANSIBLE_RETRY_FILES_ENABLED", "False");
    env.put("ANSIBLE_NOCOLOR", "True");
    env.put("ANSIBLE_FORCE_COLOR", "False");
    env.put("PYTHONUNBUFFERED", "1"); // events arrive as they happen, not when a buffer fills
    return Map.copyOf(env);
  }

  public List<String> command(PlaybookRequest r) {
    List<String> cmd = new ArrayList<>();
    cmd.add(executable.toString());
    cmd.add("-i");
    cmd.add(r.inventory().toString());
    if (r.privateKey() != null) {
      cmd.add("--private-key");
      cmd.add(r.privateKey().toString());
    }
    if (!r.limit().isEmpty()) {
      cmd.add("--limit");
      cmd.add(String.join(",", r.limit()));
    }
    if (!r.extraVars().isEmpty()) {
      cmd.add("-e"); // JSON keeps types (lists, booleans) that key=value would turn into strings
      try {
        cmd.add(JSON.writeValueAsString(r.extraVars()));
      } catch (JsonProcessingException e) {
        throw new IllegalArgumentException(
            "extra vars are not serializable: " + e.getOriginalMessage(), e);
      }
    }
    cmd.add(r.playbook().toString());
    return cmd;
  }

  public Map<String, String> environment(PlaybookRequest r) {
    Map<String, String> env = new LinkedHashMap<>(BASE_ENV);
    env.putAll(r.environment());
    return env;
  }

  /** Starts the run; events go to the consumer (one at a time) until PlaybookFinished. */
  public AnsibleRun start(PlaybookRequest r, Consumer<AnsibleEvent> events) throws IOException {
    ProcessBuilder pb = new ProcessBuilder(command(r));
    pb.environment().putAll(environment(r));
    if (r.workingDir() != null) {
      pb.directory(r.workingDir().toFile());
    }
    pb.redirectInput(
        ProcessBuilder.Redirect.from(new File("/dev/null"))); // never wait for a prompt
    return AnsibleRun.start(pb, r.playbook().toString(), events);
  }

  /** Runs to the end. */
  public RunResult run(PlaybookRequest r, Consumer<AnsibleEvent> events)
      throws IOException, InterruptedException {
    return start(r, events).await();
  }
}
