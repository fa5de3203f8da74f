package io.granary.tables;

import io.granary.api.TablesApi;
import io.granary.api.model.AlterTablePreviewDto;
import io.granary.api.model.AlterTableRequestDto;
import io.granary.api.model.AlterTableResponseDto;
import io.granary.api.model.CodecDto;
import io.granary.api.model.CodecReportDto;
import io.granary.api.model.CreateNamespaceRequestDto;
import io.granary.api.model.CreateTableRequestDto;
import io.granary.api.model.CreateTableResponseDto;
import io.granary.api.model.FamilySpecDto;
import io.granary.api.model.FlushRequestDto;
import io.granary.api.model.HeatmapDto;
import io.granary.api.model.HeatmapRangeDto;
import io.granary.api.model.HotRangeDto;
import io.granary.api.model.LintFindingDto;
import io.granary.api.model.NamespaceDto;
import io.granary.api.model.OperationDto;
import io.granary.api.model.PreviewRegionDto;
import io.granary.api.model.PutRowsRequestDto;
import io.granary.api.model.PutRowsResponseDto;
import io.granary.api.model.RegionInfoDto;
import io.granary.api.model.RegionMapDto;
import io.granary.api.model.RegionMapServersInnerDto;
import io.granary.api.model.RegionPageDto;
import io.granary.api.model.RowCellDto;
import io.granary.api.model.RowPageDto;
import io.granary.api.model.TableDetailDto;
import io.granary.api.model.TablePageDto;
import io.granary.api.model.TablePreviewDto;
import io.granary.api.model.TableRowDto;
import io.granary.api.model.TableSettingsDto;
import io.granary.api.model.TableSummaryDto;
import io.granary.api.model.TruncateTableRequestDto;
import io.granary.engine.TableSpec;
import io.granary.engine.TableState;
import io.granary.operations.OperationDtos;
import io.granary.shared.web.CurrentUser;
import io.granary.tables.design.LintFinding;
import io.granary.tables.keys.RowKeys;
import io.granary.shared.problem.ProblemException;
import io.granary.shared.problem.ProblemType;
import java.net.URI;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.RestController;

@RestController
public class TablesController implements TablesApi {
  private final TablesService service;
  private final TableActions actions;
  private final TableBrowser browser;
  private final CodecProbes codecs;
  private final RegionSamples samples;
  private final TablesProperties props;
  private final TableRows rows;

  public TablesController(TablesService service, TableActions actions, TableBrowser browser, CodecProbes codecs,
      RegionSamples samples, TablesProperties props, TableRows rows) {
    this.service = service;
    this.actions = actions;
    this.browser = browser;
    this.codecs = codecs;
    this.samples = samples;
    this.props = props;
    this.rows = rows;
  }

  @Override
  public ResponseEntity<RowPageDto> scanRows(Long clusterId, String table, String start, Integer limit) {
    TableRows.Page p = rows.scan(clusterId, table, start, limit == null ? 10 : limit);
    return ResponseEntity.ok(new RowPageDto(p.rows().stream().map(TablesController::row).toList(), p.more(),
        p.shellCommand()));
  }

  @Override
  public ResponseEntity<TableRowDto> getRow(Long clusterId, String table, String key) {
    return ResponseEntity.ok(row(rows.get(clusterId, table, key)).shellCommand(TableRows.getCommand(table, key)));
  }

  @Override
  public ResponseEntity<PutRowsResponseDto> putRows(Long clusterId, String table, PutRowsRequestDto body) {
    TableRows.Written w = rows.put(clusterId, table, body.getRows().stream().map(r -> new TableRows.Row(r.getKey(),
        r.getCells().stream().map(c -> new TableRows.Cell(c.getFamily(), c.getQualifier(), c.getValue(), null))
            .toList())).toList());
    return ResponseEntity.ok(new PutRowsResponseDto(w.rows(), w.cells(), w.shellCommand()));
  }

  private static TableRowDto row(TableRows.Row r) {
    return new TableRowDto(r.key(), r.cells().stream().map(c -> new RowCellDto(c.family(), c.qualifier(), c.value())
        .timestamp(c.timestamp())).toList());
  }

