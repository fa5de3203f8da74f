import type { ConfigSource, ProvisioningRunState } from '../../../api/types';
import { Badge } from '../../../ui';
import { SOURCE_LABEL, SOURCE_TONE } from '../planModel';
import { RUN_STATE_TONE, taskTone } from '../runModel';

export function RunStateBadge({ state, testId }: { state: ProvisioningRunState; testId?: string }) {
  return (
    <Badge tone={RUN_STATE_TONE[state]} data-testid={testId} data-state={state}>
      {state}
    </Badge>
  );
}

export function TaskStatusBadge({ status }: { status: string }) {
  return (
    <Badge tone={taskTone(status)} data-testid="prov-task-status">
      {status}
    </Badge>
  );
}

/** Where a config value comes from; a sizing rule's text is shown by the caller. */
export function SourceBadge({ source }: { source: ConfigSource }) {
  return (
    <Badge tone={SOURCE_TONE[source]} data-testid="prov-source" data-source={source}>
      {SOURCE_LABEL[source]}
    </Badge>
  );
}

/** Whether Granary reached the host's SSH port when it was added, with what it saw. */
export function ReachableBadge({ reachable, message }: { reachable: boolean; message?: string }) {
  return (
    <Badge
      tone={reachable ? 'ok' : 'bad'}
      title={message}
      data-testid="host-reachable"
      data-reachable={reachable}
    >
      {reachable ? 'reachable' : 'unreachable'}
    </Badge>
  );
}
