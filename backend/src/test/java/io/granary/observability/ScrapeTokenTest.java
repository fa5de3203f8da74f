package io.granary.observability;

import static org.assertj.core.api.Assertions.assertThat;

import io.granary.security.SecurityProperties;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ScrapeTokenTest {
  @TempDir Path dir;

  @Test
  void createdOnceReadableByTheOwnerOnlyAndKeptAcrossRestarts() throws Exception {
    ScrapeToken first = new ScrapeToken(new SecurityProperties(null, dir.toString()));
    String t = first.value();
    Path f = dir.resolve(ScrapeToken.FILE);
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(f))).isEqualTo("rw-------");
    assertThat(t).startsWith("grs_").hasSize(68);
    ScrapeToken again = new ScrapeToken(new SecurityProperties(null, dir.toString()));
    assertThat(again.value()).isEqualTo(t);
    assertThat(again.matches(t)).isTrue();
    assertThat(again.matches(t.substring(0, 67) + "x")).isFalse();
    assertThat(again.matches(null)).isFalse();
  }

  @Test
  void onlyTheScrapeAndTheWebhookAcceptIt() {
    assertThat(ScrapeToken.allows("GET", "/actuator/prometheus")).isTrue();
    assertThat(ScrapeToken.allows("POST", "/api/v1/alerts/webhook")).isTrue();
    assertThat(ScrapeToken.allows("GET", "/api/v1/clusters")).isFalse();
    assertThat(ScrapeToken.allows("POST", "/actuator/prometheus")).isFalse();
    assertThat(ScrapeToken.allows("DELETE", "/api/v1/clusters/1/alerts/silences/x")).isFalse();
  }
}