  @Override
  public ResponseEntity<TablePageDto> listTables(Long clusterId, String namespace, String q, String sort, Integer page,
      Integer size) {
    TableBrowser.Page<TableCatalog.Table> p = browser.list(clusterId, namespace, q, sort, page, size);
    Instant at = browser.catalog(clusterId).collectedAt();
    return ResponseEntity.ok(new TablePageDto(p.items().stream().map(TablesController::summary).toList(), p.page(),
        p.size(), p.total()).collectedAt(at == null ? null : at.atOffset(ZoneOffset.UTC)));
  }

  static TableSummaryDto summary(TableCatalog.Table t) {
    return new TableSummaryDto(t.name(), t.namespace(), t.enabled(), t.regions().size(), t.sizeBytes(),
        t.storeFiles(), t.readsPerSecond(), t.writesPerSecond()).memstoreBytes(t.memstoreBytes());
  }

  static RegionInfoDto region(TableCatalog.Region r) {
    return new RegionInfoDto(r.encodedName(), r.startKeyText(), r.endKeyText()).server(r.server())
        .sizeBytes(r.sizeBytes()).memstoreBytes(r.memstoreBytes()).storeFiles(r.storeFiles())
        .locality(Float.isNaN(r.locality()) ? null : (double) r.locality()).localityNote(r.localityNote())
        .readRequests(r.readRequests()).writeRequests(r.writeRequests())
        .readRequestsPerSecond(r.readsPerSecond()).writeRequestsPerSecond(r.writesPerSecond());
  }

  @Override
  public ResponseEntity<List<NamespaceDto>> listNamespaces(Long clusterId) {
    return ResponseEntity.ok(browser.catalog(clusterId).namespaces().entrySet().stream()
        .map(e -> new NamespaceDto(e.getKey(), e.getValue())).toList());
  }

  @Override
  public ResponseEntity<NamespaceDto> createNamespace(Long clusterId, CreateNamespaceRequestDto body) {
    String name = actions.createNamespace(clusterId, body.getName(), CurrentUser.name());
    return ResponseEntity.status(HttpStatus.CREATED).body(new NamespaceDto(name, 0));
  }

  @Override
  public ResponseEntity<CodecReportDto> getCodecs(Long clusterId) {
    CodecProbes.Report r = codecs.report(clusterId);
    return ResponseEntity.ok(new CodecReportDto(r.codecs().stream()
        .map(c -> new CodecDto(CodecDto.NameEnum.fromValue(c.codec()), c.available()).detail(c.detail())).toList())
        .probedAt(r.probedAt() == null ? null : r.probedAt().atOffset(ZoneOffset.UTC)).running(r.running()));
  }

  @Override
  public ResponseEntity<OperationDto> probeCodecs(Long clusterId) {
    return accepted(codecs.start(clusterId, CurrentUser.name()));
  }

  @Override
  public ResponseEntity<AlterTablePreviewDto> previewAlterTable(Long clusterId, String table, AlterTableRequestDto body) {
    TablesService.AlterPlan p = service.planAlter(clusterId, table, alter(body));
    return ResponseEntity.ok(new AlterTablePreviewDto(p.changes(), lint(p.lint()), p.shellCommand())
        .deletesFamilies(p.deletes()));
  }

  @Override
  public ResponseEntity<AlterTableResponseDto> alterTable(Long clusterId, String table, AlterTableRequestDto body) {
    TablesService.Altered a = service.alter(clusterId, table, alter(body), CurrentUser.name());
    return ResponseEntity.status(HttpStatus.ACCEPTED)
        .location(URI.create("/api/v1/operations/" + a.operation().id()))
        .body(new AlterTableResponseDto(OperationDtos.dto(a.operation()), lint(a.plan().lint()),
            a.plan().shellCommand()));
  }

  @Override
  public ResponseEntity<OperationDto> enableTable(Long clusterId, String table) {
    return accepted(actions.enable(clusterId, table, CurrentUser.name()));
  }

  @Override
  public ResponseEntity<OperationDto> disableTable(Long clusterId, String table) {
    return accepted(actions.disable(clusterId, table, CurrentUser.name()));
  }

  @Override
  public ResponseEntity<OperationDto> flushTable(Long clusterId, String table, FlushRequestDto body) {
    return accepted(actions.flush(clusterId, table, body == null ? null : body.getRegion(), CurrentUser.name()));
  }

