package io.granary.audit;

import io.granary.shared.web.CurrentUser;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Set;
import org.springframework.web.util.ContentCachingRequestWrapper;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Writes one audit row for every mutating API request, after it completes: who, what, target and
 * result, including requests the security layer refused (CSRF, bad token, role). Sits first in the
 * security chain after the context is loaded, so it sees every refusal, the authenticated user and the
 * final status. Login is audited by the login endpoint itself, which knows the attempted username.
 */
public class AuditFilter extends OncePerRequestFilter {
  private static final Set<String> MUTATING = Set.of("POST", "PUT", "PATCH", "DELETE");
  static final String LOGIN = "/api/v1/auth/login";

  private final AuditService audit;
  private final AuditTargets targets;

  public AuditFilter(AuditService audit, AuditTargets targets) {
    this.audit = audit;
    this.targets = targets;
  }

  @Override
  protected boolean shouldNotFilter(HttpServletRequest req) {
    String path = req.getRequestURI();
    // previews and an experiment's plan (asked on each edit of the form) change nothing; Alertmanager's
    // notifications are kept as alert history instead
    return !MUTATING.contains(req.getMethod()) || !path.startsWith("/api/") || path.equals(LOGIN)
        || path.endsWith("/preview") || path.endsWith("/experiment-plans")
        || path.equals(io.granary.observability.AlertsWebhook.PATH);
  }

  private static String who() {
    String name = CurrentUser.name();
    return "anonymousUser".equals(name) ? "anonymous" : name;
  }

  @Override
  protected void doFilterInternal(HttpServletRequest req, HttpServletResponse res, FilterChain chain)
      throws ServletException, IOException {
    // keeps what the controller reads of the body, so the row can name the table, path or user it targets
    ContentCachingRequestWrapper wrapped = new ContentCachingRequestWrapper(req, 1 << 20);
    int status = 500;
    try {
      chain.doFilter(wrapped, res);
      status = res.getStatus();
    } finally {
      String path = req.getRequestURI();
      Object target = req.getAttribute(AuditService.TARGET_ATTRIBUTE);
      Object detail = req.getAttribute(AuditService.DETAIL_ATTRIBUTE);
      String apiPath = path.startsWith("/api/v1") ? path.substring("/api/v1".length()) : path;
      String named;
      try {
        named = target != null ? target.toString()
            : targets.describe(apiPath, req.getParameterMap(), wrapped.getContentAsByteArray());
      } catch (RuntimeException e) {
        named = apiPath;
      }
      audit.record(who(), req.getMethod() + " " + path, named, AuditResult.ofStatus(status), status,
          detail == null ? null : detail.toString(), req.getRemoteAddr());
    }
  }
}
