package io.granary.provisioning.runner;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.granary.provisioning.runner.AnsibleEvent.Output;
import io.granary.provisioning.runner.AnsibleEvent.PlayStarted;
import io.granary.provisioning.runner.AnsibleEvent.PlaybookStarted;
import io.granary.provisioning.runner.AnsibleEvent.Stats;
import io.granary.provisioning.runner.AnsibleEvent.Status;
import io.granary.provisioning.runner.AnsibleEvent.TaskResult;
import io.granary.provisioning.runner.AnsibleEvent.TaskStarted;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Parses ansible-playbook output written by the {@code ansible.posix.jsonl} stdout callback: one
 * JSON object per line, named by {@code _event} (v2_playbook_on_play_start,
 * v2_playbook_on_task_start, v2_runner_on_ok/failed/skipped/unreachable, v2_playbook_on_stats,
 * ...), a {@code play} or {@code task} object, and {@code hosts} mapping the host name to the
 * module result.
 */
public final class AnsibleEvents {
  /** Results can carry whole command outputs; an operation log needs the gist. */
  static final int MAX_MESSAGE = 4000;

  private static final ObjectMapper JSON = new ObjectMapper();

  private AnsibleEvents() {}

  /** One output line → its events (none for blank lines and events nobody needs). */
  public static List<AnsibleEvent> parse(String line) {
    String l = line.strip();
    if (l.isEmpty()) {
      return List.of();
    }
    JsonNode n = null;
    if (l.startsWith("{")) {
      try {
        n = JSON.readTree(l);
      } catch (JsonProcessingException e) {
        n = null;
      }
    }
    if (n == null || !n.isObject() || !n.hasNonNull("_event")) {
      return List.of(new Output("stdout", line));
    }
    String event = n.get("_event").asText();
    Instant time = time(n.path("_timestamp").asText(null));
    JsonNode task = n.path("task");
    switch (event) {
      case "v2_playbook_on_start":
        return List.of(new PlaybookStarted(text(n.path("playbook")), time));
      case "v2_playbook_on_play_start":
        return List.of(
            new PlayStarted(
                text(n.path("play").path("name")), text(n.path("play").path("id")), time));
      case "v2_playbook_on_task_start":
      case "v2_playbook_on_handler_task_start":
      case "v2_runner_on_start":
        return List.of(
            new TaskStarted(
                text(task.path("name")),
                text(task.path("id")),
                firstHost(n.path("hosts")),
                event.contains("handler"),
                time));
      case "v2_runner_on_ok":
      case "v2_runner_on_failed":
      case "v2_runner_on_skipped":
      case "v2_runner_on_unreachable":
        return results(event, n, task, time);
      case "v2_playbook_on_stats":
        return List.of(new Stats(stats(n.path("stats")), time));
      default:
        return List.of();
    }
  }

  private static List<AnsibleEvent> results(String event, JsonNode n, JsonNode task, Instant time) {
    List<AnsibleEvent> out = new ArrayList<>();
    for (Map.Entry<String, JsonNode> e : n.path("hosts").properties()) {
      JsonNode r = e.getValue();
      Status status =
          switch (event) {
            case "v2_runner_on_failed" -> Status.FAILED;
            case "v2_runner_on_skipped" -> Status.SKIPPED;
            case "v2_runner_on_unreachable" -> Status.UNREACHABLE;
            default -> r.path("changed").asBoolean(false) ? Status.CHANGED : Status.OK;
          };
      Integer rc = r.path("rc").isInt() ? r.path("rc").asInt() : null;
      out.add(
          new TaskResult(
              status,
              e.getKey(),
              text(task.path("name")),
              text(task.path("id")),
              text(r.path("action")),
              message(status, r),
              rc,
              time));
    }
    return out;
  }

