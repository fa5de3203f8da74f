package io.granary.hosts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.mockito.Mockito.mock;

import io.granary.security.SecurityProperties;
import io.granary.shared.problem.FieldError;
import io.granary.shared.problem.ProblemException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HostsServiceTest {
  @TempDir Path dir;

  private List<String> fields(HostsService.Input in) {
    HostsService s = new HostsService(mock(HostRepository.class), new SecretBox(new SecurityProperties(null,
        dir.toString())));
    ProblemException e = catchThrowableOfType(ProblemException.class, () -> s.add(in, "admin"));
    return e.fields().stream().map(FieldError::field).toList();
  }

  @Test
  void badHostInputNamesEveryField() {
    assertThat(fields(new HostsService.Input("10.0.0.1; rm -rf /", null, "root", "-----BEGIN OPENSSH PRIVATE KEY-----",
        null, null, null, null))).containsExactly("address");
    assertThat(fields(new HostsService.Input("10.0.0.1", null, "Root User", "not a key", 0, 100,
        List.of("data"), null))).containsExactly("sshUser", "privateKey", "cores", "ramMb", "dataDisks[0]");
  }

  @Test
  void fingerprintsAreStableAndShort() {
    assertThat(HostsService.fingerprint("k".getBytes())).startsWith("sha256:").hasSize(23)
        .isEqualTo(HostsService.fingerprint("k".getBytes()));
  }
}
