package io.granary.tables;

import io.granary.api.TablesApi;
import io.granary.api.model.CreateTableRequestDto;
import io.granary.api.model.CreateTableResponseDto;
import io.granary.api.model.FamilySpecDto;
import io.granary.api.model.LintFindingDto;
import io.granary.api.model.PreviewRegionDto;
import io.granary.api.model.RegionInfoDto;
import io.granary.api.model.TableDetailDto;
import io.granary.api.model.TablePreviewDto;
import io.granary.api.model.TableSettingsDto;
import io.granary.api.model.TableSummaryDto;
import io.granary.engine.TableSpec;
import io.granary.engine.TableState;
import io.granary.operations.OperationDtos;
import io.granary.shared.web.CurrentUser;
import io.granary.tables.design.LintFinding;
import io.granary.tables.keys.RowKeys;
import java.net.URI;
import java.util.List;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.RestController;

@RestController
public class TablesController implements TablesApi {
  private final TablesService service;

  public TablesController(TablesService service) {
    this.service = service;
  }

  @Override
  public ResponseEntity<List<TableSummaryDto>> listTables(Long clusterId, String namespace) {
    return ResponseEntity.ok(service.list(clusterId, namespace).stream()
        .map(t -> new TableSummaryDto(t.name(), t.namespace(), t.enabled(), t.regionCount())).toList());
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
    return ResponseEntity.ok(new TableDetailDto(st.spec().name(), st.enabled(),
        st.spec().families().stream().map(TablesController::family).toList(),
        st.regions().stream().map(r -> new RegionInfoDto(r.name(), RowKeys.toStringBinary(r.startKey()),
            RowKeys.toStringBinary(r.endKey())).server(r.server())).toList())
        .settings(new TableSettingsDto().maxFileSizeBytes(s.maxFileSizeBytes())
            .memstoreFlushSizeBytes(s.memstoreFlushSizeBytes())
            .durability(s.durability() == null ? null : TableSettingsDto.DurabilityEnum.fromValue(s.durability()))
            .compactionEnabled(s.compactionEnabled()).splitPolicy(s.splitPolicy())));
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
    TableSettingsDto s = b.getSettings();
    TableSpec.Settings settings = s == null ? TableSpec.Settings.DEFAULTS : new TableSpec.Settings(
        s.getMaxFileSizeBytes(), s.getMemstoreFlushSizeBytes(),
        s.getDurability() == null ? null : s.getDurability().getValue(), s.getCompactionEnabled(), s.getSplitPolicy());
    var split = b.getSplit();
    return new TablesService.CreateRequest(b.getName(),
        b.getFamilies().stream().map(f -> new TablesService.FamilyRequest(f.getName(), f.getCompression(),
            f.getBloomFilter(), f.getBlockSizeBytes(), f.getDataBlockEncoding(), f.getTtl(), f.getMinVersions(),
            f.getMaxVersions(), f.getInMemory(), f.getBlockCacheEnabled())).toList(),
        settings,
        new TablesService.SplitRequest(split.getStrategy().getValue(),
            split.getAlgorithm() == null ? null : split.getAlgorithm().getValue(), split.getNumRegions(),
            split.getFirstRow(), split.getLastRow(), split.getKeys(), split.getSaltBuckets()),
        b.getSamplePattern() == null ? null : b.getSamplePattern().getValue(), b.getSampleCount(), b.getSampleKeys(),
        Boolean.TRUE.equals(b.getWriteHeavy()), Boolean.TRUE.equals(b.getRandomReads()));
  }
}
