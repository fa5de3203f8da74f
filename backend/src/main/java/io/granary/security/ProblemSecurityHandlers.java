package io.granary.security;

import io.granary.audit.AuditResult;
import io.granary.audit.AuditService;
import io.granary.shared.problem.ProblemType;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.security.access.AccessDeniedException;
import org.springframework.security.authentication.AnonymousAuthenticationToken;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.AuthenticationException;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.security.web.AuthenticationEntryPoint;
import org.springframework.security.web.access.AccessDeniedHandler;
import org.springframework.security.web.csrf.CsrfException;
import org.springframework.security.web.firewall.RequestRejectedException;
import org.springframework.security.web.firewall.RequestRejectedHandler;
import tools.jackson.databind.json.JsonMapper;

/** 401 and 403 from the security layer (and the firewall's 400/405) as problem+json, like every other error. */
public class ProblemSecurityHandlers implements AuthenticationEntryPoint, AccessDeniedHandler, RequestRejectedHandler {
  private final JsonMapper json;
  private final AuditService audit;

  public ProblemSecurityHandlers(JsonMapper json, AuditService audit) {
    this.json = json;
    this.audit = audit;
  }

  /** The firewall refuses a request before any filter sees it (e.g. an encoded slash or "..;"): answer and audit. */
  @Override
  public void handle(HttpServletRequest req, HttpServletResponse res, RequestRejectedException e) throws IOException {
    write(req, res, ProblemType.REQUEST_REJECTED, "The request's URL or headers are not allowed: " + e.getMessage());
    if (req.getRequestURI().startsWith("/api/")) {
      audit.record("anonymous", req.getMethod() + " " + req.getRequestURI(), "request", AuditResult.DENIED, 400,
          "request-rejected: " + e.getMessage(), req.getRemoteAddr());
    }
  }

  @Override
  public void commence(HttpServletRequest req, HttpServletResponse res, AuthenticationException e) throws IOException {
    write(req, res, ProblemType.UNAUTHENTICATED, "Sign in, or send 'Authorization: Bearer <api token>'");
  }

  @Override
  public void handle(HttpServletRequest req, HttpServletResponse res, AccessDeniedException e) throws IOException {
    if (e instanceof CsrfException && !signedIn()) {
      // no session and no token: the caller has to sign in first; a CSRF token would not help
      write(req, res, ProblemType.UNAUTHENTICATED, "Sign in, or send 'Authorization: Bearer <api token>'");
      return;
    }
    String detail = e instanceof CsrfException
        ? "Missing or stale CSRF token: send the XSRF-TOKEN cookie's value as the X-XSRF-TOKEN header"
        : "Your role does not allow " + req.getMethod() + " " + req.getRequestURI();
    write(req, res, ProblemType.FORBIDDEN, detail);
  }

  private static boolean signedIn() {
    Authentication a = SecurityContextHolder.getContext().getAuthentication();
    return a != null && a.isAuthenticated() && !(a instanceof AnonymousAuthenticationToken);
  }

  void write(HttpServletRequest req, HttpServletResponse res, ProblemType type, String detail) throws IOException {
    // the audit row of a refused request says why
    req.setAttribute(AuditService.DETAIL_ATTRIBUTE, type.code() + ": " + detail);
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("type", type.typeUri());
    body.put("title", type.title());
    body.put("status", type.status().value());
    body.put("detail", detail);
    body.put("instance", req.getRequestURI());
    body.put("code", type.code());
    res.setStatus(type.status().value());
    res.setContentType("application/problem+json");
    res.getOutputStream().write(json.writeValueAsBytes(body));
  }
}
