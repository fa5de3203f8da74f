package io.granary.tables.design;

/** How much a lint finding matters: WARN is likely to hurt in production, INFO is worth knowing. */
public enum LintSeverity {
  WARN, INFO
}
