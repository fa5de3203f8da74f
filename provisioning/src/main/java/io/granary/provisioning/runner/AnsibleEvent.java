package io.granary.provisioning.runner;

import java.time.Instant;
import java.util.Map;

/**
 * A neutral event of an ansible-playbook run, for an operation's event stream. Times are the
 * callback's; null for events the runner makes itself or when the callback sent none.
 */
public sealed interface AnsibleEvent {

  /** The runner started ansible-playbook (the jsonl callback has no playbook-start event). */
  record PlaybookStarted(String playbook, Instant time) implements AnsibleEvent {}

  record PlayStarted(String name, String id, Instant time) implements AnsibleEvent {}

  /**
   * @param host null under the default (linear) strategy, where a task starts on all hosts at once
   */
  record TaskStarted(String name, String id, String host, boolean handler, Instant time)
      implements AnsibleEvent {}

  /**
   * @param message what a person should read: msg, stderr, the failed loop items, the skip reason
   */
  record TaskResult(
      Status status,
      String host,
      String task,
      String taskId,
      String action,
      String message,
      Integer rc,
      Instant time)
      implements AnsibleEvent {}

  /** The play recap. */
  record Stats(Map<String, HostStats> hosts, Instant time) implements AnsibleEvent {}

  /** A line that is not a callback event (warnings on stderr, a Python traceback, ...). */
  record Output(String stream, String line) implements AnsibleEvent {}

  record PlaybookFinished(int exitCode, boolean cancelled, Instant time) implements AnsibleEvent {}

  enum Status {
    OK,
    CHANGED,
    FAILED,
    SKIPPED,
    UNREACHABLE
  }
}