  @Override
  public ResponseEntity<OperationDto> truncateTable(Long clusterId, String table, TruncateTableRequestDto body) {
    return accepted(actions.truncate(clusterId, table, body.getConfirm(),
        body.getPreserveSplits() == null || body.getPreserveSplits(), CurrentUser.name()));
  }

  @Override
  public ResponseEntity<OperationDto> dropTable(Long clusterId, String table, String confirm) {
    return accepted(actions.drop(clusterId, table, confirm, CurrentUser.name()));
  }

  @Override
  public ResponseEntity<RegionPageDto> listTableRegions(Long clusterId, String table, Integer page, Integer size) {
    TableBrowser.Page<TableCatalog.Region> p = browser.regions(clusterId, table, page, size);
    return ResponseEntity.ok(new RegionPageDto(p.items().stream().map(TablesController::region).toList(), p.page(),
        p.size(), p.total()));
  }

  @Override
  public ResponseEntity<RegionMapDto> getRegionMap(Long clusterId, String table) {
    Instant at = browser.catalog(clusterId).collectedAt();
    return ResponseEntity.ok(new RegionMapDto(browser.regionMap(clusterId, table).entrySet().stream()
        .map(e -> new RegionMapServersInnerDto(e.getKey(), e.getValue().stream().map(TablesController::region)
            .toList())).toList())
        .collectedAt(at == null ? null : at.atOffset(ZoneOffset.UTC)));
  }

  @Override
  public ResponseEntity<HeatmapDto> getHeatmap(Long clusterId, String table, String metric, Integer minutes) {
    RegionSamples.Metric m;
    try {
      m = RegionSamples.Metric.valueOf(metric);
    } catch (IllegalArgumentException e) {
      throw ProblemException.of(ProblemType.INVALID_PARAMETER, "metric must be WRITES, READS or TOTAL");
    }
    String name = browser.table(clusterId, table).name();
    RegionSamples.Heatmap h = samples.heatmap(clusterId, name, m, minutes);
    return ResponseEntity.ok(new HeatmapDto(HeatmapDto.MetricEnum.fromValue(m.name()),
        (int) props.sampleInterval().toSeconds(),
        h.times().stream().map(t -> t.atOffset(ZoneOffset.UTC)).toList(),
        h.ranges().stream().map(r -> new HeatmapRangeDto(RowKeys.toStringBinary(r.startKey()),
            RowKeys.toStringBinary(r.endKey()))).toList(),
        h.values(),
        h.hot().stream().map(x -> new HotRangeDto(RowKeys.toStringBinary(x.range().startKey()),
            RowKeys.toStringBinary(x.range().endKey()), x.share(), x.message())).toList())
        .retentionHours((int) props.sampleRetention().toHours()));
  }

  private static ResponseEntity<OperationDto> accepted(io.granary.operations.Operation op) {
    return ResponseEntity.status(HttpStatus.ACCEPTED).location(URI.create("/api/v1/operations/" + op.id()))
        .body(OperationDtos.dto(op));
  }

  static TablesService.AlterRequest alter(AlterTableRequestDto b) {
    return new TablesService.AlterRequest(families(b.getFamilies()), settings(b.getSettings()),
        Boolean.TRUE.equals(b.getWriteHeavy()), Boolean.TRUE.equals(b.getRandomReads()), b.getConfirm());
  }

  static List<TablesService.FamilyRequest> families(List<FamilySpecDto> families) {
    return families == null ? List.of() : families.stream().map(f -> new TablesService.FamilyRequest(f.getName(),
        f.getCompression(), f.getBloomFilter(), f.getBlockSizeBytes(), f.getDataBlockEncoding(), f.getTtl(),
        f.getMinVersions(), f.getMaxVersions(), f.getInMemory(), f.getBlockCacheEnabled())).toList();
  }

  static TableSpec.Settings settings(TableSettingsDto s) {
    return s == null ? TableSpec.Settings.DEFAULTS : new TableSpec.Settings(s.getMaxFileSizeBytes(),
        s.getMemstoreFlushSizeBytes(), s.getDurability() == null ? null : s.getDurability().getValue(),
        s.getCompactionEnabled(), s.getSplitPolicy());
  }

