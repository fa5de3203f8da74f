package io.granary.tables.design;

/** Stable table-lint codes: the UI maps each to its text and the API exposes the names, so never rename one. */
public enum LintCode {
  SEQUENTIAL_KEYS_UNSPLIT(LintSeverity.WARN, "Sample keys increase monotonically and the table is neither salted "
      + "nor pre-split: every write goes to the one region holding the newest key, so one RegionServer takes the "
      + "whole write load. Salt the keys (or reverse/hash a prefix); pre-splitting alone spreads random keys only."),
  FEWER_REGIONS_THAN_SERVERS(LintSeverity.INFO, "The table starts with fewer regions than there are live "
      + "RegionServers, so some servers carry none of it until regions split. Pre-split into at least one region "
      + "per server if the table will be busy from the start."),
  TTL_WITHOUT_MAJOR_COMPACTION(LintSeverity.WARN, "A family has a TTL, but periodic major compaction is off and no "
      + "compaction is scheduled: expired cells are hidden from reads but stay on disk until a compaction rewrites "
      + "their files. Schedule a major compaction."),
  GZ_ON_WRITE_HEAVY(LintSeverity.INFO, "GZ compresses well but costs much CPU on every flush and compaction; on a "
      + "write-heavy table prefer SNAPPY, LZ4 or ZSTD."),
  RANDOM_READ_WITHOUT_BLOOM(LintSeverity.WARN, "Random point reads without a bloom filter open every store file of "
      + "the region to look for the row. Use BLOOMFILTER ROW (HBase's default) or ROWCOL."),
  TOO_MANY_FAMILIES(LintSeverity.WARN, "More than three column families: families flush and compact together per "
      + "region, so a small family is dragged along by a large one. Prefer one or two families; put columns read "
      + "together in the same family.");

  private final LintSeverity severity;
  private final String explanation;

  LintCode(LintSeverity severity, String explanation) {
    this.severity = severity;
    this.explanation = explanation;
  }

  public LintSeverity severity() {
    return severity;
  }

  public String explanation() {
    return explanation;
  }
}
