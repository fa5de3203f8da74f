package io.granary.tables;

import jakarta.validation.constraints.NotNull;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.validation.annotation.Validated;

/**
 * @param sampleInterval how often per-region request counters are written to PostgreSQL (the heatmap's resolution)
 * @param sampleRetention samples older than this are deleted
 * @param codecProbeInterval how often clusters without a codec probe result are looked for
 */
@Validated
@ConfigurationProperties("granary.tables")
public record TablesProperties(@NotNull Duration sampleInterval, @NotNull Duration sampleRetention,
    @NotNull Duration codecProbeInterval) {}