  @Override
  public ResponseEntity<TablePreviewDto> previewTable(Long clusterId, CreateTableRequestDto body) {
    TablesService.Plan p = service.plan(clusterId, request(body));
    return ResponseEntity.ok(new TablePreviewDto(p.spec().splitKeys().stream().map(RowKeys::toStringBinary).toList(),
        p.preview().regions().stream().map(r -> new PreviewRegionDto(r.startKey(), r.endKey(), r.count())).toList(),
        lint(p.lint()), p.messages(), p.shellCommand())
        .samples(p.preview().samples()).maxPerRegion(p.preview().max()).meanPerRegion(p.preview().mean())
        .maxOverMean(p.preview().maxOverMean()));
  }

  @Override
  public ResponseEntity<CreateTableResponseDto> createTable(Long clusterId, CreateTableRequestDto body) {
    TablesService.Created c = service.create(clusterId, request(body), CurrentUser.name());
    return ResponseEntity.status(HttpStatus.ACCEPTED)
        .location(URI.create("/api/v1/operations/" + c.operation().id()))
        .body(new CreateTableResponseDto(OperationDtos.dto(c.operation()), lint(c.plan().lint()),
            c.plan().shellCommand()).messages(c.plan().messages()));
  }

  @Override
  public ResponseEntity<TableDetailDto> getTable(Long clusterId, String table) {
    TableState st = service.describe(clusterId, table);
    TableSpec.Settings s = st.spec().settings();
    String name = st.spec().name();
    TableCatalog.Table cached = browser.catalog(clusterId).table(name);
    TableDetailDto dto = new TableDetailDto(name, TableNames.namespaceOf(name),
        st.enabled(), st.spec().families().stream().map(TablesController::family).toList(), st.regions().size())
        .settings(new TableSettingsDto().maxFileSizeBytes(s.maxFileSizeBytes())
            .memstoreFlushSizeBytes(s.memstoreFlushSizeBytes())
            .durability(s.durability() == null ? null : TableSettingsDto.DurabilityEnum.fromValue(s.durability()))
            .compactionEnabled(s.compactionEnabled()).splitPolicy(s.splitPolicy()))
        .describeCommand("describe '" + name + "'");
    if (cached != null) {
      dto.sizeBytes(cached.sizeBytes()).memstoreBytes(cached.memstoreBytes()).storeFiles(cached.storeFiles())
          .readRequestsPerSecond(cached.readsPerSecond()).writeRequestsPerSecond(cached.writesPerSecond());
    }
    return ResponseEntity.ok(dto);
  }

  static FamilySpecDto family(TableSpec.Family f) {
    return new FamilySpecDto(f.name()).compression(f.compression()).bloomFilter(f.bloomFilter())
        .blockSizeBytes(f.blockSizeBytes()).dataBlockEncoding(f.dataBlockEncoding())
        .ttl(f.ttlSeconds() == Integer.MAX_VALUE ? "FOREVER" : Integer.toString(f.ttlSeconds()))
        .minVersions(f.minVersions()).maxVersions(f.maxVersions()).inMemory(f.inMemory())
        .blockCacheEnabled(f.blockCacheEnabled());
  }

  static List<LintFindingDto> lint(List<LintFinding> findings) {
    return findings.stream().map(f -> new LintFindingDto(f.code().name(),
        LintFindingDto.SeverityEnum.fromValue(f.severity().name()), f.message())).toList();
  }

  static TablesService.CreateRequest request(CreateTableRequestDto b) {
    var split = b.getSplit();
    return new TablesService.CreateRequest(b.getName(), families(b.getFamilies()), settings(b.getSettings()),
        new TablesService.SplitRequest(split.getStrategy().getValue(),
            split.getAlgorithm() == null ? null : split.getAlgorithm().getValue(), split.getNumRegions(),
            split.getFirstRow(), split.getLastRow(), split.getKeys(), split.getSaltBuckets()),
        b.getSamplePattern() == null ? null : b.getSamplePattern().getValue(), b.getSampleCount(), b.getSampleKeys(),
        Boolean.TRUE.equals(b.getWriteHeavy()), Boolean.TRUE.equals(b.getRandomReads()));
  }
}
