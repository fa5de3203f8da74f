package io.granary.audit;

public enum AuditResult {
  SUCCESS, DENIED, FAILED;

  public static AuditResult ofStatus(int status) {
    if (status == 401 || status == 403) {
      return DENIED;
    }
    return status < 400 ? SUCCESS : FAILED;
  }
}
