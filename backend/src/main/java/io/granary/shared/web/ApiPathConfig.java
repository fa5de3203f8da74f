package io.granary.shared.web;

import java.util.Arrays;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.servlet.config.annotation.PathMatchConfigurer;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/**
 * Generated interfaces map paths relative to the contract's server URL (/api/v1); controllers
 * implementing them get that prefix here, in one place.
 */
@Configuration
public class ApiPathConfig implements WebMvcConfigurer {
  public static final String API_PREFIX = "/api/v1";
  static final String GENERATED_PACKAGE = "io.granary.api";

  @Override
  public void configurePathMatch(PathMatchConfigurer configurer) {
    configurer.addPathPrefix(API_PREFIX, ApiPathConfig::implementsGeneratedApi);
  }

  static boolean implementsGeneratedApi(Class<?> type) {
    return Arrays.stream(type.getInterfaces()).anyMatch(i -> GENERATED_PACKAGE.equals(i.getPackageName()));
  }
}
