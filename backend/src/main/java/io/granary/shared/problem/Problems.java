package io.granary.shared.problem;

import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;

/** Builds RFC 9457 documents; used by the MVC handler and the security entry points alike. */
public final class Problems {
  public static final MediaType PROBLEM_JSON = MediaType.APPLICATION_PROBLEM_JSON;

  private Problems() {}

  public static ProblemDetail detail(ProblemType type, String detail, String instance) {
    ProblemDetail pd = ProblemDetail.forStatusAndDetail(type.status(), detail == null ? type.title() : detail);
    pd.setType(URI.create(type.typeUri()));
    pd.setTitle(type.title());
    if (instance != null) {
      try {
        pd.setInstance(URI.create(instance));
      } catch (IllegalArgumentException e) {
        // a request path that is not a valid URI is named nowhere rather than failing the error itself
      }
    }
    pd.setProperty("code", type.code());
    return pd;
  }

  public static ProblemDetail withErrors(ProblemDetail pd, List<Map<String, String>> errors) {
    pd.setProperty("errors", errors);
    return pd;
  }

  public static ProblemDetail withTraceId(ProblemDetail pd) {
    pd.setProperty("traceId", UUID.randomUUID().toString());
    return pd;
  }

  public static ResponseEntity<ProblemDetail> response(ProblemDetail pd) {
    return ResponseEntity.status(pd.getStatus()).contentType(PROBLEM_JSON).body(pd);
  }
}