  /**
   * msg and stderr for failures, each failed loop item, the files a task changed, the skip reason;
   * no_log output stays hidden.
   */
  static String message(Status status, JsonNode r) {
    if (r.hasNonNull("censored")) {
      return r.get("censored").asText();
    }
    if (status == Status.SKIPPED) {
      return text(r.path("skip_reason"));
    }
    List<String> parts = new ArrayList<>();
    add(parts, r.path("msg"));
    if (status == Status.FAILED || status == Status.UNREACHABLE) {
      add(parts, r.path("stderr"));
      add(parts, r.path("module_stderr"));
      for (JsonNode item : r.path("results")) {
        if (itemFailed(item)) {
          // the loop_control label when there is one: an item may be a whole registered result
          JsonNode named = item.has("_ansible_item_label") ? item.get("_ansible_item_label") : item.get("item");
          String label = named == null ? "item" : named.isTextual() ? named.asText() : named.toString();
          List<String> itemParts = new ArrayList<>();
          add(itemParts, item.path("msg"));
          add(itemParts, item.path("stderr"));
          parts.add(label + ": " + String.join(": ", itemParts));
        }
      }
    }
    // the files a run changed on the host (granary_files), so the task rows say what moved
    List<String> paths = new ArrayList<>();
    r.path("changed_paths").forEach(p -> paths.add(p.asText()));
    if (!paths.isEmpty()) {
      parts.add("changed " + String.join(", ", paths));
    }
    if (parts.isEmpty()) {
      return null;
    }
    String m = String.join(": ", parts);
    if (r.path("rc").isInt() && r.path("rc").asInt() != 0 && status == Status.FAILED) {
      m = "rc=" + r.path("rc").asInt() + ": " + m;
    }
    return m.length() > MAX_MESSAGE ? m.substring(0, MAX_MESSAGE) + "…" : m;
  }

  /**
   * A failed item of a loop. Ansible does not always mark it: a failed assert's item carries only
   * {@code evaluated_to: false} (and an {@code exception}).
   */
  static boolean itemFailed(JsonNode item) {
    return item.path("failed").asBoolean(false)
        || item.path("unreachable").asBoolean(false)
        || (item.has("evaluated_to") && !item.path("evaluated_to").asBoolean(true))
        || (!item.has("failed") && item.has("exception"));
  }

  private static void add(List<String> parts, JsonNode n) {
    String s = n.isMissingNode() || n.isNull() ? null : n.isTextual() ? n.asText() : n.toString();
    if (s != null && !s.isBlank() && !parts.contains(s.strip())) {
      parts.add(s.strip());
    }
  }

  private static Map<String, HostStats> stats(JsonNode s) {
    Map<String, HostStats> m = new LinkedHashMap<>();
    for (Map.Entry<String, JsonNode> e : s.properties()) {
      JsonNode h = e.getValue();
      m.put(
          e.getKey(),
          new HostStats(
              h.path("ok").asInt(),
              h.path("changed").asInt(),
              h.path("failures").asInt(),
              h.path("unreachable").asInt(),
              h.path("skipped").asInt(),
              h.path("rescued").asInt(),
              h.path("ignored").asInt()));
    }
    return Collections.unmodifiableMap(m); // in recap order
  }

  private static String firstHost(JsonNode hosts) {
    Iterator<Map.Entry<String, JsonNode>> it = hosts.properties().iterator();
    return it.hasNext() ? it.next().getKey() : null;
  }

  private static String text(JsonNode n) {
    return n.isMissingNode() || n.isNull() ? null : n.asText();
  }

  /** The callback writes "2025-05-01T10:00:00.123456Z" (utcnow().isoformat() + "Z"); be lenient. */
  static Instant time(String s) {
    if (s == null || s.isBlank()) {
      return null;
    }
    try {
      return Instant.parse(s);
    } catch (DateTimeParseException e) {
      String t = s.endsWith("Z") ? s.substring(0, s.length() - 1) : s;
      try {
        return OffsetDateTime.parse(t).toInstant();
      } catch (DateTimeParseException e2) {
        try {
          return LocalDateTime.parse(t).toInstant(ZoneOffset.UTC);
        } catch (DateTimeParseException e3) {
          return null;
        }
      }
    }
  }
}
