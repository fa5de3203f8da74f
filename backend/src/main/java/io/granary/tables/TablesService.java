package io.granary.tables;

import io.granary.clusters.Cluster;
import io.granary.clusters.ClustersService;
import io.granary.engine.ClusterSnapshot;
import io.granary.engine.EngineTables;
import io.granary.engine.TableSpec;
import io.granary.engine.TableState;
import io.granary.engine.client.SaltedKeys;
import io.granary.operations.Operation;
import io.granary.operations.OperationsService;
import io.granary.shared.problem.FieldError;
import io.granary.shared.problem.ProblemException;
import io.granary.shared.problem.ProblemType;
import io.granary.tables.design.BloomType;
import io.granary.tables.design.Compression;
import io.granary.tables.design.DataBlockEncoding;
import io.granary.tables.design.FamilyPlan;
import io.granary.tables.design.LintFinding;
import io.granary.tables.design.RegionPreview;
import io.granary.tables.design.SampleKeys;
import io.granary.tables.design.TableLint;
import io.granary.tables.design.TablePlan;
import io.granary.tables.design.TableValidation;
import io.granary.tables.keys.ExplicitSplitKeys;
import io.granary.tables.keys.RowKeys;
import io.granary.tables.keys.SplitAlgorithm;
import io.granary.tables.keys.SplitAlgorithmType;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.springframework.stereotype.Service;

/** Plans (validate, split, preview, lint) and creates tables; describes and lists them. */
@Service
public class TablesService {
  public static final String CREATE_TABLE = "TABLE_CREATE";
  public static final String ALTER_TABLE = "TABLE_ALTER";
  /** HBase's default hbase.hregion.majorcompaction (7 days); the per-cluster value is not collected yet. */
  static final long DEFAULT_MAJOR_COMPACTION_MS = 7L * 24 * 3600 * 1000;
  static final int DEFAULT_SAMPLES = 10_000;

  private final ClustersService clusters;
  private final EngineTables engine;
  private final OperationsService operations;
  private final CodecProbes codecs;
  private final TableCatalogs catalogs;

  public TablesService(ClustersService clusters, EngineTables engine, OperationsService operations,
      CodecProbes codecs, TableCatalogs catalogs) {
    this.clusters = clusters;
    this.engine = engine;
    this.operations = operations;
    this.codecs = codecs;
    this.catalogs = catalogs;
  }

  public record FamilyRequest(String name, String compression, String bloomFilter, Integer blockSizeBytes,
      String dataBlockEncoding, String ttl, Integer minVersions, Integer maxVersions, Boolean inMemory,
      Boolean blockCacheEnabled) {}

  public record SplitRequest(String strategy, String algorithm, Integer numRegions, String firstRow, String lastRow,
      String keys, Integer saltBuckets) {}

  public record CreateRequest(String name, List<FamilyRequest> families, TableSpec.Settings settings,
      SplitRequest split, String samplePattern, Integer sampleCount, String sampleKeys, boolean writeHeavy,
      boolean randomReads) {}

  public record Plan(TableSpec spec, int saltBuckets, RegionPreview preview, List<LintFinding> lint,
      List<String> messages, String shellCommand) {}

  public record Created(Plan plan, Operation operation) {}

  /** Validates everything and reports every invalid field at once; the preview sorts explicit keys. */
  public Plan plan(long clusterId, CreateRequest r) {
    return plan(clusterId, r, false);
  }

