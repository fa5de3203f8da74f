package io.granary.shared.web;

import java.io.IOException;
import java.io.InputStream;
import org.springframework.core.io.ClassPathResource;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/** Serves the API contract the controllers are generated from. */
@RestController
public class OpenApiController {
  private final byte[] spec;

  public OpenApiController() throws IOException {
    try (InputStream in = new ClassPathResource("openapi/openapi.yaml").getInputStream()) {
      spec = in.readAllBytes();
    }
  }

  @GetMapping(value = "/api/v1/openapi.yaml")
  public ResponseEntity<byte[]> spec() {
    return ResponseEntity.ok().contentType(MediaType.parseMediaType("application/yaml")).body(spec);
  }
}
