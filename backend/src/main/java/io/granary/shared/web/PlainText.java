package io.granary.shared.web;

/**
 * Names people type (schedules, tokens, labels, hosts) are shown in the console and in audit rows:
 * they stay plain text, so markup and control characters are refused rather than escaped later.
 */
public final class PlainText {
  private PlainText() {}

  /** Why the value is not plain text, or null when it is. */
  public static String problem(String value) {
    if (value == null) {
      return null;
    }
    for (int i = 0; i < value.length(); i++) {
      char ch = value.charAt(i);
      if (ch == '<' || ch == '>') {
        return "no markup: '<' and '>' are not allowed";
      }
      if (Character.isISOControl(ch)) {
        return "no control characters (tabs, line breaks, …)";
      }
    }
    return null;
  }
}
