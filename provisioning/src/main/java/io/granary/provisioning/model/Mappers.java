package io.granary.provisioning.model;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;

/** The shared, configured Jackson mappers. */
public final class Mappers {
  /** Strict on unknown fields: a typo in the spec is an error, not a silently ignored key. */
  public static final ObjectMapper JSON =
      JsonMapper.builder()
          .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
          // "0.40" in an override stays "0.40", not 0.4
          .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
          .enable(SerializationFeature.INDENT_OUTPUT)
          .enable(SerializationFeature.WRITE_ENUMS_USING_TO_STRING)
          .build();

  public static final ObjectMapper YAML =
      YAMLMapper.builder(
              YAMLFactory.builder()
                  .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES)
                  // "30" stays a string for the XML templates, not an int Jinja might reformat
                  .enable(YAMLGenerator.Feature.ALWAYS_QUOTE_NUMBERS_AS_STRINGS)
                  .enable(YAMLGenerator.Feature.INDENT_ARRAYS_WITH_INDICATOR)
                  .disable(YAMLGenerator.Feature.SPLIT_LINES) // one JVM option string per line
                  .build())
          .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
          .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
          .enable(SerializationFeature.WRITE_ENUMS_USING_TO_STRING)
          .build();

  private Mappers() {}
}
