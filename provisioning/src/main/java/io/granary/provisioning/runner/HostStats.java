package io.granary.provisioning.runner;

/** One host's line of the play recap. */
public record HostStats(
    int ok, int changed, int failures, int unreachable, int skipped, int rescued, int ignored) {

  public boolean failed() {
    return failures > 0 || unreachable > 0;
  }
}
