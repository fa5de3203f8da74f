package io.granary.audit;

import io.granary.shared.web.CurrentUser;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Set;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Writes one audit row for every mutating API request, after it completes: who, what, target and
 * result, including requests the security layer denied. Sits inside the security chain (before
 * exception translation) so it sees the authenticated user and the final status. Login is audited
 * by the login endpoint itself, which knows the attempted username.
 */
public class AuditFilter extends OncePerRequestFilter {
  private static final Set<String> MUTATING = Set.of("POST", "PUT", "PATCH", "DELETE");
  static final String LOGIN = "/api/v1/auth/login";

  private final AuditService audit;

  public AuditFilter(AuditService audit) {
    this.audit = audit;
  }

  @Override
  protected boolean shouldNotFilter(HttpServletRequest req) {
    String path = req.getRequestURI();
    // previews are POSTs that change nothing
    return !MUTATING.contains(req.getMethod()) || !path.startsWith("/api/") || path.equals(LOGIN)
        || path.endsWith("/preview");
  }

  @Override
  protected void doFilterInternal(HttpServletRequest req, HttpServletResponse res, FilterChain chain)
      throws ServletException, IOException {
    String user = CurrentUser.name();
    int status = 500;
    try {
      chain.doFilter(req, res);
      status = res.getStatus();
    } finally {
      String path = req.getRequestURI();
      Object target = req.getAttribute(AuditService.TARGET_ATTRIBUTE);
      Object detail = req.getAttribute(AuditService.DETAIL_ATTRIBUTE);
      String who = "anonymous".equals(CurrentUser.name()) ? user : CurrentUser.name();
      audit.record(who, req.getMethod() + " " + path,
          target != null ? target.toString() : path.substring("/api/v1".length()),
          AuditResult.ofStatus(status), status, detail == null ? null : detail.toString(), req.getRemoteAddr());
    }
  }
}
