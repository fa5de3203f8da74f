package io.granary.provisioning.model;

/** An ERROR blocks the plan; a WARNING is shown with it. */
public enum Severity {
  ERROR,
  WARNING
}
