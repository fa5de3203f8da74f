package io.granary.provisioning.model;

/** Where a config value came from, shown next to it in the plan preview. */
public enum Provenance {
  /** Granary's fixed choice (the rule, when present, says why). */
  DEFAULT,
  /** Computed from the hosts, the placement or the profile; the rule shows the arithmetic. */
  SIZING_RULE,
  /** From the spec's overrides; the rule names what it replaced. */
  USER_OVERRIDE
}
