package io.granary.benchmarks;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.validation.annotation.Validated;

/**
 * @param agentHome the bench agent's distribution (storage/bench/target/granary-bench when built here)
 * @param workDir where run configs and agent logs go
 * @param agentHeap the agent JVM's heap
 * @param stopGrace how long a cancelled agent gets to report its last interval before SIGKILL
 */
@Validated
@ConfigurationProperties("granary.benchmarks")
public record BenchmarksProperties(@NotBlank String agentHome, @NotBlank String workDir, @NotBlank String agentHeap,
    @NotNull Duration stopGrace) {}
