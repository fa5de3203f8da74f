package io.granary.compactions;

import jakarta.validation.constraints.NotNull;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.validation.annotation.Validated;

/**
 * @param tick how often windows are checked, orphaned runs adopted and the compaction switch re-applied
 * @param poll how often a run polls the compaction state of the regions it started
 * @param staleAfter a run whose runner has not heartbeated for this long is adopted by another runner
 */
@Validated
@ConfigurationProperties("granary.compactions")
public record CompactionsProperties(@NotNull Duration tick, @NotNull Duration poll, @NotNull Duration staleAfter) {}
