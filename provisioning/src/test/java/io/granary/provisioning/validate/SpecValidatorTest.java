package io.granary.provisioning.validate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.granary.provisioning.PlanResult;
import io.granary.provisioning.Planner;
import io.granary.provisioning.model.Finding;
import io.granary.provisioning.model.FindingCode;
import io.granary.provisioning.model.Severity;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The overrides and role-group overrides checks, through the planner. */
class SpecValidatorTest {
  static final String HOSTS =
      """
      name: c
      profile: lab
      hosts:
        - {address: 10.1.0.1, hostname: h1, cores: 4, ramGb: 8, dataDisks: [/d1]}
        - {address: 10.1.0.2, hostname: h2, cores: 4, ramGb: 8, dataDisks: [/d1]}
        - {address: 10.1.0.3, hostname: h3, cores: 4, ramGb: 8, dataDisks: [/d1]}
      """;

  static PlanResult plan(String yaml) {
    return new Planner().plan(HOSTS + yaml);
  }

  static Finding only(PlanResult r, FindingCode code) {
    List<Finding> found = r.findings().stream().filter(f -> f.code() == code).toList();
    assertEquals(1, found.size(), r.findings()::toString);
    return found.get(0);
  }

  @Test
  void aWrongTypeInARoleGroupIsAnErrorNamingTheTypeAtTheRolesPath() {
    PlanResult r =
        plan(
            "roleOverrides: {regionserver: {hbase-site:"
                + " {hbase.regionserver.handler.count: lots}}}\n");
    Finding f = only(r, FindingCode.INVALID_OVERRIDE_VALUE);
    assertEquals(
        "roleOverrides.regionserver.hbase-site[\"hbase.regionserver.handler.count\"]", f.field());
    assertEquals(
        "hbase.regionserver.handler.count takes int (a whole number, at least 1); got 'lots'",
        f.message());
    assertEquals(null, r.plan());
  }

  @Test
  void aWrongTypeInTheClusterWideOverridesIsAnErrorToo() {
    PlanResult r =
        plan(
            """
            overrides:
              hbase-site: {hbase.hregion.memstore.flush.size: 1.5g, hfile.block.cache.size: 0.9}
              hdfs-site: {dfs.replication: 0, dfs.permissions.enabled: "yes"}
              zoo.cfg: {tickTime: 2s}
            """);
    List<String> errors =
        r.findings().stream()
            .filter(Finding::isError)
            .map(f -> f.field() + ": " + f.message())
            .toList();
    assertEquals(
        List.of(
            "overrides.hbase-site[\"hbase.hregion.memstore.flush.size\"]:"
                + " hbase.hregion.memstore.flush.size takes bytes (a size in bytes, optionally with"
                + " k, m, g or t (e.g. 128m), at least 1048576 (1m)); got '1.5g'",
            "overrides.hbase-site[\"hfile.block.cache.size\"]: hfile.block.cache.size takes float"
                + " (a number, between 0 and 0.8); got '0.9'",
            "overrides.hdfs-site[\"dfs.permissions.enabled\"]: dfs.permissions.enabled takes bool"
                + " (true or false); got 'yes'",
            "overrides.hdfs-site[\"dfs.replication\"]: dfs.replication takes int (a whole number,"
                + " between 1 and 512); got '0'",
            "overrides.zoo.cfg[\"tickTime\"]: tickTime takes duration-ms (a whole number of"
                + " milliseconds, at least 1); got '2s'"),
        errors);
  }

  @Test
  void typedValuesThatFitPlan() {
    PlanResult r =
        plan(
            """
            overrides:
              hbase-site: {hbase.hregion.max.filesize: 20g, hbase.rpc.timeout: 120000}
            roleOverrides:
              regionserver:
                hbase-site: {hbase.regionserver.handler.count: 60, hfile.block.cache.size: 0.3}
              datanode:
                hdfs-site:
                  dfs.datanode.handler.count: 20
                  dfs.datanode.balance.bandwidthPerSec: 200m
              hbase_master:
                hbase-site: {hbase.balancer.period: 60000}
            """);
    assertTrue(r.ok(), r.findings()::toString);
    assertTrue(
        r.findings().stream().noneMatch(f -> f.field().contains("verrides")),
        r.findings()::toString);
  }

