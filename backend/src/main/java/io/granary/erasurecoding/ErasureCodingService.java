package io.granary.erasurecoding;

import io.granary.clusters.Cluster;
import io.granary.clusters.ClusterState;
import io.granary.clusters.ClustersService;
import io.granary.engine.EngineErasureCoding.Entry;
import io.granary.engine.EngineErasureCoding.FileInfo;
import io.granary.engine.EngineErasureCoding.Policy;
import io.granary.engine.EngineErasureCoding;
import io.granary.engine.EngineTables;
import io.granary.erasurecoding.EcMath.Layout;
import io.granary.operations.Operation;
import io.granary.operations.OperationsService;
import io.granary.shared.problem.FieldError;
import io.granary.shared.problem.ProblemException;
import io.granary.shared.problem.ProblemType;
import io.granary.tables.EngineCall;
import io.granary.tables.TableCatalog;
import io.granary.tables.TableCatalogs;
import io.granary.tables.TableNames;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.springframework.stereotype.Service;

/** Policies, directory policies, reports, conversions and table policies. */
@Service
public class ErasureCodingService {
  public static final String TABLE_EC = "TABLE_EC_POLICY";
  static final int MAX_CHILDREN = 500;
  static final int MAX_FILES = 200_000;
  /** Writes per second above which a table is "heavily written" for the EC warning. */
  static final double HEAVY_WRITES = 1000;

  private final ClustersService clusters;
  private final EngineErasureCoding engine;
  private final ConversionRepository conversions;
  private final ConversionRunner runner;
  private final OperationsService operations;
  private final TableCatalogs catalogs;
  private final ErasureCodingProperties props;
  private final EngineTables tables;

  public ErasureCodingService(ClustersService clusters, EngineErasureCoding engine, ConversionRepository conversions,
      ConversionRunner runner, OperationsService operations, TableCatalogs catalogs, ErasureCodingProperties props,
      EngineTables tables) {
    this.tables = tables;
    this.clusters = clusters;
    this.engine = engine;
    this.conversions = conversions;
    this.runner = runner;
    this.operations = operations;
    this.catalogs = catalogs;
    this.props = props;
  }

  // ---- policies

  public record PolicyView(Policy policy, boolean fits, String topologyMessage) {
    public double overhead() {
      return (double) (policy.dataUnits() + policy.parityUnits()) / policy.dataUnits();
    }
  }

  public record Policies(List<PolicyView> policies, EngineErasureCoding.Topology topology, boolean nativeCoder,
      String coder) {}

  public Policies policies(long clusterId) {
    Cluster c = clusters.get(clusterId);
    EngineErasureCoding.Topology t = EngineCall.answer(() -> engine.topology(c.endpoints()));
    List<PolicyView> out = new ArrayList<>();
    for (Policy p : EngineCall.answer(() -> engine.policies(c.endpoints()))) {
      out.add(new PolicyView(p, fits(p, t), topologyMessage(p, t)));
    }
    ClusterState st = clusters.state(c.id());
    boolean nativeCoder = st.snapshot() != null && st.snapshot().nativeSupport().rsNative();
    String coder = st.snapshot() == null ? "unknown (cluster not collected yet)" : nativeCoder
        ? "ISA-L native (libhadoop with libisal2 on the DataNodes)"
        : "Java (no ISA-L on the DataNodes: encoding and reconstruction are ~16-20× slower)";
    return new Policies(out, t, nativeCoder, coder);
  }

  static boolean fits(Policy p, EngineErasureCoding.Topology t) {
    return t.liveDataNodes() >= p.dataUnits() + p.parityUnits();
  }