  /**
   * With {@code strict} (create), explicit keys must already be sorted and distinct, so the table
   * gets exactly the keys that were previewed; the preview returns them normalized.
   */
  Plan plan(long clusterId, CreateRequest r, boolean strict) {
    Cluster cluster = clusters.get(clusterId);
    List<FieldError> errors = new ArrayList<>();
    errors.addAll(TableValidation.tableName("name", r.name()));
    if (r.name() != null && TableNames.isSystem(r.name())) {
      errors.add(new FieldError("name", "the hbase: namespace holds HBase's own tables; pick another"));
    }

    Families fams = families(cluster.id(), r.families(), errors);
    List<TableSpec.Family> families = fams.specs();
    List<FamilyPlan> familyPlans = fams.plans();

    List<String> messages = new ArrayList<>();
    SplitRequest s = r.split();
    String strategy = or(s.strategy(), "NONE");
    List<byte[]> splitKeys = List.of();
    int saltBuckets = 0;
    String splitShell = "";
    switch (strategy) {
      case "NONE" -> { }
      case "ALGORITHM" -> {
        SplitAlgorithmType type = algorithm(s.algorithm());
        if (type == null) {
          errors.add(new FieldError("split.algorithm", "choose HEX_STRING, UNIFORM or DECIMAL_STRING"));
          break;
        }
        List<FieldError> numErrors = TableValidation.numRegions("split.numRegions", type,
            s.numRegions());
        errors.addAll(numErrors);
        SplitAlgorithm.Created created = SplitAlgorithm.create(type, blankToNull(s.firstRow()), blankToNull(s.lastRow()));
        addPrefixed(errors, "split.", created.errors());
        if (numErrors.isEmpty() && created.errors().isEmpty()) {
          List<FieldError> check = created.algorithm().check(s.numRegions());
          addPrefixed(errors, "split.", check);
          if (check.isEmpty()) {
            splitKeys = List.of(created.algorithm().split(s.numRegions()));
            splitShell = ", {NUMREGIONS => " + s.numRegions() + ", SPLITALGO => '" + type.hbaseName() + "'}";
          }
        }
      }
      case "EXPLICIT" -> {
        ExplicitSplitKeys.Parsed parsed = ExplicitSplitKeys.parse(s.keys() == null ? "" : s.keys());
        addPrefixed(errors, "split.", parsed.errors());
        if (strict) {
          parsed.messages().stream().filter(m -> m.contains("duplicate") || m.contains("not sorted"))
              .forEach(m -> errors.add(new FieldError("split.keys",
                  m + ": give the keys sorted and distinct (the preview returns them so)")));
        }
        messages.addAll(parsed.messages());
        splitKeys = parsed.keys();
        if (parsed.errors().isEmpty() && splitKeys.isEmpty()) {
          errors.add(new FieldError("split.keys", "give at least one split key"));
        }
        splitShell = splitKeys.isEmpty() ? "" : ", SPLITS => [" + String.join(", ",
            splitKeys.stream().map(k -> "\"" + RowKeys.toStringBinary(k) + "\"").toList()) + "]";
      }
      case "SALT" -> {
        int n = s.saltBuckets() == null ? 0 : s.saltBuckets();
        List<FieldError> bucketErrors = TableValidation.saltBuckets("split.saltBuckets", n);
        errors.addAll(bucketErrors);
        if (bucketErrors.isEmpty()) {
          saltBuckets = n;
          splitKeys = SaltedKeys.splitKeys(n);
          splitShell = ", SPLITS => [" + String.join(", ",
              splitKeys.stream().map(k -> "\"" + RowKeys.toStringBinary(k) + "\"").toList()) + "]";
          messages.add("clients must write keys as [CRC32(key) mod " + n + "] + key (docs/operations/salting.md)");
        }
      }
      default -> errors.add(new FieldError("split.strategy", "choose NONE, ALGORITHM, EXPLICIT or SALT"));
    }

    List<byte[]> samples = samples(r, errors);
    if (!errors.isEmpty()) {
      throw ProblemException.invalid(errors);
    }
    TableSpec spec = new TableSpec(r.name(), families,
        r.settings() == null ? TableSpec.Settings.DEFAULTS : r.settings(), splitKeys);
    RegionPreview preview = RegionPreview.of(splitKeys, saltBuckets, samples);
    ClusterSnapshot snap = clusters.state(cluster.id()).snapshot();
    int liveServers = snap == null ? 0 : snap.hbase().regionServers().size();
    List<LintFinding> lint = TableLint.lint(new TablePlan(r.name(), familyPlans, splitKeys.size() + 1,
        saltBuckets > 0, !splitKeys.isEmpty() && saltBuckets == 0, r.writeHeavy(), r.randomReads(),
        DEFAULT_MAJOR_COMPACTION_MS, false, liveServers, samples));
    return new Plan(spec, saltBuckets, preview, lint, messages, shell(spec, splitShell));
  }

  private record Families(List<TableSpec.Family> specs, List<FamilyPlan> plans) {}

