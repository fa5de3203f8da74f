package io.granary.erasurecoding;

import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.validation.annotation.Validated;

/**
 * @param tick how often conversions whose control plane stopped are looked for and adopted
 * @param staleAfter a conversion not heartbeated for this long is adopted by another control plane
 * @param hbaseRoot HBase's root directory in HDFS (its WALs, MasterData and oldWALs stay replicated)
 * @param parallelFiles how many files a conversion copies at once (each one encoded by the HDFS client)
 */
@Validated
@ConfigurationProperties("granary.erasurecoding")
public record ErasureCodingProperties(@NotNull Duration tick, @NotNull Duration staleAfter, @NotNull String hbaseRoot,
    @Min(1) @Max(64) int parallelFiles) {}
