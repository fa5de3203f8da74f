package io.granary.security;

import io.granary.shared.problem.ProblemType;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.security.access.AccessDeniedException;
import org.springframework.security.core.AuthenticationException;
import org.springframework.security.web.AuthenticationEntryPoint;
import org.springframework.security.web.access.AccessDeniedHandler;
import org.springframework.security.web.csrf.CsrfException;
import tools.jackson.databind.json.JsonMapper;

/** 401 and 403 from the security layer as problem+json, like every other error. */
public class ProblemSecurityHandlers implements AuthenticationEntryPoint, AccessDeniedHandler {
  private final JsonMapper json;

  public ProblemSecurityHandlers(JsonMapper json) {
    this.json = json;
  }

  @Override
  public void commence(HttpServletRequest req, HttpServletResponse res, AuthenticationException e) throws IOException {
    write(req, res, ProblemType.UNAUTHENTICATED, "Sign in, or send 'Authorization: Bearer <api token>'");
  }

  @Override
  public void handle(HttpServletRequest req, HttpServletResponse res, AccessDeniedException e) throws IOException {
    String detail = e instanceof CsrfException
        ? "Missing or stale CSRF token: send the XSRF-TOKEN cookie's value as the X-XSRF-TOKEN header"
        : "Your role does not allow " + req.getMethod() + " " + req.getRequestURI();
    write(req, res, ProblemType.FORBIDDEN, detail);
  }

  void write(HttpServletRequest req, HttpServletResponse res, ProblemType type, String detail) throws IOException {
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
