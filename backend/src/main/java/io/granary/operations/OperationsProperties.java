package io.granary.operations;

import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.validation.annotation.Validated;

/**
 * @param threads operations running at once
 * @param heartbeat how often a running operation's row is touched
 * @param staleAfter an open operation not touched for this long is failed (its runner died)
 * @param singleInstance at start-up, fail every open operation at once: no other instance runs any
 */
@Validated
@ConfigurationProperties("granary.operations")
public record OperationsProperties(@Min(1) int threads, @NotNull Duration heartbeat, @NotNull Duration staleAfter,
    boolean singleInstance) {}