  static String topologyMessage(Policy p, EngineErasureCoding.Topology t) {
    int width = p.dataUnits() + p.parityUnits();
    if (t.liveDataNodes() < width) {
      return p.name() + " writes " + width + " internal blocks per stripe (" + p.dataUnits() + " data + "
          + p.parityUnits() + " parity) on " + width + " different DataNodes; " + t.liveDataNodes()
          + " are live, so writes would fail or leave stripes without their parity";
    }
    if (t.racks() > 1 && t.racks() < width) {
      return "fits " + t.liveDataNodes() + " DataNodes, but only " + t.racks() + " racks for " + width
          + " blocks: losing a rack can lose more than " + p.parityUnits() + " blocks of a stripe";
    }
    return "fits: " + t.liveDataNodes() + " live DataNodes for " + width + " blocks per stripe"
        + (t.racks() <= 1 ? " (one rack: tolerates " + p.parityUnits() + " DataNode failures, not a rack failure)" : "");
  }

  public PolicyView enable(long clusterId, String name) {
    Cluster c = clusters.get(clusterId);
    Policy p = policy(c, name);
    EngineErasureCoding.Topology t = EngineCall.answer(() -> engine.topology(c.endpoints()));
    EngineErasureCoding.Check check = EngineCall.answer(() -> engine.verify(c.endpoints(), name));
    if (!fits(p, t)) {
      throw ProblemException.of(ProblemType.EC_TOPOLOGY_INSUFFICIENT, topologyMessage(p, t)
          + (check.supported() ? "" : ". HDFS: " + check.message()));
    }
    EngineCall.answer(() -> {
      engine.enable(c.endpoints(), name);
      return null;
    });
    // HDFS's verifier also wants enough racks that a rack loss costs at most m blocks of a stripe;
    // with enough DataNodes that is a rack-failure risk to show, not a reason to refuse
    return new PolicyView(policy(c, name), true, topologyMessage(p, t)
        + (check.supported() ? "" : ". HDFS warns: " + check.message()));
  }

  public PolicyView disable(long clusterId, String name) {
    Cluster c = clusters.get(clusterId);
    policy(c, name);
    EngineCall.answer(() -> {
      engine.disable(c.endpoints(), name);
      return null;
    });
    EngineErasureCoding.Topology t = EngineCall.answer(() -> engine.topology(c.endpoints()));
    Policy p = policy(c, name);
    return new PolicyView(p, fits(p, t), topologyMessage(p, t));
  }

  private Policy policy(Cluster c, String name) {
    return EngineCall.answer(() -> engine.policies(c.endpoints())).stream().filter(p -> p.name().equals(name))
        .findFirst().orElseThrow(() -> ProblemException.of(ProblemType.EC_POLICY_NOT_FOUND, "no EC policy '" + name
            + "'"));
  }

  private Map<String, Layout> layouts(Cluster c) {
    Map<String, Layout> out = new LinkedHashMap<>();
    for (Policy p : EngineCall.answer(() -> engine.policies(c.endpoints()))) {
      out.put(p.name(), new Layout(p.name(), p.dataUnits(), p.parityUnits(), p.cellSize(), 1));
    }
    return out;
  }

  /** Enabled policies the live DataNodes can hold (HDFS enables RS-6-3 by default, even on 5 DataNodes). */
  private List<Layout> enabledLayouts(Cluster c) {
    EngineErasureCoding.Topology t = EngineCall.answer(() -> engine.topology(c.endpoints()));
    List<Layout> out = new ArrayList<>();
    for (Policy p : EngineCall.answer(() -> engine.policies(c.endpoints()))) {
      if (p.state().equals("ENABLED") && fits(p, t)) {
        out.add(new Layout(p.name(), p.dataUnits(), p.parityUnits(), p.cellSize(), 1));
      }
    }
    out.add(Layout.replicated(EngineErasureCoding.REPLICATION, 3));
    return out;
  }

  // ---- directories

  public record Directory(Entry entry, boolean inherited, boolean protectedPath, List<Child> children,
      boolean truncated, List<String> warnings, List<String> shellCommands) {}

  public record Child(Entry entry, boolean inherited, boolean protectedPath) {}

