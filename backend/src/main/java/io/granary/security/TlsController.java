package io.granary.security;

import io.granary.api.TlsApi;
import io.granary.api.model.TlsInfoDto;
import java.time.ZoneOffset;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.RestController;

@RestController
public class TlsController implements TlsApi {
  private final ConsoleTls tls;

  public TlsController(ConsoleTls tls) {
    this.tls = tls;
  }

  @Override
  public ResponseEntity<TlsInfoDto> getTls() {
    ConsoleTls.Info i = tls.info();
    return ResponseEntity.ok(new TlsInfoDto(TlsInfoDto.ModeEnum.fromValue(i.mode()), i.enabled(), i.httpPort(),
        i.subjectAltNames()).httpsPort(i.httpsPort()).subject(i.subject()).issuer(i.issuer())
        .notAfter(i.notAfter() == null ? null : i.notAfter().atOffset(ZoneOffset.UTC)).sha256(i.sha256()));
  }
}
