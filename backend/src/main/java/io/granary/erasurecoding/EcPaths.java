package io.granary.erasurecoding;

import io.granary.shared.problem.FieldError;
import io.granary.shared.problem.ProblemException;
import io.granary.shared.problem.ProblemType;
import java.util.List;

/** HDFS path checks: normal form, and the HBase paths that must stay replicated. */
public final class EcPaths {
  /** hflush/hsync are not supported on EC files: HBase's logs and master region must stay replicated. */
  static final List<String> HBASE_REPLICATED = List.of("WALs", "MasterData", "oldWALs");

  private EcPaths() {}

  /** {@code /a/b} form, or a 400 naming the field. */
  public static String normalize(String field, String path) {
    if (path == null || path.isBlank() || !path.startsWith("/")) {
      throw ProblemException.invalid(List.of(new FieldError(field, "an absolute HDFS path, e.g. /data")));
    }
    if (path.chars().anyMatch(Character::isISOControl)) {
      throw ProblemException.invalid(List.of(new FieldError(field, "no control characters in the path")));
    }
    String p = path.trim().replaceAll("/{2,}", "/");
    if (p.length() > 1 && p.endsWith("/")) {
      p = p.substring(0, p.length() - 1);
    }
    for (String part : p.split("/")) {
      if (part.equals("..") || part.equals(".")) {
        throw ProblemException.invalid(List.of(new FieldError(field, "no '.' or '..' in the path")));
      }
    }
    return p;
  }

  /** The HBase path the given one is, contains or lies in, if any. */
  public static String protectedBy(String path, String hbaseRoot) {
    for (String sub : HBASE_REPLICATED) {
      String guarded = hbaseRoot + "/" + sub;
      if (path.equals(guarded) || path.startsWith(guarded + "/") || guarded.startsWith(path.equals("/") ? "/" : path + "/")) {
        return guarded;
      }
    }
    return null;
  }

  public static void refuseProtected(String path, String hbaseRoot) {
    String guarded = protectedBy(path, hbaseRoot);
    if (guarded != null) {
      throw ProblemException.of(ProblemType.EC_PROTECTED_PATH, path + (path.equals(guarded) ? " is " : " holds or is in ")
          + guarded + ": HBase writes its logs and master data there with hflush/hsync, which erasure-coded files do"
          + " not support. Set EC on the table (its HFiles) or on another directory instead.");
    }
  }
}
