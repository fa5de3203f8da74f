package io.granary.shared.web;

import io.granary.shared.problem.FieldError;
import io.granary.shared.problem.ProblemException;
import java.lang.reflect.Type;
import java.util.List;
import org.springframework.core.MethodParameter;
import org.springframework.http.HttpInputMessage;
import org.springframework.http.converter.HttpMessageConverter;
import org.springframework.web.bind.annotation.ControllerAdvice;
import org.springframework.web.servlet.mvc.method.annotation.RequestBodyAdviceAdapter;

/**
 * A body that is the JSON literal {@code null} is refused: every request body is an object in the
 * contract, and an optional one is left out rather than sent as null (Spring would take both as absent).
 */
@ControllerAdvice
public class NullBodyAdvice extends RequestBodyAdviceAdapter {
  @Override
  public boolean supports(MethodParameter parameter, Type targetType,
      Class<? extends HttpMessageConverter<?>> converterType) {
    return true;
  }

  @Override
  public Object afterBodyRead(Object body, HttpInputMessage inputMessage, MethodParameter parameter, Type targetType,
      Class<? extends HttpMessageConverter<?>> converterType) {
    if (body == null) {
      throw ProblemException.invalid(List.of(new FieldError("body", "must be a JSON object, not null; leave an "
          + "optional body out instead")));
    }
    return body;
  }
}
