package io.granary.shared.problem;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.validation.ConstraintViolationException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.security.access.AccessDeniedException;
import org.springframework.security.authorization.AuthorizationDeniedException;
import org.springframework.web.HttpMediaTypeNotAcceptableException;
import org.springframework.web.HttpMediaTypeNotSupportedException;
import org.springframework.web.HttpRequestMethodNotSupportedException;
import org.springframework.web.bind.MethodArgumentNotValidException;
import org.springframework.web.bind.MissingServletRequestParameterException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.method.annotation.HandlerMethodValidationException;
import org.springframework.web.method.annotation.MethodArgumentTypeMismatchException;
import org.springframework.web.multipart.MultipartException;
import org.springframework.web.servlet.resource.NoResourceFoundException;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.exc.InvalidNullException;

/** The one place errors become problem+json. Stack traces stay in the log. */
@RestControllerAdvice
public class ProblemHandler {
  private static final Pattern ACCEPTED_VALUES = Pattern.compile("accepted for Enum class: (\\[[^]]*])");
  private static final Pattern DUPLICATE = Pattern.compile("Duplicate (?:Object )?(?:property|field) ['\"]([^'\"]{0,80})['\"]");
  private static final Logger log = LoggerFactory.getLogger(ProblemHandler.class);

  @ExceptionHandler(ProblemException.class)
  ResponseEntity<ProblemDetail> problem(ProblemException e, HttpServletRequest req) {
    ProblemDetail pd = Problems.detail(e.type(), e.getMessage(), req.getRequestURI());
    if (!e.fields().isEmpty()) {
      Problems.withErrors(pd, e.fields().stream()
          .map(f -> Map.of("field", f.field(), "message", f.message())).toList());
    }
    return Problems.response(pd);
  }

  @ExceptionHandler(MethodArgumentNotValidException.class)
  ResponseEntity<ProblemDetail> invalidBody(MethodArgumentNotValidException e, HttpServletRequest req) {
    List<Map<String, String>> errors = new ArrayList<>();
    for (var fe : e.getBindingResult().getFieldErrors()) {
      errors.add(Map.of("field", fe.getField(), "message", String.valueOf(fe.getDefaultMessage())));
    }
    e.getBindingResult().getGlobalErrors()
        .forEach(ge -> errors.add(Map.of("field", ge.getObjectName(), "message", String.valueOf(ge.getDefaultMessage()))));
    ProblemDetail pd = Problems.detail(ProblemType.VALIDATION_FAILED,
        errors.size() + " field(s) invalid", req.getRequestURI());
    return Problems.response(Problems.withErrors(pd, errors));
  }

  @ExceptionHandler(HandlerMethodValidationException.class)
  ResponseEntity<ProblemDetail> invalidParameters(HandlerMethodValidationException e, HttpServletRequest req) {
    List<Map<String, String>> errors = new ArrayList<>();
    e.getParameterValidationResults().forEach(r -> r.getResolvableErrors().forEach(err ->
        errors.add(Map.of("field", r.getMethodParameter().getParameterName() == null
            ? "parameter" : r.getMethodParameter().getParameterName(),
            "message", String.valueOf(err.getDefaultMessage())))));
    // only path and query parameters at fault: invalid-parameter, as for a wrong type; a body too: validation-failed
    boolean parametersOnly = e.getBeanResults().isEmpty();
    ProblemDetail pd = Problems.detail(parametersOnly ? ProblemType.INVALID_PARAMETER : ProblemType.VALIDATION_FAILED,
        errors.size() + " parameter(s) invalid", req.getRequestURI());
    return Problems.response(Problems.withErrors(pd, errors));
  }

