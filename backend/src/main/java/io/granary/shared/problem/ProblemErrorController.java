package io.granary.shared.problem;

import jakarta.servlet.RequestDispatcher;
import jakarta.servlet.http.HttpServletRequest;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.webmvc.error.ErrorController;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * Errors the servlet container answers itself (TRACE, a rejected request, a failure outside MVC) come here
 * instead of Boot's default JSON: the same problem+json as everything else, never a stack trace.
 */
@RestController
public class ProblemErrorController implements ErrorController {
  private static final Logger log = LoggerFactory.getLogger(ProblemErrorController.class);

  @RequestMapping("/error")
  ResponseEntity<ProblemDetail> error(HttpServletRequest req) {
    Object code = req.getAttribute(RequestDispatcher.ERROR_STATUS_CODE);
    int status = code instanceof Integer i ? i : 500;
    Object uri = req.getAttribute(RequestDispatcher.ERROR_REQUEST_URI);
    String instance = uri == null ? null : uri.toString();
    ProblemType type = switch (status) {
      case 400 -> ProblemType.MALFORMED_REQUEST;
      case 401 -> ProblemType.UNAUTHENTICATED;
      case 403 -> ProblemType.FORBIDDEN;
      case 404 -> ProblemType.NOT_FOUND;
      case 405 -> ProblemType.METHOD_NOT_ALLOWED;
      case 406 -> ProblemType.NOT_ACCEPTABLE;
      case 415 -> ProblemType.UNSUPPORTED_MEDIA_TYPE;
      default -> ProblemType.INTERNAL_ERROR;
    };
    Object method = req.getAttribute("jakarta.servlet.error.method");
    ProblemDetail pd = Problems.detail(type, type == ProblemType.METHOD_NOT_ALLOWED && method != null
        ? method + " is not supported here" : null, instance);
    if (type == ProblemType.INTERNAL_ERROR) {
      Problems.withTraceId(pd);
      log.error("container error {} on {} traceId={}", status, instance, pd.getProperties().get("traceId"),
          (Throwable) req.getAttribute(RequestDispatcher.ERROR_EXCEPTION));
    }
    return Problems.response(pd);
  }
}