  @Test
  void anUnknownRoleOrAFileTheRoleDoesNotReadIsAnError() {
    PlanResult r =
        plan(
            """
            roleOverrides:
              gateway: {hbase-site: {hbase.rpc.timeout: 1000}}
              datanode: {hbase-site: {hbase.rpc.timeout: 1000}}
              zookeeper: {log4j: {rootLogger: DEBUG}}
              regionserver: {jvm-heaps: {regionserver: 4g}}
            """);
    assertEquals(
        List.of(
            "unknown-override-file roleOverrides.datanode.hbase-site: datanode does not read"
                + " hbase-site; datanode reads core-site, hdfs-site",
            "unknown-role roleOverrides.gateway: unknown role 'gateway'; one of zookeeper,"
                + " journalnode, namenode, zkfc, hbase_master, datanode, regionserver",
            "unknown-override-file roleOverrides.regionserver.jvm-heaps: jvm-heaps are per role"
                + " already: set them under overrides.jvm-heaps; regionserver reads core-site,"
                + " hdfs-site, hbase-site",
            "unknown-override-file roleOverrides.zookeeper.log4j: unknown file 'log4j'; zookeeper"
                + " reads zoo.cfg"),
        r.findings().stream()
            .filter(Finding::isError)
            .map(f -> f.code() + " " + f.field() + ": " + f.message())
            .toList());
  }

  @Test
  void aKeyOutsideTheFilesNamespacesIsAWarningInARoleGroupAsInTheOverrides() {
    PlanResult r =
        plan(
            """
            overrides: {hbase-site: {compaction.typo: 1}}
            roleOverrides: {regionserver: {hbase-site: {regionserver.typo: 2}}}
            """);
    assertTrue(r.ok(), r.findings()::toString);
    assertEquals(
        List.of(
            "overrides.hbase-site[\"compaction.typo\"]",
            "roleOverrides.regionserver.hbase-site[\"regionserver.typo\"]"),
        r.findings().stream()
            .filter(f -> f.code() == FindingCode.UNKNOWN_OVERRIDE_KEY)
            .map(Finding::field)
            .toList());
    assertTrue(r.findings().stream().allMatch(f -> f.severity() == Severity.WARNING));
  }

  @Test
  void aKnownKeyForARoleItDoesNotConcernIsAWarning() {
    PlanResult r =
        plan("roleOverrides: {datanode: {hdfs-site: {dfs.namenode.handler.count: 50}}}\n");
    assertTrue(r.ok(), r.findings()::toString);
    Finding f = only(r, FindingCode.UNKNOWN_OVERRIDE_KEY);
    assertEquals(
        "datanode does not use dfs.namenode.handler.count (namenode does): here it changes"
            + " nothing",
        f.message());
  }

  @Test
  void aKeyTheRolesDeriveFromTheClusterCannotDifferPerRole() {
    PlanResult r =
        plan("roleOverrides: {regionserver: {hbase-site: {hbase.regionserver.port: 16021}}}\n");
    Finding f = only(r, FindingCode.INVALID_OVERRIDE_VALUE);
    assertEquals("roleOverrides.regionserver.hbase-site[\"hbase.regionserver.port\"]", f.field());
    assertTrue(f.message().contains("cannot differ per role"), f.message());
  }

  @Test
  void aRoleGroupsCacheFractionsCountWithTheClusterWideOnes() {
    PlanResult r =
        plan(
            """
            overrides: {hbase-site: {hbase.regionserver.global.memstore.size: 0.4}}
            roleOverrides: {regionserver: {hbase-site: {hfile.block.cache.size: 0.5}}}
            """);
    Finding f = only(r, FindingCode.CACHE_FRACTIONS_TOO_LARGE);
    assertEquals("roleOverrides.regionserver.hbase-site", f.field());
    assertEquals(
        "hfile.block.cache.size 0.5 + hbase.regionserver.global.memstore.size 0.4 = 0.9; HBase"
            + " refuses to start above 0.8",
        f.message());
  }

  @Test
  void aNonScalarInARoleGroupIsAnError() {
    PlanResult r =
        plan("roleOverrides: {datanode: {hdfs-site: {dfs.datanode.handler.count: [1]}}}\n");
    Finding f = only(r, FindingCode.INVALID_OVERRIDE_VALUE);
    assertEquals("roleOverrides.datanode.hdfs-site[\"dfs.datanode.handler.count\"]", f.field());
  }
}
