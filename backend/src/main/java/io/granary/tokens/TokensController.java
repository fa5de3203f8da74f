package io.granary.tokens;

import static io.granary.shared.web.Dtos.time;

import io.granary.api.TokensApi;
import io.granary.api.model.ApiTokenDto;
import io.granary.api.model.CreateTokenRequestDto;
import io.granary.api.model.CreatedApiTokenDto;
import io.granary.shared.web.CurrentUser;
import java.net.URI;
import java.util.List;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.RestController;

@RestController
public class TokensController implements TokensApi {
  private final TokensService service;

  public TokensController(TokensService service) {
    this.service = service;
  }

  @Override
  public ResponseEntity<List<ApiTokenDto>> listTokens() {
    return ResponseEntity.ok(service.list(CurrentUser.name()).stream()
        .map(t -> new ApiTokenDto(t.id(), t.name(), time(t.createdAt())).lastUsedAt(time(t.lastUsedAt())))
        .toList());
  }

  @Override
  public ResponseEntity<CreatedApiTokenDto> createToken(CreateTokenRequestDto body) {
    TokensService.Created c = service.create(CurrentUser.name(), body.getName());
    return ResponseEntity.created(URI.create("/api/v1/tokens/" + c.token().id()))
        .body(new CreatedApiTokenDto(c.token().id(), c.token().name(), time(c.token().createdAt()), c.secret()));
  }

  @Override
  public ResponseEntity<Void> deleteToken(Long tokenId) {
    service.delete(CurrentUser.name(), tokenId);
    return ResponseEntity.noContent().build();
  }
}
