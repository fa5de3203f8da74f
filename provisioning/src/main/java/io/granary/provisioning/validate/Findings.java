package io.granary.provisioning.validate;

import io.granary.provisioning.model.Finding;
import io.granary.provisioning.model.FindingCode;
import java.util.ArrayList;
import java.util.List;

/** Collects findings so one pass reports every problem, not just the first. */
public final class Findings {
  private final List<Finding> list = new ArrayList<>();

  /** With args, the message is a {@link String#format} pattern. */
  public void add(FindingCode code, String field, String message, Object... args) {
    list.add(Finding.of(code, field, args.length == 0 ? message : String.format(message, args)));
  }

  public boolean hasErrors() {
    return list.stream().anyMatch(Finding::isError);
  }

  /** Whether an error was already reported for this field or below it (to avoid follow-ups). */
  public boolean hasErrorAt(String fieldPrefix) {
    return list.stream().anyMatch(f -> f.isError() && f.field().startsWith(fieldPrefix));
  }

  public List<Finding> list() {
    return List.copyOf(list);
  }
}