  /** Validates families (defaults filled in) and checks each codec against the cluster's probe. */
  private Families families(long clusterId, List<FamilyRequest> requests, List<FieldError> errors) {
    List<TableSpec.Family> families = new ArrayList<>();
    List<FamilyPlan> familyPlans = new ArrayList<>();
    Set<String> seen = new HashSet<>();
    if (requests == null || requests.isEmpty()) {
      errors.add(new FieldError("families", "give at least one column family"));
      return new Families(families, familyPlans);
    }
    for (int i = 0; i < requests.size(); i++) {
      FamilyRequest f = requests.get(i);
      String p = "families[" + i + "].";
      int before = errors.size();
      errors.addAll(TableValidation.familyName(p + "name", f.name()));
      if (f.name() != null && !seen.add(f.name())) {
        errors.add(new FieldError(p + "name", "family '" + f.name() + "' is listed twice"));
      }
      String compression = or(f.compression(), "NONE");
      String bloom = or(f.bloomFilter(), "ROW");
      String encoding = or(f.dataBlockEncoding(), "NONE");
      String ttl = or(f.ttl(), "FOREVER");
      int blockSize = f.blockSizeBytes() == null ? 65536 : f.blockSizeBytes();
      int minVersions = f.minVersions() == null ? 0 : f.minVersions();
      int maxVersions = f.maxVersions() == null ? 1 : f.maxVersions();
      List<FieldError> codecErrors = TableValidation.compression(p + "compression", compression);
      errors.addAll(codecErrors);
      if (codecErrors.isEmpty()) {
        codecs.refusal(clusterId, Compression.parse(compression).orElseThrow().name())
            .ifPresent(why -> errors.add(new FieldError(p + "compression", why)));
      }
      errors.addAll(TableValidation.bloom(p + "bloomFilter", bloom));
      errors.addAll(TableValidation.dataBlockEncoding(p + "dataBlockEncoding", encoding));
      errors.addAll(TableValidation.blockSize(p + "blockSizeBytes", blockSize));
      errors.addAll(TableValidation.ttl(p + "ttl", ttl));
      errors.addAll(TableValidation.versions(p + "minVersions", minVersions, p + "maxVersions", maxVersions));
      if (errors.size() == before) {
        long ttlSeconds = TableValidation.parseTtl(ttl).orElseThrow();
        Compression c = Compression.parse(compression).orElseThrow();
        BloomType b = BloomType.parse(bloom).orElseThrow();
        families.add(new TableSpec.Family(f.name(), c.name(), b.name(), blockSize,
            DataBlockEncoding.parse(encoding).orElseThrow().name(), (int) ttlSeconds, minVersions, maxVersions,
            Boolean.TRUE.equals(f.inMemory()), f.blockCacheEnabled() == null || f.blockCacheEnabled()));
        familyPlans.add(new FamilyPlan(f.name(), c, b, ttlSeconds));
      }
    }
    return new Families(families, familyPlans);
  }

  private List<byte[]> samples(CreateRequest r, List<FieldError> errors) {
    if (r.sampleKeys() != null && !r.sampleKeys().isBlank()) {
      List<byte[]> keys = new ArrayList<>();
      String[] lines = r.sampleKeys().split("\\R");
      for (int i = 0; i < lines.length; i++) {
        if (lines[i].isEmpty()) {
          continue;
        }
        RowKeys.Decoded d = RowKeys.parseBinary(lines[i]);
        if (d.error() != null) {
          errors.add(new FieldError("sampleKeys", "line " + (i + 1) + ": " + d.error()));
          return List.of();
        }
        keys.add(d.bytes());
      }
      return keys;
    }
    if (r.samplePattern() == null) {
      return List.of();
    }
    int count = r.sampleCount() == null ? DEFAULT_SAMPLES : r.sampleCount();
    List<FieldError> countErrors = TableValidation.sampleCount("sampleCount", count);
    errors.addAll(countErrors);
    SampleKeys.Kind kind = switch (r.samplePattern()) {
      case "SEQUENTIAL_INTEGERS" -> SampleKeys.Kind.SEQUENTIAL_DECIMAL;
      case "SEQUENTIAL_LONGS" -> SampleKeys.Kind.SEQUENTIAL_LONG;
      case "TIMESTAMPS" -> SampleKeys.Kind.EPOCH_MILLIS;
      case "UUIDS" -> SampleKeys.Kind.UUID;
      case "PHONE_NUMBERS" -> SampleKeys.Kind.PHONE_NUMBER;
      default -> null;
    };
    if (kind == null) {
      errors.add(new FieldError("samplePattern", "unknown pattern"));
      return List.of();
    }
    return countErrors.isEmpty() ? SampleKeys.generate(kind, count, 42) : List.of();
  }

