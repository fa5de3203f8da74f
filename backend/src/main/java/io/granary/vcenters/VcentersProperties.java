package io.granary.vcenters;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.validation.annotation.Validated;

/**
 * @param govc the govc executable (tools/vsphere/build.sh builds var/gobin/govc); a relative path
 *     is looked up from the working directory, then from its parent (tests run in backend/)
 * @param timeout how long one govc call may take before the vCenter counts as unreachable
 */
@Validated
@ConfigurationProperties("granary.vcenters")
public record VcentersProperties(@NotBlank String govc, @NotNull Duration timeout) {

  public Path govcPath() {
    Path p = Path.of(govc);
    if (p.isAbsolute() || Files.exists(p)) {
      return p.toAbsolutePath();
    }
    Path up = Path.of("..").resolve(p).toAbsolutePath().normalize();
    return Files.exists(up) ? up : p.toAbsolutePath();
  }
}
