package io.granary.tables.design;

import io.granary.tables.keys.RowKeys;
import java.util.ArrayList;
import java.util.List;

/** Design problems in a planned table, found before it exists. Pure: unit-tested. */
public final class TableLint {
  static final int MAX_FAMILIES = 3;
  /** Fewer samples than this say nothing about order. */
  static final int MIN_SAMPLES_FOR_ORDER = 10;
  static final double SEQUENTIAL_SHARE = 0.9;

  private TableLint() {}

  /** Findings in {@link LintCode} order. */
  public static List<LintFinding> lint(TablePlan p) {
    List<LintFinding> findings = new ArrayList<>();
    if (!p.salted() && !p.preSplit() && looksSequential(p.sampleKeys())) {
      findings.add(LintFinding.of(LintCode.SEQUENTIAL_KEYS_UNSPLIT, "the " + p.sampleKeys().size()
          + " sample keys increase in write order and the table starts as one region"));
    }
    if (p.liveRegionServers() > 0 && p.regionCount() < p.liveRegionServers()) {
      findings.add(LintFinding.of(LintCode.FEWER_REGIONS_THAN_SERVERS, p.regionCount() + " region(s) for "
          + p.liveRegionServers() + " live RegionServers"));
    }
    List<String> ttlFamilies = p.families().stream().filter(FamilyPlan::hasTtl).map(FamilyPlan::name).toList();
    if (!ttlFamilies.isEmpty() && p.majorCompactionPeriodMs() == 0 && !p.compactionScheduled()) {
      findings.add(LintFinding.of(LintCode.TTL_WITHOUT_MAJOR_COMPACTION, "TTL on " + String.join(", ", ttlFamilies)
          + " with periodic major compaction off and no compaction schedule"));
    }
    for (FamilyPlan f : p.families()) {
      if (p.writeHeavy() && f.compression() == Compression.GZ) {
        findings.add(LintFinding.of(LintCode.GZ_ON_WRITE_HEAVY, "family " + f.name() + " uses GZ on a write-heavy "
            + "table"));
      }
    }
    for (FamilyPlan f : p.families()) {
      if (p.randomReads() && f.bloom() == BloomType.NONE) {
        findings.add(LintFinding.of(LintCode.RANDOM_READ_WITHOUT_BLOOM, "family " + f.name() + " has no bloom "
            + "filter and the table serves random reads"));
      }
    }
    if (p.families().size() > MAX_FAMILIES) {
      findings.add(LintFinding.of(LintCode.TOO_MANY_FAMILIES, p.families().size() + " column families (more than "
          + MAX_FAMILIES + ")"));
    }
    return List.copyOf(findings);
  }

  /**
   * Monotonic write order: at least 90% of consecutive samples increase (unsigned byte order). A share rather than
   * all, so a few out-of-order writes (clock skew, retries) do not hide a time-ordered key.
   */
  static boolean looksSequential(List<byte[]> samples) {
    if (samples.size() < MIN_SAMPLES_FOR_ORDER) {
      return false;
    }
    int increasing = 0;
    for (int i = 1; i < samples.size(); i++) {
      if (RowKeys.compare(samples.get(i - 1), samples.get(i)) < 0) {
        increasing++;
      }
    }
    return increasing >= SEQUENTIAL_SHARE * (samples.size() - 1);
  }
}