  public record AlterRequest(List<FamilyRequest> families, TableSpec.Settings settings, boolean writeHeavy,
      boolean randomReads, String confirm) {}

  public record AlterPlan(TableSpec spec, List<String> changes, List<String> deletes, List<LintFinding> lint,
      String shellCommand) {}

  public record Altered(AlterPlan plan, Operation operation) {}

  /** What altering the table to the requested families and settings changes, with lint and the shell command. */
  public AlterPlan planAlter(long clusterId, String table, AlterRequest r) {
    TableState current = describe(clusterId, table);
    List<FieldError> errors = new ArrayList<>();
    Families fams = families(clusterId, r.families(), errors);
    if (!errors.isEmpty()) {
      throw ProblemException.invalid(errors);
    }
    TableSpec.Settings settings = r.settings() == null ? TableSpec.Settings.DEFAULTS : r.settings();
    TableSpec spec = new TableSpec(current.spec().name(), fams.specs(), settings, List.of());
    List<String> changes = new ArrayList<>();
    List<String> deletes = new ArrayList<>();
    StringBuilder shell = new StringBuilder("alter '").append(spec.name()).append("'");
    for (TableSpec.Family f : spec.families()) {
      TableSpec.Family old = current.spec().families().stream().filter(x -> x.name().equals(f.name())).findFirst()
          .orElse(null);
      if (old == null) {
        changes.add("add family " + f.name());
      } else if (!old.equals(f)) {
        changes.add("change family " + f.name() + ": " + String.join(", ", familyDiff(old, f)));
      } else {
        continue;
      }
      shell.append(", ").append(familyShell(f));
    }
    for (TableSpec.Family old : current.spec().families()) {
      if (spec.families().stream().noneMatch(f -> f.name().equals(old.name()))) {
        deletes.add(old.name());
        changes.add("delete family " + old.name() + " and all its data");
        shell.append(", {NAME => '").append(old.name()).append("', METHOD => 'delete'}");
      }
    }
    TableSpec.Settings was = normalized(current.spec().settings());
    TableSpec.Settings want = normalized(settings);
    settingChange(changes, shell, "MAX_FILESIZE", was.maxFileSizeBytes(), want.maxFileSizeBytes());
    settingChange(changes, shell, "MEMSTORE_FLUSHSIZE", was.memstoreFlushSizeBytes(), want.memstoreFlushSizeBytes());
    settingChange(changes, shell, "DURABILITY", was.durability(), want.durability());
    settingChange(changes, shell, "COMPACTION_ENABLED", was.compactionEnabled(), want.compactionEnabled());
    settingChange(changes, shell, "SPLIT_POLICY", was.splitPolicy(), want.splitPolicy());
    ClusterSnapshot snap = clusters.state(clusterId).snapshot();
    int liveServers = snap == null ? 0 : snap.hbase().regionServers().size();
    int regions = current.regions().size();
    List<LintFinding> lint = TableLint.lint(new TablePlan(spec.name(), fams.plans(), regions, false, regions > 1,
        r.writeHeavy(), r.randomReads(), DEFAULT_MAJOR_COMPACTION_MS, false, liveServers, List.of()));
    return new AlterPlan(spec, changes, deletes, lint, changes.isEmpty() ? "" : shell.toString());
  }

