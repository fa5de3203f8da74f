package io.granary.provisioning.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.granary.provisioning.model.ConfigFile;
import io.granary.provisioning.model.Mappers;
import io.granary.provisioning.model.Role;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class KnownKeysTest {
  static KnownKey key(ConfigFile file, String key) {
    return KnownKeys.get(file, key).orElseThrow();
  }

  @Test
  void everyKnownKeyIsInItsFilesNamespacesAndConcernsRolesThatReadTheFile() {
    Set<String> seen = new HashSet<>();
    for (KnownKey k : KnownKeys.all()) {
      assertTrue(seen.add(k.file() + " " + k.key()), "twice: " + k.key());
      assertTrue(Overrides.knownKey(k.file(), k.key()), k.key() + " outside " + k.file());
      assertFalse(k.roles().isEmpty(), k.key());
      assertTrue(k.file().readers().containsAll(k.roles()), k.key() + " " + k.roles());
      assertFalse(k.description() == null || k.description().isBlank(), k.key());
      if (k.defaultValue() != null) {
        assertEquals(Optional.empty(), k.problem(k.defaultValue()), k.key());
      }
    }
    assertTrue(KnownKeys.all().size() >= 20, "a catalog of the keys operators tune");
  }

  @Test
  void valuesAreCheckedAgainstTheirTypeAndBounds() {
    KnownKey handlers = key(ConfigFile.HBASE_SITE, "hbase.regionserver.handler.count");
    assertEquals(Optional.empty(), handlers.problem(" 60 "));
    assertEquals(
        Optional.of(
            "hbase.regionserver.handler.count takes int (a whole number, at least 1); got '0'"),
        handlers.problem("0"));
    assertTrue(handlers.problem("3000000000").isPresent(), "beyond what getInt reads");
    assertTrue(handlers.problem("1.5").isPresent());

    KnownKey flush = key(ConfigFile.HBASE_SITE, "hbase.hregion.memstore.flush.size");
    assertEquals(Optional.empty(), flush.problem("256M"));
    assertEquals(Optional.empty(), flush.problem("134217728"));
    assertTrue(flush.problem("512k").orElseThrow().contains("at least 1048576 (1m)"));
    assertTrue(flush.problem("1.5g").isPresent(), "Hadoop takes no fraction");
    assertTrue(flush.problem("9e").isPresent(), "beyond a long");

    KnownKey cache = key(ConfigFile.HBASE_SITE, "hfile.block.cache.size");
    assertEquals(Optional.empty(), cache.problem("0.8"));
    assertTrue(cache.problem("0.81").isPresent());

    KnownKey permissions = key(ConfigFile.HDFS_SITE, "dfs.permissions.enabled");
    assertEquals(Optional.empty(), permissions.problem("FALSE"));
    assertTrue(permissions.problem("no").isPresent());

    KnownKey tick = key(ConfigFile.ZOO_CFG, "tickTime");
    assertEquals(Optional.empty(), tick.problem("2000"));
    assertTrue(tick.problem("2s").isPresent());
    assertTrue(tick.problem("-1").isPresent());
  }

  @Test
  void sizesBecomePlainBytesBecauseHbaseReadsThemWithGetLong() {
    KnownKey flush = key(ConfigFile.HBASE_SITE, "hbase.hregion.memstore.flush.size");
    assertEquals("268435456", flush.normalize("256m"));
    assertEquals(
        "21474836480", key(ConfigFile.HBASE_SITE, "hbase.hregion.max.filesize").normalize("20G"));
    assertEquals("true", key(ConfigFile.HDFS_SITE, "dfs.permissions.enabled").normalize("TRUE"));
    assertEquals(
        "60", key(ConfigFile.HBASE_SITE, "hbase.regionserver.handler.count").normalize(" 60"));
  }

  @Test
  void theHadoopFilesShareOneNamespaceButZooCfgDoesNot() {
    assertEquals(ConfigFile.HDFS_SITE, key(ConfigFile.HBASE_SITE, "dfs.replication").file());
    assertTrue(KnownKeys.get(ConfigFile.ZOO_CFG, "dfs.replication").isEmpty());
    assertTrue(KnownKeys.get(ConfigFile.HBASE_SITE, "tickTime").isEmpty());
  }

  @Test
  void theCatalogIsSortedByFileThenKeyAndServesTheConsolesShape() throws Exception {
    List<KnownKey> all = KnownKeys.all();
    for (int i = 1; i < all.size(); i++) {
      KnownKey a = all.get(i - 1);
      KnownKey b = all.get(i);
      assertTrue(
          a.file().compareTo(b.file()) < 0
              || a.file() == b.file() && a.key().compareTo(b.key()) < 0,
          a.key() + " before " + b.key());
    }
    JsonNode json =
        Mappers.JSON.readTree(
            Mappers.JSON.writeValueAsString(key(ConfigFile.HBASE_SITE, "hfile.block.cache.size")));
    assertEquals("hbase-site", json.path("file").asText());
    assertEquals("float", json.path("type").asText());
    assertEquals(0.8, json.path("max").asDouble());
    assertEquals("0.4", json.path("defaultValue").asText());
    assertEquals("regionserver", json.path("roles").get(0).asText());
    assertEquals(
        List.of(Role.HBASE_MASTER, Role.REGIONSERVER),
        key(ConfigFile.HBASE_SITE, "hbase.regionserver.handler.count").roles());
  }
}