  @ExceptionHandler(ConstraintViolationException.class)
  ResponseEntity<ProblemDetail> constraint(ConstraintViolationException e, HttpServletRequest req) {
    List<Map<String, String>> errors = new ArrayList<>();
    boolean parametersOnly = true;
    for (var v : e.getConstraintViolations()) {
      List<jakarta.validation.Path.Node> nodes = new ArrayList<>();
      v.getPropertyPath().forEach(nodes::add);
      // method.parameter: a path or query parameter broke its constraint; anything deeper is in a body
      boolean parameter = nodes.size() == 2 && nodes.get(1).getKind() == jakarta.validation.ElementKind.PARAMETER;
      parametersOnly &= parameter;
      errors.add(Map.of("field", parameter ? nodes.get(1).getName() : v.getPropertyPath().toString(),
          "message", v.getMessage()));
    }
    ProblemType type = parametersOnly ? ProblemType.INVALID_PARAMETER : ProblemType.VALIDATION_FAILED;
    return Problems.response(Problems.withErrors(
        Problems.detail(type, errors.size() + " value(s) invalid", req.getRequestURI()), errors));
  }

  @ExceptionHandler(HttpMessageNotReadableException.class)
  ResponseEntity<ProblemDetail> unreadable(HttpMessageNotReadableException e, HttpServletRequest req) {
    if (e.getMessage() != null && e.getMessage().contains("Required request body is missing")) {
      return Problems.response(Problems.detail(ProblemType.MALFORMED_REQUEST, "The request body is missing",
          req.getRequestURI()));
    }
    // A value of the wrong type or enum names its field; plain syntax errors have no field.
    if (e.getCause() instanceof JacksonException je && !je.getPath().isEmpty()) {
      String field = je.getPath().stream()
          .map(r -> r.getPropertyName() != null ? r.getPropertyName() : "[" + r.getIndex() + "]")
          .collect(Collectors.joining(".")).replace(".[", "[");
      String msg = je.getOriginalMessage();
      Matcher accepted = ACCEPTED_VALUES.matcher(msg == null ? "" : msg);
      String message = accepted.find() ? "must be one of " + accepted.group(1)
          : je instanceof InvalidNullException ? "must not be null (leave an optional field out instead)"
          : "has the wrong type or format";
      ProblemDetail pd = Problems.detail(ProblemType.VALIDATION_FAILED, "1 field(s) invalid", req.getRequestURI());
      return Problems.response(Problems.withErrors(pd, List.of(Map.of("field", field, "message", message))));
    }
    String msg = e.getMessage() == null ? "" : e.getMessage();
    Matcher dup = DUPLICATE.matcher(msg);
    if (dup.find()) {
      return Problems.response(Problems.detail(ProblemType.MALFORMED_REQUEST,
          "The request body names '" + dup.group(1) + "' twice; send each field once", req.getRequestURI()));
    }
    return Problems.response(Problems.detail(ProblemType.MALFORMED_REQUEST,
        "The request body is not valid JSON", req.getRequestURI()));
  }

  @ExceptionHandler(MethodArgumentTypeMismatchException.class)
  ResponseEntity<ProblemDetail> typeMismatch(MethodArgumentTypeMismatchException e, HttpServletRequest req) {
    ProblemDetail pd = Problems.detail(ProblemType.INVALID_PARAMETER,
        "'" + e.getName() + "' has an invalid value", req.getRequestURI());
    return Problems.response(Problems.withErrors(pd,
        List.of(Map.of("field", e.getName(), "message", "invalid value '" + e.getValue() + "'"))));
  }

  @ExceptionHandler(MissingServletRequestParameterException.class)
  ResponseEntity<ProblemDetail> missingParam(MissingServletRequestParameterException e, HttpServletRequest req) {
    ProblemDetail pd = Problems.detail(ProblemType.INVALID_PARAMETER,
        "'" + e.getParameterName() + "' is required", req.getRequestURI());
    return Problems.response(Problems.withErrors(pd,
        List.of(Map.of("field", e.getParameterName(), "message", "required"))));
  }