  public Directory browse(long clusterId, String rawPath) {
    Cluster c = clusters.get(clusterId);
    String path = EcPaths.normalize("path", rawPath == null ? "/" : rawPath);
    Entry dir = EngineCall.answer(() -> engine.stat(c.endpoints(), path)).orElseThrow(() ->
        ProblemException.of(ProblemType.PATH_NOT_FOUND, "no such path " + path));
    if (!dir.directory()) {
      throw ProblemException.invalid(List.of(new FieldError("path", path + " is a file; browse its directory")));
    }
    String own = EngineCall.answer(() -> engine.ownPolicy(c.endpoints(), path));
    List<Entry> kids = EngineCall.answer(() -> engine.children(c.endpoints(), path, MAX_CHILDREN + 1));
    List<Child> children = kids.stream().limit(MAX_CHILDREN)
        .map(k -> new Child(k, k.policy().equals(dir.policy()), EcPaths.protectedBy(k.path(), props.hbaseRoot()) != null))
        .toList();
    return new Directory(dir, !path.equals("/") && own == null, EcPaths.protectedBy(path, props.hbaseRoot()) != null,
        children, kids.size() > MAX_CHILDREN, List.of(), List.of("hdfs ec -getPolicy -path " + path,
            "hdfs dfs -count -q -h " + path));
  }

  public Directory setPolicy(long clusterId, String rawPath, String policy) {
    Cluster c = clusters.get(clusterId);
    String path = EcPaths.normalize("path", rawPath);
    EcPaths.refuseProtected(path, props.hbaseRoot());
    Entry dir = EngineCall.answer(() -> engine.stat(c.endpoints(), path)).orElseThrow(() ->
        ProblemException.of(ProblemType.PATH_NOT_FOUND, "no such path " + path));
    if (!dir.directory()) {
      throw ProblemException.invalid(List.of(new FieldError("path", "EC policies are set on directories")));
    }
    String shell;
    List<String> warnings = new ArrayList<>();
    if (policy == null || policy.isBlank()) {
      EngineCall.answer(() -> {
        engine.unsetPolicy(c.endpoints(), path);
        return null;
      });
      shell = "hdfs ec -unsetPolicy -path " + path;
    } else if (policy.equals(EngineErasureCoding.REPLICATION)) {
      EngineCall.answer(() -> {
        engine.setPolicy(c.endpoints(), path, policy);
        return null;
      });
      shell = "hdfs ec -setPolicy -path " + path + " -replicate";
    } else {
      requireEnabled(c, "policy", policy);
      warnings.addAll(smallFileWarning(c, path));
      EngineCall.answer(() -> {
        engine.setPolicy(c.endpoints(), path, policy);
        return null;
      });
      shell = "hdfs ec -setPolicy -path " + path + " -policy " + policy;
      warnings.add("only files written from now on follow " + policy + "; existing files keep their layout until"
          + " converted");
    }
    Directory d = browse(clusterId, path);
    List<String> cmds = new ArrayList<>(List.of(shell));
    cmds.addAll(d.shellCommands());
    return new Directory(d.entry(), d.inherited(), d.protectedPath(), d.children(), d.truncated(), warnings, cmds);
  }

  private void requireEnabled(Cluster c, String field, String policy) {
    Optional<Policy> p = EngineCall.answer(() -> engine.policies(c.endpoints())).stream()
        .filter(x -> x.name().equals(policy)).findFirst();
    if (p.isEmpty()) {
      throw ProblemException.invalid(List.of(new FieldError(field, "no EC policy '" + policy + "'")));
    }
    if (!p.get().state().equals("ENABLED")) {
      throw ProblemException.invalid(List.of(new FieldError(field, policy + " is " + p.get().state()
          + "; enable it first (hdfs ec -enablePolicy -policy " + policy + ")")));
    }
  }

  private List<String> smallFileWarning(Cluster c, String path) {
    List<FileInfo> files = EngineCall.answer(() -> engine.files(c.endpoints(), path, 10_000));
    long small = files.stream().filter(f -> f.length() < EcReports.MB).count();
    return !files.isEmpty() && small * 2 > files.size()
        ? List.of(small + " of " + files.size() + " files here are smaller than 1 MB: EC stores each of them with"
            + " full-size parity and more block objects than 3× replication")
        : List.of();
  }