  /** Alters the table as an operation; deleting a family needs the table name typed as confirmation. */
  public Altered alter(long clusterId, String table, AlterRequest r, String user) {
    TableNames.refuseChange(table, "alter");
    AlterPlan plan = planAlter(clusterId, table, r);
    if (plan.changes().isEmpty()) {
      throw ProblemException.invalid(List.of(new FieldError("families",
          "nothing to change: the table already has these families and settings")));
    }
    if (!plan.deletes().isEmpty() && !plan.spec().name().equals(r.confirm())) {
      throw ProblemException.invalid(List.of(new FieldError("confirm", "deleting family "
          + String.join(", ", plan.deletes()) + " destroys its data: type the table name '" + plan.spec().name()
          + "' to confirm")));
    }
    Cluster c = clusters.get(clusterId);
    Operation op = operations.start(ALTER_TABLE, c.id(), "table " + plan.spec().name(),
        "hbase shell> " + plan.shellCommand(), user, ctx -> {
          ctx.progress(10, String.join("; ", plan.changes()));
          engine.alter(c.endpoints(), plan.spec());
          catalogs.awaitVisible(c.id(), plan.spec().name(), t -> t != null, 10);
          return "altered " + plan.spec().name() + ": " + plan.changes().size() + " change(s)";
        });
    return new Altered(plan, op);
  }

  private static List<String> familyDiff(TableSpec.Family a, TableSpec.Family b) {
    List<String> out = new ArrayList<>();
    diff(out, "COMPRESSION", a.compression(), b.compression());
    diff(out, "BLOOMFILTER", a.bloomFilter(), b.bloomFilter());
    diff(out, "BLOCKSIZE", a.blockSizeBytes(), b.blockSizeBytes());
    diff(out, "DATA_BLOCK_ENCODING", a.dataBlockEncoding(), b.dataBlockEncoding());
    diff(out, "TTL", a.ttlSeconds() == Integer.MAX_VALUE ? "FOREVER" : a.ttlSeconds(),
        b.ttlSeconds() == Integer.MAX_VALUE ? "FOREVER" : b.ttlSeconds());
    diff(out, "MIN_VERSIONS", a.minVersions(), b.minVersions());
    diff(out, "VERSIONS", a.maxVersions(), b.maxVersions());
    diff(out, "IN_MEMORY", a.inMemory(), b.inMemory());
    diff(out, "BLOCKCACHE", a.blockCacheEnabled(), b.blockCacheEnabled());
    return out;
  }

  private static void diff(List<String> out, String what, Object a, Object b) {
    if (!a.equals(b)) {
      out.add(what + " " + a + " -> " + b);
    }
  }

  /** HBase reports its defaults explicitly; treat them as "not set" when comparing. */
  private static TableSpec.Settings normalized(TableSpec.Settings s) {
    return new TableSpec.Settings(s.maxFileSizeBytes(), s.memstoreFlushSizeBytes(),
        s.durability() == null || s.durability().equals("USE_DEFAULT") ? null : s.durability(),
        s.compactionEnabled() == null || s.compactionEnabled() ? null : Boolean.FALSE,
        s.splitPolicy() == null || s.splitPolicy().isBlank() ? null : s.splitPolicy());
  }

  private static void settingChange(List<String> changes, StringBuilder shell, String key, Object was, Object want) {
    if (java.util.Objects.equals(was, want)) {
      return;
    }
    changes.add(key + " " + (was == null ? "default" : was) + " -> " + (want == null ? "default" : want));
    if (want == null) {
      shell.append(", METHOD => 'table_att_unset', NAME => '").append(key).append("'");
    } else {
      shell.append(", ").append(key).append(" => '").append(want).append("'");
    }
  }

  /** The same table as an hbase shell command, shown beside the console action. */
  static String shell(TableSpec spec, String splits) {
    StringBuilder b = new StringBuilder("create '").append(spec.name()).append("'");
    for (TableSpec.Family f : spec.families()) {
      b.append(", ").append(familyShell(f));
    }
    TableSpec.Settings s = spec.settings();
    if (s.maxFileSizeBytes() != null) {
      b.append(", MAX_FILESIZE => '").append(s.maxFileSizeBytes()).append("'");
    }
    if (s.memstoreFlushSizeBytes() != null) {
      b.append(", MEMSTORE_FLUSHSIZE => '").append(s.memstoreFlushSizeBytes()).append("'");
    }
    if (s.durability() != null) {
      b.append(", DURABILITY => '").append(s.durability()).append("'");
    }
    if (s.compactionEnabled() != null) {
      b.append(", COMPACTION_ENABLED => '").append(s.compactionEnabled()).append("'");
    }
    if (s.splitPolicy() != null) {
      b.append(", SPLIT_POLICY => '").append(s.splitPolicy()).append("'");
    }
    return b.append(splits).toString();
  }

