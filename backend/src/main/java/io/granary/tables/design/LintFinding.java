package io.granary.tables.design;

/** One lint finding: the stable code, its severity, and a message about this table (the code explains the why). */
public record LintFinding(LintCode code, LintSeverity severity, String message) {
  static LintFinding of(LintCode code, String message) {
    return new LintFinding(code, code.severity(), message);
  }
}