  public EcReports.Report report(long clusterId, String rawPath) {
    Cluster c = clusters.get(clusterId);
    String path = EcPaths.normalize("path", rawPath);
    EngineCall.answer(() -> engine.stat(c.endpoints(), path)).orElseThrow(() ->
        ProblemException.of(ProblemType.PATH_NOT_FOUND, "no such path " + path));
    List<FileInfo> files = EngineCall.answer(() -> engine.files(c.endpoints(), path, MAX_FILES));
    long stored = EngineCall.answer(() -> {
      long raw = engine.spaceConsumed(c.endpoints(), path);
      for (FileInfo f : files) {
        if (f.open()) {
          raw -= engine.spaceConsumed(c.endpoints(), f.path());
        }
      }
      return Math.max(0, raw);
    });
    EcReports.Report r = EcReports.build(path, files, enabledLayouts(c), layouts(c), stored);
    if (files.size() >= MAX_FILES) {
      r = r.withWarning("only the first " + MAX_FILES + " files were read");
    }
    String guarded = EcPaths.protectedBy(path, props.hbaseRoot());
    if (guarded != null && r.action() == EcReports.Action.CONVERT) {
      r = r.withRecommendation(EcReports.Action.NONE, "current", "nothing to convert here: " + guarded + " must stay"
          + " replicated (HBase writes it with hflush/hsync); set an EC policy on a table instead (its HFiles convert"
          + " at the next major compaction). Otherwise: " + r.reason());
    }
    return r;
  }

  // ---- conversions

  public record Started(Operation operation, Conversion conversion) {}

  public Started convert(long clusterId, String rawPath, String policy, Integer throttle, String confirm, String user) {
    Cluster c = clusters.get(clusterId);
    String path = EcPaths.normalize("path", rawPath);
    EcPaths.refuseProtected(path, props.hbaseRoot());
    List<FieldError> errors = new ArrayList<>();
    if (!path.equals(confirm)) {
      errors.add(new FieldError("confirm", "conversion rewrites every file: type the path '" + path + "' to confirm"));
    }
    if (throttle != null && throttle < 0) {
      errors.add(new FieldError("throttleMbPerSecond", "0 (unthrottled) or more"));
    }
    if (!errors.isEmpty()) {
      throw ProblemException.invalid(errors);
    }
    requireEnabled(c, "policy", policy);
    Entry dir = EngineCall.answer(() -> engine.stat(c.endpoints(), path)).orElseThrow(() ->
        ProblemException.of(ProblemType.PATH_NOT_FOUND, "no such path " + path));
    if (!dir.directory()) {
      throw ProblemException.invalid(List.of(new FieldError("path", "conversions work on directories")));
    }
    if (conversions.runningOn(c.id(), path)) {
      throw ProblemException.of(ProblemType.OPERATION_ALREADY_RUNNING, "a conversion of " + path + " is running");
    }
    List<FileInfo> files = EngineCall.answer(() -> engine.files(c.endpoints(), path, MAX_FILES));
    Map<String, Layout> known = layouts(c);
    Layout target = known.get(policy);
    long predicted = 0;
    List<FileInfo> todo = new ArrayList<>();
    for (FileInfo f : files) {
      predicted += EcMath.cost(f.length(), f.blockSize(), target).rawBytes();
      if (!f.policy().equals(policy)) {
        todo.add(f);
      }
    }
    // new files written meanwhile and afterwards follow the policy too
    EngineCall.answer(() -> {
      engine.setPolicy(c.endpoints(), path, policy);
      return null;
    });
    long id = conversions.insert(c.id(), path, policy, throttle == null ? 0 : throttle, predicted, user,
        runner.runnerId());
    int seq = 0;
    for (FileInfo f : todo) {
      long rawBefore = EcMath.cost(f.length(), f.blockSize(), EcReports.layoutOf(f, known)).rawBytes();
      conversions.insertFile(id, seq++, f.path(), f.length(), rawBefore);
    }
    Conversion conv = conversions.find(id).orElseThrow();
    try {
      Operation op = runner.launch(conv, user, todo.size() + " files to convert, " + (files.size() - todo.size())
          + " already under " + policy);
      return new Started(op, conversions.find(id).orElseThrow());
    } catch (RuntimeException e) {
      conversions.finish(id, Conversion.State.FAILED, "not started: " + e.getMessage());
      throw e;
    }
  }

