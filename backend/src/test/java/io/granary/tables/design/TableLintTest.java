package io.granary.tables.design;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

class TableLintTest {
  static final FamilyPlan GOOD = new FamilyPlan("d", Compression.SNAPPY, BloomType.ROW, FamilyPlan.FOREVER);

  /** A plan lint has nothing to say about; each test changes what its code looks at. */
  static final class Plan {
    List<FamilyPlan> families = new ArrayList<>(List.of(GOOD));
    int regionCount = 4;
    boolean salted;
    boolean preSplit = true;
    boolean writeHeavy;
    boolean randomReads;
    long majorCompactionPeriodMs = 604_800_000L;
    boolean compactionScheduled;
    int liveRegionServers = 3;
    List<byte[]> sampleKeys = List.of();

    TablePlan build() {
      return new TablePlan("t", families, regionCount, salted, preSplit, writeHeavy, randomReads,
          majorCompactionPeriodMs, compactionScheduled, liveRegionServers, sampleKeys);
    }
  }

  static List<LintCode> codes(Consumer<Plan> change) {
    Plan p = new Plan();
    change.accept(p);
    return TableLint.lint(p.build()).stream().map(LintFinding::code).toList();
  }

  static List<byte[]> sequential() {
    return SampleKeys.generate(SampleKeys.Kind.SEQUENTIAL_DECIMAL, 100, 1);
  }

  @Test
  void aSensiblePlanHasNoFindings() {
    assertThat(codes(p -> { })).isEmpty();
  }

  @Test
  void sequentialSamplesOnAnUnsplitUnsaltedTableWarn() {
    Plan plan = new Plan();
    plan.preSplit = false;
    plan.regionCount = 1;
    plan.liveRegionServers = 1;
    plan.sampleKeys = sequential();
    List<LintFinding> findings = TableLint.lint(plan.build());
    assertThat(findings).singleElement().satisfies(f -> {
      assertThat(f.code()).isEqualTo(LintCode.SEQUENTIAL_KEYS_UNSPLIT);
      assertThat(f.severity()).isEqualTo(LintSeverity.WARN);
      assertThat(f.message()).contains("100 sample keys");
    });
  }

  @Test
  void sequentialSamplesDoNotWarnWhenSaltedOrPreSplitOrRandom() {
    assertThat(codes(p -> p.sampleKeys = sequential())).isEmpty();
    assertThat(codes(p -> {
      p.preSplit = false;
      p.salted = true;
      p.sampleKeys = sequential();
    })).isEmpty();
    assertThat(codes(p -> {
      p.preSplit = false;
      p.sampleKeys = SampleKeys.generate(SampleKeys.Kind.UUID, 100, 1);
    })).isEmpty();
    // too few samples to call it an order
    assertThat(codes(p -> {
      p.preSplit = false;
      p.sampleKeys = sequential().subList(0, 5);
    })).isEmpty();
  }

  @Test
  void mostlyIncreasingSamplesStillCountAsSequential() {
    List<byte[]> keys = new ArrayList<>(sequential());
    // nine non-increasing pairs among 99 leave 91% increasing; one more leaves 89.9%
    for (int i = 0; i < 18; i += 2) {
      keys.set(i, keys.get(i + 1).clone());
    }
    assertThat(TableLint.looksSequential(keys)).isTrue();
    keys.set(40, keys.get(41).clone());
    assertThat(TableLint.looksSequential(keys)).isFalse();
  }

  @Test
  void fewerRegionsThanLiveServersIsInfo() {
    assertThat(codes(p -> p.liveRegionServers = 5)).containsExactly(LintCode.FEWER_REGIONS_THAN_SERVERS);
    assertThat(LintCode.FEWER_REGIONS_THAN_SERVERS.severity()).isEqualTo(LintSeverity.INFO);
    assertThat(codes(p -> p.liveRegionServers = 4)).isEmpty();
    assertThat(codes(p -> p.liveRegionServers = 0)).as("unknown server count").isEmpty();
  }

  @Test
  void aTtlWithNoMajorCompactionAtAllWarns() {
    FamilyPlan ttl = new FamilyPlan("events", Compression.SNAPPY, BloomType.ROW, 86_400);
    assertThat(codes(p -> {
      p.families = List.of(GOOD, ttl);
      p.majorCompactionPeriodMs = 0;
    })).containsExactly(LintCode.TTL_WITHOUT_MAJOR_COMPACTION);
    assertThat(codes(p -> p.families = List.of(ttl))).as("periodic major compaction on").isEmpty();
    assertThat(codes(p -> {
      p.families = List.of(ttl);
      p.majorCompactionPeriodMs = 0;
      p.compactionScheduled = true;
    })).as("scheduled").isEmpty();
    assertThat(codes(p -> p.majorCompactionPeriodMs = 0)).as("no TTL").isEmpty();
  }

  @Test
  void gzOnAWriteHeavyTableNamesTheFamily() {
    FamilyPlan gz = new FamilyPlan("raw", Compression.GZ, BloomType.ROW, FamilyPlan.FOREVER);
    Plan plan = new Plan();
    plan.families = List.of(GOOD, gz);
    plan.writeHeavy = true;
    assertThat(TableLint.lint(plan.build())).singleElement().satisfies(f -> {
      assertThat(f.code()).isEqualTo(LintCode.GZ_ON_WRITE_HEAVY);
      assertThat(f.message()).contains("raw");
    });
    assertThat(codes(p -> p.families = List.of(gz))).as("not write-heavy").isEmpty();
  }

  @Test
  void randomReadsWithoutABloomFilterWarn() {
    FamilyPlan noBloom = new FamilyPlan("d", Compression.SNAPPY, BloomType.NONE, FamilyPlan.FOREVER);
    assertThat(codes(p -> {
      p.families = List.of(noBloom);
      p.randomReads = true;
    })).containsExactly(LintCode.RANDOM_READ_WITHOUT_BLOOM);
    assertThat(codes(p -> p.families = List.of(noBloom))).as("no random reads").isEmpty();
    assertThat(codes(p -> p.randomReads = true)).as("ROW bloom").isEmpty();
  }

  @Test
  void moreThanThreeFamiliesWarn() {
    FamilyPlan a = new FamilyPlan("a", Compression.NONE, BloomType.ROW, FamilyPlan.FOREVER);
    FamilyPlan b = new FamilyPlan("b", Compression.NONE, BloomType.ROW, FamilyPlan.FOREVER);
    FamilyPlan c = new FamilyPlan("c", Compression.NONE, BloomType.ROW, FamilyPlan.FOREVER);
    assertThat(codes(p -> p.families = List.of(GOOD, a, b, c))).containsExactly(LintCode.TOO_MANY_FAMILIES);
    assertThat(codes(p -> p.families = List.of(GOOD, a, b))).isEmpty();
  }

  @Test
  void everyCodeExplainsItself() {
    for (LintCode c : LintCode.values()) {
      assertThat(c.explanation()).as(c.name()).hasSizeGreaterThan(40);
    }
  }
}
