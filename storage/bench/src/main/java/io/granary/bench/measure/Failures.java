package io.granary.bench.measure;

import java.io.InterruptedIOException;
import java.net.SocketTimeoutException;
import java.util.concurrent.TimeoutException;

/** Sorts a failed operation into a timeout or another error. */
public final class Failures {
  private Failures() {}

  /** True when a timeout anywhere in the cause chain made the operation fail. */
  public static boolean isTimeout(Throwable t) {
    for (Throwable c = t; c != null; c = c.getCause() == c ? null : c.getCause()) {
      if (c instanceof SocketTimeoutException || c instanceof TimeoutException
          || c instanceof InterruptedIOException && !(c.getClass() == InterruptedIOException.class)) {
        return true;
      }
      String name = c.getClass().getSimpleName();
      if (name.contains("Timeout")) {
        return true;
      }
    }
    return false;
  }
}