  public Conversion conversion(long clusterId, long id) {
    Cluster c = clusters.get(clusterId);
    return conversions.find(id).filter(x -> x.clusterId() == c.id()).orElseThrow(() ->
        ProblemException.of(ProblemType.CONVERSION_NOT_FOUND, "no EC conversion " + id + " on " + c.name()));
  }

  public List<Conversion> conversions(long clusterId) {
    return conversions.list(clusters.get(clusterId).id(), 100);
  }

  // ---- tables

  public record TableEcView(String table, EngineErasureCoding.TableEc state, List<String> warnings, String shell) {}

  public TableEcView table(long clusterId, String table) {
    Cluster c = clusters.get(clusterId);
    String name = existingTable(c, table);
    EngineErasureCoding.TableEc st = EngineCall.answer(() -> engine.table(c.endpoints(), name, props.hbaseRoot()));
    return new TableEcView(name, st, heavyWrites(c, name), shell(name, st.policy()));
  }

  public record TableChange(Operation operation, String shell, List<String> warnings) {}

  public TableChange setTablePolicy(long clusterId, String table, String policy, String user) {
    Cluster c = clusters.get(clusterId);
    String name = existingTable(c, table);
    TableNames.refuseChange(name, "set an EC policy on");
    String p = policy == null || policy.isBlank() ? null : policy;
    if (EngineErasureCoding.REPLICATION.equals(p)) {
      throw ProblemException.invalid(List.of(new FieldError("policy", "a table's ERASURE_CODING_POLICY names an EC"
          + " policy; leave policy absent to clear it, or set 'replication' on the table's directory (Erasure coding"
          + " > Directories) to keep it replicated under an EC parent")));
    }
    if (p != null) {
      requireEnabled(c, "policy", p);
    }
    String shell = shell(name, p);
    Operation op = operations.start(TABLE_EC, c.id(), "table " + name, "hbase shell> " + shell, user, ctx -> {
      ctx.progress(20, p == null ? "clearing the EC policy of " + name : "setting " + p + " on " + name);
      engine.setTablePolicy(c.endpoints(), name, p);
      return p == null ? name + ": EC policy cleared; new HFiles are replicated"
          : name + ": new HFiles are written under " + p + "; existing ones convert at their next major compaction";
    });
    return new TableChange(op, shell, p == null ? List.of() : heavyWrites(c, name));
  }

  private static String shell(String table, String policy) {
    return policy == null ? "alter '" + table + "', ERASURE_CODING_POLICY => nil"
        : "alter '" + table + "', ERASURE_CODING_POLICY => '" + policy + "'";
  }

  private List<String> heavyWrites(Cluster c, String table) {
    TableCatalog.Table t = catalogs.get(c.id()).table(table);
    if (t != null && t.writesPerSecond() > HEAVY_WRITES) {
      return List.of(String.format(java.util.Locale.ROOT, "%s takes %.0f writes/s: its flushes and compactions"
          + " write EC files through the RegionServers' coder, which costs CPU on every flush", table,
          t.writesPerSecond()));
    }
    return List.of();
  }

  private String existingTable(Cluster c, String table) {
    String name = TableNames.canonical(table);
    if (!name.matches("[A-Za-z0-9_.:-]+") || !EngineCall.answer(() -> tables.exists(c.endpoints(), name))) {
      throw ProblemException.of(ProblemType.TABLE_NOT_FOUND, "no table '" + table + "'");
    }
    return name;
  }
}