  @ExceptionHandler(HttpRequestMethodNotSupportedException.class)
  ResponseEntity<ProblemDetail> method(HttpRequestMethodNotSupportedException e, HttpServletRequest req) {
    ProblemDetail pd = Problems.detail(ProblemType.METHOD_NOT_ALLOWED, e.getMethod() + " is not supported here",
        req.getRequestURI());
    var allowed = e.getSupportedHttpMethods();
    return ResponseEntity.status(pd.getStatus()).contentType(Problems.PROBLEM_JSON)
        .headers(h -> {
          if (allowed != null) {
            h.setAllow(allowed);
          }
        }).body(pd);
  }

  /** Tomcat refuses a query string it cannot parse (e.g. a parameter with no name, "?=x"). */
  @ExceptionHandler(org.apache.tomcat.util.http.InvalidParameterException.class)
  ResponseEntity<ProblemDetail> badQuery(Exception e, HttpServletRequest req) {
    return Problems.response(Problems.detail(ProblemType.INVALID_PARAMETER,
        "The query string could not be read: every parameter needs a name", req.getRequestURI()));
  }

  /** PostgreSQL stores no NUL character in text: a value carrying one is the caller's 400, not our 500. */
  @ExceptionHandler(org.springframework.dao.DataIntegrityViolationException.class)
  ResponseEntity<ProblemDetail> integrity(org.springframework.dao.DataIntegrityViolationException e,
      HttpServletRequest req) {
    String msg = String.valueOf(e.getMessage());
    if (msg.contains("invalid byte sequence") && msg.contains("0x00")) {
      return Problems.response(Problems.detail(ProblemType.VALIDATION_FAILED,
          "A text value contains a NUL character (\\u0000), which cannot be stored", req.getRequestURI()));
    }
    return unexpected(e, req);
  }

  @ExceptionHandler(MultipartException.class)
  ResponseEntity<ProblemDetail> multipart(MultipartException e, HttpServletRequest req) {
    return Problems.response(Problems.detail(ProblemType.UNSUPPORTED_MEDIA_TYPE,
        "No operation takes a multipart body; send application/json", req.getRequestURI()));
  }

  @ExceptionHandler(HttpMediaTypeNotAcceptableException.class)
  ResponseEntity<ProblemDetail> notAcceptable(HttpMediaTypeNotAcceptableException e, HttpServletRequest req) {
    return Problems.response(Problems.detail(ProblemType.NOT_ACCEPTABLE,
        "This operation answers application/json (errors application/problem+json)", req.getRequestURI()));
  }

  @ExceptionHandler(HttpMediaTypeNotSupportedException.class)
  ResponseEntity<ProblemDetail> mediaType(HttpMediaTypeNotSupportedException e, HttpServletRequest req) {
    return Problems.response(Problems.detail(ProblemType.UNSUPPORTED_MEDIA_TYPE,
        "Content type " + e.getContentType() + " is not supported; send application/json", req.getRequestURI()));
  }

  @ExceptionHandler(NoResourceFoundException.class)
  ResponseEntity<ProblemDetail> noResource(NoResourceFoundException e, HttpServletRequest req) {
    return Problems.response(Problems.detail(ProblemType.NOT_FOUND, "No resource at this path", req.getRequestURI()));
  }

  @ExceptionHandler({AccessDeniedException.class, AuthorizationDeniedException.class})
  ResponseEntity<ProblemDetail> denied(RuntimeException e, HttpServletRequest req) {
    return Problems.response(Problems.detail(ProblemType.FORBIDDEN, null, req.getRequestURI()));
  }

  @ExceptionHandler(Exception.class)
  ResponseEntity<ProblemDetail> unexpected(Exception e, HttpServletRequest req) {
    ProblemDetail pd = Problems.withTraceId(Problems.detail(ProblemType.INTERNAL_ERROR,
        "Something went wrong on the server; the log has the details under the trace id", req.getRequestURI()));
    log.error("unhandled error on {} {} traceId={}", req.getMethod(), req.getRequestURI(), pd.getProperties().get("traceId"), e);
    return Problems.response(pd);
  }
}
