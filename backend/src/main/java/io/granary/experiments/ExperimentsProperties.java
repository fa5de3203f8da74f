package io.granary.experiments;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.validation.annotation.Validated;

/**
 * @param nodeHome the node distribution whose {@code bin/granary-node} runs the experiments' tools
 * @param workDir where the tools' logs go
 * @param stopGrace how long a cancelled tool gets after SIGTERM before SIGKILL
 */
@Validated
@ConfigurationProperties("granary.experiments")
public record ExperimentsProperties(@NotBlank String nodeHome, @NotBlank String workDir, @NotNull Duration stopGrace) {}
