package io.granary.provisioning.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonInclude.Include;

/** One config value with its provenance. */
@JsonInclude(Include.NON_NULL)
public record ConfigValue(String value, Provenance source, String rule) {

  public static ConfigValue byDefault(String value) {
    return new ConfigValue(value, Provenance.DEFAULT, null);
  }

  public static ConfigValue byDefault(String value, String why) {
    return new ConfigValue(value, Provenance.DEFAULT, why);
  }

  public static ConfigValue sized(String value, String rule) {
    return new ConfigValue(value, Provenance.SIZING_RULE, rule);
  }

  public static ConfigValue override(String value, String rule) {
    return new ConfigValue(value, Provenance.USER_OVERRIDE, rule);
  }

  /** "30 (SIZING_RULE: 10 × 2 cores …)", for the rule text of a value that replaces this one. */
  public String describe() {
    return value + " (" + source + (rule == null ? "" : ": " + rule) + ")";
  }
}
