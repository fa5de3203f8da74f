package io.granary.audit;

import static io.granary.shared.web.Dtos.instant;
import static io.granary.shared.web.Dtos.time;

import io.granary.api.AuditApi;
import io.granary.api.model.AuditEntryDto;
import io.granary.api.model.AuditPageDto;
import io.granary.api.model.AuditResultDto;
import java.time.OffsetDateTime;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.RestController;

@RestController
public class AuditController implements AuditApi {
  private final AuditService service;

  public AuditController(AuditService service) {
    this.service = service;
  }

  @Override
  public ResponseEntity<AuditPageDto> listAudit(String username, String action, AuditResultDto result,
      OffsetDateTime from, OffsetDateTime to, Integer page, Integer size) {
    int p = page == null ? 0 : page;
    int s = size == null ? 50 : size;
    AuditService.Page found = service.find(new AuditRepository.Query(username, action,
        result == null ? null : AuditResult.valueOf(result.getValue()), instant(from), instant(to), p, s));
    return ResponseEntity.ok(new AuditPageDto(found.items().stream().map(e ->
            new AuditEntryDto(e.id(), time(e.at()), e.username(), e.action(), e.target(),
                AuditResultDto.fromValue(e.result().name()))
                .status(e.status()).detail(e.detail()).remoteAddress(e.remoteAddress()))
        .toList(), p, s, found.total()));
  }
}