  static String familyShell(TableSpec.Family f) {
    StringBuilder b = new StringBuilder("{NAME => '").append(f.name()).append("', COMPRESSION => '")
        .append(f.compression()).append("', BLOOMFILTER => '").append(f.bloomFilter()).append("', BLOCKSIZE => '")
        .append(f.blockSizeBytes()).append("', DATA_BLOCK_ENCODING => '").append(f.dataBlockEncoding())
        .append("', VERSIONS => ").append(f.maxVersions());
    if (f.minVersions() > 0) {
      b.append(", MIN_VERSIONS => ").append(f.minVersions());
    }
    if (f.ttlSeconds() != Integer.MAX_VALUE) {
      b.append(", TTL => ").append(f.ttlSeconds());
    }
    if (f.inMemory()) {
      b.append(", IN_MEMORY => 'true'");
    }
    if (!f.blockCacheEnabled()) {
      b.append(", BLOCKCACHE => 'false'");
    }
    return b.append("}").toString();
  }

  /** Creates the planned table as an operation; refuses an existing table or a missing namespace. */
  public Created create(long clusterId, CreateRequest r, String user) {
    Plan plan = plan(clusterId, r, true);
    Cluster c = clusters.get(clusterId);
    String name = plan.spec().name();
    String namespace = TableNames.namespaceOf(name);
    if (!EngineCall.answer(() -> engine.namespaceExists(c.endpoints(), namespace))) {
      throw ProblemException.of(ProblemType.NAMESPACE_NOT_FOUND, "no namespace '" + namespace + "'");
    }
    if (EngineCall.answer(() -> engine.exists(c.endpoints(), name))) {
      throw ProblemException.of(ProblemType.TABLE_EXISTS, "table '" + name + "' exists");
    }
    int regions = plan.spec().splitKeys().size() + 1;
    Operation op = operations.start(CREATE_TABLE, c.id(), "table " + name, "hbase shell> " + plan.shellCommand(),
        user, ctx -> {
          ctx.progress(10, "creating " + name + " with " + regions + " region(s)");
          engine.create(c.endpoints(), plan.spec());
          TableState st = engine.describe(c.endpoints(), name).orElseThrow(() ->
              new IllegalStateException("table " + name + " not found after creation"));
          ctx.progress(90, st.regions().size() + " region(s) online; waiting for the RegionServers to report them");
          catalogs.awaitVisible(c.id(), name, t -> t != null && t.regions().size() == st.regions().size(), 20);
          return "created " + name + " with " + st.regions().size() + " region(s)";
        });
    return new Created(plan, op);
  }

  public TableState describe(long clusterId, String table) {
    Cluster c = clusters.get(clusterId);
    List<FieldError> nameErrors = TableValidation.tableName("table", table);
    if (!nameErrors.isEmpty()) {
      throw ProblemException.of(ProblemType.TABLE_NOT_FOUND, "no table '" + table + "': " + nameErrors.get(0).message());
    }
    return EngineCall.answer(() -> engine.describe(c.endpoints(), table)).orElseThrow(() ->
        ProblemException.of(ProblemType.TABLE_NOT_FOUND, "no table '" + table + "'"));
  }

  private static SplitAlgorithmType algorithm(String s) {
    if (s == null) {
      return null;
    }
    return switch (s) {
      case "HEX_STRING" -> SplitAlgorithmType.HEX_STRING_SPLIT;
      case "UNIFORM" -> SplitAlgorithmType.UNIFORM_SPLIT;
      case "DECIMAL_STRING" -> SplitAlgorithmType.DECIMAL_STRING_SPLIT;
      default -> null;
    };
  }

  private static void addPrefixed(List<FieldError> out, String prefix, List<FieldError> in) {
    in.forEach(e -> out.add(new FieldError(prefix + e.field(), e.message())));
  }

  private static String or(String s, String dflt) {
    return s == null || s.isBlank() ? dflt : s.trim().toUpperCase(java.util.Locale.ROOT);
  }

  private static String blankToNull(String s) {
    return s == null || s.isBlank() ? null : s;
  }
}
