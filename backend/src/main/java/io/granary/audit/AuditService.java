package io.granary.audit;

import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Service;

@Service
public class AuditService {
  /** Request attributes a controller may set to make its audit row more specific. */
  public static final String TARGET_ATTRIBUTE = "granary.audit.target";
  public static final String DETAIL_ATTRIBUTE = "granary.audit.detail";
  private static final Logger log = LoggerFactory.getLogger(AuditService.class);

  private final AuditRepository repo;

  public AuditService(AuditRepository repo) {
    this.repo = repo;
  }

  public void record(String username, String action, String target, AuditResult result, Integer status,
      String detail, String remote) {
    try {
      repo.insert(truncate(username, 64), truncate(action, 200), truncate(target, 300), result, status, detail, remote);
    } catch (RuntimeException e) {
      // an audit failure must be loud in the log; the request itself already happened
      log.error("AUDIT WRITE FAILED: {} {} {} {} by {}", action, target, result, status, username, e);
    }
  }

  public record Page(List<AuditEntry> items, long total) {}

  public Page find(AuditRepository.Query q) {
    return new Page(repo.find(q), repo.count(q));
  }

  private static String truncate(String s, int max) {
    return s == null || s.length() <= max ? s : s.substring(0, max);
  }
}
