package io.granary.shared.web;

import com.fasterxml.jackson.annotation.JsonSetter;
import com.fasterxml.jackson.annotation.Nulls;
import io.granary.shared.problem.FieldError;
import io.granary.shared.problem.ProblemException;
import io.granary.shared.problem.ProblemType;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.util.List;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.MethodParameter;
import org.springframework.http.converter.HttpMessageConverter;
import org.springframework.http.converter.json.JacksonJsonHttpMessageConverter;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ValueConstants;
import org.springframework.web.method.HandlerMethod;
import org.springframework.web.servlet.HandlerInterceptor;
import org.springframework.web.servlet.config.annotation.InterceptorRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;
import tools.jackson.databind.cfg.CoercionAction;
import tools.jackson.databind.cfg.CoercionInputShape;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.type.LogicalType;

/**
 * Request bodies are read as the schema says, not as Jackson would forgive: an explicit null, a null in
 * a list, {@code "name": false} for a string or {@code "3"} for a number are 400s naming the field. The
 * application's own mapper (stored JSON, agent output) stays lenient; only the API's converter is strict.
 * Likewise a query parameter that is a number, date or enum may be left out but not sent empty
 * ({@code ?to=}): Spring would read that as "not given".
 */
@Configuration
public class ApiStrictness implements WebMvcConfigurer {
  private final JsonMapper mapper;

  public ApiStrictness(JsonMapper mapper) {
    this.mapper = mapper;
  }

  static JsonMapper strict(JsonMapper base) {
    JsonMapper.Builder b = base.rebuild();
    return b.changeDefaultNullHandling(v -> JsonSetter.Value.construct(Nulls.FAIL, Nulls.FAIL))
        .withCoercionConfig(LogicalType.Textual, c -> c.setCoercion(CoercionInputShape.Boolean, CoercionAction.Fail)
            .setCoercion(CoercionInputShape.Integer, CoercionAction.Fail)
            .setCoercion(CoercionInputShape.Float, CoercionAction.Fail))
        .withCoercionConfig(LogicalType.Integer, c -> c.setCoercion(CoercionInputShape.String, CoercionAction.Fail)
            .setCoercion(CoercionInputShape.Float, CoercionAction.Fail)
            .setCoercion(CoercionInputShape.Boolean, CoercionAction.Fail))
        .withCoercionConfig(LogicalType.Float, c -> c.setCoercion(CoercionInputShape.String, CoercionAction.Fail)
            .setCoercion(CoercionInputShape.Boolean, CoercionAction.Fail))
        .withCoercionConfig(LogicalType.Boolean, c -> c.setCoercion(CoercionInputShape.String, CoercionAction.Fail)
            .setCoercion(CoercionInputShape.Integer, CoercionAction.Fail))
        .build();
  }

  @Override
  public void addInterceptors(InterceptorRegistry registry) {
    registry.addInterceptor(new HandlerInterceptor() {
      @Override
      public boolean preHandle(HttpServletRequest req, HttpServletResponse res, Object handler) {
        if (handler instanceof HandlerMethod hm) {
          for (MethodParameter p : hm.getMethodParameters()) {
            RequestParam rp = p.getParameterAnnotation(RequestParam.class);
            // a string may be empty on purpose, unless leaving it empty would silently mean its default
            if (rp == null
                || (p.getParameterType() == String.class && ValueConstants.DEFAULT_NONE.equals(rp.defaultValue()))) {
              continue;
            }
            String name = rp.name().isEmpty() ? rp.value() : rp.name();
            String raw = req.getParameter(name);
            if (raw != null && raw.isBlank()) {
              throw new ProblemException(ProblemType.INVALID_PARAMETER, "'" + name + "' is empty: give a value or"
                  + " leave the parameter out", List.of(new FieldError(name, "must not be empty")));
            }
          }
        }
        return true;
      }
    }).addPathPatterns("/api/**");
  }

  @Override
  public void extendMessageConverters(List<HttpMessageConverter<?>> converters) {
    JsonMapper strict = strict(mapper);
    for (int i = 0; i < converters.size(); i++) {
      if (converters.get(i) instanceof JacksonJsonHttpMessageConverter) {
        converters.set(i, new JacksonJsonHttpMessageConverter(strict.rebuild()));
      }
    }
  }
}
