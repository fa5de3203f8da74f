import type { EcConversionState, EcPolicyState } from '../../../api/types';
import { Badge } from '../../../ui';
import { CONVERSION_STATE_TONE, POLICY_STATE_TONE } from '../ecModel';

export function PolicyStateBadge({ state }: { state: EcPolicyState }) {
  return (
    <Badge tone={POLICY_STATE_TONE[state]} data-testid="ec-policy-state" data-state={state}>
      {state}
    </Badge>
  );
}

export function ConversionStateBadge({
  state,
  testId,
}: {
  state: EcConversionState;
  testId?: string;
}) {
  return (
    <Badge tone={CONVERSION_STATE_TONE[state]} data-testid={testId} data-state={state}>
      {state}
    </Badge>
  );
}

/** HBase's WAL, MasterData and oldWALs directories and their parents: no EC there. */
export function ProtectedBadge() {
  return (
    <Badge
      tone="warn"
      data-testid="ec-protected"
      title="HBase write-ahead logs and master data must stay replicated"
    >
      protected
    </Badge>
  );
}
