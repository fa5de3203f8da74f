package io.granary.provisioning.validate;

/**
 * Whether the control plane can reach a host (SSH login, TCP connect, ...). Pluggable because the
 * real check needs credentials the library does not hold.
 */
@FunctionalInterface
public interface Reachability {

  Result check(String address);

  record Result(boolean ok, String message) {
    public static Result reachable() {
      return new Result(true, "reachable");
    }

    public static Result unreachable(String message) {
      return new Result(false, message);
    }
  }
}
