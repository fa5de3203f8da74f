import type { EcPolicy } from '../../../api/types';
import { Button, ErrorMessage, ShellCommand } from '../../../ui';
import { usePolicyAction } from '../api';
import { policyAction, policyActionShell } from '../ecModel';

const VERB = { enable: 'Enable', disable: 'Disable' } as const;

/**
 * Enable a disabled policy or disable an enabled one, with its `hdfs ec` line; a refusal (e.g.
 * the topology cannot hold a stripe) is shown right under the button. Render only for ADMIN.
 */
export function PolicyActions({ clusterId, policy }: { clusterId: number; policy: EcPolicy }) {
  const mutation = usePolicyAction(clusterId, policy.name);
  const action = policyAction(policy.state);
  if (!action) return null;
  return (
    <div className="stack" data-testid="ec-policy-actions">
      <div className="row">
        <Button
          size="sm"
          variant={action === 'enable' ? 'primary' : 'secondary'}
          busy={mutation.isPending}
          aria-label={`${VERB[action]} ${policy.name}`}
          onClick={() => mutation.mutate(action)}
        >
          {VERB[action]}
        </Button>
      </div>
      <ShellCommand command={policyActionShell(policy, action)} />
      <ErrorMessage error={mutation.error} title={`Could not ${action} ${policy.name}`} />
    </div>
  );
}
