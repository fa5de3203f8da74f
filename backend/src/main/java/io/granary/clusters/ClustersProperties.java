package io.granary.clusters;

import jakarta.validation.constraints.NotNull;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.validation.annotation.Validated;

/**
 * @param collectInterval how often each cluster's state is refreshed into the cache
 * @param collectTimeout a collection slower than this is abandoned and reported
 * @param staleAfter state older than this makes the health DEGRADED (STATE_STALE)
 * @param localDir the local cluster's directory (GRANARY_LOCAL_DIR); registered as "local" at start-up
 * @param register a cluster registered (or its endpoints updated) at start-up, e.g. the compose
 *     appliance's (GRANARY_CLUSTER_*); none when its name is blank
 */
@Validated
@ConfigurationProperties("granary.clusters")
public record ClustersProperties(@NotNull Duration collectInterval, @NotNull Duration collectTimeout,
    @NotNull Duration staleAfter, String localDir, Register register) {

  /** Endpoints as {@code POST /clusters} takes them. */
  public record Register(String name, String zookeeper, String namenode, String namenodeWeb, String masterWeb) {
    public boolean wanted() {
      return name != null && !name.isBlank();
    }
  }
}
