import type { CreatedApiToken } from '../../../api/types';
import { Button, CopyButton, ShellCommand } from '../../../ui';

/** The token secret, shown once right after creation. */
export function NewTokenSecret({
  token,
  onDismiss,
}: {
  token: CreatedApiToken;
  onDismiss: () => void;
}) {
  return (
    <div className="secret-box" role="status" data-testid="token-secret">
      <strong>Token “{token.name}” created.</strong> Copy the secret now: it is not shown again.
      <div className="secret-value">
        <code data-testid="token-secret-value">{token.secret}</code>
        <CopyButton text={token.secret} label="Copy token secret" />
        <Button size="sm" onClick={onDismiss}>
          Done
        </Button>
      </div>
      <ShellCommand
        label="Use it"
        command={`curl -sS -H "Authorization: Bearer $GRANARY_TOKEN" "$GRANARY_URL/api/v1/clusters"`}
      />
    </div>
  );
}
